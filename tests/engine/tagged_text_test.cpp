// Your own data: the tagged-text parser (engine/data/tagged_text.h) in every format and with every error it
// names, and the own task's Dataset (engine/data/tasks.h: make_own_dataset).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/data/tagged_text.h"
#include "engine/data/tasks.h"

namespace attnlab {
namespace {

std::vector<std::string> tags_of(const TaggedText& t, std::size_t s) {
  std::vector<std::string> out;
  for (int c : t.sentences[s].tags) out.push_back(t.tag_names[static_cast<std::size_t>(c)]);
  return out;
}

// The text must be refused on `line` (0 = the file as a whole) with a message containing `what`.
void expect_refused(const std::string& text, long line, const std::string& what,
                    const TaggedTextLimits& limits = TaggedTextLimits{}) {
  try {
    parse_tagged_text(text, limits);
    ADD_FAILURE() << "no error for: " << text.substr(0, 200);
  } catch (const DataFileError& e) {
    EXPECT_EQ(e.line, line) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    if (line > 0) {
      EXPECT_EQ(std::string(e.what()).rfind("line " + std::to_string(line) + ": ", 0), 0u) << e.what();
    }
  }
}

const char* kConllu =
    "# sent_id = 1\n"
    "# text = I saw a saw.\n"
    "1\tI\tI\tPRON\tPRP\t_\t2\tnsubj\t_\t_\n"
    "2\tsaw\tsee\tVERB\tVBD\t_\t0\troot\t_\t_\n"
    "3\ta\ta\tDET\tDT\t_\t4\tdet\t_\t_\n"
    "4\tsaw\tsaw\tNOUN\tNN\t_\t2\tobj\t_\t_\n"
    "5\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_\n"
    "\n"
    "# text = I don't know.\n"
    "1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\n"
    "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "2\tdo\tdo\tAUX\t_\t_\t_\t_\t_\t_\n"
    "3\tn't\tnot\tPART\t_\t_\t_\t_\t_\t_\n"
    "3.1\tknew\tknow\tVERB\t_\t_\t_\t_\t_\t_\n"
    "4\tknow\tknow\tVERB\t_\t_\t_\t_\t_\t_\n"
    "\n";

TEST(TaggedText, ConlluTakesUposAndSkipsRangesAndEmptyNodes) {
  const TaggedText t = parse_tagged_text(kConllu);
  EXPECT_EQ(t.format, "CoNLL-U");
  ASSERT_EQ(t.sentences.size(), 2u);
  EXPECT_EQ(t.sentences[0].words, (std::vector<std::string>{"I", "saw", "a", "saw", "."}));
  EXPECT_EQ(tags_of(t, 0), (std::vector<std::string>{"PRON", "VERB", "DET", "NOUN", "PUNCT"}));
  EXPECT_EQ(t.sentences[1].words, (std::vector<std::string>{"I", "do", "n't", "know"}));
  EXPECT_EQ(tags_of(t, 1), (std::vector<std::string>{"PRON", "AUX", "PART", "VERB"}));
  EXPECT_EQ(t.sentences[0].line, 3);
  EXPECT_EQ(t.sentences[1].line, 10);
  // the tag set is the file's, sorted
  EXPECT_EQ(t.tag_names, (std::vector<std::string>{"AUX", "DET", "NOUN", "PART", "PRON", "PUNCT", "VERB"}));
  EXPECT_EQ(t.tokens, 9);
  EXPECT_EQ(t.tag_counts[4], 2);  // PRON twice
  EXPECT_EQ(t.vocabulary, 7);     // I saw a . do n't know
}

TEST(TaggedText, SlashLinesTakeTheTagAfterTheLastSlash) {
  const TaggedText t = parse_tagged_text("I/PRON saw/VERB a/DET saw/NOUN\n\n  1/2/NUM   of/ADP  it/PRON\n");
  EXPECT_EQ(t.format, "word/TAG");
  ASSERT_EQ(t.sentences.size(), 2u);
  EXPECT_EQ(t.sentences[1].words, (std::vector<std::string>{"1/2", "of", "it"}));
  EXPECT_EQ(tags_of(t, 1), (std::vector<std::string>{"NUM", "ADP", "PRON"}));
  EXPECT_EQ(t.sentences[1].line, 3);
}

TEST(TaggedText, TabColumnsWithBlankLinesBetweenSentences) {
  const TaggedText t = parse_tagged_text("# two columns\nJohn\tB-PER\nlives\tO\n\nin\tO\nParis\tB-LOC\n");
  EXPECT_EQ(t.format, "word<TAB>TAG");
  ASSERT_EQ(t.sentences.size(), 2u);
  EXPECT_EQ(t.sentences[0].words, (std::vector<std::string>{"John", "lives"}));
  EXPECT_EQ(tags_of(t, 1), (std::vector<std::string>{"O", "B-LOC"}));
  EXPECT_EQ(t.tag_names, (std::vector<std::string>{"B-LOC", "B-PER", "O"}));
}

TEST(TaggedText, CrlfBomTrailingSpacesAndOddTags) {
  const std::string text =
      "\xEF\xBB\xBF# comment\r\nthe/DT$ dog/NN|sg   \r\n\r\nun/x-1 chien/\xE5\x90\x8D\xE8\xA9\x9E \r\n";
  const TaggedText t = parse_tagged_text(text);
  ASSERT_EQ(t.sentences.size(), 2u);
  EXPECT_EQ(t.sentences[0].words, (std::vector<std::string>{"the", "dog"}));
  EXPECT_EQ(tags_of(t, 0), (std::vector<std::string>{"DT$", "NN|sg"}));
  EXPECT_EQ(tags_of(t, 1), (std::vector<std::string>{"x-1", "\xE5\x90\x8D\xE8\xA9\x9E"}));
  // CoNLL-U with Windows line ends and a BOM
  std::string crlf;
  for (char c : std::string(kConllu)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const TaggedText u = parse_tagged_text("\xEF\xBB\xBF" + crlf);
  ASSERT_EQ(u.sentences.size(), 2u);
  EXPECT_EQ(u.sentences[1].words.back(), "know");
}

TEST(TaggedText, HashTokensAreWordsNotComments) {
  const TaggedText t = parse_tagged_text("#/SYM tag/NOUN\n# a comment line\nok/ADJ\n");
  ASSERT_EQ(t.sentences.size(), 2u);
  EXPECT_EQ(t.sentences[0].words, (std::vector<std::string>{"#", "tag"}));
  EXPECT_EQ(t.sentences[1].line, 3);
}

TEST(TaggedText, MalformedLinesNameTheLineAndTheProblem) {
  expect_refused("I/PRON saw/VERB\nthe/DET saw man/NOUN\n", 2, "token 'saw' has no /TAG");
  expect_refused("a/DET\nb/NOUN c/\n", 2, "token 'c/' has an empty tag");
  expect_refused("a/DET\n/NOUN\n", 2, "has a tag but no word");
  expect_refused("# x\n\n1\tI\tI\tPRON\n", 3, "CoNLL-U needs 10 tab-separated columns");
  expect_refused("# x\n\n1\tI\tI\tPRON\n", 3, "found 4");
  expect_refused("1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\n3\ty\ty\tNOUN\t_\t_\t_\t_\t_\t_\n", 2, "out of order");
  expect_refused("1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\nx\ty\ty\tNOUN\t_\t_\t_\t_\t_\t_\n", 2, "bad word ID");
  expect_refused("1\tI\tI\t_\t_\t_\t_\t_\t_\t_\n", 1, "has no UPOS tag");
  expect_refused("1\t\tI\tPRON\t_\t_\t_\t_\t_\t_\n", 1, "empty FORM");
  expect_refused("a\tDET\nb\tNOUN\textra\n", 2, "expected word<TAB>TAG");
  expect_refused("a\tDET\nb\n", 2, "found 1 column");
  expect_refused("a/DET\nb/NOUN \xFF\xFE/X\n", 2, "not valid UTF-8");
  expect_refused(std::string("a/DET\nb/NO\0UN\n", 14), 2, "zero byte");
  expect_refused("a/DET b/" + std::string(40, 'T') + "\n", 1, "longer than 32 characters");
}

TEST(TaggedText, TooFewSentences) {
  expect_refused("", 0, "no sentences found");
  expect_refused("# only\n# comments\n\n#\n", 0, "no sentences found");
  expect_refused("\xEF\xBB\xBF\r\n   \r\n", 0, "no sentences found");
  expect_refused("I/PRON saw/VERB a/DET saw/NOUN\n", 0, "only one sentence: need at least 2 (one for the dev set)");
}

TEST(TaggedText, LimitsAreStatedInTheirMessages) {
  TaggedTextLimits small;
  small.max_bytes = 100;
  expect_refused(std::string(101, 'a'), 0, "the file is 101 bytes: data files may be at most 100 bytes", small);
  expect_refused(std::string((8u << 20) + 1, ' '), 0, "data files may be at most 8 MB");
  try {
    check_data_size(9u << 20);
    ADD_FAILURE();
  } catch (const DataFileError& e) {
    EXPECT_NE(std::string(e.what()).find("the file is 9.0 MB"), std::string::npos) << e.what();
  }
  TaggedTextLimits l;
  l.max_sentences = 3;
  expect_refused("a/X\nb/X\nc/X\nd/X\n", 4, "more than 3 sentences", l);
  l = TaggedTextLimits{};
  l.max_tokens = 3;
  expect_refused("a/X b/X\na/X b/X c/X d/X\n", 2, "has more than 3 words: the models take at most 3", l);
  l = TaggedTextLimits{};
  l.max_tags = 2;
  expect_refused("a/X b/Y\nc/Z\n", 2, "at most 2 different tags", l);
  l = TaggedTextLimits{};
  l.max_vocabulary = 2;
  expect_refused("a/X b/X\na/X c/X\n", 2, "at most 2 different words", l);
  // the default sentence limit is the longest sequence a model takes
  std::string long_line, ok_line;
  for (int i = 0; i < 513; ++i) long_line += "w/X ";
  for (int i = 0; i < 512; ++i) ok_line += "w/Y ";
  EXPECT_EQ(parse_tagged_text(ok_line + "\na/X\n").sentences[0].words.size(), 512u);
  expect_refused("a/X\n" + long_line + "\n", 2, "at most 512");
}

TEST(TaggedText, PosCorpusReaderKeepsTheUposTagSet) {
  // parse_conllu (conllu.h) goes through the same reader with the 17 UPOS tags as a fixed set
  const TaggedText t = parse_conllu_tags(kConllu, {"A", "AUX", "DET", "NOUN", "PART", "PRON", "PUNCT", "VERB"}, "ok");
  EXPECT_EQ(t.tag_names.front(), "A");  // fixed: as given, not sorted or trimmed to the used ones
  try {
    parse_conllu_tags(kConllu, {"NOUN"}, "a test tag");
    ADD_FAILURE();
  } catch (const DataFileError& e) {
    EXPECT_EQ(e.line, 3);
    EXPECT_NE(e.problem.find("'PRON' is not a test tag (NOUN)"), std::string::npos) << e.what();
  }
}

// ------------------------------------------------------------------------------------------- the own task

std::string numbered_sentences(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text += "the/D w" + std::to_string(i) + "/N runs/V\n";
  return text;
}

TEST(OwnDataset, SplitSizesTagSetAndDeterminism) {
  const TaggedText text = parse_tagged_text(numbered_sentences(50));
  TaskConfig t = default_task_config(TaskKind::own);
  t.min_count = 1;  // every training word is known
  const Dataset d = make_own_dataset(t, text);
  EXPECT_EQ(d.dev.size(), 5u);  // 10%
  EXPECT_EQ(d.train.size(), 45u);
  EXPECT_TRUE(d.test.empty());
  EXPECT_EQ(d.tag_names, (std::vector<std::string>{"D", "N", "V"}));
  EXPECT_EQ(d.input, InputMode::tokens);
  // vocabulary from the training split only: a dev-only word is unknown (a shape token)
  EXPECT_FALSE(d.words.known(d.dev[0].words[1]));
  EXPECT_LT(d.dev[0].tokens[1], d.words.num_shapes());
  EXPECT_TRUE(d.words.known("the"));
  EXPECT_EQ(d.dev[0].tags, (std::vector<int>{0, 1, 2}));
  // same seed, same split; another seed, another
  const Dataset again = make_own_dataset(t, text);
  for (std::size_t i = 0; i < d.dev.size(); ++i) EXPECT_EQ(again.dev[i].words, d.dev[i].words);
  t.seed = 2;
  const Dataset other = make_own_dataset(t, text);
  std::set<std::string> a, b;
  for (const auto& s : d.dev) a.insert(s.words[1]);
  for (const auto& s : other.dev) b.insert(s.words[1]);
  EXPECT_NE(a, b);
  // the chance level: the training split's most frequent tag on dev (all three tags are equally common here)
  int tag = -1;
  EXPECT_NEAR(majority_share(d, d.dev, &tag), 1.0 / 3.0, 1e-9);
  EXPECT_EQ(tag, 0);  // ties: the first tag
}

TEST(OwnDataset, AtLeastOneSentenceOnEachSide) {
  TaskConfig t = default_task_config(TaskKind::own);
  const Dataset two = make_own_dataset(t, parse_tagged_text(numbered_sentences(2)));
  EXPECT_EQ(two.dev.size(), 1u);
  EXPECT_EQ(two.train.size(), 1u);
  const Dataset three = make_own_dataset(t, parse_tagged_text(numbered_sentences(3)));
  EXPECT_EQ(three.dev.size(), 1u);
  EXPECT_EQ(three.train.size(), 2u);
  TaggedText one = parse_tagged_text(numbered_sentences(2));
  one.sentences.pop_back();
  EXPECT_THROW(make_own_dataset(t, one), std::invalid_argument);
}

TEST(OwnDataset, MajorityShareCountsTheTrainingSplitsCommonestTag) {
  std::string text;
  for (int i = 0; i < 20; ++i) text += "a/X b/X c/X d/Y\n";
  const Dataset d = make_own_dataset(default_task_config(TaskKind::own), parse_tagged_text(text));
  int tag = -1;
  EXPECT_DOUBLE_EQ(majority_share(d, d.dev, &tag), 0.75);
  EXPECT_EQ(d.tag_names[static_cast<std::size_t>(tag)], "X");
}

}  // namespace
}  // namespace attnlab
