#include "web/ui/heatmap.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

namespace attnlab::gfx {

static long long g_texture_writes = 0;
long long texture_writes() { return g_texture_writes; }

HeatmapProgram& HeatmapProgram::get() {
  static std::unique_ptr<HeatmapProgram> p;
  if (!p || p->generation != gl_generation()) p.reset(new HeatmapProgram());  // the old one went with its context
  return *p;
}

HeatmapProgram::HeatmapProgram() : generation(gl_generation()) {
  program = link_program("heatmap.vert", "heatmap.frag", error);
  if (!program) {
    std::fprintf(stderr, "attnlab: heatmap shader: %s\n", error.c_str());
    return;
  }
  u_data = glGetUniformLocation(program, "u_data");
  u_range = glGetUniformLocation(program, "u_range");
  u_colormap = glGetUniformLocation(program, "u_colormap");
  u_cells = glGetUniformLocation(program, "u_cells");
  u_pixels = glGetUniformLocation(program, "u_pixels");
  u_highlight = glGetUniformLocation(program, "u_highlight");
  u_view = glGetUniformLocation(program, "u_view");
  glGenVertexArrays(1, &vao);  // core profile needs a bound VAO even with no attributes
}

Heatmap::~Heatmap() {
  if (generation_ != gl_generation()) return;  // made in a context that is gone: nothing left to delete
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
  if (color_tex_) glDeleteTextures(1, &color_tex_);
  if (data_tex_) glDeleteTextures(1, &data_tex_);
}

void Heatmap::ensure_targets(int rows, int cols, int w, int h) {
  if (!data_tex_) {
    glGenTextures(1, &data_tex_);
    glBindTexture(GL_TEXTURE_2D, data_tex_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  if (rows != rows_ || cols != cols_) {
    glBindTexture(GL_TEXTURE_2D, data_tex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, cols, rows, 0, GL_RED, GL_FLOAT, nullptr);
    rows_ = rows;
    cols_ = cols;
  }
  if (!fbo_ || w != w_ || h != h_) {
    if (!color_tex_) glGenTextures(1, &color_tex_);
    glBindTexture(GL_TEXTURE_2D, color_tex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    if (!fbo_) glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_tex_, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    w_ = w;
    h_ = h;
    last_hover_row_ = -2;  // force a re-render into the new texture
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

void Heatmap::render(const HeatmapStyle& style, int hover_row, int hover_col, ImVec4 view) {
  const HeatmapProgram& p = HeatmapProgram::get();
  if (!p.program) return;
  ++g_texture_writes;
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glViewport(0, 0, w_, h_);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glUseProgram(p.program);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, data_tex_);
  glUniform1i(p.u_data, 0);
  glUniform2f(p.u_range, style.lo, style.hi);
  glUniform1i(p.u_colormap, static_cast<int>(style.colormap));
  glUniform2f(p.u_cells, static_cast<float>(cols_), static_cast<float>(rows_));
  glUniform2f(p.u_pixels, static_cast<float>(w_), static_cast<float>(h_));
  glUniform4f(p.u_highlight, static_cast<float>(hover_col), static_cast<float>(hover_row), hover_row >= 0 ? 1.0f : 0.0f,
              0.0f);
  glUniform4f(p.u_view, view.x, view.y, view.z, view.w);
  glBindVertexArray(p.vao);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glUseProgram(0);
  glBindTexture(GL_TEXTURE_2D, 0);

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

ImVec4 HeatmapZoom::view() const {
  const float half = 0.5f / zoom;
  return ImVec4(cx - half, cy - half, cx + half, cy + half);
}

void HeatmapZoom::clamp() {
  if (!std::isfinite(zoom) || !std::isfinite(cx) || !std::isfinite(cy)) reset();
  zoom = std::clamp(zoom, 1.0f, max_zoom);
  const float half = 0.5f / zoom;
  cx = std::clamp(cx, half, 1.0f - half);
  cy = std::clamp(cy, half, 1.0f - half);
}

void HeatmapZoom::zoom_at(float factor, ImVec2 at) {
  const ImVec4 v = view();
  // the matrix point under `at` stays under it: u = u0 + at·(1/zoom) before and after
  const float u = v.x + at.x / zoom, w = v.y + at.y / zoom;
  zoom = std::clamp(zoom * factor, 1.0f, max_zoom);
  cx = u - at.x / zoom + 0.5f / zoom;
  cy = w - at.y / zoom + 0.5f / zoom;
  clamp();
}

void HeatmapZoom::pan(ImVec2 by) {
  cx -= by.x / zoom;
  cy -= by.y / zoom;
  clamp();
}

HeatmapHover Heatmap::draw(const float* data, int rows, int cols, ImVec2 size, const HeatmapStyle& style, ImVec4 view,
                           int key_row, int key_col) {
  HeatmapHover hover;
  if (rows <= 0 || cols <= 0 || size.x < 1 || size.y < 1) {
    ImGui::Dummy(size);
    return hover;
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x > 0 ? ImGui::GetIO().DisplayFramebufferScale.x : 1.0f;
  const int w = std::max(1, static_cast<int>(std::lround(size.x * scale)));
  const int h = std::max(1, static_cast<int>(std::lround(size.y * scale)));

  // What cell is the mouse over? (row 0 at the top, as in a printed matrix)
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (ImGui::IsWindowHovered() && mouse.x >= origin.x && mouse.y >= origin.y && mouse.x < origin.x + size.x &&
      mouse.y < origin.y + size.y) {
    // the fraction of the whole matrix under the mouse, through the shown part `view`
    const float u = view.x + (mouse.x - origin.x) / size.x * (view.z - view.x);
    const float v = view.y + (mouse.y - origin.y) / size.y * (view.w - view.y);
    hover.col = std::clamp(static_cast<int>(u * static_cast<float>(cols)), 0, cols - 1);
    hover.row = std::clamp(static_cast<int>(v * static_cast<float>(rows)), 0, rows - 1);
    hover.value = data[static_cast<std::size_t>(hover.row) * cols + hover.col];
  } else if (key_row >= 0 && key_row < rows && key_col >= 0 && key_col < cols) {
    hover.row = key_row;
    hover.col = key_col;
    hover.value = data[static_cast<std::size_t>(key_row) * cols + key_col];
  }

  if (generation_ != gl_generation()) {  // the context was lost and given back: make and upload everything again
    data_tex_ = color_tex_ = fbo_ = 0;
    rows_ = cols_ = w_ = h_ = 0;
    last_.clear();
    generation_ = gl_generation();
  }
  const std::size_t n = static_cast<std::size_t>(rows) * cols;
  const bool shape_changed = rows != rows_ || cols != cols_;
  ensure_targets(rows, cols, w, h);
  const bool data_changed =
      shape_changed || last_.size() != n || std::memcmp(last_.data(), data, n * sizeof(float)) != 0;
  if (data_changed) {
    last_.assign(data, data + n);
    glBindTexture(GL_TEXTURE_2D, data_tex_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, cols, rows, GL_RED, GL_FLOAT, data);
    glBindTexture(GL_TEXTURE_2D, 0);
  }
  const bool style_changed =
      style.colormap != last_style_.colormap || style.lo != last_style_.lo || style.hi != last_style_.hi;
  const bool view_changed =
      view.x != last_view_.x || view.y != last_view_.y || view.z != last_view_.z || view.w != last_view_.w;
  if (data_changed || style_changed || view_changed || hover.row != last_hover_row_ || hover.col != last_hover_col_) {
    render(style, hover.row, hover.col, view);
    last_view_ = view;
    last_style_ = style;
    last_hover_row_ = hover.row;
    last_hover_col_ = hover.col;
  }
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(color_tex_)), size);
  return hover;
}

}  // namespace attnlab::gfx
