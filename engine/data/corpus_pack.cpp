// C = tags
#include "engine/data/corpus_pack.h"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "engine/data/tagged_text.h"


namespace attnlab {

namespace {

constexpr const char* kMagic = "#attnlab-pack 1";

void append_document(std::string& out, const CorpusDocument& doc, const std::vector<std::string>& tags) {
  out += "#doc " + doc.id + " " + doc.genre + " " + std::to_string(doc.sentences.size()) + "\n";
  for (const TaggedSentence& s : doc.sentences) {
    for (std::size_t i = 0; i < s.words.size(); ++i) {
      if (i > 0) out += ' ';
      out += s.words[i];
      out += '/';
      out += tags[static_cast<std::size_t>(s.tags[i])];
    }
    out += '\n';
  }
}

// "#key rest" → rest, if the line starts with "#key " (or is "#key").
bool keyed(const std::string& line, const char* key, std::string* rest) {
  const std::string k = std::string("#") + key;
  if (line.compare(0, k.size(), k) != 0) return false;
  if (line.size() == k.size()) {
    rest->clear();
    return true;
  }
  if (line[k.size()] != ' ') return false;
  *rest = line.substr(k.size() + 1);
  return true;
}

bool to_long(const std::string& s, long* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || v < 0) return false;
  *out = v;
  return true;
}

}  // namespace

std::string write_corpus_pack(const Corpus& corpus, const TaskConfig& task) {
  if (!corpus.complete()) throw std::runtime_error(corpus.name + ": only a complete corpus can be packed");
  const Dataset d = make_corpus_dataset(task, corpus);
  const CorpusPlan plan = corpus_plan(d);
  const std::vector<CorpusEntry> entries = corpus.entries();
  const CorpusSplit where = split_corpus(entries, task);
  const auto by_id = corpus.by_id();

  std::string out = std::string(kMagic) + "\n#name " + corpus.name + "\n#source " + corpus.source + "\n#tagset " +
                    corpus.tagset + "\n#tags";
  for (const std::string& t : corpus.tag_names) out += " " + t;
  out += "\n#documents " + std::to_string(entries.size()) + "\n";
  for (const CorpusEntry& e : entries) out += e.id + " " + e.genre + "\n";
  out += "#plan " + plan.task + "\n#parts";
  for (long n : plan.part_sentences) out += " " + std::to_string(n);
  out += "\n#longest " + std::to_string(plan.longest) + "\n#vocab " + std::to_string(plan.words.size()) + "\n";
  for (std::size_t i = 0; i < plan.words.size(); ++i)
    out += plan.words[i] + " " + std::to_string(plan.counts[i]) + "\n";
  // dev, the training parts in turn, test: what the data set needs first comes first
  const auto documents = [&](int split, int part) {
    for (std::size_t i = 0; i < entries.size(); ++i)
      if (where.split[i] == split && where.part[i] == part)
        append_document(out, *by_id.at(entries[i].id), corpus.tag_names);
  };
  documents(1, -1);
  for (int p = 0; p < where.parts; ++p) documents(2, p);
  documents(0, -1);
  return out;
}

CorpusPackReader::CorpusPackReader(std::string name) : name_(std::move(name)) {}

void CorpusPackReader::fail(const std::string& problem) const {
  throw std::runtime_error(name_ + ": line " + std::to_string(line_) + ": " + problem);
}

void CorpusPackReader::feed(const char* bytes, std::size_t size) {
  const char* p = bytes;
  const char* const end = bytes + size;
  while (p < end) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (nl == nullptr) {
      partial_.append(p, end);
      if (partial_.size() > (1u << 20)) fail("a line of more than 1 MB: this is not a corpus pack");
      return;
    }
    if (partial_.empty()) {
      line(p, nl);
    } else {
      partial_.append(p, nl);
      const std::string whole = std::move(partial_);
      partial_.clear();
      line(whole.data(), whole.data() + whole.size());
    }
    p = nl + 1;
  }
}

void CorpusPackReader::finish() {
  if (!partial_.empty()) {
    const std::string last = std::move(partial_);
    partial_.clear();
    line(last.data(), last.data() + last.size());
  }
  ++line_;
  if (state_ != State::documents) fail("the pack ends inside its header");
  if (in_doc_) fail("the pack ends inside document " + doc_.id);
  for (std::size_t i = 0; i < seen_.size(); ++i)
    if (!seen_[i]) fail("document " + corpus_->catalogue[i].id + " of its catalogue never came");
}

void CorpusPackReader::line(const char* begin, const char* end) {
  ++line_;
  if (end > begin && end[-1] == '\r') --end;
  const std::string text(begin, end);
  std::string rest;
  switch (state_) {
    case State::magic:
      if (text != kMagic) fail("not a corpus pack (it does not start with '" + std::string(kMagic) + "')");
      state_ = State::header;
      return;
    case State::header: {
      long n = 0;
      if (keyed(text, "name", &rest)) header_.name = rest;
      else if (keyed(text, "source", &rest)) header_.source = rest;
      else if (keyed(text, "tagset", &rest)) header_.tagset = rest;
      else if (keyed(text, "tags", &rest)) header_.tag_names = split_fields(rest);
      else if (keyed(text, "plan", &rest)) header_.plan.task = rest;
      else if (keyed(text, "longest", &rest)) {
        if (!to_long(rest, &n) || n > 100000) fail("'#longest N' needs a number");
        header_.plan.longest = static_cast<int>(n);
      } else if (keyed(text, "parts", &rest)) {
        for (const std::string& w : split_fields(rest)) {
          if (!to_long(w, &n)) fail("'#parts' needs numbers of sentences");
          header_.plan.part_sentences.push_back(n);
        }
      } else if (keyed(text, "documents", &rest)) {
        if (!to_long(rest, &n) || n < 1 || n > 1000000) fail("'#documents N' needs a number of documents");
        state_ = State::catalogue;
        expect_ = n;
      } else if (keyed(text, "vocab", &rest)) {
        if (!to_long(rest, &n) || n > 10000000) fail("'#vocab N' needs a number of words");
        state_ = State::vocab;
        expect_ = n;
      } else if (keyed(text, "doc", &rest)) {
        if (header_.catalogue.empty()) fail("a document before the '#documents' catalogue");
        if (header_.tag_names.empty()) fail("a document before the '#tags' line");
        state_ = State::documents;
        corpus_ = std::make_shared<Corpus>(std::move(header_));
        seen_.assign(corpus_->catalogue.size(), 0);
        for (std::size_t t = 0; t < corpus_->tag_names.size(); ++t)
          tag_index_.emplace(corpus_->tag_names[t], static_cast<int>(t));
        line_--;  // read it again as a document's first line
        line(begin, end);
      } else if (!text.empty()) {
        fail("unknown header line '" + text.substr(0, 40) + "'");
      }
      return;
    }
    case State::catalogue:
    case State::vocab: {
      const std::vector<std::string> f = split_fields(text);
      if (state_ == State::catalogue) {
        if (f.size() != 2) fail("a catalogue line is 'ID GENRE'");
        header_.catalogue.push_back({f[0], f[1]});
      } else {
        long count = 0;
        if (f.size() != 2 || !to_long(f[1], &count)) fail("a vocabulary line is 'WORD COUNT'");
        header_.plan.words.push_back(f[0]);
        header_.plan.counts.push_back(count);
      }
      if (--expect_ == 0) state_ = State::header;
      return;
    }
    case State::documents: break;
  }
  if (!in_doc_) {
    if (!keyed(text, "doc", &rest)) fail("expected a '#doc ID GENRE SENTENCES' line");
    const std::vector<std::string> f = split_fields(rest);
    long n = 0;
    if (f.size() != 3 || !to_long(f[2], &n)) fail("a document line is '#doc ID GENRE SENTENCES'");
    std::size_t k = 0;
    while (k < corpus_->catalogue.size() && corpus_->catalogue[k].id != f[0]) ++k;
    if (k == corpus_->catalogue.size() || corpus_->catalogue[k].genre != f[1])
      fail("document " + f[0] + " " + f[1] + " is not in the catalogue");
    if (seen_[k]) fail("document " + f[0] + " comes twice");
    seen_[k] = 1;
    doc_ = CorpusDocument{f[0], f[1], {}};
    expect_ = n;
    in_doc_ = true;
  } else {
    TaggedSentence s;
    s.line = line_;
    for (const char* w = begin; w < end;) {
      const char* e = w;
      while (e < end && *e != ' ') ++e;
      if (e > w) {
        const char* slash = e - 1;
        while (slash > w && *slash != '/') --slash;
        if (slash == w || slash + 1 == e) fail("token '" + std::string(w, e) + "' is not word/TAG");
        const auto tag = tag_index_.find(std::string(slash + 1, e));
        if (tag == tag_index_.end()) fail("the tag of '" + std::string(w, e) + "' is not one of '#tags'");
        s.words.emplace_back(w, slash);
        s.tags.push_back(tag->second);
      }
      w = e + 1;
    }
    if (s.words.empty()) fail("an empty sentence in document " + doc_.id);
    doc_.sentences.push_back(std::move(s));
    --expect_;
  }
  if (in_doc_ && expect_ == 0) {
    corpus_->documents.push_back(std::move(doc_));
    in_doc_ = false;
  }
}

bool is_corpus_pack_text(const std::string& head) { return head.rfind(std::string(kMagic).substr(0, 14), 0) == 0; }

Corpus read_corpus_pack(const std::string& text, const std::string& name) {
  CorpusPackReader r(name);
  r.feed(text.data(), text.size());
  r.finish();
  return *r.corpus();
}

}  // namespace attnlab
