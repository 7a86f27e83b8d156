// Full-screen triangle for drawing a heatmap into its texture. No vertex buffer: positions come from
// gl_VertexID (the loader prepends "#version 300 es" for WebGL2 or "#version 330 core" for GL 3.3).
out vec2 v_uv;  // (0,0) = first row, first column of the matrix

void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));  // (0,0) (2,0) (0,2)
  v_uv = p;
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
