// The data side of training: the CoNLL-U reader, words → token ids (unknown words by shape), and the
// synthetic tasks (labels checked against their definitions, seeded splits).
#include "engine/data/tasks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>

#include "engine/data/brown.h"
#include "engine/data/conllu.h"
#include "engine/data/words.h"

namespace attnlab {
namespace {

// A small CoNLL-U sample of our own: comments, a multiword token ("don't" = do + n't), an empty node (5.1),
// Windows line endings on one line, and no blank line at the very end.
const char* kSample =
    "# sent_id = 1\n"
    "# text = I saw a saw.\n"
    "1\tI\tI\tPRON\tPRP\t_\t2\tnsubj\t_\t_\n"
    "2\tsaw\tsee\tVERB\tVBD\t_\t0\troot\t_\t_\n"
    "3\ta\ta\tDET\tDT\t_\t4\tdet\t_\t_\r\n"
    "4\tsaw\tsaw\tNOUN\tNN\t_\t2\tobj\t_\tSpaceAfter=No\n"
    "5\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_\n"
    "\n"
    "# text = I don't know.\n"
    "1\tI\tI\tPRON\tPRP\t_\t3\tnsubj\t_\t_\n"
    "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "2\tdo\tdo\tAUX\tVBP\t_\t4\taux\t_\t_\n"
    "3\tn't\tnot\tPART\tRB\t_\t4\tadvmod\t_\t_\n"
    "4\tknow\tknow\tVERB\tVB\t_\t0\troot\t_\t_\n"
    "4.1\tknows\tknow\tVERB\tVB\t_\t_\t_\t0:root\t_\n"
    "5\t.\t.\tPUNCT\t.\t_\t4\tpunct\t_\t_";

TEST(Conllu, ReadsWordsAndTagsSkippingMultiwordAndEmptyNodes) {
  const auto s = parse_conllu(kSample, "sample");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].words, (std::vector<std::string>{"I", "saw", "a", "saw", "."}));
  EXPECT_EQ(s[0].tags[1], upos_index("VERB"));
  EXPECT_EQ(s[0].tags[3], upos_index("NOUN"));
  EXPECT_EQ(s[1].words, (std::vector<std::string>{"I", "do", "n't", "know", "."}));
  EXPECT_EQ(s[1].tags[2], upos_index("PART"));
  EXPECT_EQ(upos_tags().size(), 17u);
}

void expect_error(const std::string& text, const std::string& where, const std::string& what) {
  try {
    parse_conllu(text, "bad.conllu");
    FAIL() << "no error for: " << text;
  } catch (const std::runtime_error& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind("bad.conllu:" + where + ": ", 0), 0u) << msg;
    EXPECT_NE(msg.find(what), std::string::npos) << msg;
  }
}

TEST(Conllu, MalformedLinesAreRejectedWithFileAndLine) {
  expect_error("# c\n1\tI\tI\tPRON\n", "2", "10 tab-separated columns");
  expect_error("1\tI\tI\tPRONOUN\t_\t_\t_\t_\t_\t_\n", "1", "not a Universal POS tag");
  expect_error("1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\nx\ty\ty\tNOUN\t_\t_\t_\t_\t_\t_\n", "2", "bad word ID");
  expect_error("1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\n3\ty\ty\tNOUN\t_\t_\t_\t_\t_\t_\n", "2", "out of order");
  expect_error("1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\n2-x\ty\t_\t_\t_\t_\t_\t_\t_\t_\n", "2", "bad multiword ID");
  expect_error("1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\n1.a\ty\t_\t_\t_\t_\t_\t_\t_\t_\n", "2", "bad empty-node ID");
  expect_error("1\t\tI\tPRON\t_\t_\t_\t_\t_\t_\n", "1", "empty FORM");
}

TEST(Conllu, MissingFileIsAClearError) {
  try {
    read_conllu_file("/no/such/file.conllu");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot read /no/such/file.conllu"), std::string::npos) << e.what();
  }
}

TEST(Words, UnknownWordsMapToShapeTokens) {
  const auto s = parse_conllu(kSample, "sample");
  std::vector<std::vector<std::string>> words;
  for (const auto& x : s) words.push_back(x.words);
  const WordVocab v = WordVocab::build(words, 1, true);
  EXPECT_TRUE(v.known("saw"));
  EXPECT_TRUE(v.known("SAW"));  // lowercased vocabulary
  EXPECT_EQ(v.id("Saw"), v.id("saw"));
  EXPECT_FALSE(v.known("Lisbon"));
  EXPECT_EQ(v.words()[v.id("Lisbon")], "<unk-Cap>");
  EXPECT_EQ(v.words()[v.id("1984")], "<unk-num>");
  EXPECT_EQ(v.words()[v.id("walking")], "<unk-ing>");
  EXPECT_EQ(v.words()[v.id("jumped")], "<unk-ed>");
  EXPECT_EQ(v.words()[v.id("quickly")], "<unk-ly>");
  EXPECT_EQ(v.words()[v.id("tables")], "<unk-s>");
  EXPECT_EQ(v.words()[v.id("NASA")], "<unk-CAPS>");
  EXPECT_EQ(v.words()[v.id("--")], "<unk-punct>");
  EXPECT_EQ(v.words()[v.id("well-known")], "<unk-hyphen>");
  EXPECT_EQ(v.words()[v.id("zorp")], "<unk>");
  EXPECT_EQ(v.words()[v.id("")], "<unk-punct>");  // never crashes, even on nothing
  // min_count: words seen once become their shape
  const WordVocab v2 = WordVocab::build(words, 2, true);
  EXPECT_TRUE(v2.known("saw"));
  EXPECT_FALSE(v2.known("know"));
}

TEST(Words, TheLongestEndingAndTheCaseChooseTheShape) {
  const WordVocab v = WordVocab::build({{"a", "a"}}, 1, true);
  const auto shape = [&](const char* w) { return v.words()[static_cast<size_t>(v.id(w))]; };
  EXPECT_EQ(shape("kindness"), "<unk-ness>");  // not -ss, not -s: the longest ending
  EXPECT_EQ(shape("glass"), "<unk-ss>");       // not a plural
  EXPECT_EQ(shape("thesis"), "<unk-is>");
  EXPECT_EQ(shape("buildings"), "<unk-ings>");
  EXPECT_EQ(shape("nations"), "<unk-ions>");
  EXPECT_EQ(shape("happily"), "<unk-ly>");  // -ly before -y
  EXPECT_EQ(shape("Reportedly"), "<unk-Cap-ly>");
  EXPECT_EQ(shape("Smithson's"), "<unk-Cap-'s>");
  EXPECT_EQ(shape("Anglo-Saxon"), "<unk-Cap-hyphen>");
  EXPECT_EQ(shape("Ed"), "<unk-Cap>");  // two letters must come before an ending
  EXPECT_EQ(shape("bed"), "<unk>");
  EXPECT_EQ(shape("1,500"), "<unk-num>");
  EXPECT_EQ(shape("B-52"), "<unk-num>");
  EXPECT_EQ(shape("UNESCO"), "<unk-CAPS>");
  EXPECT_EQ(shape("I"), "<unk-Cap>");
  EXPECT_EQ(shape("研"), "<unk>");  // other scripts: letters without case or English endings
  // every shape token is a name of its own, and the vocabulary begins with all of them
  const auto& names = shape_names();
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  EXPECT_EQ(v.num_shapes(), static_cast<int>(names.size()));
  EXPECT_EQ(static_cast<int>(names.size()), 7 + 2 * static_cast<int>(word_endings().size()));
  for (int i = 0; i < v.num_shapes(); ++i) EXPECT_EQ(v.words()[static_cast<size_t>(i)], names[static_cast<size_t>(i)]);
}

TEST(Words, AModelFileSavedBeforeTheEndingsKeepsItsTwelveShapes) {
  std::vector<std::string> list = legacy_shape_names();
  list.push_back("saw");
  const WordVocab v = WordVocab::from_list(list, true);
  EXPECT_EQ(v.num_shapes(), kLegacyShapes);
  EXPECT_EQ(v.id("saw"), kLegacyShapes);
  EXPECT_EQ(v.words()[static_cast<size_t>(v.id("kindness"))], "<unk-tion>");
  EXPECT_EQ(v.words()[static_cast<size_t>(v.id("famous"))], "<unk-adj>");
  EXPECT_EQ(v.words()[static_cast<size_t>(v.id("1984"))], "<unk-num>");
  EXPECT_EQ(v.words()[static_cast<size_t>(v.id("Lisbon"))], "<unk-Cap>");
  // a list that begins with neither set of shapes is refused with a message
  try {
    WordVocab::from_list({"<unk>", "saw"}, true);
    FAIL() << "a list without the shape tokens was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("shape token"), std::string::npos) << e.what();
  }
}

TEST(Words, SplitsPunctuation) {
  EXPECT_EQ(split_words("I saw a saw."), (std::vector<std::string>{"I", "saw", "a", "saw", "."}));
  EXPECT_EQ(split_words("  Hi, (you)!  "), (std::vector<std::string>{"Hi", ",", "(", "you", ")", "!"}));
}

TEST(PosDataset, SplitsAndVocabularyFromTrainOnly) {
  std::string text;
  for (int i = 0; i < 30; ++i) {
    text += "1\tThe\tthe\tDET\t_\t_\t_\t_\t_\t_\n2\tw" + std::to_string(i) + "\tw\tNOUN\t_\t_\t_\t_\t_\t_\n\n";
  }
  TaskConfig t = default_task_config(TaskKind::pos);
  t.min_count = 1;
  const Dataset d = make_pos_dataset(t, text, "mem");
  EXPECT_EQ(d.train.size() + d.dev.size() + d.test.size(), 30u);
  EXPECT_EQ(d.test.size(), 3u);
  EXPECT_EQ(d.tags(), 17);
  // a test word never seen in training is unknown (its own word, not a training id)
  const std::string w = d.test[0].words[1];
  EXPECT_FALSE(d.words.known(w));
  EXPECT_LT(d.test[0].tokens[1], d.words.num_shapes());
  // same seed, same split; another seed, another split
  const Dataset again = make_pos_dataset(t, text, "mem");
  EXPECT_EQ(again.test[0].words, d.test[0].words);
  t.seed = 2;
  const Dataset other = make_pos_dataset(t, text, "mem");
  std::set<std::string> a, b;
  for (const auto& s : d.test) a.insert(s.words[1]);
  for (const auto& s : other.test) b.insert(s.words[1]);
  EXPECT_NE(a, b);
}

TEST(PosDataset, TheDefaultCorpusIsBrown) {
  const Dataset d = make_corpus_dataset(default_task_config(TaskKind::pos), *default_brown());
  EXPECT_EQ(d.corpus, "Brown Corpus");
  EXPECT_EQ(d.tag_names, universal_tags());
  if (std::getenv("ATTNLAB_BROWN") == nullptr) {  // the whole corpus (the sanitizer presets name a small one)
    EXPECT_EQ(default_brown()->sentences(), 57340);
    EXPECT_GT(d.train.size(), 40000u);
    EXPECT_GT(d.vocab, 20000);
  }
  EXPECT_EQ(static_cast<long>(d.train.size() + d.dev.size() + d.test.size()), default_brown()->sentences());
}

// ------------------------------------------------------------------------------------------- synthetic

Dataset small_task(TaskKind kind) {
  TaskConfig t = default_task_config(kind);
  t.train = 200;
  t.dev = t.test = 50;
  return make_synthetic_dataset(t);
}

TEST(Synthetic, LabelsFollowTheirDefinitions) {
  for (TaskKind kind : {TaskKind::seen, TaskKind::count, TaskKind::reverse, TaskKind::sort}) {
    const Dataset d = small_task(kind);
    for (const Sequence& s : d.train) {
      const int T = s.length();
      ASSERT_GE(T, d.task.min_len);
      ASSERT_LE(T, d.task.max_len);
      std::vector<int> sorted = s.tokens;
      std::sort(sorted.begin(), sorted.end());
      for (int i = 0; i < T; ++i) {
        const int tok = s.tokens[i];
        switch (kind) {
          case TaskKind::seen: {
            bool before = false;
            for (int j = 0; j < i; ++j) before = before || s.tokens[j] == tok;
            ASSERT_EQ(s.tags[i], before ? 1 : 0);
            break;
          }
          case TaskKind::count: {
            int c = 0;
            for (int j = 0; j < T; ++j) c += s.tokens[j] == tok;
            ASSERT_EQ(s.tags[i], std::min(c, d.task.cap) - 1);
            break;
          }
          case TaskKind::reverse: ASSERT_EQ(s.tags[i], s.tokens[T - 1 - i]); break;
          case TaskKind::sort: ASSERT_EQ(s.tags[i], sorted[i]); break;
          default: break;
        }
      }
    }
  }
}

TEST(Synthetic, FramesArePiecewiseConstantSegments) {
  const Dataset d = small_task(TaskKind::frames);
  EXPECT_EQ(d.input, InputMode::features);
  for (const Sequence& s : d.train) {
    ASSERT_EQ(s.features.size(), static_cast<size_t>(s.length()) * d.input_dim);
    int run = 1;
    for (int i = 1; i < s.length(); ++i) {
      if (s.tags[i] == s.tags[i - 1]) {
        ++run;
      } else {
        ASSERT_GE(run, d.task.min_seg);
        run = 1;
      }
    }
  }
}

TEST(Synthetic, GraphLabelIsTheMajorityClassOfTheNeighbours) {
  const Dataset d = small_task(TaskKind::graph);
  const int K = d.task.classes;
  for (const Sequence& s : d.train) {
    const int T = s.length();
    ASSERT_EQ(s.allow.size(), static_cast<size_t>(T) * T);
    for (int i = 0; i < T; ++i) {
      EXPECT_EQ(s.allow[i * T + i], 0) << "no self-loops";
      std::vector<int> hist(K);
      int degree = 0;
      for (int j = 0; j < T; ++j) {
        EXPECT_EQ(s.allow[i * T + j], s.allow[j * T + i]) << "undirected";
        if (s.allow[i * T + j] == 0) continue;
        ++degree;
        const float* f = s.features.data() + j * K;
        hist[std::max_element(f, f + K) - f]++;
      }
      EXPECT_GE(degree, 1);
      EXPECT_EQ(s.tags[i], std::max_element(hist.begin(), hist.end()) - hist.begin());
    }
  }
}

TEST(Synthetic, SeededAndSplitsIndependent) {
  TaskConfig t = default_task_config(TaskKind::seen);
  t.train = 100;
  const Dataset a = make_synthetic_dataset(t);
  const Dataset b = make_synthetic_dataset(t);
  EXPECT_EQ(a.train[7].tokens, b.train[7].tokens);
  EXPECT_NE(a.train[0].tokens, a.dev[0].tokens);
  t.train = 300;  // a bigger training set does not change dev or test
  const Dataset c = make_synthetic_dataset(t);
  EXPECT_EQ(a.dev[3].tokens, c.dev[3].tokens);
  EXPECT_EQ(a.test[3].tokens, c.test[3].tokens);
  t.seed = 9;
  EXPECT_NE(make_synthetic_dataset(t).train[0].tokens, a.train[0].tokens);
}

TEST(Synthetic, BadSettingsAreExplained) {
  TaskConfig t = default_task_config(TaskKind::seen);
  t.min_len = 10;
  t.max_len = 5;
  EXPECT_NE(check_task(t).find("length range"), std::string::npos);
  EXPECT_THROW(make_synthetic_dataset(t), std::invalid_argument);
  t = default_task_config(TaskKind::frames);
  t.classes = 1;
  EXPECT_NE(check_task(t).find("classes"), std::string::npos);
}

}  // namespace
}  // namespace attnlab
