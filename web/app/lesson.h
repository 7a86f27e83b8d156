// The lesson: the lecture as a guided path through the playground. One stop per idea of the lecture, in its
// order; each stop sets the playground up for its idea, asks the student to PREDICT something concrete,
// then trains (or computes) what it needs and shows the prediction next to what was measured.
//
// A stop is one declaration in lesson_stops.cpp (nothing of it is spread over the panels):
//   id        names its texts in the strings table: lesson_<id>_title, _text, _question, and the sentences
//             that explain the outcome, lesson_<id>_why_<outcome> (web/ui/strings_en_lesson.inc); everything
//             else it shows (variant labels, the measured numbers' names) is named by key too (LessonLine)
//   setup     the settings it starts from, as a link's query ("task=seen&panel=compare"), on top of the
//             defaults; training is paused until the student has predicted
//   variants  models trained side by side with the main one, each the setup plus a few settings
//             ("model=window"); the main run is variant 0
//   steps     training steps every variant gets before the reveal (0: computed at once)
//   question  a choice among a few options, or a number on a slider
//   measure   how the result is measured, from the trained models (LessonMeasure below)
//
// Lesson state lives in AppState (`lesson` = the open stop, 0 = the playground; `guess` = the prediction),
// so it is part of the URL: #lesson=3 opens stop 3, #lesson=3&guess=40 also answers it.
#pragma once

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "web/app/runs.h"

namespace attnlab {

struct App;
struct AppState;

// A text the lesson puts on screen, named by its key in the strings table (web/ui/strings_en_lesson.inc):
// web/app/ knows no strings, the panels resolve the key in the active language (ui::text). Its {name} marks
// are filled with measured values as text, or with the text of another key (a variant's label).
struct LessonLine {
  std::string key;                                          // "lesson_n_scores" ("scores A computed, {t} tokens")
  std::vector<std::pair<std::string, std::string>> values;  // {name} -> text ("t" -> "8")
  std::vector<std::pair<std::string, std::string>> keys;    // {name} -> the text of this key
};

// One measured number of a reveal ("window FC (3 tokens): 61.2 %").
struct LessonNumber {
  LessonLine name;  // what it is: a variant's label or a quantity ("self-attention", "scores per step, full")
  double value = NAN;
  std::string unit;  // "%", "", "ms", ...
};

struct LessonResult {
  std::string answer;  // what happened, in the question's terms (one of the choices, or the number as text)
  double value = NAN;  // the headline number (the answer itself for number questions)
  std::string unit;
  std::vector<LessonNumber> numbers;                      // everything measured, in order
  std::string outcome;                                    // picks the sentence that says why: lesson_<id>_why_<outcome>
  std::vector<std::pair<std::string, std::string>> fill;  // {name} -> text for that sentence (measured values)
  std::vector<std::pair<std::string, std::string>> fill_keys;  // {name} -> a key whose text fills it (a label)
  long step = 0;                                               // training steps the models had
};

// What a measure may read: the stop's trained runs and the App (data, settings, the shown input).
struct LessonContext {
  App& app;
  std::vector<const Run*> runs;            // variant i's run (0 = the main run)
  double dev_accuracy(int variant) const;  // % of dev tokens right, the whole dev set
};

using LessonMeasure = std::function<LessonResult(LessonContext&)>;

struct LessonQuestion {
  enum class Kind { choice, number } kind = Kind::choice;
  // choice: the options, which may depend on the App (e.g. the tokens of the shown input)
  std::function<std::vector<std::string>(const App&)> choices;
  double lo = 0, hi = 100, tolerance = 10;  // number: the slider's range; a prediction this close agrees
  const char* unit = "";  // a unit that is a word ("steps") is shown as the text of lesson_unit_<unit>
  // choice: the options that are words of the lesson rather than data (not tags, not tokens), each with the
  // key of the label shown for it; the option itself (what AppState::guess, the URL and the API hold) stays
  // the same in every language.
  std::vector<std::pair<std::string, const char*>> labels;
  bool on_variants = false;  // choice: the options are the stop's variants' names, labelled by their `label`
  bool on_tokens = false;    // choice: the options are the shown input's tokens, in order, so a view that draws
                             // them (Step by step's keys) may take the answer as a click on a token
};

struct LessonVariant {
  const char* name;      // the variant as an answer (a choice, AppState::guess, the API): "window FC (3 tokens)"
  const char* settings;  // on top of the stop's setup ("" = the setup itself)
  const char* label;     // the key of its name as shown (the reveal, the buttons, the texts' {name0}, {best})
};

struct LessonStop {
  const char* id;
  const char* setup;
  std::vector<LessonVariant> variants;  // variants[0] is the main run
  int steps;
  LessonQuestion question;
  LessonMeasure measure;
};

const std::vector<LessonStop>& lesson_stops();  // lesson_stops.cpp
int lesson_stop_count();
const LessonStop* lesson_stop(int n);  // stop n (from 1), null when there is none

// The settings stop n starts from (a default AppState plus its setup, training paused, lesson = n).
AppState lesson_start_state(int n);

// A prediction as text ("40", "sinusoidal", or for a choice its index "2"): "" if it answers stop n's
// question, else why not. *canonical gets the form stored in AppState::guess (a choice's name or its
// index when names repeat; a number as written).
std::string check_prediction(const App& app, int n, const std::string& value, std::string* canonical = nullptr);
// The open stop waits for a prediction that is a token of the shown input (LessonQuestion::on_tokens).
bool lesson_asks_for_token(const App& app);
// The key of the label a choice of stop's question is shown with (a variant's label, or one of the
// question's labels); null when the choice is data shown as it is (a tag, a token).
const char* lesson_choice_key(const LessonStop& stop, const std::string& choice);
// Whether a prediction agrees with the measured result (choice: the same option; number: within tolerance).
bool prediction_agrees(const LessonStop& stop, const std::string& prediction, const LessonResult& result);

// The lesson's runs and result, kept by the App for the open stop.
struct LessonRuns {
  int stop = 0;               // the stop the runs belong to (0 = none)
  std::vector<Run> variants;  // variants 1.. (variant 0 is App::runs.main)
  bool measuring = false;     // a prediction was made: training towards the reveal
  std::optional<LessonResult> result;
  std::string error;                      // the stop could not be measured (a variant failed), in words
  LessonResult opened;                    // what was measured when the stop opened (before training), if anything
  double progress(long main_step) const;  // 0..1 of the training the reveal waits for
};

// The App's side (lesson.cpp), called by App::state_changed, App::tick and App::train_steps:
// after a settings change (open a stop, take a prediction and start the variants, or measure again after the
// model was rebuilt); training the variants towards the reveal (n steps each, or within a frame's budget);
// and measuring once every variant has its steps.
void lesson_state_changed(App& app, const AppState& before, bool runs_rebuilt);
void lesson_start_measuring(App& app);
int lesson_train_steps(App& app, int n);  // the main run's steps taken
void lesson_train_for(App& app, double budget_ms);
void lesson_update(App& app);

}  // namespace attnlab
