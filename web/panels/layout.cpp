// The page layout: a title line, notices, the left column (Data, Model, Training) and the right area with
// one tab per view. Fits 1280×800 and follows the window when it is resized.
#include <algorithm>
#include <cstdio>

#include "imgui.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::S;

// Problems the user should know about (a bad setting in a shared link, ...), in a band under the title.
static void ShowNotices(App& app) {
  if (app.notices.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.35f, 0.22f, 0.05f, 1.0f));
  const std::size_t shown = std::min<std::size_t>(app.notices.size(), 3);
  const float h = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(shown) * 1.6f + 8;
  ImGui::BeginChild("##notices", ImVec2(0, h), false);
  if (ImGui::SmallButton(S().dismiss)) app.notices.clear();
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(0);
  for (std::size_t i = app.notices.size() - shown; i < app.notices.size(); ++i)
    ImGui::TextUnformatted(app.notices[i].c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

// The title line: the name, the mode (Playground / Lesson) and the training status.
static void ShowTitle(App& app, float width) {
  ImGui::TextUnformatted(S().app_title);
  ImGui::SameLine();
  const bool lesson = app.state.lesson > 0;
  auto mode_button = [&](const char* label, bool active, int stop) {
    ImGui::PushStyleColor(ImGuiCol_Button, active ? ImVec4(0.26f, 0.59f, 0.98f, 1) : ImVec4(0.2f, 0.22f, 0.27f, 1));
    if (ImGui::SmallButton(label) && !active) app.set_state({{"lesson", std::to_string(stop)}});
    ImGui::PopStyleColor();
  };
  mode_button(S().lesson_playground, !lesson, 0);
  ImGui::SameLine(0, 2);
  mode_button(S().lesson_mode, lesson, std::max(1, app.picks.last_lesson_stop));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", S().lesson_mode_help);
  if (lesson) app.picks.last_lesson_stop = app.state.lesson;
  if (width > ImGui::GetFontSize() * 60) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", S().app_subtitle);
  }
  char status[96];
  std::snprintf(status, sizeof status, S().status_line, app.runs.main.step(), app.runs.main.steps_per_sec,
                static_cast<double>(app.clock.fps));
  const float w = ImGui::CalcTextSize(status).x;
  const float x = width - w - ImGui::GetStyle().WindowPadding.x * 2;
  ImGui::SameLine();
  if (x > ImGui::GetCursorPosX()) {  // only where it fits beside the buttons
    ImGui::SameLine(x);
    ImGui::TextDisabled("%s", status);
  } else {
    ImGui::NewLine();
  }
}

struct Tab {
  Panel panel;
  const char* (*title)();
  void (*show)(App&, PanelTextures&);
};

void ShowApp(App& app, PanelTextures& tex, float width, float height) {
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("##root", nullptr, flags);
  ShowTitle(app, width);
  ImGui::Separator();
  ShowNotices(app);

  // Left column: the things a student sets (data, model, training). On a narrow screen (a phone held
  // upright) it goes above the views instead of beside them.
  const bool narrow = width < ImGui::GetFontSize() * 40;
  const float left_w = narrow ? 0.0f : std::clamp(width * 0.32f, 300.0f, 440.0f);
  ImGui::BeginChild("##left", ImVec2(left_w, narrow ? ImGui::GetContentRegionAvail().y * 0.5f : 0.0f), true);
  // In the lesson the stop's card comes first; the playground's panels stay below it, folded (their own IDs,
  // so the playground keeps its open/closed choice).
  const bool lesson = app.state.lesson > 0;
  if (lesson) {
    ShowLessonCard(app);
    ImGui::Separator();
  }
  const ImGuiTreeNodeFlags open = lesson ? 0 : ImGuiTreeNodeFlags_DefaultOpen;
  char data_header[96], training_header[96];
  std::snprintf(data_header, sizeof data_header, "%s###data%d", S().panel_data, lesson ? 1 : 0);
  std::snprintf(training_header, sizeof training_header, "%s###training%d", S().panel_training, lesson ? 1 : 0);
  if (ImGui::CollapsingHeader(data_header, open)) ShowDataPanel(app);
  // The model's header names the model, so it can stay folded and still say what is training.
  char model_header[160];
  std::snprintf(model_header, sizeof model_header, "%s: %s###model%d", S().panel_model,
                app.runs.main.what.empty() ? app.state.model.c_str() : app.runs.main.what.c_str(), lesson ? 1 : 0);
  if (ImGui::CollapsingHeader(model_header)) ShowModelPanel(app);
  if (ImGui::CollapsingHeader(training_header, open)) ShowTrainingPanel(app, tex);
  ImGui::EndChild();
  if (!narrow) ImGui::SameLine();

  // Right: what the model does, one view per tab.
  static const Tab tabs[] = {
      {Panel::attention, [] { return S().panel_attention; }, ShowAttentionPanel},
      {Panel::step, [] { return S().panel_step; }, ShowStepPanel},
      {Panel::matrix, [] { return S().panel_matrix; }, ShowMatrixPanel},
      {Panel::pe, [] { return S().panel_pe; }, ShowPositionalEncodingPanel},
      {Panel::compare, [] { return S().panel_compare; }, ShowComparePanel},
      {Panel::history, [] { return S().panel_history; }, ShowHistoryPanel},
      {Panel::embeddings, [] { return S().panel_embeddings; }, ShowEmbeddingsPanel},
  };
  Panel& selected_by_ui = app.picks.tab_selected;
  Panel& last_state_panel = app.picks.last_state_panel;
  const bool forced = app.state.panel != last_state_panel || app.clock.frame <= 1;  // set from outside (link, API)
  ImGui::BeginChild("##right", ImVec2(0, 0), false);
  app.runs.compare_active = app.state.panel == Panel::compare;
  if (ImGui::BeginTabBar("##views")) {
    for (const Tab& t : tabs) {
      const ImGuiTabItemFlags f = forced && t.panel == app.state.panel ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(t.title(), nullptr, f)) {
        selected_by_ui = t.panel;
        ImGui::BeginChild("##view", ImVec2(0, 0), false);
        t.show(app, tex);
        ImGui::EndChild();
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  ImGui::EndChild();
  // A tab clicked by the user becomes the state (and so the URL) too; left-column panels keep theirs.
  const bool tab_panel =
      std::any_of(std::begin(tabs), std::end(tabs), [&](const Tab& t) { return t.panel == app.state.panel; });
  if (!forced && tab_panel && selected_by_ui != app.state.panel) {
    AppState next = app.state;
    next.panel = selected_by_ui;
    app.apply(next);
  }
  last_state_panel = app.state.panel;
  ImGui::End();
}

}  // namespace attnlab
