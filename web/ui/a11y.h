// The semantic mirror's collecting side: every widget and every text the panels draw, noted as it is drawn, with
// what a screen reader needs (role, visible label, value, range, state) and where it is on the screen. The page
// (web/platform/a11y_dom.cpp) turns the notes into real HTML controls over the canvas; acting on one of them
// (a screen reader's "activate", Tab and the arrow keys) comes back here and is applied by the same widget in the
// next frame, exactly where a click or a drag would be: the widget returns true, the panel's code does the rest.
//
// The panels draw through the functions below, which take Dear ImGui's arguments, call Dear ImGui and note what
// they drew: a widget on the screen is in the mirror because it was drawn, in the language it was drawn in.
// A frame that draws the same as the last one changes nothing (TakeChange is empty), so the page touches no
// DOM node.
#pragma once

#include <cfloat>
#include <cstdint>
#include <string>
#include <vector>

#include "imgui.h"

namespace attnlab::ui {

namespace a11y {

// What a node is to a screen reader (the page maps it to an HTML element: a <button>, an <input type=range>, ...).
enum class Role : std::uint8_t {
  text,        // a paragraph or a number drawn
  note,        // a (?) marker's help text
  heading,     // a panel's or section's name
  button,      //
  checkbox,    // on = checked
  radio,       // on = chosen; radios drawn one after another form a group (`group`)
  slider,      // lo, hi, step, now; value = the number as shown
  number,      // a number field (now; lo/hi when bounded)
  combo,       // options, now = the chosen index
  tablist,     // the tab bar (its tabs name it as their group)
  tab,         // on = selected
  disclosure,  // a collapsing header or tree node; on = open
  textbox,     // value = its text
  progress,    // now in [0, 1]
  grid,        // a heatmap's numbers: cells row by row, with row and column headers; label: its caption,
               // value: a sentence computed from the numbers
};
const char* RoleName(Role role);  // "button", "slider", ... (the page's and the tests' name)

struct Node {
  ImGuiID id = 0;     // Dear ImGui's ID for a widget; for a text, its window's ID mixed with its place there
  ImGuiID group = 0;  // a tab's tab bar, a radio's first radio
  Role role = Role::text;
  std::string label;                 // what is shown (the text after "##" in a label is not), in the language drawn
  std::string value;                 // how the value reads: "0.0030", "softmax", a field's text
  std::vector<std::string> options;  // a combo's choices
  float lo = 0, hi = 0, step = 0, now = 0;  // a slider's range and position, a combo's index, a bar's fraction
  int level = 0;                            // a heading's level: 2 a panel, 3 a section
  bool on = false;                          // checked, chosen, selected or open (by role)
  bool disabled = false;
  bool read_only = false;
  float x = 0, y = 0, w = 0, h = 0;                 // where it is drawn (CSS pixels), cut to its window's visible part
  int rows = 0, cols = 0;                           // a grid's shape
  std::vector<std::string> row_labels, col_labels;  // a grid's headers (empty: numbered 1, 2, ...)
  std::vector<float> cells;                         // a grid's numbers, row by row
  std::vector<std::string> texts;                   // or its cells as words, row by row (a pixel's tag)
  bool percent = false;                             // a grid's numbers are shares (α'), read as percentages

  bool operator==(const Node& o) const;
  bool operator!=(const Node& o) const { return !(*this == o); }
};

// What changed since the last TakeChange: the nodes new or different, the IDs no longer drawn, and the IDs of
// every node in drawing order (which is the visual order: panels top to bottom, left column before the views)
// when that order is not the last one's.
struct Change {
  std::vector<Node> upsert;
  std::vector<ImGuiID> removed;
  std::vector<ImGuiID> order;
  bool reordered = false;
  bool empty() const { return upsert.empty() && removed.empty() && !reordered; }
};

// The frame (called by the platform): BeginFrame before ImGui::NewFrame, TakeChange after ImGui::Render (in the
// browser: the desktop has no page to hand the change to).
void BeginFrame();
const std::vector<Node>& Nodes();  // this frame's so far, in drawing order
Change TakeChange();
void Reset();  // forget everything (a test's new context)
// Off: nothing is noted, TakeChange gives nothing (for the page benchmark's figure of what the mirror costs); on
// again: the next TakeChange gives every node, as to a new page.
void SetEnabled(bool on);
bool Enabled();

// From the page: a control was activated (click, Enter, Space) or set to a value (a slider's position, a
// combo's index, a field's text, as text). The widget of that ID applies it in the next frame; an action for a
// widget not drawn then is dropped.
void Activate(ImGuiID id);
void SetValue(ImGuiID id, const std::string& value);
// The page's focus is on this node (0: on none of them): the widget draws a focus ring around itself and, the
// first frame, its window scrolls to show it.
// On a grid, `cell` is the cell focused (row · cols + column; -1: the grid itself).
void Focus(ImGuiID id, int cell = -1);
ImGuiID Focused();
// Escape was pressed in the page's layer: the platform closes the open popup (a menu, a combo's list) and the
// drawer in its next frame (TakeEscape says so once).
void Escape();
bool TakeEscape();

// Says `text` in the page's polite live region: what a sighted student sees change by itself (a reveal, a notice,
// training paused). A screen reader reads it when it is free. TakeAnnouncement (the platform) gives what is to be
// said since its last call, "" for nothing.
void Announce(const std::string& text);
std::string TakeAnnouncement();

// The page's title (document.title; for an embedded page also the name a screen reader gives its frame when the
// course page gave none): set every frame by the layout, taken by the platform when it changed.
void SetTitle(const std::string& title);
bool TakeTitle(std::string* title);

// True when the last widget drawn was set through the mirror in this frame: a whole edit, as when the pointer
// lets go of a slider (panels that act on release ask ItemEditDone below).
bool LastSetByMirror();

// The accessible name of the next widget: one whose label is hidden ("##value" beside a text drawn apart), or is a
// sign rather than a word (the narrow page's "≡").
void SetNextName(const char* name);

// A heatmap's numbers, noted as a grid over `min`-`max` (the cells), its caption the text drawn just before it
// ("layer 1 · head 2") and its value GridSummary's sentence. While the numbers change (training), the node takes
// them at most once a second (a screen reader reads a table, not an animation). A grid of more than
// kMaxGridCells cells is noted as its caption and sentence alone.
constexpr int kMaxGridCells = 2500;
void NoteGrid(ImGuiID id, ImVec2 min, ImVec2 max, const float* data, int rows, int cols,
              const std::vector<std::string>& row_labels, const std::vector<std::string>& col_labels, bool percent);
// A chart's or a picture's data as a table (a grid node): what NoteGrid does for a heatmap, with the sentence
// written by the caller, who knows what the numbers are (a loss by step, a share, a pixel's tag), and cells that may
// be words. Its caption is `caption`, or the text drawn just before it. It follows a change at most once a second.
struct Table {
  std::string caption;
  int rows = 0, cols = 0;
  std::vector<std::string> row_labels, col_labels;
  std::vector<float> cells;        // row by row; NaN: no value (read "–")
  std::vector<std::string> texts;  // row by row, when the cells are words rather than numbers
  bool percent = false;
  std::string summary;
  bool operator==(const Table& o) const;
  bool operator!=(const Table& o) const { return !(*this == o); }
};
void NoteTable(ImGuiID id, ImVec2 min, ImVec2 max, Table table);

// The cell of grid `id` the page's focus is on (row -1: none); true when it was activated in this frame (Enter or
// Space on it), as a click on that cell.
bool GridCell(ImGuiID id, int* row, int* col);
// One sentence on a matrix, from its numbers, in the interface's language: where each row is largest (on the
// diagonal, one column to the right, in one column, ...: the pattern of most rows, for a square matrix) and the
// largest value with its row and column ('saw' (4) and 'saw' (2): 71 %).
std::string GridSummary(const float* data, int rows, int cols, const std::vector<std::string>& row_labels,
                        const std::vector<std::string>& col_labels, bool percent);

// The keyboard is on a cell drawn at `min`-`max` of a grid: the tooltip SetTooltip or BeginTooltip shows in this
// frame goes beside that cell, not at the mouse (for a magnifier's user, and for a sighted keyboard user).
void TooltipBeside(ImVec2 min, ImVec2 max);

// Notes the last item drawn (ImGui's last item rectangle) as a node of this role. For widgets.cpp's own
// drawings; the panels use the widgets below.
Node& NoteLastItem(Role role, const char* label, ImGuiID id = 0);

}  // namespace a11y

// Dear ImGui's widgets, same arguments and results, noted in the mirror (and acted on from it).
bool Button(const char* label, const ImVec2& size = ImVec2(0, 0));
bool SmallButton(const char* label);
bool ArrowButton(const char* str_id, ImGuiDir dir, const char* name);  // name: what the arrow means
bool Checkbox(const char* label, bool* v);
bool RadioButton(const char* label, bool active);
bool SliderInt(const char* label, int* v, int lo, int hi, const char* format = "%d", ImGuiSliderFlags flags = 0);
bool SliderFloat(const char* label, float* v, float lo, float hi, const char* format = "%.3f",
                 ImGuiSliderFlags flags = 0);
bool InputInt(const char* label, int* v);
bool InputInt2(const char* label, int v[2]);
bool InputText(const char* label, std::string* text, ImGuiInputTextFlags flags = 0);
bool InputTextWithHint(const char* label, const char* hint, std::string* text, ImGuiInputTextFlags flags = 0);
// A combo box of `options`, *chosen the index shown (out of range: `preview` or nothing shown). True when the
// user picked another option (*chosen is then its index). `tips`: a tooltip per option, shown on hover.
bool Combo(const char* label, int* chosen, const std::vector<std::string>& options, const char* preview = nullptr,
           const std::vector<std::string>& tips = {});
// The index of `value` in `options`, -1 when it is not there.
int ChoiceIndex(const std::vector<std::string>& options, const std::string& value);
bool CollapsingHeader(const char* label, ImGuiTreeNodeFlags flags = 0);
bool TreeNode(const char* label);  // TreePop as Dear ImGui's
bool BeginTabBar(const char* str_id, ImGuiTabBarFlags flags = 0);
bool BeginTabItem(const char* label, bool* open = nullptr, ImGuiTabItemFlags flags = 0);
bool MenuItem(const char* label, const char* shortcut = nullptr, bool selected = false, bool enabled = true);
void ProgressBar(float fraction, const ImVec2& size = ImVec2(-FLT_MIN, 0), const char* overlay = nullptr);
void Text(const char* fmt, ...) IM_FMTARGS(1);
void TextColored(const ImVec4& colour, const char* fmt, ...) IM_FMTARGS(2);
void TextDisabled(const char* fmt, ...) IM_FMTARGS(1);
void TextWrapped(const char* fmt, ...) IM_FMTARGS(1);
void TextUnformatted(const char* text, const char* text_end = nullptr);
// A heading of `level` (2 a panel, 3 a section) drawn as a line of text.
void Heading(const char* text, int level = 3);

// Dear ImGui's tooltips, beside the keyboard's cell when a grid's cell has the page's focus (TooltipBeside).
void SetTooltip(const char* fmt, ...) IM_FMTARGS(1);
void BeginTooltip();  // EndTooltip as Dear ImGui's

// ImGui::IsItemDeactivatedAfterEdit, or the mirror set the item this frame (both are a finished edit).
bool ItemEditDone();

}  // namespace attnlab::ui
