// Sections:
//   the mirror and its notes
//   the frame, and what the page sends
//   grids
//   the widgets
//   text
#include "web/ui/a11y.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "imgui_internal.h"  // the last item's ID and rectangle, the window's clip rectangle, the tab bar
#include "misc/cpp/imgui_stdlib.h"
#include "web/ui/strings.h"
#include "web/ui/style.h"

namespace attnlab::ui {

namespace a11y {

// --------------------------------------------------------------------------------------------- the mirror and its notes

namespace {

// An action from the page, waiting for its widget's next frame.
struct Pending {
  bool activate = false;
  bool has_value = false;
  std::string value;
  int frame = 0;
};

// A grid's or a table's numbers as last noted: they follow a change at most once a second.
struct GridMemo {
  double time = -1e9;
  Table table;  // a heatmap's: its shape, cells and sentence (its labels and caption are the frame's)
};

struct Mirror {
  std::vector<Node> nodes, sent;  // this frame's, the last ones TakeChange gave
  std::unordered_set<ImGuiID> seen;
  std::unordered_map<ImGuiID, int> texts;  // texts noted per window this frame (their place gives their ID)
  std::unordered_map<ImGuiID, Pending> pending;
  std::unordered_map<ImGuiID, GridMemo> grids;
  ImGuiID focused = 0, scrolled_to = 0;
  int focused_cell = -1;
  ImGuiID tab_bar = 0;
  ImGuiID last_set = 0;
  bool escape = false;
  std::string say;  // to be said in the live region
  std::string title, title_sent;
  bool enabled = true;
  Node scratch;           // what a note returns while the mirror is off
  ImVec2 tip_at{-1, -1};  // where this frame's tooltip goes (TooltipBeside); x < 0: at the mouse
  float tip_pivot = 0;
  int tip_frame = 0;
  std::string next_name;
  int frame = 0;
};

Mirror& M() {
  static Mirror m;  // one per app, as Dear ImGui's context
  return m;
}

// "Label##id" shows "Label"; "##id" shows nothing (then the next name, if one was given).
std::string Shown(const char* label) {
  if (!label) return {};
  const char* end = std::strstr(label, "##");
  return end ? std::string(label, end) : std::string(label);
}

// The pending action of `id`, taken (so it acts once).
Pending Take(ImGuiID id) {
  Mirror& m = M();
  const auto it = m.pending.find(id);
  if (it == m.pending.end()) return {};
  Pending p = std::move(it->second);
  m.pending.erase(it);
  return p;
}

bool TakeActivate(ImGuiID id) { return Take(id).activate; }

// The page activated widget `id`, noted as `n`: as a click, which does nothing on a disabled widget.
bool Activated(ImGuiID id, const Node& n) { return TakeActivate(id) && !n.disabled; }

bool TakeValue(ImGuiID id, std::string* value) {
  Pending p = Take(id);
  if (!p.has_value) return false;
  *value = std::move(p.value);
  M().last_set = id;
  return true;
}

std::string FormatV(const char* fmt, va_list args) IM_FMTLIST(1);
std::string FormatV(const char* fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string s(static_cast<std::size_t>(std::max(n, 0)), '\0');
  if (n > 0) std::vsnprintf(s.data(), s.size() + 1, fmt, args);
  return s;
}

std::string Format(const char* fmt, ...) IM_FMTARGS(1);
std::string Format(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string s = FormatV(fmt, args);
  va_end(args);
  return s;
}

// The whole number a text starts with (a field's value, a combo's index from the page); false if it starts with none.
bool ParseInt(const std::string& text, long* out) {
  char* end = nullptr;
  const long x = std::strtol(text.c_str(), &end, 10);
  if (end == text.c_str()) return false;
  *out = x;
  return true;
}

// A whole finite number (a slider's position from the page); false for anything else.
bool ParseNumber(const std::string& text, double* out) {
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !std::isfinite(x)) return false;
  *out = x;
  return true;
}

// A node that is read rather than operated: it takes no name given for a control and draws no focus ring.
bool IsText(Role role) { return role == Role::text || role == Role::note || role == Role::heading; }

// The text noted just before this point of the frame ("" if the last node is not a text): the visible label of a
// control drawn after it with no name of its own, a grid's caption.
std::string TextBefore() {
  const std::vector<Node>& nodes = M().nodes;
  return !nodes.empty() && nodes.back().role == Role::text ? nodes.back().label : std::string();
}

Node& NoteRect(Role role, const std::string& label, ImGuiID id, const ImRect& rect) {
  Mirror& m = M();
  if (!m.enabled) return m.scratch = Node();
  ImGuiContext& g = *GImGui;
  ImGuiWindow* window = g.CurrentWindow;
  if (id == 0) {  // a text: its place among the window's texts
    int& n = m.texts[window->ID];
    id = ImHashData(&n, sizeof n, window->ID);
    ++n;
  }
  while (!m.seen.insert(id).second) id = ImHashData(&id, sizeof id, 0x5bd1e995u);  // the same ID drawn twice
  Node node;
  node.id = id;
  node.role = role;
  node.label = label;
  if (!m.next_name.empty() && !IsText(role)) node.label = m.next_name;  // a name given says it better
  if (node.label.empty() && !IsText(role) && role != Role::tablist)
    node.label = TextBefore();  // unnamed: named by the text drawn just before it, its visible label
  if (!IsText(role)) m.next_name.clear();
  node.disabled = (g.CurrentItemFlags & ImGuiItemFlags_Disabled) != 0;
  // The part of it that can be seen; one scrolled out of sight is a line on the edge it is beyond (where it would
  // scroll in), so it stays in reading order without lying over another panel.
  const ImRect clip = window->ClipRect;
  ImRect v(ImMax(rect.Min, clip.Min), ImMin(rect.Max, clip.Max));
  if (v.Min.x >= v.Max.x || v.Min.y >= v.Max.y) {
    const float y = rect.Max.y <= clip.Min.y ? clip.Min.y : clip.Max.y;
    const float x = ImClamp(rect.Min.x, clip.Min.x, clip.Max.x);
    v = ImRect(x, y, ImMax(x, ImMin(rect.Max.x, clip.Max.x)), y);
  }
  node.x = v.Min.x;
  node.y = v.Min.y;
  node.w = v.GetWidth();
  node.h = v.GetHeight();
  if (id == m.focused && !IsText(role)) {
    // the focus ring, 2 px, inside the item's rectangle so that no clipping cuts it
    window->DrawList->AddRect(ImVec2(rect.Min.x + 1, rect.Min.y + 1), ImVec2(rect.Max.x - 1, rect.Max.y - 1),
                              ImGui::GetColorU32(kFocusRing), ImGui::GetStyle().FrameRounding, 0, 2.0f);
    const bool hidden = rect.Min.y < clip.Min.y || rect.Max.y > clip.Max.y;
    if (hidden && m.scrolled_to != id && g.LastItemData.ID == id) ImGui::SetScrollHereY(0.5f);
    m.scrolled_to = id;
  }
  m.nodes.push_back(std::move(node));
  return m.nodes.back();
}

Node& NoteLast(Role role, const std::string& label, ImGuiID id = 0) {
  return NoteRect(role, label, id, GImGui->LastItemData.Rect);
}

}  // namespace

// ----------------------------------------------------------------------------------- the frame, and what the page sends

const char* RoleName(Role role) {
  switch (role) {
    case Role::text: return "text";
    case Role::note: return "note";
    case Role::heading: return "heading";
    case Role::button: return "button";
    case Role::checkbox: return "checkbox";
    case Role::radio: return "radio";
    case Role::slider: return "slider";
    case Role::number: return "number";
    case Role::combo: return "combo";
    case Role::tablist: return "tablist";
    case Role::tab: return "tab";
    case Role::disclosure: return "disclosure";
    case Role::textbox: return "textbox";
    case Role::progress: return "progress";
    case Role::grid: return "grid";
  }
  return "text";
}

// Floats compared bit by bit: a NaN (a cell with no value) equals itself, so a table holding one is not new every frame.
bool SameFloats(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

bool Node::operator==(const Node& o) const {
  return id == o.id && group == o.group && role == o.role && label == o.label && value == o.value &&
         options == o.options && lo == o.lo && hi == o.hi && step == o.step && now == o.now && level == o.level &&
         on == o.on && disabled == o.disabled && read_only == o.read_only && x == o.x && y == o.y && w == o.w &&
         h == o.h && rows == o.rows && cols == o.cols && row_labels == o.row_labels && col_labels == o.col_labels &&
         SameFloats(cells, o.cells) && texts == o.texts && percent == o.percent;
}

bool Table::operator==(const Table& o) const {
  return caption == o.caption && rows == o.rows && cols == o.cols && row_labels == o.row_labels &&
         col_labels == o.col_labels && SameFloats(cells, o.cells) && texts == o.texts && percent == o.percent &&
         summary == o.summary;
}

void BeginFrame() {
  Mirror& m = M();
  ++m.frame;
  m.nodes.clear();
  m.seen.clear();
  m.texts.clear();
  m.tab_bar = 0;
  m.last_set = 0;
  m.next_name.clear();
  for (auto it = m.pending.begin(); it != m.pending.end();)  // not taken in the frame after it came: not drawn
    it = it->second.frame < m.frame - 1 ? m.pending.erase(it) : std::next(it);
}

const std::vector<Node>& Nodes() { return M().nodes; }

Change TakeChange() {
  Mirror& m = M();
  Change c;
  if (!m.enabled) return c;
  std::unordered_map<ImGuiID, const Node*> before;
  before.reserve(m.sent.size());
  for (const Node& n : m.sent) before.emplace(n.id, &n);
  for (const Node& n : m.nodes) {
    const auto it = before.find(n.id);
    if (it == before.end() || *it->second != n) c.upsert.push_back(n);
  }
  for (const Node& n : m.sent)
    if (!m.seen.count(n.id)) c.removed.push_back(n.id);
  c.reordered =
      m.nodes.size() != m.sent.size() || !std::equal(m.nodes.begin(), m.nodes.end(), m.sent.begin(),
                                                     [](const Node& a, const Node& b) { return a.id == b.id; });
  if (c.reordered) {
    c.order.reserve(m.nodes.size());
    for (const Node& n : m.nodes) c.order.push_back(n.id);
  }
  m.sent = m.nodes;
  return c;
}

void Reset() { M() = Mirror(); }

void SetEnabled(bool on) {
  Mirror& m = M();
  if (on && !m.enabled) m.sent.clear();  // the page's layer was emptied: everything is new to it
  m.enabled = on;
}

bool Enabled() { return M().enabled; }

void Activate(ImGuiID id) {
  Pending& p = M().pending[id];
  p.activate = true;
  p.frame = M().frame;
}

void SetValue(ImGuiID id, const std::string& value) {
  Pending& p = M().pending[id];
  p.has_value = true;
  p.value = value;
  p.frame = M().frame;
}

void Focus(ImGuiID id, int cell) {
  M().focused = id;
  M().focused_cell = id ? cell : -1;
  if (id == 0) M().scrolled_to = 0;
}

ImGuiID Focused() { return M().focused; }

void Escape() { M().escape = true; }

void Announce(const std::string& text) {
  std::string& say = M().say;
  if (text.empty()) return;
  say += say.empty() ? text : " " + text;
}

std::string TakeAnnouncement() { return std::exchange(M().say, std::string()); }

bool TakeEscape() { return std::exchange(M().escape, false); }

void SetTitle(const std::string& title) { M().title = title; }

bool TakeTitle(std::string* title) {
  Mirror& m = M();
  if (m.title == m.title_sent) return false;
  m.title_sent = *title = m.title;
  return true;
}

bool LastSetByMirror() { return M().last_set != 0 && M().last_set == GImGui->LastItemData.ID; }

void SetNextName(const char* name) { M().next_name = name ? name : ""; }

Node& NoteLastItem(Role role, const char* label, ImGuiID id) { return NoteLast(role, label ? label : "", id); }

// ---------------------------------------------------------------------------------------------------------------- grids

namespace {

// "'saw' (4)", or "4" for a row or column with no label.
std::string CellName(const std::vector<std::string>& labels, int i) {
  const std::string number = std::to_string(i + 1);
  const std::size_t at = static_cast<std::size_t>(i);
  return at < labels.size() && !labels[at].empty() ? "'" + labels[at] + "' (" + number + ")" : number;
}

std::string GridNumber(float v, bool percent) {
  return percent ? Format("%.0f %%", static_cast<double>(v) * 100.0) : Format("%.3g", static_cast<double>(v));
}

}  // namespace

std::string GridSummary(const float* data, int rows, int cols, const std::vector<std::string>& row_labels,
                        const std::vector<std::string>& col_labels, bool percent) {
  if (!data || rows <= 0 || cols <= 0) return {};
  const Strings& s = S();
  auto at = [&](int i, int j) { return data[static_cast<std::size_t>(i) * static_cast<std::size_t>(cols) + j]; };
  float lo = INFINITY, hi = -INFINITY;
  int bi = -1, bj = -1;
  std::vector<int> row_max(static_cast<std::size_t>(rows), -1);  // each row's largest column (-1: all alike)
  for (int i = 0; i < rows; ++i) {
    float rlo = INFINITY, rhi = -INFINITY;
    for (int j = 0; j < cols; ++j) {
      const float v = at(i, j);
      if (!std::isfinite(v)) continue;
      rlo = std::min(rlo, v);
      if (v > rhi) {
        rhi = v;
        row_max[static_cast<std::size_t>(i)] = j;
      }
      if (v > hi) {
        hi = v;
        bi = i;
        bj = j;
      }
    }
    lo = std::min(lo, rlo);
    if (!(rhi > rlo)) row_max[static_cast<std::size_t>(i)] = -1;
  }
  if (bi < 0) return {};
  std::vector<std::string> parts;
  if (!percent)
    parts.push_back(fill(s.grid_range, {{"rows", std::to_string(rows)},
                                        {"cols", std::to_string(cols)},
                                        {"lo", GridNumber(lo, false)},
                                        {"hi", GridNumber(hi, false)}}));
  if (rows >= 2) {
    // the offset (column - row) most rows share, for a square matrix; else the column most rows share
    std::unordered_map<int, int> offsets, columns;
    for (int i = 0; i < rows; ++i) {
      const int j = row_max[static_cast<std::size_t>(i)];
      if (j < 0) continue;
      ++columns[j];
      if (rows == cols) ++offsets[j - i];
    }
    auto most = [](const std::unordered_map<int, int>& counts, int* key) {
      int best = 0;
      for (const auto& [k, n] : counts)
        if (n > best || (n == best && k < *key)) {
          best = n;
          *key = k;
        }
      return best;
    };
    int d = 0, col = 0;
    const int by_offset = most(offsets, &d), by_column = most(columns, &col);
    std::string where;
    int k = 0;
    if (by_offset * 2 > rows && by_offset >= by_column) {
      k = by_offset;
      where = d == 0    ? s.grid_where_self
              : d == 1  ? s.grid_where_next
              : d == -1 ? s.grid_where_prev
                        : fill(d > 0 ? s.grid_where_ahead : s.grid_where_behind, {{"d", std::to_string(std::abs(d))}});
    } else if (by_column * 2 > rows) {
      k = by_column;
      where = fill(s.grid_where_column, {{"col", CellName(col_labels, col)}});
    }
    parts.push_back(where.empty() ? std::string(s.grid_rows_mixed)
                                  : fill(s.grid_rows_where,
                                         {{"k", std::to_string(k)}, {"n", std::to_string(rows)}, {"where", where}}));
  }
  parts.push_back(
      fill(s.grid_largest,
           {{"value", GridNumber(hi, percent)}, {"row", CellName(row_labels, bi)}, {"col", CellName(col_labels, bj)}}));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? s.grid_and : "") + parts[i];
  return out;
}

namespace {

GridMemo& Memo(ImGuiID id) {
  Mirror& m = M();
  if (m.grids.size() > 512) m.grids.clear();  // (heatmaps come and go with the views; their memos are small)
  return m.grids[id];
}

// A grid node for table `t` over `rect` (its caption, if it has none, the text drawn just before it); a table of
// more than kMaxGridCells cells is noted as its caption and sentence alone.
void NoteGridNode(ImGuiID id, const ImRect& rect, const Table& t) {
  const std::string caption = t.caption.empty() ? TextBefore() : t.caption;
  const std::size_t n = static_cast<std::size_t>(std::max(t.rows, 0)) * static_cast<std::size_t>(std::max(t.cols, 0));
  if (n == 0 || n > static_cast<std::size_t>(kMaxGridCells)) {
    std::string text = caption.empty() ? t.summary : caption + ": " + t.summary;
    if (n > 0)
      text +=
          S().grid_and + fill(S().grid_too_big, {{"rows", std::to_string(t.rows)}, {"cols", std::to_string(t.cols)}});
    NoteRect(Role::text, text, id, rect);
    return;
  }
  Node& g = NoteRect(Role::grid, caption, id, rect);
  g.value = t.summary;
  g.rows = t.rows;
  g.cols = t.cols;
  g.row_labels = t.row_labels;
  g.col_labels = t.col_labels;
  if (t.texts.size() == n) g.texts = t.texts;
  else g.cells = t.cells;
  g.percent = t.percent;
}

bool Due(const GridMemo& memo, double now) { return now - memo.time >= 1.0 || now < memo.time; }

}  // namespace

void NoteGrid(ImGuiID id, ImVec2 min, ImVec2 max, const float* data, int rows, int cols,
              const std::vector<std::string>& row_labels, const std::vector<std::string>& col_labels, bool percent) {
  if (!M().enabled) return;
  GridMemo& memo = Memo(id);
  Table& t = memo.table;
  const std::size_t n = static_cast<std::size_t>(std::max(rows, 0)) * static_cast<std::size_t>(std::max(cols, 0));
  const bool listed = n > 0 && n <= static_cast<std::size_t>(kMaxGridCells);
  const double now = ImGui::GetTime();
  const bool same =
      listed && t.rows == rows && t.cols == cols && std::equal(t.cells.begin(), t.cells.end(), data, data + n);
  if (!same && (t.rows != rows || t.cols != cols || Due(memo, now))) {
    memo.time = now;
    t.rows = rows;
    t.cols = cols;
    if (listed) t.cells.assign(data, data + n);
    else t.cells.clear();
    t.summary = GridSummary(data, rows, cols, row_labels, col_labels, percent);
  }
  t.row_labels = row_labels;  // the tokens shown now (a heatmap's shape changes with them, and then at once)
  t.col_labels = col_labels;
  t.percent = percent;
  NoteGridNode(id, ImRect(min, max), t);
}

void NoteTable(ImGuiID id, ImVec2 min, ImVec2 max, Table table) {
  if (!M().enabled) return;
  GridMemo& memo = Memo(id);
  const double now = ImGui::GetTime();
  // at once when it is new or names its columns differently (another chart, the other language); else its numbers
  // and rows follow at most once a second
  const Table& was = memo.table;
  const bool renamed = table.caption != was.caption || table.cols != was.cols || table.col_labels != was.col_labels;
  if (memo.time < -1e8 || renamed || (table != was && Due(memo, now))) {
    memo.time = now;
    memo.table = std::move(table);
  }
  NoteGridNode(id, ImRect(min, max), memo.table);
}

void TooltipBeside(ImVec2 min, ImVec2 max) {
  Mirror& m = M();
  // right of the cell, or left of it in the display's right half (where a tooltip would run off the edge)
  const bool right = max.x < ImGui::GetIO().DisplaySize.x * 0.6f;
  m.tip_at = right ? ImVec2(max.x + 8, min.y) : ImVec2(min.x - 8, min.y);
  m.tip_pivot = right ? 0.0f : 1.0f;
  m.tip_frame = m.frame;
}

namespace {

void PlaceTooltip() {  // (once: a later tooltip of this frame is the mouse's)
  Mirror& m = M();
  if (m.tip_frame == m.frame && m.tip_at.x >= 0)
    ImGui::SetNextWindowPos(m.tip_at, ImGuiCond_Always, ImVec2(m.tip_pivot, 0.0f));
  m.tip_frame = 0;
}

}  // namespace

bool GridCell(ImGuiID id, int* row, int* col) {
  Mirror& m = M();
  *row = *col = -1;
  const auto memo = m.grids.find(id);
  const int cols = memo == m.grids.end() ? 0 : memo->second.table.cols;
  if (m.focused == id && m.focused_cell >= 0 && cols > 0) {
    *row = m.focused_cell / cols;
    *col = m.focused_cell % cols;
  }
  std::string value;
  if (!TakeValue(id, &value)) return false;
  int r = -1, c = -1;
  if (std::sscanf(value.c_str(), "%d,%d", &r, &c) != 2 || r < 0 || c < 0) return false;
  *row = r;
  *col = c;
  return true;
}

}  // namespace a11y

// ---------------------------------------------------------------------------------------------------------- the widgets

using a11y::Node;
using a11y::Role;

bool Button(const char* label, const ImVec2& size) {
  const bool pressed = ImGui::Button(label, size);
  const ImGuiID id = ImGui::GetItemID();
  const Node& n = a11y::NoteLast(Role::button, a11y::Shown(label), id);
  return a11y::Activated(id, n) || pressed;
}

bool SmallButton(const char* label) {
  // Dear ImGui's small button has no vertical padding (16 px for 16 px text): under the 24 px a pointer target
  // needs (WCAG 2.5.8), so it is a button of the frames' height, its text on the line's baseline
  const bool pressed = ImGui::ButtonEx(label, ImVec2(0, 0), ImGuiButtonFlags_AlignTextBaseLine);
  const ImGuiID id = ImGui::GetItemID();
  const Node& n = a11y::NoteLast(Role::button, a11y::Shown(label), id);
  return a11y::Activated(id, n) || pressed;
}

bool ArrowButton(const char* str_id, ImGuiDir dir, const char* name) {
  const bool pressed = ImGui::ArrowButton(str_id, dir);
  const ImGuiID id = ImGui::GetItemID();
  const Node& n = a11y::NoteLast(Role::button, name ? name : "", id);
  return a11y::Activated(id, n) || pressed;
}

bool Checkbox(const char* label, bool* v) {
  bool changed = ImGui::Checkbox(label, v);
  const ImGuiID id = ImGui::GetItemID();
  Node& n = a11y::NoteLast(Role::checkbox, a11y::Shown(label), id);
  if (a11y::Activated(id, n)) {
    *v = !*v;
    changed = true;
  }
  n.on = *v;
  return changed;
}

bool RadioButton(const char* label, bool active) {
  const std::vector<Node>& before = a11y::Nodes();
  const ImGuiID group = !before.empty() && before.back().role == Role::radio ? before.back().group : 0;
  const bool pressed = ImGui::RadioButton(label, active);
  const ImGuiID id = ImGui::GetItemID();
  Node& n = a11y::NoteLast(Role::radio, a11y::Shown(label), id);
  n.group = group ? group : n.id;
  n.on = active;
  return a11y::Activated(id, n) || pressed;
}

bool SliderInt(const char* label, int* v, int lo, int hi, const char* format, ImGuiSliderFlags flags) {
  bool changed = ImGui::SliderInt(label, v, lo, hi, format, flags);
  const ImGuiID id = ImGui::GetItemID();
  std::string value;
  double p = 0;
  if (a11y::TakeValue(id, &value) && a11y::ParseNumber(value, &p)) {
    const int x = static_cast<int>(std::lround(std::clamp(p, static_cast<double>(lo), static_cast<double>(hi))));
    changed = changed || x != *v;
    *v = x;
  }
  Node& n = a11y::NoteLast(Role::slider, a11y::Shown(label), id);
  n.lo = static_cast<float>(lo);
  n.hi = static_cast<float>(hi);
  n.step = 1;
  n.now = static_cast<float>(*v);
  n.value = a11y::Format(format, *v);
  return changed;
}

bool SliderFloat(const char* label, float* v, float lo, float hi, const char* format, ImGuiSliderFlags flags) {
  bool changed = ImGui::SliderFloat(label, v, lo, hi, format, flags);
  const ImGuiID id = ImGui::GetItemID();
  // A logarithmic slider moves in steps of its position, log10 of the value (as the pointer drags it).
  const bool log = (flags & ImGuiSliderFlags_Logarithmic) != 0 && lo > 0 && hi > 0;
  std::string value;
  double p = 0;
  if (a11y::TakeValue(id, &value) && a11y::ParseNumber(value, &p)) {
    const float x = std::clamp(static_cast<float>(log ? std::pow(10.0, p) : p), lo, hi);
    changed = changed || x != *v;
    *v = x;
  }
  Node& n = a11y::NoteLast(Role::slider, a11y::Shown(label), id);
  n.lo = log ? std::log10(lo) : lo;
  n.hi = log ? std::log10(hi) : hi;
  n.step = (n.hi - n.lo) / 100.0f;
  n.now = log ? std::log10(std::max(*v, lo)) : *v;
  n.value = a11y::Format(format, static_cast<double>(*v));
  return changed;
}

bool InputInt(const char* label, int* v) {
  bool changed = ImGui::InputInt(label, v);
  const ImGuiID id = ImGui::GetItemID();
  std::string value;
  long x = 0;
  if (a11y::TakeValue(id, &value) && a11y::ParseInt(value, &x)) {
    if (x >= INT32_MIN && x <= INT32_MAX) {
      changed = changed || static_cast<int>(x) != *v;
      *v = static_cast<int>(x);
    }
  }
  Node& n = a11y::NoteLast(Role::number, a11y::Shown(label), id);
  n.now = static_cast<float>(*v);
  n.step = 1;
  n.value = std::to_string(*v);
  return changed;
}

bool InputInt2(const char* label, int v[2]) {
  bool changed = ImGui::InputInt2(label, v);
  const ImGuiID id = ImGui::GetItemID();
  std::string value;
  if (a11y::TakeValue(id, &value)) {  // "640, 480", "640 x 480": two whole numbers
    int a = 0, b = 0;
    const char* p = value.c_str();
    char* end = nullptr;
    a = static_cast<int>(std::strtol(p, &end, 10));
    if (end != p) {
      p = end;
      while (*p && !(*p >= '0' && *p <= '9') && *p != '-') ++p;
      b = static_cast<int>(std::strtol(p, &end, 10));
      if (end != p) {
        changed = changed || a != v[0] || b != v[1];
        v[0] = a;
        v[1] = b;
      }
    }
  }
  Node& n = a11y::NoteLast(Role::textbox, a11y::Shown(label), id);
  n.value = std::to_string(v[0]) + ", " + std::to_string(v[1]);
  return changed;
}

bool InputTextWithHint(const char* label, const char* hint, std::string* text, ImGuiInputTextFlags flags) {
  bool changed = hint ? ImGui::InputTextWithHint(label, hint, text, flags) : ImGui::InputText(label, text, flags);
  const ImGuiID id = ImGui::GetItemID();
  const bool read_only = (flags & ImGuiInputTextFlags_ReadOnly) != 0;
  std::string value;
  if (a11y::TakeValue(id, &value) && !read_only && value != *text) {
    *text = value;
    changed = true;
  }
  std::string name = a11y::Shown(label);
  if (name.empty() && hint && a11y::M().next_name.empty()) name = hint;
  Node& n = a11y::NoteLast(Role::textbox, name, id);
  n.value = *text;
  n.read_only = read_only;
  return changed;
}

bool InputText(const char* label, std::string* text, ImGuiInputTextFlags flags) {
  return InputTextWithHint(label, nullptr, text, flags);
}

int ChoiceIndex(const std::vector<std::string>& options, const std::string& value) {
  const auto it = std::find(options.begin(), options.end(), value);
  return it == options.end() ? -1 : static_cast<int>(it - options.begin());
}

bool Combo(const char* label, int* chosen, const std::vector<std::string>& options, const char* preview,
           const std::vector<std::string>& tips) {
  const int count = static_cast<int>(options.size());
  const bool in_range = *chosen >= 0 && *chosen < count;
  const char* shown = in_range ? options[static_cast<std::size_t>(*chosen)].c_str() : (preview ? preview : "");
  const ImGuiID id = ImGui::GetID(label);
  bool changed = false;
  ImRect rect;
  if (ImGui::BeginCombo(label, shown)) {  // open: the popup's window is now the last item; where it was drawn last
    for (const Node& n : a11y::M().sent)
      if (n.id == id) rect = ImRect(n.x, n.y, n.x + n.w, n.y + n.h);
    for (int i = 0; i < count; ++i) {
      ImGui::PushID(i);
      if (ImGui::Selectable(options[static_cast<std::size_t>(i)].c_str(), i == *chosen) && i != *chosen) {
        *chosen = i;
        changed = true;
      }
      if (i == *chosen) ImGui::SetItemDefaultFocus();
      if (static_cast<std::size_t>(i) < tips.size() && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tips[static_cast<std::size_t>(i)].c_str());
      ImGui::PopID();
    }
    ImGui::EndCombo();
  } else {
    rect = GImGui->LastItemData.Rect;
  }
  std::string value;
  long i = -1;
  if (a11y::TakeValue(id, &value) && a11y::ParseInt(value, &i)) {
    if (i >= 0 && i < count && i != *chosen) {
      *chosen = static_cast<int>(i);
      changed = true;
    }
  }
  Node& n = a11y::NoteRect(Role::combo, a11y::Shown(label), id, rect);
  n.options = options;
  n.now = static_cast<float>(*chosen);
  n.value = *chosen >= 0 && *chosen < count ? options[static_cast<std::size_t>(*chosen)] : shown;
  return changed;
}

namespace {

// A collapsing header or tree node: activating it opens or closes it, as a click on it does.
bool Disclosure(const char* label, ImGuiTreeNodeFlags flags, bool header) {
  const ImGuiID id = ImGui::GetID(label);
  if (a11y::TakeActivate(id)) {
    const bool was_open = ImGui::GetStateStorage()->GetInt(id, (flags & ImGuiTreeNodeFlags_DefaultOpen) ? 1 : 0);
    ImGui::SetNextItemOpen(!was_open, ImGuiCond_Always);
  }
  const bool open = header ? ImGui::CollapsingHeader(label, flags) : ImGui::TreeNodeEx(label, flags);
  Node& n = a11y::NoteLast(Role::disclosure, a11y::Shown(label), id);
  n.on = open;
  n.level = header ? 2 : 3;
  return open;
}

}  // namespace

bool CollapsingHeader(const char* label, ImGuiTreeNodeFlags flags) { return Disclosure(label, flags, true); }

bool TreeNode(const char* label) { return Disclosure(label, 0, false); }

bool BeginTabBar(const char* str_id, ImGuiTabBarFlags flags) {
  if (!ImGui::BeginTabBar(str_id, flags)) return false;
  const ImGuiTabBar* bar = GImGui->CurrentTabBar;
  a11y::M().tab_bar = bar->ID;
  a11y::NoteRect(Role::tablist, "", bar->ID, bar->BarRect);
  return true;
}

bool BeginTabItem(const char* label, bool* open, ImGuiTabItemFlags flags) {
  const ImGuiID id = ImGui::GetID(label);
  if (a11y::TakeActivate(id)) flags |= ImGuiTabItemFlags_SetSelected;
  const bool selected = ImGui::BeginTabItem(label, open, flags);
  Node& n = a11y::NoteLast(Role::tab, a11y::Shown(label), id);
  n.group = a11y::M().tab_bar;
  n.on = selected;
  return selected;
}

bool MenuItem(const char* label, const char* shortcut, bool selected, bool enabled) {
  bool pressed = ImGui::MenuItem(label, shortcut, selected, enabled);
  const ImGuiID id = ImGui::GetItemID();
  a11y::NoteLast(Role::button, a11y::Shown(label), id).disabled = !enabled;
  if (a11y::TakeActivate(id) && enabled) {
    pressed = true;
    ImGui::CloseCurrentPopup();  // as a click on it closes its menu
  }
  return pressed;
}

void ProgressBar(float fraction, const ImVec2& size, const char* overlay) {
  ImGui::ProgressBar(fraction, size, overlay);
  Node& n = a11y::NoteLast(Role::progress, overlay ? overlay : "");
  n.lo = 0;
  n.hi = 1;
  n.now = ImSaturate(fraction);
  n.value = a11y::Format("%.0f%%", static_cast<double>(n.now * 100.0f));
}

// ----------------------------------------------------------------------------------------------------------------- text

void TextUnformatted(const char* text, const char* text_end) {
  ImGui::TextUnformatted(text, text_end);
  a11y::NoteLast(Role::text, text_end ? std::string(text, text_end) : std::string(text ? text : ""));
}

void Text(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const std::string s = a11y::FormatV(fmt, args);
  va_end(args);
  TextUnformatted(s.c_str());
}

void TextColored(const ImVec4& colour, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const std::string s = a11y::FormatV(fmt, args);
  va_end(args);
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  TextUnformatted(s.c_str());
  ImGui::PopStyleColor();
}

void TextDisabled(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const std::string s = a11y::FormatV(fmt, args);
  va_end(args);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  TextUnformatted(s.c_str());
  ImGui::PopStyleColor();
}

void TextWrapped(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const std::string s = a11y::FormatV(fmt, args);
  va_end(args);
  ImGui::PushTextWrapPos(0.0f);
  TextUnformatted(s.c_str());
  ImGui::PopTextWrapPos();
}

void Heading(const char* text, int level) {
  ImGui::TextUnformatted(text);
  a11y::NoteLast(Role::heading, text).level = level;
}

void SetTooltip(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const std::string s = a11y::FormatV(fmt, args);
  va_end(args);
  a11y::PlaceTooltip();
  ImGui::BeginTooltipEx(ImGuiTooltipFlags_OverridePreviousTooltip, ImGuiWindowFlags_None);  // as ImGui::SetTooltip
  ImGui::TextUnformatted(s.c_str());
  ImGui::EndTooltip();
}

void BeginTooltip() {
  a11y::PlaceTooltip();
  ImGui::BeginTooltip();
}

bool ItemEditDone() { return ImGui::IsItemDeactivatedAfterEdit() || a11y::LastSetByMirror(); }

}  // namespace attnlab::ui
