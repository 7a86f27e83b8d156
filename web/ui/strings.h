// Every user-visible text of the app, in one table, so a second language (the lecture's own, Chinese) can be
// added by filling another table, without touching the panels. The keys and the English texts are listed
// once, in web/ui/strings_en.inc.
//
// The Chinese table (简体中文, the lecture's language) fills the same keys in web/ui/strings_zh.inc, same
// X(key, "text") form; web/ui/strings.cpp builds both tables and S() returns the active one.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace attnlab::ui {

struct Strings {
#define X(key, text) const char* key;
#include "web/ui/strings_en.inc"
#undef X
};

const Strings& strings_en();
const Strings& strings_zh();
const Strings& S();  // the active table

// The interface's language: "en" (English) or "zh" (简体中文); anything else is English.
void set_language(const std::string& lang);
const std::string& language();

// Every X(key, text) line of a language's files, in their order ("en" or "zh"): what the tests compare.
struct StringEntry {
  const char* key;
  const char* text;
};
const std::vector<StringEntry>& string_entries(const std::string& lang);

// The (?) text of a task, by its name ("pos", "seen", ...).
const char* task_help(const std::string& task);

// A text of the active table by its key's name ("lesson_vectors_title"); null when there is no such key.
// (The lesson's stops name their texts this way: web/app/ knows no strings.)
const char* text(const std::string& key);

// A text with its {name} marks replaced by the values given ("{acc0} %" with acc0 = "61.2" → "61.2 %");
// a mark without a value stays as it is.
std::string fill(const std::string& text, const std::vector<std::pair<std::string, std::string>>& values);

}  // namespace attnlab::ui
