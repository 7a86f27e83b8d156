#include "web/ui/widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>

#include "imgui_internal.h"  // IMGUI_TEST_ENGINE_ITEM_INFO: widget labels for the browser tests' hook
#include "web/ui/fonts.h"
#include "web/ui/strings.h"
#include "web/ui/style.h"
#include "web/ui/touch.h"

namespace attnlab::ui {

namespace {

bool closes(unsigned cp) {  // punctuation that must not start a line: it stays with the character before it
  static const unsigned list[] = {',',    '.',    ';',    ':',    '!',    '?',    ')',    ']',    '}',
                                  0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1B, 0xFF1A, 0xFF1F, 0xFF01, 0xFF09,
                                  0x300D, 0x300F, 0x201D, 0x2019, 0x300B, 0x3009, 0x3011, 0x2026};
  return std::find(std::begin(list), std::end(list), cp) != std::end(list);
}
bool opens(unsigned cp) {  // punctuation that must not end a line: it goes with the character after it
  return cp == 0xFF08 || cp == 0x300C || cp == 0x300E || cp == 0x201C || cp == 0x2018 || cp == 0x300A || cp == 0x3008 ||
         cp == 0x3010;
}

// The code point at s (UTF-8) and its length in bytes (1 for a stray byte).
unsigned decode(const char* s, int* len) {
  const auto c = static_cast<unsigned char>(s[0]);
  *len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  unsigned cp = *len == 1 ? c : c & (0x7F >> *len);
  for (int k = 1; k < *len; ++k) {
    const auto d = static_cast<unsigned char>(s[k]);
    if ((d & 0xC0) != 0x80) {
      *len = 1;
      return c;
    }
    cp = (cp << 6) | (d & 0x3F);
  }
  return cp;
}

}  // namespace

std::string WrapText(const char* text, float width) {
  // Units that may not be split: a run of non-space, non-Chinese characters (a word with its punctuation), one
  // Chinese character with the closing punctuation after it (and an opening one before it), a run of spaces.
  std::string out;
  float line = 0.0f;
  const char* s = text;
  while (*s) {
    if (*s == '\n') {
      out += '\n';
      line = 0.0f;
      ++s;
      continue;
    }
    const char* start = s;
    int len = 0;
    unsigned cp = decode(s, &len);
    const bool space = cp == ' ';
    if (space) {
      while (*s == ' ') ++s;
    } else if (needs_cjk_font(cp) || opens(cp)) {
      while (opens(cp) && s[len]) {  // （“ stay with what follows
        s += len;
        cp = decode(s, &len);
      }
      s += len;
      for (unsigned next = decode(s, &len); *s && closes(next); next = decode(s, &len)) s += len;
    } else {
      while (*s && *s != ' ' && *s != '\n') {
        cp = decode(s, &len);
        if (needs_cjk_font(cp) && !closes(cp)) break;
        s += len;
      }
    }
    const float w = ImGui::CalcTextSize(start, s).x;
    if (space) {
      if (line > 0.0f && line + w <= width) {
        out.append(start, s);
        line += w;
      }
      continue;  // a space at a line's end or start is dropped
    }
    if (line > 0.0f && line + w > width) {
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += '\n';
      line = 0.0f;
    }
    out.append(start, s);
    line += w;
  }
  return out;
}

void WrappedText(const char* text, float width, bool disabled) {
  if (width <= 0.0f) width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4);
  const std::string lines = WrapText(text, width);
  if (disabled) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width + 1.0f);  // (a unit wider than the line still wraps)
  ImGui::TextUnformatted(lines.c_str());
  a11y::NoteLastItem(a11y::Role::text, text);  // the paragraph unbroken: a screen reader wraps its own lines
  ImGui::PopTextWrapPos();
  if (disabled) ImGui::PopStyleColor();
}

void HelpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  a11y::NoteLastItem(a11y::Role::note, text);  // the help itself, read where the marker is
  if (ImGui::IsItemHovered()) {
    ui::BeginTooltip();
    WrappedText(text, ImGui::GetFontSize() * 32.0f);
    ImGui::EndTooltip();
  }
}

void Prose(const char* text) { WrappedText(text); }

void Intro(const char* text, bool compact) {
  if (!compact) {
    Prose(text);
    return;
  }
  const std::string all = text;
  // the first sentence: up to ". " or a Chinese full stop (。, 3 bytes), whichever comes first
  const std::size_t dot = all.find(". "), zh = all.find("。");
  std::size_t end = std::min(dot, zh);
  if (end == std::string::npos || end > 160) end = std::min<std::size_t>(all.size(), 80);
  else end += end == zh ? 3 : 1;
  while (end > 0 && end < all.size() && (static_cast<unsigned char>(all[end]) & 0xC0) == 0x80)
    --end;  // never cut inside a UTF-8 character
  const std::string first = all.substr(0, end);
  WrappedText(first.c_str(), 0.0f, true);
  if (first.size() < all.size()) HelpMarker(text);
}

static std::string fit_label(const std::string& s, float width) {
  if (ImGui::CalcTextSize(s.c_str()).x <= width) return s;
  std::string t = s;
  while (t.size() > 1 && ImGui::CalcTextSize((t + "…").c_str()).x > width) {
    // one whole UTF-8 character off the end: its continuation bytes, then its first byte
    while (!t.empty() && (static_cast<unsigned char>(t.back()) & 0xC0) == 0x80) t.pop_back();
    if (!t.empty()) t.pop_back();
  }
  return t.size() < s.size() ? t + "…" : t;
}

gfx::HeatmapHover LabelledHeatmap(gfx::Heatmap& map, const float* data, int rows, int cols,
                                  const std::vector<std::string>& row_labels,
                                  const std::vector<std::string>& col_labels, ImVec2 max_size,
                                  const gfx::HeatmapStyle& style, bool square_cells, gfx::HeatmapZoom* zoom) {
  const float line = ImGui::GetTextLineHeight();
  float label_w = 0;
  for (const auto& l : row_labels) label_w = std::max(label_w, ImGui::CalcTextSize(l.c_str()).x);
  label_w = std::min(label_w + 6.0f, std::max(30.0f, max_size.x * 0.25f));
  const float top = col_labels.empty() ? 0.0f : line + 4.0f;
  const float left = row_labels.empty() ? 0.0f : label_w;
  float cw = (max_size.x - left) / static_cast<float>(std::max(cols, 1));
  float ch = (max_size.y - top) / static_cast<float>(std::max(rows, 1));
  if (square_cells) cw = ch = std::max(1.0f, std::min(cw, ch));
  const ImVec2 size(std::max(1.0f, std::floor(cw * cols)), std::max(1.0f, std::floor(ch * rows)));
  if (zoom) zoom->clamp();
  const ImVec4 view = zoom ? zoom->view() : ImVec4(0, 0, 1, 1);
  // Cells as shown (zoomed in: larger), and the first row and column shown (fractions of a cell).
  const float z = zoom ? zoom->zoom : 1.0f;
  const float zcw = size.x / static_cast<float>(std::max(cols, 1)) * z;
  const float zch = size.y / static_cast<float>(std::max(rows, 1)) * z;
  const float col0 = view.x * static_cast<float>(cols), row0 = view.y * static_cast<float>(rows);

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 cells(origin.x + left, origin.y + top);  // the heatmap's top-left corner
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  if (!col_labels.empty()) {
    // Narrow cells: label every n-th column only, so labels never overlap.
    const float need = ImGui::CalcTextSize("000").x + 4;
    const int every = zcw >= need ? 1 : static_cast<int>(std::ceil(need / std::max(zcw, 1.0f)));
    const int first = std::max(0, static_cast<int>(std::floor(col0)) / every * every);
    // (a label wider than its cell may reach left of the first column, over the empty corner: not cut there)
    dl->PushClipRect(ImVec2(origin.x, origin.y), ImVec2(cells.x + size.x, cells.y), true);
    for (int j = first; j < cols && j < static_cast<int>(col_labels.size()) && j < col0 + cols / z + 1; j += every) {
      const std::string l = fit_label(col_labels[j], zcw * static_cast<float>(every) - 2);
      const float w = ImGui::CalcTextSize(l.c_str()).x;
      dl->AddText(ImVec2(cells.x + zcw * (static_cast<float>(j) - col0 + 0.5f) - w * 0.5f, origin.y), text, l.c_str());
    }
    dl->PopClipRect();
  }
  if (!row_labels.empty()) {
    const int every = zch >= line * 0.8f ? 1 : static_cast<int>(std::ceil(line / std::max(zch, 1.0f)));
    const int first = std::max(0, static_cast<int>(std::floor(row0)) / every * every);
    // (the first row's label may reach above a row lower than the text, into the corner: not cut there)
    dl->PushClipRect(ImVec2(origin.x, cells.y - line * 0.5f), ImVec2(cells.x, cells.y + size.y), true);
    for (int i = first; i < rows && i < static_cast<int>(row_labels.size()) && i < row0 + rows / z + 1; i += every) {
      const std::string l = fit_label(row_labels[i], label_w - 6);
      const float w = ImGui::CalcTextSize(l.c_str()).x;
      dl->AddText(ImVec2(cells.x - 6 - w, cells.y + zch * (static_cast<float>(i) - row0 + 0.5f) - line * 0.5f), text,
                  l.c_str());
    }
    dl->PopClipRect();
  }
  // The cells as one button: a click picks a cell (on release, and only if the mouse or finger did not drag);
  // a drag moves a zoomed-in heatmap; a pinch that began over it zooms it. The button comes first, so on the
  // frame it is released the heatmap below already sees the mouse again (no hover while it is held).
  ImGui::SetCursorScreenPos(cells);
  ImGui::PushID(&map);
  const bool released = ImGui::InvisibleButton("##cells", size);
  const bool held = ImGui::IsItemActive();
  const ImGuiID cells_id = ImGui::GetItemID();
  {
    ImGuiContext& g = *ImGui::GetCurrentContext();                  // the macro's name for it
    IMGUI_TEST_ENGINE_ITEM_INFO(ImGui::GetItemID(), "##cells", 0);  // tests find heatmaps by this label
    (void)g;
  }
  ImGui::PopID();
  ImGui::SetCursorScreenPos(cells);
  // The numbers for a screen reader: a grid over the cells, walked with the arrow keys; Enter on a cell is a click
  // on it. The cell the keyboard is on shows as hovered (its tooltip too) while the mouse is elsewhere.
  int key_row = -1, key_col = -1;
  const bool key_click = a11y::GridCell(cells_id, &key_row, &key_col);
  gfx::HeatmapHover h = map.draw(data, rows, cols, size, style, view, key_row, key_col);
  if (key_row >= 0 && h.row == key_row && h.col == key_col) {  // the caller's tooltip goes beside the keyboard's cell
    const ImVec2 c0(cells.x + (static_cast<float>(key_col) - col0) * zcw,
                    cells.y + (static_cast<float>(key_row) - row0) * zch);
    a11y::TooltipBeside(c0, ImVec2(c0.x + zcw, c0.y + zch));
  }
  const ImGuiIO& io = ImGui::GetIO();
  h.clicked = released && h.row >= 0 && io.MouseDragMaxDistanceSqr[0] < io.MouseDragThreshold * io.MouseDragThreshold;
  if (key_click && key_row < rows && key_col < cols) {
    h.row = key_row;
    h.col = key_col;
    h.value = data[static_cast<std::size_t>(key_row) * cols + key_col];
    h.clicked = true;
  }
  a11y::NoteGrid(cells_id, cells, ImVec2(cells.x + size.x, cells.y + size.y), data, rows, cols, row_labels, col_labels,
                 style.colormap == gfx::Colormap::Sequential && style.lo == 0.0f && style.hi == 1.0f);
  if (zoom) {
    Touch* touch = GetTouch();
    if (touch && touch->pinch().active) {
      const Touch::Pinch& p = touch->pinch();
      if (p.start.x >= cells.x && p.start.y >= cells.y && p.start.x < cells.x + size.x &&
          p.start.y < cells.y + size.y) {
        zoom->zoom_at(p.factor, ImVec2((p.centre.x - cells.x) / size.x, (p.centre.y - cells.y) / size.y));
        zoom->pan(ImVec2(p.pan.x / size.x, p.pan.y / size.y));
      }
    }
    if (held && zoom->zoom > 1.0f && !ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      if (touch) touch->claim_drag();  // this drag moves the heatmap, it does not scroll the panel
      const ImVec2 d = io.MouseDelta;
      if (d.x != 0.0f || d.y != 0.0f) zoom->pan(ImVec2(d.x / size.x, d.y / size.y));
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + top + size.y));
  ImGui::Dummy(ImVec2(left + size.x, 0));
  return h;
}

void ColourKey(const char* lo, const char* hi, const char* meaning) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float bar = ImGui::GetFontSize() * 4, line = ImGui::GetTextLineHeight();
  const float need = ImGui::CalcTextSize(lo).x + bar + ImGui::CalcTextSize(hi).x + ImGui::CalcTextSize(meaning).x +
                     st.ItemSpacing.x * 4;
  if (ImGui::GetContentRegionAvail().x < need && ImGui::GetCursorPosX() > ImGui::GetCursorStartPos().x + 1)
    ImGui::NewLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(lo);  // (the numbers are read in the sentence below)
  ImGui::SameLine(0, 4);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float y = p.y + (ImGui::GetFrameHeight() - line) * 0.5f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const int steps = 16;
  for (int k = 0; k < steps; ++k) {
    const float x0 = p.x + bar * static_cast<float>(k) / steps, x1 = p.x + bar * static_cast<float>(k + 1) / steps;
    dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + line),
                      ImGui::GetColorU32(SequentialColour((static_cast<float>(k) + 0.5f) / steps)));
  }
  ImGui::Dummy(ImVec2(bar, ImGui::GetFrameHeight()));
  ImGui::SameLine(0, 4);
  ImGui::TextUnformatted(hi);
  ImGui::SameLine();
  WrappedText(meaning, 0.0f, true);  // (broken at the right edge on a phone)
}

void ZoomButtons(const char* id, gfx::HeatmapZoom& zoom) {
  ImGui::PushID(id);
  const float side = ImGui::GetFrameHeight();
  const ImVec2 centre(0.5f, 0.5f);
  // Called after SameLine: on a narrow screen the buttons go to a line of their own rather than off the edge.
  const ImGuiStyle& st = ImGui::GetStyle();
  const float need = side * 2 + ImGui::CalcTextSize(S().zoom_fit).x + st.FramePadding.x * 2 +
                     ImGui::CalcTextSize(S().zoom_factor).x + ImGui::CalcTextSize("(?)").x + st.ItemSpacing.x * 4;
  if (ImGui::GetContentRegionAvail().x < need && ImGui::GetCursorPosX() > ImGui::GetCursorStartPos().x + 1)
    ImGui::NewLine();
  if (ui::Button(S().zoom_out, ImVec2(side, side))) zoom.zoom_at(1.0f / 1.5f, centre);
  ImGui::SameLine(0, 2);
  if (ui::Button(S().zoom_in, ImVec2(side, side))) zoom.zoom_at(1.5f, centre);
  ImGui::SameLine(0, 2);
  ImGui::BeginDisabled(zoom.zoom <= 1.0f);
  if (ui::Button(S().zoom_fit)) zoom.reset();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ui::TextDisabled(S().zoom_factor, static_cast<double>(zoom.zoom));
  HelpMarker(S().zoom_help);
  ImGui::PopID();
}

void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float dash, float thickness) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  if (!(len > 0) || !(dash > 0)) return;
  const ImVec2 u((b.x - a.x) / len, (b.y - a.y) / len);
  for (float t = 0; t < len; t += 2 * dash) {
    const float e = std::min(len, t + dash);
    dl->AddLine(ImVec2(a.x + u.x * t, a.y + u.y * t), ImVec2(a.x + u.x * e, a.y + u.y * e), colour, thickness);
  }
}

namespace {

constexpr int kChartRows =
    24;  // a chart's table: at most this many steps, evenly spread, the first and last among them

// The steps of a chart's table: every step any series has, or kChartRows of them evenly spread.
std::vector<float> ChartSteps(const std::vector<Series>& series) {
  std::vector<float> all;
  for (const auto& s : series) all.insert(all.end(), s.x.begin(), s.x.end());
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  if (static_cast<int>(all.size()) <= kChartRows) return all;
  std::vector<float> out;
  for (int k = 0; k < kChartRows; ++k)
    out.push_back(all[static_cast<std::size_t>(
        std::lround(static_cast<double>(k) * static_cast<double>(all.size() - 1) / (kChartRows - 1)))]);
  return out;
}

std::string ChartNumber(const char* format, double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// A chart's table and its sentence: each series' first and last value, and its lowest (a falling curve: a loss) or
// highest (a rising one: an accuracy) where that is neither; then the reference lines' labels.
a11y::Table ChartTable(const std::vector<Series>& series, const std::vector<float>& steps, const char* y_format,
                       const std::vector<ChartRule>& rules) {
  const Strings& st = S();
  a11y::Table t;
  t.rows = static_cast<int>(steps.size());
  t.cols = static_cast<int>(series.size());
  for (const float x : steps) t.row_labels.push_back(ChartNumber("%.0f", static_cast<double>(x)));
  std::vector<std::string> parts;
  for (const auto& s : series) {
    t.caption += (t.caption.empty() ? "" : st.chart_comma) + std::string(s.name);
    t.col_labels.push_back(s.name);
    std::vector<std::size_t> at;  // the points with a value
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
      if (std::isfinite(s.y[i])) at.push_back(i);
    if (at.empty()) continue;
    auto y = [&](std::size_t i) { return ChartNumber(y_format, static_cast<double>(s.y[i])); };
    auto x = [&](std::size_t i) { return ChartNumber("%.0f", static_cast<double>(s.x[i])); };
    const std::size_t first = at.front(), last = at.back();
    std::string part = fill(at.size() == 1 ? st.chart_series_one : st.chart_series,
                            {{"first", y(first)}, {"x0", x(first)}, {"last", y(last)}, {"x1", x(last)}});
    const bool falling = s.y[last] < s.y[first];
    std::size_t extreme = first;
    for (const std::size_t i : at)
      if (falling ? s.y[i] < s.y[extreme] : s.y[i] > s.y[extreme]) extreme = i;
    if (extreme != first && extreme != last)
      part +=
          st.chart_comma + fill(falling ? st.chart_lowest : st.chart_highest, {{"v", y(extreme)}, {"x", x(extreme)}});
    parts.push_back(series.size() > 1 ? fill(st.chart_named, {{"name", s.name}, {"text", part}})
                                      : part);  // (one: the caption)
  }
  for (const ChartRule& r : rules) parts.push_back(r.label);
  if (parts.empty()) parts.push_back(st.chart_no_points);
  for (std::size_t i = 0; i < parts.size(); ++i) t.summary += (i ? st.grid_and : "") + parts[i];
  t.cells.assign(steps.size() * series.size(), NAN);  // the value at exactly that step (NaN: none there)
  for (std::size_t c = 0; c < series.size(); ++c) {
    const Series& s = series[c];
    for (std::size_t r = 0; r < steps.size(); ++r) {
      const auto it = std::lower_bound(s.x.begin(), s.x.end(), steps[r]);
      const std::size_t i = static_cast<std::size_t>(it - s.x.begin());
      if (it != s.x.end() && *it == steps[r] && i < s.y.size()) t.cells[r * series.size() + c] = s.y[i];
    }
  }
  return t;
}

}  // namespace

void LineChart(const char* id, const std::vector<Series>& series, ImVec2 size, float y_min, float y_max,
               const char* y_format, const std::vector<ChartRule>& rules) {
  ImGui::PushID(id);
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##chart", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float axis_w = ImGui::CalcTextSize("0.000").x + 4;
  const ImVec2 a(p0.x + axis_w, p0.y + 2), b(p0.x + size.x - 4, p0.y + size.y - ImGui::GetTextLineHeight() - 2);
  dl->AddRectFilled(a, b, IM_COL32(30, 33, 40, 255));
  dl->AddRect(a, b, IM_COL32(80, 85, 95, 255));
  if (!(y_max > y_min)) y_max = y_min + 1;
  float x_max = 1;
  for (const auto& s : series)
    if (!s.x.empty()) x_max = std::max(x_max, s.x.back());
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  char buf[32];
  for (int k = 0; k <= 2; ++k) {  // y ticks
    const float v = y_min + (y_max - y_min) * static_cast<float>(k) / 2.0f;
    const float y = b.y - (b.y - a.y) * static_cast<float>(k) / 2.0f;
    std::snprintf(buf, sizeof buf, y_format, static_cast<double>(v));
    dl->AddText(ImVec2(p0.x, y - ImGui::GetTextLineHeight() * 0.5f), dim, buf);
    if (k == 1) dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), IM_COL32(60, 64, 72, 255));
  }
  std::snprintf(buf, sizeof buf, "%.0f", static_cast<double>(x_max));
  dl->AddText(ImVec2(b.x - ImGui::CalcTextSize(buf).x, b.y + 1), dim, buf);
  dl->AddText(ImVec2(a.x, b.y + 1), dim, "0");
  auto to_screen = [&](float x, float y) {
    const float t = std::clamp((y - y_min) / (y_max - y_min), 0.0f, 1.0f);
    return ImVec2(a.x + (b.x - a.x) * (x / x_max), b.y - (b.y - a.y) * t);
  };
  dl->PushClipRect(a, b, true);
  for (const ChartRule& r : rules) {  // reference lines under the curves, labelled at the right end
    const ImVec2 left = to_screen(0, r.y), right(b.x, left.y);
    DashedLine(dl, left, right, r.colour);
    const ImVec2 ts = ImGui::CalcTextSize(r.label.c_str());
    const float ty = left.y - ts.y - 1 < a.y ? left.y + 1 : left.y - ts.y - 1;
    dl->AddText(ImVec2(b.x - ts.x - 4, ty), r.colour, r.label.c_str());
  }
  for (const auto& s : series) {
    ImVec2 prev;
    bool have = false;
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (!std::isfinite(s.y[i])) {
        have = false;
        continue;
      }
      const ImVec2 p = to_screen(s.x[i], s.y[i]);
      if (have) dl->AddLine(prev, p, s.colour, 2.0f);
      else if (s.x.size() == 1) dl->AddCircleFilled(p, 3.0f, s.colour);
      prev = p;
      have = true;
    }
  }
  dl->PopClipRect();
  // legend
  float lx = a.x + 6;
  for (const auto& s : series) {
    dl->AddRectFilled(ImVec2(lx, a.y + 6), ImVec2(lx + 10, a.y + 16), s.colour);
    dl->AddText(ImVec2(lx + 14, a.y + 2), ImGui::GetColorU32(ImGuiCol_Text), s.name);
    lx += 24 + ImGui::CalcTextSize(s.name).x;
  }
  // The data for a screen reader: a table of the steps (at most kChartRows of them) by the series, and a sentence.
  const std::vector<float> steps = ChartSteps(series);
  const ImGuiID chart_id = ImGui::GetItemID();
  a11y::NoteTable(chart_id, p0, ImVec2(p0.x + size.x, p0.y + size.y), ChartTable(series, steps, y_format, rules));
  int key_row = -1, key_col = -1;
  a11y::GridCell(chart_id, &key_row, &key_col);
  float step = -1;
  if (key_row >= 0 && key_row < static_cast<int>(steps.size())) {  // the keyboard's row: its step, marked
    step = steps[static_cast<std::size_t>(key_row)];
    const float x = a.x + (b.x - a.x) * (step / x_max);
    dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), ImGui::GetColorU32(kFocusRing), 1.0f);
    a11y::TooltipBeside(ImVec2(x, a.y), ImVec2(x, a.y));
  } else if (hovered) {  // the mouse's step
    const float mx = ImGui::GetIO().MousePos.x;
    step = std::clamp((mx - a.x) / (b.x - a.x), 0.0f, 1.0f) * x_max;
  }
  if (step >= 0) {  // the read-out at that step
    ui::BeginTooltip();
    for (const auto& s : series) {
      if (s.x.empty()) continue;
      std::size_t best = 0;
      for (std::size_t i = 0; i < s.x.size(); ++i)
        if (std::fabs(s.x[i] - step) < std::fabs(s.x[best] - step)) best = i;
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.colour), S().chart_at_step, s.name,
                         static_cast<double>(s.x[best]));
      ImGui::SameLine(0, 0);
      ImGui::Text(y_format, static_cast<double>(s.y[best]));
    }
    ImGui::EndTooltip();
  }
  ImGui::PopID();
}

ImVec4 DivergingColour(float s) {
  s = std::clamp(s, -1.0f, 1.0f);
  const ImVec4 neg(0.19f, 0.39f, 0.75f, 1), mid(0.96f, 0.96f, 0.95f, 1), pos(0.80f, 0.22f, 0.17f, 1);
  const ImVec4& e = s < 0 ? neg : pos;
  const float t = std::fabs(s);
  return ImVec4(mid.x + (e.x - mid.x) * t, mid.y + (e.y - mid.y) * t, mid.z + (e.z - mid.z) * t, 1);
}

ImVec4 SequentialColour(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  // The same polynomial viridis fit as shaders/heatmap.frag.
  const float c0[3] = {0.2777273f, 0.0054073f, 0.3340998f}, c1[3] = {0.1050930f, 1.4046135f, 1.3845902f},
              c2[3] = {-0.3308618f, 0.2148476f, 0.0950952f}, c3[3] = {-4.6342305f, -5.7991010f, -19.3324410f},
              c4[3] = {6.2282699f, 14.1799334f, 56.6905526f}, c5[3] = {4.7763850f, -13.7451454f, -65.3530326f},
              c6[3] = {-5.4354559f, 4.6458526f, 26.3124352f};
  float rgb[3];
  for (int k = 0; k < 3; ++k)
    rgb[k] =
        std::clamp(c0[k] + t * (c1[k] + t * (c2[k] + t * (c3[k] + t * (c4[k] + t * (c5[k] + t * c6[k]))))), 0.0f, 1.0f);
  return ImVec4(rgb[0], rgb[1], rgb[2], 1);
}

std::string GroupDigits(long long n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

void ValueBar(float value, float lo, float hi, ImVec2 size, const char* format) {
  if (size.x <= 0) size.x = std::max(20.0f, ImGui::GetContentRegionAvail().x + size.x + 1);  // -1: fill the width
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), IM_COL32(40, 44, 52, 255));
  if (hi > lo) {
    const float zero = lo < 0 && hi > 0 ? (0 - lo) / (hi - lo) : (lo >= 0 ? 0.0f : 1.0f);
    const float v = std::clamp((value - lo) / (hi - lo), 0.0f, 1.0f);
    const float x0 = p.x + size.x * std::min(zero, v), x1 = p.x + size.x * std::max(zero, v);
    const ImU32 c = value >= 0 ? IM_COL32(204, 80, 60, 255) : IM_COL32(60, 110, 200, 255);
    dl->AddRectFilled(ImVec2(x0, p.y + 1), ImVec2(std::max(x1, x0 + 1), p.y + size.y - 1), c);
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, format, static_cast<double>(value));
  dl->AddText(ImVec2(p.x + 4, p.y + (size.y - ImGui::GetTextLineHeight()) * 0.5f), IM_COL32(255, 255, 255, 255), buf);
}

std::string VectorText(const float* v, int n) {
  std::string out = "[";
  char buf[32];
  for (int i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, i ? ", %.2f" : "%.2f", static_cast<double>(v[i]));
    out += buf;
  }
  return out + "]";
}

void VectorCells(const char* id, const float* v, int n, float range, float cell, bool noted) {
  ImGui::PushID(id);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##v", ImVec2(cell * static_cast<float>(n), cell));
  if (noted) a11y::NoteLastItem(a11y::Role::text, VectorText(v, n).c_str());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float r = range > 0 ? range : 1.0f;
  for (int i = 0; i < n; ++i) {
    const ImVec2 a(p.x + cell * static_cast<float>(i), p.y);
    dl->AddRectFilled(a, ImVec2(a.x + cell - 1, a.y + cell - 1), ImGui::GetColorU32(DivergingColour(v[i] / r)));
  }
  if (ImGui::IsItemHovered()) {
    const int i = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - p.x) / cell), 0, n - 1);
    ui::SetTooltip("[%d] = %.4f", i, static_cast<double>(v[i]));
  }
  ImGui::PopID();
}

int ScatterPlot(const char* id, const std::vector<float>& xy, const std::vector<ImU32>& colours,
                const std::vector<std::string>& labels, int labelled, ImVec2 size, int marked) {
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, ImVec2(o.x + size.x, o.y + size.y), IM_COL32(22, 24, 30, 255));
  const std::size_t n = xy.size() / 2;
  if (n == 0) return -1;
  float x0 = xy[0], x1 = xy[0], y0 = xy[1], y1 = xy[1];
  for (std::size_t i = 0; i < n; ++i) {
    x0 = std::min(x0, xy[2 * i]), x1 = std::max(x1, xy[2 * i]);
    y0 = std::min(y0, xy[2 * i + 1]), y1 = std::max(y1, xy[2 * i + 1]);
  }
  const float pad = 12.0f, sx = (size.x - 2 * pad) / std::max(x1 - x0, 1e-6f),
              sy = (size.y - 2 * pad) / std::max(y1 - y0, 1e-6f);
  auto at = [&](std::size_t i) {
    return ImVec2(o.x + pad + (xy[2 * i] - x0) * sx, o.y + size.y - pad - (xy[2 * i + 1] - y0) * sy);
  };
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hovered = -1;
  float best = 8.0f * 8.0f;
  for (std::size_t i = 0; i < n; ++i) {
    const ImVec2 p = at(i);
    dl->AddCircleFilled(p, 3.5f, i < colours.size() ? colours[i] : IM_COL32_WHITE);
    const float d = (p.x - mouse.x) * (p.x - mouse.x) + (p.y - mouse.y) * (p.y - mouse.y);
    if (ImGui::IsItemHovered() && d < best) best = d, hovered = static_cast<int>(i);
  }
  const ImU32 text = IM_COL32(220, 220, 220, 200);
  for (std::size_t i = 0; i < n && static_cast<int>(i) < labelled && i < labels.size(); ++i)
    dl->AddText(ImVec2(at(i).x + 5, at(i).y - ImGui::GetTextLineHeight() / 2), text, labels[i].c_str());
  if (hovered < 0 && marked >= 0 && static_cast<std::size_t>(marked) < n) {
    hovered = marked;
    const ImVec2 p = at(static_cast<std::size_t>(marked));
    a11y::TooltipBeside(ImVec2(p.x - 7, p.y - 7), ImVec2(p.x + 7, p.y + 7));
  }
  if (hovered >= 0) dl->AddCircle(at(static_cast<std::size_t>(hovered)), 7.0f, IM_COL32_WHITE, 0, 2.0f);
  return hovered;
}

ImU32 CategoryColour(int i) {
  static const ImU32 palette[] = {
      IM_COL32(86, 156, 230, 255),  IM_COL32(240, 150, 60, 255),  IM_COL32(110, 200, 120, 255),
      IM_COL32(230, 90, 90, 255),   IM_COL32(180, 130, 230, 255), IM_COL32(170, 120, 90, 255),
      IM_COL32(240, 140, 200, 255), IM_COL32(160, 160, 160, 255), IM_COL32(210, 210, 90, 255),
      IM_COL32(80, 210, 220, 255),  IM_COL32(40, 100, 190, 255),  IM_COL32(200, 90, 30, 255),
      IM_COL32(50, 140, 60, 255),   IM_COL32(150, 40, 50, 255),   IM_COL32(110, 70, 170, 255),
      IM_COL32(250, 220, 170, 255), IM_COL32(255, 255, 255, 255),
  };
  const int n = static_cast<int>(sizeof palette / sizeof palette[0]);
  return palette[((i % n) + n) % n];
}

ImU32 ColourTrain() { return IM_COL32(86, 156, 230, 255); }
ImU32 ColourDev() { return IM_COL32(240, 150, 60, 255); }
ImU32 ColourBaseline() { return IM_COL32(110, 200, 120, 255); }

}  // namespace attnlab::ui
