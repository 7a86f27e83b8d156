// A message for the user in whichever language the interface speaks. web/app/ knows no strings table (it may
// not include web/ui/), so, as the lesson names its texts, a message names its text by key
// (web/ui/strings_en.inc, notice_loaded_model ...) with the values of that text's {name} marks; the panels
// fill it from the active table (MessageText, web/panels/panels.h). A message without a key is shown as its
// `text`: a detail from the engine or the platform, in English.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace attnlab {

struct Message {
  std::string text;                                         // shown when there is no key (English)
  std::string key;                                          // its text in the strings table, "" = none
  std::vector<std::pair<std::string, std::string>> values;  // {name} -> value for that text

  Message() = default;
  Message(std::string t) : text(std::move(t)) {}  // NOLINT: any plain string is a message without a key
  Message(const char* t) : text(t ? t : "") {}    // NOLINT
  Message(std::string t, std::string k, std::vector<std::pair<std::string, std::string>> v = {})
      : text(std::move(t)), key(std::move(k)), values(std::move(v)) {}

  bool empty() const { return text.empty() && key.empty(); }
  // The value of a {name} mark ("" when it has none): for tests and for code that needs a part.
  std::string value(const std::string& name) const {
    for (const auto& [k, v] : values)
      if (k == name) return v;
    return "";
  }
};

}  // namespace attnlab
