// Positional encoding: the table the model adds to its inputs, how similar positions look to a dot product,
// and what happens to a learned table when a sentence is longer than it.
#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/attention/posenc.h"
#include "imgui.h"
#include "web/panels/controls.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

void ShowPositionalEncodingPanel(App& app, PanelTextures& tex) {
  const AppState& st = app.state;
  ui::Intro(S().pe_intro, app.picks.compact);
  AppState next = st;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (SettingInt(S().pe_length, "pe_len", &next.pe_len)) app.apply(next);
  HelpMarker(S().pe_length_help);
  ImGui::SameLine();
  ui::TextDisabled(S().pe_model_kind, st.pe.c_str(), st.dim);
  ui::ZoomButtons("pe", tex.zoom_pe);
  ShowExportMenu(app, Panel::pe);

  const int len = st.pe_len, D = st.dim;
  // What the model adds: the learned table as trained so far (rows past its end are missing), or the
  // sinusoidal table; none / ALiBi add nothing to the inputs (web/app/export.h: the numbers the CSV holds).
  const PeTables pe = pe_tables(app);
  const Mat& shown = pe.shown;
  const bool learned = pe.learned;
  const char* title = learned && app.runs.main.trainer ? S().pe_learned_matrix : S().pe_matrix;
  const std::string& verdict = pe.verdict;

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // side by side where two fit (140 px each at least); else one above the other, as wide as the view (a phone,
  // 200 % zoom), and the view scrolls
  const bool two = avail.x >= 2 * 140.0f + 24;
  const float side = two ? std::max(140.0f, std::min((avail.x - 24) / 2.0f, avail.y - ImGui::GetFontSize() * 7))
                         : std::max(140.0f, std::min(avail.x, avail.y - ImGui::GetFontSize() * 4));
  ImGui::BeginGroup();
  ui::TextUnformatted(title);
  HelpMarker(learned ? S().pe_learned_help : S().pe_matrix_help);
  float r = 1e-6f;
  for (int p = 0; p < len; ++p)
    for (int j = 0; j < D; ++j)
      if (std::isfinite(shown(p, j))) r = std::max(r, std::fabs(shown(p, j)));
  gfx::HeatmapHover h = ui::LabelledHeatmap(tex.pe, shown.data(), len, D, {}, {}, ImVec2(side, side),
                                            {gfx::Colormap::Diverging, -r, r}, false, &tex.zoom_pe);
  if (h.row >= 0) {
    if (std::isnan(h.value)) ui::SetTooltip(S().pe_hover_missing, h.row);
    else ui::SetTooltip(S().pe_hover_cell, h.row, h.col, static_cast<double>(h.value));
  }
  ui::TextDisabled("%s   %s", S().axis_position, S().axis_dimension);
  ImGui::EndGroup();

  if (two && ImGui::GetItemRectMax().x + 24 + side <= ImGui::GetCursorScreenPos().x + avail.x) ImGui::SameLine(0, 24);
  ImGui::BeginGroup();
  if (learned) {
    // Next to it, the hand-made encoding that simply extends.
    ui::TextUnformatted(S().pe_sinusoidal_beside);
    HelpMarker(S().pe_matrix_help);
    ui::LabelledHeatmap(tex.pe_sim, pe.beside.data(), len, D, {}, {}, ImVec2(side, side),
                        {gfx::Colormap::Diverging, -st.pe_scale, st.pe_scale}, false, &tex.zoom_pe);
  } else {
    const Mat& sim = pe.beside;  // PE·PEᵀ
    ui::TextUnformatted(S().pe_similarity);
    HelpMarker(S().pe_similarity_help);
    h = ui::LabelledHeatmap(tex.pe_sim, sim.data(), len, len, {}, {}, ImVec2(side, side),
                            {gfx::Colormap::Sequential, sim.minCoeff(), sim.maxCoeff()}, true, &tex.zoom_pe);
    if (h.row >= 0) ui::SetTooltip(S().pe_hover_similarity, h.row, h.col, static_cast<double>(h.value));
  }
  ImGui::EndGroup();

  if (learned) {
    ImGui::PushTextWrapPos(0);
    if (!verdict.empty()) ui::TextColored(ImVec4(1, 0.6f, 0.45f, 1), S().pe_too_long, verdict.c_str());
    else ui::TextDisabled(S().pe_fits, len);
    ImGui::PopTextWrapPos();
  } else if (st.pe == "none" || st.pe == "alibi") {
    ui::TextDisabled("%s", st.pe == "none" ? S().pe_none_note : S().pe_alibi_note);
  }
}

}  // namespace attnlab
