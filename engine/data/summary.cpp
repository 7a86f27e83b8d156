// C = tags
#include "engine/data/summary.h"

#include "engine/data/baseline.h"

namespace attnlab {

DatasetSummary summarize_dataset(const Dataset& d, const std::string& data_file) {
  const TaskKind kind = d.task.kind;
  DatasetSummary s;
  s.task = to_string(kind);
  s.name = !d.corpus.empty()    ? d.corpus
           : !data_file.empty() ? data_file
           : is_word_task(kind) ? "built in"
                                : s.task + " (synthetic)";
  s.source = !d.source.empty()    ? d.source
             : is_word_task(kind) ? (data_file.empty() ? "built in" : data_file)
                                  : "generated from the data seed " + std::to_string(d.task.seed);
  s.tagset = !d.tagset.empty() ? d.tagset : kind == TaskKind::pos ? "UPOS" : s.task;
  s.tags = d.tag_names;
  const std::vector<Sequence>* splits[3] = {&d.train, &d.dev, &d.test};
  const std::vector<std::string>* docs[3] = {&d.train_docs, &d.dev_docs, &d.test_docs};
  for (int k = 0; k < 3; ++k) {
    s.sentences[k] = static_cast<long>(splits[k]->size());
    for (const Sequence& q : *splits[k]) s.tokens[k] += q.length();
    if (!d.train_docs.empty()) s.documents[k] = static_cast<long>(docs[k]->size());
  }
  if (d.input == InputMode::tokens) s.vocabulary = d.vocab;
  if (is_word_task(kind)) s.baseline_dev = MostFrequentTag(d).accuracy(d.dev, &s.baseline_dev_unknown);
  return s;
}

}  // namespace attnlab
