// Fuzz target: the settings parser behind the URL hash, links, `setState` and the desktop flags
// (web/app/state.h: apply_query, apply_pairs). The first byte picks the form:
//   even: the rest is a query "key=value&..." (what a link's hash carries);
//   odd:  the rest is key/value pairs separated by NUL bytes (what setState and postMessage hand over).
// A query either applies fully or changes nothing and names every problem; an applied state passes the
// cross-field rules (check_state), and its link reproduces it: state_to_query of the result, applied to the
// defaults, gives the same link again.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tests/fuzz/fuzz_check.h"
#include "web/app/state.h"

using namespace attnlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4096) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  AppState s;
  const std::string before = state_to_query(s);
  std::vector<std::string> problems;
  if ((data[0] & 1) == 0) {
    problems = apply_query(s, rest);
  } else {
    std::vector<std::pair<std::string, std::string>> kv;
    std::vector<std::string> parts(1);
    for (char c : rest) {
      if (c == '\0') parts.emplace_back();
      else parts.back() += c;
    }
    for (std::size_t i = 0; i + 1 < parts.size(); i += 2) kv.emplace_back(parts[i], parts[i + 1]);
    problems = apply_pairs(s, kv);
  }
  if (!problems.empty()) {
    FUZZ_CHECK(state_to_query(s) == before, "a refused query changes nothing");
    for (const auto& p : problems) FUZZ_CHECK(!p.empty(), "every problem has words");
    return 0;
  }
  FUZZ_CHECK(check_state(s).empty(), "an applied state passes the cross-field rules");
  const std::string link = state_to_query(s);
  AppState again;
  const std::vector<std::string> link_problems = apply_query(again, link);
  FUZZ_CHECK(link_problems.empty(), "the link of an applied state applies");
  FUZZ_CHECK(state_to_query(again) == link, "the link of an applied state reproduces it");
  return 0;
}
