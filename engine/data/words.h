// Words to token ids, for tagging real text.
//
// A tagger only knows the words of its training data. Everything else maps to one of the "unknown word"
// tokens chosen by the word's SHAPE, so a new word still tells the model something (the classic signature
// of unknown words in taggers and parsers):
//   <unk-num>   has a digit            <unk-punct> no letter, no digit      <unk-CAPS> ALL CAPS
//   then its case (lower, or Capitalised: <unk-Cap...>) and its ending: a hyphen (<unk-hyphen>,
//   <unk-Cap-hyphen>), else the longest of the endings in word_endings() that it has, with at least two
//   letters before it (<unk-ing>, <unk-ly>, <unk-ness>, <unk-Cap-ed>, ...), else none (<unk>, <unk-Cap>).
// Training words seen fewer than min_count times are replaced by their shape token as well, so the model
// learns what the unknown tokens mean from the rare words (which behave most like new ones).
//
// Model files saved before the endings (12 shape tokens: <unk>, <unk-Cap>, ..., <unk-tion>, <unk-adj>) still
// load: their vocabulary says which shapes they were trained with, and id() uses those.
//
// Normalization: ASCII letters are lowercased (the vocabulary is case-insensitive, "The" = "the"); the
// shape is taken from the original spelling, so an unknown capitalised word still maps to <unk-Cap>.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace attnlab {

const std::vector<std::string>& word_endings();  // -ing, -ed, -ly, -ness, ... (the endings of the shapes)
const std::vector<std::string>& shape_names();   // ids 0 .. size−1 of every new WordVocab are the shape tokens
int word_shape(const std::string& word);         // index into shape_names(), from the spelling
constexpr int kLegacyShapes = 12;                // the shape tokens of model files saved before the endings
const std::vector<std::string>& legacy_shape_names();
int legacy_word_shape(const std::string& word);  // index into legacy_shape_names()
std::string normalize_word(const std::string& word, bool lowercase);

class WordVocab {
 public:
  WordVocab() = default;
  // The shape tokens, then every normalized word seen at least min_count times, most frequent first
  // (ties alphabetically): the same input always gives the same ids.
  static WordVocab build(const std::vector<std::vector<std::string>>& sentences, int min_count, bool lowercase);
  // Each distinct spelling of a text once, with its count (a corpus has far fewer spellings than words, so a
  // caller that counts them has no need to copy its sentences). The views are the caller's strings: they must
  // outlive it.
  struct Spellings {
    std::vector<std::string_view> forms;                      // in the order first met
    std::vector<long> counts;                                 // counts[i]: how often forms[i] occurs
    std::unordered_map<std::string_view, std::size_t> place;  // spelling → i
    void add(const std::string& word);
  };
  static WordVocab build_from(const Spellings& spellings, int min_count, bool lowercase);  // as build()
  // From a stored list (a model file): words()[i] is token i; it must begin with the shape tokens (of
  // shape_names(), or of legacy_shape_names() for a file saved before the endings).
  static WordVocab from_list(std::vector<std::string> words, bool lowercase);

  int id(const std::string& word) const;     // known word → its id, else its shape token; never fails
  int shape(const std::string& word) const;  // its shape token (what word dropout and unknown words use)
  bool known(const std::string& word) const;
  int num_shapes() const { return legacy_ ? kLegacyShapes : static_cast<int>(shape_names().size()); }
  int size() const { return static_cast<int>(words_.size()); }
  bool lowercase() const { return lowercase_; }
  const std::vector<std::string>& words() const { return words_; }

 private:
  std::vector<std::string> words_;              // (V) token id → normalized word (or shape name)
  std::unordered_map<std::string, int> index_;  // normalized word → id
  bool lowercase_ = true;
  bool legacy_ = false;  // the 12 shape tokens of older model files
};

// Splits a line of text into words: on whitespace, and punctuation . , ; : ! ? ( ) " split off as their
// own words ("a saw." → "a" "saw" "."). Simple on purpose; the corpus is tokenized the same way.
std::vector<std::string> split_words(const std::string& text);
// Splits on whitespace only: the words of your own data as its file writes them ("U.S." stays one word).
std::vector<std::string> split_blanks(const std::string& text);

}  // namespace attnlab
