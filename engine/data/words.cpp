// V = vocabulary size
#include "engine/data/words.h"

#include <algorithm>
#include <stdexcept>

namespace attnlab {

const std::vector<std::string>& shape_names() {
  static const std::vector<std::string> names = {"<unk>",       "<unk-Cap>",    "<unk-CAPS>", "<unk-num>",
                                                 "<unk-punct>", "<unk-hyphen>", "<unk-ing>",  "<unk-ed>",
                                                 "<unk-ly>",    "<unk-s>",      "<unk-tion>", "<unk-adj>"};
  return names;
}

static bool ends_with(const std::string& s, const char* suffix) {
  const size_t n = std::char_traits<char>::length(suffix);
  return s.size() > n + 1 && s.compare(s.size() - n, n, suffix) == 0;
}

int word_shape(const std::string& w) {
  bool digit = false, letter = false, upper = false, lower = false, hyphen = false;
  for (char c : w) {
    if (c >= '0' && c <= '9') digit = true;
    if (c >= 'a' && c <= 'z') letter = lower = true;
    if (c >= 'A' && c <= 'Z') letter = upper = true;
    if (static_cast<unsigned char>(c) >= 0x80) letter = true;  // UTF-8 letters of other scripts
    if (c == '-') hyphen = true;
  }
  if (digit) return 3;
  if (!letter) return 4;
  if (upper && !lower && w.size() > 1) return 2;
  if (w[0] >= 'A' && w[0] <= 'Z') return 1;
  if (hyphen) return 5;
  std::string l = normalize_word(w, true);
  if (ends_with(l, "ing")) return 6;
  if (ends_with(l, "ed")) return 7;
  if (ends_with(l, "ly")) return 8;
  if (ends_with(l, "tion") || ends_with(l, "sion") || ends_with(l, "ment") || ends_with(l, "ness")) return 10;
  for (const char* s : {"able", "ible", "al", "ous", "ful", "ive", "ic", "less"}) {
    if (ends_with(l, s)) return 11;
  }
  if (ends_with(l, "s")) return 9;
  return 0;
}

std::string normalize_word(const std::string& w, bool lowercase) {
  if (!lowercase) return w;
  std::string s = w;
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

WordVocab WordVocab::build(const std::vector<std::vector<std::string>>& sentences, int min_count, bool lowercase) {
  std::unordered_map<std::string, int> counts;
  for (const auto& s : sentences) {
    for (const auto& w : s) ++counts[normalize_word(w, lowercase)];
  }
  std::vector<std::pair<std::string, int>> kept;
  for (const auto& [w, c] : counts) {
    if (c >= min_count) kept.emplace_back(w, c);
  }
  std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::vector<std::string> words = shape_names();
  for (const auto& [w, c] : kept) words.push_back(w);
  return from_list(std::move(words), lowercase);
}

WordVocab WordVocab::from_list(std::vector<std::string> words, bool lowercase) {
  if (static_cast<int>(words.size()) < kNumShapes) throw std::runtime_error("a vocabulary needs the shape tokens");
  for (int i = 0; i < kNumShapes; ++i) {
    if (words[i] != shape_names()[i])
      throw std::runtime_error("vocabulary token " + std::to_string(i) + " is '" + words[i] +
                               "', expected a shape token");
  }
  WordVocab v;
  v.words_ = std::move(words);
  v.lowercase_ = lowercase;
  for (int i = kNumShapes; i < static_cast<int>(v.words_.size()); ++i) v.index_.emplace(v.words_[i], i);
  return v;
}

int WordVocab::id(const std::string& word) const {
  const auto it = index_.find(normalize_word(word, lowercase_));
  return it != index_.end() ? it->second : word_shape(word);
}

bool WordVocab::known(const std::string& word) const { return index_.count(normalize_word(word, lowercase_)) > 0; }

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      flush();
    } else if (std::string(".,;:!?()\"").find(c) != std::string::npos) {
      flush();
      out.emplace_back(1, c);
    } else {
      cur += c;
    }
  }
  flush();
  return out;
}

std::vector<std::string> split_blanks(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

}  // namespace attnlab
