// attnlab tag: tag a sentence (or a token sequence of a synthetic task) with a saved model.
//
//   attnlab tag --load pos.model "I saw a saw"           I PRON / saw VERB / a DET / saw NOUN
//   attnlab tag --load pos.model --attention "I saw a saw"   also every head's attention weights
//   attnlab tag --load pos.model --json "I saw a saw"    {"tokens": [...], "tags": [...]}
//   attnlab tag --load seg.model --json 我们研究生命的起源  seg_zh: one token and one B/M/E/S tag per character, and
//                                                        the words (the best labelling that forms words)
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "engine/cli/train_options.h"
#include "engine/data/segmentation.h"

namespace attnlab::cli {

namespace {

struct TagCmd {
  std::string load;
  std::vector<std::string> text;
  bool attention = false;
  bool json = false;
};

void run(const TagCmd& o) {
  LoadedModel lm;
  try {
    lm = load_model_file(o.load);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  const Dataset& d = lm.data;
  std::string line;
  for (const auto& t : o.text) line += (line.empty() ? "" : " ") + t;
  std::vector<std::string> shown;
  const Sequence seq = sequence_from_text(d, line, &shown);
  std::vector<Sequence> one{seq};
  const int idx = 0;
  BatchBuilder builder;
  const Batch<float>& mb = builder.build(d, one, &idx, 1, /*with_tags=*/false);
  SeqModel<float>& m = *lm.model;
  std::string error;
  if (!m.forward(mb, &error)) throw Error(error);
  const int T = seq.length();
  std::vector<int> pred(static_cast<std::size_t>(mb.B) * mb.T), decoded(pred.size());
  m.predict(pred.data());
  decode_tags(m, d, mb, decoded.data());  // seg_zh: the labelling that forms words, read as words below
  std::vector<std::string> tags(T);
  for (int t = 0; t < T; ++t) tags[t] = d.tag_names[pred[t]];
  const bool seg = d.task.kind == TaskKind::seg_zh;
  std::vector<std::string> words;  // seg_zh: the words of the best labelling that forms words
  if (seg) words = bmes_word_strings(shown, std::vector<int>(decoded.begin(), decoded.begin() + T));

  const bool with_attention = o.attention && m.attention_layers() > 0;
  if (o.attention && m.attention_layers() == 0) {
    throw Error(std::string("a ") + to_string(m.config().kind) + " model has no attention weights to show");
  }
  if (o.json) {
    nlohmann::json j = {{"tokens", shown}, {"tags", tags}};
    if (seg) j["words"] = words;
    if (with_attention) {
      nlohmann::json layers = nlohmann::json::array();
      for (int l = 0; l < m.attention_layers(); ++l) {
        nlohmann::json heads = nlohmann::json::array();
        for (int h = 0; h < m.attention_heads(); ++h) {
          const CView<float> w = m.attention_weights(l, 0, h);
          nlohmann::json rows = nlohmann::json::array();
          for (int i = 0; i < T; ++i) {
            std::vector<float> row(T);
            for (int k = 0; k < T; ++k) row[k] = w(i, k);
            rows.push_back(row);
          }
          heads.push_back(rows);
        }
        layers.push_back(heads);
      }
      j["attention"] = layers;  // [layer][head][query][key]
    }
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  size_t width = 4;
  for (const auto& s : shown) width = std::max(width, s.size());
  for (int t = 0; t < T; ++t) {
    const bool unknown = is_word_task(d.task.kind) && !d.words.known(shown[t]);
    const char* what = d.task.kind == TaskKind::seg_zh ? "character" : "word";
    const std::string note = unknown ? std::string("   (unknown ") + what + ", read as " +
                                           d.words.words()[static_cast<size_t>(d.words.shape(shown[t]))] + ")"
                                     : "";
    std::printf("%-*s  %s%s\n", static_cast<int>(width), shown[t].c_str(), tags[t].c_str(), note.c_str());
  }
  if (seg) {  // the labels may break the grammar of words (B B, E E): the words are the best labelling that does not
    std::string cut;
    for (const std::string& w : words) cut += (cut.empty() ? "" : " / ") + w;
    std::printf("words: %s\n", cut.c_str());
  }
  if (!with_attention) return;
  for (int l = 0; l < m.attention_layers(); ++l) {
    for (int h = 0; h < m.attention_heads(); ++h) {
      std::printf("\nlayer %d head %d (row = query, column = key)\n%*s", l, h, static_cast<int>(width), "");
      for (int k = 0; k < T; ++k) std::printf(" %6.6s", shown[k].c_str());
      std::printf("\n");
      const CView<float> w = m.attention_weights(l, 0, h);
      for (int i = 0; i < T; ++i) {
        std::printf("%-*s", static_cast<int>(width), shown[i].c_str());
        for (int k = 0; k < T; ++k) std::printf(" %6.3f", w(i, k));
        std::printf("\n");
      }
    }
  }
}

void setup_tag(CLI::App& root) {
  static TagCmd o;
  auto* cmd = root.add_subcommand("tag",
                                  "Tag a sentence (pos, own), Chinese text (seg_zh: one B/M/E/S label per "
                                  "character) or a token sequence (seen, count, reverse, sort) with a model saved "
                                  "by 'attnlab train --save'");
  cmd->add_option("--load", o.load, "Model file")->required();
  cmd->add_option("text", o.text,
                  "The sentence, e.g. \"I saw a saw\" (pos); Chinese text without spaces, e.g. 研究生命的起源 "
                  "(seg_zh: split into characters, spaces ignored, a run of ASCII letters/digits is one token, an "
                  "unknown character reads as an unknown vector); or tokens \"3 1 4 1\"")
      ->required();
  cmd->add_flag("--attention", o.attention, "Also print every head's attention weights");
  cmd->add_flag("--json", o.json,
                "Print {\"tokens\": [...], \"tags\": [...]} (seg_zh + \"words\": the best labelling that forms "
                "words, read as words; + \"attention\" [layer][head][query][key])");
  cmd->callback([] { run(o); });
}

}  // namespace

ATTNLAB_COMMAND(setup_tag)

}  // namespace attnlab::cli
