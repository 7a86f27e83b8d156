// A corpus as one text file that can be read while it arrives: the page fetches the Brown Corpus this way
// (brown.pack.gz, written by `attnlab data --task pos --pack FILE`) and starts training on its first parts.
//
// The header says everything the pos task's data set needs before the documents come (corpus.h, CorpusPlan):
//
//   #attnlab-pack 1
//   #name Brown Corpus
//   #source Brown Corpus: W. N. Francis and H. Kucera, ...
//   #tagset universal
//   #tags NOUN VERB ADJ ADV PRON DET ADP NUM CONJ PRT . X
//   #documents 500                    then one line per document, in the corpus's order: ID GENRE
//   ca01 news
//   ...
//   #plan dev_frac=0.1 test_frac=0.1 min_count=2 lowercase=1 max_len=0    (tasks.h, corpus_plan_task)
//   #parts 5712 5730 ...              training sentences of each part
//   #longest 180
//   #vocab 25203                      then one line per word of the training split's vocabulary: WORD COUNT
//   the 55370
//   ...
//   #doc ca01 news 98                 then its 98 sentences, one per line, word/TAG tokens (a tag of #tags)
//   The/DET Fulton/NOUN County/NOUN ...
//
// The documents come in the order the data set needs them: dev, then the training split's parts 0, 1, ...,
// then test. So the data set of the first parts can be made as soon as they are there, and the run's steps do
// not depend on when the rest arrives (the trainer's first epoch goes part by part: trainer.h).
//
// C = tags
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/data/corpus.h"
#include "engine/data/tasks.h"

namespace attnlab {

// The pack of a complete corpus for the pos task's settings `task` (its split, parts and vocabulary).
std::string write_corpus_pack(const Corpus& corpus, const TaskConfig& task);

// Reads a pack as it arrives, in pieces of any size. Every problem is a std::runtime_error "NAME: line N: ..."
// (then the reader is done with: feed it no more).
class CorpusPackReader {
 public:
  explicit CorpusPackReader(std::string name);
  void feed(const char* bytes, std::size_t size);
  // The pack has ended: throws when it stops inside a line or a document, or a document never came.
  void finish();
  // The corpus so far (null until its header has been read): the catalogue, the plan and every document that
  // has come whole. The reader adds documents to it (the same object) as they come.
  std::shared_ptr<const Corpus> corpus() const { return corpus_; }
  bool header_done() const { return state_ == State::documents; }

 private:
  enum class State { magic, header, catalogue, vocab, documents };
  void line(const char* begin, const char* end);
  [[noreturn]] void fail(const std::string& problem) const;

  std::string name_;
  std::string partial_;  // a line not yet ended
  long line_ = 0;
  State state_ = State::magic;
  std::shared_ptr<Corpus> corpus_;
  Corpus header_;    // filled until the first document
  long expect_ = 0;  // lines still to come of the catalogue, the vocabulary or the current document
  bool in_doc_ = false;
  CorpusDocument doc_;                              // the document being read
  std::vector<int> seen_;                           // (catalogue) 1 once that document has come
  std::unordered_map<std::string, int> tag_index_;  // tag name → index
};

// Whether a file starts like a pack ("#attnlab-pack ").
bool is_corpus_pack_text(const std::string& head);
// A whole pack at once.
Corpus read_corpus_pack(const std::string& text, const std::string& name);

}  // namespace attnlab
