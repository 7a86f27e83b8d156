// T = characters of one sentence, V = character vocabulary
#include "engine/data/segmentation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <stdexcept>

#include "engine/core/rng.h"
#include "engine/data/conllu.h"

namespace attnlab {

const std::vector<std::string>& bmes_tags() {
  static const std::vector<std::string> tags = {"B", "M", "E", "S"};
  return tags;
}

// ------------------------------------------------------------------------------------------- splitting

static bool ascii_word_char(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Bytes of the UTF-8 sequence starting at s[i], or 0 if it is not a valid one (a stray continuation byte, a
// truncated or overlong sequence, a surrogate, past U+10FFFF).
static std::size_t utf8_length(const std::string& s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  std::size_t n = 0;
  unsigned long cp = 0;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const unsigned char d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

static bool is_blank(const std::string& s, std::size_t i, std::size_t n) {
  if (n == 1) return s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v';
  return n == 3 && s.compare(i, 3, "\xE3\x80\x80") == 0;  // U+3000 ideographic space
}

// Splits text into tokens; *bad gets the byte offset of the first invalid UTF-8 byte (npos if none).
static std::vector<std::string> split_tokens(const std::string& text, std::size_t* bad) {
  std::vector<std::string> out;
  if (bad != nullptr) *bad = std::string::npos;
  std::size_t i = 0;
  while (i < text.size()) {
    if (ascii_word_char(static_cast<unsigned char>(text[i]))) {
      std::size_t j = i;
      while (j < text.size() && ascii_word_char(static_cast<unsigned char>(text[j]))) ++j;
      out.push_back(text.substr(i, j - i));
      i = j;
      continue;
    }
    std::size_t n = utf8_length(text, i);
    if (n == 0) {
      if (bad != nullptr && *bad == std::string::npos) *bad = i;
      n = 1;  // the byte alone: visible as itself, never a crash
    }
    if (!is_blank(text, i, n)) out.push_back(text.substr(i, n));
    i += n;
  }
  return out;
}

std::vector<std::string> split_chars(const std::string& text) { return split_tokens(text, nullptr); }

std::vector<int> bmes_labels(const std::vector<std::string>& words) {
  std::vector<int> tags;
  for (const std::string& w : words) {
    const std::size_t n = split_chars(w).size();
    if (n == 0) continue;
    if (n == 1) {
      tags.push_back(kTagS);
      continue;
    }
    tags.push_back(kTagB);
    for (std::size_t k = 1; k + 1 < n; ++k) tags.push_back(kTagM);
    tags.push_back(kTagE);
  }
  return tags;
}

// ------------------------------------------------------------------------------------------- corpus text

std::vector<SegSentence> parse_segmented_text(const std::string& text, const std::string& name) {
  std::vector<SegSentence> out;
  std::size_t start = 0;
  int line = 0;
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) start = 3;  // a UTF-8 byte order mark
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    ++line;
    const std::string row = text.substr(start, end - start);
    start = end + 1;
    const std::size_t first = row.find_first_not_of(" \t\r");
    if (first == std::string::npos || row[first] == '#') {
      if (end == text.size()) break;
      continue;
    }
    std::size_t bad = std::string::npos;
    split_tokens(row, &bad);
    if (bad != std::string::npos) {
      throw std::runtime_error(name + ":" + std::to_string(line) + ": byte " + std::to_string(bad + 1) +
                               " is not UTF-8 (the corpus must be UTF-8 text)");
    }
    SegSentence s;
    s.line = line;
    const std::vector<std::string> words = split_blanks(row);
    s.tags = bmes_labels(words);
    for (const std::string& w : words) {
      for (std::string& c : split_chars(w)) s.chars.push_back(std::move(c));
    }
    out.push_back(std::move(s));
    if (end == text.size()) break;
  }
  if (out.empty()) throw std::runtime_error(name + ": no sentences (one per line, words separated by spaces)");
  return out;
}

// ------------------------------------------------------------------------------------------- data set

Sequence seg_sequence_from_text(const Dataset& data, const std::string& text) {
  return sequence_from_words(data, split_chars(text));
}

Dataset make_seg_dataset(const TaskConfig& task, const std::vector<SegSentence>& sentences) {
  std::vector<TaggedSentence> tagged;  // one character per token, as pos has one word per token
  tagged.reserve(sentences.size());
  for (const SegSentence& s : sentences) tagged.push_back({s.chars, s.tags, s.line});
  return make_tagged_dataset(task, tagged, bmes_tags());
}

Dataset make_seg_dataset(const TaskConfig& task, const std::string& text, const std::string& name) {
  return make_seg_dataset(task, parse_segmented_text(text, name));
}

// ------------------------------------------------------------------------------------------- decoding

// may label `to` follow label `from`? (B and M go on to M or E; E and S end a word, B or S begins the next)
static bool bmes_follows(int from, int to) {
  const bool inside = from == kTagB || from == kTagM;
  return inside ? (to == kTagM || to == kTagE) : (to == kTagB || to == kTagS);
}

std::vector<int> bmes_decode(const float* logits, int T) {
  constexpr int C = 4;
  constexpr double kNever = -1e300;
  if (T <= 0) return {};
  std::vector<double> best(static_cast<std::size_t>(T) * C, kNever);  // (T, C) best(t, y)
  std::vector<int> from(static_cast<std::size_t>(T) * C, -1);         // (T, C) the y' it came from
  for (int t = 0; t < T; ++t) {
    const float* z = logits + static_cast<std::size_t>(t) * C;
    // log p_t(y) = z_y − log Σ_c exp z_c (the largest subtracted first, so exp never overflows)
    const double zmax = *std::max_element(z, z + C);
    double sum = 0;
    for (int c = 0; c < C; ++c) sum += std::exp(static_cast<double>(z[c]) - zmax);
    const double log_norm = zmax + std::log(sum);
    for (int y = 0; y < C; ++y) {
      const double log_p = static_cast<double>(z[y]) - log_norm;
      if (t == 0) {
        if (y == kTagB || y == kTagS) best[static_cast<std::size_t>(y)] = log_p;
        continue;
      }
      for (int prev = 0; prev < C; ++prev) {
        const double b = best[static_cast<std::size_t>(t - 1) * C + prev];
        if (!bmes_follows(prev, y) || b <= kNever) continue;
        double& here = best[static_cast<std::size_t>(t) * C + y];
        if (b + log_p > here) here = b + log_p, from[static_cast<std::size_t>(t) * C + y] = prev;
      }
    }
  }
  const std::size_t last = static_cast<std::size_t>(T - 1) * C;
  int y = best[last + kTagE] > best[last + kTagS] ? kTagE : kTagS;  // a sentence ends with a whole word
  std::vector<int> tags(static_cast<std::size_t>(T));
  for (int t = T - 1; t >= 0; --t) {
    tags[static_cast<std::size_t>(t)] = y;
    y = from[static_cast<std::size_t>(t) * C + y];
  }
  return tags;
}

// ------------------------------------------------------------------------------------------- scoring

std::vector<std::pair<int, int>> bmes_words(const std::vector<int>& tags) {
  std::vector<std::pair<int, int>> out;
  const int T = static_cast<int>(tags.size());
  int begin = 0;
  for (int t = 0; t < T; ++t) {
    const bool ends_here = tags[t] == kTagE || tags[t] == kTagS;
    const bool next_starts = t + 1 == T || tags[t + 1] == kTagB || tags[t + 1] == kTagS;
    if (ends_here || next_starts) {
      out.emplace_back(begin, t + 1);
      begin = t + 1;
    }
  }
  return out;
}

std::vector<std::string> bmes_word_strings(const std::vector<std::string>& chars, const std::vector<int>& tags) {
  std::vector<std::string> out;
  for (const auto& [b, e] : bmes_words(tags)) {
    std::string w;
    for (int t = b; t < e; ++t) w += chars[static_cast<std::size_t>(t)];
    out.push_back(std::move(w));
  }
  return out;
}

void score_segmentation(SegScore* score, const std::vector<std::string>& chars, const std::vector<int>& gold,
                        const std::vector<int>& predicted, const std::unordered_set<std::string>* seen) {
  if (gold.size() != chars.size() || predicted.size() != chars.size())
    throw std::invalid_argument("score_segmentation: characters, gold and predicted labels differ in length");
  const auto g = bmes_words(gold), p = bmes_words(predicted);
  score->gold += static_cast<long>(g.size());
  score->predicted += static_cast<long>(p.size());
  std::size_t j = 0;  // both lists are in order: walk them together
  for (const auto& w : g) {
    while (j < p.size() && p[j].first < w.first) ++j;
    const bool found = j < p.size() && p[j] == w;
    score->found += found;
    if (seen != nullptr) {
      std::string s;
      for (int t = w.first; t < w.second; ++t) s += chars[static_cast<std::size_t>(t)];
      if (seen->count(s) == 0) {
        ++score->unseen;
        score->unseen_found += found;
      }
    }
  }
  score->chars += static_cast<long>(chars.size());
  for (std::size_t t = 0; t < chars.size(); ++t) score->chars_right += gold[t] == predicted[t];
}

std::unordered_set<std::string> seg_words(const std::vector<Sequence>& sequences) {
  std::unordered_set<std::string> out;
  for (const Sequence& s : sequences)
    for (std::string& w : bmes_word_strings(s.words, s.tags)) out.insert(std::move(w));
  return out;
}

// ------------------------------------------------------------------------------------------- the corpus

namespace {

std::shared_ptr<const std::string>& registered_seg_corpus() {
  static std::shared_ptr<const std::string> text;
  return text;
}

}  // namespace

void register_seg_corpus(std::shared_ptr<const std::string> text) { registered_seg_corpus() = std::move(text); }

bool seg_corpus_registered() { return registered_seg_corpus() != nullptr; }

std::shared_ptr<const std::string> default_seg_corpus(std::string* name) {
  if (registered_seg_corpus()) {
    if (name != nullptr) *name = "seg_zh.txt.gz";
    return registered_seg_corpus();
  }
  static std::shared_ptr<const std::string> found;  // read once
  static std::string found_at;
  if (!found) {
    std::vector<std::string> candidates;
    const char* chosen = std::getenv("ATTNLAB_SEG_ZH");
    if (chosen != nullptr && *chosen != '\0') {
      candidates.emplace_back(chosen);  // named: that file or a clear error, never another corpus
    } else {
      candidates.emplace_back(".deps/seg_zh.txt");
#ifdef ATTNLAB_SOURCE_DIR
      candidates.push_back(std::string(ATTNLAB_SOURCE_DIR) + "/.deps/seg_zh.txt");  // the checkout built from
#endif
    }
    std::string text, tried;
    if (!read_first_file(candidates, &text, &found_at, &tried))
      throw SegCorpusMissing("the seg_zh corpus of real Chinese is not there (tried " + tried +
                             "): run make setup, or name a file of segmented sentences with --data FILE "
                             "(engine/data/seg_zh.txt holds the lecture's template sentences)");
    found = std::make_shared<const std::string>(std::move(text));
  }
  if (name != nullptr) *name = found_at;
  return found;
}

}  // namespace attnlab
