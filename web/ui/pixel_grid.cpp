#include "web/ui/pixel_grid.h"

#include <algorithm>
#include <cmath>

#include <string>
#include <utility>

#include "imgui_internal.h"  // IMGUI_TEST_ENGINE_ITEM_INFO: the grid's label for the browser tests' hook
#include "web/ui/style.h"

namespace attnlab::ui {

namespace {

float device_scale() {
  const float s = ImGui::GetIO().DisplayFramebufferScale.x;
  return s > 0 ? s : 1.0f;
}

// A coordinate on the nearest device pixel's edge.
float snap(float v, float scale) { return std::round(v * scale) / scale; }

}  // namespace

ImVec2 GridArea::cell_min(int i) const {
  return ImVec2(origin.x + cell * static_cast<float>(i % std::max(w, 1)),
                origin.y + cell * static_cast<float>(i / std::max(w, 1)));
}

ImVec2 GridArea::cell_max(int i) const {
  const ImVec2 a = cell_min(i);
  return ImVec2(a.x + cell, a.y + cell);
}

float GridCell(int w, int h, float max_side) {
  const float scale = device_scale();
  const float device = std::floor(max_side * scale / static_cast<float>(std::max({w, h, 1})));
  return std::max(1.0f, device) / scale;
}

GridArea PixelGrid(const char* id, const std::vector<ImU32>& colours, int w, int h, float cell) {
  GridArea grid;
  grid.w = w;
  grid.h = h;
  grid.cell = cell;
  const float scale = device_scale();
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  grid.origin = ImVec2(snap(cursor.x, scale), snap(cursor.y, scale));
  const ImVec2 size = grid.size();
  ImGui::SetCursorScreenPos(grid.origin);
  const bool released = ImGui::InvisibleButton(id, ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  {
    ImGuiContext& g = *ImGui::GetCurrentContext();           // the macro's name for it
    IMGUI_TEST_ENGINE_ITEM_INFO(ImGui::GetItemID(), id, 0);  // tests find the grid by its label
    (void)g;
  }
  grid.id = ImGui::GetItemID();
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered()) {
    const int c = static_cast<int>(std::floor((io.MousePos.x - grid.origin.x) / cell));
    const int r = static_cast<int>(std::floor((io.MousePos.y - grid.origin.y) / cell));
    if (c >= 0 && c < w && r >= 0 && r < h) grid.hovered = r * w + c;
  }
  grid.clicked =
      released && grid.hovered >= 0 && io.MouseDragMaxDistanceSqr[0] < io.MouseDragThreshold * io.MouseDragThreshold;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < w * h && i < static_cast<int>(colours.size()); ++i)
    dl->AddRectFilled(grid.cell_min(i), grid.cell_max(i), colours[static_cast<std::size_t>(i)]);
  const float px = 1.0f / scale;
  dl->AddRect(ImVec2(grid.origin.x - px, grid.origin.y - px),
              ImVec2(grid.origin.x + size.x + px, grid.origin.y + size.y + px), IM_COL32(90, 96, 110, 255), 0.0f, 0,
              px);
  return grid;
}

void MirrorGrid(GridArea& g, a11y::Table table) {
  table.rows = g.h;
  table.cols = g.w;
  if (table.row_labels.empty())
    for (int r = 0; r < g.h; ++r) table.row_labels.push_back(std::to_string(r));
  if (table.col_labels.empty())
    for (int c = 0; c < g.w; ++c) table.col_labels.push_back(std::to_string(c));
  const ImVec2 size = g.size();
  a11y::NoteTable(g.id, g.origin, ImVec2(g.origin.x + size.x, g.origin.y + size.y), std::move(table));
  int r = -1, c = -1;
  const bool enter = a11y::GridCell(g.id, &r, &c);
  if (r < 0 || r >= g.h || c < 0 || c >= g.w) return;
  const int i = r * g.w + c;
  OutlineCell(g, i, ImGui::GetColorU32(kFocusRing));
  if (g.hovered < 0 || enter) {
    g.hovered = i;
    a11y::TooltipBeside(g.cell_min(i), g.cell_max(i));
  }
  if (enter) g.clicked = true;
}

void OutlineCell(const GridArea& g, int i, ImU32 colour, float thickness) {
  if (i < 0 || i >= g.w * g.h) return;
  const ImVec2 a = g.cell_min(i), b = g.cell_max(i);
  const float t = std::min(thickness, std::max(1.0f, g.cell * 0.3f));
  ImGui::GetWindowDrawList()->AddRect(ImVec2(a.x + t * 0.5f, a.y + t * 0.5f), ImVec2(b.x - t * 0.5f, b.y - t * 0.5f),
                                      colour, 0.0f, 0, t);
}

void CrossCell(const GridArea& g, int i, ImU32 colour) {
  if (i < 0 || i >= g.w * g.h) return;
  const ImVec2 a = g.cell_min(i), b = g.cell_max(i);
  const float m = g.cell * 0.2f, t = std::max(1.0f, g.cell * 0.12f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddLine(ImVec2(a.x + m, a.y + m), ImVec2(b.x - m, b.y - m), colour, t);
  dl->AddLine(ImVec2(a.x + m, b.y - m), ImVec2(b.x - m, a.y + m), colour, t);
}

void Swatch(ImU32 colour, const char* name) {
  const float s = ImGui::GetTextLineHeight() * 0.8f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float dy = (ImGui::GetTextLineHeight() - s) * 0.5f;
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + dy), ImVec2(p.x + s, p.y + dy + s), colour);
  ImGui::Dummy(ImVec2(s, ImGui::GetTextLineHeight()));
  ImGui::SameLine(0, 4);
  ImGui::TextUnformatted(name);
}

std::vector<ImU32> RgbColours(const std::vector<float>& rgb, int n) {
  std::vector<ImU32> out(static_cast<std::size_t>(std::max(n, 0)), IM_COL32(0, 0, 0, 255));
  for (int i = 0; i < n && 3 * i + 2 < static_cast<int>(rgb.size()); ++i) {
    auto c = [&](int k) {
      const float v = std::clamp(rgb[static_cast<std::size_t>(3 * i + k)], 0.0f, 1.0f);
      return static_cast<int>(std::lround(v * 255.0f));
    };
    out[static_cast<std::size_t>(i)] = IM_COL32(c(0), c(1), c(2), 255);
  }
  return out;
}

}  // namespace attnlab::ui
