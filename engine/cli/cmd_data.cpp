// attnlab data: what a task's data is, and how much of it each split holds (the page's attnlab.dataset()
// answers the same).
//
//   attnlab data --task pos --data brown --json
//   {"name": "Brown Corpus", "source": "...", "tagset": "universal", "tags": ["NOUN", ...],
//    "sentences": {"train": .., "dev": .., "test": ..}, "tokens": {...}, "documents": {...}, ...}
#include <cstdio>
#include <nlohmann/json.hpp>

#include "engine/cli/train_options.h"
#include "engine/data/baseline.h"

namespace attnlab::cli {

namespace {

long tokens_of(const std::vector<Sequence>& split) {
  long n = 0;
  for (const Sequence& s : split) n += s.length();
  return n;
}

void run(const TaskOptions& o, bool json) {
  const TaskConfig task = to_task_config(o);
  const std::shared_ptr<Dataset> d = make_dataset(task, o.data);
  nlohmann::json j;
  j["task"] = to_string(task.kind);
  j["name"] = !d->corpus.empty() ? d->corpus
              : task.kind == TaskKind::pos && o.data.empty()
                  ? "pos_en.conllu (template sentences, scripts/make_pos_corpus.py)"
              : !o.data.empty() ? o.data
                                : std::string(to_string(task.kind)) + " (synthetic)";
  j["source"] = !d->source.empty() ? d->source
                : is_word_task(task.kind) ? (o.data.empty() ? "built in" : o.data)
                                          : "generated from the data seed " + std::to_string(task.seed);
  j["tagset"] = !d->tagset.empty() ? d->tagset : task.kind == TaskKind::pos ? "UPOS" : to_string(task.kind);
  j["tags"] = d->tag_names;
  j["sentences"] = {{"train", d->train.size()}, {"dev", d->dev.size()}, {"test", d->test.size()}};
  j["tokens"] = {{"train", tokens_of(d->train)}, {"dev", tokens_of(d->dev)}, {"test", tokens_of(d->test)}};
  if (!d->train_docs.empty())
    j["documents"] = {{"train", d->train_docs.size()}, {"dev", d->dev_docs.size()}, {"test", d->test_docs.size()}};
  if (d->input == InputMode::tokens) j["vocabulary"] = d->vocab;
  if (is_word_task(task.kind)) {
    const MostFrequentTag mft(*d);
    double unknown = 0;
    const double dev = mft.accuracy(d->dev, &unknown);
    j["baseline"] = {{"name", "most frequent tag"}, {"dev", dev}, {"dev_unknown", unknown}};
  }
  if (json) {
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  std::printf("%s\n  %s\n  tags (%s): ", j["name"].get<std::string>().c_str(), j["source"].get<std::string>().c_str(),
              j["tagset"].get<std::string>().c_str());
  for (std::size_t c = 0; c < d->tag_names.size(); ++c) std::printf("%s%s", c ? " " : "", d->tag_names[c].c_str());
  std::printf("\n");
  for (const char* split : {"train", "dev", "test"}) {
    std::printf("  %-5s %7ld sequences %9ld tokens", split, j["sentences"][split].get<long>(),
                j["tokens"][split].get<long>());
    if (j.contains("documents")) std::printf(" %4ld documents", j["documents"][split].get<long>());
    std::printf("\n");
  }
  if (j.contains("vocabulary")) std::printf("  vocabulary %d tokens\n", d->vocab);
  if (j.contains("baseline"))
    std::printf("  most-frequent-tag baseline on dev: %.2f%% (unknown words %.2f%%)\n",
                100.0 * j["baseline"]["dev"].get<double>(), 100.0 * j["baseline"]["dev_unknown"].get<double>());
}

void setup_data(CLI::App& root) {
  static TaskOptions o;
  static bool json = false;
  auto* cmd = root.add_subcommand("data", "What a task's data is: its source, tags, and the size of each split");
  add_task_options(cmd, o);
  cmd->add_flag("--json", json,
                "Print {name, source, tagset, tags, sentences: {train, dev, test}, tokens: {train, dev, test}, ...}");
  cmd->callback([] { run(o, json); });
}

}  // namespace

ATTNLAB_COMMAND(setup_data)

}  // namespace attnlab::cli
