// Embeddings: one-hot vectors vs the learned word embeddings (the lecture's first idea). Left, the one-hot
// picture: an identity matrix, every word on its own axis. Right, the rows of the embedding table E projected
// to 2-D by PCA (App::ensure_embeddings, engine/train/embeddings.h), coloured by each word's most frequent
// tag, with the share of words whose nearest neighbour shares it.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/panels/controls.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// Eight words as one-hot rows: 1 on the diagonal, 0 elsewhere.
static void OneHotPicture(const std::vector<std::string>& words, float size) {
  const int n = static_cast<int>(std::min<std::size_t>(words.size(), 8));
  if (n == 0) return;
  float label_w = 0;
  for (int i = 0; i < n; ++i) label_w = std::max(label_w, ImGui::CalcTextSize(words[i].c_str()).x);
  const float cell = std::max(8.0f, (size - label_w - 8) / static_cast<float>(n));
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < n; ++i) {
    const float y = o.y + static_cast<float>(i) * cell;
    dl->AddText(ImVec2(o.x, y + (cell - ImGui::GetTextLineHeight()) / 2), ImGui::GetColorU32(ImGuiCol_Text),
                words[i].c_str());
    for (int j = 0; j < n; ++j) {
      const ImVec2 a(o.x + label_w + 8 + static_cast<float>(j) * cell, y);
      const ImVec2 b(a.x + cell - 1, a.y + cell - 1);
      dl->AddRectFilled(a, b, i == j ? ui::CategoryColour(0) : IM_COL32(40, 44, 54, 255));
      dl->AddText(ImVec2(a.x + cell / 2 - 3, a.y + (cell - ImGui::GetTextLineHeight()) / 2),
                  IM_COL32(230, 230, 230, 255), i == j ? "1" : "0");
    }
  }
  ImGui::Dummy(ImVec2(label_w + 8 + cell * static_cast<float>(n), cell * static_cast<float>(n)));
  // the same numbers for a screen reader: the identity matrix, words as headers
  std::vector<float> identity(static_cast<std::size_t>(n * n), 0.0f);
  for (int i = 0; i < n; ++i) identity[static_cast<std::size_t>(i * n + i)] = 1.0f;
  const std::vector<std::string> shown(words.begin(), words.begin() + n);
  ui::a11y::NoteGrid(ImGui::GetID("##onehot"), ImVec2(o.x + label_w + 8, o.y), ImGui::GetItemRectMax(), identity.data(),
                     n, n, shown, shown, false);
}

// The scatter plot's points for a screen reader: one row per word, its place (x, y), its tag and its nearest word;
// the sentence is the score printed above the plot.
static ui::a11y::Table ScatterTable(const App& app, const EmbeddingMap& m, const char* score) {
  ui::a11y::Table t;
  t.caption = S().emb_learned_table;
  t.cols = 4;
  t.col_labels = {"x", "y", S().emb_col_tag, S().emb_col_nearest};
  t.summary = score;
  char buf[32];
  for (std::size_t i = 0; i < m.words.size() && 2 * i + 1 < m.points.size(); ++i) {
    t.row_labels.push_back(m.words[i]);
    for (int k = 0; k < 2; ++k) {
      std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(m.points[2 * i + static_cast<std::size_t>(k)]));
      t.texts.push_back(buf);
    }
    t.texts.push_back(i < m.tags.size() ? app.tag_name(m.tags[i]) : "");
    const int j = i < m.neighbour.size() ? m.neighbour[i] : -1;
    t.texts.push_back(j >= 0 && j < static_cast<int>(m.words.size()) ? m.words[static_cast<std::size_t>(j)] : "");
  }
  t.rows = static_cast<int>(t.row_labels.size());
  return t;
}

void ShowEmbeddingsPanel(App& app, PanelTextures&) {
  ui::Intro(S().emb_intro, app.picks.compact);
  app.ensure_embeddings();
  const EmbeddingView& e = app.embeddings;
  if (!e.error.empty()) {
    // the two problems the page itself can name in the interface's language; the engine's others in its words
    if (!app.runs.main.trainer) NoModel(app);
    else if (app.runs.data && app.runs.data->input != InputMode::tokens)
      ui::TextColored(ImVec4(1, 0.7f, 0.4f, 1), S().emb_none, S().emb_not_words);
    else ui::TextColored(ImVec4(1, 0.7f, 0.4f, 1), S().emb_none, e.error.c_str());
    ShowExportMenu(app, Panel::embeddings);
    return;
  }
  const EmbeddingMap& m = e.map;
  char score[200];
  std::snprintf(score, sizeof score, S().emb_score, 100.0 * m.same_tag, m.words.size(), 100.0 * e.start_same_tag,
                100.0 * m.chance);
  ui::Prose(score);
  HelpMarker(S().emb_score_help);
  ShowExportMenu(app, Panel::embeddings);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const bool side_by_side = avail.x > ImGui::GetFontSize() * 24;
  const float onehot_w = std::min(side_by_side ? avail.x * 0.32f : avail.x, ImGui::GetFontSize() * 14);
  ImGui::BeginGroup();
  ui::TextUnformatted(S().emb_onehot);
  OneHotPicture(m.words, onehot_w);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + onehot_w);
  ui::TextDisabled("%s", S().emb_onehot_note);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  if (side_by_side) ImGui::SameLine(0, ImGui::GetFontSize());

  ImGui::BeginGroup();
  ui::Text(S().emb_learned, 100.0 * m.explained);
  // the legend: the tags that occur, in their colours
  const std::vector<std::string>& tags = app.tag_names();
  std::vector<bool> used(tags.size(), false);
  for (int t : m.tags)
    if (t >= 0 && t < static_cast<int>(used.size())) used[static_cast<std::size_t>(t)] = true;
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (std::size_t t = 0; t < tags.size(); ++t) {
    if (!used[t]) continue;
    if (!first) {  // wrap the legend at the edge
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + ImGui::CalcTextSize(tags[t].c_str()).x > right) ImGui::NewLine();
    }
    first = false;
    ui::TextColored(ImGui::ColorConvertU32ToFloat4(ui::CategoryColour(static_cast<int>(t))), "%s", tags[t].c_str());
  }
  std::vector<ImU32> colours;
  for (int t : m.tags) colours.push_back(ui::CategoryColour(t));
  const ImVec2 left = ImGui::GetContentRegionAvail();
  const float side = std::max(120.0f, std::min(left.x, left.y - ImGui::GetFontSize() * 2));
  const ImGuiID plot_id = ImGui::GetID("##emb");
  int key_row = -1, key_col = -1;  // the keyboard's word in the table below: ringed, its tooltip shown
  ui::a11y::GridCell(plot_id, &key_row, &key_col);
  const int hovered = ui::ScatterPlot("##emb", m.points, colours, m.words, 25, ImVec2(left.x, side), key_row);
  ui::a11y::NoteTable(plot_id, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), ScatterTable(app, m, score));
  if (hovered >= 0) {
    const std::size_t i = static_cast<std::size_t>(hovered);
    const std::size_t j = static_cast<std::size_t>(m.neighbour[i]);
    ui::SetTooltip(S().emb_hover, m.words[i].c_str(), app.tag_name(m.tags[i]).c_str(), m.words[j].c_str(),
                   app.tag_name(m.tags[j]).c_str());
  }
  ImGui::EndGroup();
}

}  // namespace attnlab
