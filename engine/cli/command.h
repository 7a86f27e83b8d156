// cli/: the attnlab command line, on top of every engine layer (its options bind to settings/settings.h).
//
// The attnlab command line: each subcommand lives in its own cmd_*.cpp and registers itself here.
//
//   static void setup_probe(CLI::App& root) { auto* cmd = root.add_subcommand("probe", "..."); ... }
//   ATTNLAB_COMMAND(setup_probe)
//
// A subcommand's callback reports a problem by throwing attnlab::cli::Error (or any std::exception):
// main prints "attnlab: <message>" on one line of stderr and exits with the error's code (default 1).
#pragma once

#include <CLI/CLI.hpp>

#include <stdexcept>
#include <string>

namespace attnlab::cli {

struct Error : std::runtime_error {
  explicit Error(const std::string& msg, int code = 1) : std::runtime_error(msg), exit_code(code) {}
  int exit_code;
};

using SetupFn = void (*)(CLI::App& root);

struct Registrar {
  Registrar(const char* name, SetupFn fn);
};

#define ATTNLAB_COMMAND(fn) static ::attnlab::cli::Registrar attnlab_registrar_##fn(#fn, fn);

}  // namespace attnlab::cli
