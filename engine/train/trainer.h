// train/: the trainer (this file), Adam (optim.h), what a model costs (cost.h) and what its word embeddings
// have learned (embeddings.h). Depends on models and data (and the layers below them).
//
// Training, one step at a time: the app calls step_for(ms) every frame with its time budget, the CLI calls
// step(n) in a loop. Nothing blocks, nothing needs threads or files, so it runs the same in WebAssembly.
//
//   Trainer t(data, model_config, train_config);
//   while (!t.done()) { t.step(100); print(t.metrics()); }
//   EvalResult r = t.evaluate(t.data().test);
//
// A step: the next mini-batch (the training set is shuffled each epoch from TrainConfig::seed), forward,
// backward, gradient-norm clipping, one Adam step. Every eval_every steps the dev set is evaluated and a
// Metrics line is appended to history(). Training stops after `steps` steps, when the dev accuracy reaches
// target_acc, or when the loss stops being a finite number (divergence: a clear message, no NaN model).
// Attention weights for a fixed probe input and the positional-encoding table are recorded as snapshots in
// bounded memory, spread over the whole run, so the app can replay how attention formed.
//
// B = sequences per batch, T = tokens per sequence, L = layers, H = heads, D = model width, C = tags
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/data/tasks.h"
#include "engine/models/model.h"
#include "engine/train/optim.h"

namespace attnlab {

struct TrainConfig {
  int steps = 2000;           // optimizer steps at most
  int batch = 32;             // B: sequences per step
  double lr = 3e-3;           // peak learning rate of Adam
  int warmup = 100;           // steps of linear warm-up from 0 to lr
  bool cosine = true;         // then cosine decay to lr/10 at the last step (false: constant lr)
  double clip = 1.0;          // clip the global gradient norm to this (0 = off)
  std::uint32_t seed = 1;     // order of the training batches
  double target_acc = 0;      // stop once the dev accuracy is >= this (0 = off; accuracies are 0..1)
  int eval_every = 100;       // steps between dev evaluations (history lines)
  int eval_max = 0;           // dev sequences per evaluation (0 = all)
  int max_snapshots = 64;     // snapshots kept at most (older ones are thinned out, never the first)
  int snapshot_every = 10;    // first snapshot interval in steps (doubles each time the store is full)
  double word_dropout = 1.0;  // word tasks: a training word seen n times is replaced by its unknown-word shape
                              // token with probability word_dropout / n (rare words most, "the" almost never),
                              // so the model learns what to do with words it has never seen
};

// "" when the settings make sense, else a message.
std::string check_train_config(const TrainConfig& config);

// Accuracy of a model on some sequences.
struct EvalResult {
  double loss = 0;      // mean cross-entropy per token
  double accuracy = 0;  // correct / tokens
  long tokens = 0, correct = 0;
  std::vector<long> tag_total;    // (C) tokens whose true tag is c
  std::vector<long> tag_correct;  // (C) of those, predicted right
  std::vector<long> confusion;    // (C, C) row = true tag, column = predicted tag
  double tag_accuracy(int c) const { return tag_total[c] > 0 ? double(tag_correct[c]) / tag_total[c] : 0.0; }
  // Counting: start(C), add() each token's true and predicted tag, then finish() (correct and accuracy).
  void start(int C) {
    tag_total.assign(static_cast<std::size_t>(C), 0);
    tag_correct.assign(static_cast<std::size_t>(C), 0);
    confusion.assign(static_cast<std::size_t>(C) * C, 0);
  }
  void add(int truth, int predicted) {
    ++tag_total[static_cast<std::size_t>(truth)];
    ++confusion[static_cast<std::size_t>(truth) * tag_total.size() + static_cast<std::size_t>(predicted)];
    if (predicted == truth) ++tag_correct[static_cast<std::size_t>(truth)];
  }
  void finish() {
    correct = tokens = 0;
    for (std::size_t c = 0; c < tag_total.size(); ++c) correct += tag_correct[c], tokens += tag_total[c];
    accuracy = tokens > 0 ? static_cast<double>(correct) / tokens : 0.0;
  }
};

struct Metrics {
  long step = 0;         // optimizer steps done
  double lr = 0;         // learning rate of the last step
  double loss = 0;       // mean training loss over the steps since the previous line
  double train_acc = 0;  // token accuracy on those training batches
  double dev_acc = -1;   // dev accuracy at this line (−1: not evaluated yet)
  double dev_loss = 0;
  double grad_norm = 0;    // gradient norm (before clipping) of the last step
  double ms_per_step = 0;  // mean wall time of one step (forward + backward + Adam), all steps so far
  long tokens = 0;         // training tokens processed so far
  // attention models: (query, key) scores computed per step, over layers, heads and the batch (mean of all
  // steps so far), and how many a dense T×T computation would take (attention.h's ScoreWork); else 0
  double scores_per_step = 0;
  double dense_scores_per_step = 0;
};

// Every head's attention weights A' for one sequence, copied out of a model (what the views draw).
struct AttentionMaps {
  int layers = 0, heads = 0, len = 0;  // L, H and the sequence's length T (0 layers: the model has no attention)
  std::vector<float> weights;          // (L, H, T, T) row = query
  const float* head(int l, int h) const { return weights.data() + (static_cast<long>(l) * heads + h) * len * len; }
};

struct Snapshot : AttentionMaps {  // the probe's attention at one step
  long step = 0;
  int pe_rows = 0, pe_cols = 0;
  std::vector<float> pe;  // (pe_rows, D) positional table (learned: as trained so far)
};

// Packs sequences into a padded ModelBatch. Buffers grow to the largest batch once, then are reused.
class BatchBuilder {
 public:
  // Sequences idx[0..count) of seqs; with_tags = false leaves tags out (inference). With drop (word dropout:
  // drop[v] = the probability of hiding token v, word_dropout_odds()) and rng, each word of a sequence of words is
  // replaced by its shape token with its probability, one draw from *rng per word.
  const Batch<float>& build(const Dataset& data, const std::vector<Sequence>& seqs, const int* idx, int count,
                            bool with_tags = true, const std::vector<float>* drop = nullptr, Rng* rng = nullptr);

 private:
  Batch<float> batch_;
  std::vector<int> tokens_, tags_, lengths_;  // (B, T), (B, T), (B)
  std::vector<float> features_;               // (B, T, Din)
  std::vector<std::uint8_t> allow_;           // (B, T, T) graphs
};

// Word dropout of a word task: for each token id v, the probability min(1, word_dropout / n(v)) of hiding it
// behind its shape token while training, n(v) = its count in the training split (shape tokens: 0). A word seen
// twice is hidden half the time at word_dropout = 1, "the" almost never: the hidden words are like the rare
// words that test sentences bring, so the shape tokens learn what unknown words are (Kiperwasser & Goldberg
// 2016 use α / (α + n); measured here, the two differ by less than the noise).
std::vector<float> word_dropout_odds(const Dataset& data, double word_dropout);

// The tags of the batch the model last ran forward, as words are read from them (B·T, padded rows too): the best
// of each token's logits, except for seg_zh, where each sequence gets the best labelling that forms words
// (data/segmentation.h, bmes_decode). Accuracy counts the model's own labels (SeqModel::predict).
void decode_tags(const SeqModel<float>& model, const Dataset& data, const Batch<float>& mb, int* tags);

// Runs a model on sequences in batches of `batch` and counts what it gets right. Graph sequences use their
// allow matrices. Throws std::runtime_error if the model rejects a batch (e.g. a sequence longer than a
// learned positional table), with the model's message. *predicted, when given, gets every sequence's tags as words
// are read from them (decode_tags: seg_zh's form words).
EvalResult evaluate(SeqModel<float>& model, const Dataset& data, const std::vector<Sequence>& seqs, int batch = 32,
                    int max_sequences = 0, std::vector<std::vector<int>>* predicted = nullptr);

// Runs the model on one sequence (without its tags) and copies out what the views show: every head's weights
// into *maps, and the tag of every token into *predicted when given. The model's caches then hold this
// forward pass. "" on success, else the model's message (and *maps has 0 layers).
std::string run_sequence(SeqModel<float>& model, const Dataset& data, const Sequence& seq, AttentionMaps* maps,
                         std::vector<int>* predicted = nullptr);

// A trainer's saved state that cannot be used: truncated, corrupted, or of another model or data set.
struct TrainerStateError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Trainer {
 public:
  // Builds the model from model_config (its input, vocab and tag fields are taken from the dataset).
  // Throws std::invalid_argument with a message when a setting does not fit (e.g. a learned positional
  // table shorter than the data's sequences).
  Trainer(std::shared_ptr<const Dataset> data, const ModelConfig& model_config, const TrainConfig& config);

  // Live changes (the app's sliders): the peak learning rate and the batch size of the following steps.
  void set_schedule(double lr, int batch) {
    cfg_.lr = lr;
    cfg_.batch = batch;
  }
  int step(int n);          // runs up to n steps (fewer if training ends or waits); returns the steps taken
  int step_for(double ms);  // runs steps for about ms milliseconds (at least one); returns the steps taken
  // A corpus still arriving (Dataset::complete): the next batch needs sentences of a part that is not there yet,
  // so step() takes none. extend_data gives the trainer more of the same data set (the parts that came since:
  // make_corpus_dataset on the corpus so far); throws std::invalid_argument for any other data set. The steps
  // are the same whenever the parts arrive: the first epoch's order is fixed at the start, part by part.
  bool waiting() const;
  void extend_data(std::shared_ptr<const Dataset> more);
  bool done() const { return done_; }
  const std::string& stop_reason() const { return stop_reason_; }  // "steps", "target", "diverged: ..."
  bool diverged() const { return diverged_; }

  long steps_done() const { return step_; }         // optimizer steps so far (live)
  const Metrics& metrics() const { return last_; }  // the latest history line
  const std::vector<Metrics>& history() const { return history_; }
  const std::vector<Snapshot>& snapshots() const { return snapshots_; }
  EvalResult evaluate(const std::vector<Sequence>& seqs, int max_sequences = 0);

  SeqModel<float>& model() { return *model_; }
  const SeqModel<float>& model() const { return *model_; }
  const ModelConfig& model_config() const { return model_->config(); }
  const TrainConfig& config() const { return cfg_; }
  const Dataset& data() const { return *data_; }
  // The probe whose attention is recorded (default: the first dev sequence).
  void set_probe(const Sequence& probe) { probe_ = probe; }
  const Sequence& probe() const { return probe_; }

  // Fills in input mode, vocab, input_dim, tags and max_len from the dataset (max_len only if it is 0).
  static ModelConfig fit_to_data(ModelConfig config, const Dataset& data);
  std::shared_ptr<const Dataset> shared_data() const { return data_; }

  // The whole training state as bytes (trainer_state.cpp has the layout): everything a Trainer built from the
  // same data and configs needs to continue bit for bit — the weights, Adam's moments and step, the epoch's
  // order, cursor and shuffle state, the word-dropout generator, the step count and stop state, the sums since
  // the last history line, the live lr and batch, the history and the snapshots. So training can run in
  // another thread or a Web Worker while the UI's copy only adopts states. (The probe is not in it: the
  // receiver keeps its own, the first dev sequence.)
  //
  // What the receiver already has (its state_base()) is left out: history lines before `history`, and the
  // attention of snapshots up to step `snapshot_step` (those are named by their step only), so a state stays
  // small while the snapshots pile up.
  struct StateBase {
    std::size_t history = 0;  // history lines the receiver has
    long snapshot_step = -1;  // the step of the receiver's newest snapshot (-1: none)
  };
  StateBase state_base() const;
  std::vector<std::uint8_t> save_state(const StateBase& base) const;
  std::vector<std::uint8_t> save_state() const { return save_state(StateBase{0, -1}); }
  // Continues from a saved state. Throws TrainerStateError with a message when the bytes are truncated or
  // corrupted, come from another model or data set, or need history or snapshots this trainer does not have;
  // the trainer is then unchanged.
  void load_state(const std::uint8_t* bytes, std::size_t size);
  void load_state(const std::vector<std::uint8_t>& bytes) { load_state(bytes.data(), bytes.size()); }

 private:
  void one_step();
  void report();
  void take_snapshot();
  double lr_at(long step) const;

  std::shared_ptr<const Dataset> data_;
  TrainConfig cfg_;
  std::unique_ptr<SeqModel<float>> model_;
  Adam<float> adam_;
  BatchBuilder batcher_;
  std::vector<int> order_;  // (train size, once all has arrived) shuffled indices of the current epoch
  std::size_t cursor_ = 0;  // next index in order_
  std::uint32_t shuffle_state_;
  Rng drop_rng_;                // word dropout
  std::vector<float> drop_;     // (V) word dropout: the probability of hiding each token (empty: none)
  std::vector<int> predicted_;  // (B·T) scratch
  long step_ = 0;
  bool done_ = false, diverged_ = false;
  std::string stop_reason_;
  // since the last report
  double loss_sum_ = 0;
  long loss_count_ = 0, correct_ = 0, counted_ = 0;
  double total_ms_ = 0;
  double total_scores_ = 0, total_dense_scores_ = 0;  // attention scores computed / dense, all steps
  long tokens_ = 0;
  double grad_norm_ = 0;
  Metrics last_;
  std::vector<Metrics> history_;
  Sequence probe_;
  std::vector<Snapshot> snapshots_;
  long snapshot_interval_;
};

// Wall time of one training step (forward + backward + Adam) of a model on random input of B sequences of
// T tokens, averaged over `steps` steps after one warm-up step. For comparing models as T grows.
// work (optional) receives the attention score work of one step (0 for the baselines).
double measure_step_ms(const ModelConfig& config, int B, int T, int steps, std::uint32_t seed = 1,
                       ScoreWork* work = nullptr);

}  // namespace attnlab
