// Fuzz target: tagged text (engine/data/tagged_text.h), what "Your data..." uploads and `attnlab train --task own
// --data FILE` reads (CoNLL-U, word/TAG lines, word<TAB>TAG columns, detected), and CoNLL-U with the fixed UPOS
// tag set (engine/data/conllu.h: the pos corpus, `--data` of the pos task). Every text is either refused with
// DataFileError naming the line and the problem, or parsed into sentences whose words and tags line up and
// whose tags are in the tag set; a parsed own file then makes the own task's data set.
#include <cstdint>
#include <cstring>
#include <string>

#include "engine/data/conllu.h"
#include "engine/data/tagged_text.h"
#include "engine/data/tasks.h"
#include "tests/fuzz/fuzz_check.h"

using namespace attnlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const TaggedText t = parse_tagged_text(text);
    FUZZ_CHECK(!t.sentences.empty(), "a parsed own file has sentences");
    for (const auto& s : t.sentences) {
      FUZZ_CHECK(s.words.size() == s.tags.size(), "every word has a tag");
      for (int tag : s.tags) FUZZ_CHECK(tag >= 0 && tag < static_cast<int>(t.tag_names.size()), "tags in the tag set");
    }
    const Dataset d = make_own_dataset(default_task_config(TaskKind::own), t);
    FUZZ_CHECK(!d.train.empty() && !d.dev.empty(), "the own task has a train and a dev split");
  } catch (const DataFileError& e) {
    FUZZ_CHECK(std::strlen(e.what()) > 0, "a refused file has a message");
  }
  try {
    const TaggedText t = parse_conllu_tags(text, upos_tags(), "a UPOS tag");
    for (const auto& s : t.sentences) FUZZ_CHECK(s.words.size() == s.tags.size(), "every word has a tag");
  } catch (const DataFileError& e) {
    FUZZ_CHECK(std::strlen(e.what()) > 0, "a refused file has a message");
  }
  try {
    parse_conllu(text, "fuzz.conllu");
  } catch (const std::runtime_error& e) {
    FUZZ_CHECK(std::strlen(e.what()) > 0, "a refused file has a message");
  }
  return 0;
}
