// Heatmap: one texel of u_data per matrix cell, coloured by a colormap; NaN cells are hatched grey.
//   u_colormap 0 = sequential (viridis) for values in [lo, hi], e.g. attention weights α' in [0, 1]
//   u_colormap 1 = diverging (blue-white-red) centred at 0 for signed values such as PE, Q, K
in vec2 v_uv;
out vec4 frag_color;

uniform sampler2D u_data;   // R32F, (cols, rows), NEAREST: every cell is one flat colour
uniform vec2 u_range;       // (lo, hi): sequential maps lo..hi to 0..1; diverging maps ±max(|lo|,|hi|)
uniform int u_colormap;
uniform vec2 u_cells;       // (cols, rows)
uniform vec2 u_pixels;      // texture size in pixels, for cell borders
uniform vec4 u_highlight;   // (col, row, on, 0): outline one cell (the hovered one)
uniform vec4 u_view;        // (u0, v0, u1, v1): the part of the matrix shown, (0, 0, 1, 1) = all of it (zoom)

// Polynomial fit of matplotlib's viridis (perceptually uniform, readable in grey and for colour-blind users).
vec3 viridis(float t) {
  const vec3 c0 = vec3(0.2777273272234177, 0.005407344544966578, 0.3340998053353061);
  const vec3 c1 = vec3(0.1050930431085774, 1.404613529898575, 1.384590162594685);
  const vec3 c2 = vec3(-0.3308618287255563, 0.214847559468213, 0.09509516302823659);
  const vec3 c3 = vec3(-4.634230498983486, -5.799100973351585, -19.33244095627987);
  const vec3 c4 = vec3(6.228269936347081, 14.17993336680509, 56.69055260068105);
  const vec3 c5 = vec3(4.776384997670288, -13.74514537774601, -65.35303263337234);
  const vec3 c6 = vec3(-5.435455855934631, 4.645852612178535, 26.3124352495832);
  return c0 + t * (c1 + t * (c2 + t * (c3 + t * (c4 + t * (c5 + t * c6)))));
}

// Blue (negative) - near white (0) - red (positive).
vec3 diverging(float s) {
  const vec3 neg = vec3(0.19, 0.39, 0.75);
  const vec3 mid = vec3(0.96, 0.96, 0.95);
  const vec3 pos = vec3(0.80, 0.22, 0.17);
  return s < 0.0 ? mix(mid, neg, -s) : mix(mid, pos, s);
}

void main() {
  vec2 uv = mix(u_view.xy, u_view.zw, v_uv);  // where in the whole matrix this pixel is
  vec2 cell = min(floor(uv * u_cells), u_cells - 1.0);
  float value = texture(u_data, (cell + 0.5) / u_cells).r;
  vec3 rgb;
  if (isnan(value)) {
    // No value here (e.g. a position past the end of a learned table): grey diagonal hatching.
    vec2 px = v_uv * u_pixels;
    rgb = mod(floor((px.x + px.y) / 4.0), 2.0) < 1.0 ? vec3(0.30) : vec3(0.18);
  } else if (u_colormap == 0) {
    float t = clamp((value - u_range.x) / max(u_range.y - u_range.x, 1e-12), 0.0, 1.0);
    rgb = viridis(t);
  } else {
    float m = max(max(abs(u_range.x), abs(u_range.y)), 1e-12);
    rgb = diverging(clamp(value / m, -1.0, 1.0));
  }
  // Thin dark borders between cells once the cells are big enough to tell apart.
  vec2 cell_px = u_pixels / (u_cells * (u_view.zw - u_view.xy));
  vec2 in_cell = fract(uv * u_cells) * cell_px;
  if (min(cell_px.x, cell_px.y) >= 6.0 && (in_cell.x < 1.0 || in_cell.y < 1.0)) rgb *= 0.75;
  if (u_highlight.z > 0.5 && cell == u_highlight.xy &&
      (in_cell.x < 2.0 || in_cell.y < 2.0 || in_cell.x > cell_px.x - 2.0 || in_cell.y > cell_px.y - 2.0)) {
    rgb = vec3(1.0, 0.55, 0.0);
  }
  frag_color = vec4(rgb, 1.0);
}
