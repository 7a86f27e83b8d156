// attnlab eval: accuracy of a saved model, overall and per tag.
//
//   attnlab eval --load pos.model                  the test split the model was trained with
//   attnlab eval --load pos.model --data ud.conllu every sentence of another CoNLL-U file (UPOS tags mapped to the
//                                                  12 universal tags when the model has those)
//   attnlab eval --load rev.model --lengths 17:32  fresh synthetic sequences of other lengths
//   attnlab eval --load own.model --split dev      own data: its file's dev split (own has no test split)
//   attnlab eval --load seg.model --data FILE      seg_zh: also word precision, recall, F1 and unseen-word recall
//                                                  (the words of the best labelling that forms words), and the
//                                                  characters read as an unknown vector
//   attnlab eval --load seg.model --data FILE --segmented OTHER
//                                                  the same scores of another segmenter's output (its words
//                                                  separated by spaces), unseen words counted as for the model
#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/data/baseline.h"
#include "engine/data/brown.h"
#include "engine/data/segmentation.h"

#include "engine/cli/train_options.h"

namespace attnlab::cli {

namespace {

// A word task's accuracy taken apart: on the unknown words, per genre group of the documents, and the
// most-frequent-tag baseline on the same sequences (data/baseline.h).
struct Breakdown {
  EvalResult unknown;
  std::map<std::string, EvalResult> genres;  // genre group → accuracy on its documents' sentences
  double baseline = 0, baseline_unknown = 0;
};

Breakdown breakdown(SeqModel<float>& model, const Dataset& md, const Dataset& trained_on,
                    const std::vector<Sequence>& seqs, const std::vector<std::string>& genres) {
  Breakdown b;
  const MostFrequentTag mft(trained_on);
  b.baseline = mft.accuracy(seqs, &b.baseline_unknown);
  std::vector<Sequence> unknown = seqs;  // the same sequences, only the unknown words' tags counted
  for (Sequence& s : unknown)
    for (std::size_t i = 0; i < s.words.size() && i < s.tags.size(); ++i)
      if (mft.seen(s.words[i])) s.tags[i] = kIgnoreTag;
  b.unknown = evaluate(model, md, unknown, 32);
  std::map<std::string, std::vector<Sequence>> by_group;
  for (std::size_t i = 0; i < genres.size(); ++i) by_group[brown_genre_group(genres[i])].push_back(seqs[i]);
  for (const auto& [group, group_seqs] : by_group)
    if (!group.empty()) b.genres[group] = evaluate(model, md, group_seqs, 32);
  return b;
}

// seg_zh: the words each sequence's labels cut it into (the model's decoded ones, or another segmenter's), scored
// against its gold labels (segmentation.h).
SegScore score_words(const std::vector<Sequence>& seqs, const std::vector<std::vector<int>>& predicted,
                     const std::unordered_set<std::string>& seen) {
  SegScore score;
  for (std::size_t i = 0; i < seqs.size(); ++i)
    score_segmentation(&score, seqs[i].words, seqs[i].tags, predicted[i], &seen);
  return score;
}

struct EvalCmd {
  std::string load, data, split = "test", lengths, segmented;
  int count = 0;
  bool json = false, confusion = false;
};

void run(const EvalCmd& o) {
  LoadedModel lm;
  try {
    lm = load_model_file(o.load);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  const Dataset& md = lm.data;
  std::vector<Sequence> seqs;
  std::string what;
  std::string mapped;                    // how the file's tags were mapped to the model's ("" = not mapped)
  std::shared_ptr<Dataset> model_data;   // pos: the data the model was trained on (for the baseline)
  std::vector<std::string> genres;       // the genre of each sequence's document, when known
  std::unordered_set<std::string> seen;  // seg_zh: the words of the model's training split
  std::vector<SegSentence> other;        // seg_zh: --segmented's sentences
  const bool seg = md.task.kind == TaskKind::seg_zh;
  if (!o.segmented.empty() && (!seg || o.data.empty()))
    throw Error("--segmented scores another segmenter's output of the --data file: for seg_zh models");
  if (o.split != "test" && o.split != "dev" && o.split != "train") throw Error("--split must be train, dev or test");
  try {
    if (md.task.kind == TaskKind::own) {
      if (!o.lengths.empty()) throw Error("--lengths is for synthetic tasks");
      if (!o.data.empty()) {  // every sentence of a file, its tags named as the model's
        const TaggedText text = read_own_data(o.data);
        for (const TaggedSentence& s : text.sentences) {
          Sequence q = sequence_from_words(md, s.words);
          for (int t : s.tags) {
            const std::string& name = text.tag_names[static_cast<std::size_t>(t)];
            const auto it = std::find(md.tag_names.begin(), md.tag_names.end(), name);
            if (it == md.tag_names.end()) {
              throw Error(o.data + ": line " + std::to_string(s.line) + ": the tag '" + name +
                          "' is not one of the model's tags");
            }
            q.tags.push_back(static_cast<int>(it - md.tag_names.begin()));
          }
          seqs.push_back(std::move(q));
        }
        what = o.data + " (all sentences)";
      } else {
        if (lm.data_name.empty()) throw Error("this own-data model does not name its file: give it with --data FILE");
        if (o.split == "test") throw Error("own data has a train and a dev split only: use --split dev");
        const Dataset full = make_own_dataset(md.task, read_own_data(lm.data_name));
        seqs = remap_with_vocab(o.split == "dev" ? full.dev : full.train, md);
        what = lm.data_name + " (" + o.split + " split)";
      }
    } else if (md.task.kind == TaskKind::seg_zh) {
      if (!o.lengths.empty()) throw Error("--lengths is for synthetic tasks");
      std::string name;
      const Dataset full = lm.data_name.empty() ? make_seg_dataset(md.task, *default_seg_corpus(&name), name)
                                                : make_seg_dataset(md.task, read_text_file(lm.data_name), lm.data_name);
      seen = seg_words(full.train);
      if (!o.data.empty()) {  // every sentence of a segmented file
        for (const SegSentence& s : parse_segmented_text(read_text_file(o.data), o.data)) {
          Sequence q = sequence_from_words(md, s.chars);
          q.words = s.chars;
          q.tags = s.tags;
          seqs.push_back(std::move(q));
        }
        what = o.data + " (all sentences)";
        if (!o.segmented.empty()) {
          other = parse_segmented_text(read_text_file(o.segmented), o.segmented);
          if (other.size() != seqs.size())
            throw Error(o.segmented + " has " + std::to_string(other.size()) + " sentences, " + o.data + " " +
                        std::to_string(seqs.size()));
          for (std::size_t i = 0; i < other.size(); ++i)
            if (other[i].chars != seqs[i].words)
              throw Error(o.segmented + ": line " + std::to_string(other[i].line) +
                          ": not the characters of the same sentence of " + o.data);
          what = o.segmented + "'s segmentation of " + o.data;
        }
      } else {
        const auto& split = o.split == "test" ? full.test : o.split == "dev" ? full.dev : full.train;
        seqs = remap_with_vocab(split, md);
        what = (lm.data_name.empty() ? name : lm.data_name) + " (" + o.split + " split)";
      }
    } else if (md.task.kind == TaskKind::pos) {
      if (!o.lengths.empty()) throw Error("--lengths is for synthetic tasks");
      model_data = make_dataset(md.task, lm.data_name);  // the model's data: its splits, the baseline
      const std::string name = !lm.data_name.empty() ? lm.data_name : model_data->corpus;
      const bool universal = md.tag_names == universal_tags();
      if (!o.data.empty() && (o.data == "brown" || is_brown_path(o.data))) {  // every sentence of a Brown corpus
        if (!universal) throw Error("the Brown Corpus has the 12 universal tags; this model has others");
        const Dataset all = *make_dataset(md.task, o.data);
        for (const auto* split : {&all.train, &all.dev, &all.test}) {
          const auto more = remap_with_vocab(*split, md);
          seqs.insert(seqs.end(), more.begin(), more.end());
        }
        what = o.data + " (all sentences)";
      } else if (!o.data.empty()) {  // a CoNLL-U file: its UPOS tags, mapped when the model has the 12 tags
        for (const ConlluSentence& s : read_conllu_file(o.data)) {
          Sequence q = sequence_from_words(md, s.words);
          q.tags = s.tags;
          if (universal)
            for (int& t : q.tags) t = upos_to_universal(upos_tags()[static_cast<std::size_t>(t)]);
          seqs.push_back(std::move(q));
        }
        what = o.data + " (all sentences)";
        if (universal) {
          mapped =
              "UPOS mapped to the model's 12 universal tags: PROPN->NOUN, AUX->VERB, CCONJ->CONJ, SCONJ->ADP, "
              "PART->PRT, PUNCT->., SYM/INTJ->X, the others as they are (engine/data/brown.h)";
        }
      } else {
        const Dataset& full = *model_data;
        const auto& split = o.split == "test" ? full.test : o.split == "dev" ? full.dev : full.train;
        seqs = remap_with_vocab(split, md);  // the model's vocabulary, even if the corpus has changed since
        if (o.split == "test") genres = full.test_genres;
        what = name + " (" + o.split + " split)";
      }
    } else {
      if (!o.data.empty()) throw Error("--data is for pos models (a CoNLL-U file), own-data and seg_zh models");
      const Dataset full = make_synthetic_dataset(md.task);
      if (!o.lengths.empty()) {
        const auto [a, b] = parse_lengths(o.lengths);
        const int count = o.count > 0 ? o.count : md.task.test;
        seqs = make_synthetic_sequences(full, count, a, b, md.task.seed * 4u + 3u);
        what = "fresh sequences of length " + std::to_string(a) + ".." + std::to_string(b);
      } else {
        seqs = o.split == "test" ? full.test : o.split == "dev" ? full.dev : full.train;
        what = o.split + " split";
      }
    }
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  if (o.count > 0 && static_cast<int>(seqs.size()) > o.count) seqs.resize(o.count);
  if (genres.size() > seqs.size()) genres.resize(seqs.size());
  EvalResult r;
  Breakdown b;
  SegScore words;
  std::vector<std::vector<int>> predicted;  // seg_zh: every sequence's labels
  try {
    if (!other.empty()) {  // the other segmenter's labels, counted as the model's would be
      r.start(md.tags());
      for (std::size_t i = 0; i < seqs.size(); ++i)
        for (std::size_t t = 0; t < seqs[i].tags.size(); ++t) r.add(seqs[i].tags[t], other[i].tags[t]);
      r.finish();
    } else {
      r = evaluate(*lm.model, md, seqs, 32, 0, seg ? &predicted : nullptr);
    }
    if (model_data) b = breakdown(*lm.model, md, *model_data, seqs, genres);
    if (!other.empty())
      for (const SegSentence& s : other) predicted.push_back(s.tags);
    if (seg) words = score_words(seqs, predicted, seen);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  const int C = md.tags();
  long unknown_chars = 0;  // seg_zh: characters the model reads as an unknown vector (<unk>, <unk-num>, ...)
  if (seg)
    for (const Sequence& q : seqs)
      for (const std::string& ch : q.words) unknown_chars += md.words.known(ch) ? 0 : 1;
  if (o.json) {
    nlohmann::json per_tag = nlohmann::json::object();
    for (int c = 0; c < C; ++c) {
      if (r.tag_total[c] == 0) continue;
      per_tag[md.tag_names[c]] = {{"accuracy", r.tag_accuracy(c)}, {"tokens", r.tag_total[c]}};
    }
    nlohmann::json j = {{"accuracy", r.accuracy}, {"tokens", r.tokens},       {"loss", r.loss},
                        {"per_tag", per_tag},     {"sequences", seqs.size()}, {"data", what}};
    if (!mapped.empty()) j["mapped"] = mapped;
    if (seg) {
      j["words"] = {{"precision", words.precision()},
                    {"recall", words.recall()},
                    {"f1", words.f1()},
                    {"gold", words.gold},
                    {"predicted", words.predicted},
                    {"found", words.found},
                    {"unseen", words.unseen},
                    {"unseen_recall", words.unseen_recall()}};
      j["unknown_chars"] = unknown_chars;
    }
    if (model_data) {
      j["unknown"] = {{"accuracy", b.unknown.accuracy}, {"tokens", b.unknown.tokens}};
      j["baseline"] = {
          {"name", "most frequent tag"}, {"accuracy", b.baseline}, {"unknown_accuracy", b.baseline_unknown}};
      if (!model_data->source.empty()) j["source"] = model_data->source;
      if (!b.genres.empty()) {
        nlohmann::json g = nlohmann::json::object();
        for (const auto& [group, e] : b.genres) g[group] = {{"accuracy", e.accuracy}, {"tokens", e.tokens}};
        j["per_genre"] = g;
      }
    }
    if (o.confusion) {
      j["tags"] = md.tag_names;
      nlohmann::json rows = nlohmann::json::array();
      for (int a = 0; a < C; ++a) {
        std::vector<long> row(r.confusion.begin() + static_cast<long>(a) * C, r.confusion.begin() + (a + 1L) * C);
        rows.push_back(row);
      }
      j["confusion"] = rows;  // row = true tag, column = predicted
    }
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  std::printf("%s: accuracy %.2f%% (%ld of %ld tokens, %zu sequences)\n", what.c_str(), 100.0 * r.accuracy, r.correct,
              r.tokens, seqs.size());
  if (!mapped.empty()) std::printf("  (%s)\n", mapped.c_str());
  if (seg) {
    std::printf("  words: F1 %.2f%% (precision %.2f%%, recall %.2f%%: %ld found of %ld, %ld predicted)\n",
                100.0 * words.f1(), 100.0 * words.precision(), 100.0 * words.recall(), words.found, words.gold,
                words.predicted);
    std::printf("  unseen words (not in the training split): recall %.2f%% of %ld\n", 100.0 * words.unseen_recall(),
                words.unseen);
    std::printf("  unknown characters (read as an unknown vector): %.2f%% (%ld)\n",
                100.0 * static_cast<double>(unknown_chars) / static_cast<double>(std::max(1L, r.tokens)),
                unknown_chars);
  }
  if (model_data) {
    std::printf("  unknown words (not in the training split): %.2f%% of %ld\n", 100.0 * b.unknown.accuracy,
                b.unknown.tokens);
    std::printf("  most-frequent-tag baseline: %.2f%% (unknown words %.2f%%)\n", 100.0 * b.baseline,
                100.0 * b.baseline_unknown);
    for (const auto& [group, e] : b.genres)
      std::printf("  %-14s %6.2f%%  (%ld)\n", group.c_str(), 100.0 * e.accuracy, e.tokens);
    if (!model_data->source.empty()) std::printf("  data: %s\n", model_data->source.c_str());
  }
  for (int c = 0; c < C; ++c) {
    if (r.tag_total[c] == 0) continue;
    std::printf("  %-8s %6.2f%%  (%ld)\n", md.tag_names[c].c_str(), 100.0 * r.tag_accuracy(c), r.tag_total[c]);
  }
  if (o.confusion) {
    std::printf("confusion (row = true tag, column = predicted)\n%8s", "");
    for (int c = 0; c < C; ++c) std::printf(" %6.6s", md.tag_names[c].c_str());
    std::printf("\n");
    for (int a = 0; a < C; ++a) {
      std::printf("%-8s", md.tag_names[a].c_str());
      for (int c = 0; c < C; ++c) std::printf(" %6ld", r.confusion[static_cast<size_t>(a) * C + c]);
      std::printf("\n");
    }
  }
}

void setup_eval(CLI::App& root) {
  static EvalCmd o;
  auto* cmd = root.add_subcommand("eval", "Accuracy of a saved model, overall and per tag (JSON with --json)");
  cmd->add_option("--load", o.load, "Model file")->required();
  cmd->add_option("--data", o.data,
                  "pos: evaluate on every sentence of this CoNLL-U file instead (a model of the 12 universal tags: "
                  "its UPOS tags mapped, and said so), or of a Brown Corpus (brown, or its directory); own: on every "
                  "sentence of this "
                  "file of tagged sentences (its tags must be the model's); seg_zh: on every sentence of this file of "
                  "segmented sentences (words separated by spaces)");
  cmd->add_option("--segmented", o.segmented,
                  "seg_zh: score this file, another segmenter's output for the --data file's sentences (one per line, "
                  "words separated by spaces), instead of the model; unseen words are those of the model's training "
                  "split");
  cmd->add_option("--split", o.split, "train | dev | test split of the model's own task")->capture_default_str();
  cmd->add_option("--lengths", o.lengths,
                  "Synthetic tasks: fresh sequences with lengths MIN:MAX (e.g. longer than in training)");
  cmd->add_option("--count", o.count, "Evaluate at most this many sequences (0 = all)");
  cmd->add_flag("--confusion", o.confusion, "Also print the confusion matrix");
  cmd->add_flag("--json", o.json, "Print {\"accuracy\": ..., \"tokens\": ..., \"per_tag\": {...}}");
  cmd->callback([] { run(o); });
}

}  // namespace

ATTNLAB_COMMAND(setup_eval)

}  // namespace attnlab::cli
