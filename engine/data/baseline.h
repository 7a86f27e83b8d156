// The most-frequent-tag baseline: what a tagger that looks at no context scores. Each word gets the tag it
// carried most often in the training split (ties: the smaller tag index); a word never seen in training gets
// the most frequent training tag of its shape (words.h: <unk-Cap>, <unk-ing>, ...), and a shape never seen
// the most frequent tag of all. Any tagger of the lecture should beat it: the gap is what context adds.
//
// C = tags
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "engine/data/tasks.h"

namespace attnlab {

class MostFrequentTag {
 public:
  explicit MostFrequentTag(const Dataset& data);  // counts the training split of a word task
  int tag(const std::string& word) const;
  // Whether the word occurs in the training split. The others are the "unknown words" of the reports (the
  // standard meaning; the model's vocabulary also turns words seen fewer than min_count times into shapes).
  bool seen(const std::string& word) const;
  // Share of the split's tagged tokens it gets right; *unknown_accuracy: the same over the unknown words (−1
  // if there are none).
  double accuracy(const std::vector<Sequence>& split, double* unknown_accuracy = nullptr) const;

 private:
  const Dataset& data_;
  std::unordered_map<std::string, int> word_tag_;  // normalized training word → its most frequent tag
  std::vector<int> shape_tag_;                     // (shapes) shape → the most frequent tag of its words
  int overall_ = 0;
};

}  // namespace attnlab
