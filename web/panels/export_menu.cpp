// Export: the small "Export ▾" menu every view carries (Save PNG, Save CSV), and a view drawn alone, with a
// title line, for its picture. The files themselves are made after the frame by the platform
// (web/platform/view_image.h) from the requests queued here in App::exports (web/app/export.h).
#include <algorithm>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::S;

void ShowExportMenu(App& app, Panel panel) {
  if (app.exports.drawing) return;  // not in the picture itself
  const char* label = S().export_button;
  const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
  const float right = ImGui::GetWindowContentRegionMax().x;
  // At the right end of the line just drawn, or of a line of its own when that is full.
  ImGui::SameLine();
  if (ImGui::GetCursorPosX() + w > right) ImGui::NewLine();
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), right - w));
  ImGui::PushID("##export");
  ImGui::PushID(static_cast<int>(panel));  // Data and Training share a window: a menu each
  if (ui::SmallButton(label)) ImGui::OpenPopup("##export_menu");
  if (ImGui::BeginPopup("##export_menu")) {
    if (ui::MenuItem(S().export_png)) app.exports.request(panel, ExportFormat::png, true);
    if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().export_png_help);
    const std::string why = MessageText(csv_unavailable_message(app, panel));
    char csv_label[96];
    const char* csv_help = S().export_csv_help;
    if (panel == Panel::training) {
      std::snprintf(csv_label, sizeof csv_label, "%s", S().export_metrics_csv);
    } else if (panel == Panel::attention) {
      std::snprintf(csv_label, sizeof csv_label, S().export_csv_head, std::max(0, app.picks.layer) + 1,
                    std::max(0, app.picks.head) + 1);
      csv_help = S().export_csv_head_help;
    } else {
      std::snprintf(csv_label, sizeof csv_label, "%s", S().export_csv);
    }
    if (ui::MenuItem(csv_label, nullptr, false, why.empty())) app.exports.request(panel, ExportFormat::csv, true);
    if (why.empty() && ImGui::IsItemHovered()) ui::SetTooltip("%s", csv_help);
    if (!why.empty()) {  // say why rather than save an empty table
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetFontSize() * 18);
      ui::TextDisabled(S().export_no_numbers, why.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndPopup();
  }
  ImGui::PopID();
  ImGui::PopID();
}

static const char* panel_title(Panel panel) {
  switch (panel) {
    case Panel::data: return S().panel_data;
    case Panel::model: return S().panel_model;
    case Panel::training: return S().panel_training;
    case Panel::attention: return S().panel_attention;
    case Panel::step: return S().panel_step;
    case Panel::matrix: return S().panel_matrix;
    case Panel::pe: return S().panel_pe;
    case Panel::compare: return S().panel_compare;
    case Panel::history: return S().panel_history;
    case Panel::embeddings: return S().panel_embeddings;
  }
  return "";
}

float ShowViewAlone(App& app, PanelTextures& tex, Panel panel, float width, float height) {
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoBackground;  // (the picture is cleared to ui::kPageBackground)
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("##view_alone", nullptr, flags);
  const std::string what = app.runs.main.what.empty() ? app.state.model : app.runs.main.what;
  ImGui::PushTextWrapPos(0);
  ui::TextDisabled(S().export_image_title, S().app_title, panel_title(panel), what.c_str(), app.runs.main.step());
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  switch (panel) {
    case Panel::data: ShowDataPanel(app); break;
    case Panel::model: ShowModelPanel(app); break;
    case Panel::training: ShowTrainingPanel(app, tex); break;
    case Panel::attention: ShowAttentionPanel(app, tex); break;
    case Panel::step: ShowStepPanel(app, tex); break;
    case Panel::matrix: ShowMatrixPanel(app, tex); break;
    case Panel::pe: ShowPositionalEncodingPanel(app, tex); break;
    case Panel::compare: ShowComparePanel(app, tex); break;
    case Panel::history: ShowHistoryPanel(app, tex); break;
    case Panel::embeddings: ShowEmbeddingsPanel(app, tex); break;
  }
  const float used = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
  ImGui::End();
  return used;
}

}  // namespace attnlab
