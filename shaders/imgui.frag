// Dear ImGui's pixels: the vertex colour times the texture (the font atlas keeps a white texel for plain shapes).
in vec2 v_uv;
in vec4 v_colour;
out vec4 frag_color;

uniform sampler2D u_texture;

void main() {
  frag_color = v_colour * texture(u_texture, v_uv);
}
