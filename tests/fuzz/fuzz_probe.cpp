// Fuzz target: the probe's JSON request (engine/cli/probe.h, `attnlab probe` on stdin; the golden tests
// compare its numbers with PyTorch). A request is either refused with one message that names the problem,
// or answered with JSON that parses.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstring>
#include <string>

#include "engine/cli/command.h"
#include "engine/cli/probe.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 14) return 0;  // the work grows with T² · D: keep every input quick
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const std::string response = attnlab::cli::probe_response(text);
    FUZZ_CHECK(nlohmann::json::accept(response), "the response is JSON");
  } catch (const attnlab::cli::Error& e) {
    FUZZ_CHECK(std::strncmp(e.what(), "probe: ", 7) == 0, "a refused request says it was the probe's");
    FUZZ_CHECK(std::strchr(e.what(), '\n') == nullptr, "the message is one line");
  }
  return 0;
}
