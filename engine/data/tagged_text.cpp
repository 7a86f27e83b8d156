// T = words of a sentence, C = tags
#include "engine/data/tagged_text.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace attnlab {

DataFileError::DataFileError(long line_no, const std::string& message)
    : std::runtime_error(line_no > 0 ? "line " + std::to_string(line_no) + ": " + message : message),
      line(line_no),
      problem(message) {}

TaggedTextLimits TaggedTextLimits::none() {
  TaggedTextLimits l;
  l.max_bytes = std::numeric_limits<std::size_t>::max();
  l.max_sentences = l.max_tokens = l.max_tags = l.max_vocabulary = std::numeric_limits<long>::max();
  l.min_sentences = 0;
  return l;
}

namespace {

enum class Format { conllu, slash, columns };

const char* format_name(Format f) {
  switch (f) {
    case Format::conllu: return "CoNLL-U";
    case Format::slash: return "word/TAG";
    case Format::columns: return "word<TAB>TAG";
  }
  return "";
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// A text shortened for a message: at most 40 bytes, cut at a UTF-8 character boundary.
std::string quote(const std::string& s) {
  if (s.size() <= 40) return "'" + s + "'";
  std::size_t n = 37;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return "'" + s.substr(0, n) + "...'";
}

// True if s is well-formed UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF).
bool valid_utf8(const std::string& s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    std::size_t len = 0;
    unsigned min = 0;
    unsigned cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2, min = 0x80, cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3, min = 0x800, cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4, min = 0x10000, cp = c & 0x07;
    } else {
      return false;
    }
    if (i + len > n) return false;
    for (std::size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> cols;
  std::size_t a = 0;
  while (true) {
    const std::size_t tab = line.find('\t', a);
    cols.push_back(line.substr(a, tab == std::string::npos ? std::string::npos : tab - a));
    if (tab == std::string::npos) break;
    a = tab + 1;
  }
  return cols;
}


bool blank(const std::string& line) { return line.find_first_not_of(" \t") == std::string::npos; }

// "word/TAG" → true with the parts split at the last '/'; false when there is no '/'.
bool split_slash(const std::string& tok, std::string* word, std::string* tag) {
  const std::size_t slash = tok.rfind('/');
  if (slash == std::string::npos) return false;
  *word = tok.substr(0, slash);
  *tag = tok.substr(slash + 1);
  return true;
}

// The format from the first line that is neither blank nor a comment.
Format detect(const std::string& line) {
  if (line.find('\t') != std::string::npos) {
    const std::vector<std::string> cols = split_tabs(line);
    const std::string& id = cols[0];
    const std::size_t dash = id.find('-'), dot = id.find('.');
    const bool id_like = all_digits(id) || (dash != std::string::npos && all_digits(id.substr(0, dash))) ||
                         (dot != std::string::npos && all_digits(id.substr(0, dot)));
    if (cols.size() >= 4 && id_like) return Format::conllu;
    // word/TAG tokens may be separated by tabs as well
    bool slashes = true;
    std::string w, t;
    for (const std::string& tok : split_fields(line)) slashes = slashes && split_slash(tok, &w, &t) && !w.empty();
    if (slashes) return Format::slash;
    return cols.size() >= 4 ? Format::conllu : Format::columns;  // their errors say what each expects
  }
  return Format::slash;
}

// Collects sentences and the tag set, checking the limits as it goes.
class Builder {
 public:
  Builder(const TaggedTextLimits& limits, const std::vector<std::string>* fixed, const std::string& set_name)
      : limits_(limits), fixed_(fixed), set_name_(set_name) {
    if (fixed_ != nullptr) {
      for (std::size_t i = 0; i < fixed_->size(); ++i) tag_index_[(*fixed_)[i]] = static_cast<int>(i);
      out_.tag_names = *fixed_;
      out_.tag_counts.assign(fixed_->size(), 0);
    }
  }

  void add(long line, const std::string& word, const std::string& tag) {
    if (cur_.words.empty()) {
      cur_.line = line;
      if (static_cast<long>(out_.sentences.size()) >= limits_.max_sentences) {
        throw DataFileError(line, "more than " + std::to_string(limits_.max_sentences) +
                                      " sentences: the page trains on at most " +
                                      std::to_string(limits_.max_sentences) + " (use a part of the file)");
      }
    }
    if (static_cast<long>(cur_.words.size()) >= limits_.max_tokens) {
      throw DataFileError(line, "the sentence that starts on line " + std::to_string(cur_.line) + " has more than " +
                                    std::to_string(limits_.max_tokens) + " words: the models take at most " +
                                    std::to_string(limits_.max_tokens) +
                                    " (is a blank line missing between sentences?)");
    }
    if (tag.size() > kMaxTagChars) {
      throw DataFileError(line,
                          "the tag " + quote(tag) + " is longer than " + std::to_string(kMaxTagChars) + " characters");
    }
    int t = 0;
    const auto it = tag_index_.find(tag);
    if (it != tag_index_.end()) {
      t = it->second;
    } else if (fixed_ != nullptr) {
      std::string names;
      for (const std::string& n : *fixed_) names += (names.empty() ? "" : " ") + n;
      throw DataFileError(line, quote(tag) + " is not " + set_name_ + " (" + names + ")");
    } else {
      if (static_cast<long>(tag_index_.size()) >= limits_.max_tags) {
        throw DataFileError(line, "the tag " + quote(tag) + " would be tag number " +
                                      std::to_string(tag_index_.size() + 1) + ": at most " +
                                      std::to_string(limits_.max_tags) + " different tags are allowed");
      }
      t = static_cast<int>(tag_index_.size());
      tag_index_.emplace(tag, t);
      out_.tag_names.push_back(tag);
      out_.tag_counts.push_back(0);
    }
    if (vocabulary_.insert(word).second && static_cast<long>(vocabulary_.size()) > limits_.max_vocabulary) {
      throw DataFileError(line, "the word " + quote(word) + " would be word number " +
                                    std::to_string(vocabulary_.size()) + ": at most " +
                                    std::to_string(limits_.max_vocabulary) + " different words are allowed");
    }
    cur_.words.push_back(word);
    cur_.tags.push_back(t);
    ++out_.tag_counts[static_cast<std::size_t>(t)];
    ++out_.tokens;
  }

  void end_sentence() {
    if (!cur_.words.empty()) out_.sentences.push_back(std::move(cur_));
    cur_ = TaggedSentence{};
  }

  TaggedText finish(Format format) {
    end_sentence();
    out_.format = format_name(format);
    out_.vocabulary = static_cast<long>(vocabulary_.size());
    if (fixed_ == nullptr) sort_tags();
    const long n = static_cast<long>(out_.sentences.size());
    if (limits_.min_sentences > 0 && n == 0) {
      throw DataFileError(0,
                          "no sentences found: expected CoNLL-U (10 tab-separated columns per word) or "
                          "word/TAG lines such as \"I/PRON saw/VERB a/DET saw/NOUN\"");
    }
    if (n < limits_.min_sentences) {
      throw DataFileError(
          0, "only " + std::string(n == 1 ? "one sentence" : std::to_string(n) + " sentences") + ": need at least " +
                 std::to_string(limits_.min_sentences) + " (one for the dev set)" +
                 (format == Format::columns || format == Format::conllu ? "; sentences are separated by blank lines"
                                                                        : "; one sentence per line"));
    }
    return std::move(out_);
  }

 private:
  // Tag ids in the sorted order of their names.
  void sort_tags() {
    const std::size_t C = out_.tag_names.size();
    std::vector<std::size_t> order(C);
    for (std::size_t i = 0; i < C; ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return out_.tag_names[a] < out_.tag_names[b]; });
    std::vector<int> new_id(C);
    std::vector<std::string> names(C);
    std::vector<long> counts(C);
    for (std::size_t k = 0; k < C; ++k) {
      new_id[order[k]] = static_cast<int>(k);
      names[k] = out_.tag_names[order[k]];
      counts[k] = out_.tag_counts[order[k]];
    }
    for (TaggedSentence& s : out_.sentences)
      for (int& t : s.tags) t = new_id[static_cast<std::size_t>(t)];
    out_.tag_names = std::move(names);
    out_.tag_counts = std::move(counts);
  }

  const TaggedTextLimits& limits_;
  const std::vector<std::string>* fixed_;
  std::string set_name_;
  std::unordered_map<std::string, int> tag_index_;
  std::unordered_set<std::string> vocabulary_;
  TaggedSentence cur_;
  TaggedText out_;
};

// One CoNLL-U word line (already known not to be blank or a comment).
void conllu_line(Builder& b, long line_no, const std::string& line, int* expected_id) {
  const std::vector<std::string> cols = split_tabs(line);
  if (cols.size() != 10) {
    throw DataFileError(line_no,
                        "CoNLL-U needs 10 tab-separated columns (ID FORM LEMMA UPOS XPOS FEATS HEAD "
                        "DEPREL DEPS MISC), found " +
                            std::to_string(cols.size()));
  }
  const std::string& id = cols[0];
  const std::size_t dash = id.find('-'), dot = id.find('.');
  if (dash != std::string::npos) {  // multiword token "3-4": its words follow on their own lines
    if (!all_digits(id.substr(0, dash)) || !all_digits(id.substr(dash + 1))) {
      throw DataFileError(line_no, "bad multiword ID " + quote(id) + " (expected a range such as 3-4)");
    }
    return;
  }
  if (dot != std::string::npos) {  // empty node "5.1": not a word of the sentence
    if (!all_digits(id.substr(0, dot)) || !all_digits(id.substr(dot + 1))) {
      throw DataFileError(line_no, "bad empty-node ID " + quote(id) + " (expected such as 5.1)");
    }
    return;
  }
  if (!all_digits(id) || id.size() > 6) {
    throw DataFileError(line_no, "bad word ID " + quote(id) + " (expected 1, 2, 3, ...)");
  }
  if (std::stol(id) != *expected_id) {
    throw DataFileError(line_no, "word ID " + id + " out of order (expected " + std::to_string(*expected_id) +
                                     "; is a blank line missing between sentences?)");
  }
  ++*expected_id;
  if (cols[1].empty()) throw DataFileError(line_no, "empty FORM column (the word itself, the 2nd column)");
  if (cols[3].empty() || cols[3] == "_") {
    throw DataFileError(line_no, "the word " + quote(cols[1]) + " has no UPOS tag (the 4th column is " +
                                     (cols[3].empty() ? "empty" : "'_'") + ")");
  }
  b.add(line_no, cols[1], cols[3]);
}

void columns_line(Builder& b, long line_no, const std::string& line) {
  const std::vector<std::string> cols = split_tabs(line);
  if (cols.size() != 2) {
    throw DataFileError(line_no, "expected word<TAB>TAG (2 tab-separated columns, as the lines before), found " +
                                     std::to_string(cols.size()) + (cols.size() == 1 ? " column" : " columns"));
  }
  auto trim = [](const std::string& s) {
    const std::size_t a = s.find_first_not_of(' '), z = s.find_last_not_of(' ');
    return a == std::string::npos ? std::string() : s.substr(a, z - a + 1);
  };
  const std::string word = trim(cols[0]), tag = trim(cols[1]);
  if (word.empty()) throw DataFileError(line_no, "the word (1st column) is empty");
  if (tag.empty()) throw DataFileError(line_no, "the word " + quote(word) + " has an empty tag (2nd column)");
  b.add(line_no, word, tag);
}

void slash_line(Builder& b, long line_no, const std::string& line) {
  std::string word, tag;
  for (const std::string& tok : split_fields(line)) {
    if (!split_slash(tok, &word, &tag)) {
      throw DataFileError(line_no, "token " + quote(tok) + " has no /TAG (write word/TAG, e.g. saw/VERB)");
    }
    if (word.empty()) throw DataFileError(line_no, "token " + quote(tok) + " has a tag but no word before the '/'");
    if (tag.empty()) throw DataFileError(line_no, "token " + quote(tok) + " has an empty tag after the '/'");
    b.add(line_no, word, tag);
  }
  b.end_sentence();
}

bool slash_comment(const std::string& line) {
  if (line.empty() || line[0] != '#') return false;
  const std::vector<std::string> toks = split_fields(line);
  std::string w, t;
  return toks.empty() || !split_slash(toks[0], &w, &t) || w.empty() || t.empty();
}

TaggedText parse(const std::string& text, const TaggedTextLimits& limits, const std::vector<std::string>* fixed,
                 const std::string& set_name, bool conllu_only) {
  check_data_size(text.size(), limits);
  Builder b(limits, fixed, set_name);
  bool detected = conllu_only;
  Format format = Format::conllu;
  int expected_id = 1;  // CoNLL-U word IDs of a sentence run 1, 2, 3, ...
  long line_no = 0;
  std::size_t pos = 0;
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) pos = 3;  // a UTF-8 byte order mark
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();  // files written on Windows
    if (line.find('\0') != std::string::npos) {
      throw DataFileError(line_no, "contains a zero byte: this is not a text file");
    }
    if (!valid_utf8(line)) {
      throw DataFileError(line_no, "is not valid UTF-8 text (save the file as UTF-8)");
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();  // trailing spaces
    if (blank(line)) {
      if (format != Format::slash) {
        b.end_sentence();
        expected_id = 1;
      }
      continue;
    }
    if (!detected) {
      if (line[0] == '#' && line.find('\t') == std::string::npos && slash_comment(line)) continue;
      format = detect(line);
      detected = true;
    }
    switch (format) {
      case Format::conllu:
        if (line[0] == '#') continue;  // comment: sent_id, text, ...
        conllu_line(b, line_no, line, &expected_id);
        break;
      case Format::columns:
        if (line[0] == '#' && line.find('\t') == std::string::npos) continue;  // "#<TAB>SYM" is a word
        columns_line(b, line_no, line);
        break;
      case Format::slash:
        if (slash_comment(line)) continue;
        slash_line(b, line_no, line);
        break;
    }
  }
  return b.finish(format);
}

}  // namespace

std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t a = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > a) out.push_back(line.substr(a, i - a));
  }
  return out;
}

void check_data_size(std::size_t bytes, const TaggedTextLimits& limits) {
  if (bytes <= limits.max_bytes) return;
  char size[64], limit[96];
  std::snprintf(size, sizeof size, "%.1f MB", static_cast<double>(bytes) / (1 << 20));
  if (limits.max_bytes >= (1u << 20)) {
    std::snprintf(limit, sizeof limit, "%.0f MB (%zu bytes)", static_cast<double>(limits.max_bytes) / (1 << 20),
                  limits.max_bytes);
  } else {
    std::snprintf(limit, sizeof limit, "%zu bytes", limits.max_bytes);
  }
  throw DataFileError(0, std::string("the file is ") + (bytes >= (1u << 20) ? size : std::to_string(bytes) + " bytes") +
                             ": data files may be at most " + limit + "; use a part of it");
}

TaggedText parse_tagged_text(const std::string& text, const TaggedTextLimits& limits) {
  return parse(text, limits, nullptr, "", false);
}

TaggedText parse_conllu_tags(const std::string& text, const std::vector<std::string>& fixed_tags,
                             const std::string& set_name) {
  return parse(text, TaggedTextLimits::none(), &fixed_tags, set_name, true);
}

}  // namespace attnlab
