// A real corpus: tagged sentences grouped in documents (the Brown Corpus: brown.h; a CoNLL-U file is one
// document). The document is the unit the pos task splits by (tasks.h, make_corpus_dataset), so that no
// document gives sentences to two of train, dev and test: sentences of one text share names, topics and
// style, and a test set that shares them with training would flatter the tagger.
//
// A corpus can also arrive in parts (the page streams the Brown Corpus: corpus_pack.h). Its header comes first:
// every document's id and genre (the catalogue, on which the split is made), and what the training split will
// hold once all has arrived (CorpusPlan). With those, the pos task's data set can be made from the first parts
// (tasks.h, make_corpus_dataset) and training can start on them.
//
// C = tags, V = vocabulary
#pragma once

#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/data/tagged_text.h"

namespace attnlab {

struct CorpusDocument {
  std::string id;                         // "ca01"
  std::string genre;                      // "news" (the Brown Corpus's cats.txt); "" if the corpus has none
  std::vector<TaggedSentence> sentences;  // tags: indices into Corpus::tag_names
};

struct CorpusEntry {
  std::string id, genre;
};

// What a streamed corpus's header announces about the pos task's data set (tasks.h) for the task settings in
// `task`: the training sentences of each part, the longest sentence of any split and the training split's
// vocabulary with each word's count. A data set made from the first parts then has the ids, the model the
// size, and word dropout the odds, that the whole corpus gives (make_corpus_dataset checks it once all is there).
struct CorpusPlan {
  std::string task;                  // corpus_plan_task(task): the settings it holds for ("" = no plan)
  std::vector<long> part_sentences;  // training sentences of each part
  int longest = 0;                   // tokens of the longest sentence of train, dev and test
  std::vector<std::string> words;    // (V − shapes) the vocabulary after its shape tokens, most frequent first
  std::vector<long> counts;          // each word's count in the training split
};

// Thrown while the data a task needs is not there yet (the page is still fetching its corpus): the app waits
// for it, the command line says what is missing.
struct CorpusPending : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Corpus {
  std::string name;                       // "Brown Corpus", or a file's name
  std::string source;                     // the notice shown wherever the data is named (authors, year, permission)
  std::string tagset;                     // "universal" (Petrov et al.'s 12 tags), "UPOS" (the 17 of UD)
  std::vector<std::string> tag_names;     // (C)
  std::vector<CorpusDocument> documents;  // in any order (the catalogue's decides)
  // A streamed corpus: every document (also those still on their way) in the corpus's order, and its header's
  // plan. Both empty for a corpus read at once, whose documents are all there and in order.
  std::vector<CorpusEntry> catalogue;
  CorpusPlan plan;
  bool complete() const { return catalogue.empty() || documents.size() == catalogue.size(); }
  // Every document's id and genre in the corpus's order: the catalogue, or else the documents.
  std::vector<CorpusEntry> entries() const {
    if (!catalogue.empty()) return catalogue;
    std::vector<CorpusEntry> out;
    for (const CorpusDocument& d : documents) out.push_back({d.id, d.genre});
    return out;
  }
  // The documents that are there, by id.
  std::unordered_map<std::string, const CorpusDocument*> by_id() const {
    std::unordered_map<std::string, const CorpusDocument*> out;
    for (const CorpusDocument& d : documents) out.emplace(d.id, &d);
    return out;
  }

  long sentences() const {
    long n = 0;
    for (const CorpusDocument& d : documents) n += static_cast<long>(d.sentences.size());
    return n;
  }
  long tokens() const {
    long n = 0;
    for (const CorpusDocument& d : documents)
      for (const TaggedSentence& s : d.sentences) n += static_cast<long>(s.words.size());
    return n;
  }
};

}  // namespace attnlab
