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
  ImGui::TextDisabled(S().pe_model_kind, st.pe.c_str(), st.dim);
  ui::ZoomButtons("pe", tex.zoom_pe);

  const int len = st.pe_len, D = st.dim;
  // What the model adds: the learned table as trained so far (rows past its end are missing), or the
  // sinusoidal table. none / ALiBi add nothing to the inputs.
  Mat shown(len, D);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const char* title = S().pe_matrix;
  std::string verdict;
  if (st.pe == "learned" && app.runs.main.trainer) {
    CView<float> table = app.runs.main.trainer->model().pe_table();
    for (int p = 0; p < len; ++p)
      for (int j = 0; j < D; ++j) shown(p, j) = p < table.rows() && j < table.cols() ? table(p, j) : nan;
    title = S().pe_learned_matrix;
    if (len > table.rows()) {
      // Ask the model itself whether it can take an input of this length.
      Batch<float> probe;
      std::vector<int> tokens(static_cast<std::size_t>(len), 0);
      probe.B = 1;
      probe.T = len;
      probe.tokens = tokens.data();
      std::vector<float> feats;
      if (app.runs.data && app.runs.data->input == InputMode::features) {
        feats.assign(static_cast<std::size_t>(len * app.runs.data->input_dim), 0.0f);
        probe.features = feats.data();
      }
      verdict = app.runs.main.trainer->model().check_batch(probe);
    }
  } else {
    shown = sinusoidal_encoding(len, D, st.pe_scale);  // the table the model adds: amplitude s (posenc.h)
  }
  const bool learned = st.pe == "learned";
  const Mat sinus = sinusoidal_encoding(len, D, st.pe_scale);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float side = std::max(140.0f, std::min((avail.x - 24) / 2.0f, avail.y - ImGui::GetFontSize() * 7));
  ImGui::BeginGroup();
  ImGui::TextUnformatted(title);
  HelpMarker(learned ? S().pe_learned_help : S().pe_matrix_help);
  float r = 1e-6f;
  for (int p = 0; p < len; ++p)
    for (int j = 0; j < D; ++j)
      if (std::isfinite(shown(p, j))) r = std::max(r, std::fabs(shown(p, j)));
  gfx::HeatmapHover h = ui::LabelledHeatmap(tex.pe, shown.data(), len, D, {}, {}, ImVec2(side, side),
                                            {gfx::Colormap::Diverging, -r, r}, false, &tex.zoom_pe);
  if (h.row >= 0) {
    if (std::isnan(h.value)) ImGui::SetTooltip(S().pe_hover_missing, h.row);
    else ImGui::SetTooltip(S().pe_hover_cell, h.row, h.col, static_cast<double>(h.value));
  }
  ImGui::TextDisabled("%s   %s", S().axis_position, S().axis_dimension);
  ImGui::EndGroup();

  ImGui::SameLine(0, 24);
  ImGui::BeginGroup();
  if (learned) {
    // Next to it, the hand-made encoding that simply extends.
    ImGui::TextUnformatted(S().pe_sinusoidal_beside);
    HelpMarker(S().pe_matrix_help);
    ui::LabelledHeatmap(tex.pe_sim, sinus.data(), len, D, {}, {}, ImVec2(side, side),
                        {gfx::Colormap::Diverging, -st.pe_scale, st.pe_scale}, false, &tex.zoom_pe);
  } else {
    Mat sim(len, len);
    sim.noalias() = shown * shown.transpose();
    ImGui::TextUnformatted(S().pe_similarity);
    HelpMarker(S().pe_similarity_help);
    h = ui::LabelledHeatmap(tex.pe_sim, sim.data(), len, len, {}, {}, ImVec2(side, side),
                            {gfx::Colormap::Sequential, sim.minCoeff(), sim.maxCoeff()}, true, &tex.zoom_pe);
    if (h.row >= 0) ImGui::SetTooltip(S().pe_hover_similarity, h.row, h.col, static_cast<double>(h.value));
  }
  ImGui::EndGroup();

  if (learned) {
    ImGui::PushTextWrapPos(0);
    if (!verdict.empty()) ImGui::TextColored(ImVec4(1, 0.6f, 0.45f, 1), S().pe_too_long, verdict.c_str());
    else ImGui::TextDisabled(S().pe_fits, len);
    ImGui::PopTextWrapPos();
  } else if (st.pe == "none" || st.pe == "alibi") {
    ImGui::TextDisabled("%s", st.pe == "none" ? S().pe_none_note : S().pe_alibi_note);
  }
}

}  // namespace attnlab
