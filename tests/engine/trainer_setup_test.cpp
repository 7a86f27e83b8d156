// The setup a trainer elsewhere is built from (engine/io/trainer_setup.h): a run's setup, loaded, makes a
// Trainer that, given the run's state, trains on exactly as the run does, on tasks of every input kind (pos
// words with word dropout, own data, frames with class means, images, graphs) and for every model kind. Bad
// bytes are refused with a message.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "engine/core/names.h"
#include "engine/data/brown.h"
#include "engine/data/tagged_text.h"
#include "engine/io/trainer_setup.h"

namespace attnlab {
namespace {

TrainConfig short_run() {
  TrainConfig c;
  c.steps = 24;
  c.batch = 8;
  c.warmup = 3;
  c.eval_every = 5;
  c.eval_max = 16;
  c.snapshot_every = 2;
  c.max_snapshots = 4;
  c.word_dropout = 0.2;
  c.seed = 7;
  return c;
}

ModelConfig model_of(ModelKind kind) {
  ModelConfig m;
  m.kind = kind;
  m.dim = 16;
  m.heads = 2;
  m.layers = 2;
  m.ffn = 32;
  return m;
}

std::shared_ptr<const Dataset> synthetic(TaskKind kind) {
  TaskConfig t = default_task_config(kind);
  t.train = 48;
  t.dev = t.test = 12;
  if (kind == TaskKind::image) {
    t.image_size = 8;
    t.min_len = t.max_len = 64;
  }
  return std::make_shared<Dataset>(make_synthetic_dataset(t));
}

void expect_same_data(const Dataset& a, const Dataset& b) {
  EXPECT_EQ(a.input, b.input);
  EXPECT_EQ(a.vocab, b.vocab);
  EXPECT_EQ(a.input_dim, b.input_dim);
  EXPECT_EQ(a.tag_names, b.tag_names);
  EXPECT_EQ(a.token_names, b.token_names);
  EXPECT_EQ(a.words.words(), b.words.words());
  EXPECT_EQ(a.class_means, b.class_means);
  EXPECT_EQ(a.grid_w, b.grid_w);
  EXPECT_EQ(a.grid_h, b.grid_h);
  EXPECT_EQ(a.task.kind, b.task.kind);
  const std::vector<Sequence>* sa[] = {&a.train, &a.dev, &a.test};
  const std::vector<Sequence>* sb[] = {&b.train, &b.dev, &b.test};
  for (int k = 0; k < 3; ++k) {
    ASSERT_EQ(sa[k]->size(), sb[k]->size());
    for (std::size_t i = 0; i < sa[k]->size(); ++i) {
      const Sequence &x = (*sa[k])[i], &y = (*sb[k])[i];
      EXPECT_EQ(x.tokens, y.tokens);
      EXPECT_EQ(x.features, y.features);
      EXPECT_EQ(x.tags, y.tags);
      EXPECT_EQ(x.allow, y.allow);
      EXPECT_EQ(x.words, y.words);
    }
  }
}

// k steps of the run, then its setup and state into a new trainer: both train on to the end the same.
void check_copy(const std::shared_ptr<const Dataset>& data, const ModelConfig& mc, int k) {
  Trainer run(data, mc, short_run());
  run.step(k);
  const std::vector<std::uint8_t> setup = save_trainer_setup(run);
  const TrainerSetup loaded = load_trainer_setup(setup.data(), setup.size());
  expect_same_data(*data, *loaded.data);
  std::unique_ptr<Trainer> copy = make_trainer(loaded);
  EXPECT_EQ(describe(copy->model_config()), describe(run.model_config()));
  copy->load_state(run.save_state());
  run.step(100);
  copy->step(100);
  ASSERT_EQ(copy->steps_done(), run.steps_done());
  ASSERT_EQ(copy->history().size(), run.history().size());
  for (std::size_t i = 0; i < run.history().size(); ++i) {
    EXPECT_EQ(copy->history()[i].loss, run.history()[i].loss) << "line " << i;
    EXPECT_EQ(copy->history()[i].dev_acc, run.history()[i].dev_acc) << "line " << i;
  }
  // the same weights and snapshots at the end, bit for bit (the saved states differ only in the wall time)
  const ParamStore<float>& pa = run.model().params();
  const ParamStore<float>& pb = copy->model().params();
  ASSERT_EQ(pa.size(), pb.size());
  EXPECT_EQ(std::memcmp(pa.values(), pb.values(), pa.size() * sizeof(float)), 0) << "weights differ";
  ASSERT_EQ(copy->snapshots().size(), run.snapshots().size());
  for (std::size_t i = 0; i < run.snapshots().size(); ++i) {
    EXPECT_EQ(copy->snapshots()[i].step, run.snapshots()[i].step);
    EXPECT_EQ(copy->snapshots()[i].weights, run.snapshots()[i].weights);
  }
}

TEST(TrainerSetup, CopyTrainsAsTheRunOnPos) {
  auto data = std::make_shared<Dataset>(
      make_corpus_dataset(default_task_config(TaskKind::pos), *default_brown()));  // the Brown Corpus
  check_copy(data, model_of(ModelKind::attention), 7);
}

TEST(TrainerSetup, CopyTrainsAsTheRunOnOwnData) {
  std::string text;
  const char* lines[] = {"The/F cook/N likes/V to/F cook/V rice/N ./F", "I/N saw/V a/F saw/N ./F",
                         "We/N plan/V a/F trip/N every/F month/N ./F", "Sam/N and/F Sofia/N present/V plans/N ./F"};
  for (int r = 0; r < 6; ++r)
    for (const char* l : lines) text += std::string(l) + "\n";
  TaskConfig t = default_task_config(TaskKind::own);
  auto data = std::make_shared<Dataset>(make_own_dataset(t, parse_tagged_text(text)));
  check_copy(data, model_of(ModelKind::attention), 5);
}

TEST(TrainerSetup, CopyTrainsAsTheRunOnFramesImagesAndGraphs) {
  check_copy(synthetic(TaskKind::frames), model_of(ModelKind::attention), 6);
  check_copy(synthetic(TaskKind::image), model_of(ModelKind::attention), 9);
  ModelConfig graph = model_of(ModelKind::attention);
  graph.pe = PosEnc::none;
  graph.graph_mask = true;
  check_copy(synthetic(TaskKind::graph), graph, 4);
}

TEST(TrainerSetup, CopyTrainsAsTheRunForEveryModelKind) {
  for (ModelKind kind : {ModelKind::window, ModelKind::cnn, ModelKind::rnn}) {
    SCOPED_TRACE(to_string(kind));
    check_copy(synthetic(TaskKind::seen), model_of(kind), 3);
    check_copy(synthetic(TaskKind::image), model_of(kind), 5);
  }
}

TEST(TrainerSetup, BadBytesAreRefusedWithAMessage) {
  Trainer run(synthetic(TaskKind::reverse), model_of(ModelKind::attention), short_run());
  const std::vector<std::uint8_t> good = save_trainer_setup(run);
  auto refused = [](std::vector<std::uint8_t> bytes, const std::string& words) {
    try {
      load_trainer_setup(bytes.data(), bytes.size());
      ADD_FAILURE() << "accepted a bad setup (" << words << ")";
    } catch (const TrainerSetupError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  refused(std::vector<std::uint8_t>(good.begin(), good.end() - 1), "truncated");
  refused(std::vector<std::uint8_t>(good.begin(), good.begin() + 12), "ATNLSETU");
  std::vector<std::uint8_t> flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  refused(flipped, "corrupted");
  std::vector<std::uint8_t> magic = good;
  magic[3] = 'X';
  refused(magic, "ATNLSETU");
}

}  // namespace
}  // namespace attnlab
