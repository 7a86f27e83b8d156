// attnlab probe: the engine's numbers for one multi-head self-attention layer over one sequence (probe.h).
// Reads one JSON request on stdin, writes one JSON response on stdout; a malformed request exits with status 1
// and a one-line message on stderr, and nothing is printed on stdout.
#include <iostream>
#include <iterator>
#include <string>

#include "engine/cli/command.h"
#include "engine/cli/probe.h"

namespace attnlab::cli {

static void setup_probe(CLI::App& root) {
  auto* cmd = root.add_subcommand(
      "probe",
      "Run one multi-head self-attention layer on a JSON request from stdin; print q, k, v, scores, weights, "
      "out (and gradients, given grad_out) as JSON on stdout");
  cmd->callback([] {
    const std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    const std::string response = probe_response(text);  // everything computed and checked before printing
    std::cout << response << "\n";
    std::cout.flush();
  });
}
ATTNLAB_COMMAND(setup_probe)

}  // namespace attnlab::cli
