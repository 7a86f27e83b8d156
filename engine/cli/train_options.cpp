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

static std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
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

void add_task_options(CLI::App* cmd, TaskOptions& o) {
  cmd->add_option("--task", o.task,
                  "What to learn: pos (English part of speech, 17 UPOS tags), seen (was this token seen earlier?), "
                  "count (how often does it occur?), reverse (token at T-1-i), sort (i-th smallest token), "
                  "frames (speech-like segment classes of noisy feature vectors), graph (majority class of a "
                  "node's neighbours)")
      ->capture_default_str();
  cmd->add_option("--data", o.data,
                  "pos: a CoNLL-U file (e.g. a Universal Dependencies treebank) instead of the built-in corpus");
  cmd->add_option("--data-seed", o.data_seed, "Seed of the data: synthetic sequences, the pos train/dev/test split")
      ->capture_default_str();
  cmd->add_option("--lengths", o.lengths, "Synthetic tasks: sequence lengths MIN:MAX (default: the task's)");
  cmd->add_option("--vocab", o.vocab, "seen/count/reverse/sort: size of the token alphabet (default: the task's)");
  cmd->add_option("--train-size", o.train_size, "Synthetic tasks: training sequences (default 6000)");
  cmd->add_option("--classes", o.classes, "frames/graph: number of classes (default 5 / 3)");
  cmd->add_option("--cap", o.cap, "count: the largest count tag, shown as 'cap+' (default 4)");
  cmd->add_option("--noise", o.noise, "frames: noise standard deviation (default 1.0)");
}

void add_model_options(CLI::App* cmd, ModelOptions& o) {
  cmd->add_option("--model", o.model,
                  "attention (self-attention tagger), window (window FC), cnn (1-D convolutions), rnn "
                  "(Elman or GRU)")
      ->capture_default_str();
  cmd->add_option("--layers", o.layers, "attention: blocks L")->capture_default_str();
  cmd->add_option("--heads", o.heads, "attention: heads H (must divide --dim)")->capture_default_str();
  cmd->add_option("--dim", o.dim, "Width D of the token vectors (every model)")->capture_default_str();
  cmd->add_option("--ffn", o.ffn, "attention: feed-forward width F (default 2*dim)");
  cmd->add_option("--pe", o.pe,
                  "attention: positional encoding none | sinusoidal | learned | alibi (default sinusoidal; graph: "
                  "none)");
  cmd->add_option("--mask", o.mask,
                  "attention: full | causal (only earlier tokens) | window (truncated: |i-j| <= --window-mask) | "
                  "graph (the graph task's default: attend along edges only; --mask full ignores the edges)");
  cmd->add_option("--window-mask", o.window_mask,
                  "attention: truncated attention, query i sees keys with |i-j| <= W (implies --mask window)");
  cmd->add_option("--norm", o.norm, "attention: softmax | relu | sigmoid")->capture_default_str();
  cmd->add_option("--relevance", o.relevance, "attention: dot (q.k/sqrt(Dh)) | additive (w.tanh(q W'q + k W'k))")
      ->capture_default_str();
  cmd->add_option("--activation", o.activation, "attention: feed-forward activation relu | gelu")
      ->capture_default_str();
  cmd->add_option("--max-len", o.max_len,
                  "attention: rows of the learned positional table (default: the longest sequence of the data); "
                  "longer inputs are an error");
  cmd->add_option("--window", o.window, "window: k tokens seen by the window FC (odd)")->capture_default_str();
  cmd->add_option("--hidden", o.hidden, "window/cnn/rnn: hidden width (channels, state size)")->capture_default_str();
  cmd->add_option("--kernel", o.kernel, "cnn: kernel width k (odd)")->capture_default_str();
  cmd->add_option("--cnn-layers", o.cnn_layers, "cnn: convolution layers")->capture_default_str();
  cmd->add_option("--rnn", o.rnn, "rnn: elman | gru")->capture_default_str();
  cmd->add_flag("--bidirectional", o.bidirectional, "rnn: also run right to left");
  cmd->add_option("--seed", o.seed, "Seed of the parameters and of the batch order")->capture_default_str();
}

void add_train_options(CLI::App* cmd, TrainOptions& o) {
  cmd->add_option("--steps", o.steps, "Optimizer steps at most")->capture_default_str();
  cmd->add_option("--batch", o.batch, "Sequences per step")->capture_default_str();
  cmd->add_option("--lr", o.lr, "Peak learning rate of Adam")->capture_default_str();
  cmd->add_option("--warmup", o.warmup, "Steps of linear learning-rate warm-up")->capture_default_str();
  cmd->add_flag("--constant-lr", o.constant_lr, "No cosine decay after the warm-up");
  cmd->add_option("--clip", o.clip, "Clip the gradient norm to this (0 = off)")->capture_default_str();
  cmd->add_option("--target-acc", o.target_acc,
                  "Stop as soon as the dev accuracy reaches this (0..1, or a percentage such as 98)");
  cmd->add_option("--word-dropout", o.word_dropout,
                  "pos: probability of replacing a training word by its unknown-word shape token")
      ->capture_default_str();
  cmd->add_option("--eval-every", o.eval_every, "Steps between dev evaluations / report lines")->capture_default_str();
  cmd->add_option("--eval-max", o.eval_max, "Dev sequences per evaluation (0 = all)")->capture_default_str();
}

TaskKind parse_task(const std::string& name) {
  TaskKind k;
  if (!from_string(name, &k)) throw Error("unknown task '" + name + "' (choose " + join(enum_names<TaskKind>()) + ")");
  return k;
}

std::pair<int, int> parse_lengths(const std::string& text) {
  const size_t colon = text.find(':');
  try {
    size_t used = 0;
    if (colon == std::string::npos) {
      const int v = std::stoi(text, &used);
      if (used == text.size() && v >= 1) return {v, v};
    } else {
      const int a = std::stoi(text.substr(0, colon), &used);
      if (used == colon) {
        const std::string rest = text.substr(colon + 1);
        const int b = std::stoi(rest, &used);
        if (used == rest.size() && a >= 1 && b >= a) return {a, b};
      }
    }
  } catch (const std::exception&) {
  }
  throw Error("--lengths '" + text + "' is not MIN:MAX with 1 <= MIN <= MAX (e.g. 8:16)");
}

TaskConfig build_task(const TaskOptions& o) {
  TaskConfig t = default_task_config(parse_task(o.task));
  if (o.data_seed < 0) throw Error("--data-seed cannot be negative");
  t.seed = static_cast<std::uint32_t>(o.data_seed);
  if (!o.lengths.empty()) {
    if (t.kind == TaskKind::pos) throw Error("--lengths is for synthetic tasks; pos sentences have their own lengths");
    std::tie(t.min_len, t.max_len) = parse_lengths(o.lengths);
  }
  if (!o.data.empty() && t.kind != TaskKind::pos) throw Error("--data is for the pos task (a CoNLL-U file)");
  if (o.vocab != 0) t.vocab = o.vocab;
  if (o.train_size != 0) t.train = o.train_size;
  if (o.classes != 0) t.classes = o.classes;
  if (o.cap != 0) t.cap = o.cap;
  if (o.noise >= 0) t.noise = static_cast<float>(o.noise);
  const std::string problem = check_task(t);
  if (!problem.empty()) throw Error(std::string(to_string(t.kind)) + ": " + problem);
  return t;
}

std::shared_ptr<Dataset> build_dataset(const TaskConfig& task, const std::string& data_file, std::string* data_name) {
  try {
    if (task.kind != TaskKind::pos) {
      if (data_name != nullptr) data_name->clear();
      return std::make_shared<Dataset>(make_synthetic_dataset(task));
    }
    std::string name;
    std::string text;
    if (!data_file.empty()) {
      text = read_text_file(data_file);
      name = data_file;
    } else {
      text = default_pos_corpus(&name);
    }
    if (data_name != nullptr) *data_name = data_file;
    return std::make_shared<Dataset>(make_pos_dataset(task, text, name));
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
}

ModelConfig build_model(const ModelOptions& o, TaskKind task) {
  ModelConfig m;
  if (!from_string(o.model, &m.kind))
    throw Error("unknown model '" + o.model + "' (choose attention, window, cnn, rnn)");
  ModelConfig& c = m;
  c.layers = o.layers;
  c.heads = o.heads;
  c.dim = o.dim;
  c.ffn = o.ffn > 0 ? o.ffn : 2 * o.dim;
  if (o.ffn < 0) throw Error("--ffn cannot be negative");
  const std::string pe = o.pe.empty() ? (task == TaskKind::graph ? "none" : "sinusoidal") : o.pe;
  if (!from_string(pe, &c.pe))
    throw Error("unknown positional encoding '" + pe + "' (choose none, sinusoidal, learned, alibi)");
  if (!from_string(o.norm, &c.norm))
    throw Error("unknown attention normalization '" + o.norm + "' (choose softmax, relu, sigmoid)");
  if (!from_string(o.relevance, &c.relevance))
    throw Error("unknown relevance '" + o.relevance + "' (choose dot, additive)");
  if (!from_string(o.activation, &c.activation))
    throw Error("unknown activation '" + o.activation + "' (choose relu, gelu)");
  const std::string mask =
      o.mask.empty() ? (o.window_mask >= 0 ? "window" : (task == TaskKind::graph ? "graph" : "full")) : o.mask;
  if (task == TaskKind::graph && mask != "graph" && mask != "full") {
    throw Error("the graph task takes --mask graph (attend along edges, the default) or --mask full (ignore them)");
  }
  if (task != TaskKind::graph && mask == "graph") throw Error("--mask graph is for the graph task");
  m.graph_mask = task != TaskKind::graph || mask == "graph";
  if (mask == "causal") {
    c.mask.causal = true;
  } else if (mask == "window") {
    if (o.window_mask < 0) throw Error("--mask window needs --window-mask W (query i sees keys with |i-j| <= W)");
  } else if (mask != "full" && mask != "graph") {
    throw Error("unknown mask '" + mask + "' (choose full, causal, window; graph for the graph task)");
  }
  if (o.window_mask >= 0 && mask == "full") throw Error("--window-mask goes with --mask window (or no --mask)");
  if (o.window_mask >= 0) c.mask.window = o.window_mask;
  if (o.max_len < 0) throw Error("--max-len cannot be negative");
  c.max_len = o.max_len;
  m.window = o.window;
  m.hidden = o.hidden;
  m.kernel = o.kernel;
  m.cnn_layers = o.cnn_layers;
  if (!from_string(o.rnn, &m.cell)) throw Error("unknown RNN cell '" + o.rnn + "' (choose elman, gru)");
  m.bidirectional = o.bidirectional;
  if (o.seed < 0) throw Error("--seed cannot be negative");
  c.seed = static_cast<std::uint32_t>(o.seed);
  // check what does not depend on the data now (vocab and tags are filled in later)
  ModelConfig probe = m;
  probe.vocab = probe.tags = probe.input_dim = 1;
  probe.max_len = std::max(1, probe.max_len);
  const std::string problem = check_model_config(probe);
  if (!problem.empty()) throw Error(problem);
  return m;
}

TrainConfig build_train(const TrainOptions& o, int seed) {
  TrainConfig t;
  t.steps = o.steps;
  t.batch = o.batch;
  t.lr = o.lr;
  t.warmup = o.warmup;
  t.cosine = !o.constant_lr;
  t.clip = o.clip;
  t.seed = static_cast<std::uint32_t>(seed);
  t.target_acc = o.target_acc > 1 ? o.target_acc / 100.0 : o.target_acc;  // 98 means 98 %
  t.eval_every = o.eval_every;
  t.eval_max = o.eval_max;
  t.word_dropout = o.word_dropout;
  const std::string problem = check_train_config(t);
  if (!problem.empty()) throw Error(problem);
  return t;
}

std::vector<Sequence> remap_with_vocab(const std::vector<Sequence>& seqs, const Dataset& model_data) {
  std::vector<Sequence> out = seqs;
  for (Sequence& s : out) {
    for (size_t i = 0; i < s.words.size(); ++i) s.tokens[i] = model_data.words.id(s.words[i]);
  }
  return out;
}

}  // namespace attnlab::cli
