#include "web/ui/widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>

#include "imgui_internal.h"  // IMGUI_TEST_ENGINE_ITEM_INFO: widget labels for the browser tests' hook
#include "web/ui/fonts.h"
#include "web/ui/strings.h"
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
