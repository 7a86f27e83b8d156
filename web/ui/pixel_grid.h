// A grid of coloured squares: an image's pixels, a label map, a map of weights over an image. Drawn with ImGui's
// draw list, each square a whole number of device pixels wide (io.DisplayFramebufferScale), so it stays crisp at
// any pixel ratio. It knows nothing about images or attention: the caller gives one colour per cell.
//
// W, H = cells across and down; cell i is at row i / W, column i % W
#pragma once

#include <vector>

#include "imgui.h"
#include "web/ui/a11y.h"

namespace attnlab::ui {

// Where a grid went on screen, and what the mouse (or a finger) did with it.
struct GridArea {
  ImVec2 origin{0, 0};  // the top-left corner of cell 0, in ImGui pixels
  float cell = 0;       // a cell's side, in ImGui pixels (a whole number of device pixels)
  int w = 0, h = 0;
  int hovered = -1;      // the cell under the mouse, -1 for none
  bool clicked = false;  // pressed and released on `hovered` without dragging (a drag scrolls the panel)
  ImGuiID id = 0;        // the grid's item
  ImVec2 cell_min(int i) const;
  ImVec2 cell_max(int i) const;
  ImVec2 size() const { return ImVec2(cell * static_cast<float>(w), cell * static_cast<float>(h)); }
};

// The side of a cell that fits w × h cells in `max_side` pixels (at least one device pixel).
float GridCell(int w, int h, float max_side);

// Draws w × h cells (colours: w·h, row by row) at the cursor, `cell` pixels each (GridCell), as one item
// (an invisible button: `id` names it, and the browser tests find it by that label). A thin frame around it.
GridArea PixelGrid(const char* id, const std::vector<ImU32>& colours, int w, int h, float cell);

// The grid just drawn, for a screen reader: `table` (its cells row by row; its shape and, if it has none, its headers
// 0, 1, ... are the grid's) noted as a grid over it. The cell the keyboard is on becomes `hovered` (ringed, its
// tooltip beside it) and Enter on it `clicked`, as the mouse's would be.
void MirrorGrid(GridArea& g, a11y::Table table);

// Marks on a drawn grid: a cell's outline (a query), a cross through it (a wrong label).
void OutlineCell(const GridArea& g, int i, ImU32 colour, float thickness = 2.0f);
void CrossCell(const GridArea& g, int i, ImU32 colour);

// A colour swatch and its name, on the current line (a map's legend).
void Swatch(ImU32 colour, const char* name);

// Pixel colours from R, G, B values (clamped to 0..1), one per cell: rgb holds n·3 numbers.
std::vector<ImU32> RgbColours(const std::vector<float>& rgb, int n);

}  // namespace attnlab::ui
