// Matrix form: I, Wq, Wk, Wv, Q, K, V, A, A', O and Wo of one layer and head as heatmaps with their shapes;
// only the W matrices are learned.
//
// Convention: one token per ROW (as the engine stores them), so Q = I·Wq and A = Q·Kᵀ (row = query). The
// lecture draws tokens as columns (Q = Wq·I, A = Kᵀ·Q): the same numbers, transposed.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
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
  ShowExportMenu(app, Panel::matrix);
  if (!tg) return;
  const int Dh = tg->config().dim / tg->config().heads;
  const int l = app.picks.layer, h = app.picks.head;
  // The matrices (web/app/export.h: the same numbers the CSV holds), and what each one is.
  const std::vector<MatrixTile> tiles = matrix_tiles(*tg, app.view.tokens, l, h);
  const char* const help[] = {S().matrix_I_help,  S().matrix_W_help, S().matrix_W_help, S().matrix_W_help,
                              S().matrix_Q_help,  S().matrix_Q_help, S().matrix_Q_help, S().matrix_A_help,
                              S().matrix_Ap_help, S().matrix_O_help, S().matrix_Wo_help};
  auto absmax = [](const Mat& m) { return std::max(1e-6f, m.cwiseAbs().maxCoeff()); };
  ui::ZoomButtons("matrix", tex.zoom_matrix);
  const float avail = ImGui::GetContentRegionAvail().x, spacing = ImGui::GetStyle().ItemSpacing.x;
  // four to a row where they fit at 90 px or more; fewer on a narrow view (a phone, 200 % zoom), which then scrolls
  const int per_row = std::clamp(static_cast<int>((avail + spacing) / (90.0f + spacing)), 1, 4);
  const float tile = std::max(90.0f, (avail - spacing * static_cast<float>(per_row)) / static_cast<float>(per_row));
  const float th = std::max(90.0f, (ImGui::GetContentRegionAvail().y - ImGui::GetFontSize() * 6) / 3.0f);
  // a tile's title, and its width: the heatmap's or the title's (with its (?)), the wider
  auto title_of = [](const MatrixTile& t) {
    char buf[160];
    std::snprintf(buf, sizeof buf, t.learned ? "%s (%dx%d) %s" : "%s (%dx%d)", t.name.c_str(),
                  static_cast<int>(t.data.rows()), static_cast<int>(t.data.cols()), S().matrix_learned);
    return std::string(buf);
  };
  auto width_of = [&](const MatrixTile& t) {
    return std::max(tile, ImGui::CalcTextSize((title_of(t) + " (?)").c_str()).x + spacing);
  };
  const float right = ImGui::GetCursorScreenPos().x + avail;
  for (std::size_t k = 0; k < tiles.size(); ++k) {
    const MatrixTile& t = tiles[k];
    const int rows = static_cast<int>(t.data.rows()), cols = static_cast<int>(t.data.cols());
    // the next tile beside the last one while it fits (at most per_row to a row), else on a new row
    if (k % static_cast<std::size_t>(per_row) != 0 && ImGui::GetItemRectMax().x + spacing + width_of(t) <= right)
      ImGui::SameLine();
    ImGui::BeginGroup();
    const std::string title = title_of(t);
    if (t.learned) ui::TextColored(ImVec4(1.0f, 0.8f, 0.35f, 1), "%s", title.c_str());
    else ui::TextUnformatted(title.c_str());
    HelpMarker(k < std::size(help) ? help[k] : "");
    const float r = absmax(t.data);
    const gfx::HeatmapStyle style = t.sequential ? gfx::HeatmapStyle{gfx::Colormap::Sequential, 0.0f, 1.0f}
                                                 : gfx::HeatmapStyle{gfx::Colormap::Diverging, -r, r};
    gfx::HeatmapHover hv = ui::LabelledHeatmap(tex.matrix[k], t.data.data(), rows, cols, t.row_labels, t.col_labels,
                                               ImVec2(tile, th), style, false, &tex.zoom_matrix);
    if (hv.row >= 0) ui::SetTooltip("%s[%d, %d] = %.4f", t.name.c_str(), hv.row, hv.col, static_cast<double>(hv.value));
    ImGui::EndGroup();
  }
  ImGui::PushTextWrapPos(0);
  ui::TextDisabled(S().matrix_convention, static_cast<double>(Dh));
  ImGui::PopTextWrapPos();
}

}  // namespace attnlab
