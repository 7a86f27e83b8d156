// Embed mode (#embed=1, web/app/embed.h): a course page's frame shows one configured view. A caption line with
// "Open in the full playground ↗", the controls the teacher chose (flowing over as many lines as the width
// needs), then the panel(s) filling the rest: side by side where each gets enough width, else as tabs. In lesson
// mode the stop's card comes with them.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "imgui.h"
#include "misc/cpp/imgui_stdlib.h"
#include "web/app/embed.h"
#include "web/panels/controls.h"
#include "web/panels/panels.h"
#include "web/ui/a11y.h"
#include "web/ui/strings.h"

namespace attnlab {

using ui::S;

namespace {

// Leaves the embed for the full playground with the same settings: a new tab in the browser; where there is
// no web address (the desktop), this window becomes the full playground.
void OpenFullPlayground(App& app) {
  const AppState full = full_playground_state(app.state);
  const std::string base = app.platform.page_url ? app.platform.page_url() : "";
  if (base.empty()) {
    app.apply(full);
    return;
  }
  const std::string url = base + "#" + state_to_query(full);
  if (!app.platform.open_url || !app.platform.open_url(url)) {
    char line[1024];
    std::snprintf(line, sizeof line, S().embed_open_failed, url.c_str());
    app.notices.push_back(line);
  }
}

void CaptionLine(App& app, const std::string& caption, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* link = S().embed_open_full;
  float link_w = ImGui::CalcTextSize(link).x + style.FramePadding.x * 2;
  const float room_for_caption = caption.empty() ? 0 : std::min(ImGui::CalcTextSize(caption.c_str()).x, width * 0.5f);
  if (link_w + room_for_caption > width) {
    link = S().embed_open_full_short;
    link_w = ImGui::CalcTextSize(link).x + style.FramePadding.x * 2;
  }
  const ImVec2 start = ImGui::GetCursorScreenPos();
  if (!caption.empty()) {
    // one line: what does not fit is cut at the link (the whole caption in the tooltip)
    const float caption_w = std::max(0.0f, width - link_w - style.ItemSpacing.x);
    ImGui::PushClipRect(start, ImVec2(start.x + caption_w, start.y + ImGui::GetFrameHeight()), true);
    ImGui::AlignTextToFramePadding();
    ui::TextUnformatted(caption.c_str());
    ImGui::PopClipRect();
    {  // the caption as drawn: cut at the link
      const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
      RecordRect(app, "embed.caption", a.x, a.y, std::min(b.x, start.x + caption_w) - a.x, b.y - a.y);
    }
    if (ImGui::IsItemHovered() && ImGui::CalcTextSize(caption.c_str()).x > caption_w)
      ui::SetTooltip("%s", caption.c_str());
    ImGui::SameLine();
  }
  ImGui::SetCursorScreenPos(ImVec2(start.x + std::max(0.0f, width - link_w), start.y));
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.45f, 0.7f, 1.0f, 1));
  if (ui::Button(link)) OpenFullPlayground(app);
  ImGui::PopStyleColor(2);
  RecordItem(app, "embed.open_full");
  if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().embed_open_full_help);
}

// The width an action's control takes, and the control itself.
float ActionWidth(App& app, const std::string& name) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float font = ImGui::GetFontSize();
  auto button = [&](const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + style.FramePadding.x * 2;
  };
  if (name == "run") return std::max(button(S().train_run), button(S().train_pause));
  if (name == "step") return button(S().train_step);
  if (name == "reset") return button(S().train_reset);
  if (name == "input") return app.input_is_text() ? font * 14 : SettingControlWidth("example", font * 6);
  return 0;
}

void Action(App& app, const std::string& name) {
  if (name == "run") {
    if (ui::Button(app.state.train ? S().train_pause : S().train_run, ImVec2(ActionWidth(app, "run"), 0)))
      app.set_state({{"train", app.state.train ? "false" : "true"}});
  } else if (name == "step") {
    if (ui::Button(S().train_step)) app.train_steps(1);
    if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().train_step_help);
  } else if (name == "reset") {
    if (ui::Button(S().train_reset)) app.reset();
    if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().train_reset_help);
  } else if (name == "input") {
    if (app.input_is_text()) {
      std::string text = app.state.input;
      ImGui::SetNextItemWidth(ActionWidth(app, "input"));
      if (ui::InputTextWithHint("##input", S().data_input_hint, &text))
        app.set_state({{"input", utf8_prefix(text, kMaxInputChars)}});
    } else {
      SettingControl(app, "example", ImGui::GetFontSize() * 6);
    }
  }
}

// The controls, left to right, starting a new line where the next one does not fit.
void ControlsLine(App& app, const std::vector<std::string>& controls, float width) {
  const float font = ImGui::GetFontSize(), gap = ImGui::GetStyle().ItemSpacing.x;
  const float left = ImGui::GetCursorScreenPos().x;
  float x = 0;
  bool first = true;
  auto place = [&](float w) {
    if (!first && x + gap + w <= width) {
      ImGui::SameLine();
      x += gap + w;
    } else {
      x = w;
    }
    first = false;
  };
  for (const std::string& name : controls) {
    const bool action = is_embed_action(name);
    const float control_w = name == "seed" ? font * 6 : font * 7;
    const float w = action ? ActionWidth(app, name) : SettingControlWidth(name, control_w);
    place(w);
    ImGui::PushID(name.c_str());
    if (action) Action(app, name);
    else SettingControl(app, name, control_w);
    ImGui::PopID();
    RecordItem(app, "embed.control." + name);
    x = ImGui::GetItemRectMax().x - left;
  }
  // where training stands, after the controls when it fits
  char status[64];
  const Trainer* tr = app.runs.main.trainer.get();
  if (tr && tr->metrics().dev_acc >= 0)
    std::snprintf(status, sizeof status, S().embed_status_dev, app.runs.main.step(), 100.0 * tr->metrics().dev_acc);
  else std::snprintf(status, sizeof status, S().embed_status, app.runs.main.step());
  place(ImGui::CalcTextSize(status).x);
  ImGui::AlignTextToFramePadding();
  ui::TextDisabled("%s", status);
  RecordItem(app, "embed.status");
}

}  // namespace

void ShowEmbed(App& app, PanelTextures& tex, const std::vector<Panel>& panels, const std::vector<std::string>& controls,
               const std::string& caption) {
  const float width = ImGui::GetContentRegionAvail().x, font = ImGui::GetFontSize();
  CaptionLine(app, caption, width);
  ImGui::BeginGroup();
  ControlsLine(app, controls, width);
  ImGui::EndGroup();
  RecordItem(app, "embed.controls");
  ShowNotices(app);

  ImVec2 area = ImGui::GetContentRegionAvail();
  if (app.state.lesson > 0) {  // the stop's card beside the view, or above it when the frame is narrow
    const bool beside = area.x >= font * 40;
    ImGui::BeginChild("##card", beside ? ImVec2(std::floor(area.x * 0.4f), 0) : ImVec2(0, std::floor(area.y * 0.5f)),
                      true);
    RecordWindow(app, "card");
    ShowLessonCard(app);
    ImGui::EndChild();
    if (beside) ImGui::SameLine();
    area = ImGui::GetContentRegionAvail();
  }
  const int n = static_cast<int>(panels.size());
  if (n == 1) {
    ImGui::BeginChild("##embed_view", ImVec2(0, 0), false);
    RecordWindow(app, "view");
    ShowView(app, tex, panels.front());
    ImGui::EndChild();
  } else if (area.x / static_cast<float>(n) >= font * 24) {  // side by side, each under its title
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const float w = std::floor((area.x - gap * static_cast<float>(n - 1)) / static_cast<float>(n));
    for (int i = 0; i < n; ++i) {
      if (i) ImGui::SameLine();
      ImGui::PushID(i);
      ImGui::BeginChild("##embed_view", ImVec2(w, 0), true);
      RecordWindow(app, "view");
      ui::TextDisabled("%s", PanelTitle(panels[static_cast<std::size_t>(i)]));
      ShowView(app, tex, panels[static_cast<std::size_t>(i)]);
      ImGui::EndChild();
      ImGui::PopID();
    }
  } else {
    ShowViewTabs(app, tex, panels, true);
  }
}

}  // namespace attnlab
