// Compare: self-attention against one of the lecture's baselines, trained side by side on the same task
// and seed.
#include <algorithm>
#include <vector>

#include "imgui.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

void ShowComparePanel(App& app, PanelTextures&) {
  app.ensure_baseline();  // the baseline trains while this panel is open
  ui::Intro(S().compare_intro, app.picks.compact);
  AppState next = app.state;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::BeginCombo(S().compare_baseline, next.baseline.c_str())) {
    for (const auto& c : find_state_field("baseline")->choices)
      if (ImGui::Selectable(c.c_str(), c == next.baseline)) next.baseline = c;
    ImGui::EndCombo();
  }
  HelpMarker(S().compare_baseline_help);
  ShowExportMenu(app, Panel::compare);
  if (next.baseline != app.state.baseline) app.apply(next);

  struct Row {
    const char* label;
    const Run* run;
    ImU32 colour;
  };
  const Row rows[2] = {{S().compare_attention, &app.runs.main, ui::ColourTrain()},
                       {S().compare_baseline_name, &app.runs.baseline, ui::ColourBaseline()}};
  if (ImGui::BeginTable("##cmp", 6, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn(S().compare_col_model, ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableSetupColumn(S().compare_col_params);
    ImGui::TableSetupColumn(S().compare_col_step);
    ImGui::TableSetupColumn(S().compare_col_dev);
    ImGui::TableSetupColumn(S().compare_col_ms);
    ImGui::TableSetupColumn(S().compare_col_sps);
    ImGui::TableHeadersRow();
    for (const Row& r : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(r.colour), "%s",
                         r.run->what.empty() ? r.label : r.run->what.c_str());
      if (!r.run->trainer) {
        ImGui::TableNextColumn();
        ImGui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", r.run->error.c_str());
        continue;
      }
      const Metrics& m = r.run->trainer->metrics();
      ImGui::TableNextColumn();
      ImGui::Text("%s", ui::GroupDigits(static_cast<long long>(r.run->trainer->model().num_parameters())).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%ld", r.run->step());
      ImGui::TableNextColumn();
      if (m.dev_acc >= 0) ImGui::Text("%.1f%%", 100 * m.dev_acc);
      else ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", m.ms_per_step);
      ImGui::TableNextColumn();
      ImGui::Text("%.0f", r.run->steps_per_sec);
    }
    ImGui::EndTable();
  }
  std::vector<ui::Series> dev, loss;
  for (const Row& r : rows) {
    if (!r.run->trainer) continue;
    ui::Series d{r.label, {}, {}, r.colour}, l{r.label, {}, {}, r.colour};
    for (const auto& h : r.run->trainer->history()) {
      l.x.push_back(static_cast<float>(h.step));
      l.y.push_back(static_cast<float>(h.loss));
      if (h.dev_acc >= 0) {
        d.x.push_back(static_cast<float>(h.step));
        d.y.push_back(static_cast<float>(h.dev_acc));
      }
    }
    dev.push_back(d);
    loss.push_back(l);
  }
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = std::max(ImGui::GetFontSize() * 6, (ImGui::GetContentRegionAvail().y - ImGui::GetFontSize() * 6) / 2);
  ImGui::TextUnformatted(S().compare_dev_curve);
  ui::LineChart("cmp_dev", dev, ImVec2(w, h), 0.0f, 1.0f, "%.2f");
  float lmax = 0.1f;
  for (const auto& s : loss)
    for (float y : s.y) lmax = std::max(lmax, y);
  ImGui::TextUnformatted(S().compare_loss_curve);
  ui::LineChart("cmp_loss", loss, ImVec2(w, h), 0.0f, lmax, "%.2f");
  ui::Prose(S().compare_lesson);
}

}  // namespace attnlab
