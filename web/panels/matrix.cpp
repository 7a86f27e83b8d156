// Matrix form: I, Wq, Wk, Wv, Q, K, V, A, A', O and Wo of one layer and head as heatmaps with their shapes;
// only the W matrices are learned.
//
// Convention: one token per ROW (as the engine stores them), so Q = I·Wq and A = Q·Kᵀ (row = query). The
// lecture draws tokens as columns (Q = Wq·I, A = Kᵀ·Q): the same numbers, transposed.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/panels/math_panels.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

void ShowMatrixPanel(App& app, PanelTextures& tex) {
  const SeqModel<float>* tg = MathPanelHeader(app, S().matrix_intro);
  if (!tg) return;
  const ModelConfig& c = tg->config();
  const int T = app.view.len, D = c.dim, H = c.heads, Dh = D / H;
  const int l = app.picks.layer, h = app.picks.head;
  // A view as a contiguous row-major copy (the heatmaps take plain arrays).
  auto copy = [](const CView<float>& m) {
    std::vector<float> out(static_cast<std::size_t>(m.rows() * m.cols()));
    for (int r = 0; r < m.rows(); ++r)
      for (int col = 0; col < m.cols(); ++col) out[static_cast<std::size_t>(r * m.cols() + col)] = m(r, col);
    return out;
  };
  // Head h's columns of Q, K, V and O (T, Dh) for the shown sentence.
  const std::vector<float> Qh = copy(tg->attention_computed(AttnComputed::q, l, 0, h));
  const std::vector<float> Kh = copy(tg->attention_computed(AttnComputed::k, l, 0, h));
  const std::vector<float> Vh = copy(tg->attention_computed(AttnComputed::v, l, 0, h));
  const std::vector<float> Oh = copy(tg->attention_computed(AttnComputed::o, l, 0, h));
  CView<float> Sc = tg->attention_scores(l, 0, h);
  CView<float> Aw = tg->attention_weights(l, 0, h);
  std::vector<float> A(static_cast<std::size_t>(T * T)), Ap(static_cast<std::size_t>(T * T));
  const std::uint8_t* allowed = tg->attention_mask(0);
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < T; ++j) {
      A[static_cast<std::size_t>(i * T + j)] = allowed[i * T + j] ? Sc(i, j) : 0.0f;
      Ap[static_cast<std::size_t>(i * T + j)] = Aw(i, j);
    }
  const std::vector<float> Icopy = copy(tg->attention_computed(AttnComputed::input, l, 0));
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
  // The part of Wq, Wk, Wv head h uses (its Dh columns, (D, Dh)), and the whole Wo (D, D).
  const std::vector<float> Wqh = copy(tg->attention_weight(AttnWeight::wq, l, h));
  const std::vector<float> Wkh = copy(tg->attention_weight(AttnWeight::wk, l, h));
  const std::vector<float> Wvh = copy(tg->attention_weight(AttnWeight::wv, l, h));
  const std::vector<float> Wo = copy(tg->attention_weight(AttnWeight::wo, l));
  const std::vector<Tile> tiles = {
      {"I", Icopy.data(), T, D, false, false, S().matrix_I_help, tok, {}},
      {"Wq", Wqh.data(), D, Dh, true, false, S().matrix_W_help, {}, {}},
      {"Wk", Wkh.data(), D, Dh, true, false, S().matrix_W_help, {}, {}},
      {"Wv", Wvh.data(), D, Dh, true, false, S().matrix_W_help, {}, {}},
      {"Q = I·Wq", Qh.data(), T, Dh, false, false, S().matrix_Q_help, tok, {}},
      {"K = I·Wk", Kh.data(), T, Dh, false, false, S().matrix_Q_help, tok, {}},
      {"V = I·Wv", Vh.data(), T, Dh, false, false, S().matrix_Q_help, tok, {}},
      {"A = Q·K\xE1\xB5\x80/\xE2\x88\x9A"
       "d",
       A.data(), T, T, false, false, S().matrix_A_help, tok, tok},
      {"A' = norm(A)", Ap.data(), T, T, false, true, S().matrix_Ap_help, tok, tok},
      {"O = A'·V", Oh.data(), T, Dh, false, false, S().matrix_O_help, tok, {}},
      {"Wo", Wo.data(), D, D, true, false, S().matrix_Wo_help, {}, {}},
  };
  ui::ZoomButtons("matrix", tex.zoom_matrix);
  const float avail = ImGui::GetContentRegionAvail().x;
  const float tile = std::max(90.0f, (avail - ImGui::GetStyle().ItemSpacing.x * 4) / 4.0f);
  const float th = std::max(90.0f, (ImGui::GetContentRegionAvail().y - ImGui::GetFontSize() * 6) / 3.0f);
  for (std::size_t k = 0; k < tiles.size(); ++k) {
    const Tile& t = tiles[k];
    if (k % 4 != 0) ImGui::SameLine();
    ImGui::BeginGroup();
    if (t.learned)
      ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.35f, 1), "%s (%dx%d) %s", t.name, t.rows, t.cols, S().matrix_learned);
    else ImGui::Text("%s (%dx%d)", t.name, t.rows, t.cols);
    HelpMarker(t.help);
    const float r = absmax(t.data, static_cast<std::size_t>(t.rows * t.cols));
    const gfx::HeatmapStyle style = t.sequential ? gfx::HeatmapStyle{gfx::Colormap::Sequential, 0.0f, 1.0f}
                                                 : gfx::HeatmapStyle{gfx::Colormap::Diverging, -r, r};
    gfx::HeatmapHover hv = ui::LabelledHeatmap(tex.matrix[k], t.data, t.rows, t.cols, t.row_labels, t.col_labels,
                                               ImVec2(tile, th), style, false, &tex.zoom_matrix);
    if (hv.row >= 0) ImGui::SetTooltip("%s[%d, %d] = %.4f", t.name, hv.row, hv.col, static_cast<double>(hv.value));
    ImGui::EndGroup();
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled(S().matrix_convention, static_cast<double>(Dh));
  ImGui::PopTextWrapPos();
}

}  // namespace attnlab
