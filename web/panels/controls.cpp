#include "web/panels/controls.h"

#include <algorithm>
#include <cstdio>

#include <string>

#include "imgui.h"
#include "web/app/app.h"
#include "web/ui/a11y.h"
#include "web/ui/strings.h"

namespace attnlab {

bool SettingInt(const char* label, const char* key, int* v, int multiple, const char* format) {
  const StateField* f = find_state_field(key);
  const int lo = static_cast<int>(f->lo), hi = static_cast<int>(f->hi);
  bool changed = false;
  if (hi - lo > 100000) {  // too many values to drag through
    changed = ui::InputInt(label, v);
  } else {
    changed = ui::SliderInt(label, v, lo, hi, format);
  }
  if (changed) {
    if (multiple > 1) *v = std::max(lo, *v / multiple * multiple);
    *v = std::clamp(*v, lo, hi);
    // an odd setting (a window centred on the token) snaps to the next odd value within the range
    if (f->odd && *v % 2 == 0) *v = *v + 1 <= hi ? *v + 1 : *v - 1;
  }
  return changed;
}

bool SettingFloat(const char* label, const char* key, float* v, const char* format) {
  const StateField* f = find_state_field(key);
  const bool changed = ui::SliderFloat(label, v, static_cast<float>(f->lo), static_cast<float>(f->hi), format,
                                       ImGuiSliderFlags_Logarithmic);
  if (changed) *v = std::clamp(*v, static_cast<float>(f->lo), static_cast<float>(f->hi));
  return changed;
}

float SettingControlWidth(const std::string& key, float width) {
  return ImGui::CalcTextSize(key.c_str()).x + ImGui::GetStyle().ItemInnerSpacing.x + width;
}

void SettingControl(App& app, const std::string& key, float width) {
  const StateField* f = find_state_field(key);
  if (!f) return;
  ImGui::PushID(key.c_str());
  ImGui::AlignTextToFramePadding();
  ui::TextUnformatted(key.c_str());
  if (ImGui::IsItemHovered()) {  // setting_help_<name> in the interface's language; the field table's as a fallback
    const char* help = ui::text("setting_help_" + key);
    ui::SetTooltip("%s", help ? help : f->help);
  }
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::SetNextItemWidth(width);
  const std::string value = f->get(app.state);
  std::string next;
  bool commit = false;
  // A slider's value while it is held: kept in ImGui's storage (per widget), so a model is rebuilt once, on release.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID id = ImGui::GetID("##value");
  bool* held = storage->GetBoolRef(id + 1, false);
  ui::a11y::SetNextName(key.c_str());  // the control's label is the name drawn before it
  if (!f->choices.empty()) {
    int chosen = ui::ChoiceIndex(f->choices, value);
    if (ui::Combo("##value", &chosen, f->choices, value.c_str())) {
      next = f->choices[static_cast<std::size_t>(chosen)];
      commit = true;
    }
  } else if (f->kind == StateField::Kind::boolean) {
    bool v = value == "true";
    if (ui::Checkbox("##value", &v)) {
      next = v ? "true" : "false";
      commit = true;
    }
  } else if (f->kind == StateField::Kind::integer) {
    int* v = storage->GetIntRef(id, 0);
    if (!*held) *v = std::stoi(value);
    const bool changed = SettingInt("##value", key.c_str(), v, key == "dim" ? 4 : 1);
    *held = ImGui::IsItemActive();
    if (f->resets_model ? ui::ItemEditDone() : changed) {
      next = std::to_string(*v);
      commit = next != value;
    }
  } else if (f->kind == StateField::Kind::number) {
    float* v = storage->GetFloatRef(id, 0.0f);
    if (!*held) *v = std::stof(value);
    const bool changed = SettingFloat("##value", key.c_str(), v, key == "lr" ? "%.4f" : "%.2f");
    *held = ImGui::IsItemActive();
    if (f->resets_model ? ui::ItemEditDone() : changed) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%g", static_cast<double>(*v));
      next = buf;
      commit = next != value;
    }
  }
  ImGui::PopID();
  if (commit) {
    // A refused value becomes a notice; the problems web/app words by key are shown in the interface's language.
    AppState probe = app.state;
    f->set(probe, next);
    const Message rule = check_state_message(probe);
    for (const std::string& problem : app.set_state({{key, next}})) {
      if (!rule.empty() && problem == rule.text) app.notices.push_back(rule);
      else if (problem == App::kOwnNeedsData) app.notices.push_back({problem, "own_needs_data"});
      else app.notices.push_back(problem);
    }
  }
}

void NoModel(App& app) {
  if (app.runs.data_pending) {  // the corpus is on its way (web/platform/corpus_fetch.h)
    CorpusProgress(app);
    return;
  }
  ui::TextDisabled("%s", ui::S().view_no_model);
  WayBack(app, /*with_reason=*/true);
}

void CorpusProgress(App& app, bool brief) {
  const double mb = 1e-6, got = app.runs.data_received, total = app.runs.data_total;
  char line[256];
  const bool chinese = app.state.task == "seg_zh";
  if (total > 0)
    std::snprintf(line, sizeof line, chinese ? ui::S().corpus_fetching_seg : ui::S().corpus_fetching, got * mb,
                  total * mb);
  else
    std::snprintf(line, sizeof line, chinese ? ui::S().corpus_fetching_seg_unknown : ui::S().corpus_fetching_unknown,
                  got * mb);
  if (!brief) {
    ImGui::PushTextWrapPos(0);
    ui::TextUnformatted(line);
    ImGui::PopTextWrapPos();
    ui::ProgressBar(total > 0 ? static_cast<float>(got / total) : 0.0f, ImVec2(-1, 0), "");
  }
  const Dataset* d = app.runs.data.get();
  if (d == nullptr || d->complete()) return;
  const int parts = static_cast<int>(d->train_parts.size());
  ImGui::PushTextWrapPos(0);
  ui::Text(ui::S().corpus_streaming, d->parts_arrived(), parts);
  if (app.runs.main.trainer && app.runs.main.trainer->waiting())
    ui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), ui::S().corpus_waiting, d->parts_arrived() + 1, parts);
  ImGui::PopTextWrapPos();
}

void WayBack(App& app, bool with_reason) {
  using ui::S;
  const App::Trouble trouble = app.trouble();
  if (trouble == App::Trouble::none) return;
  ImGui::PushTextWrapPos(0);
  if (trouble == App::Trouble::diverged) {
    ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), S().train_diverged, app.runs.main.trainer->steps_done(),
                    static_cast<double>(app.state.lr));
    char label[160];
    std::snprintf(label, sizeof label, S().train_lower_lr, static_cast<double>(app.lower_lr_value()));
    if (ui::Button(label)) {
      const std::string problem = app.lower_lr();
      if (!problem.empty()) app.notices.push_back(problem);
    }
  } else {
    if (with_reason) ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", app.runs.main.error.c_str());
    if (ui::Button(app.has_working ? S().train_back_working : S().train_back_defaults)) {
      const std::string problem = app.back_to_working();
      if (!problem.empty()) app.notices.push_back(problem);
    }
  }
  ImGui::PopTextWrapPos();
}

}  // namespace attnlab
