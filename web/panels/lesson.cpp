// The lesson card (web/app/lesson.h): the progress strip, what the lecture says at this stop, the question
// with its answer widget (one button per choice, or a slider and Predict), the training towards the reveal,
// and the reveal: the prediction next to what was measured, the numbers, and why. Back / Next / Skip.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/data/words.h"
#include "imgui.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/style.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::S;

std::string LessonText(const LessonStop& stop, const char* part) {
  const char* t = ui::text(std::string("lesson_") + stop.id + "_" + part);
  return t ? t : "";
}

std::string LessonQuestionText(const App& app, const LessonStop& stop) {
  const std::vector<std::string> words = split_words(app.state.input);
  return ui::fill(LessonText(stop, "question"), {{"steps", std::to_string(stop.steps)},
                                                 {"input", app.state.input},
                                                 {"query", words.empty() ? "" : words.back()},
                                                 {"task", app.state.task},
                                                 {"t", std::to_string(words.size())}});
}

// A key's text in the active language ("" for a key the table lacks: tests/app/lesson_test.cpp checks that
// every key the lesson names is there).
static std::string KeyText(const std::string& key) {
  const char* t = ui::text(key);
  return t ? t : "";
}

// Measured values, and the texts of the keys that fill the other marks. A key's text may hold marks of its own (a
// sentence inside the sentence: the data-size sweep's verdict in "Self-attention vs CNN"): filled from the same
// values, two levels deep.
static std::vector<std::pair<std::string, std::string>> FillValues(
    std::vector<std::pair<std::string, std::string>> values,
    const std::vector<std::pair<std::string, std::string>>& keys) {
  const std::size_t measured = values.size();
  for (const auto& [name, key] : keys) values.emplace_back(name, KeyText(key));
  for (int level = 0; level < 2; ++level) {
    const auto before = values;
    for (std::size_t i = measured; i < values.size(); ++i) values[i].second = ui::fill(values[i].second, before);
  }
  return values;
}

std::string LessonWhy(const LessonStop& stop, const LessonResult& r) {
  return ui::fill(LessonText(stop, ("why_" + r.outcome).c_str()), FillValues(r.fill, r.fill_keys));
}

std::string LessonLineText(const LessonLine& line) {
  return ui::fill(KeyText(line.key), FillValues(line.values, line.keys));
}

std::string LessonChoiceLabel(const LessonStop& stop, const std::string& choice) {
  const char* key = lesson_choice_key(stop, choice);
  return key ? KeyText(key) : choice;
}

std::string LessonUnit(const std::string& unit) {
  const char* t = unit.empty() || unit == "%" || unit == "ms" ? nullptr : ui::text("lesson_unit_" + unit);
  return t ? t : unit;
}

std::string LessonNumberText(const LessonNumber& n) {
  char buf[64];
  if (!std::isfinite(n.value)) return "-";
  if (n.unit == "%") std::snprintf(buf, sizeof buf, "%.1f %%", n.value);
  else if (n.unit == "ms") std::snprintf(buf, sizeof buf, "%.2f ms", n.value);
  else if ((n.value == std::floor(n.value) || std::fabs(n.value) >= 100) && std::fabs(n.value) < 1e12)
    return ui::GroupDigits(std::llround(n.value)) + (n.unit.empty() ? "" : " " + LessonUnit(n.unit));
  else std::snprintf(buf, sizeof buf, "%.3g %s", n.value, LessonUnit(n.unit).c_str());
  return buf;
}

static void Open(App& app, int n) { app.set_state({{"lesson", std::to_string(n)}}); }

// One button per stop, on as many rows as the width needs.
static void ProgressStrip(App& app, int stop, int count) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float least = ImGui::CalcTextSize("00").x + style.FramePadding.x * 2;
  const int per_row = std::max(1, std::min(count, static_cast<int>((avail + 2) / (least + 2))));
  const float w = (avail - 2.0f * static_cast<float>(per_row - 1)) / static_cast<float>(per_row);
  for (int i = 1; i <= count; ++i) {
    if ((i - 1) % per_row != 0) ImGui::SameLine(0, 2);
    const bool here = i == stop;
    ImGui::PushStyleColor(ImGuiCol_Button, here ? ui::kAccent : i < stop ? ui::kVisited : ui::kQuiet);
    char label[16];
    std::snprintf(label, sizeof label, "%d", i);
    if (ui::Button(label, ImVec2(w, 0)) && !here) Open(app, i);
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ui::SetTooltip("%s", LessonText(*lesson_stop(i), "title").c_str());
  }
}

static void Question(App& app, const LessonStop& stop) {
  const LessonQuestion& q = stop.question;
  if (q.kind == LessonQuestion::Kind::choice) {
    ui::TextDisabled("%s", q.on_tokens ? S().lesson_choose_token : S().lesson_choose);
    const std::vector<std::string> choices = q.choices(app);
    std::vector<std::string> labels;  // as shown; a click answers with the choice itself
    for (const std::string& c : choices) labels.push_back(LessonChoiceLabel(stop, c));
    const float right = ImGui::GetContentRegionAvail().x + ImGui::GetCursorScreenPos().x;
    for (std::size_t i = 0; i < choices.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      const float w = ImGui::CalcTextSize(labels[i].c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
      if (i > 0) {
        ImGui::SameLine();
        if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
      }
      if (ui::Button(labels[i].c_str())) app.set_state({{"guess", choices[i]}});
      ImGui::PopID();
    }
    return;
  }
  ui::TextDisabled("%s", S().lesson_slide);
  if (app.picks.lesson_slider_stop != app.state.lesson) {
    app.picks.lesson_slider_stop = app.state.lesson;
    app.picks.lesson_slider = std::round((q.lo + q.hi) / 2);
  }
  float v = static_cast<float>(app.picks.lesson_slider);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(S().lesson_predict).x -
                          ImGui::GetStyle().FramePadding.x * 4);
  char format[64];
  std::snprintf(format, sizeof format, "%%.0f %s", LessonUnit(q.unit).c_str());
  if (ui::SliderFloat("##guess", &v, static_cast<float>(q.lo), static_cast<float>(q.hi), format))
    app.picks.lesson_slider = std::round(v);
  ImGui::SameLine();
  if (ui::Button(S().lesson_predict)) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", app.picks.lesson_slider);
    app.set_state({{"guess", text}});
  }
}

// An answer as shown: a choice by its label, a number with its unit.
static std::string AnswerText(const LessonStop& stop, const std::string& answer) {
  if (stop.question.kind == LessonQuestion::Kind::choice) return LessonChoiceLabel(stop, answer);
  return answer + (stop.question.unit[0] ? " " + LessonUnit(stop.question.unit) : "");
}

static void Reveal(App& app, const LessonStop& stop, const LessonResult& r) {
  const bool agrees = prediction_agrees(stop, app.state.guess, r);
  char predicted[512], measured[512];
  std::snprintf(predicted, sizeof predicted, S().lesson_you_predicted, AnswerText(stop, app.state.guess).c_str());
  std::snprintf(measured, sizeof measured, S().lesson_measured, AnswerText(stop, r.answer).c_str());
  // said once in the live region when it is ready: the prediction, the measurement, whether they agree
  const std::string said = std::to_string(app.state.lesson) + "|" + app.state.guess + "|" + std::to_string(r.step);
  if (said != app.picks.said_reveal) {
    ui::a11y::Announce(predicted + std::string(S().a11y_sentence_end) + measured + S().a11y_sentence_end +
                       (agrees ? S().lesson_agrees : S().lesson_differs));
    app.picks.said_reveal = said;
  }
  ui::TextUnformatted(predicted);
  ui::TextUnformatted(measured);
  ImGui::PushStyleColor(ImGuiCol_Text, agrees ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(1.0f, 0.7f, 0.4f, 1));
  ui::Prose(agrees ? S().lesson_agrees : S().lesson_differs);
  ImGui::PopStyleColor();
  ui::Prose(LessonWhy(stop, r).c_str());
  ui::TextDisabled(S().lesson_numbers, r.step);
  if (ImGui::BeginTable("##numbers", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed);
    for (const LessonNumber& n : r.numbers) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(0);
      ui::TextUnformatted(LessonLineText(n.name).c_str());
      ImGui::PopTextWrapPos();
      ImGui::TableNextColumn();
      ui::TextUnformatted(LessonNumberText(n).c_str());
    }
    ImGui::EndTable();
  }
  if (ui::SmallButton(S().lesson_again)) app.set_state({{"guess", ""}});
}

void ShowLessonCard(App& app) {
  const int n = app.state.lesson, count = lesson_stop_count();
  const LessonStop* stop = lesson_stop(n);
  if (!stop) return;
  ProgressStrip(app, n, count);
  char heading[160];
  std::snprintf(heading, sizeof heading, S().lesson_stop_of, n, count);
  ui::TextDisabled("%s", heading);
  ImGui::SameLine();
  ui::Prose(LessonText(*stop, "title").c_str());
  ImGui::Separator();
  ui::Prose(LessonText(*stop, "text").c_str());
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.45f, 1));
  ui::Prose(LessonQuestionText(app, *stop).c_str());
  ImGui::PopStyleColor();

  const LessonRuns& L = app.lesson;
  if (!L.error.empty()) {
    ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), S().lesson_problem, L.error.c_str());
  } else if (L.result) {
    Reveal(app, *stop, *L.result);
  } else if (!app.state.guess.empty()) {
    ui::Text(S().lesson_you_predicted, AnswerText(*stop, app.state.guess).c_str());
    char overlay[96];
    std::snprintf(overlay, sizeof overlay, S().lesson_training, std::min<long>(app.runs.main.step(), stop->steps),
                  stop->steps);
    ui::ProgressBar(static_cast<float>(L.progress(app.runs.main.step())), ImVec2(-1, 0),
                    stop->steps > 0 ? overlay : S().lesson_computing);
  } else {
    Question(app, *stop);
  }

  ImGui::Spacing();
  ImGui::BeginDisabled(n <= 1);
  if (ui::Button(S().lesson_back)) Open(app, n - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(n >= count);
  if (ui::Button(L.result ? S().lesson_next : S().lesson_skip)) Open(app, n + 1);
  ImGui::EndDisabled();
}

}  // namespace attnlab
