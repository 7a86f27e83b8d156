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

std::vector<ConlluSentence> parse_conllu(const std::string& text, const std::string& name) {
  try {
    return parse_conllu_tags(text, upos_tags(), "a Universal POS tag").sentences;
  } catch (const DataFileError& e) {
    throw std::runtime_error(name + ":" + std::to_string(e.line) + ": " + e.problem);
  }
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
