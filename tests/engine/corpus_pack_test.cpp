// A corpus that arrives in parts (engine/data/corpus_pack.h): the pack holds the same corpus, its first parts
// give a prefix of the whole data set, and a run that starts on them takes the same steps as a run on all of it,
// whenever the rest arrives. On a small generated corpus, so the sanitizer suite runs it too.
#include <gtest/gtest.h>

#include <cstring>

#include "engine/core/rng.h"
#include "engine/data/corpus_pack.h"
#include "engine/data/tasks.h"
#include "engine/train/trainer.h"

namespace attnlab {
namespace {

// 3 genres × 12 documents of 6..13 sentences; words from a small Zipf-ish lexicon, each with its own tag.
Corpus small_corpus() {
  Corpus c;
  c.name = "small corpus";
  c.source = "generated for the test";
  c.tagset = "test";
  c.tag_names = {"NOUN", "VERB", "DET", "."};
  const char* genres[3] = {"news", "fiction", "learned"};
  Rng rng(7);
  for (int g = 0; g < 3; ++g)
    for (int k = 0; k < 12; ++k) {
      CorpusDocument d;
      d.id = std::string(1, static_cast<char>('a' + g)) + std::to_string(10 + k);
      d.genre = genres[g];
      const int sentences = 6 + static_cast<int>(rng.below(8));
      for (int s = 0; s < sentences; ++s) {
        TaggedSentence t;
        const int len = 2 + static_cast<int>(rng.below(9));
        for (int w = 0; w < len; ++w) {
          const int tag = static_cast<int>(rng.below(3));
          const int word = static_cast<int>(rng.below(1 + rng.below(40)));
          t.words.push_back((tag == 0 ? "n" : tag == 1 ? "v" : "d") + std::to_string(word) + (w == 0 ? "A" : ""));
          t.tags.push_back(tag);
        }
        t.words.push_back(".");
        t.tags.push_back(3);
        d.sentences.push_back(std::move(t));
      }
      c.documents.push_back(std::move(d));
    }
  return c;
}

TaskConfig pos_task(std::uint32_t seed) {
  TaskConfig t = default_task_config(TaskKind::pos);
  t.seed = seed;
  return t;
}

void expect_same_sequences(const std::vector<Sequence>& a, const std::vector<Sequence>& b, std::size_t n) {
  ASSERT_GE(a.size(), n);
  ASSERT_GE(b.size(), n);
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(a[i].words, b[i].words) << i;
    EXPECT_EQ(a[i].tokens, b[i].tokens) << i;
    EXPECT_EQ(a[i].tags, b[i].tags) << i;
  }
}

TEST(CorpusPack, HoldsTheSameCorpusAndGivesTheSameDataSet) {
  const Corpus c = small_corpus();
  const std::string pack = write_corpus_pack(c, pos_task(1));
  const Corpus back = read_corpus_pack(pack, "pack");
  ASSERT_TRUE(back.complete());
  EXPECT_EQ(back.name, c.name);
  EXPECT_EQ(back.tag_names, c.tag_names);
  EXPECT_EQ(back.sentences(), c.sentences());
  EXPECT_EQ(back.tokens(), c.tokens());
  for (std::uint32_t seed : {1u, 5u}) {
    const Dataset a = make_corpus_dataset(pos_task(seed), c), b = make_corpus_dataset(pos_task(seed), back);
    EXPECT_EQ(a.words.words(), b.words.words());
    EXPECT_EQ(a.train_parts, b.train_parts);
    EXPECT_EQ(a.train_docs, b.train_docs);
    expect_same_sequences(a.train, b.train, a.train.size());
    expect_same_sequences(a.dev, b.dev, a.dev.size());
    expect_same_sequences(a.test, b.test, a.test.size());
    EXPECT_EQ(a.test_genres, b.test_genres);
  }
  // the whole data set is in parts: every training document in exactly one, each part a mix of the genres
  const Dataset d = make_corpus_dataset(pos_task(1), c);
  ASSERT_EQ(d.train_parts.size(), static_cast<std::size_t>(kCorpusParts));
  EXPECT_EQ(d.train_parts.back(), static_cast<long>(d.train.size()));
  EXPECT_TRUE(d.complete());
}

TEST(CorpusPack, ItsFirstPartsGiveAPrefixOfTheWholeDataSet) {
  const Corpus c = small_corpus();
  const TaskConfig task = pos_task(3);
  const Dataset whole = make_corpus_dataset(task, c);
  const std::string pack = write_corpus_pack(c, task);
  CorpusPackReader r("pack");
  Rng rng(11);
  std::size_t at = 0, stages = 0;
  long last_train = -1;
  while (at < pack.size()) {  // pieces of any size, as a network delivers them
    const std::size_t n = std::min<std::size_t>(pack.size() - at, 1 + rng.below(900));
    r.feed(pack.data() + at, n);
    at += n;
    if (!r.corpus()) continue;
    try {
      const Dataset part = make_corpus_dataset(task, *r.corpus());
      EXPECT_EQ(part.words.words(), whole.words.words());
      EXPECT_EQ(part.train_parts, whole.train_parts);
      EXPECT_EQ(part.max_len(), whole.max_len());
      EXPECT_EQ(part.train_counts, whole.train_counts);
      expect_same_sequences(part.dev, whole.dev, whole.dev.size());
      expect_same_sequences(part.train, whole.train, part.train.size());
      EXPECT_EQ(part.train_parts[static_cast<std::size_t>(part.parts_arrived() - 1)],
                static_cast<long>(part.train.size()));
      EXPECT_TRUE(part.test.empty() || part.test.size() == whole.test.size());
      if (static_cast<long>(part.train.size()) != last_train) ++stages;
      last_train = static_cast<long>(part.train.size());
    } catch (const CorpusPending&) {
      EXPECT_EQ(last_train, -1) << "once there, the data set stays there";
    }
  }
  r.finish();
  EXPECT_EQ(stages, static_cast<std::size_t>(kCorpusParts));
  EXPECT_TRUE(make_corpus_dataset(task, *r.corpus()).complete());
  // a plan for other settings: wait for all of it
  TaskConfig other = task;
  other.min_count = 1;
  CorpusPackReader half("pack");
  half.feed(pack.data(), pack.size() * 3 / 4);
  EXPECT_THROW(make_corpus_dataset(other, *half.corpus()), CorpusPending);
}

TEST(CorpusPack, ARunStartedOnTheFirstPartsTakesTheStepsOfARunOnAllOfIt) {
  const Corpus c = small_corpus();
  const TaskConfig task = pos_task(2);
  ModelConfig mc;
  mc.kind = ModelKind::attention;
  mc.dim = 16;
  mc.heads = 2;
  mc.layers = 1;
  mc.ffn = 32;
  TrainConfig tc;
  tc.batch = 4;
  tc.steps = 60;
  tc.eval_every = 20;
  tc.seed = 9;
  Trainer all(std::make_shared<Dataset>(make_corpus_dataset(task, c)), mc, tc);
  all.step(tc.steps);

  const std::string pack = write_corpus_pack(c, task);
  CorpusPackReader r("pack");
  std::size_t at = 0;
  std::unique_ptr<Trainer> streamed;
  long waits = 0;
  while (!streamed || !streamed->done()) {
    if (at < pack.size()) {  // a little more of the pack, then train as far as it goes
      const std::size_t n = std::min<std::size_t>(pack.size() - at, 700);
      r.feed(pack.data() + at, n);
      at += n;
      if (at == pack.size()) r.finish();
    }
    if (!r.corpus()) continue;
    std::shared_ptr<const Dataset> d;
    try {
      d = std::make_shared<Dataset>(make_corpus_dataset(task, *r.corpus()));
    } catch (const CorpusPending&) {
      continue;
    }
    if (!streamed) streamed = std::make_unique<Trainer>(d, mc, tc);
    else if (d->train.size() > streamed->data().train.size()) streamed->extend_data(d);
    streamed->step(tc.steps);
    if (streamed->waiting()) {
      ++waits;
      ASSERT_LT(at, pack.size()) << "it waits only for what has not arrived";
      EXPECT_EQ(streamed->step(1), 0);
    }
  }
  EXPECT_GT(waits, 0) << "the run started before all had arrived";
  EXPECT_EQ(streamed->steps_done(), all.steps_done());
  const ParamStore<float>& a = all.model().params();
  const ParamStore<float>& b = streamed->model().params();
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(std::memcmp(a.values(), b.values(), a.size() * sizeof(float)), 0) << "bit for bit";
  EXPECT_EQ(all.history().back().dev_acc, streamed->history().back().dev_acc);
  // more of another data set is refused
  TaskConfig other = task;
  other.seed = 3;
  EXPECT_THROW(streamed->extend_data(std::make_shared<Dataset>(make_corpus_dataset(other, c))), std::invalid_argument);
}

TEST(CorpusPack, ABrokenPackSaysWhereAndWhat) {
  const Corpus c = small_corpus();
  const std::string pack = write_corpus_pack(c, pos_task(1));
  const auto problem = [](const std::string& text) {
    try {
      read_corpus_pack(text, "p");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(problem("#doc ca01 news\n").find("not a corpus pack"), std::string::npos);
  EXPECT_NE(problem(pack.substr(0, pack.size() / 2)).find("p: line"), std::string::npos);
  std::string bad_tag = pack;
  const std::size_t slash = bad_tag.find("/NOUN", bad_tag.find("#doc "));
  bad_tag.replace(slash, 5, "/NOPE");
  EXPECT_NE(problem(bad_tag).find("is not one of '#tags'"), std::string::npos) << problem(bad_tag);
  std::string bad_count = pack;
  const std::size_t vocab = bad_count.find("#vocab ");
  bad_count.insert(bad_count.find('\n', vocab) + 1, "extra 3\n");
  EXPECT_FALSE(problem(bad_count).empty());
  // a header whose vocabulary is not what its documents give: found once all has arrived
  std::string lying = pack;
  const std::size_t first = lying.find('\n', vocab) + 1;
  const std::size_t space = lying.find(' ', first);
  lying.insert(space, "x");
  EXPECT_THROW(make_corpus_dataset(pos_task(1), read_corpus_pack(lying, "p")), std::runtime_error);
}

}  // namespace
}  // namespace attnlab
