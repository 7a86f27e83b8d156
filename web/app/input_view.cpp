#include "web/app/input_view.h"

#include <algorithm>
#include <sstream>

#include "engine/data/image.h"
#include "engine/data/segmentation.h"
#include "engine/data/words.h"
#include "engine/train/trainer.h"

namespace attnlab {

bool input_is_text(const Dataset* data) { return !data || (data->input == InputMode::tokens && !data->has_graphs()); }

// Text → a sequence of the task. pos, own: words (unknown ones map to shape tokens, never fail); seg_zh: one
// token per character (spaces ignored, a run of ASCII letters/digits as one: segmentation.h); the synthetic
// token tasks: the task's token names separated by spaces; frames / graph: a dev example.
static Message build_input(const Dataset& d, const AppState& state, Sequence* seq, std::vector<std::string>* labels) {
  *seq = Sequence{};
  labels->clear();
  if (!input_is_text(&d)) {
    if (d.dev.empty()) return {"this task has no examples", "input_no_examples"};
    const std::size_t i = static_cast<std::size_t>(state.example) % d.dev.size();
    *seq = d.dev[i];
    for (int t = 0; t < seq->length(); ++t)
      labels->push_back(d.has_graphs() ? "n" + std::to_string(t)
                        : d.is_image() ? pixel_label(t, d.grid_w)
                                       : std::to_string(t));
    return "";
  }
  if (d.task.kind == TaskKind::seg_zh) {
    const std::vector<std::string> chars = split_chars(state.input);
    if (chars.empty()) return "type a Chinese sentence to segment";
    *seq = sequence_from_words(d, chars);
    *labels = chars;
    return "";
  }
  if (is_word_task(d.task.kind)) {
    // own data: words as its file writes them, split on blanks only; pos: punctuation splits off too
    const std::vector<std::string> words =
        d.task.kind == TaskKind::own ? split_blanks(state.input) : split_words(state.input);
    if (words.empty()) return {"type a sentence to tag", "input_type_sentence"};
    *seq = sequence_from_words(d, words);
    *labels = words;
    return "";
  }
  std::istringstream in(state.input);
  std::string tok;
  while (in >> tok) {
    const auto it = std::find(d.token_names.begin(), d.token_names.end(), tok);
    if (it == d.token_names.end()) {
      std::string known;
      for (std::size_t i = 0; i < d.token_names.size() && i < 24; ++i) known += (i ? " " : "") + d.token_names[i];
      return {"'" + tok + "' is not a token of this task (its tokens: " + known + ")",
              "input_not_a_token",
              {{"token", tok}, {"tokens", known}}};
    }
    seq->tokens.push_back(static_cast<int>(it - d.token_names.begin()));
    labels->push_back(tok);
  }
  if (seq->tokens.empty()) return {"type some tokens, separated by spaces", "input_type_tokens"};
  // The true labels of a synthetic task follow from the tokens: recompute them for display.
  seq->tags.assign(seq->tokens.size(), -1);
  return "";
}

std::string pixel_label(int pixel, int grid_w) {
  if (grid_w <= 0) return std::to_string(pixel);
  return std::to_string(pixel / grid_w) + "," + std::to_string(pixel % grid_w);
}

int default_query_pixel(const InputView& view) {
  if (view.grid_w <= 0) return -1;
  const int T = view.grid_w * view.grid_h;
  int best = T - 1, far = -1;
  for (int p = 0; p < T && p < static_cast<int>(view.truth.size()); ++p) {
    const int t = view.truth[static_cast<std::size_t>(p)];
    const int d = p / view.grid_w + p % view.grid_w;
    if ((t == kSameInside || t == kOtherInside) && d > far) {
      far = d;
      best = p;
    }
  }
  return best;
}

InputView make_input_view(const Dataset& data, const AppState& state, SeqModel<float>* model, long step) {
  InputView view;
  view.stale = false;
  Sequence input_seq;  // the input as a sequence of the task (tokens or an example)
  std::vector<std::string> labels;
  view.error_message = build_input(data, state, &input_seq, &labels);
  view.error = view.error_message.text;
  view.tokens = labels;
  if (view.error.empty() && data.is_image()) {
    view.grid_w = data.grid_w;
    view.grid_h = data.grid_h;
    view.pixels = input_seq.features;
    view.truth = input_seq.tags;  // known before any model: the task's own labels
  }
  if (!view.error.empty() || !model) return view;
  if (input_seq.tags.empty()) input_seq.tags.assign(input_seq.tokens.size(), -1);
  const bool known_truth = std::any_of(input_seq.tags.begin(), input_seq.tags.end(), [](int t) { return t >= 0; });
  if (known_truth) view.truth = input_seq.tags;

  const std::string error = run_sequence(*model, data, input_seq, &view, &view.predicted);
  if (!error.empty()) {
    view.len = 0;
    view.error = error;
    view.error_message = error;  // the engine's words
    return view;
  }
  view.at_step = step;
  return view;
}

}  // namespace attnlab
