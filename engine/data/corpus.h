// A real corpus: tagged sentences grouped in documents (the Brown Corpus: brown.h; a CoNLL-U file is one
// document). The document is the unit the pos task splits by (tasks.h, make_corpus_dataset), so that no
// document gives sentences to two of train, dev and test: sentences of one text share names, topics and
// style, and a test set that shares them with training would flatter the tagger.
//
// C = tags
#pragma once

#include <string>
#include <vector>

#include "engine/data/tagged_text.h"

namespace attnlab {

struct CorpusDocument {
  std::string id;                         // "ca01"
  std::string genre;                      // "news" (the Brown Corpus's cats.txt); "" if the corpus has none
  std::vector<TaggedSentence> sentences;  // tags: indices into Corpus::tag_names
};

struct Corpus {
  std::string name;                    // "Brown Corpus", or a file's name
  std::string source;                  // the notice shown wherever the data is named (authors, year, permission)
  std::string tagset;                  // "universal" (Petrov et al.'s 12 tags), "UPOS" (the 17 of UD)
  std::vector<std::string> tag_names;  // (C)
  std::vector<CorpusDocument> documents;

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
