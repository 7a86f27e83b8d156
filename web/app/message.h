// A message for the user in whichever language the interface speaks. web/app/ knows no strings table (it may
// not include web/ui/), so, as the lesson names its texts, a message names its text by key
// (web/ui/strings_en.inc, notice_loaded_model ...) with the values of that text's {name} marks; the panels
// fill it from the active table (MessageText, web/panels/panels.h). A message without a key is shown as its
// `text`: a detail from the engine or the platform, in English.
#pragma once

#include <cstddef>
#include <deque>
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

// What the user should know, newest last, bounded: a page left open for hours, or a course page that sends a bad
// message every second, keeps the newest kKept (the page shows the last three; dismissing clears them all).
class Notices {
 public:
  static constexpr std::size_t kKept = 32;

  void push_back(Message m) {
    if (list_.size() == kKept) list_.pop_front();
    list_.push_back(std::move(m));
  }
  void clear() { list_.clear(); }
  bool empty() const { return list_.empty(); }
  std::size_t size() const { return list_.size(); }
  const Message& operator[](std::size_t i) const { return list_[i]; }
  const Message& front() const { return list_.front(); }
  const Message& back() const { return list_.back(); }
  std::deque<Message>::const_iterator begin() const { return list_.begin(); }
  std::deque<Message>::const_iterator end() const { return list_.end(); }

 private:
  std::deque<Message> list_;
};

}  // namespace attnlab
