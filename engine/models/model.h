// One interface for every tagging model, so the trainer (and the app's Compare panel) treats them alike:
//
//   attention  the self-attention tagger (tagger.h): L blocks of multi-head attention + feed-forward
//   window     the lecture's window FC: concat of the k embeddings around a token → ReLU layer → tags
//   cnn        1-D convolutions of kernel k, stacked (receptive field 1 + layers·(k−1)) → tags
//   rnn        Elman or GRU recurrent network, one- or two-directional → tags
//
// Each model reads a padded batch of B sequences and gives logits (N, C) for every position, plus the mean
// cross-entropy over the positions with a tag; backward ACCUMULATES the gradients into its ParamStore
// (one flat buffer, params.h), so one optimizer (optim.h) and one gradient checker serve every model.
//
// B = sequences, T = tokens per sequence (padded), N = B·T, V = vocabulary, Din = feature width,
// D = embedding / model width, Hd = hidden width of the baselines, C = tags
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/names.h"
#include "engine/core/params.h"
#include "engine/models/tagger.h"
#include "engine/core/tensor.h"

namespace attnlab {

enum class ModelKind { attention, window, cnn, rnn };
inline constexpr EnumName<ModelKind> kModelKindNames[] = {
    {ModelKind::attention, "attention", "the self-attention tagger"},
    {ModelKind::window, "window", "window FC: a fully connected net over k neighbouring tokens"},
    {ModelKind::cnn, "cnn", "1-D convolutions of kernel k (self-attention with a fixed window)"},
    {ModelKind::rnn, "rnn", "a recurrent network (Elman or GRU), read one token after another"},
};
constexpr NameTable<ModelKind> names_of(ModelKind) { return NameTable<ModelKind>(kModelKindNames); }

enum class RnnCell { elman, gru };
inline constexpr EnumName<RnnCell> kRnnCellNames[] = {
    {RnnCell::elman, "elman", "h = tanh(x·Wx + h·Wh + b)"},
    {RnnCell::gru, "gru", "gated recurrent unit: gates decide what to keep and what to write"},
};
constexpr NameTable<RnnCell> names_of(RnnCell) { return NameTable<RnnCell>(kRnnCellNames); }

struct ModelConfig {
  ModelKind kind = ModelKind::attention;
  // Shared by every model: input (mode, vocab, input_dim), tags, dim (the embedding width D), max_len,
  // max_batch (workspace sizes) and seed (initialization). The attention fields (heads, layers, ffn, pe,
  // norm, relevance, mask, ...) are used by the attention model only.
  TaggerConfig tagger;
  int hidden = 64;     // Hd: window FC hidden layer; CNN channels; RNN state width
  int window = 3;      // window FC: k tokens, centred (odd)
  int kernel = 3;      // CNN: kernel width (odd)
  int cnn_layers = 2;  // CNN: number of convolution layers
  RnnCell cell = RnnCell::gru;
  bool bidirectional = false;  // RNN: also run right-to-left and concatenate the two states
  bool graph_mask = true;      // attention on graphs: only along edges (false: every node sees every node)
};

// "" when the configuration describes a model, else a message for the student.
std::string check_model_config(const ModelConfig& config);
// One line: "attention L2 H4 D64 sinusoidal softmax full", "rnn gru bi Hd64", ...
std::string describe(const ModelConfig& config);

// A padded batch: tagger.h's Batch (for graphs with one allow matrix per sequence, Batch::allow).
template <typename Real>
using ModelBatch = Batch<Real>;


template <typename Real>
class SeqModel {
 public:
  virtual ~SeqModel() = default;
  virtual const ModelConfig& config() const = 0;
  virtual ParamStore<Real>& params() = 0;
  virtual const ParamStore<Real>& params() const = 0;
  std::size_t num_parameters() const { return params().size(); }

  // "" when the batch fits the model, else a message (a token outside the vocabulary, an input longer
  // than a learned positional table, ...).
  virtual std::string check_batch(const ModelBatch<Real>& batch) const = 0;
  // Computes logits (and the loss when the batch has tags). On a batch check_batch rejects: computes
  // nothing, stores the message in *error and returns false. The batch's arrays may be freed after the call.
  virtual bool forward(const ModelBatch<Real>& batch, std::string* error = nullptr) = 0;
  virtual Real loss() const = 0;  // mean cross-entropy of the last forward over the tagged positions
  void zero_grad() { params().zero_grad(); }
  // Gradients of the last forward's loss, ACCUMULATED into params().grads().
  virtual void backward() = 0;

  virtual int batch_size() const = 0;      // B of the last forward
  virtual int seq_len() const = 0;         // T of the last forward
  virtual CView<Real> logits() const = 0;  // (N, C), row b·T + t
  void predict(int* tags) const;           // (N) argmax of every row of logits()

  // Attention to show (the attention model; the baselines have none).
  virtual int attention_layers() const { return 0; }
  virtual int attention_heads() const { return 0; }
  // Weights A' of one head for sequence b of the last forward, row = query; its top-left len_b × len_b
  // block is the real sequence.
  virtual CView<Real> attention_weights(int layer, int b, int h) const;
  // The positional-encoding table added to the input, (rows, D); 0 rows when there is none.
  virtual CView<Real> pe_table() const;
  // Attention models: the score work of the last forward (attention.h's ScoreWork); others: none.
  virtual ScoreWork score_work() const { return {}; }
};

// Builds a model (parameters initialized from config.tagger.seed). Throws std::invalid_argument when
// check_model_config fails.
template <typename Real>
std::unique_ptr<SeqModel<Real>> make_model(const ModelConfig& config);

// ------------------------------------------------------------------------------------------------------
// Building blocks shared by the baselines (window FC, CNN, RNN).

// Registers named tensors in a ParamStore, then points each model field at its slice of the value and
// gradient buffers. Initialization: uniform U(−a, a) or normal N(0, a²), from one seed, in order.
template <typename Real>
class ParamRegistry {
 public:
  enum Init { uniform, normal, zeros };
  void add(const std::string& name, int rows, int cols, Init init, double scale, Real** value, Real** grad);
  void finish(ParamStore<Real>& store, std::uint32_t seed);  // allocate, bind, initialize

 private:
  struct Slot {
    std::string name;
    int rows, cols;
    Init init;
    double scale;
    Real** value;
    Real** grad;
  };
  std::vector<Slot> slots_;
};

// The input layer: x = E[ids] (tokens mode) or x = features·W_in + b_in (features mode).   x (N, D)
// Also copies a batch into padded arrays: token ids (padded → 0), tags (padded → −1), lengths.
template <typename Real>
class InputLayer {
 public:
  void declare(ParamRegistry<Real>& reg, const TaggerConfig& c);
  std::string check(const Batch<Real>& batch, const TaggerConfig& c) const;  // "" or a message
  void load(const Batch<Real>& batch, const TaggerConfig& c);                // copies ids/features, tags, lengths
  void forward(Real* x, const TaggerConfig& c) const;                        // x (N, D)
  void backward(const Real* dx, const TaggerConfig& c);  // dx (N, D) → gradients of E or W_in, b_in
  int B = 0, T = 0;
  std::vector<int> ids;        // (N) token ids, padded → 0
  std::vector<int> tags;       // (N) targets, padded → −1
  std::vector<int> lengths;    // (B)
  std::vector<Real> features;  // (N, Din) features mode

 private:
  Real *emb = nullptr, *demb = nullptr;    // (V, D) tokens mode
  Real *in_w = nullptr, *din_w = nullptr;  // (Din, D) features mode
  Real *in_b = nullptr, *din_b = nullptr;  // (D)
};

// What the baselines have in common: configuration, parameters, the input layer, logits and the loss.
template <typename Real>
class BaselineModel : public SeqModel<Real> {
 public:
  explicit BaselineModel(const ModelConfig& config) : cfg_(config) {}
  const ModelConfig& config() const override { return cfg_; }
  ParamStore<Real>& params() override { return store_; }
  const ParamStore<Real>& params() const override { return store_; }
  std::string check_batch(const ModelBatch<Real>& batch) const override { return in_.check(batch, cfg_.tagger); }
  Real loss() const override { return loss_; }
  int batch_size() const override { return in_.B; }
  int seq_len() const override { return in_.T; }
  CView<Real> logits() const override { return cview(logits_.data(), in_.B * in_.T, cfg_.tagger.tags); }

 protected:
  // Checks and loads the batch and sizes logits, probs, dlogits; false (and *error) on a bad batch.
  bool begin_forward(const ModelBatch<Real>& batch, std::string* error);
  // loss = CE(logits) over the tagged positions.
  void finish_forward();
  // dlogits = d loss / d logits (overwritten).
  void begin_backward();

  ModelConfig cfg_;
  ParamStore<Real> store_;
  InputLayer<Real> in_;
  bool have_forward_ = false;
  Real loss_ = 0;
  std::vector<Real> x_;                         // (N, D) input vectors
  std::vector<Real> dx_;                        // (N, D)
  std::vector<Real> logits_, probs_, dlogits_;  // (N, C)
};

}  // namespace attnlab
