// The charts of web/ui/widgets.h: line charts (a curve by training step, with reference lines) and scatter plots,
// drawn with Dear ImGui's draw list, and their numbers as a table for a screen reader (web/ui/a11y.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui_internal.h"  // ImGui::GetItemID: the chart's table is noted under the chart's own ID
#include "web/ui/strings.h"
#include "web/ui/style.h"
#include "web/ui/widgets.h"

namespace attnlab::ui {

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

}  // namespace attnlab::ui
