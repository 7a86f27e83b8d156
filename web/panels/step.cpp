// The lecture's computation with the model's real numbers: one query step by step, then the matrix form.
//
// Convention: one token per ROW (as the engine stores them), so Q = I·Wq and A = Q·Kᵀ (row = query). The
// lecture draws tokens as columns (Q = Wq·I, A = Kᵀ·Q): the same numbers, transposed.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/models/attention_model.h"
#include "imgui.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// The attention model behind the main run, after a forward pass of the shown input; null otherwise.
static const Tagger<float>* shown_tagger(App& app, const char** why) {
  *why = nullptr;
  if (!app.main.trainer) { *why = S().data_no_model; return nullptr; }
  if (!app.view.error.empty()) { *why = app.view.error.c_str(); return nullptr; }
  auto* am = dynamic_cast<AttentionModel<float>*>(&app.main.trainer->model());
  if (!am) { *why = S().math_not_attention; return nullptr; }
  // The model's caches hold its last forward pass: make sure that was the shown input (a training step or
  // an evaluation may have run since).
  if (app.view.T > 0 && (app.main.trainer->model().batch_size() != 1 || app.main.trainer->model().seq_len() != app.view.T))
    app.refresh_view();
  if (app.view.T == 0 || !app.view.error.empty()) { *why = app.view.error.empty() ? S().attn_none : app.view.error.c_str(); return nullptr; }
  return &am->tagger();
}

static void LayerHeadPickers(App& app, int L, int H) {
  const float w = ImGui::GetFontSize() * 6;
  app.layer_pick = std::clamp(app.layer_pick, 0, L - 1);
  app.head_pick = std::clamp(app.head_pick, 0, H - 1);
  int l = app.layer_pick + 1, h = app.head_pick + 1;
  ImGui::SetNextItemWidth(w);
  if (ImGui::SliderInt(S().math_layer, &l, 1, L)) app.layer_pick = l - 1;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
  if (ImGui::SliderInt(S().math_head, &h, 1, H)) app.head_pick = h - 1;
}

// A vector as coloured cells with its name and formula in front.
static void NamedVector(const char* name, const float* v, int n, float range, float cell) {
  ImGui::TextUnformatted(name);
  ImGui::SameLine(ImGui::GetFontSize() * 7);
  ui::VectorCells(name, v, n, range, cell);
}

// The top of both panels: the teaching text, then the layer and head pickers, or why there is nothing to show.
static const Tagger<float>* MathPanelHeader(App& app, const char* intro) {
  ui::Prose(intro);
  const char* why = nullptr;
  const Tagger<float>* tg = shown_tagger(app, &why);
  if (!tg) {
    ImGui::TextDisabled("%s", why);
    return nullptr;
  }
  LayerHeadPickers(app, tg->config().layers, tg->config().heads);
  return tg;
}

void ShowStepPanel(App& app) {
  const Tagger<float>* tg = MathPanelHeader(app, S().step_intro);
  if (!tg) return;
  const TaggerConfig& c = tg->config();
  const int T = app.view.T, D = c.dim, H = c.heads, Dh = D / H;
  ImGui::SameLine();
  app.query_pick = std::clamp(app.query_pick, 0, T - 1);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::BeginCombo(S().step_query, app.view.tokens[static_cast<std::size_t>(app.query_pick)].c_str())) {
    for (int i = 0; i < T; ++i) {
      ImGui::PushID(i);
      if (ImGui::Selectable(app.view.tokens[static_cast<std::size_t>(i)].c_str(), i == app.query_pick)) app.query_pick = i;
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  const int l = app.layer_pick, h = app.head_pick, i = app.query_pick;
  const AttentionCache<float>& cache = tg->attention_cache(l);
  CView<float> I = tg->attention_input(l);  // (T, D)
  const float* q = cache.q.data() + static_cast<long>(i) * D + h * Dh;
  const std::uint8_t* allowed = tg->attention_mask(0);
  CView<float> S_ = tg->attention_scores(l, 0, h);
  CView<float> A_ = tg->attention_weights(l, 0, h);

  float range = 1e-6f;
  for (int t = 0; t < T; ++t)
    for (int d = 0; d < Dh; ++d) {
      range = std::max(range, std::fabs(cache.q[static_cast<std::size_t>(t * D + h * Dh + d)]));
      range = std::max(range, std::fabs(cache.k[static_cast<std::size_t>(t * D + h * Dh + d)]));
      range = std::max(range, std::fabs(cache.v[static_cast<std::size_t>(t * D + h * Dh + d)]));
    }
  float in_range = 1e-6f;
  for (int d = 0; d < D; ++d) in_range = std::max(in_range, std::fabs(I(i, d)));
  const float cell = std::clamp((ImGui::GetContentRegionAvail().x * 0.3f) / static_cast<float>(std::max(D, Dh)), 4.0f, 16.0f);

  ImGui::Separator();
  char label[128];
  std::snprintf(label, sizeof label, S().step_a, app.view.tokens[static_cast<std::size_t>(i)].c_str());
  NamedVector(label, I.data() + static_cast<long>(i) * I.outerStride(), D, in_range, cell);
  HelpMarker(S().step_a_help);
  NamedVector(S().step_q, q, Dh, range, cell);
  HelpMarker(S().step_q_help);

  // One row per key j: kʲ, α = q·kʲ/√Dh, α' = norm(α), vʲ.
  const bool additive = c.relevance == Relevance::additive;
  ImGui::TextUnformatted(additive ? S().step_formula_additive : S().step_formula_dot);
  ImGui::SameLine();
  ImGui::TextDisabled(S().step_norm_is, to_string(c.norm));
  if (ImGui::BeginTable("##keys", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY,
                        ImVec2(0, std::max(ImGui::GetFontSize() * 6, ImGui::GetContentRegionAvail().y - ImGui::GetFontSize() * 4)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(S().step_col_key, ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5);
    ImGui::TableSetupColumn(S().step_col_k, ImGuiTableColumnFlags_WidthFixed, cell * static_cast<float>(Dh) + 4);
    ImGui::TableSetupColumn(S().step_col_alpha, ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(S().step_col_alpha_norm, ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(S().step_col_v, ImGuiTableColumnFlags_WidthFixed, cell * static_cast<float>(Dh) + 4);
    ImGui::TableHeadersRow();
    float smax = 1e-6f;
    for (int j = 0; j < T; ++j) smax = std::max(smax, std::fabs(S_(i, j)));
    for (int j = 0; j < T; ++j) {
      ImGui::TableNextRow();
      ImGui::PushID(j);
      const bool ok = allowed[i * T + j] != 0;
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(app.view.tokens[static_cast<std::size_t>(j)].c_str());
      ImGui::TableNextColumn();
      ui::VectorCells("k", cache.k.data() + static_cast<long>(j) * D + h * Dh, Dh, range, cell);
      ImGui::TableNextColumn();
      if (ok) ui::ValueBar(S_(i, j), -smax, smax, ImVec2(-1, ImGui::GetTextLineHeight()), "%.3f");
      else ImGui::TextDisabled("%s", S().step_masked);
      ImGui::TableNextColumn();
      ui::ValueBar(A_(i, j), 0.0f, 1.0f, ImVec2(-1, ImGui::GetTextLineHeight()), "%.3f");
      ImGui::TableNextColumn();
      ui::VectorCells("v", cache.v.data() + static_cast<long>(j) * D + h * Dh, Dh, range, cell);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  // b = Σⱼ α'ⱼ vʲ, computed here from the numbers above, and the engine's own result beside it.
  std::vector<float> b(static_cast<std::size_t>(Dh), 0.0f);
  float sum = 0;
  for (int j = 0; j < T; ++j) {
    sum += A_(i, j);
    for (int d = 0; d < Dh; ++d) b[static_cast<std::size_t>(d)] += A_(i, j) * cache.v[static_cast<std::size_t>(j * D + h * Dh + d)];
  }
  NamedVector(S().step_b, b.data(), Dh, range, cell);
  HelpMarker(S().step_b_help);
  float err = 0;
  for (int d = 0; d < Dh; ++d)
    err = std::max(err, std::fabs(b[static_cast<std::size_t>(d)] - cache.o[static_cast<std::size_t>(i * D + h * Dh + d)]));
  ImGui::TextDisabled(S().step_check, static_cast<double>(sum), static_cast<double>(err));
}

void ShowMatrixPanel(App& app) {
  const Tagger<float>* tg = MathPanelHeader(app, S().matrix_intro);
  if (!tg) return;
  const TaggerConfig& c = tg->config();
  const int T = app.view.T, D = c.dim, H = c.heads, Dh = D / H;
  const int l = app.layer_pick, h = app.head_pick;
  const AttentionCache<float>& cache = tg->attention_cache(l);
  CView<float> I = tg->attention_input(l);
  const ParamStore<float>& ps = tg->params();
  const std::string p = "block" + std::to_string(l) + ".attn.";
  auto param = [&](const char* name) { return ps.value(static_cast<std::size_t>(ps.find(p + name))); };

  // Per-head slices of Q, K, V as contiguous (T, Dh) copies, and O (T, D).
  auto head_cols = [&](const Buffer<float>& m) {
    std::vector<float> out(static_cast<std::size_t>(T * Dh));
    for (int t = 0; t < T; ++t)
      for (int d = 0; d < Dh; ++d) out[static_cast<std::size_t>(t * Dh + d)] = m[static_cast<std::size_t>(t * D + h * Dh + d)];
    return out;
  };
  const std::vector<float> Qh = head_cols(cache.q), Kh = head_cols(cache.k), Vh = head_cols(cache.v), Oh = head_cols(cache.o);
  CView<float> Sc = tg->attention_scores(l, 0, h);
  CView<float> Aw = tg->attention_weights(l, 0, h);
  std::vector<float> A(static_cast<std::size_t>(T * T)), Ap(static_cast<std::size_t>(T * T));
  const std::uint8_t* allowed = tg->attention_mask(0);
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < T; ++j) {
      A[static_cast<std::size_t>(i * T + j)] = allowed[i * T + j] ? Sc(i, j) : 0.0f;
      Ap[static_cast<std::size_t>(i * T + j)] = Aw(i, j);
    }
  std::vector<float> Icopy(static_cast<std::size_t>(T * D));
  for (int t = 0; t < T; ++t)
    for (int d = 0; d < D; ++d) Icopy[static_cast<std::size_t>(t * D + d)] = I(t, d);
  auto absmax = [](const float* v, std::size_t n) {
    float m = 1e-6f;
    for (std::size_t k = 0; k < n; ++k) m = std::max(m, std::fabs(v[k]));
    return m;
  };

  struct Tile {
    const char* name;
    const float* data;
    int rows, cols;
    bool learned, sequential;
    const char* help;
    std::vector<std::string> row_labels, col_labels;
  };
  const std::vector<std::string>& tok = app.view.tokens;
  const CView<float> wq = param("wq"), wk = param("wk"), wv = param("wv"), wo = param("wo");
  // Wq's columns for head h, as a contiguous (D, Dh) copy (the part of Wq this head uses).
  auto head_w = [&](const CView<float>& w) {
    std::vector<float> out(static_cast<std::size_t>(D * Dh));
    for (int r = 0; r < D; ++r)
      for (int d = 0; d < Dh; ++d) out[static_cast<std::size_t>(r * Dh + d)] = w(r, h * Dh + d);
    return out;
  };
  const std::vector<float> Wqh = head_w(wq), Wkh = head_w(wk), Wvh = head_w(wv);
  const std::vector<Tile> tiles = {
      {"I", Icopy.data(), T, D, false, false, S().matrix_I_help, tok, {}},
      {"Wq", Wqh.data(), D, Dh, true, false, S().matrix_W_help, {}, {}},
      {"Wk", Wkh.data(), D, Dh, true, false, S().matrix_W_help, {}, {}},
      {"Wv", Wvh.data(), D, Dh, true, false, S().matrix_W_help, {}, {}},
      {"Q = I·Wq", Qh.data(), T, Dh, false, false, S().matrix_Q_help, tok, {}},
      {"K = I·Wk", Kh.data(), T, Dh, false, false, S().matrix_Q_help, tok, {}},
      {"V = I·Wv", Vh.data(), T, Dh, false, false, S().matrix_Q_help, tok, {}},
      {"A = Q·K\xE1\xB5\x80/\xE2\x88\x9A" "d", A.data(), T, T, false, false, S().matrix_A_help, tok, tok},
      {"A' = norm(A)", Ap.data(), T, T, false, true, S().matrix_Ap_help, tok, tok},
      {"O = A'·V", Oh.data(), T, Dh, false, false, S().matrix_O_help, tok, {}},
      {"Wo", wo.data(), D, D, true, false, S().matrix_Wo_help, {}, {}},
  };
  const float avail = ImGui::GetContentRegionAvail().x;
  const float tile = std::max(90.0f, (avail - ImGui::GetStyle().ItemSpacing.x * 4) / 4.0f);
  const float th = std::max(90.0f, (ImGui::GetContentRegionAvail().y - ImGui::GetFontSize() * 6) / 3.0f);
  for (std::size_t k = 0; k < tiles.size(); ++k) {
    const Tile& t = tiles[k];
    if (k % 4 != 0) ImGui::SameLine();
    ImGui::BeginGroup();
    if (t.learned) ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.35f, 1), "%s (%dx%d) %s", t.name, t.rows, t.cols, S().matrix_learned);
    else ImGui::Text("%s (%dx%d)", t.name, t.rows, t.cols);
    HelpMarker(t.help);
    const float r = absmax(t.data, static_cast<std::size_t>(t.rows * t.cols));
    const gfx::HeatmapStyle style = t.sequential ? gfx::HeatmapStyle{gfx::Colormap::Sequential, 0.0f, 1.0f}
                                                 : gfx::HeatmapStyle{gfx::Colormap::Diverging, -r, r};
    gfx::HeatmapHover hv = ui::LabelledHeatmap(app.matrix_views[k], t.data, t.rows, t.cols, t.row_labels,
                                               t.col_labels, ImVec2(tile, th), style, false);
    if (hv.row >= 0) ImGui::SetTooltip("%s[%d, %d] = %.4f", t.name, hv.row, hv.col, static_cast<double>(hv.value));
    ImGui::EndGroup();
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled(S().matrix_convention, static_cast<double>(Dh));
  ImGui::PopTextWrapPos();
}

}  // namespace attnlab
