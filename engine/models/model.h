// models/: one interface for every tagging model, so the trainer, the app's panels and the model files
// treat them alike and never ask which one they have:
//
//   attention  the self-attention tagger (attention_tagger.h): L blocks of multi-head attention + feed-forward
//   window     the lecture's window FC: concat of the k embeddings around a token → ReLU layer → tags
//   cnn        1-D convolutions of kernel k, stacked (receptive field 1 + layers·(k−1)) → tags
//   (on an image, ModelConfig::grid_w > 0, the window and the kernel are k×k pixels: 2-D)
//   rnn        Elman or GRU recurrent network, one- or two-directional → tags
//
// Every model is   x = input layer(batch)  (input_layer.h: word embeddings or projected features)
//                  logits = layers(x)      (what makes each model what it is)
//                  loss = mean cross-entropy over the positions with a tag
// SeqModel does the parts they share once: the parameters (registered by name, one flat buffer, params.h),
// their initialization, the batch checks, the input layer, the loss, predict. A model adds its own checks
// and its layers (forward_layers / backward_layers). backward ACCUMULATES into the gradient buffer, so one
// optimizer (optim.h) and one gradient checker serve every model.
//
// Depends on: core, kernels, ops, attention (the layers below). Nothing here knows of training or the UI.
//
// B = sequences, T = tokens per sequence (padded), N = B·T, V = vocabulary, Din = feature width,
// D = embedding / model width, H = heads, Dh = D/H, L = layers, F = feed-forward width, Hd = hidden width of
// the baselines, C = tags
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/attention/attention.h"
#include "engine/attention/mask.h"
#include "engine/attention/posenc.h"
#include "engine/core/batch.h"
#include "engine/core/names.h"
#include "engine/core/params.h"
#include "engine/core/tensor.h"
#include "engine/models/input_layer.h"
#include "engine/ops/activation.h"

namespace attnlab {

enum class ModelKind { attention, window, cnn, rnn };
inline constexpr EnumName<ModelKind> kModelKindNames[] = {
    {ModelKind::attention, "attention", "the self-attention tagger"},
    {ModelKind::window, "window", "window FC: a fully connected net over k neighbouring tokens (k x k pixels)"},
    {ModelKind::cnn, "cnn", "convolutions of kernel k, k x k on an image (self-attention with a fixed window)"},
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
  // Every model: the input layer, the width D, the tag head, workspace sizes, initialization.
  InputMode input = InputMode::tokens;  // token ids, or continuous feature vectors (e.g. speech frames)
  int vocab = 512;                      // V: token ids are 0 .. V−1 (tokens mode)
  int input_dim = 0;                    // Din: width of one feature vector (features mode)
  int tags = 17;                        // C
  int dim = 64;                         // D
  int max_len = 32;                     // rows of a learned PE table; workspace length
  int max_batch = 32;                   // workspace batch size (a larger batch grows the workspace once)
  std::uint32_t seed = 0;               // parameter initialization
  // At most this many parameters (0 = any): checked before they are allocated. Not a setting and not saved:
  // a model file's loader sets what the file's bytes hold, so a damaged file cannot ask for more memory.
  std::size_t max_parameters = 0;
  // Reserve the workspace for max_batch sequences of max_len at construction, so that no step allocates.
  // Not a setting and not saved: a model file's loader turns it off (the workspace then grows with the first
  // batch the model meets), so a file cannot make the page reserve memory for batches it never runs.
  bool reserve_workspace = true;
  // Images (the image task; Trainer::fit_to_data sets them from the data): every sequence is a grid_h × grid_w
  // image, its pixels row by row (T = grid_h·grid_w). 0 = a sequence. On a grid the positional encoding is
  // two-dimensional (row and column: posenc.h), the window mask is a square of (2w+1)×(2w+1) pixels (mask.h) and
  // the CNN's and the window FC's windows are k×k pixels.
  int grid_w = 0, grid_h = 0;
  // The attention tagger.
  int heads = 4;   // H, must divide D
  int layers = 2;  // L
  int ffn = 128;   // F
  Activation activation = Activation::relu;
  PosEnc pe = PosEnc::sinusoidal;
  // s: amplitude of the sinusoidal table, PE(p, 2i) = s·sin(p / 10000^(2i/D)) (posenc.h). 1 is the paper's
  // table (and what model files of format 1 used); the pos task's setting is 8 (settings.h: task_default_pe_scale).
  float pe_scale = 1.0f;
  AttnNorm norm = AttnNorm::softmax;
  Relevance relevance = Relevance::dot;
  MaskSpec mask;           // causal / window / allow; padding comes with each batch
  bool graph_mask = true;  // a batch's graphs (Batch::allow) restrict attention to the edges;
                           // false: the edges are ignored, every node sees every node
  bool attn_bias = true;   // biases bq, bk, bv, bo
  float ln_eps = 1e-5f;
  // The baselines.
  int hidden = 64;     // Hd: window FC hidden layer; CNN channels; RNN state width
  int window = 3;      // window FC: k tokens, centred (odd)
  int kernel = 3;      // CNN: kernel width (odd)
  int cnn_layers = 2;  // CNN: number of convolution layers
  RnnCell cell = RnnCell::gru;
  bool bidirectional = false;  // RNN: also run right-to-left and concatenate the two states
};

// "" when the configuration describes a model, else a message for the student. Checks the shared fields,
// then the ones of config.kind only.
std::string check_model_config(const ModelConfig& config);
// One line: "attention L2 H4 D64 sinusoidal softmax full", "rnn gru bi Hd64", ...
std::string describe(const ModelConfig& config);

// The learned matrices of one attention layer, by name (SeqModel::attention_weight).
enum class AttnWeight { wq, wk, wv, wo };
// What one attention layer computed in the last forward pass, by name (SeqModel::attention_computed):
// its input I = LN1(x), and Q = I·Wq, K = I·Wk, V = I·Wv, O = concat(O₁ .. O_H) (before Wo).
enum class AttnComputed { input, q, k, v, o };

template <typename Real>
class SeqModel {
 public:
  virtual ~SeqModel() = default;
  SeqModel(const SeqModel&) = delete;  // copy a model with clone(): its parameters are views into buffers
  SeqModel& operator=(const SeqModel&) = delete;

  const ModelConfig& config() const { return cfg_; }
  ParamStore<Real>& params() { return store_; }
  const ParamStore<Real>& params() const { return store_; }
  std::size_t num_parameters() const { return store_.size(); }
  // Re-draw every parameter from `seed` (same seed, same numbers).
  void init_parameters(std::uint32_t seed);
  // A new model of the same configuration with the same parameter values and gradients; it has not run a
  // forward pass yet.
  std::unique_ptr<SeqModel> clone() const;

  // "" when the batch fits the model, else a message (a token outside the vocabulary, an input longer
  // than a learned positional table, ...).
  std::string check_batch(const Batch<Real>& batch) const;
  // Computes logits (and the loss when the batch has tags). On a batch check_batch rejects: computes
  // nothing, stores the message in *error and returns false. The batch's arrays may be freed after the call.
  bool forward(const Batch<Real>& batch, std::string* error = nullptr);
  Real loss() const { return loss_; }  // mean cross-entropy of the last forward over the tagged positions
  void zero_grad() { store_.zero_grad(); }
  // Gradients of the last forward's loss, ACCUMULATED into params().grads() (call zero_grad() first).
  void backward();

  int batch_size() const { return in_.B; }  // B of the last forward
  int seq_len() const { return in_.T; }     // T of the last forward
  CView<Real> logits() const;               // (N, C), row b·T + t
  CView<Real> probs() const;                // (N, C) softmax of the logits
  void predict(int* tags) const;            // (N) argmax of every row of logits()
  // Features mode, after backward: d loss / d features (N, Din). Tokens mode: nullptr.
  const Real* input_grad() const { return in_.input_grad(); }

  // ---- What a model with attention shows (the others: 0 layers, empty views). b = sequence of the last
  // forward, l = layer, h = head; a (T, T) view's top-left len_b × len_b block is the real sequence.
  virtual int attention_layers() const { return 0; }
  int attention_heads() const { return attention_layers() > 0 ? cfg_.heads : 0; }
  virtual CView<Real> attention_scores(int l, int b, int h) const;   // (T, T) A = Q·Kᵀ/√d before norm
  virtual CView<Real> attention_weights(int l, int b, int h) const;  // (T, T) A' = norm(A), row = query
  virtual const std::uint8_t* attention_mask(int b) const;           // (T, T) 1 = query i may see key j
  // Wq, Wk, Wv, Wo of layer l: head < 0 the whole (D, D) matrix; else head h's part of it: its Dh columns of
  // Wq, Wk, Wv (D, Dh), its Dh rows of Wo (Dh, D).
  virtual CView<Real> attention_weight(AttnWeight w, int l, int head = -1) const;
  // What layer l computed for sequence b: I (T, D); Q, K, V, O of head h (T, Dh) (head < 0: all D columns).
  virtual CView<Real> attention_computed(AttnComputed what, int l, int b, int head = -1) const;
  // The scores the last forward computed, over all layers (attention.h: only what the mask allows).
  virtual ScoreWork score_work() const { return {}; }
  // The positional table added to the input, (rows, D): sinusoidal (≥ T rows, fixed), learned (max_len
  // rows, the parameters); 0 rows when there is none.
  virtual CView<Real> pe_table() const;

 protected:
  // A model registers its parameters in its constructor (add_param, in a fixed order), then calls
  // finish_parameters(), which allocates the buffers, points every registered field at its slice and draws
  // the initial values from config.seed in that order.
  explicit SeqModel(const ModelConfig& config);
  enum class Init { zeros, ones, normal, uniform };  // normal: N(0, scale²); uniform: U(−scale, scale)
  void add_param(const std::string& name, int rows, int cols, Init init, double scale, Real** value, Real** grad);
  void finish_parameters();

  // The model's own checks of a batch, after the shared ones ("" = fine).
  virtual std::string check_model_batch(const Batch<Real>&) const { return ""; }
  // logits_ (N, C) from x_ (N, D); in_ holds the batch's ids, tags and lengths.
  virtual void forward_layers(const Batch<Real>& batch) = 0;
  // From dlogits_ (N, C) back to the input vectors: returns d loss / d x (N, D), which the input layer
  // takes from there. Parameter gradients are accumulated.
  virtual const Real* backward_layers() = 0;

  ModelConfig cfg_;
  ParamStore<Real> store_;
  InputLayer<Real> in_;
  Workspace<Real> x_;                         // (N, D) the input vectors
  Workspace<Real> logits_, probs_, dlogits_;  // (N, C)
  Real loss_ = 0;
  bool have_forward_ = false;

 private:
  struct Slot {
    Real** value;
    Real** grad;
    Init init;
    double scale;
  };
  std::vector<Slot> slots_;  // per tensor of store_, in order
};

// Builds a model (parameters initialized from config.seed). Throws std::invalid_argument when
// check_model_config fails.
template <typename Real>
std::unique_ptr<SeqModel<Real>> make_model(const ModelConfig& config);

}  // namespace attnlab
