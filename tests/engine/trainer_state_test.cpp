// A trainer's saved state (Trainer::save_state / load_state): train k steps, save, load into a fresh
// Trainer, continue: the losses, metrics, weights and snapshots are those of a run never interrupted, on
// tasks of each input kind (pos words with word dropout, image features, graph masks). Incremental states
// (only what the receiver lacks) end in the same state as full ones; bad bytes are refused with a message and
// leave the trainer unchanged.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "engine/data/brown.h"
#include "engine/train/trainer.h"

namespace attnlab {
namespace {

struct RunCase {
  std::shared_ptr<const Dataset> data;
  ModelConfig model;
  TrainConfig train;
};

TrainConfig short_run(int steps) {
  TrainConfig c;
  c.steps = steps;
  c.batch = 8;
  c.warmup = 3;
  c.eval_every = 4;
  c.eval_max = 16;
  c.snapshot_every = 2;
  c.max_snapshots = 4;  // small, so the snapshots are thinned out during the test
  return c;
}

ModelConfig attention_model(int dim, int heads) {
  ModelConfig m;
  m.kind = ModelKind::attention;
  m.dim = dim;
  m.heads = heads;
  m.layers = 2;
  m.ffn = 2 * dim;
  return m;
}

RunCase pos_case() {
  RunCase c{std::make_shared<Dataset>(make_corpus_dataset(default_task_config(TaskKind::pos), *default_brown())),
            attention_model(16, 2), short_run(30)};  // the Brown Corpus
  c.train.word_dropout = 0.2;
  return c;
}

RunCase synthetic_case(TaskKind kind) {
  TaskConfig t = default_task_config(kind);
  t.train = 64;
  t.dev = t.test = 16;
  if (kind == TaskKind::image) {
    t.image_size = 8;
    t.min_len = t.max_len = 64;
  }
  RunCase c{std::make_shared<Dataset>(make_synthetic_dataset(t)), attention_model(16, 2), short_run(30)};
  if (kind == TaskKind::graph) {
    c.model.pe = PosEnc::none;
    c.model.graph_mask = true;
  }
  return c;
}

void expect_same_metrics(const Metrics& a, const Metrics& b) {
  EXPECT_EQ(a.step, b.step);
  EXPECT_EQ(a.lr, b.lr);
  EXPECT_EQ(a.loss, b.loss);
  EXPECT_EQ(a.train_acc, b.train_acc);
  EXPECT_EQ(a.dev_acc, b.dev_acc);
  EXPECT_EQ(a.dev_loss, b.dev_loss);
  EXPECT_EQ(a.grad_norm, b.grad_norm);
  EXPECT_EQ(a.tokens, b.tokens);
  EXPECT_EQ(a.scores_per_step, b.scores_per_step);  // (ms_per_step is wall time)
}

void expect_same_training(Trainer& a, Trainer& b) {
  ASSERT_EQ(a.steps_done(), b.steps_done());
  EXPECT_EQ(a.done(), b.done());
  EXPECT_EQ(a.stop_reason(), b.stop_reason());
  ASSERT_EQ(a.history().size(), b.history().size());
  for (std::size_t i = 0; i < a.history().size(); ++i) expect_same_metrics(a.history()[i], b.history()[i]);
  expect_same_metrics(a.metrics(), b.metrics());
  const ParamStore<float>& pa = a.model().params();
  const ParamStore<float>& pb = b.model().params();
  ASSERT_EQ(pa.size(), pb.size());
  EXPECT_EQ(std::memcmp(pa.values(), pb.values(), pa.size() * sizeof(float)), 0) << "weights differ";
  ASSERT_EQ(a.snapshots().size(), b.snapshots().size());
  for (std::size_t i = 0; i < a.snapshots().size(); ++i) {
    EXPECT_EQ(a.snapshots()[i].step, b.snapshots()[i].step);
    EXPECT_EQ(a.snapshots()[i].weights, b.snapshots()[i].weights);
    EXPECT_EQ(a.snapshots()[i].pe, b.snapshots()[i].pe);
  }
}

// k steps, a save and a load into a fresh trainer, then the rest: as one uninterrupted run.
void check_resume(const RunCase& c, int k) {
  Trainer whole(c.data, c.model, c.train);
  whole.step(c.train.steps);
  Trainer first(c.data, c.model, c.train);
  first.step(k);
  const std::vector<std::uint8_t> state = first.save_state();
  Trainer resumed(c.data, c.model, c.train);
  resumed.load_state(state);
  resumed.step(c.train.steps);
  expect_same_training(whole, resumed);
  EXPECT_GT(whole.snapshots().front().weights.size(), 0u) << "the probe's attention is part of the state";
}

TEST(TrainerState, ResumeIsExactOnPosWithWordDropout) {
  RunCase c;
  try {
    c = pos_case();
  } catch (const std::runtime_error& e) {
    GTEST_SKIP() << e.what();
  }
  check_resume(c, 11);  // mid-epoch, between history lines
}

TEST(TrainerState, ResumeIsExactOnImages) { check_resume(synthetic_case(TaskKind::image), 9); }
TEST(TrainerState, ResumeIsExactOnGraphs) { check_resume(synthetic_case(TaskKind::graph), 16); }
TEST(TrainerState, ResumeIsExactAcrossEpochs) { check_resume(synthetic_case(TaskKind::reverse), 17); }  // 64 / 8

TEST(TrainerState, LiveScheduleChangesTravelWithTheState) {
  const RunCase c = synthetic_case(TaskKind::reverse);
  Trainer whole(c.data, c.model, c.train), first(c.data, c.model, c.train);
  whole.step(5);
  whole.set_schedule(1e-2, 5);
  whole.step(20);
  first.step(5);
  first.set_schedule(1e-2, 5);
  first.step(2);
  Trainer resumed(c.data, c.model, c.train);
  resumed.load_state(first.save_state());
  EXPECT_EQ(resumed.config().batch, 5);
  EXPECT_EQ(resumed.config().lr, 1e-2);
  resumed.step(18);
  expect_same_training(whole, resumed);
}

// A replica that adopts only what it lacks ends in the trainer's own state, byte for byte.
TEST(TrainerState, IncrementalStatesEndInTheSameState) {
  const RunCase c = synthetic_case(TaskKind::image);
  Trainer trainer(c.data, c.model, c.train), replica(c.data, c.model, c.train);
  std::size_t full_size = 0, last_size = 0;
  for (int round = 0; round < 6; ++round) {
    trainer.step(5);
    const std::vector<std::uint8_t> s = trainer.save_state(replica.state_base());
    last_size = s.size();
    full_size = trainer.save_state().size();
    replica.load_state(s);
    ASSERT_EQ(replica.save_state(), trainer.save_state()) << "round " << round;
  }
  EXPECT_LT(last_size, full_size) << "snapshots the replica has are named, not sent";
  expect_same_training(trainer, replica);
  replica.step(3);  // and it trains on as the trainer does
  trainer.step(3);
  expect_same_training(trainer, replica);
}

void expect_refused(Trainer& t, const std::vector<std::uint8_t>& bytes, const std::string& words) {
  const std::vector<std::uint8_t> before = t.save_state();
  try {
    t.load_state(bytes);
    ADD_FAILURE() << "accepted bad state (" << words << ")";
  } catch (const TrainerStateError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
  EXPECT_EQ(t.save_state(), before) << "a refused state changes nothing";
}

TEST(TrainerState, BadBytesAreRefusedWithAMessage) {
  const RunCase c = synthetic_case(TaskKind::reverse);
  Trainer source(c.data, c.model, c.train), target(c.data, c.model, c.train);
  source.step(6);
  target.step(2);
  const std::vector<std::uint8_t> good = source.save_state();
  std::vector<std::uint8_t> cut(good.begin(), good.end() - 1);
  expect_refused(target, cut, "truncated");
  expect_refused(target, std::vector<std::uint8_t>(good.begin(), good.begin() + 10), "truncated");
  std::vector<std::uint8_t> flipped = good;
  flipped[good.size() / 2] ^= 0x40;
  expect_refused(target, flipped, "corrupted");
  std::vector<std::uint8_t> magic = good;
  magic[0] = 'X';
  expect_refused(target, magic, "not a trainer state");
  ModelConfig wider = c.model;
  wider.dim = 24;
  wider.ffn = 48;
  Trainer other(c.data, wider, c.train);
  expect_refused(other, good, "another model");
  // a state that names snapshots the receiver never had
  Trainer fresh(c.data, c.model, c.train);
  expect_refused(fresh, source.save_state(source.state_base()), "this trainer");
}

}  // namespace
}  // namespace attnlab
