// The page layout, in three shapes:
//   wide    the title line, notices, the left column (Data, Model, Training; the lesson card first in lesson
//           mode) beside the views, one tab per view;
//   narrow  (a phone, a small frame: less than kSidebarFonts font sizes wide) the left column becomes a drawer
//           over the views (≡ Settings in the title line) and the views take the whole width; in lesson mode the
//           card stays above the views;
//   embed   (#embed=1, embed.cpp) only the chosen panels, controls and caption, filling the frame.
// Every frame records where its parts went (App::picks.layout) for the layout tests.
#include <algorithm>
#include <cstdio>
#include <iterator>

#include "imgui.h"
#include "web/app/embed.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/style.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::S;

namespace {

constexpr float kSidebarFonts = 56;  // below this width (in font sizes) the left column is a drawer

}  // namespace

void RecordRect(App& app, const std::string& name, float x, float y, float w, float h) {
  app.picks.layout.push_back({name, x, y, w, h});
}
void RecordItem(App& app, const std::string& name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  RecordRect(app, name, a.x, a.y, b.x - a.x, b.y - a.y);
}
void RecordWindow(App& app, const std::string& name) {
  const ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
  RecordRect(app, name, p.x, p.y, s.x, s.y);
}

std::string MessageText(const Message& m) {
  const char* t = m.key.empty() ? nullptr : ui::text(m.key);
  return t ? ui::fill(t, m.values) : m.text;
}

// Problems the user should know about (a bad setting in a shared link, ...), in a band under the title.
void ShowNotices(App& app) {
  // the newest notice is said once in the live region (a screen reader reads it without going there)
  const std::string newest = app.notices.empty() ? "" : MessageText(app.notices.back());
  if (newest != app.picks.said_notice) ui::a11y::Announce(newest);
  app.picks.said_notice = newest;
  if (app.notices.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.35f, 0.22f, 0.05f, 1.0f));
  const std::size_t shown = std::min<std::size_t>(app.notices.size(), 3);
  const float h = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(shown) * 1.6f + 8;
  ImGui::BeginChild("##notices", ImVec2(0, h), false);
  if (ui::SmallButton(S().dismiss)) app.notices.clear();
  ImGui::SameLine();
  ImGui::BeginGroup();
  for (std::size_t i = app.notices.size() - shown; i < app.notices.size(); ++i)
    ui::WrappedText(MessageText(app.notices[i]).c_str());
  ImGui::EndGroup();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

namespace {

float SmallButtonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

// The title line: (≡ Settings on narrow screens), the name, the mode (Playground / Lesson), Share, the subtitle
// and the training status. What does not fit is left out, least needed first (subtitle, status, name), so
// nothing overlaps at any width.
void ShowTitle(App& app, float width, bool narrow) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float gap = style.ItemSpacing.x, avail = width - style.WindowPadding.x * 2;
  char status[96];
  std::snprintf(status, sizeof status, S().status_line, app.runs.main.step(), app.runs.main.steps_per_sec,
                static_cast<double>(app.clock.fps_shown));
  const char* menu = S().title_settings;
  const float w_modes = SmallButtonWidth(S().lesson_playground) + 2 + SmallButtonWidth(S().lesson_mode);
  const float w_share = SmallButtonWidth(S().share_button);
  // The language switch names the other language, in it: 中文 in the English UI, English in the Chinese one.
  // Between a click on 中文 and the Chinese font's arrival (the page fetches it), it says so.
  const bool zh_wanted = app.state.lang == "zh", zh_shown = ui::language() == "zh";
  const char* lang_label = zh_wanted ? (zh_shown ? S().lang_switch_en : S().lang_switch_loading) : S().lang_switch_zh;
  const float w_lang = SmallButtonWidth(lang_label) + gap;
  float w_menu = narrow ? SmallButtonWidth(menu) + gap : 0;
  const float w_title = ImGui::CalcTextSize(S().app_title).x + gap;
  const float w_status = ImGui::CalcTextSize(status).x + gap * 2;
  const float w_sub = ImGui::CalcTextSize(S().app_subtitle).x + gap;
  bool show_title = true, show_status = true, show_sub = !narrow;
  auto total = [&] {
    return w_menu + (show_title ? w_title : 0) + w_modes + gap + w_share + w_lang + (show_sub ? w_sub + gap : 0) +
           (show_status ? w_status : 0);
  };
  if (total() > avail) show_sub = false;
  if (total() > avail) show_status = false;
  if (total() > avail) show_title = false;
  if (total() > avail && narrow) {
    menu = S().title_settings_short;
    w_menu = SmallButtonWidth(menu) + gap;
  }

  bool first = true;
  auto same_line = [&] {
    if (!first) ImGui::SameLine();
    first = false;
  };
  if (narrow) {
    same_line();
    ImGui::PushStyleColor(ImGuiCol_Button, app.picks.drawer_open ? ui::kAccent : ui::kQuiet);
    ui::a11y::SetNextName(S().title_settings_name);  // read as a word, not as its ≡ sign
    if (ui::SmallButton(menu)) app.picks.drawer_open = !app.picks.drawer_open;
    ImGui::PopStyleColor();
    RecordItem(app, "title.settings");
  }
  if (show_title) {
    same_line();
    ImGui::AlignTextToFramePadding();
    ui::TextUnformatted(S().app_title);
    RecordItem(app, "title.name");
  }
  const bool lesson = app.state.lesson > 0;
  auto mode_button = [&](const char* label, bool active, int stop) {
    ImGui::PushStyleColor(ImGuiCol_Button, active ? ui::kAccent : ui::kQuiet);
    if (ui::SmallButton(label) && !active) app.set_state({{"lesson", std::to_string(stop)}});
    ImGui::PopStyleColor();
  };
  same_line();
  ImGui::BeginGroup();
  mode_button(S().lesson_playground, !lesson, 0);
  ImGui::SameLine(0, 2);
  mode_button(S().lesson_mode, lesson, std::max(1, app.picks.last_lesson_stop));
  if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().lesson_mode_help);
  ImGui::EndGroup();
  RecordItem(app, "title.modes");
  if (lesson) app.picks.last_lesson_stop = app.state.lesson;
  ImGui::SameLine();
  if (ui::SmallButton(S().share_button)) app.picks.share.open = true;
  if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().share_button_help);
  RecordItem(app, "title.share");
  ImGui::SameLine();
  char lang_id[64];
  std::snprintf(lang_id, sizeof lang_id, "%s###lang", lang_label);
  if (ui::SmallButton(lang_id))
    for (const std::string& p : app.set_state({{"lang", zh_wanted ? "en" : "zh"}})) app.notices.push_back(p);
  if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().lang_switch_help);
  RecordItem(app, "title.lang");
  if (show_sub) {
    ImGui::SameLine();
    ui::TextDisabled("%s", S().app_subtitle);
    RecordItem(app, "title.subtitle");
  }
  if (show_status) {
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), width - ImGui::CalcTextSize(status).x - style.WindowPadding.x));
    ui::TextDisabled("%s", status);
    RecordItem(app, "title.status");
  }
}

// The left column's content: the lesson card (unless shown elsewhere), then Data, Model and Training.
void ShowSettings(App& app, PanelTextures& tex, bool with_card) {
  // In the lesson the stop's card comes first; the playground's panels stay below it, folded (their own IDs,
  // so the playground keeps its open/closed choice).
  const bool lesson = app.state.lesson > 0;
  if (lesson && with_card) {
    ShowLessonCard(app);
    ImGui::Separator();
  }
  const ImGuiTreeNodeFlags open = lesson ? 0 : ImGuiTreeNodeFlags_DefaultOpen;
  char data_header[96], training_header[96];
  std::snprintf(data_header, sizeof data_header, "%s###data%d", S().panel_data, lesson ? 1 : 0);
  std::snprintf(training_header, sizeof training_header, "%s###training%d", S().panel_training, lesson ? 1 : 0);
  if (ui::CollapsingHeader(data_header, open)) ShowDataPanel(app);
  // The model's header names the model, so it can stay folded and still say what is training.
  char model_header[160];
  std::snprintf(model_header, sizeof model_header, "%s: %s###model%d", S().panel_model,
                app.runs.main.what.empty() ? app.state.model.c_str() : app.runs.main.what.c_str(), lesson ? 1 : 0);
  if (ui::CollapsingHeader(model_header)) ShowModelPanel(app);
  if (ui::CollapsingHeader(training_header, open)) ShowTrainingPanel(app, tex);
}

// The drawer of a narrow screen: the left column over the views, below the title line, closed by its button or
// a tap outside it.
void ShowDrawer(App& app, PanelTextures& tex, float top, float width, float height) {
  const float w = std::min(width, std::max(ImGui::GetFontSize() * 26, width * 0.85f));
  ImGui::SetNextWindowPos(ImVec2(0, top));
  ImGui::SetNextWindowSize(ImVec2(w, height - top));
  ImGui::SetNextWindowFocus();
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.12f, 0.13f, 0.16f, 0.98f));
  ImGui::Begin("##drawer", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleColor();
  RecordWindow(app, "drawer");
  if (ui::Button(S().drawer_close)) app.picks.drawer_open = false;
  ShowSettings(app, tex, app.state.lesson == 0);
  const bool inside =
      ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
  ImGui::End();
  // a tap beside the drawer closes it (not one in a combo's list opened from it, nor on the title's button)
  if (ImGui::IsMouseClicked(0) && !inside && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) &&
      ImGui::GetIO().MousePos.y > top)
    app.picks.drawer_open = false;
}

const struct {
  Panel panel;
  const char* (*title)();
  void (*show)(App&, PanelTextures&);
} kViews[] = {
    {Panel::attention, [] { return S().panel_attention; }, ShowAttentionPanel},
    {Panel::step, [] { return S().panel_step; }, ShowStepPanel},
    {Panel::matrix, [] { return S().panel_matrix; }, ShowMatrixPanel},
    {Panel::pe, [] { return S().panel_pe; }, ShowPositionalEncodingPanel},
    {Panel::compare, [] { return S().panel_compare; }, ShowComparePanel},
    {Panel::history, [] { return S().panel_history; }, ShowHistoryPanel},
    {Panel::embeddings, [] { return S().panel_embeddings; }, ShowEmbeddingsPanel},
    {Panel::data, [] { return S().panel_data; }, [](App& app, PanelTextures&) { ShowDataPanel(app); }},
    {Panel::model, [] { return S().panel_model; }, [](App& app, PanelTextures&) { ShowModelPanel(app); }},
    {Panel::training, [] { return S().panel_training; }, ShowTrainingPanel},
};

}  // namespace

const char* PanelTitle(Panel panel) {
  for (const auto& v : kViews)
    if (v.panel == panel) return v.title();
  return "";
}

std::string ViewsTitle(const std::vector<Panel>& panels) {
  std::string views;
  for (const Panel p : panels) views += (views.empty() ? "" : S().chart_comma) + std::string(PanelTitle(p));
  return ui::fill(S().page_title_views, {{"views", views}});
}

std::string PageTitle(const App& app) {
  if (!app.state.title.empty()) return app.state.title;
  if (app.state.embed) return ViewsTitle(embed_panels(app.state));
  if (const LessonStop* stop = app.state.lesson > 0 ? lesson_stop(app.state.lesson) : nullptr)
    return ui::fill(S().page_title_lesson, {{"n", std::to_string(app.state.lesson)},
                                            {"count", std::to_string(lesson_stop_count())},
                                            {"stop", LessonText(*stop, "title")}});
  return S().page_title;
}

void ShowView(App& app, PanelTextures& tex, Panel panel) {
  for (const auto& v : kViews)
    if (v.panel == panel) v.show(app, tex);
}

void ShowViewTabs(App& app, PanelTextures& tex, const std::vector<Panel>& panels, bool narrow) {
  Panel& selected_by_ui = app.picks.tab_selected;
  const bool forced =
      app.state.panel != app.picks.last_state_panel || app.clock.frame <= 1;  // set from outside (link, API)
  // Tabs keep their whole names; when they do not all fit, the bar scrolls and (narrow) lists them all.
  ImGuiTabBarFlags bar = ImGuiTabBarFlags_FittingPolicyScroll;
  if (narrow) bar |= ImGuiTabBarFlags_TabListPopupButton;
  if (ui::BeginTabBar("##views", bar)) {
    for (Panel p : panels) {
      const ImGuiTabItemFlags f = forced && p == app.state.panel ? ImGuiTabItemFlags_SetSelected : 0;
      // the tab's ID is the panel, not its title: a change of language (or the Chinese font arriving) keeps the tab
      const std::string label = std::string(PanelTitle(p)) + "###view" + std::to_string(static_cast<int>(p));
      if (ui::BeginTabItem(label.c_str(), nullptr, f)) {
        selected_by_ui = p;
        ImGui::BeginChild("##view", ImVec2(0, 0), false);
        RecordWindow(app, "view");
        ShowView(app, tex, p);
        ImGui::EndChild();
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  // A tab clicked by the user becomes the state (and so the URL) too; panels not in this bar keep theirs.
  const bool in_bar = std::find(panels.begin(), panels.end(), app.state.panel) != panels.end();
  if (!forced && in_bar && selected_by_ui != app.state.panel) {
    AppState next = app.state;
    next.panel = selected_by_ui;
    app.apply(next);
  }
  app.picks.last_state_panel = app.state.panel;
}

// What the live region says of training: that it paused (with the step and dev accuracy), and, when the student
// asked for it (picks.announce_training), the same every 10 s while it runs.
void AnnounceTraining(App& app) {
  const Trainer* t = app.runs.main.trainer.get();
  const bool training = app.state.train && t && app.runs.main.error.empty();
  const double now = app.clock.now_ms;
  auto said = [&](const char* text) {  // the dev accuracy the Training panel shows (the latest line's)
    std::string dev = S().a11y_not_measured;
    if (t->metrics().dev_acc >= 0) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.1f %%", t->metrics().dev_acc * 100.0);
      dev = buf;
    }
    return ui::fill(text, {{"step", std::to_string(t->steps_done())}, {"dev", dev}});
  };
  if (t && app.picks.was_training && !training) ui::a11y::Announce(said(S().a11y_paused));
  if (training && !app.picks.was_training) app.picks.said_progress_ms = now;
  if (training && app.picks.announce_training && now - app.picks.said_progress_ms >= 10000.0) {
    ui::a11y::Announce(said(S().a11y_progress));
    app.picks.said_progress_ms = now;
  }
  app.picks.was_training = training;
}

void ShowApp(App& app, PanelTextures& tex, float width, float height) {
  AnnounceTraining(app);
  ui::a11y::SetTitle(PageTitle(app));
  app.picks.layout.clear();
  RecordRect(app, "screen", 0, 0, width, height);
  RecordRect(app, "font", 0, 0, ImGui::GetFontSize(), ImGui::GetFontSize());
  // the Compare panel's baseline trains while the panel is shown (in an embed: while it is one of the panels)
  const std::vector<Panel> embedded = embed_panels(app.state);
  app.runs.compare_active = app.state.embed
                                ? std::find(embedded.begin(), embedded.end(), Panel::compare) != embedded.end()
                                : app.state.panel == Panel::compare;
  // (no background of its own: the screen is cleared to that colour, ui::kPageBackground, and a software renderer
  // pays for every pixel a frame paints)
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoBackground;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("##root", nullptr, flags);
  ImDrawList* frame = ImGui::GetWindowDrawList();  // its 1-pixel frame, which NoBackground leaves out
  frame->PushClipRectFullScreen();
  frame->AddRect(ImVec2(0, 0), ImVec2(width, height), ImGui::GetColorU32(ImGuiCol_Border), 0.0f, 0,
                 ImGui::GetStyle().WindowBorderSize);
  frame->PopClipRect();
  app.picks.compact = app.state.embed && (height < ImGui::GetFontSize() * 25 || width < ImGui::GetFontSize() * 25);
  if (app.state.embed) {
    ShowEmbed(app, tex, embedded, embed_controls(app.state), app.state.caption);
    ImGui::End();
    return;
  }
  const bool narrow = width < ImGui::GetFontSize() * kSidebarFonts;
  if (!narrow) app.picks.drawer_open = false;
  ShowTitle(app, width, narrow);
  ImGui::Separator();
  const float below_title = ImGui::GetCursorScreenPos().y;
  ShowNotices(app);

  const bool lesson = app.state.lesson > 0;
  if (!narrow) {  // the left column beside the views
    ImGui::BeginChild("##left", ImVec2(std::clamp(width * 0.32f, 300.0f, 440.0f), 0.0f), true);
    RecordWindow(app, "left");
    ShowSettings(app, tex, true);
    ImGui::EndChild();
    ImGui::SameLine();
  } else if (lesson) {  // the lesson's card above the views; the playground's panels in the drawer
    ImGui::BeginChild("##card", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.55f), true);
    RecordWindow(app, "card");
    ShowLessonCard(app);
    ImGui::EndChild();
  }

  // The views, one per tab.
  std::vector<Panel> tabs;
  for (const auto& v : kViews)
    if (v.panel != Panel::data && v.panel != Panel::model && v.panel != Panel::training) tabs.push_back(v.panel);
  ImGui::BeginChild("##right", ImVec2(0, 0), false);
  RecordWindow(app, "views");
  ShowViewTabs(app, tex, tabs, narrow);
  ImGui::EndChild();
  ImGui::End();
  if (narrow && app.picks.drawer_open) ShowDrawer(app, tex, below_title, width, height);
  ShowShareDialog(app, tex, width, height);
}

}  // namespace attnlab
