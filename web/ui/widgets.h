// web/ui/: drawing helpers that know nothing about attention, the engine or the App (as tensorflow/playground's
// heatmap.ts): they take plain numbers, labels and a colormap, and the panels decide what the numbers mean.
// widgets.* (this file: (?) markers, prose, labelled heatmaps, bars, vector cells, colours; its line charts and
// scatter plots are drawn in charts.cpp), a11y.*
// (Dear ImGui's widgets as the panels call them, each noted for the page's semantic mirror),
// heatmap.* (a matrix drawn by the GPU into a texture), gl.h (the GL headers of both targets), strings.h +
// strings.cpp + strings_en.inc / strings_zh.inc (every user-visible text, one table per language).
//
// May depend on: Dear ImGui and OpenGL (WebGL2 / GL 3.3) only. Nothing here includes web/app/, web/panels/
// or web/platform/, nor the engine.
#pragma once

#include <string>
#include <vector>

#include "imgui.h"
#include "web/ui/a11y.h"
#include "web/ui/heatmap.h"

namespace attnlab::ui {

// (?) marker with the idea and the formula, as in imgui_demo.cpp.
void HelpMarker(const char* text);

// `text` with line breaks where it passes `width` pixels: at spaces, and between two Chinese characters
// (Chinese has no spaces; Dear ImGui 1.86 breaks only at spaces), never before a closing mark such as ，。）
// or after an opening one. WrappedText draws it (width 0: the rest of the line), greyed if `disabled`.
std::string WrapText(const char* text, float width);
void WrappedText(const char* text, float width = 0.0f, bool disabled = false);

// A count with its digits grouped by threes: 601902 → "601,902".
std::string GroupDigits(long long n);

// Wrapped paragraph of teaching text.
void Prose(const char* text);
// A view's opening paragraph: whole, or where room is short (a small embedded frame) its first sentence with
// the rest behind a (?) marker.
void Intro(const char* text, bool compact);

// A heatmap with labelled rows (left) and columns (top), cells sized to fit `max_size`. Returns the hovered
// cell. Labels longer than the cell are shortened; the tooltip (by the caller) shows them whole.
// With a `zoom` (the view's, shared by its heatmaps) it shows the zoomed-in part: two fingers pinch over it to
// zoom, and a drag (mouse or finger) moves the zoomed-in part around; labels follow the cells shown.
gfx::HeatmapHover LabelledHeatmap(gfx::Heatmap& map, const float* data, int rows, int cols,
                                  const std::vector<std::string>& row_labels,
                                  const std::vector<std::string>& col_labels, ImVec2 max_size,
                                  const gfx::HeatmapStyle& style, bool square_cells = true,
                                  gfx::HeatmapZoom* zoom = nullptr);

// The sequential colour map's key on the current line (on the next one where it does not fit): a viridis bar from
// `lo` to `hi` and what the colour means, named ("α' (viridis: dark purple 0, yellow 1)"), so that the palette is
// said and not only shown.
void ColourKey(const char* lo, const char* hi, const char* meaning);

// A view's zoom buttons (−, +, fit) and how far it is zoomed in, on one line, with a (?) saying pinch and
// drag work too. For mouse users and small screens; the same zoom as the pinch.
void ZoomButtons(const char* id, gfx::HeatmapZoom& zoom);

// Line chart of one or more series sharing the x axis (steps). Values NaN are skipped.
struct Series {
  const char* name;
  std::vector<float> x, y;
  ImU32 colour;
};
// A horizontal reference line of a chart (the chance level), dashed, with its label at the right end.
struct ChartRule {
  float y;
  std::string label;
  ImU32 colour;
};
void LineChart(const char* id, const std::vector<Series>& series, ImVec2 size, float y_min, float y_max,
               const char* y_format = "%.2f", const std::vector<ChartRule>& rules = {});
// A dashed straight line: dashes of `dash` pixels, gaps as long.
void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float dash = 6.0f, float thickness = 1.5f);

// A horizontal bar for a value in [lo, hi] (signed values grow from 0), with the number printed on it.
void ValueBar(float value, float lo, float hi, ImVec2 size, const char* format = "%.3f");

// A vector as a row of coloured cells (diverging colours), with its values in the tooltip; for a screen reader, its
// values as a text "[0.12, -0.40, ...]" (unless `noted` is false: a caller that gives them in a table).
void VectorCells(const char* id, const float* v, int n, float range, float cell = 14.0f, bool noted = true);
// A vector's values as read: "[0.12, -0.40, 1.30]".
std::string VectorText(const float* v, int n);

// Points (x, y pairs) in a box of `size`, scaled to fit, each a dot of its colour; the hovered point (its index,
// -1 for none) is ringed and returned, so the caller can show what it is. Labels are drawn next to the first
// `labelled` points. Point `marked` (the keyboard's, -1: none) is ringed too, and returned when the mouse hovers none,
// its tooltip beside it.
int ScatterPlot(const char* id, const std::vector<float>& xy, const std::vector<ImU32>& colours,
                const std::vector<std::string>& labels, int labelled, ImVec2 size, int marked = -1);

// Colours used consistently: train (blue), dev (orange), baseline (green).
ImU32 ColourTrain();
ImU32 ColourDev();
ImU32 ColourBaseline();
ImU32 CategoryColour(int i);       // i-th of a set of distinct colours (classes, tags)
ImVec4 DivergingColour(float s);   // s in [-1, 1], same colours as the shader's diverging map
ImVec4 SequentialColour(float t);  // t in [0, 1], viridis

}  // namespace attnlab::ui
