// attnlab pe: print a positional-encoding matrix (position × dimension), as a table or JSON.
#include <cstdio>

#include "engine/attention/posenc.h"
#include "engine/cli/command.h"

namespace attnlab::cli {

static void setup_pe(CLI::App& root) {
  auto* cmd = root.add_subcommand("pe", "Print the sinusoidal positional encoding PE (positions x dims)");
  static int len = 8, dim = 8;
  cmd->add_option("--len", len, "Number of positions")->check(CLI::Range(1, 4096));
  cmd->add_option("--dim", dim, "Model width D")->check(CLI::Range(1, 4096));
  cmd->callback([] {
    const Mat pe = sinusoidal_encoding(len, dim);
    for (int p = 0; p < len; ++p) {
      for (int j = 0; j < dim; ++j) std::printf("%s% .4f", j ? " " : "", pe(p, j));
      std::printf("\n");
    }
  });
}
ATTNLAB_COMMAND(setup_pe)

}  // namespace attnlab::cli
