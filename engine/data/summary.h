// What a task's data is, in the words the command line (attnlab data --json) and the page (attnlab.dataset())
// both answer with: {name, source, tagset, tags, sentences: {train, dev, test}, tokens: {train, dev, test}} and,
// where they apply, documents per split, the vocabulary size and the most-frequent-tag baseline on dev.
//
// C = tags
#pragma once

#include <string>
#include <vector>

#include "engine/data/tasks.h"

namespace attnlab {

struct DatasetSummary {
  std::string task;               // "pos"
  std::string name;               // "Brown Corpus", a file's name, "seen (synthetic)"
  std::string source;             // the corpus's notice, "built in", "generated from the data seed 1"
  std::string tagset;             // "universal", "UPOS", or the task's name for its own tags
  std::vector<std::string> tags;  // (C)
  long sentences[3] = {0, 0, 0};  // train, dev, test
  long tokens[3] = {0, 0, 0};
  long documents[3] = {-1, -1, -1};  // -1: the data has no documents
  int vocabulary = -1;               // tokens mode; -1 for feature vectors
  double baseline_dev = -1;          // word tasks: the most-frequent-tag baseline on dev (-1: none)
  double baseline_dev_unknown = -1;  //   on dev's unknown words
};

// data_file: what the data was made from ("" = the task's default).
DatasetSummary summarize_dataset(const Dataset& d, const std::string& data_file);

// The summary as the JSON object both answer with. Json is nlohmann::json, given by the caller: the engine's layers
// below the command line depend on no JSON library.
template <typename Json>
Json summary_json(const DatasetSummary& s) {
  static const char* const kSplits[3] = {"train", "dev", "test"};
  Json j = {{"task", s.task}, {"name", s.name}, {"source", s.source}, {"tagset", s.tagset}, {"tags", s.tags}};
  for (int k = 0; k < 3; ++k) {
    j["sentences"][kSplits[k]] = s.sentences[k];
    j["tokens"][kSplits[k]] = s.tokens[k];
    if (s.documents[k] >= 0) j["documents"][kSplits[k]] = s.documents[k];
  }
  if (s.vocabulary >= 0) j["vocabulary"] = s.vocabulary;
  if (s.baseline_dev >= 0)
    j["baseline"] = {{"name", "most frequent tag"}, {"dev", s.baseline_dev}, {"dev_unknown", s.baseline_dev_unknown}};
  return j;
}

}  // namespace attnlab
