// C = tags
#include "engine/data/baseline.h"

#include <algorithm>

namespace attnlab {

namespace {

int argmax(const std::vector<long>& counts) {
  return static_cast<int>(std::max_element(counts.begin(), counts.end()) - counts.begin());  // first of ties
}

}  // namespace

MostFrequentTag::MostFrequentTag(const Dataset& data) : data_(data) {
  const std::size_t C = static_cast<std::size_t>(data.tags());
  // The tags of each word as written first (a corpus has far fewer distinct words than tokens), then each
  // written form's counts added to its normalized word and to its shape: the same counts as token by token.
  std::unordered_map<std::string, std::vector<long>> per_form;
  std::vector<long> all(C, 0);
  for (const Sequence& s : data.train)
    for (std::size_t i = 0; i < s.words.size() && i < s.tags.size(); ++i) {
      const int t = s.tags[i];
      if (t < 0 || t >= static_cast<int>(C)) continue;
      auto& counts = per_form[s.words[i]];
      if (counts.empty()) counts.assign(C, 0);
      ++counts[static_cast<std::size_t>(t)];
      ++all[static_cast<std::size_t>(t)];
    }
  std::unordered_map<std::string, std::vector<long>> per_word;
  const int S = data.words.num_shapes();
  std::vector<std::vector<long>> per_shape(static_cast<std::size_t>(S), std::vector<long>(C, 0));
  for (const auto& [form, form_counts] : per_form) {
    auto& counts = per_word[normalize_word(form, data.words.lowercase())];
    if (counts.empty()) counts.assign(C, 0);
    auto& shape_counts = per_shape[static_cast<std::size_t>(data.words.shape(form))];
    for (std::size_t t = 0; t < C; ++t) {
      counts[t] += form_counts[t];
      shape_counts[t] += form_counts[t];
    }
  }
  overall_ = argmax(all);
  for (const auto& [word, counts] : per_word) word_tag_[word] = argmax(counts);
  shape_tag_.resize(static_cast<std::size_t>(S));
  for (int k = 0; k < S; ++k) {
    const auto& counts = per_shape[static_cast<std::size_t>(k)];
    shape_tag_[static_cast<std::size_t>(k)] =
        *std::max_element(counts.begin(), counts.end()) > 0 ? argmax(counts) : overall_;
  }
}

bool MostFrequentTag::seen(const std::string& word) const {
  return word_tag_.count(normalize_word(word, data_.words.lowercase())) > 0;
}

int MostFrequentTag::tag(const std::string& word) const {
  const auto it = word_tag_.find(normalize_word(word, data_.words.lowercase()));
  return it != word_tag_.end() ? it->second : shape_tag_[static_cast<std::size_t>(data_.words.shape(word))];
}

double MostFrequentTag::accuracy(const std::vector<Sequence>& split, double* unknown_accuracy) const {
  long right = 0, total = 0, unknown_right = 0, unknown = 0;
  for (const Sequence& s : split)
    for (std::size_t i = 0; i < s.words.size() && i < s.tags.size(); ++i) {
      if (s.tags[i] < 0) continue;
      const bool hit = tag(s.words[i]) == s.tags[i];
      right += hit;
      ++total;
      if (!seen(s.words[i])) {
        unknown_right += hit;
        ++unknown;
      }
    }
  if (unknown_accuracy != nullptr) *unknown_accuracy = unknown > 0 ? static_cast<double>(unknown_right) / unknown : -1;
  return total > 0 ? static_cast<double>(right) / total : 0;
}

}  // namespace attnlab
