// attnlab settings: the named settings the command line and the app share (engine/settings/settings.h):
// every numeric setting with its key (links, the JavaScript API), its flags and its range, and every
// enum-valued setting with its choices. `--json` for scripts and tests.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "engine/cli/command.h"
#include "engine/settings/settings.h"

namespace attnlab::cli {

namespace {

template <typename E>
nlohmann::json choices() {
  nlohmann::json out = nlohmann::json::array();
  for (const EnumName<E>& n : names_of(E{})) out.push_back({{"name", n.name}, {"help", n.help}});
  return out;
}

nlohmann::json table() {
  nlohmann::json ranges = nlohmann::json::array();
  for (const SettingRange& r : setting_ranges()) {
    ranges.push_back({{"key", r.key},
                      {"flags", r.flags},
                      {"lo", r.lo},
                      {"hi", r.hi},
                      {"integer", r.integer},
                      {"odd", r.odd},
                      {"help", r.help}});
  }
  return {{"ranges", ranges},
          {"choices",
           {{"task", choices<TaskKind>()},
            {"model", choices<ModelKind>()},
            {"pe", choices<PosEnc>()},
            {"mask", choices<MaskKind>()},
            {"norm", choices<AttnNorm>()},
            {"relevance", choices<Relevance>()},
            {"activation", choices<Activation>()},
            {"rnn", choices<RnnCell>()}}}};
}

}  // namespace

static void setup_settings(CLI::App& root) {
  auto* cmd =
      root.add_subcommand("settings", "List the settings the command line and the app share: ranges and choices");
  static bool json = false;
  cmd->add_flag("--json", json, "Print them as JSON");
  cmd->callback([] {
    const nlohmann::json t = table();
    if (json) {
      std::printf("%s\n", t.dump().c_str());
      return;
    }
    std::printf("%-10s %-18s %-16s %s\n", "key", "flags", "range", "what");
    for (const auto& r : t["ranges"]) {
      char range[48];
      std::snprintf(range, sizeof range, "%g..%g%s", r["lo"].get<double>(), r["hi"].get<double>(),
                    r["odd"].get<bool>() ? " odd" : "");
      std::printf("%-10s %-18s %-16s %s\n", r["key"].get<std::string>().c_str(), r["flags"].get<std::string>().c_str(),
                  range, r["help"].get<std::string>().c_str());
    }
    for (const auto& [key, list] : t["choices"].items()) {
      std::printf("\n%s:\n", key.c_str());
      for (const auto& c : list) {
        std::printf("  %-12s %s\n", c["name"].get<std::string>().c_str(), c["help"].get<std::string>().c_str());
      }
    }
  });
}
ATTNLAB_COMMAND(setup_settings)

}  // namespace attnlab::cli
