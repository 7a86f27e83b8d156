// The lesson (web/app/lesson.h): every stop opens from its settings with training paused, takes a
// prediction (and refuses bad ones, changing nothing), trains its variants to exactly its steps and reveals
// a result measured on them; the lesson travels in the URL state.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "web/app/app.h"
#include "web/app/sweep_run.h"

namespace attnlab {
namespace {

// The English table, key -> text, read from the strings files themselves (web/app/ knows only the keys; the
// panels resolve them), to check that every key the lesson names exists and gets a value for each mark.
const std::map<std::string, std::string>& english() {
  static const std::map<std::string, std::string> table = {
#define X(key, text) {#key, text},
#include "web/ui/strings_en.inc"
#undef X
  };
  return table;
}

std::set<std::string> marks(const std::string& t) {
  std::set<std::string> out;
  for (std::size_t i = t.find('{'); i != std::string::npos; i = t.find('{', i + 1)) {
    const std::size_t close = t.find('}', i);
    if (close == std::string::npos) break;
    out.insert(t.substr(i + 1, close - i - 1));
  }
  return out;
}

using Pairs = std::vector<std::pair<std::string, std::string>>;

// A line in English, as the panel shows it in English: the key's text with its marks filled.
std::string English(const LessonLine& line) {
  const auto it = english().find(line.key);
  std::string t = it == english().end() ? line.key : it->second;
  Pairs all = line.values;
  for (const auto& [name, key] : line.keys) all.emplace_back(name, english().count(key) ? english().at(key) : key);
  for (const auto& [name, value] : all)
    for (std::size_t at = t.find("{" + name + "}"); at != std::string::npos; at = t.find("{" + name + "}"))
      t.replace(at, name.size() + 2, value);
  return t;
}

// The key is in the table, each key filling a mark too, and every mark of its text has a value or a key.
void ExpectFilled(const std::string& key, const Pairs& values, const Pairs& keys, const std::string& where) {
  const auto it = english().find(key);
  ASSERT_NE(it, english().end()) << where << ": no text for the key " << key;
  std::set<std::string> given;
  for (const auto& [name, value] : values) given.insert(name);
  for (const auto& [name, k] : keys) {
    given.insert(name);
    EXPECT_TRUE(english().count(k)) << where << ": {" << name << "} names the key " << k << ", which has no text";
  }
  for (const std::string& m : marks(it->second))
    EXPECT_TRUE(given.count(m)) << where << ": " << key << " has {" << m << "}, and the lesson gives it no value";
}

// A prediction every stop accepts: its first choice, or the middle of its slider.
std::string some_prediction(const App& app, const LessonStop& stop) {
  if (stop.question.kind == LessonQuestion::Kind::choice) return stop.question.choices(app).front();
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", std::round((stop.question.lo + stop.question.hi) / 2));
  return buf;
}

class EveryStop : public ::testing::TestWithParam<int> {};

TEST_P(EveryStop, OpensPredictsTrainsAndRevealsAMeasuredResult) {
  const int n = GetParam();
  const LessonStop& stop = *lesson_stop(n);
  App app;
  ASSERT_TRUE(app.set_state({{"lesson", std::to_string(n)}}).empty());
  EXPECT_EQ(app.state.lesson, n);
  EXPECT_FALSE(app.state.train) << "nothing trains before the prediction";
  EXPECT_TRUE(app.runs.main.trainer) << app.runs.main.error;
  EXPECT_EQ(app.runs.main.step(), 0);
  EXPECT_FALSE(app.lesson.result.has_value());
  // the URL names the stop; loading it again gives the same settings
  const std::string query = state_to_query(app.state);
  EXPECT_NE(query.find("lesson=" + std::to_string(n)), std::string::npos) << query;
  AppState again;
  ASSERT_TRUE(apply_query(again, query).empty());
  EXPECT_EQ(state_to_query(again), query);

  // a bad prediction is refused and changes nothing
  EXPECT_FALSE(check_prediction(app, n, "not an answer").empty());
  EXPECT_FALSE(check_prediction(app, n, "").empty());
  if (stop.question.kind == LessonQuestion::Kind::number) {
    EXPECT_FALSE(check_prediction(app, n, std::to_string(stop.question.hi + 1)).empty());
  } else {
    const auto choices = stop.question.choices(app);
    ASSERT_GE(choices.size(), 2u);
    EXPECT_FALSE(check_prediction(app, n, std::to_string(choices.size())).empty()) << "index past the end";
    std::string canonical;
    EXPECT_EQ(check_prediction(app, n, "1", &canonical), "") << "a choice by its index";
    EXPECT_EQ(canonical, choices[1]);
  }

  const std::string guess = some_prediction(app, stop);
  ASSERT_TRUE(app.set_state({{"guess", guess}}).empty());
  EXPECT_TRUE(app.state.train) << "the prediction starts the training";
  EXPECT_EQ(app.lesson.variants.size() + 1, stop.variants.size());
  for (int i = 0; i < 100 && !app.lesson.result && app.lesson.error.empty(); ++i) app.train_steps(50);
  ASSERT_TRUE(app.lesson.error.empty()) << app.lesson.error;
  ASSERT_TRUE(app.lesson.result.has_value());
  const LessonResult& r = *app.lesson.result;
  EXPECT_EQ(app.runs.main.step(), std::max(stop.steps, 0)) << "measured at exactly the stop's steps";
  for (const attnlab::Run& v : app.lesson.variants) EXPECT_EQ(v.step(), stop.steps);
  EXPECT_TRUE(std::isfinite(r.value)) << stop.id;
  EXPECT_FALSE(r.answer.empty());
  EXPECT_FALSE(r.outcome.empty());
  ASSERT_FALSE(r.numbers.empty());
  if (stop.question.kind == LessonQuestion::Kind::choice) {
    const auto choices = stop.question.choices(app);
    EXPECT_NE(std::find(choices.begin(), choices.end(), r.answer), choices.end())
        << "the answer is one of the choices: " << r.answer;
  }
  std::printf("stop %d %s: predicted %s, measured %s (%g %s), outcome %s\n", n, stop.id, guess.c_str(),
              r.answer.c_str(), r.value, r.unit.c_str(), r.outcome.c_str());
  for (const LessonNumber& x : r.numbers) {
    std::printf("    %s: %g %s\n", English(x.name).c_str(), x.value, x.unit.c_str());
    ExpectFilled(x.name.key, x.name.values, x.name.keys, std::string(stop.id) + " number");
  }
  ExpectFilled(std::string("lesson_") + stop.id + "_why_" + r.outcome, r.fill, r.fill_keys, stop.id);
  if (std::string(stop.id) == "cnn") {  // no sweep has run in this App: the reveal says how to measure the claim
    bool none = false;
    for (const auto& [m, k] : r.fill_keys) none |= m == "sweep" && k == "lesson_cnn_sweep_none";
    EXPECT_TRUE(none);
  }
  if (stop.question.kind == LessonQuestion::Kind::choice &&
      (stop.question.on_variants || !stop.question.labels.empty())) {
    EXPECT_NE(lesson_choice_key(stop, r.answer), nullptr) << "the answer " << r.answer << " has a label";
  }
  // predictions compare with the result as the reveal says
  EXPECT_EQ(prediction_agrees(stop, guess, r), stop.question.kind == LessonQuestion::Kind::choice
                                                   ? guess == r.answer
                                                   : std::fabs(std::stod(guess) - r.value) <= stop.question.tolerance);
}

INSTANTIATE_TEST_SUITE_P(Lesson, EveryStop, ::testing::Range(1, lesson_stop_count() + 1));

TEST(Lesson, HasAStopForEveryIdeaOfTheLectureInItsOrder) {
  const char* ids[] = {"vectors",  "embeddings", "window", "qkv",   "softmax", "matrix", "heads",
                       "position", "speech",     "image",  "graph", "cnn",     "rnn"};
  ASSERT_GE(lesson_stop_count(), 13);
  for (int i = 0; i < 13; ++i) EXPECT_STREQ(lesson_stop(i + 1)->id, ids[i]);
  EXPECT_EQ(lesson_stop(0), nullptr);
  EXPECT_EQ(lesson_stop(lesson_stop_count() + 1), nullptr);
}

TEST(Lesson, EveryTextAStopNamesIsInTheTableWithEveryMarkFilled) {
  App app;
  for (int n = 1; n <= lesson_stop_count(); ++n) {
    const LessonStop& stop = *lesson_stop(n);
    ASSERT_TRUE(app.set_state({{"lesson", std::to_string(n)}}).empty());
    const std::string id = std::string("lesson_") + stop.id;
    ExpectFilled(id + "_title", {}, {}, stop.id);
    ExpectFilled(id + "_text", {}, {}, stop.id);
    // the card fills the question's marks from these (web/panels/lesson.cpp)
    ExpectFilled(id + "_question", {{"steps", ""}, {"input", ""}, {"query", ""}, {"task", ""}, {"t", ""}}, {}, stop.id);
    for (const LessonVariant& v : stop.variants) {
      ASSERT_NE(v.label, nullptr) << stop.id << ": the variant " << v.name << " has no label";
      ExpectFilled(v.label, {}, {}, stop.id);
    }
    for (const auto& [option, key] : stop.question.labels) ExpectFilled(key, {}, {}, stop.id);
    if (stop.question.kind != LessonQuestion::Kind::choice) continue;
    // an option that is a word of the lesson is shown by its label; data (tags, tokens) as it is
    const bool words = stop.question.on_variants || !stop.question.labels.empty();
    for (const std::string& c : stop.question.choices(app))
      EXPECT_EQ(lesson_choice_key(stop, c) != nullptr, words) << stop.id << ": " << c;
  }
  EXPECT_EQ(lesson_choice_key(*lesson_stop(6), "twice as many"), std::string("lesson_matrix_name_twice"));
  EXPECT_EQ(lesson_choice_key(*lesson_stop(11), "along the edges"), std::string("lesson_graph_name_edges"));
  EXPECT_EQ(lesson_choice_key(*lesson_stop(1), "self-attention"), nullptr) << "stop 1's options are tags";
}

TEST(Lesson, OpeningAStopKeepsTheLanguage) {
  App app;
  ASSERT_TRUE(app.set_state({{"lang", "zh"}}).empty());
  ASSERT_TRUE(app.set_state({{"lesson", "2"}}).empty());
  EXPECT_EQ(app.state.lang, "zh") << "the stop's settings do not include the interface's language";
  ASSERT_TRUE(app.set_state({{"lesson", "3"}}).empty());
  EXPECT_EQ(app.state.lang, "zh");
  ASSERT_TRUE(app.set_state({{"lesson", "4"}, {"lang", "en"}}).empty());
  EXPECT_EQ(app.state.lang, "en") << "a link may still set it";
  EXPECT_EQ(app.state.task, "pos");
}

TEST(Lesson, ALinkWithAPredictionOpensTheStopAndStartsTraining) {
  App app;
  app.load_url_state("#lesson=3&guess=40");
  EXPECT_TRUE(app.notices.empty()) << app.notices.front().text;
  EXPECT_EQ(app.state.lesson, 3);
  EXPECT_EQ(app.state.task, "seen");
  EXPECT_EQ(app.state.guess, "40");
  EXPECT_TRUE(app.state.train);
  EXPECT_TRUE(app.lesson.measuring);
}

TEST(Lesson, ABadPredictionInALinkBecomesANoticeAndTheStopStillOpens) {
  App app;
  app.load_url_state("#lesson=3&guess=lots");
  EXPECT_EQ(app.state.lesson, 3);
  EXPECT_EQ(app.state.guess, "");
  EXPECT_FALSE(app.state.train);
  ASSERT_FALSE(app.notices.empty());
  EXPECT_NE(app.notices.back().text.find("number"), std::string::npos) << app.notices.back().text;
}

TEST(Lesson, OutOfRangeStopsAndPredictionsWithoutAStopAreRefused) {
  App app;
  const AppState before = app.state;
  EXPECT_FALSE(app.set_state({{"lesson", std::to_string(lesson_stop_count() + 1)}}).empty());
  EXPECT_FALSE(app.set_state({{"lesson", "-1"}}).empty());
  EXPECT_FALSE(app.set_state({{"guess", "NOUN"}}).empty()) << "no stop is open";
  EXPECT_EQ(state_to_query(app.state), state_to_query(before));
}

TEST(Lesson, LeavingTheLessonKeepsTheStopsSettingsAndForgetsThePrediction) {
  App app;
  ASSERT_TRUE(app.set_state({{"lesson", "9"}, {"guess", "30"}}).empty());
  EXPECT_EQ(app.state.task, "frames");
  ASSERT_TRUE(app.set_state({{"lesson", "0"}}).empty());
  EXPECT_EQ(app.state.lesson, 0);
  EXPECT_EQ(app.state.guess, "");
  EXPECT_EQ(app.state.task, "frames");
  EXPECT_TRUE(app.state.train) << "the playground trains";
  EXPECT_FALSE(app.lesson.measuring);
  ASSERT_TRUE(app.set_state({{"lesson", "9"}}).empty());
  ASSERT_TRUE(app.set_state({{"lesson", "0"}, {"train", "false"}}).empty());
  EXPECT_FALSE(app.state.train);
}

TEST(Lesson, ChangingTheModelAfterThePredictionMeasuresAgainOnTheNewModel) {
  App app;
  ASSERT_TRUE(app.set_state({{"lesson", "1"}, {"guess", "NOUN"}}).empty());
  app.train_steps(100);
  EXPECT_EQ(app.runs.main.step(), 100);
  ASSERT_TRUE(app.set_state({{"heads", "2"}}).empty());
  EXPECT_EQ(app.runs.main.step(), 0);
  EXPECT_TRUE(app.lesson.measuring);
  EXPECT_EQ(app.state.lesson, 1) << "still at the stop";
}

TEST(Lesson, TokenChoicesNameRepeatedTokensByPosition) {
  App app;
  ASSERT_TRUE(app.set_state({{"lesson", "4"}}).empty());
  const auto choices = lesson_stop(4)->question.choices(app);
  EXPECT_EQ(choices, (std::vector<std::string>{"I", "saw (2)", "a", "saw (4)"}));
  EXPECT_EQ(check_prediction(app, 4, "saw"),
            "predict: 'saw' is not one of I, saw (2), a, saw (4) (or their index, from 0)");
}

}  // namespace
}  // namespace attnlab

namespace attnlab {
namespace {

TEST(Lesson, AStopThatTrainsNothingRevealsAtOnce) {
  App app;
  int n = 0;
  for (int i = 1; i <= lesson_stop_count(); ++i)
    if (lesson_stop(i)->steps == 0) n = i;
  ASSERT_GT(n, 0);
  ASSERT_TRUE(app.set_state({{"lesson", std::to_string(n)}, {"guess", "0"}}).empty());
  ASSERT_TRUE(app.lesson.result.has_value()) << "no frame needed";
  EXPECT_EQ(app.state.guess, lesson_stop(n)->question.choices(app).front()) << "a choice by its index";
}

TEST(Lesson, OnlyATokenQuestionTakesAClickOnAToken) {
  App app;
  for (int i = 1; i <= lesson_stop_count(); ++i) {
    ASSERT_TRUE(app.set_state({{"lesson", std::to_string(i)}}).empty());
    EXPECT_EQ(lesson_asks_for_token(app), std::string(lesson_stop(i)->id) == "qkv") << lesson_stop(i)->id;
  }
  ASSERT_TRUE(app.set_state({{"lesson", "4"}, {"guess", "3"}}).empty());
  EXPECT_EQ(app.state.guess, "saw (4)");
  EXPECT_FALSE(lesson_asks_for_token(app)) << "answered";
}

// ---- Stop "data": CNN vs self-attention as the training set grows

const LessonStop* stop_with_id(const std::string& id, int* n) {
  for (int i = 1; i <= lesson_stop_count(); ++i)
    if (id == lesson_stop(i)->id) return *n = i, lesson_stop(i);
  return nullptr;
}

TEST(Lesson, TheCnnStopReadsTheVerdictOfTheDataSizeSweepOnPos) {
  int n = 0;
  const LessonStop* stop = stop_with_id("cnn", &n);
  ASSERT_NE(stop, nullptr);
  App app;
  ASSERT_TRUE(app.set_state({{"task", "pos"}}).empty());
  ASSERT_TRUE(app.runs.data) << app.runs.data_error;
  // the page's sweep on the corpus: 500 and 5000 sentences, then the whole training split (a tiny budget here)
  ASSERT_EQ(start_sweep(app, 2, 4), "");
  const int whole = static_cast<int>(app.runs.data->train.size());
  std::vector<int> sizes;  // (the sanitizer builds read a 10-document Brown Corpus: fewer sizes below its split)
  for (int size : {500, 5000})
    if (size < whole) sizes.push_back(size);
  sizes.push_back(whole);
  EXPECT_EQ(app.sweep.sweep->config().sizes, sizes);
  while (!app.sweep.sweep->done()) app.sweep.sweep->step(10);
  ASSERT_EQ(app.sweep.sweep->error(), "");
  ASSERT_EQ(app.sweep.sweep->points().size(), 2 * sizes.size());
  EXPECT_EQ(app.sweep.sweep->points().back().size, whole);

  ASSERT_TRUE(app.set_state({{"lesson", std::to_string(n)}}).empty());
  ASSERT_TRUE(app.sweep.sweep) << "the same task and seed: the sweep stays";
  ASSERT_TRUE(app.set_state({{"guess", some_prediction(app, *stop)}}).empty());
  for (int i = 0; i < 100 && !app.lesson.result && app.lesson.error.empty(); ++i) app.train_steps(50);
  ASSERT_TRUE(app.lesson.result.has_value()) << app.lesson.error;
  const LessonResult& r = *app.lesson.result;
  const auto key = [&](const char* name) {
    for (const auto& [m, k] : r.fill_keys)
      if (m == name) return k;
    return std::string();
  };
  EXPECT_EQ(key("sweep"), "lesson_cnn_sweep");
  const SweepVerdict v = sweep_verdict(app.sweep.sweep->points());
  EXPECT_EQ(key("verdict"), sweep_verdict_key(v));
  EXPECT_EQ(key("items"), "sweep_items_sentences");
  // every mark of the nested sentences has its value: the verdict's numbers are the sweep's
  ExpectFilled("lesson_cnn_sweep", r.fill, r.fill_keys, "cnn");
  ExpectFilled(key("verdict"), r.fill, r.fill_keys, "cnn");
  char before[32];
  std::snprintf(before, sizeof before, "%.1f", 100.0 * v.before_attention);
  EXPECT_NE(std::find(r.fill.begin(), r.fill.end(), std::make_pair(std::string("b_att"), std::string(before))),
            r.fill.end());
}

TEST(Lesson, TheDataStopTrainsBothModelsOnFiftyAndOnAThousandImagesScoredOnTheSameDevImages) {
  int n = 0;
  const LessonStop* stop = stop_with_id("data", &n);
  ASSERT_NE(stop, nullptr);
  App app;
  ASSERT_TRUE(app.set_state({{"lesson", std::to_string(n)}}).empty());
  EXPECT_EQ(app.state.task, "image");
  EXPECT_EQ(app.state.train_size, 50);
  ASSERT_TRUE(app.runs.main.trainer) << app.runs.main.error;
  EXPECT_EQ(app.runs.main.trainer->data().train.size(), 50u);
  ASSERT_TRUE(app.set_state({{"guess", "CNN, then attention"}}).empty());
  ASSERT_EQ(app.lesson.variants.size(), 3u);
  const std::size_t sizes[3] = {50, 1000, 1000};
  const ModelKind kinds[3] = {ModelKind::cnn, ModelKind::attention, ModelKind::cnn};
  const Dataset& main_data = app.runs.main.trainer->data();
  for (std::size_t i = 0; i < 3; ++i) {
    const attnlab::Run& v = app.lesson.variants[i];
    ASSERT_TRUE(v.trainer) << v.error;
    EXPECT_EQ(v.trainer->data().train.size(), sizes[i]) << stop->variants[i + 1].name;
    EXPECT_EQ(v.trainer->model_config().kind, kinds[i]) << stop->variants[i + 1].name;
    ASSERT_EQ(v.trainer->data().dev.size(), main_data.dev.size());
    EXPECT_EQ(v.trainer->data().dev.back().features, main_data.dev.back().features) << "the same dev images";
    // the first 50 of the 1000 images are the main run's 50
    EXPECT_EQ(v.trainer->data().train[49].features, main_data.train[49].features);
  }
}

TEST(Lesson, TrainSizeIsASettingOfTheLinkAndMakesTheFirstNTrainingSequences) {
  App app;
  ASSERT_TRUE(app.set_state({{"task", "seen"}, {"train_size", "30"}}).empty());
  ASSERT_TRUE(app.runs.main.trainer) << app.runs.main.error;
  EXPECT_EQ(app.runs.main.trainer->data().train.size(), 30u);
  EXPECT_NE(state_to_query(app.state).find("train_size=30"), std::string::npos);
  EXPECT_FALSE(app.set_state({{"train_size", "-1"}}).empty());
  ASSERT_TRUE(app.set_state({{"train_size", "0"}}).empty());
  EXPECT_EQ(app.runs.main.trainer->data().train.size(), 6000u) << "0 = the task's own size";
}

}  // namespace
}  // namespace attnlab
