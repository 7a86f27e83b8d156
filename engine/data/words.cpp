// V = vocabulary size
#include "engine/data/words.h"

#include <algorithm>
#include <stdexcept>

namespace attnlab {

// The endings that tell a word's part of speech most often in English: inflections (-s -ed -ing -ly -est),
// nouns (-ion -ness -ment -ity -er ...), adjectives (-able -al -ous -ive -ic ...), verbs (-ize -ate -fy ...),
// and a few endings that are NOT the plural -s (-ss -us -is), so that <unk-s> stays a plural or 3rd person.
const std::vector<std::string>& word_endings() {
  static const std::vector<std::string> endings = {
      "s",   "ss",  "us",   "is",   "'s",   "ed",  "ing",  "ings", "ly",  "est", "er",   "ers",
      "or",  "ion", "ions", "ness", "ment", "ity", "ance", "ence", "ism", "ist", "ship", "ure",
      "age", "ery", "able", "ible", "al",   "ous", "ful",  "ive",  "ic",  "ics", "less", "ish",
      "ary", "ant", "ent",  "ian",  "y",    "ize", "ise",  "ate",  "fy",  "en"};
  return endings;
}

// <unk>, <unk-Cap>, <unk-num>, <unk-punct>, <unk-CAPS>, <unk-hyphen>, <unk-Cap-hyphen>, then <unk-E> and
// <unk-Cap-E> for every ending E, in the order of word_endings().
const std::vector<std::string>& shape_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n = {"<unk>",      "<unk-Cap>",    "<unk-num>",       "<unk-punct>",
                                  "<unk-CAPS>", "<unk-hyphen>", "<unk-Cap-hyphen>"};
    for (const auto& e : word_endings()) {
      n.push_back("<unk-" + e + ">");
      n.push_back("<unk-Cap-" + e + ">");
    }
    return n;
  }();
  return names;
}

static bool ends_with(const std::string& s, const std::string& suffix) {
  const size_t n = suffix.size();
  return s.size() > n + 1 && s.compare(s.size() - n, n, suffix) == 0;  // at least 2 letters before it
}

struct Spelling {
  bool digit = false, letter = false, upper = false, lower = false, hyphen = false;
  explicit Spelling(const std::string& w) {
    for (char c : w) {
      if (c >= '0' && c <= '9') digit = true;
      if (c >= 'a' && c <= 'z') letter = lower = true;
      if (c >= 'A' && c <= 'Z') letter = upper = true;
      if (static_cast<unsigned char>(c) >= 0x80) letter = true;  // UTF-8 letters of other scripts
      if (c == '-') hyphen = true;
    }
  }
};

int word_shape(const std::string& w) {
  const Spelling sp(w);
  if (!sp.letter && !sp.digit) return 3;
  if (sp.digit) return 2;
  if (sp.upper && !sp.lower && w.size() > 1) return 4;
  const int cap = (w[0] >= 'A' && w[0] <= 'Z') ? 1 : 0;
  if (sp.hyphen) return 5 + cap;
  const std::string l = normalize_word(w, true);
  const std::vector<std::string>& endings = word_endings();
  int best = -1;
  for (int e = 0; e < static_cast<int>(endings.size()); ++e) {
    const std::string& end = endings[static_cast<size_t>(e)];
    if (ends_with(l, end) && (best < 0 || end.size() > endings[static_cast<size_t>(best)].size())) best = e;
  }
  return best < 0 ? cap : 7 + 2 * best + cap;
}

const std::vector<std::string>& legacy_shape_names() {
  static const std::vector<std::string> names = {"<unk>",       "<unk-Cap>",    "<unk-CAPS>", "<unk-num>",
                                                 "<unk-punct>", "<unk-hyphen>", "<unk-ing>",  "<unk-ed>",
                                                 "<unk-ly>",    "<unk-s>",      "<unk-tion>", "<unk-adj>"};
  return names;
}

int legacy_word_shape(const std::string& w) {
  const Spelling sp(w);
  if (sp.digit) return 3;
  if (!sp.letter) return 4;
  if (sp.upper && !sp.lower && w.size() > 1) return 2;
  if (w[0] >= 'A' && w[0] <= 'Z') return 1;
  if (sp.hyphen) return 5;
  const std::string l = normalize_word(w, true);
  if (ends_with(l, "ing")) return 6;
  if (ends_with(l, "ed")) return 7;
  if (ends_with(l, "ly")) return 8;
  for (const char* s : {"tion", "sion", "ment", "ness"}) {
    if (ends_with(l, s)) return 10;
  }
  for (const char* s : {"able", "ible", "al", "ous", "ful", "ive", "ic", "less"}) {
    if (ends_with(l, s)) return 11;
  }
  if (ends_with(l, "s")) return 9;
  return 0;
}

std::string normalize_word(const std::string& w, bool lowercase) {
  if (!lowercase) return w;
  std::string s = w;
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

void WordVocab::Spellings::add(const std::string& word) {
  const auto [it, fresh] = place.try_emplace(word, forms.size());
  if (fresh) {
    forms.push_back(word);
    counts.push_back(0);
  }
  ++counts[it->second];
}

WordVocab WordVocab::build(const std::vector<std::vector<std::string>>& sentences, int min_count, bool lowercase) {
  Spellings spellings;
  for (const auto& s : sentences)
    for (const std::string& w : s) spellings.add(w);
  return build_from(spellings, min_count, lowercase);
}

WordVocab WordVocab::build_from(const Spellings& spellings, int min_count, bool lowercase) {
  const std::vector<std::string_view>& forms = spellings.forms;
  std::unordered_map<std::string, long> counts;  // normalized word → count ("The" and "the" are one word)
  for (std::size_t i = 0; i < forms.size(); ++i)
    counts[normalize_word(std::string(forms[i]), lowercase)] += spellings.counts[i];
  std::vector<std::pair<std::string, long>> kept;
  for (const auto& [w, c] : counts) {
    if (c >= min_count) kept.emplace_back(w, c);
  }
  std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::vector<std::string> words = shape_names();
  for (const auto& [w, c] : kept) words.push_back(w);
  return from_list(std::move(words), lowercase);
}

WordVocab WordVocab::from_list(std::vector<std::string> words, bool lowercase) {
  WordVocab v;
  v.legacy_ = words.size() > 2 && words[2] == legacy_shape_names()[2];  // <unk-CAPS> third: saved before the endings
  const std::vector<std::string>& shapes = v.legacy_ ? legacy_shape_names() : shape_names();
  if (words.size() < shapes.size())
    throw std::runtime_error("a vocabulary needs its " + std::to_string(shapes.size()) +
                             " shape tokens first, it has " + std::to_string(words.size()) + " tokens");
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (words[i] != shapes[i])
      throw std::runtime_error("vocabulary token " + std::to_string(i) + " is '" + words[i] +
                               "', expected the shape token " + shapes[i]);
  }
  v.words_ = std::move(words);
  v.lowercase_ = lowercase;
  for (int i = v.num_shapes(); i < static_cast<int>(v.words_.size()); ++i) v.index_.emplace(v.words_[i], i);
  return v;
}

int WordVocab::id(const std::string& word) const {
  const auto it = index_.find(normalize_word(word, lowercase_));
  return it != index_.end() ? it->second : shape(word);
}

int WordVocab::shape(const std::string& word) const { return legacy_ ? legacy_word_shape(word) : word_shape(word); }

bool WordVocab::known(const std::string& word) const { return index_.count(normalize_word(word, lowercase_)) > 0; }

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      flush();
    } else if (std::string(".,;:!?()\"").find(c) != std::string::npos) {
      flush();
      out.emplace_back(1, c);
    } else {
      cur += c;
    }
  }
  flush();
  return out;
}

std::vector<std::string> split_blanks(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

}  // namespace attnlab
