// Heatmap: draws a matrix into a texture with the shaders in shaders/heatmap.{vert,frag}, and shows it as an
// ImGui image with hover read-out. It knows nothing about attention: it takes plain numbers and a colormap.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/ui/gl.h"

namespace attnlab::gfx {

enum class Colormap : int { Sequential = 0, Diverging = 1 };

// One GPU program shared by every heatmap. Created on first use (needs a current GL context).
class HeatmapProgram {
 public:
  static HeatmapProgram& get();
  GLuint program = 0, vao = 0;
  GLint u_data = -1, u_range = -1, u_colormap = -1, u_cells = -1, u_pixels = -1, u_highlight = -1, u_view = -1;
  std::string error;   // non-empty if the shaders failed to compile or link
  int generation = 0;  // gl_generation() it was made in (gl.h)

 private:
  HeatmapProgram();
};

struct HeatmapStyle {
  Colormap colormap = Colormap::Sequential;
  float lo = 0.0f, hi = 1.0f;  // value range (diverging: symmetric around 0 using max |lo|,|hi|)
};

// Result of drawing: which cell the mouse is over (row/col = -1 if none), and whether it was clicked (pressed
// and released on the heatmap without dragging: a drag pans a zoomed heatmap or scrolls the panel).
struct HeatmapHover {
  int row = -1, col = -1;
  float value = 0.0f;
  bool clicked = false;
};

// How far one view's heatmaps are zoomed in, and where: the shown part of the matrix is a square of side
// 1/zoom (in fractions of the whole) centred at (cx, cy). Per view and per session, not saved in the URL.
struct HeatmapZoom {
  static constexpr float max_zoom = 16.0f;
  float zoom = 1.0f;                      // 1 = the whole matrix
  float cx = 0.5f, cy = 0.5f;             // centre of the shown part, in [0.5/zoom, 1 - 0.5/zoom]
  ImVec4 view() const;                    // (u0, v0, u1, v1) of the shown part
  void clamp();                           // keeps zoom in [1, max_zoom] and the shown part inside the matrix
  void zoom_at(float factor, ImVec2 at);  // zoom by `factor` keeping the point `at` (fractions of the
                                          // heatmap's rectangle on screen, 0..1) where it is
  void pan(ImVec2 by);                    // move the content by `by` (fractions of the heatmap's rectangle)
  void reset() { *this = HeatmapZoom{}; }
};

class Heatmap {
 public:
  Heatmap() = default;
  Heatmap(const Heatmap&) = delete;
  Heatmap& operator=(const Heatmap&) = delete;
  ~Heatmap();

  // data: row-major (rows, cols). Uploads only when the numbers, size or style changed.
  // Draws an ImGui::Image of size `size` (pixels) at the cursor showing the part `view` (u0, v0, u1, v1) of the
  // matrix (all of it by default), and returns what the mouse hovers; with no mouse over it, the cell the
  // keyboard is on (key_row, key_col; -1: none) is shown and returned as hovered.
  HeatmapHover draw(const float* data, int rows, int cols, ImVec2 size, const HeatmapStyle& style,
                    ImVec4 view = ImVec4(0, 0, 1, 1), int key_row = -1, int key_col = -1);

 private:
  void ensure_targets(int rows, int cols, int w, int h);
  void render(const HeatmapStyle& style, int hover_row, int hover_col, ImVec4 view);

  GLuint data_tex_ = 0, color_tex_ = 0, fbo_ = 0;
  int generation_ = 0;  // gl_generation() the three were made in
  int rows_ = 0, cols_ = 0, w_ = 0, h_ = 0;
  std::vector<float> last_;
  HeatmapStyle last_style_{};
  int last_hover_row_ = -2, last_hover_col_ = -2;
  ImVec4 last_view_{0, 0, 1, 1};
};

}  // namespace attnlab::gfx
