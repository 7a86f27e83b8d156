// attnlab data: what a task's data is, and how much of it each split holds (the page's attnlab.dataset()
// answers the same).
//
//   attnlab data --task pos --data brown --json
//   {"name": "Brown Corpus", "source": "...", "tagset": "universal", "tags": ["NOUN", ...],
//    "sentences": {"train": .., "dev": .., "test": ..}, "tokens": {...}, "documents": {...}, ...}
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/cli/train_options.h"
#include "engine/data/brown.h"
#include "engine/data/corpus_pack.h"
#include "engine/data/summary.h"

namespace attnlab::cli {

namespace {

// The corpus as the page fetches it (corpus_pack.h): what the data set needs first comes first.
void write_pack(const TaskOptions& o, const TaskConfig& task, const std::string& path) {
  if (task.kind != TaskKind::pos) throw SettingsError("--pack is for the pos task's corpus");
  const bool installed = o.data.empty() || o.data == "brown";
  if (!installed && !is_brown_path(o.data)) throw SettingsError("--pack needs the Brown Corpus (a directory or pack)");
  const std::string text = write_corpus_pack(installed ? *default_brown() : read_brown(o.data), task);
  std::ofstream f(path, std::ios::binary);
  if (!f.write(text.data(), static_cast<std::streamsize>(text.size())) || !f.flush())
    throw SettingsError("cannot write " + path);
  std::printf("%s: %zu bytes\n", path.c_str(), text.size());
}

void run(const TaskOptions& o, bool json, const std::string& pack) {
  const TaskConfig task = to_task_config(o);
  if (!pack.empty()) return write_pack(o, task, pack);
  const std::shared_ptr<Dataset> d = make_dataset(task, o.data);
  const DatasetSummary s = summarize_dataset(*d, o.data);
  if (json) {
    std::printf("%s\n", summary_json<nlohmann::json>(s).dump().c_str());
    return;
  }
  static const char* const kSplits[3] = {"train", "dev", "test"};
  std::printf("%s\n  %s\n  tags (%s):", s.name.c_str(), s.source.c_str(), s.tagset.c_str());
  for (const std::string& t : s.tags) std::printf(" %s", t.c_str());
  std::printf("\n");
  for (int k = 0; k < 3; ++k) {
    std::printf("  %-5s %7ld sequences %9ld tokens", kSplits[k], s.sentences[k], s.tokens[k]);
    if (s.documents[k] >= 0) std::printf(" %4ld documents", s.documents[k]);
    std::printf("\n");
  }
  if (s.vocabulary >= 0) std::printf("  vocabulary %d tokens\n", s.vocabulary);
  if (s.baseline_dev >= 0)
    std::printf("  most-frequent-tag baseline on dev: %.2f%% (unknown words %.2f%%)\n", 100.0 * s.baseline_dev,
                100.0 * s.baseline_dev_unknown);
}

void setup_data(CLI::App& root) {
  static TaskOptions o;
  static bool json = false;
  static std::string pack;
  auto* cmd = root.add_subcommand("data", "What a task's data is: its source, tags, and the size of each split");
  add_task_options(cmd, o);
  cmd->add_flag("--json", json,
                "Print {name, source, tagset, tags, sentences: {train, dev, test}, tokens: {train, dev, test}, ...}");
  cmd->add_option("--pack", pack,
                  "pos: write the corpus as the page fetches it (brown.pack.gz before gzip): a header with the "
                  "catalogue, the split's parts and the training vocabulary, then dev, the training parts in turn, "
                  "test; FILE")
      ->type_name("FILE");
  cmd->callback([] { run(o, json, pack); });
}

}  // namespace

ATTNLAB_COMMAND(setup_data)

}  // namespace attnlab::cli
