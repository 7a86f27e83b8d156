// Words to token ids, for tagging real text.
//
// A tagger only knows the words of its training data. Everything else maps to one of a few "unknown word"
// tokens chosen by the word's SHAPE, so a new word still tells the model something:
//   <unk-Cap>  Capitalised (a name?)   <unk-CAPS> ALL CAPS         <unk-num>  has a digit
//   <unk-punct> no letter, no digit    <unk-hyphen> has a '-'      <unk-ing> <unk-ed> <unk-ly> <unk-s>
//   <unk-tion>  <unk-adj> (-able -ible -al -ous -ful -ive -ic -less)   <unk> anything else
// Training words seen fewer than min_count times are replaced by their shape token as well, so the model
// learns what the unknown tokens mean from the rare words (which behave most like new ones).
//
// Normalization: ASCII letters are lowercased (the vocabulary is case-insensitive, "The" = "the"); the
// shape is taken from the original spelling, so an unknown capitalised word still maps to <unk-Cap>.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace attnlab {

constexpr int kNumShapes = 12;  // ids 0 .. kNumShapes−1 of every WordVocab are the shape tokens
const std::vector<std::string>& shape_names();
int word_shape(const std::string& word);  // 0 .. kNumShapes−1, from the spelling
std::string normalize_word(const std::string& word, bool lowercase);

class WordVocab {
 public:
  WordVocab() = default;
  // The shape tokens, then every normalized word seen at least min_count times, most frequent first
  // (ties alphabetically): the same input always gives the same ids.
  static WordVocab build(const std::vector<std::vector<std::string>>& sentences, int min_count, bool lowercase);
  // From a stored list (a model file): words()[i] is token i; the first kNumShapes must be the shapes.
  static WordVocab from_list(std::vector<std::string> words, bool lowercase);

  int id(const std::string& word) const;  // known word → its id, else its shape token; never fails
  bool known(const std::string& word) const;
  int size() const { return static_cast<int>(words_.size()); }
  bool lowercase() const { return lowercase_; }
  const std::vector<std::string>& words() const { return words_; }

 private:
  std::vector<std::string> words_;              // (V) token id → normalized word (or shape name)
  std::unordered_map<std::string, int> index_;  // normalized word → id
  bool lowercase_ = true;
};

// Splits a line of text into words: on whitespace, and punctuation . , ; : ! ? ( ) " split off as their
// own words ("a saw." → "a" "saw" "."). Simple on purpose; the corpus is tokenized the same way.
std::vector<std::string> split_words(const std::string& text);
// Splits on whitespace only: the words of your own data as its file writes them ("U.S." stays one word).
std::vector<std::string> split_blanks(const std::string& text);

}  // namespace attnlab
