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

}  // namespace attnlab
