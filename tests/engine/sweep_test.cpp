// The data-size sweep (engine/train/sweep.h): its runs are the runs --train-size N makes, it is deterministic,
// its curves have one point per size and model, it can be cancelled, and the verdict follows the numbers.
#include "engine/train/sweep.h"

#include <gtest/gtest.h>

#include <cmath>

namespace attnlab {
namespace {

// A sweep small enough for a unit test: 8x8 images, a one-layer attention of width 8, a narrow CNN.
SweepConfig tiny_sweep() {
  SweepConfig c;
  c.task = default_task_config(TaskKind::image);
  c.task.image_size = 8;
  c.task.min_len = c.task.max_len = 64;
  c.task.dev = 12;
  c.task.test = 4;
  c.attention.kind = ModelKind::attention;
  c.attention.layers = 1;
  c.attention.heads = 2;
  c.attention.dim = 8;
  c.attention.ffn = 16;
  c.baseline.kind = ModelKind::cnn;
  c.baseline.dim = 8;
  c.baseline.hidden = 8;
  c.train.steps = 4;
  c.train.batch = 4;
  c.train.warmup = 1;
  c.train.eval_every = 2;
  c.train.seed = 3;
  c.sizes = {3, 6};
  return c;
}

std::vector<SweepPoint> run_all(const SweepConfig& c, int chunk) {
  Sweep s(c);
  while (!s.done()) EXPECT_GT(s.step(chunk), 0);
  EXPECT_TRUE(s.error().empty()) << s.error();
  return s.points();
}

TEST(Sweep, OnePointPerSizeAndModelInOrder) {
  const SweepConfig c = tiny_sweep();
  Sweep s(c);
  EXPECT_EQ(s.runs(), 4);
  EXPECT_EQ(s.steps_total(), 16);
  EXPECT_EQ(s.data().train.size(), 6u);  // the largest size is generated
  EXPECT_EQ(s.current_size(), 3);
  while (!s.done()) s.step(3);
  ASSERT_EQ(s.points().size(), 4u);
  const int sizes[4] = {3, 3, 6, 6};
  for (int i = 0; i < 4; ++i) {
    const SweepPoint& p = s.points()[static_cast<std::size_t>(i)];
    EXPECT_EQ(p.size, sizes[i]);
    EXPECT_EQ(p.model, i % 2 == 0 ? kSweepAttention : kSweepBaseline);
    EXPECT_EQ(p.steps, 4);  // the same budget for every size
    EXPECT_DOUBLE_EQ(p.epochs, 4.0 * std::min(4, p.size) / p.size);
    EXPECT_TRUE(p.dev_acc >= 0 && p.dev_acc <= 1) << p.dev_acc;
    EXPECT_GT(p.chance, 0.3);  // the background is most of every image
  }
  EXPECT_EQ(s.steps_done(), 16);
  EXPECT_EQ(s.run_index(), 4);
  EXPECT_EQ(s.step(5), 0);
}

TEST(Sweep, SameSeedSameNumbersWhateverTheChunks) {
  const std::vector<SweepPoint> a = run_all(tiny_sweep(), 1), b = run_all(tiny_sweep(), 100);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].dev_acc, b[i].dev_acc) << i;
    EXPECT_EQ(a[i].train_acc, b[i].train_acc) << i;
  }
  SweepConfig other = tiny_sweep();
  other.train.seed = 4;
  const std::vector<SweepPoint> c = run_all(other, 100);
  bool differs = false;
  for (std::size_t i = 0; i < a.size(); ++i) differs |= a[i].train_acc != c[i].train_acc;
  EXPECT_TRUE(differs) << "another seed trains differently";
}

TEST(Sweep, EachRunIsTheRunOfThatTrainingSetSize) {
  // what `attnlab train --train-size 6` does: the task generated with 6 training images, one Trainer
  const SweepConfig c = tiny_sweep();
  const std::vector<SweepPoint> points = run_all(c, 7);
  TaskConfig t = c.task;
  t.train = 6;
  auto data = std::make_shared<Dataset>(make_synthetic_dataset(t));
  for (int m = 0; m < 2; ++m) {
    Trainer tr(data, m == 0 ? c.attention : c.baseline, c.train);
    while (!tr.done()) tr.step(100);
    EXPECT_EQ(tr.metrics().dev_acc, points[static_cast<std::size_t>(2 + m)].dev_acc) << "model " << m;
    EXPECT_EQ(majority_share(*data, data->dev), points[static_cast<std::size_t>(2 + m)].chance);
  }
}

TEST(Sweep, FirstTrainingSequencesAreTheSmallerTask) {
  TaskConfig t = tiny_sweep().task;
  t.train = 10;
  const Dataset big = make_synthetic_dataset(t);
  t.train = 4;
  const Dataset small = make_synthetic_dataset(t);
  const std::shared_ptr<Dataset> cut = first_training_sequences(big, 4);
  ASSERT_EQ(cut->train.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(cut->train[i].tags, small.train[i].tags);
    EXPECT_EQ(cut->train[i].features, small.train[i].features);
  }
  ASSERT_EQ(cut->dev.size(), small.dev.size());
  EXPECT_EQ(cut->dev[0].features, small.dev[0].features);  // the dev set does not depend on the train size
  EXPECT_EQ(cut->grid_w, 8);
  EXPECT_EQ(first_training_sequences(big, 50)->train.size(), 10u);
}

// A small corpus of words: "the wI" sentences, each noun its own word, so a cut keeps only its own nouns.
std::shared_ptr<const Dataset> word_corpus(int sentences) {
  std::string text;
  for (int i = 0; i < sentences; ++i)
    text += "1\tThe\tthe\tDET\t_\t_\t_\t_\t_\t_\n2\tw" + std::to_string(i % (sentences / 2)) +
            "\tw\tNOUN\t_\t_\t_\t_\t_\t_\n\n";
  TaskConfig t = default_task_config(TaskKind::pos);
  return std::make_shared<Dataset>(make_pos_dataset(t, text, "mem"));
}

TEST(Sweep, AWordTasksFirstSentencesHaveTheirOwnVocabulary) {
  const auto big = word_corpus(80);
  const std::shared_ptr<Dataset> cut = first_training_sequences(*big, 10);
  ASSERT_EQ(cut->train.size(), 10u);
  EXPECT_LT(cut->vocab, big->vocab);  // only the words of those 10 sentences (seen twice: min_count)
  EXPECT_EQ(cut->vocab, cut->words.size());
  EXPECT_EQ(cut->token_names, cut->words.words());
  for (const std::vector<Sequence>* split : {&cut->train, &cut->dev, &cut->test})
    for (const Sequence& s : *split) {
      ASSERT_EQ(s.tokens.size(), s.words.size());
      for (std::size_t i = 0; i < s.words.size(); ++i) {
        EXPECT_EQ(s.tokens[i], cut->words.id(s.words[i]));  // every split read with the new vocabulary
        EXPECT_LT(s.tokens[i], cut->vocab);
      }
    }
  // a word of the whole split that the 10 sentences do not hold is an unknown word of the cut
  std::string missing;
  for (const Sequence& s : big->train)
    for (const std::string& w : s.words)
      if (missing.empty() && big->words.known(w) && !cut->words.known(w)) missing = w;
  ASSERT_FALSE(missing.empty());
  EXPECT_LT(cut->words.id(missing), cut->words.num_shapes());
  EXPECT_EQ(first_training_sequences(*big, 100000)->vocab, big->vocab);  // the whole split: as it was
}

TEST(Sweep, RunsOnACorpusAndCapsItsSizesAtTheSplit) {
  SweepConfig c = tiny_sweep();
  c.data = word_corpus(80);
  c.task = c.data->task;
  c.sizes = {10, 1000};
  Sweep sweep(c);
  while (!sweep.done()) sweep.step(3);
  ASSERT_TRUE(sweep.error().empty()) << sweep.error();
  ASSERT_EQ(sweep.points().size(), 4u);
  EXPECT_EQ(sweep.points()[0].size, 10);
  EXPECT_EQ(sweep.points()[3].size, static_cast<int>(c.data->train.size()));  // 1000 = all of the split
  EXPECT_EQ(sweep.config().sizes, (std::vector<int>{10, static_cast<int>(c.data->train.size())}));  // as run
  for (const SweepPoint& p : sweep.points()) EXPECT_TRUE(std::isfinite(p.dev_acc));
  // two sizes that are both the whole split would be one point twice: refused
  c.sizes = {1000, 2000};
  EXPECT_THROW(Sweep{c}, std::invalid_argument);
  // a word task without its corpus: refused with a message
  c.data = nullptr;
  EXPECT_THROW(Sweep{c}, std::invalid_argument);
}

TEST(Sweep, CancelStopsWithoutMorePoints) {
  Sweep s(tiny_sweep());
  s.step(6);  // the first run (4 steps) is done, the second is under way
  ASSERT_EQ(s.points().size(), 1u);
  EXPECT_EQ(s.current_model(), kSweepBaseline);
  EXPECT_EQ(s.current_step(), 2);
  s.cancel();
  EXPECT_TRUE(s.cancelled());
  EXPECT_FALSE(s.done());
  EXPECT_EQ(s.step(10), 0);
  EXPECT_EQ(s.step_for(5), 0);
  EXPECT_EQ(s.points().size(), 1u);
}

TEST(Sweep, BadConfigurationsAreRefused) {
  SweepConfig c = tiny_sweep();
  c.sizes = {6, 3};
  EXPECT_NE(check_sweep_config(c).find("grow"), std::string::npos);
  c.sizes = {0, 3};
  EXPECT_NE(check_sweep_config(c).find("at least 1"), std::string::npos);
  c = tiny_sweep();
  c.baseline.kind = ModelKind::attention;
  EXPECT_THROW(Sweep{c}, std::invalid_argument);
  c = tiny_sweep();
  c.task.kind = TaskKind::pos;
  EXPECT_THROW(Sweep{c}, std::invalid_argument);
}

// ---- the verdict: from numbers to a sentence

std::vector<SweepPoint> curves(const std::vector<int>& sizes, const std::vector<double>& att,
                               const std::vector<double>& cnn) {
  std::vector<SweepPoint> out;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    SweepPoint a, b;
    a.size = b.size = sizes[i];
    a.model = kSweepAttention;
    b.model = kSweepBaseline;
    a.dev_acc = att[i];
    b.dev_acc = cnn[i];
    a.chance = b.chance = 0.66;
    out.push_back(a);
    out.push_back(b);
  }
  return out;
}

TEST(SweepVerdict, CrossoverNamesWhereTheLeadChanges) {
  const SweepVerdict v =
      sweep_verdict(curves({50, 200, 1000, 5000}, {0.70, 0.75, 0.90, 0.95}, {0.80, 0.82, 0.85, 0.86}));
  EXPECT_EQ(v.kind, SweepVerdict::Kind::crossover);
  EXPECT_EQ(v.before, 200);
  EXPECT_EQ(v.after, 1000);
  EXPECT_DOUBLE_EQ(v.before_baseline, 0.82);
  EXPECT_DOUBLE_EQ(v.after_attention, 0.90);
  const std::string s = verdict_sentence(v);
  EXPECT_NE(s.find("with 200 training images the CNN is ahead (75.0% vs CNN 82.0%)"), std::string::npos) << s;
  EXPECT_NE(s.find("from 1000 images attention is ahead (90.0% vs CNN 85.0%)"), std::string::npos) << s;
}

TEST(SweepVerdict, AttentionAlwaysAndCnnAlwaysAreNoCrossover) {
  SweepVerdict v = sweep_verdict(curves({50, 200, 1000}, {0.84, 0.90, 0.95}, {0.82, 0.84, 0.85}));
  EXPECT_EQ(v.kind, SweepVerdict::Kind::attention_always);
  EXPECT_EQ(v.before, 50);
  EXPECT_EQ(v.after, 1000);
  std::string s = verdict_sentence(v);
  EXPECT_NE(s.find("no crossover at this scale: attention is ahead at every size"), std::string::npos) << s;
  EXPECT_NE(s.find("84.0% vs CNN 82.0%"), std::string::npos) << s;

  v = sweep_verdict(curves({50, 200, 1000}, {0.70, 0.75, 0.80}, {0.80, 0.82, 0.85}));
  EXPECT_EQ(v.kind, SweepVerdict::Kind::baseline_always);
  s = verdict_sentence(v);
  EXPECT_NE(s.find("the CNN is ahead at every size"), std::string::npos) << s;
  EXPECT_NE(s.find("attention never leads"), std::string::npos) << s;
}

TEST(SweepVerdict, TiesReverseAndMixed) {
  // within half a point at every size: level (no crossover)
  SweepVerdict v = sweep_verdict(curves({50, 200}, {0.800, 0.850}, {0.803, 0.848}));
  EXPECT_EQ(v.kind, SweepVerdict::Kind::level);
  EXPECT_NE(verdict_sentence(v).find("level"), std::string::npos);
  // a tie at the smallest size does not make a crossover; the leader is named from where it leads
  v = sweep_verdict(curves({50, 200, 1000}, {0.800, 0.86, 0.90}, {0.802, 0.84, 0.85}));
  EXPECT_EQ(v.kind, SweepVerdict::Kind::attention_always);
  EXPECT_EQ(v.before, 200);
  EXPECT_EQ(v.leading, 2);
  EXPECT_NE(verdict_sentence(v).find("where the two differ by more than 0.5 percentage points"), std::string::npos);
  v = sweep_verdict(curves({50, 200, 1000}, {0.90, 0.80, 0.80}, {0.80, 0.85, 0.90}));
  EXPECT_EQ(v.kind, SweepVerdict::Kind::reverse);
  EXPECT_EQ(v.before, 50);
  EXPECT_EQ(v.after, 200);
  EXPECT_NE(verdict_sentence(v).find("the opposite of the lecture's claim"), std::string::npos);
  v = sweep_verdict(curves({50, 200, 1000}, {0.80, 0.90, 0.80}, {0.85, 0.85, 0.85}));
  EXPECT_EQ(v.kind, SweepVerdict::Kind::mixed);
  // nothing finished yet, or only one model of a size
  EXPECT_EQ(sweep_verdict({}).kind, SweepVerdict::Kind::empty);
  std::vector<SweepPoint> one = curves({50}, {0.9}, {0.8});
  one.pop_back();
  EXPECT_EQ(sweep_verdict(one).kind, SweepVerdict::Kind::empty);
}

}  // namespace
}  // namespace attnlab
