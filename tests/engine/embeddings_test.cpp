// The Embedding view's numbers (engine/train/embeddings.h): PCA of the embedding table against a hand-made
// table whose answer is known, the nearest-neighbour score against a count by hand, and the score rising
// when a POS tagger learns (word embeddings put words of the same tag close together).
#include "engine/train/embeddings.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "engine/data/brown.h"
#include "engine/data/words.h"
#include "engine/train/trainer.h"

namespace attnlab {
namespace {

// Tokens 0..5, tags: tokens 0-2 are always tag 0, tokens 3-5 tag 1 (token 5 once tag 0, twice tag 1).
Dataset toy_data() {
  Dataset d;
  d.task = default_task_config(TaskKind::seen);
  d.input = InputMode::tokens;
  d.vocab = 6;
  d.tag_names = {"A", "B"};
  d.token_names = {"a0", "a1", "a2", "b0", "b1", "b2"};
  Sequence s;
  s.tokens = {0, 1, 2, 3, 4, 5, 5, 5, 0};
  s.tags = {0, 0, 0, 1, 1, 0, 1, 1, 0};
  d.train = {s};
  d.dev = d.test = {s};
  return d;
}

std::unique_ptr<SeqModel<float>> toy_model(int dim) {
  ModelConfig m;
  m.kind = ModelKind::window;
  m.window = 1;
  m.dim = dim;
  m.hidden = 4;
  m.input = InputMode::tokens;
  m.vocab = 6;
  m.tags = 2;
  m.max_len = 16;
  return make_model<float>(m);
}

TEST(EmbeddingMap, FindsTheTwoClustersOfAHandMadeTable) {
  const Dataset d = toy_data();
  auto model = toy_model(3);
  auto E = model->params().value(static_cast<std::size_t>(model->params().find("tok_emb")));
  // tag A near (+5, 0, 0), tag B near (-5, 0, 0); small spread along the second axis, none along the third
  const float rows[6][3] = {{5, 1, 0}, {5, 0, 0}, {5, -1, 0}, {-5, 1, 0}, {-5, 0, 0}, {-5, -1, 0}};
  for (int v = 0; v < 6; ++v)
    for (int c = 0; c < 3; ++c) E(v, c) = rows[v][c];
  const EmbeddingMap m = embedding_map(*model, d);
  ASSERT_EQ(m.words.size(), 6u);
  // most frequent first: b2 (3 times, twice as B), then a0 (twice), then the rest in token order
  EXPECT_EQ(m.words[0], "b2");
  EXPECT_EQ(m.words[1], "a0");
  EXPECT_EQ(m.words.size(), m.tags.size());
  for (std::size_t i = 0; i < m.words.size(); ++i)
    EXPECT_EQ(m.tags[i], m.words[i][0] == 'a' ? 0 : 1) << m.words[i] << ": its most frequent tag";
  // Every word's nearest neighbour is in its own cluster: score 1. By chance: 2 of the 5 others share the tag.
  EXPECT_DOUBLE_EQ(m.same_tag, 1.0);
  EXPECT_NEAR(m.chance, 2.0 / 5.0, 1e-12);
  // The first axis is ±x (variance 25 vs 2/3): the clusters land at +5 and -5, the second axis spreads ±1.
  ASSERT_EQ(m.points.size(), 12u);
  for (std::size_t i = 0; i < m.words.size(); ++i) {
    EXPECT_NEAR(std::fabs(m.points[2 * i]), 5.0f, 1e-4f);
    EXPECT_EQ(m.points[2 * i] > 0, m.points[0] > 0 ? m.tags[i] == m.tags[0] : m.tags[i] != m.tags[0]);
    EXPECT_LE(std::fabs(m.points[2 * i + 1]), 1.0f + 1e-4f);
  }
  EXPECT_NEAR(m.explained, 1.0, 1e-9) << "the table lies in a plane";
}

TEST(EmbeddingMap, CountsNeighboursByHand) {
  const Dataset d = toy_data();
  auto model = toy_model(1);
  auto E = model->params().value(static_cast<std::size_t>(model->params().find("tok_emb")));
  // on a line: a0=0 b0=1 a1=2.5 b1=4 a2=6 b2=7.2; neighbours: a0→b0, b0→a0, a1→b0, b1→a1 (1.5 vs 2), a2→b2, b2→a2
  const float x[6] = {0, 2.5f, 6, 1, 4, 7.2f};
  for (int v = 0; v < 6; ++v) E(v, 0) = x[v];
  const EmbeddingMap m = embedding_map(*model, d);
  EXPECT_DOUBLE_EQ(m.same_tag, 0.0) << "every nearest neighbour has the other tag";
  EXPECT_NEAR(m.explained, 1.0, 1e-9);
}

TEST(EmbeddingMap, FeatureTasksHaveNoEmbeddingTable) {
  TaskConfig t = default_task_config(TaskKind::frames);
  t.train = 20;
  t.dev = t.test = 5;
  auto data = std::make_shared<Dataset>(make_synthetic_dataset(t));
  ModelConfig m;
  m.dim = 16;
  m.heads = 2;
  m.ffn = 32;
  Trainer tr(data, m, TrainConfig{});
  EXPECT_THROW(embedding_map(tr.model(), *data), std::invalid_argument);
}

TEST(EmbeddingMap, NeighboursShareTheirTagMoreOnceAPosTaggerHasLearned) {
  auto data = std::make_shared<Dataset>(
      make_corpus_dataset(default_task_config(TaskKind::pos), *default_brown()));  // the Brown Corpus
  ModelConfig m;
  m.dim = 32;
  m.heads = 4;
  m.ffn = 64;
  TrainConfig c;
  c.steps = 600;
  c.batch = 16;
  c.warmup = 50;
  c.cosine = false;
  Trainer t(data, m, c);
  const EmbeddingMap before = embedding_map(t.model(), *data);
  ASSERT_GE(before.words.size(), 100u);
  for (const std::string& w : before.words) EXPECT_EQ(w.rfind("<unk", 0), std::string::npos) << w;
  EXPECT_LT(before.same_tag, before.chance + 0.15) << "random vectors: about chance";
  while (!t.done()) t.step(100);
  const EmbeddingMap after = embedding_map(t.model(), *data);
  EXPECT_GT(after.same_tag, before.same_tag + 0.1) << before.same_tag << " -> " << after.same_tag;
  EXPECT_GT(after.same_tag, after.chance + 0.15);
  std::printf("nearest neighbour with the same tag: %.3f at step 0, %.3f at step 600 (chance %.3f)\n", before.same_tag,
              after.same_tag, after.chance);
}

}  // namespace
}  // namespace attnlab
