#include "web/ui/strings.h"

namespace attnlab::ui {

const Strings& strings_en() {
  static const Strings s = {
#define X(key, text) text,
#include "web/ui/strings_en.inc"
#undef X
  };
  return s;
}

const Strings& S() { return strings_en(); }

const char* task_help(const std::string& task) {
  const Strings& s = S();
  if (task == "pos") return s.task_pos;
  if (task == "seen") return s.task_seen;
  if (task == "count") return s.task_count;
  if (task == "reverse") return s.task_reverse;
  if (task == "sort") return s.task_sort;
  if (task == "frames") return s.task_frames;
  if (task == "graph") return s.task_graph;
  if (task == "own") return s.task_own;
  return "";
}

const char* text(const std::string& key) {
  static const std::pair<const char*, const char * Strings::*> keys[] = {
#define X(k, t) {#k, &Strings::k},
#include "web/ui/strings_en.inc"
#undef X
  };
  for (const auto& [name, member] : keys)
    if (key == name) return S().*member;
  return nullptr;
}

std::string fill(const std::string& text, const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t close = text[i] == '{' ? text.find('}', i) : std::string::npos;
    bool replaced = false;
    if (close != std::string::npos) {
      const std::string name = text.substr(i + 1, close - i - 1);
      for (const auto& [key, value] : values)
        if (key == name) {
          out += value;
          i = close;
          replaced = true;
          break;
        }
    }
    if (!replaced) out += text[i];
  }
  return out;
}

}  // namespace attnlab::ui
