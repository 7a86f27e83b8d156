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
// The corpus (engine/data/seg_zh.txt, made by scripts/make_seg_corpus.py) has one sentence per line, its words
// separated by single spaces; '#' lines are comments. Characters are UTF-8 code points; a run of ASCII letters
// and digits ("2024", "iPhone") is one token, as a word processor treats it; whitespace (ASCII and the
// ideographic space U+3000) separates and is no token.
//
// T = characters of one sentence
#pragma once

#include <string>
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

// The built-in corpus (engine/data/seg_zh.txt): compiled in when the build embeds it, else nullptr.
const std::string* builtin_seg_corpus();
// The built-in text, else the first readable of $ATTNLAB_DATA/seg_zh.txt, engine/data/seg_zh.txt and the file in
// the source tree. Throws std::runtime_error naming what was tried.
std::string default_seg_corpus(std::string* name);

// The sentence the page and the PyTorch export show first: the classic that needs context.
inline constexpr const char* kSegExample = "研究生命的起源";

}  // namespace attnlab
