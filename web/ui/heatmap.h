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
  GLint u_data = -1, u_range = -1, u_colormap = -1, u_cells = -1, u_pixels = -1, u_highlight = -1;
  std::string error;  // non-empty if the shaders failed to compile or link

 private:
  HeatmapProgram();
};

struct HeatmapStyle {
  Colormap colormap = Colormap::Sequential;
  float lo = 0.0f, hi = 1.0f;  // value range (diverging: symmetric around 0 using max |lo|,|hi|)
};

// Result of drawing: which cell the mouse is over (row/col = -1 if none).
struct HeatmapHover {
  int row = -1, col = -1;
  float value = 0.0f;
};

class Heatmap {
 public:
  Heatmap() = default;
  Heatmap(const Heatmap&) = delete;
  Heatmap& operator=(const Heatmap&) = delete;
  ~Heatmap();

  // data: row-major (rows, cols). Uploads only when the numbers, size or style changed.
  // Draws an ImGui::Image of size `size` (pixels) at the cursor and returns what the mouse hovers.
  HeatmapHover draw(const float* data, int rows, int cols, ImVec2 size, const HeatmapStyle& style);

 private:
  void ensure_targets(int rows, int cols, int w, int h);
  void render(const HeatmapStyle& style, int hover_row, int hover_col);

  GLuint data_tex_ = 0, color_tex_ = 0, fbo_ = 0;
  int rows_ = 0, cols_ = 0, w_ = 0, h_ = 0;
  std::vector<float> last_;
  HeatmapStyle last_style_{};
  int last_hover_row_ = -2, last_hover_col_ = -2;
};

}  // namespace attnlab::gfx
