// attnlab: the headless Attention Lab. Same arguments natively (build/native/attnlab) and as WebAssembly
// under Node (node build/wasm/attnlab.js ...). Subcommands: see `attnlab --help`.
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "engine/cli/command.h"

namespace attnlab::cli {

static std::vector<std::pair<std::string, SetupFn>>& registry() {
  static std::vector<std::pair<std::string, SetupFn>> r;
  return r;
}

Registrar::Registrar(const char* name, SetupFn fn) { registry().emplace_back(name, fn); }

}  // namespace attnlab::cli

int main(int argc, char** argv) {
  using namespace attnlab::cli;
  CLI::App app{"attnlab: the Attention Lab engine on the command line (self-attention from first principles)",
               "attnlab"};
  app.set_version_flag("--version", std::string("attnlab ") + ATTNLAB_VERSION);
  app.require_subcommand(1);
  auto& commands = registry();
  std::sort(commands.begin(), commands.end());  // a stable --help, whatever the link order
  for (auto& [name, setup] : commands) setup(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help and --version arrive here too
    std::fprintf(stderr, "attnlab: %s (see 'attnlab --help')\n", e.what());
    return 2;
  } catch (const Error& e) {
    std::fprintf(stderr, "attnlab: %s\n", e.what());
    return e.exit_code;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attnlab: %s\n", e.what());
    return 1;
  }
  return 0;
}
