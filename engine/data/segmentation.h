// The seg_zh task: Chinese word segmentation as sequence labelling. Chinese is written without spaces, so
// "where do the words end?" is itself a tagging problem: every character is one input vector and gets one
// label, the lecture's "one label per vector":
//
//   B  begins a word of two or more characters      研究生命的起源 = 研究 / 生命 / 的 / 起源
//   M  inside such a word, neither first nor last        研 究 生 命 的 起 源
//   E  ends it                                            B  E  B  E  S  B  E
//   S  a word of a single character
//
// Whether 究 ends a word (研究 / 生命) or sits inside one (研究生 / 命) depends on the characters after it:
// a window of one neighbour each side sees 研究生 either way; attention over the sentence sees 命.
//
// A corpus (.deps/seg_zh.txt, real Chinese made by scripts/make_zh_corpus.py; engine/data/seg_zh.txt, the
// lecture's template sentences made by scripts/make_seg_corpus.py) has one sentence per line, its words
// separated by single spaces; '#' lines are comments. Characters are UTF-8 code points; a run of ASCII letters
// and digits ("2024", "iPhone") is one token, as a word processor treats it; whitespace (ASCII and the
// ideographic space U+3000) separates and is no token.
//
// T = characters of one sentence
#pragma once

#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "engine/data/tasks.h"

namespace attnlab {

// The labels, in this order (tag id 0 1 2 3).
const std::vector<std::string>& bmes_tags();
enum BmesTag { kTagB = 0, kTagM = 1, kTagE = 2, kTagS = 3 };

// The input vectors of a text, as strings: one per UTF-8 code point, a run of ASCII letters/digits as one,
// whitespace dropped. A byte that is not valid UTF-8 becomes a token of its own (typed text never fails).
std::vector<std::string> split_chars(const std::string& text);
// The labels of a segmented sentence's tokens: B M.. E for a word of several tokens, S for a word of one.
std::vector<int> bmes_labels(const std::vector<std::string>& words);

struct SegSentence {
  std::vector<std::string> chars;  // (T) the tokens (split_chars of the words, joined)
  std::vector<int> tags;           // (T) B M E S as ids of bmes_tags()
  int line = 0;                    // 1-based line in its text, for messages
};

// Parses segmented text (one sentence per line, words separated by blanks). Throws std::runtime_error naming
// the text and the line for malformed UTF-8; an empty text (no sentence) is an error as well.
std::vector<SegSentence> parse_segmented_text(const std::string& text, const std::string& name);

// The seg_zh data set: shuffled with task.seed, cut into test | dev | train by test_frac / dev_frac (as pos),
// a vocabulary of the training split's characters (rarer than min_count: an unknown vector, words.h), words of
// every Sequence = its characters.
Dataset make_seg_dataset(const TaskConfig& task, const std::vector<SegSentence>& sentences);
Dataset make_seg_dataset(const TaskConfig& task, const std::string& text, const std::string& name);

// Sequence of a typed text for seg_zh: split_chars, ids from the vocabulary (unknown characters → the unknown
// vector of their shape: <unk>, digits <unk-num>, ...), no labels.
Sequence seg_sequence_from_text(const Dataset& data, const std::string& text);

// ------------------------------------------------------------------------------------------- decoding
//
// The model scores the four labels of each character on its own, so the best label of every character may
// break the grammar of words: B B, E E, a word that never ends. Read as words, the labels must go
//   start → B or S      B, M → M or E      E, S → B or S      E or S → end
// and the labelling shown is the best one that does: the path through the characters that maximises the sum of
// log p_t(label), p_t = softmax(z_t), found by dynamic programming (Viterbi) over the T × 4 labels:
//   best(t, y) = log p_t(y) + max over the labels y' allowed before y of best(t−1, y')
// where the model's own best labels already form words, the path is exactly them.

// The best labelling that forms words, of a sequence's logits z (T rows of 4, in bmes_tags() order).
std::vector<int> bmes_decode(const float* logits, int T);

// ------------------------------------------------------------------------------------------- scoring
//
// A segmenter is judged by the words it finds, not only by its labels: a word counts as found when the
// prediction has a word with the same first and last character at the same place (Sproat & Emerson 2003, the
// SIGHAN bakeoffs):
//   precision = words found / words predicted     recall = words found / words in the gold segmentation
//   F1 = 2·P·R / (P + R)
// and recall on the gold words that never occur in the training data ("unseen"; OOV recall), where a
// segmenter that only memorises a dictionary fails.

// The words of a labelling, as [begin, end) spans of positions. A word ends after E or S and before B or S,
// so a labelling that breaks the grammar (B B, E E, M first) still cuts the sentence into words.
std::vector<std::pair<int, int>> bmes_words(const std::vector<int>& tags);
// The words of a labelling as strings (chars[t] joined over each span).
std::vector<std::string> bmes_word_strings(const std::vector<std::string>& chars, const std::vector<int>& tags);

struct SegScore {
  long gold = 0, predicted = 0, found = 0;  // words
  long chars = 0, chars_right = 0;          // labels
  long unseen = 0, unseen_found = 0;        // gold words not in the training data
  double precision() const { return predicted > 0 ? static_cast<double>(found) / predicted : 0.0; }
  double recall() const { return gold > 0 ? static_cast<double>(found) / gold : 0.0; }
  double f1() const {
    const double p = precision(), r = recall();
    return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
  }
  double char_accuracy() const { return chars > 0 ? static_cast<double>(chars_right) / chars : 0.0; }
  double unseen_recall() const { return unseen > 0 ? static_cast<double>(unseen_found) / unseen : 0.0; }
};

// Adds one sentence to *score: its characters, the gold and the predicted labels (same length), and the words
// of the training data (nullptr: unseen words are not counted). Throws std::invalid_argument on lengths that
// differ.
void score_segmentation(SegScore* score, const std::vector<std::string>& chars, const std::vector<int>& gold,
                        const std::vector<int>& predicted, const std::unordered_set<std::string>* seen);
// The words of the sentences of a data set's splits (its Sequence::words are the characters).
std::unordered_set<std::string> seg_words(const std::vector<Sequence>& sequences);

// ------------------------------------------------------------------------------------------- the corpus
//
// seg_zh learns from real Chinese when no file is named: .deps/seg_zh.txt, made by `make setup`
// (scripts/make_zh_corpus.py: Debian's Chinese documentation segmented by jieba and the project's conventions,
// the lecture's sentences, sequences of jieba's dictionary words, every common character). The page fetches
// the same file (seg_zh.txt.gz beside app.wasm, web/platform/corpus_fetch.h) and registers it. The lecture's
// template sentences alone are engine/data/seg_zh.txt (--data engine/data/seg_zh.txt).

// What the data set of that corpus is called, and its notice (shown wherever the data is named).
inline constexpr const char* kSegCorpusName = "real Chinese (seg_zh.txt)";
inline constexpr const char* kSegCorpusSource =
    "Debian's Simplified Chinese documentation (debian-reference-zh-cn, debian-faq-zh-cn, maint-guide-zh-cn; "
    "GPL-2+) segmented by jieba 0.42.1 (MIT) and the project's conventions, the lecture's sentences, sequences "
    "of jieba's dictionary words (MIT), and the common characters of Unihan (Unicode licence)";

// Thrown while the corpus is not there: the page has not fetched it yet, or make setup has not made it.
struct SegCorpusMissing : CorpusPending {
  using CorpusPending::CorpusPending;
};
// The corpus's text: the page's registered one, else the first readable of $ATTNLAB_SEG_ZH (the sanitizer
// tests name the small template file), .deps/seg_zh.txt under the working directory and under the source tree
// this engine was built from. Read once and kept. *name: where it came from. Throws SegCorpusMissing naming
// what was tried.
std::shared_ptr<const std::string> default_seg_corpus(std::string* name);
// The page's fetched corpus (nullptr: none; asking for seg_zh again fetches it again).
void register_seg_corpus(std::shared_ptr<const std::string> text);
bool seg_corpus_registered();

// The sentence the page and the PyTorch export show first: the classic that needs context.
inline constexpr const char* kSegExample = "研究生命的起源";

}  // namespace attnlab
