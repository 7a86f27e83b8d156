// Shared option parsing of the training commands (see train_options.h).
#include "engine/cli/train_options.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#elif defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

namespace attnlab::cli {

Sequence sequence_from_text(const Dataset& d, const std::string& text, std::vector<std::string>* shown) {
  Sequence seq;
  std::string line = text;
  if (d.task.kind == TaskKind::own) {  // your data: words as the file has them, separated by blanks
    *shown = split_blanks(line);
    if (shown->empty()) throw Error("nothing to tag: give a sentence, words separated by spaces");
    return sequence_from_words(d, *shown);
  }
  if (d.task.kind == TaskKind::seg_zh) {  // Chinese: one token per character, spaces ignored (segmentation.h)
    *shown = split_chars(line);
    if (shown->empty()) throw Error("nothing to tag: give Chinese text, e.g. \"" + std::string(kSegExample) + "\"");
    return sequence_from_words(d, *shown);
  }
  if (d.task.kind == TaskKind::pos) {
    *shown = split_words(line);
    if (shown->empty()) throw Error("nothing to tag: give a sentence, e.g. \"I saw a saw\"");
    return sequence_from_words(d, *shown);
  }
  if (d.input != InputMode::tokens) {
    throw Error(std::string("the ") + to_string(d.task.kind) +
                " task reads feature vectors, not words: use 'attnlab eval' on it");
  }
  // token names separated by spaces or commas
  for (char& c : line) c = c == ',' ? ' ' : c;
  *shown = split_words(line);
  if (shown->empty()) throw Error("nothing to tag: give tokens of the task, e.g. \"3 1 4 1 5\"");
  for (const std::string& w : *shown) {
    const auto it = std::find(d.token_names.begin(), d.token_names.end(), w);
    if (it == d.token_names.end()) {
      throw Error("'" + w + "' is not a token of the " + to_string(d.task.kind) + " task (tokens are " +
                  d.token_names.front() + " .. " + d.token_names.back() + ")");
    }
    seq.tokens.push_back(static_cast<int>(it - d.token_names.begin()));
  }
  seq.tags.assign(seq.tokens.size(), -1);
  return seq;
}

bool stdout_is_terminal() {
#if defined(__EMSCRIPTEN__)
  // under Node, isatty() says yes even for a pipe: ask Node itself
  // clang-format off
  return EM_ASM_INT({ return (typeof process !== 'undefined' && process.stdout && process.stdout.isTTY) ? 1 : 0; }, 0) != 0;
  // clang-format on
#elif defined(_WIN32)
  return _isatty(_fileno(stdout));
#else
  return isatty(fileno(stdout)) != 0;
#endif
}

// A flag of a numeric setting: its range (engine/settings/settings.h) joins its help.
static CLI::Option* ranged(CLI::Option* option, const char* key) {
  const SettingRange& r = setting_range(key);
  char range[64];
  std::snprintf(range, sizeof range, " [%g to %g%s]", r.lo, r.hi, r.odd ? ", odd" : "");
  return option->description(option->get_description() + range);
}

void add_task_options(CLI::App* cmd, TaskOptions& o) {
  cmd->add_option("--task", o.task,
                  "What to learn: pos (English part of speech on the Brown Corpus, 12 universal tags), seen (was this "
                  "token seen earlier?), "
                  "count (how often does it occur?), reverse (token at T-1-i), sort (i-th smallest token), "
                  "frames (speech-like segment classes of noisy feature vectors), graph (majority class of a "
                  "node's neighbours), image (each pixel of a 12x12 picture: background, or the edge or inside of a "
                  "shape of the key's colour or another), own (your data: --data FILE of tagged sentences, with its "
                  "own tags), seg_zh (Chinese word segmentation: one label per character, B/M/E/S = begins, middle "
                  "of, ends a word, a word of one character)")
      ->capture_default_str();
  cmd->add_option("--data", o.data,
                  "pos: a CoNLL-U file (e.g. a Universal Dependencies treebank, the 17 UPOS tags) instead of the Brown "
                  "Corpus, or another copy of it (its directory; 'brown' = the installed one); "
                  "own (required): your tagged sentences, CoNLL-U (the tag is UPOS) or one sentence per line as "
                  "word/TAG tokens (\"I/PRON saw/VERB a/DET saw/NOUN\") or word<TAB>TAG lines; seg_zh: segmented "
                  "Chinese sentences, one per line, words separated by spaces (\"研究 生命 的 起源\")");
  cmd->add_option("--data-seed", o.data_seed,
                  "Seed of the data: synthetic sequences, the pos and seg_zh train/dev/test split, the own "
                  "train/dev split")
      ->capture_default_str();
  cmd->add_option("--lengths", o.lengths, "Synthetic tasks: sequence lengths MIN:MAX (default: the task's)");
  cmd->add_option("--vocab", o.vocab, "seen/count/reverse/sort: size of the token alphabet (default: the task's)");
  cmd->add_option("--train-size", o.train_size, "Synthetic tasks: training sequences (default 6000; image 2000)");
  cmd->add_option("--classes", o.classes, "frames/graph: number of classes (default 5 / 3); image: colours (3)");
  cmd->add_option("--cap", o.cap, "count: the largest count tag, shown as 'cap+' (default 4)");
  cmd->add_option("--noise", o.noise, "frames, image: noise standard deviation (default 1.0; image 0.1)");
  cmd->add_option("--image-size", o.image_size, "image: side S of the S x S images, 8..16 (default 12)");
}

void add_model_options(CLI::App* cmd, ModelOptions& o) {
  cmd->add_option("--model", o.model,
                  "attention (self-attention tagger), window (window FC), cnn (convolutions: 1-D, or 2-D k x k on "
                  "the image task), rnn (Elman or GRU)")
      ->capture_default_str();
  ranged(cmd->add_option("--layers", o.layers, "attention: blocks L")->capture_default_str(), "layers");
  ranged(cmd->add_option("--heads", o.heads, "attention: heads H (must divide --dim)")->capture_default_str(), "heads");
  ranged(cmd->add_option("--dim", o.dim, "Width D of the token vectors (every model)")->capture_default_str(), "dim");
  cmd->add_option("--ffn", o.ffn, "attention: feed-forward width F (default 2*dim)");
  cmd->add_option("--pe", o.pe,
                  "attention: positional encoding none | sinusoidal | learned | alibi (default sinusoidal; graph: "
                  "none). On the image task 2-D: sinusoidal = half the width for the pixel's row, half for its "
                  "column; learned = a row table + a column table; alibi = penalty by |row diff| + |column diff|");
  ranged(
      cmd->add_option("--pe-scale", o.pe_scale,
                      "attention, --pe sinusoidal: amplitude s of the table, PE(p, 2i) = s*sin(p / 10000^(2i/D)), "
                      "PE(p, 2i+1) = s*cos(...) (default: the task's, 8 for the word tasks pos, own and seg_zh, where "
                      "s = 1 lets the N(0, 1) word vectors drown the position; 1 for the others)"),
      "pe_scale");
  cmd->add_option("--mask", o.mask,
                  "attention: full | causal (only earlier tokens) | window (truncated: |i-j| <= --window-mask; on an "
                  "image the (2w+1)x(2w+1) pixels around each pixel) | "
                  "graph (the graph task's default: attend along edges only; --mask full ignores the edges)");
  ranged(cmd->add_option("--window-mask", o.window_mask,
                         "attention: truncated attention, query i sees keys with |i-j| <= W (implies --mask window); "
                         "on an image the pixels within W rows and W columns: --window-mask 1 is a 3x3 "
                         "neighbourhood"),
         "window");
  cmd->add_option("--norm", o.norm, "attention: softmax | relu | sigmoid")->capture_default_str();
  cmd->add_option("--relevance", o.relevance, "attention: dot (q.k/sqrt(Dh)) | additive (w.tanh(q W'q + k W'k))")
      ->capture_default_str();
  cmd->add_option("--activation", o.activation, "attention: feed-forward activation relu | gelu")
      ->capture_default_str();
  ranged(cmd->add_option("--max-len", o.max_len,
                         "attention: rows of the learned positional table (default: the longest sequence of the data); "
                         "longer inputs are an error"),
         "max_len");
  ranged(cmd->add_option("--window", o.window, "window: k tokens seen by the window FC (odd; k x k pixels on an image)")
             ->capture_default_str(),
         "k");
  cmd->add_option("--hidden", o.hidden, "window/cnn/rnn: hidden width (channels, state size)")->capture_default_str();
  ranged(cmd->add_option("--kernel", o.kernel, "cnn: kernel width k (odd; a k x k kernel on an image)")
             ->capture_default_str(),
         "k");
  cmd->add_option("--cnn-layers", o.cnn_layers, "cnn: convolution layers")->capture_default_str();
  cmd->add_option("--rnn", o.rnn, "rnn: elman | gru")->capture_default_str();
  cmd->add_flag("--bidirectional", o.bidirectional, "rnn: also run right to left");
  ranged(cmd->add_option("--seed", o.seed, "Seed of the parameters and of the batch order")->capture_default_str(),
         "seed");
}

void add_train_options(CLI::App* cmd, TrainOptions& o) {
  cmd->add_option("--steps", o.steps, "Optimizer steps at most (default: the task's, pos 10000, the others 2000)");
  ranged(cmd->add_option("--batch", o.batch, "Sequences per step")->capture_default_str(), "batch");
  ranged(cmd->add_option("--lr", o.lr, "Peak learning rate of Adam")->capture_default_str(), "lr");
  cmd->add_option("--warmup", o.warmup, "Steps of linear learning-rate warm-up")->capture_default_str();
  cmd->add_flag("--constant-lr", o.constant_lr, "No cosine decay after the warm-up");
  cmd->add_option("--clip", o.clip, "Clip the gradient norm to this (0 = off)")->capture_default_str();
  cmd->add_option("--target-acc", o.target_acc,
                  "Stop as soon as the dev accuracy reaches this (0..1, or a percentage such as 98)");
  cmd->add_option("--word-dropout", o.word_dropout,
                  "pos, own, seg_zh: while training, a word (seg_zh: character) seen n times in the training split "
                  "is replaced by its unknown-word shape token with probability WORD_DROPOUT/n, so rare words most "
                  "often (0 = off)")
      ->capture_default_str();
  cmd->add_option("--eval-every", o.eval_every,
                  "Steps between dev evaluations / report lines (default: the task's, pos 500, the others 100)");
  cmd->add_option("--eval-max", o.eval_max, "Dev sequences per evaluation (0 = all)")->capture_default_str();
}

std::vector<Sequence> remap_with_vocab(const std::vector<Sequence>& seqs, const Dataset& model_data) {
  std::vector<Sequence> out = seqs;
  for (Sequence& s : out) {
    for (size_t i = 0; i < s.words.size(); ++i) s.tokens[i] = model_data.words.id(s.words[i]);
  }
  return out;
}

}  // namespace attnlab::cli
