// The seg_zh task's data: splitting text into characters, B/M/E/S labels from segmented words, the built-in
// corpus (parses, consistent labels, seeded split) and a hand-checked ambiguous sentence.
#include "engine/data/segmentation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <unordered_set>
#include <utility>

#include "engine/core/rng.h"
#include "engine/data/conllu.h"
#include "engine/settings/settings.h"

namespace attnlab {
namespace {

using Strings = std::vector<std::string>;

std::string tags_text(const std::vector<int>& tags) {
  std::string out;
  for (int t : tags) out += bmes_tags()[static_cast<std::size_t>(t)];
  return out;
}

TEST(Segmentation, SplitsIntoCodePointsIgnoringSpacesAsciiRunsWhole) {
  EXPECT_EQ(split_chars("研究生命的起源"), (Strings{"研", "究", "生", "命", "的", "起", "源"}));
  EXPECT_EQ(split_chars(" 我们 研究\t生命\n"), (Strings{"我", "们", "研", "究", "生", "命"}));
  EXPECT_EQ(split_chars("我　们"), (Strings{"我", "们"})) << "the ideographic space U+3000 separates too";
  EXPECT_EQ(split_chars("2024年买了iPhone15，好！"), (Strings{"2024", "年", "买", "了", "iPhone15", "，", "好", "！"}));
  EXPECT_EQ(split_chars("a,b"), (Strings{"a", ",", "b"})) << "ASCII punctuation is a token of its own";
  EXPECT_EQ(split_chars("😀字"), (Strings{"😀", "字"})) << "four-byte code points stay whole";
  EXPECT_TRUE(split_chars("  ").empty());
  // malformed UTF-8 never fails: each bad byte is a token of its own
  EXPECT_EQ(split_chars("\xE7\xA0字"), (Strings{"\xE7", "\xA0", "字"}));
  // deterministic: the same text, the same tokens
  EXPECT_EQ(split_chars("南京市长江大桥"), split_chars("南京市长江大桥"));
}

TEST(Segmentation, LabelsFollowTheWords) {
  EXPECT_EQ(tags_text(bmes_labels({"研究", "生命", "的", "起源"})), "BEBESBE");
  EXPECT_EQ(tags_text(bmes_labels({"研究生", "命"})), "BMES");
  EXPECT_EQ(tags_text(bmes_labels({"南京市", "长江", "大桥"})), "BMEBEBE");
  EXPECT_EQ(tags_text(bmes_labels({"南京", "市长", "江大桥"})), "BEBEBME");
  EXPECT_EQ(tags_text(bmes_labels({"2024", "年"})), "SS") << "an ASCII run is one token";
  EXPECT_EQ(tags_text(bmes_labels({"乒乓球拍", "卖", "完", "了"})), "BMMESSS");
}

// Worked by hand: gold 研究 / 生命 / 的 / 起源 (B E B E S B E), predicted 研究生 / 命 / 的 / 起源 (B M E S S B E).
// Gold words at [0,2) [2,4) [4,5) [5,7), predicted at [0,3) [3,4) [4,5) [5,7): 的 and 起源 match, so
// P = 2/4, R = 2/4, F1 = 0.5; the labels agree at positions 0, 4, 5, 6 (4 of 7). With 研究 的 起源 seen in
// training, 生命 is the one unseen gold word, and it was not found.
TEST(Segmentation, WordScoresMatchAHandWorkedExample) {
  const Strings chars = {"研", "究", "生", "命", "的", "起", "源"};
  const std::vector<int> gold = {kTagB, kTagE, kTagB, kTagE, kTagS, kTagB, kTagE};
  const std::vector<int> pred = {kTagB, kTagM, kTagE, kTagS, kTagS, kTagB, kTagE};
  EXPECT_EQ(bmes_word_strings(chars, pred), (Strings{"研究生", "命", "的", "起源"}));
  const std::unordered_set<std::string> seen = {"研究", "的", "起源"};
  SegScore s;
  score_segmentation(&s, chars, gold, pred, &seen);
  EXPECT_EQ(s.gold, 4);
  EXPECT_EQ(s.predicted, 4);
  EXPECT_EQ(s.found, 2);
  EXPECT_DOUBLE_EQ(s.precision(), 0.5);
  EXPECT_DOUBLE_EQ(s.recall(), 0.5);
  EXPECT_DOUBLE_EQ(s.f1(), 0.5);
  EXPECT_EQ(s.chars_right, 4);
  EXPECT_EQ(s.unseen, 1);
  EXPECT_EQ(s.unseen_found, 0);
  // a second sentence adds to the counts: 南京市 / 长江 / 大桥 predicted as 南京 / 市长 / 江 / 大桥 finds only 大桥,
  // so P = (2 + 1) / (4 + 4), R = (2 + 1) / (4 + 3), F1 = 2PR / (P + R) = 6/15
  score_segmentation(&s, {"南", "京", "市", "长", "江", "大", "桥"}, {kTagB, kTagM, kTagE, kTagB, kTagE, kTagB, kTagE},
                     {kTagB, kTagE, kTagB, kTagE, kTagS, kTagB, kTagE}, nullptr);
  EXPECT_DOUBLE_EQ(s.precision(), 3.0 / 8);
  EXPECT_DOUBLE_EQ(s.recall(), 3.0 / 7);
  EXPECT_NEAR(s.f1(), 2 * (3.0 / 8) * (3.0 / 7) / (3.0 / 8 + 3.0 / 7), 1e-12);
  EXPECT_EQ(s.unseen, 1);  // nullptr: the second sentence's words are not counted as unseen
  EXPECT_THROW(score_segmentation(&s, chars, gold, {kTagS}, nullptr), std::invalid_argument);
}

// A labelling that breaks the grammar still cuts into words: every B or S starts one, every E or S ends one.
TEST(Segmentation, WordsOfABrokenLabellingStillCover) {
  using Spans = std::vector<std::pair<int, int>>;
  EXPECT_EQ(bmes_words({kTagB, kTagB, kTagE, kTagS}), (Spans{{0, 1}, {1, 3}, {3, 4}}));
  EXPECT_EQ(bmes_words({kTagE, kTagE, kTagM}), (Spans{{0, 1}, {1, 2}, {2, 3}}));
  EXPECT_EQ(bmes_words({kTagM, kTagM, kTagE}), (Spans{{0, 3}}));
  EXPECT_TRUE(bmes_words({}).empty());
}

// Does a labelling form words? (B/M go on to M/E, E/S to B/S; it starts with B or S and ends with E or S)
bool forms_words(const std::vector<int>& tags) {
  for (std::size_t t = 0; t < tags.size(); ++t) {
    const int prev = t == 0 ? kTagS : tags[t - 1];
    const bool inside = prev == kTagB || prev == kTagM;
    if (inside != (tags[t] == kTagM || tags[t] == kTagE)) return false;
  }
  return tags.empty() || tags.back() == kTagE || tags.back() == kTagS;
}

// Σ_t log softmax(z_t)[y_t]: what bmes_decode maximises
double path_score(const std::vector<float>& z, const std::vector<int>& tags) {
  double s = 0;
  for (std::size_t t = 0; t < tags.size(); ++t) {
    double sum = 0;
    for (int c = 0; c < 4; ++c) sum += std::exp(static_cast<double>(z[t * 4 + c]));
    s += z[t * 4 + static_cast<std::size_t>(tags[t])] - std::log(sum);
  }
  return s;
}

// 研究生命, worked by hand: each character's best label gives B B E E, which is not words (B must go on to M or
// E). Of the labellings that are, B E B E (研究 / 生命) has the largest product of probabilities.
TEST(Segmentation, DecodingGivesTheBestLabellingThatFormsWords) {
  auto row = [](double b, double m, double e, double s) {
    return std::vector<float>{static_cast<float>(std::log(b)), static_cast<float>(std::log(m)),
                              static_cast<float>(std::log(e)), static_cast<float>(std::log(s))};
  };
  std::vector<float> z;
  for (const auto& r : {row(0.7, 0.0001, 0.0001, 0.2998), row(0.5, 0.05, 0.4, 0.05), row(0.2, 0.05, 0.7, 0.05),
                        row(0.05, 0.05, 0.85, 0.05)})
    z.insert(z.end(), r.begin(), r.end());
  // (rows: p(B) p(M) p(E) p(S)) B E B E = .7·.4·.2·.85 = 0.0476; the next best, S B M E = .2998·.5·.05·.85 = 0.0064,
  // S B E S = .2998·.5·.7·.05 = 0.0052, B M M E = .7·.05·.05·.85 = 0.0015
  EXPECT_EQ(tags_text(bmes_decode(z.data(), 4)), "BEBE");
  // where the best labels already form words, decoding keeps them
  const std::vector<float> ok = {0, 0, 0, 3, 2, 0, 0, 1, 0, 0, 2, 1};  // S B E
  EXPECT_EQ(tags_text(bmes_decode(ok.data(), 3)), "SBE");
  // one character is a word of one; nothing is nothing
  const std::vector<float> one = {5, 0, 0, 1};
  EXPECT_EQ(tags_text(bmes_decode(one.data(), 1)), "S");
  EXPECT_TRUE(bmes_decode(nullptr, 0).empty());
}

// On random logits, the decoded labelling forms words and no labelling that forms words scores higher (every one
// of 4^T tried for T up to 6).
TEST(Segmentation, DecodingBeatsEveryOtherLabellingThatFormsWords) {
  Rng rng(5);
  for (int trial = 0; trial < 60; ++trial) {
    const int T = 1 + trial % 6;
    std::vector<float> z(static_cast<std::size_t>(T) * 4);
    for (float& v : z) v = static_cast<float>(rng.uniform() * 8 - 4);
    const std::vector<int> got = bmes_decode(z.data(), T);
    ASSERT_TRUE(forms_words(got)) << tags_text(got);
    const double best = path_score(z, got);
    std::vector<int> tags(static_cast<std::size_t>(T));
    for (long code = 0; code < (1L << (2 * T)); ++code) {
      for (int t = 0; t < T; ++t) tags[static_cast<std::size_t>(t)] = static_cast<int>((code >> (2 * t)) & 3);
      if (!forms_words(tags)) continue;
      EXPECT_LE(path_score(z, tags), best + 1e-9) << tags_text(tags) << " vs " << tags_text(got);
    }
  }
}

TEST(Segmentation, ParsesTextWithCommentsAndRejectsBadUtf8WithItsLine) {
  const auto s = parse_segmented_text("\xEF\xBB\xBF# a comment\n研究 生命\r\n\n学生会 开会\n", "t.txt");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].chars, (Strings{"研", "究", "生", "命"}));
  EXPECT_EQ(tags_text(s[0].tags), "BEBE");
  EXPECT_EQ(s[1].line, 4);
  EXPECT_EQ(tags_text(s[1].tags), "BMEBE");
  try {
    parse_segmented_text("好 的\n坏\xFF 的\n", "bad.txt");
    FAIL() << "no error for malformed UTF-8";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("bad.txt:2: byte 4 is not UTF-8", 0), 0u) << e.what();
  }
  EXPECT_THROW(parse_segmented_text("# only a comment\n", "empty.txt"), std::runtime_error);
}

TEST(Segmentation, TheLecturesTemplateCorpusParsesWithConsistentLabels) {
  const std::string name = std::string(ATTNLAB_SOURCE_DIR) + "/engine/data/seg_zh.txt";
  const std::string text = read_text_file(name);
  const auto sentences = parse_segmented_text(text, name);
  EXPECT_GE(sentences.size(), 2000u);
  std::set<std::string> chars;
  for (const SegSentence& s : sentences) {
    ASSERT_EQ(s.chars.size(), s.tags.size()) << "line " << s.line;
    ASSERT_FALSE(s.tags.empty());
    // B (M*) E and S only: a word opens with B or S, M and E follow B or M, the sentence ends a word
    int prev = kTagS;
    for (int t : s.tags) {
      const bool open = prev == kTagE || prev == kTagS;
      ASSERT_EQ(open, t == kTagB || t == kTagS) << "line " << s.line << ": " << tags_text(s.tags);
      prev = t;
    }
    ASSERT_TRUE(prev == kTagE || prev == kTagS) << "line " << s.line;
    for (const std::string& c : s.chars) chars.insert(c);
  }
  EXPECT_GT(chars.size(), 300u) << "a varied corpus";
  // the classic ambiguous sentence is in it, segmented by hand as 研究 生命 的 起源
  bool found = false;
  for (const SegSentence& s : sentences) {
    if (s.chars == split_chars("研究生命的起源")) {
      found = true;
      EXPECT_EQ(tags_text(s.tags), "BEBESBE");
    }
  }
  EXPECT_TRUE(found);
}

TEST(Segmentation, TheDefaultCorpusIsThePagesOnceItRegistersOne) {
  TaskSettings ts;
  ts.task = "seg_zh";
  const TaskConfig task = to_task_config(ts);
  std::string mine;
  for (int i = 0; i < 40; ++i) mine += "研究 生命 的 起源\n南京市 长江 大桥\n";
  register_seg_corpus(std::make_shared<const std::string>(mine));
  ASSERT_TRUE(seg_corpus_registered());
  std::string name;
  EXPECT_EQ(*default_seg_corpus(&name), mine);
  const auto d = make_dataset(task, "");
  EXPECT_EQ(d->train.size() + d->dev.size() + d->test.size(), 80u);
  EXPECT_EQ(d->corpus, kSegCorpusName);
  EXPECT_NE(d->source.find("jieba"), std::string::npos) << "its notice names the sources";
  register_seg_corpus(nullptr);  // back to the file (the sanitizer presets name the template sentences)
  EXPECT_FALSE(seg_corpus_registered());
  EXPECT_GT(make_dataset(task, "")->train.size(), 80u);
}

TEST(Segmentation, TheTaskSplitsBySeedAndKnowsItsCharacters) {
  TaskSettings ts;
  ts.task = "seg_zh";
  const TaskConfig task = to_task_config(ts);
  const auto a = make_dataset(task, "");
  const auto b = make_dataset(task, "");
  EXPECT_EQ(a->tag_names, (Strings{"B", "M", "E", "S"}));
  EXPECT_TRUE(is_word_task(TaskKind::seg_zh));
  ASSERT_FALSE(a->train.empty());
  ASSERT_FALSE(a->dev.empty());
  ASSERT_FALSE(a->test.empty());
  EXPECT_NEAR(static_cast<double>(a->dev.size()) / (a->train.size() + a->dev.size() + a->test.size()), 0.1, 0.01);
  ASSERT_EQ(a->dev.size(), b->dev.size());
  for (std::size_t i = 0; i < a->dev.size(); ++i) EXPECT_EQ(a->dev[i].words, b->dev[i].words);
  TaskSettings other = ts;
  other.data_seed = 2;
  const auto c = make_dataset(to_task_config(other), "");
  EXPECT_NE(a->dev[0].words, c->dev[0].words) << "another seed, another split";
  // typed text: one token per character; a known character has its own id, an unseen one the unknown vector
  const Sequence s = seg_sequence_from_text(*a, "我们研究生命的起源");
  ASSERT_EQ(s.length(), 9);
  EXPECT_TRUE(a->words.known("研"));
  EXPECT_GE(s.tokens[2], a->words.num_shapes());
  const Sequence u = seg_sequence_from_text(*a, "龘9876543210987");
  EXPECT_EQ(a->token_names[static_cast<std::size_t>(u.tokens[0])], "<unk>");
  EXPECT_EQ(a->token_names[static_cast<std::size_t>(u.tokens[1])], "<unk-num>");
}

TEST(Segmentation, DataFlagTakesAFileOfSegmentedSentences) {
  TaskSettings ts;
  ts.task = "seg_zh";
  ts.data = "/no/such/seg.txt";
  EXPECT_THROW(make_dataset(to_task_config(ts), ts.data), SettingsError);
  TaskSettings seen;
  seen.task = "seen";
  seen.data = "x.txt";
  try {
    to_task_config(seen);
    FAIL();
  } catch (const SettingsError& e) {
    EXPECT_NE(std::string(e.what()).find("seg_zh"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace attnlab
