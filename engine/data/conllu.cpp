// T = words of a sentence
#include "engine/data/conllu.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace attnlab {

const std::vector<std::string>& upos_tags() {
  static const std::vector<std::string> tags = {"ADJ",  "ADP",  "ADV",   "AUX",   "CCONJ", "DET", "INTJ", "NOUN", "NUM",
                                                "PART", "PRON", "PROPN", "PUNCT", "SCONJ", "SYM", "VERB", "X"};
  return tags;
}

int upos_index(const std::string& tag) {
  const auto& tags = upos_tags();
  for (size_t i = 0; i < tags.size(); ++i) {
    if (tags[i] == tag) return static_cast<int>(i);
  }
  return -1;
}

static bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::vector<ConlluSentence> parse_conllu(const std::string& text, const std::string& name) {
  std::vector<ConlluSentence> out;
  ConlluSentence cur;
  int expected_id = 1;  // word IDs of a sentence run 1, 2, 3, ...
  long line_no = 0;
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(name + ":" + std::to_string(line_no) + ": " + what);
  };
  auto finish = [&]() {
    if (!cur.words.empty()) out.push_back(std::move(cur));
    cur = ConlluSentence{};
    expected_id = 1;
  };
  size_t pos = 0;
  std::vector<std::string> cols;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();  // files written on Windows
    if (line.empty()) {
      finish();
      if (end == text.size()) break;
      continue;
    }
    if (line[0] == '#') continue;  // comment: sent_id, text, ...
    cols.clear();
    size_t a = 0;
    while (true) {
      const size_t tab = line.find('\t', a);
      cols.push_back(line.substr(a, tab == std::string::npos ? std::string::npos : tab - a));
      if (tab == std::string::npos) break;
      a = tab + 1;
    }
    if (cols.size() != 10) {
      fail("expected 10 tab-separated columns (ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC), found " +
           std::to_string(cols.size()));
    }
    const std::string& id = cols[0];
    const size_t dash = id.find('-'), dot = id.find('.');
    if (dash != std::string::npos) {  // multiword token "3-4": its words follow on their own lines
      if (!all_digits(id.substr(0, dash)) || !all_digits(id.substr(dash + 1))) fail("bad multiword ID '" + id + "'");
      continue;
    }
    if (dot != std::string::npos) {  // empty node "5.1": not a word of the sentence
      if (!all_digits(id.substr(0, dot)) || !all_digits(id.substr(dot + 1))) fail("bad empty-node ID '" + id + "'");
      continue;
    }
    if (!all_digits(id)) fail("bad word ID '" + id + "' (expected 1, 2, 3, ...)");
    if (std::stol(id) != expected_id) {
      fail("word ID " + id + " out of order (expected " + std::to_string(expected_id) +
           "; is a blank line missing between sentences?)");
    }
    ++expected_id;
    if (cols[1].empty()) fail("empty FORM column");
    const int tag = upos_index(cols[3]);
    if (tag < 0)
      fail("'" + cols[3] +
           "' is not a Universal POS tag (ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART "
           "PRON PROPN PUNCT SCONJ SYM VERB X)");
    cur.words.push_back(cols[1]);
    cur.tags.push_back(tag);
    if (end == text.size()) break;
  }
  finish();
  return out;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<ConlluSentence> read_conllu_file(const std::string& path) {
  return parse_conllu(read_text_file(path), path);
}

}  // namespace attnlab
