// Data: the task, its examples, your own sentence and the labels the model gives it (left column).
#include <algorithm>
#include <string>
#include <vector>

#include "engine/data/segmentation.h"
#include "imgui.h"
#include "misc/cpp/imgui_stdlib.h"
#include "web/panels/controls.h"
#include "web/panels/image_views.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// Tokens with their labels underneath, as the lecture draws them: one vector in, one label out.
// truth (optional): labels that are wrong are shown in red with the right one in the tooltip.
static void TokenChips(const App& app, const std::vector<std::string>& tokens, const std::vector<int>& labels,
                       const std::vector<int>& truth) {
  const float avail = ImGui::GetContentRegionAvail().x;
  float x = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string tag = i < labels.size() ? app.tag_name(labels[i]) : "";
    const float w = std::max(ImGui::CalcTextSize(tokens[i].c_str()).x, ImGui::CalcTextSize(tag.c_str()).x) + 10;
    if (i > 0 && x + w <= avail) ImGui::SameLine(0, 4);
    else if (i > 0) x = 0;
    x += w + 4;
    ImGui::BeginGroup();
    ImGui::PushID(static_cast<int>(i));
    const bool wrong = i < truth.size() && truth[i] >= 0 && i < labels.size() && truth[i] != labels[i];
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float lh = ImGui::GetTextLineHeight();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + lh * 2 + 6),
                      wrong ? IM_COL32(110, 40, 40, 255) : IM_COL32(45, 52, 64, 255), 4);
    dl->AddText(ImVec2(p.x + (w - ImGui::CalcTextSize(tokens[i].c_str()).x) / 2, p.y + 2), IM_COL32(235, 235, 235, 255),
                tokens[i].c_str());
    dl->AddText(ImVec2(p.x + (w - ImGui::CalcTextSize(tag.c_str()).x) / 2, p.y + lh + 4),
                wrong ? IM_COL32(255, 170, 160, 255) : IM_COL32(250, 200, 90, 255), tag.c_str());
    ImGui::Dummy(ImVec2(w, lh * 2 + 6));
    if (wrong && ImGui::IsItemHovered()) ui::SetTooltip(S().data_wrong_label, app.tag_name(truth[i]).c_str());
    ImGui::PopID();
    ImGui::EndGroup();
  }
}

// "Your data…": the browser's file picker; the file comes back through the platform's open-file hook to
// App::load_data. Where there is no picker (the desktop), say how to drop one instead.
static void PickOwnData(App& app) {
  if (!app.platform.pick_file || !app.platform.pick_file(".conllu,.txt,.tsv")) {
    app.notices.push_back({S().data_own_no_picker, "data_own_no_picker"});  // by key: follows a language switch
  }
}

// Task own: what the loaded file holds, and the chance level to beat.
static void OwnDataSummary(const App& app) {
  const OwnData& own = *app.runs.own;
  const TaggedText& t = own.text;
  ImGui::PushTextWrapPos(0.0f);  // narrow columns (800 px, phones) wrap instead of cutting the line
  ui::Text(S().data_own_file, own.name.empty() ? S().own_unnamed : own.name.c_str(), t.format.c_str());
  ui::TextDisabled(S().data_own_counts, t.sentences.size(), t.tokens, t.tag_names.size());  // splits: below
  std::string tags;
  for (const std::string& n : t.tag_names) tags += (tags.empty() ? "" : " ") + n;
  ui::TextDisabled(S().data_own_tags, tags.c_str());
  if (app.runs.data && app.runs.data->task.kind == TaskKind::own &&
      app.runs.chance_tag >= 0) {  // the (?) first: a marker after wrapped text would wrap as well
    ui::TextDisabled("%s", S().data_own_chance);
    HelpMarker(S().data_own_chance_help);
    ImGui::SameLine();
    ui::TextDisabled(S().data_own_chance_value, app.tag_name(app.runs.chance_tag).c_str(), 100.0 * app.runs.chance);
  }
  ImGui::PopTextWrapPos();
}

void ShowDataPanel(App& app) {
  AppState next = app.state;
  ui::Prose(app.runs.data && app.runs.data->is_image() ? S().img_data_intro : S().data_intro);
  const auto& tasks = enum_names<TaskKind>();
  const std::string own = to_string(TaskKind::own);
  bool pick = false;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  std::vector<std::string> tips;
  for (const auto& t : tasks) tips.push_back(ui::task_help(t));
  int chosen = ui::ChoiceIndex(tasks, app.state.task);
  if (ui::Combo(S().data_task, &chosen, tasks, app.state.task.c_str(), tips)) {
    const std::string& t = tasks[static_cast<std::size_t>(chosen)];
    if (t == own && !app.runs.own) {
      pick = true;  // no data yet: choosing "own" asks for a file
    } else {
      next.task = t;
      follow_task_defaults(app.state, next);  // graph: mask = graph, pe = none; and back
    }
  }
  HelpMarker(ui::task_help(app.state.task));
  if (ui::SmallButton(S().data_own_button)) pick = true;
  HelpMarker(S().data_own_help);
  if (pick) PickOwnData(app);
  if (app.state.task == own && app.runs.own) {
    OwnDataSummary(app);
  } else {
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ui::TextDisabled("%s", S().data_own_formats);
    ImGui::PopTextWrapPos();
  }
  ShowExportMenu(app, Panel::data);
  if (app.runs.data) {
    ui::TextDisabled(S().data_sizes, app.runs.data->train.size(), app.runs.data->dev.size(), app.runs.data->tags());
    const bool brown = app.runs.data->corpus == "Brown Corpus", chinese = app.runs.data->corpus == kSegCorpusName;
    if (brown || chinese) {  // its notice, wherever the data is named
      ImGui::PushTextWrapPos(0.0f);
      ui::TextDisabled("%s", brown ? S().data_source_brown : S().data_source_seg);
      ImGui::PopTextWrapPos();
    }
  }
  if (app.runs.data_pending || (app.runs.data && !app.runs.data->complete())) CorpusProgress(app);
  if (!app.runs.data_error.empty()) {
    const bool no_file = app.runs.data_error == App::kOwnNeedsData;
    ui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", no_file ? S().own_needs_data : app.runs.data_error.c_str());
  }

  if (app.input_is_text()) {
    std::string text = app.state.input;
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 2);
    if (ui::InputTextWithHint("##input", S().data_input_hint, &text)) next.input = utf8_prefix(text, kMaxInputChars);
    const TaskKind kind = app.runs.data ? app.runs.data->task.kind : TaskKind::seen;
    HelpMarker(kind == TaskKind::pos      ? S().data_input_help_pos
               : kind == TaskKind::own    ? S().data_input_help_own
               : kind == TaskKind::seg_zh ? S().data_input_help_seg
                                          : S().data_input_help_tokens);
  } else if (app.runs.data && app.runs.data->is_image()) {
    ImageExamplePicker(app, next);  // an image is no sentence: pick one of the dev images
  } else {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    SettingInt(S().data_example, "example", &next.example);
    HelpMarker(S().data_example_help);
  }

  if (!app.view.error.empty()) {
    ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", MessageText(app.view.error_message).c_str());
  } else if (ShowsImage(app)) {
    ImageWithLabelMaps(app);  // the image itself, its true and predicted label maps (144 chips say nothing)
  } else if (!app.view.predicted.empty()) {
    ui::TextDisabled(S().data_predicted, app.view.at_step);
    TokenChips(app, app.view.tokens, app.view.predicted, app.view.truth);
  } else if (!app.runs.main.trainer) {
    ui::TextDisabled("%s", S().data_no_model);  // (the view beside says why, with the way back)
  }

  if (app.runs.data && app.input_is_text() && ui::TreeNode(S().data_examples)) {
    ui::WrappedText(S().data_examples_hint, 0.0f, true);  // (under the header: it fits a narrow page)
    const std::vector<const Sequence*> examples = app.shown_examples();
    for (std::size_t e = 0; e < examples.size(); ++e) {
      const Sequence& s = *examples[e];
      const bool chars = app.runs.data->task.kind == TaskKind::seg_zh;
      std::vector<std::string> toks;
      std::string text;
      for (int t = 0; t < s.length(); ++t) {
        toks.push_back(s.words.empty()
                           ? app.runs.data->token_names[static_cast<std::size_t>(s.tokens[static_cast<std::size_t>(t)])]
                           : s.words[static_cast<std::size_t>(t)]);
        text += (t && !chars ? " " : "") + toks.back();  // Chinese is written without spaces
      }
      ImGui::PushID(static_cast<int>(e));
      if (ui::SmallButton(S().data_use)) next.input = text;
      ImGui::SameLine();
      TokenChips(app, toks, s.tags, {});
      ImGui::PopID();
    }
    ImGui::TreePop();
  }
  if (next.task != app.state.task || next.input != app.state.input || next.example != app.state.example)
    app.apply(next);
}

}  // namespace attnlab
