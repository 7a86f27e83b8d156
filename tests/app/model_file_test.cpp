// Model files in the app (web/app/model_file.cpp): a saved model loads back as the same model (same settings,
// same logits, the same bytes when saved again); a model made as the command line makes it loads with its
// settings; every kind of bad file is refused with its message and leaves the app as it was.
#include <gtest/gtest.h>

#include <memory>

#include "engine/io/model_io.h"
#include "engine/settings/settings.h"
#include "web/app/app.h"

namespace attnlab {
namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

std::unique_ptr<App> trained(const Pairs& kv, int steps) {
  auto app = std::make_unique<App>();
  const auto problems = app->set_state(kv);
  EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
  EXPECT_TRUE(app->runs.main.trainer) << app->runs.main.error;
  app->train_steps(steps);
  app->refresh_view();
  return app;
}

std::vector<float> logits_of(App& app) {
  app.refresh_view();  // the model's caches now hold the shown input's forward pass
  EXPECT_TRUE(app.view.error.empty()) << app.view.error;
  const CView<float> z = app.runs.main.trainer->model().logits();
  std::vector<float> out;
  for (int i = 0; i < z.rows(); ++i)
    for (int j = 0; j < z.cols(); ++j) out.push_back(z(i, j));
  return out;
}

// What a refused file must leave as it was.
struct Untouched {
  std::string query;
  long step = 0, serial = 0;
  bool train = false;
  std::vector<float> weights;
  std::vector<int> predicted;
};

Untouched untouched(const App& app) {
  Untouched u;
  u.query = state_to_query(app.state);
  u.step = app.runs.main.step();
  u.serial = app.runs.main.serial;
  u.train = app.state.train;
  const ParamStore<float>& p = app.runs.main.trainer->model().params();
  u.weights.assign(p.values(), p.values() + p.size());
  u.predicted = app.view.predicted;
  return u;
}

void expect_same(const Untouched& a, const Untouched& b) {
  EXPECT_EQ(a.query, b.query);
  EXPECT_EQ(a.step, b.step);
  EXPECT_EQ(a.serial, b.serial);
  EXPECT_EQ(a.train, b.train);
  EXPECT_EQ(a.weights, b.weights);
  EXPECT_EQ(a.predicted, b.predicted);
}

std::string load(App& app, const std::vector<std::uint8_t>& bytes, const std::string& name = "test.model") {
  return app.load_model_bytes(bytes.data(), bytes.size(), name);
}

// A model trained as `attnlab train` trains it (its settings mapping, the pos corpus, data seed 1).
std::vector<std::uint8_t> cli_model(const ModelSettings& ms, int steps, const std::string& task = "pos") {
  TaskSettings ts;
  ts.task = task;
  auto data = make_dataset(to_task_config(ts), "");
  TrainSettings trs;
  trs.steps = steps;
  trs.batch = 8;  // (a few steps of small batches: Brown's sentences are long, and this runs under the sanitizers)
  Trainer t(data, to_model_config(ms, parse_task(task)), to_train_config(trs, ms.seed, parse_task(task)));
  t.step(steps);
  return save_model(t.model(), *data, "");
}

TEST(ModelFile, RoundTripGivesTheSameModelForEveryKindAndTask) {
  const std::vector<Pairs> cases = {
      {},
      {{"task", "seen"}, {"heads", "2"}, {"pe", "learned"}, {"max_len", "24"}, {"seed", "3"}},
      {{"task", "count"}, {"mask", "window"}, {"window", "3"}, {"norm", "sigmoid"}, {"relevance", "additive"}},
      {{"task", "reverse"}, {"model", "cnn"}, {"k", "5"}},
      {{"task", "sort"}, {"model", "rnn"}, {"rnn", "elman"}},
      {{"task", "frames"}, {"model", "window"}, {"dim", "24"}, {"heads", "2"}},
      {{"task", "graph"}, {"layers", "1"}},
  };
  for (const Pairs& kv : cases) {
    auto a = trained(kv, 12);
    const std::vector<std::uint8_t> bytes = a->save_model_bytes();
    ASSERT_FALSE(bytes.empty());
    App b;
    b.set_state({{"task", "count"}, {"heads", "1"}, {"model", "attention"}});  // something else
    ASSERT_EQ(load(b, bytes, "a.model"), "") << state_to_query(a->state);
    for (const StateField& f : state_fields()) {
      if (!f.resets_model) continue;
      EXPECT_EQ(f.get(b.state), f.get(a->state)) << f.name << " of " << state_to_query(a->state);
    }
    EXPECT_FALSE(b.state.train);
    EXPECT_EQ(b.runs.main.step(), 0);
    EXPECT_EQ(b.runs.main.source, "a.model");
    EXPECT_GE(b.runs.main.source_dev_acc, 0.0);
    EXPECT_EQ(b.state.input, a->state.input);
    EXPECT_EQ(logits_of(b), logits_of(*a)) << state_to_query(a->state);
    EXPECT_EQ(b.view.predicted, a->view.predicted);
    EXPECT_EQ(b.view.weights, a->view.weights);
    EXPECT_EQ(b.save_model_bytes(), bytes) << "saved again, the same file";
    EXPECT_EQ(b.model_file_name(), "attnlab-" + a->state.task + "-" + a->state.model + "-step0.model");
    EXPECT_EQ(b.train_steps(3), 3) << "the loaded model trains on";
  }
}

TEST(ModelFile, FileNameSaysTaskModelAndStep) {
  auto a = trained({{"task", "seen"}, {"model", "cnn"}}, 7);
  EXPECT_EQ(a->model_file_name(), "attnlab-seen-cnn-step7.model");
}

TEST(ModelFile, CommandLineModelLoadsWithItsSettings) {
  ModelSettings ms;  // the CLI's defaults (dim 64) with --heads 2 --pe learned --seed 7
  ms.heads = 2;
  ms.pe = "learned";
  ms.seed = 7;
  const std::vector<std::uint8_t> bytes = cli_model(ms, 30);
  const LoadedModel lm = load_model(bytes.data(), bytes.size());
  App app;
  ASSERT_EQ(load(app, bytes), "");
  EXPECT_EQ(app.state.heads, 2);
  EXPECT_EQ(app.state.dim, 64);
  EXPECT_EQ(app.state.pe, "learned");
  EXPECT_EQ(app.state.max_len, lm.model->config().max_len);
  EXPECT_EQ(app.state.seed, 1) << "the data seed: it decides the vocabulary";
  EXPECT_TRUE(app.runs.data_note.empty()) << app.runs.data_note;
  // The page's predictions are the file's model's own.
  AttentionMaps maps;
  std::vector<int> expected;
  const Sequence seq = sequence_from_words(lm.data, split_words(app.state.input));
  ASSERT_EQ(run_sequence(*lm.model, lm.data, seq, &maps, &expected), "");
  EXPECT_EQ(app.view.predicted, expected);
  EXPECT_EQ(app.view.weights, maps.weights);
}

TEST(ModelFile, CommandLineBaselineWithThePagesWidthsLoads) {
  ModelSettings ms;  // docs/teachers.md: attnlab train --task pos --model rnn --dim 32 --hidden 64 --bidirectional
  ms.model = "rnn";
  ms.dim = 32;
  ms.hidden = 64;
  ms.bidirectional = true;
  const std::vector<std::uint8_t> bytes = cli_model(ms, 3);
  App app;
  ASSERT_EQ(load(app, bytes), "");
  EXPECT_EQ(app.state.model, "rnn");
  EXPECT_EQ(app.state.dim, 32);
  EXPECT_EQ(app.state.rnn, "gru");
}

TEST(ModelFile, SyntheticDataSettingsComeWithTheFile) {
  TaskSettings ts;  // attnlab train --task seen --vocab 12 --train-size 500 --dim 32
  ts.task = "seen";
  ts.vocab = 12;
  ts.train_size = 500;
  auto data = make_dataset(to_task_config(ts), "");
  ModelSettings ms;
  ms.dim = 32;
  Trainer t(data, to_model_config(ms, TaskKind::seen), to_train_config(TrainSettings{}, 1, TaskKind::seen));
  t.step(5);
  const std::vector<std::uint8_t> bytes = save_model(t.model(), *data, "");
  App app;
  ASSERT_EQ(load(app, bytes), "");
  EXPECT_EQ(app.state.task, "seen");
  EXPECT_EQ(app.runs.data->vocab, 12);
  EXPECT_EQ(app.runs.data->train.size(), 500u);
  EXPECT_NE(app.runs.data_note.find("vocab 12 (the page: 16)"), std::string::npos) << app.runs.data_note;
  app.set_state({{"seed", "2"}});  // a change of seed: the page's own data again
  EXPECT_EQ(app.runs.data->vocab, 16);
  EXPECT_TRUE(app.runs.data_note.empty());
}

TEST(ModelFile, PosModelFromAnotherCorpusKeepsItsVocabulary) {
  const std::string conllu =
      "1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\n2\tsaw\tsee\tVERB\t_\t_\t_\t_\t_\t_\n3\ta\ta\tDET\t_\t_\t_\t_\t_\t_\n"
      "4\tsaw\tsaw\tNOUN\t_\t_\t_\t_\t_\t_\n\n"
      "1\tYou\tyou\tPRON\t_\t_\t_\t_\t_\t_\n2\tsaw\tsee\tVERB\t_\t_\t_\t_\t_\t_\n3\tthe\tthe\tDET\t_\t_\t_\t_\t_\t_\n"
      "4\tdog\tdog\tNOUN\t_\t_\t_\t_\t_\t_\n\n"
      "1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\n2\tsee\tsee\tVERB\t_\t_\t_\t_\t_\t_\n3\ta\ta\tDET\t_\t_\t_\t_\t_\t_\n"
      "4\tdog\tdog\tNOUN\t_\t_\t_\t_\t_\t_\n\n";
  TaskSettings ts;
  TaskConfig tc = to_task_config(ts);
  tc.dev_frac = tc.test_frac = 0.34f;
  tc.min_count = 1;
  auto data = std::make_shared<Dataset>(make_pos_dataset(tc, conllu, "mine.conllu"));
  const AppState page;
  Trainer t(data, App::model_config("attention", page), App::train_config(page));
  t.step(20);
  const std::vector<std::uint8_t> bytes = save_model(t.model(), *data, "mine.conllu");

  auto app = trained({}, 3);
  ASSERT_EQ(load(*app, bytes), "");
  EXPECT_EQ(app->runs.data->token_names, data->token_names) << "the file's vocabulary";
  EXPECT_NE(app->runs.data_note.find("mine.conllu"), std::string::npos) << app->runs.data_note;
  EXPECT_GT(app->runs.data->train.size(), 100u) << "the built-in corpus, read through that vocabulary";
  AttentionMaps maps;
  std::vector<int> expected;
  const Sequence seq = sequence_from_words(*data, split_words(app->state.input));
  ASSERT_EQ(run_sequence(t.model(), *data, seq, &maps, &expected), "");
  EXPECT_EQ(app->view.predicted, expected);
  EXPECT_EQ(app->train_steps(5), 5);
  // Saved again, it still says where its corpus came from.
  const std::vector<std::uint8_t> again = app->save_model_bytes();
  EXPECT_EQ(load_model(again.data(), again.size()).data_name, "mine.conllu");
}

TEST(ModelFile, BadFilesAreRefusedWithTheirMessageAndChangeNothing) {
  auto good = trained({{"task", "seen"}, {"heads", "2"}}, 5);
  const std::vector<std::uint8_t> bytes = good->save_model_bytes();
  ModelSettings rnn;  // attnlab train --model rnn: hidden 64 and one way, which the page does not make
  rnn.model = "rnn";
  ModelSettings wide;  // attnlab train --ffn 256
  wide.ffn = 256;
  // seen data whose tokens are not what this attnlab makes from the file's settings
  auto odd = std::make_shared<Dataset>(*good->runs.data);
  odd->token_names[0] = "zz";

  struct Bad {
    const char* what;
    std::vector<std::uint8_t> bytes;
    const char* message;
  };
  std::vector<Bad> bad = {
      {"not a model", {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', '!'}, "not an Attention Lab model file"},
      {"empty", {}, "not an Attention Lab model file"},
      {"truncated", std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + bytes.size() / 2), "truncated"},
      {"corrupted", bytes, "corrupted"},
      {"newer version", bytes, "newer than this attnlab understands"},
      {"rnn of the command line", cli_model(rnn, 2), "hidden width (--hidden) 64 (the page: 128)"},
      {"ffn of the command line", cli_model(wide, 2), "feed-forward width (--ffn) 256 (the page: 128)"},
      {"other data", save_model(good->runs.main.trainer->model(), *odd, ""), "another version"},
  };
  bad[3].bytes[bytes.size() / 2] ^= 0x40;
  bad[4].bytes[8] = 99;

  auto app = trained({}, 4);
  app->set_state({{"train", "true"}});
  for (const Bad& b : bad) {
    const Untouched before = untouched(*app);
    const std::string problem = load(*app, b.bytes);
    EXPECT_NE(problem.find(b.message), std::string::npos) << b.what << ": " << problem;
    expect_same(before, untouched(*app));
    EXPECT_TRUE(app->runs.main.source.empty()) << b.what;
    EXPECT_EQ(app->train_steps(1), 1) << b.what << ": the run goes on";
  }
}

TEST(ModelFile, OpenFileDispatchesModelsAndData) {
  auto app = trained({}, 2);
  // a file that is not a model is read as your own data: one sentence is too few (its problem, nothing changes)
  const std::string text = "I\tPRON\nsaw\tVERB\n";
  std::string problem = app->open_file("notes.txt", reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  EXPECT_EQ(problem.rfind("notes.txt: ", 0), 0u) << problem;
  EXPECT_NE(problem.find("only one sentence"), std::string::npos) << problem;
  EXPECT_EQ(app->notices.back().text, problem);
  EXPECT_EQ(app->state.task, "pos");
  problem = app->open_file("big.model", nullptr, 0, "big.model is larger than 64 MB, the most the app opens");
  EXPECT_EQ(problem, "big.model is larger than 64 MB, the most the app opens");
  std::vector<std::uint8_t> broken = trained({{"task", "seen"}}, 2)->save_model_bytes();
  broken.resize(40);
  problem = app->open_file("broken.model", broken.data(), broken.size());
  EXPECT_EQ(problem.rfind("broken.model was not loaded: the model file is truncated", 0), 0u) << problem;
  // the notice names its text by key: the panels say "was not loaded" in the interface's language, the reason
  // (the engine's) as it is
  EXPECT_EQ(app->notices.back().key, "notice_not_loaded");
  EXPECT_EQ(app->notices.back().value("name"), "broken.model");
  EXPECT_EQ(app->notices.back().value("problem").rfind("the model file is truncated", 0), 0u);
  EXPECT_EQ(app->state.task, "pos");

  const std::vector<std::uint8_t> seen = trained({{"task", "seen"}, {"lesson", "0"}}, 2)->save_model_bytes();
  app->set_state({{"lesson", "3"}});
  ASSERT_EQ(app->open_file("seen.model", seen.data(), seen.size()), "");
  EXPECT_EQ(app->state.task, "seen");
  EXPECT_EQ(app->state.lesson, 0) << "a loaded model leaves the lesson";
  EXPECT_FALSE(app->state.train);
  EXPECT_EQ(app->notices.back().text.rfind("Loaded seen.model: attention", 0), 0u) << app->notices.back().text;
  EXPECT_EQ(app->notices.back().key, "notice_loaded_model");
  EXPECT_EQ(app->notices.back().value("model"), app->runs.main.what);

  // and a tagged text with two sentences becomes the own task
  const std::string two = "the/D dog/N barks/V\na/D cat/N sleeps/V\n";
  ASSERT_EQ(app->open_file("mine.txt", reinterpret_cast<const std::uint8_t*>(two.data()), two.size()), "");
  EXPECT_EQ(app->state.task, "own");
  EXPECT_EQ(app->notices.back().text.rfind("Loaded mine.txt as your data: 2 sentences, 3 tags", 0), 0u)
      << app->notices.back().text;
  EXPECT_EQ(app->notices.back().key, "notice_loaded_data");
  EXPECT_EQ(app->notices.back().value("sentences"), "2");
  EXPECT_EQ(app->notices.back().value("tags"), "3");
}

TEST(ModelFile, NothingToSaveWithoutAModel) {
  App app;
  app.set_state({{"pe", "learned"}, {"max_len", "4"}});  // too short a table for the corpus: no model
  ASSERT_FALSE(app.runs.main.trainer);
  EXPECT_TRUE(app.save_model_bytes().empty());
}

}  // namespace
}  // namespace attnlab
