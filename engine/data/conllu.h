// A reader for CoNLL-U, the file format of the Universal Dependencies treebanks (universaldependencies.org).
// One token per line, ten tab-separated columns, a blank line after each sentence, '#' comment lines:
//
//   # text = I saw a saw.
//   1   I     I     PRON   PRP  ...      (ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC)
//   2   saw   see   VERB   VBD  ...
//
// Only ID, FORM and UPOS are used. Two kinds of lines are not words of the sentence and are skipped:
//   3-4   multiword token ("don't" = do + n't): its parts follow on their own lines, which are kept
//   5.1   empty node (an elided word of the enhanced graph): not in the surface sentence
// A malformed line (fewer than 10 columns, a bad ID, an UPOS that is not one of the 17 tags) is an error
// "name:line: what is wrong". The reading itself is tagged_text.h's (which also reads other formats and
// tag sets, for your own data); this file fixes the tag set to the 17 UPOS tags.
#pragma once

#include <string>
#include <vector>

#include "engine/data/tagged_text.h"

namespace attnlab {

// The 17 Universal POS tags, in the order the UD documentation lists them; a tag's index is its label.
const std::vector<std::string>& upos_tags();
int upos_index(const std::string& tag);  // -1 if it is not one of the 17

// words: the FORM column; tags: indices into upos_tags()
using ConlluSentence = TaggedSentence;

// Parses CoNLL-U text held in memory. `name` is used in error messages (a file name or "<builtin>").
// Throws std::runtime_error("name:line: ...") on a malformed line.
std::vector<ConlluSentence> parse_conllu(const std::string& text, const std::string& name);

// Reads and parses a file. Throws std::runtime_error when it cannot be read or is malformed.
std::vector<ConlluSentence> read_conllu_file(const std::string& path);

// Reads a whole file into a string. Throws std::runtime_error("cannot read FILE: reason").
std::string read_text_file(const std::string& path);

}  // namespace attnlab
