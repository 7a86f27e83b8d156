// Dear ImGui's vertices (ImDrawVert): a position in screen pixels, a texture coordinate in the font atlas (or in a
// heatmap's texture) and a colour. The screen's pixels become clip space with one scale and offset per axis.
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_colour;  // 4 bytes, normalised to 0..1

uniform vec4 u_screen;  // (2 / width, -2 / height, offset x, offset y): pixels -> [-1, 1], y pointing down

out vec2 v_uv;
out vec4 v_colour;

void main() {
  v_uv = a_uv;
  v_colour = a_colour;
  gl_Position = vec4(a_position * u_screen.xy + u_screen.zw, 0.0, 1.0);
}
