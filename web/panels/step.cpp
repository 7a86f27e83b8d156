// Step by step: one query's computation, qⁱ, kʲ, α = q·k/√d, α', b = Σ α'v, with the model's real numbers.
//
// Convention: one token per ROW (as the engine stores them), so Q = I·Wq and A = Q·Kᵀ (row = query). The
// lecture draws tokens as columns (Q = Wq·I, A = Kᵀ·Q): the same numbers, transposed.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/panels/image_views.h"
#include "web/panels/math_panels.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// A vector as coloured cells with its name and formula in front.
static void NamedVector(const char* name, const float* v, int n, float range, float cell) {
  ui::TextUnformatted(name);
  ImGui::SameLine(ImGui::GetFontSize() * 7);
  ui::VectorCells(name, v, n, range, cell);
}

// The keys' table for a screen reader, the worked formula in numbers: one row per key j with kʲ, α, α' and vʲ, and as
// its sentence bⁱ = Σⱼ α'ⱼ vʲ written out with the largest weights first.
static ui::a11y::Table WorkedTable(const App& app, int i, int T, int Dh, const CView<float>& K, const CView<float>& V,
                                   const CView<float>& S_, const CView<float>& A_, const std::uint8_t* allowed,
                                   const std::vector<float>& b, const char* norm) {
  auto row = [](const CView<float>& m, int r) { return m.data() + static_cast<long>(r) * m.outerStride(); };
  const std::vector<std::string>& tokens = app.view.tokens;
  ui::a11y::Table t;
  t.caption = ui::fill(S().step_table_caption, {{"q", tokens[static_cast<std::size_t>(i)]}, {"norm", norm}});
  t.rows = T;
  t.cols = 4;
  t.col_labels = {S().step_col_k, S().step_col_alpha, S().step_col_alpha_norm, S().step_col_v};
  char buf[48];
  std::vector<int> order;
  for (int j = 0; j < T; ++j) {
    t.row_labels.push_back(tokens[static_cast<std::size_t>(j)]);
    t.texts.push_back(ui::VectorText(row(K, j), Dh));
    std::snprintf(buf, sizeof buf, "%.3f", static_cast<double>(S_(i, j)));
    t.texts.push_back(allowed[i * T + j] ? buf : S().step_masked);
    std::snprintf(buf, sizeof buf, "%.3f", static_cast<double>(A_(i, j)));
    t.texts.push_back(buf);
    t.texts.push_back(ui::VectorText(row(V, j), Dh));
    order.push_back(j);
  }
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return A_(i, x) > A_(i, y); });
  const int shown = std::min(T, 3);
  std::string terms;
  for (int k = 0; k < shown; ++k) {
    const int j = order[static_cast<std::size_t>(k)];
    std::snprintf(buf, sizeof buf, "%.2f·v('", static_cast<double>(A_(i, j)));
    terms += (k ? " + " : "") + std::string(buf) + tokens[static_cast<std::size_t>(j)] + "')";
  }
  if (T > shown) terms += ui::fill(S().step_table_more, {{"n", std::to_string(T - shown)}});
  t.summary = ui::fill(S().step_table_worked, {{"terms", terms}, {"b", ui::VectorText(b.data(), Dh)}});
  return t;
}

void ShowStepPanel(App& app, PanelTextures&) {
  const SeqModel<float>* tg = MathPanelHeader(app, S().step_intro);
  if (!tg) {
    ShowExportMenu(app, Panel::step);
    return;
  }
  const ModelConfig& c = tg->config();
  const int T = app.view.len, D = c.dim, H = c.heads, Dh = D / H;
  const bool image = ShowsImage(app);
  if (image) {
    // an image's query is a pixel: picked on a small copy of the image (the setting `pixel`, as Attention's)
    ShowExportMenu(app, Panel::step);
    QueryPixelPicker(app, ImGui::GetFontSize() * 5);
    ImGui::SameLine();
    ui::TextDisabled(S().step_img_query, app.view.tokens[static_cast<std::size_t>(app.query_pixel())].c_str());
  } else {
    ImGui::SameLine();
    app.picks.query = std::clamp(app.picks.query, 0, T - 1);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    const std::vector<std::string> tokens(app.view.tokens.begin(), app.view.tokens.begin() + T);
    ui::Combo(S().step_query, &app.picks.query, tokens);
    ShowExportMenu(app, Panel::step);
  }
  const int l = app.picks.layer, h = app.picks.head, i = image ? app.query_pixel() : app.picks.query;
  // this layer's input and head h's columns of Q, K, V, O for the shown sentence (sequence 0)
  const CView<float> I = tg->attention_computed(AttnComputed::input, l, 0);  // (T, D)
  const CView<float> Q = tg->attention_computed(AttnComputed::q, l, 0, h);   // (T, Dh)
  const CView<float> K = tg->attention_computed(AttnComputed::k, l, 0, h);
  const CView<float> V = tg->attention_computed(AttnComputed::v, l, 0, h);
  const CView<float> O = tg->attention_computed(AttnComputed::o, l, 0, h);
  auto row = [](const CView<float>& m, int r) { return m.data() + static_cast<long>(r) * m.outerStride(); };
  const float* q = row(Q, i);
  const std::uint8_t* allowed = tg->attention_mask(0);
  CView<float> S_ = tg->attention_scores(l, 0, h);
  CView<float> A_ = tg->attention_weights(l, 0, h);

  float range = 1e-6f;
  for (int t = 0; t < T; ++t)
    for (int d = 0; d < Dh; ++d) {
      range = std::max(range, std::fabs(Q(t, d)));
      range = std::max(range, std::fabs(K(t, d)));
      range = std::max(range, std::fabs(V(t, d)));
    }
  float in_range = 1e-6f;
  for (int d = 0; d < D; ++d) in_range = std::max(in_range, std::fabs(I(i, d)));
  const float cell =
      std::clamp((ImGui::GetContentRegionAvail().x * 0.3f) / static_cast<float>(std::max(D, Dh)), 4.0f, 16.0f);

  ImGui::Separator();
  char label[128];
  std::snprintf(label, sizeof label, S().step_a, app.view.tokens[static_cast<std::size_t>(i)].c_str());
  NamedVector(label, row(I, i), D, in_range, cell);
  HelpMarker(S().step_a_help);
  NamedVector(S().step_q, q, Dh, range, cell);
  HelpMarker(S().step_q_help);

  // One row per key j: kʲ, α = q·kʲ/√Dh, α' = norm(α), vʲ.
  const bool additive = c.relevance == Relevance::additive;
  ui::TextUnformatted(additive ? S().step_formula_additive : S().step_formula_dot);
  ImGui::SameLine();
  ui::TextDisabled(S().step_norm_is, to_string(c.norm));
  const ImVec2 table_min = ImGui::GetCursorScreenPos();
  const bool table = ImGui::BeginTable(
      "##keys", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY,
      ImVec2(0, std::max(ImGui::GetFontSize() * 6, ImGui::GetContentRegionAvail().y - ImGui::GetFontSize() * 4)));
  if (table) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(S().step_col_key, ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5);
    ImGui::TableSetupColumn(S().step_col_k, ImGuiTableColumnFlags_WidthFixed, cell * static_cast<float>(Dh) + 4);
    ImGui::TableSetupColumn(S().step_col_alpha, ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(S().step_col_alpha_norm, ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(S().step_col_v, ImGuiTableColumnFlags_WidthFixed, cell * static_cast<float>(Dh) + 4);
    ImGui::TableHeadersRow();
    const bool asks = lesson_asks_for_token(app) && app.picks.query == T - 1;
    float smax = 1e-6f;
    for (int j = 0; j < T; ++j) smax = std::max(smax, std::fabs(S_(i, j)));
    for (int j = 0; j < T; ++j) {
      ImGui::TableNextRow();
      ImGui::PushID(j);
      const bool ok = allowed[i * T + j] != 0;
      ImGui::TableNextColumn();
      if (asks) {  // the lesson asks which key: a click on it is the answer
        if (ui::SmallButton(app.view.tokens[static_cast<std::size_t>(j)].c_str()))
          app.set_state({{"guess", std::to_string(j)}});
        if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().step_pick_key);
      } else {
        ImGui::TextUnformatted(app.view.tokens[static_cast<std::size_t>(j)].c_str());  // (read in the table below)
      }
      ImGui::TableNextColumn();
      ui::VectorCells("k", row(K, j), Dh, range, cell, false);
      ImGui::TableNextColumn();
      if (ok) ui::ValueBar(S_(i, j), -smax, smax, ImVec2(-1, ImGui::GetTextLineHeight()), "%.3f");
      else ui::TextDisabled("%s", S().step_masked);
      ImGui::TableNextColumn();
      ui::ValueBar(A_(i, j), 0.0f, 1.0f, ImVec2(-1, ImGui::GetTextLineHeight()), "%.3f");
      ImGui::TableNextColumn();
      ui::VectorCells("v", row(V, j), Dh, range, cell, false);
      ImGui::PopID();
    }
  }
  // b = Σⱼ α'ⱼ vʲ, computed here from the numbers above, and the engine's own result beside it.
  std::vector<float> b(static_cast<std::size_t>(Dh), 0.0f);
  float sum = 0;
  for (int j = 0; j < T; ++j) {
    sum += A_(i, j);
    for (int d = 0; d < Dh; ++d) b[static_cast<std::size_t>(d)] += A_(i, j) * V(j, d);
  }
  if (table) {
    ImGui::EndTable();
    const ImVec2 table_max(table_min.x + ImGui::GetContentRegionAvail().x, ImGui::GetCursorScreenPos().y);
    ui::a11y::NoteTable(ImGui::GetID("##keys"), table_min, table_max,
                        WorkedTable(app, i, T, Dh, K, V, S_, A_, allowed, b, to_string(c.norm)));
  }
  NamedVector(S().step_b, b.data(), Dh, range, cell);
  HelpMarker(S().step_b_help);
  float err = 0;
  for (int d = 0; d < Dh; ++d) err = std::max(err, std::fabs(b[static_cast<std::size_t>(d)] - O(i, d)));
  ui::TextDisabled(S().step_check, static_cast<double>(sum), static_cast<double>(err));
}

}  // namespace attnlab
