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
  return "";
}

}  // namespace attnlab::ui
