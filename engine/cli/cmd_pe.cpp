// attnlab pe: print a positional-encoding matrix (position × dimension), as a table or JSON.
#include <cstdio>

#include "engine/attention/posenc.h"
#include "engine/cli/command.h"
#include "engine/settings/settings.h"

namespace attnlab::cli {

static void setup_pe(CLI::App& root) {
  auto* cmd = root.add_subcommand(
      "pe",
      "Print the sinusoidal positional encoding PE (positions x dims): PE(p, 2i) = s*sin(p / 10000^(2i/D)), "
      "PE(p, 2i+1) = s*cos(p / 10000^(2i/D))");
  static int len = 8, dim = 8;
  static double scale = 1;
  cmd->add_option("--len", len, "Number of positions")->check(CLI::Range(1, 4096));
  cmd->add_option("--dim", dim, "Model width D")->check(CLI::Range(1, 4096));
  const SettingRange& r = setting_range("pe_scale");
  cmd->add_option("--pe-scale", scale, "Amplitude s: 1 = the paper's sin and cos alone; the pos tagger uses 8")
      ->capture_default_str()
      ->check(CLI::Range(r.lo, r.hi));
  cmd->callback([] {
    const Mat pe = sinusoidal_encoding(len, dim, scale);
    for (int p = 0; p < len; ++p) {
      for (int j = 0; j < dim; ++j) std::printf("%s% .4f", j ? " " : "", pe(p, j));
      std::printf("\n");
    }
  });
}
ATTNLAB_COMMAND(setup_pe)

}  // namespace attnlab::cli
