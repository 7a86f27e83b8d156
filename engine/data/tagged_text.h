// Tagged text: sentences whose every word carries a tag, in the formats a student has at hand. One parser
// for the "own" task (your own data) and, with the 17 Universal POS tags as a fixed tag set, for the pos
// corpus (conllu.h). The format is detected from the first line that is not blank or a comment:
//
//   CoNLL-U (universaldependencies.org): ten tab-separated columns per word, a blank line after each
//   sentence, '#' comment lines. The tag is the UPOS column (the 4th). Multiword ranges ("3-4", "don't" =
//   do + n't) and empty nodes ("5.1") are not words of the sentence and are skipped.
//       # text = I saw a saw
//       1   I     I     PRON   ...       (ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC)
//
//   word/TAG lines: one sentence per line, tokens separated by spaces; the tag is what follows the LAST
//   '/', so "1/2/NUM" is the word "1/2" with the tag NUM. A line starting with '#' is a comment unless its
//   first token is a word/TAG token ("#/SYM").
//       I/PRON saw/VERB a/DET saw/NOUN
//
//   word<TAB>TAG columns: one word per line, two tab-separated columns, a blank line after each sentence
//   (the layout of CoNLL-2003 style files cut to two columns); '#' lines without a tab are comments.
//       I<TAB>PRON
//       saw<TAB>VERB
//
// Everywhere: a UTF-8 byte order mark is skipped, Windows line ends (CRLF) are read as line ends, spaces at
// the end of a line are ignored. Tags are any non-blank text up to kMaxTagChars bytes ("B-PER", "NN$",
// "名詞"). The parser is a pure function of its input (no I/O): whatever it is given, it returns the
// sentences or throws DataFileError, whose message names the line and the problem in a student's words
// ("line 12: token 'saw' has no /TAG").
//
// T = words of a sentence, C = tags
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace attnlab {

// What the page and the command line accept for own data (each limit is stated in its error message).
struct TaggedTextLimits {
  std::size_t max_bytes = 8u << 20;  // 8 MiB: the text of the file
  long max_sentences = 50000;
  long max_tokens = 512;           // per sentence: the longest sequence a model here takes (settings max_len)
  long max_tags = 100;             // distinct tags (the confusion matrix is C x C)
  long max_vocabulary = 50000;     // distinct word forms
  long min_sentences = 2;          // one for training, one for the dev set
  static TaggedTextLimits none();  // no limit (the built-in corpus), at least one sentence
};
inline constexpr std::size_t kMaxTagChars = 32;

struct TaggedSentence {
  std::vector<std::string> words;  // (T) as written in the file
  std::vector<int> tags;           // (T) index into the tag set (TaggedText::tag_names)
  long line = 0;                   // the file line of its first word
};

struct TaggedText {
  std::string format;                     // "CoNLL-U", "word/TAG", "word<TAB>TAG"
  std::vector<std::string> tag_names;     // (C) open tag set: sorted (byte order); fixed: as given
  std::vector<long> tag_counts;           // (C) tokens of each tag in the whole file
  std::vector<TaggedSentence> sentences;  // in file order
  long tokens = 0;                        // words in all sentences
  long vocabulary = 0;                    // distinct word forms
};

// A problem with the text: `line` is the 1-based line it was found on (0 = the file as a whole), `problem`
// the words without the line; what() is "line 12: problem" (or just the problem when line is 0).
// The fields of a line separated by blanks (spaces and tabs), empty ones left out.
std::vector<std::string> split_fields(const std::string& line);

struct DataFileError : std::runtime_error {
  DataFileError(long line, const std::string& problem);
  long line;
  std::string problem;
};

// Throws DataFileError (line 0) stating the limit when a text of `bytes` bytes is too large: callers that
// have the size before the text (a file, a drop) ask first; parse_tagged_text asks too.
void check_data_size(std::size_t bytes, const TaggedTextLimits& limits = TaggedTextLimits{});

// Reads tagged text in any of the three formats (detected). The tag set is whatever tags the file uses.
TaggedText parse_tagged_text(const std::string& text, const TaggedTextLimits& limits = TaggedTextLimits{});

// CoNLL-U only, with a fixed tag set (the pos corpus: the 17 UPOS tags): a tag outside it is an error
// "'NOUNS' is not <set_name> (...)". No limits; no sentences at all is not an error here.
TaggedText parse_conllu_tags(const std::string& text, const std::vector<std::string>& fixed_tags,
                             const std::string& set_name);

}  // namespace attnlab
