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

const Strings& strings_zh() {
  static const Strings s = [] {
    Strings t = strings_en();  // a key the Chinese table lacks keeps its English text (a test finds it)
#define X(key, text) t.key = text;
#include "web/ui/strings_zh.inc"
#undef X
    return t;
  }();
  return s;
}

namespace {
const Strings* g_active = nullptr;
std::string g_language = "en";
}  // namespace

void set_language(const std::string& lang) {
  g_language = lang == "zh" ? "zh" : "en";
  g_active = g_language == "zh" ? &strings_zh() : &strings_en();
}

const std::string& language() { return g_language; }

const Strings& S() { return g_active ? *g_active : strings_en(); }

const std::vector<StringEntry>& string_entries(const std::string& lang) {
  static const std::vector<StringEntry> en = {
#define X(key, text) {#key, text},
#include "web/ui/strings_en.inc"
#undef X
  };
  static const std::vector<StringEntry> zh = {
#define X(key, text) {#key, text},
#include "web/ui/strings_zh.inc"
#undef X
  };
  return lang == "zh" ? zh : en;
}

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
  if (task == "seg_zh") return s.task_seg_zh;
  if (task == "image") return s.task_image;
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
