// The tagger: a small Transformer encoder that gives every input token a tag (e.g. a part of speech).
//
// B = sequences, T = tokens per sequence, N = B·T, V = vocabulary, Din = input feature width (features
// mode), D = model width, H = heads, Dh = D/H, L = layers (blocks), F = feed-forward width, C = tags
//
//   x = E[ids]                (tokens mode)   or   x = features·W_in + b_in   (features mode)      (N, D)
//   x = x + PE                (sinusoidal or learned; ALiBi acts inside attention instead)
//   for each of the L blocks (pre-LayerNorm):
//     x = x + MHA(LN1(x))     multi-head self-attention (attention.h)
//     x = x + FFN(LN2(x))     feed-forward block (ffn.h)
//   logits = LN_f(x)·W_head + b_head                                                          (N, C)
//   loss = mean cross-entropy over the tokens whose tag is not −1 (loss.h)
//
// All parameters live in one ParamStore (params.h), with names such as "block0.attn.wq".
// Workspaces are sized once for (max_batch, max_len) and reused: a training step allocates nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/ops/activation.h"
#include "engine/core/batch.h"
#include "engine/attention/attention.h"
#include "engine/attention/attention_norm.h"
#include "engine/ops/loss.h"
#include "engine/attention/mask.h"
#include "engine/core/params.h"
#include "engine/attention/posenc.h"
#include "engine/core/tensor.h"

namespace attnlab {

struct TaggerConfig {
  InputMode input = InputMode::tokens;  // token ids, or continuous feature vectors (e.g. speech frames)
  int vocab = 512;                      // V: token ids are 0 .. V−1 (tokens mode)
  int input_dim = 0;                    // Din: width of one feature vector (features mode)
  int tags = 17;                        // C
  int dim = 64;                         // D
  int heads = 4;                        // H, must divide D
  int layers = 2;                       // L
  int ffn = 128;                        // F
  Activation activation = Activation::relu;
  int max_len = 32;                     // rows of a learned PE table; workspace length
  int max_batch = 32;                   // workspace batch size (a larger batch grows the workspace once)
  PosEnc pe = PosEnc::sinusoidal;
  AttnNorm norm = AttnNorm::softmax;
  Relevance relevance = Relevance::dot;
  MaskSpec mask;                        // causal / window / allow; padding comes with each batch
  bool attn_bias = true;                // biases bq, bk, bv, bo
  float ln_eps = 1e-5f;
  std::uint32_t seed = 0;               // parameter initialization
};

// The reference configuration "bench-tagger" (bench-anchors/README.md): V 512, C 17, D 64, H 4, L 2,
// F 128 ReLU, sinusoidal PE, softmax, no mask, batch 32 × 32 tokens. 100,945 parameters.
TaggerConfig bench_tagger_config();

// "" when the configuration describes a model, else a message for the student.
std::string check_config(const TaggerConfig& config);

// Matrix-product FLOPs of one forward pass over B sequences of T tokens (tokens mode, dot-product relevance),
// counted as bench-anchors/flops.py does: a product (m, k)·(k, n) is 2·m·n·k FLOPs; per block Q, K, V and the
// output projection, the scores Q·Kᵀ and the weighted sum A'·V of every head, the two feed-forward products;
// then the tag head. A training step is 3× this (backward = 2 products per forward product).
// bench-tagger, B = T = 32: 153,223,168 (459.7 M per training step).
double forward_matmul_flops(const TaggerConfig& config, int B, int T);

// Memory a forward over B sequences of T tokens keeps for its attention: the scores and weights of every
// layer and head (2·L·B·H·T² numbers, for the backward pass and the app's views) and the mask (B·T² bytes).
// It grows with T², so very long inputs are refused with a message instead of exhausting memory.
double attention_memory_bytes(const TaggerConfig& config, int B, int T, int bytes_per_number = 4);
constexpr double kMaxAttentionBytes = 1024.0 * 1024 * 1024;  // 1 GiB
// "" when attention_memory_bytes stays within kMaxAttentionBytes, else a message for the student.
std::string attention_memory_check(const TaggerConfig& config, int B, int T);

template <typename Real>
class Tagger {
 public:
  // Builds the parameters and initializes them from config.seed. The configuration must pass
  // check_config (otherwise std::invalid_argument is thrown).
  explicit Tagger(const TaggerConfig& config);
  // A copy has the same configuration, parameters and gradients, and its own buffers; it has not run a
  // forward pass yet. (Moving keeps everything.)
  Tagger(const Tagger& other);
  Tagger& operator=(const Tagger& other);
  Tagger(Tagger&&) noexcept = default;
  Tagger& operator=(Tagger&&) noexcept = default;

  const TaggerConfig& config() const { return cfg_; }
  ParamStore<Real>& params() { return store_; }
  const ParamStore<Real>& params() const { return store_; }
  std::size_t num_parameters() const { return store_.size(); }
  // Re-draw every parameter from `seed` (same seed, same numbers).
  void init_parameters(std::uint32_t seed);

  // "" when the batch fits this model, else a message for the student (e.g. an input longer than the
  // learned positional table, a token id outside the vocabulary).
  std::string check_batch(const Batch<Real>& batch) const;
  // Runs the model on the batch. On a batch check_batch rejects, computes nothing, stores the message in
  // *error (when given) and returns false. The batch's arrays are copied: they need not outlive the call.
  bool forward(const Batch<Real>& batch, std::string* error = nullptr);
  Real loss() const { return loss_; }  // mean cross-entropy of the last forward (0 without tags)

  void zero_grad() { store_.zero_grad(); }
  // Gradients of the last forward's loss, ACCUMULATED into params().grads() (call zero_grad() first).
  void backward();

  // What the last forward computed (B = batch_size(), T = seq_len()).
  int batch_size() const { return B_; }
  int seq_len() const { return T_; }
  CView<Real> logits() const;                             // (N, C)
  CView<Real> probs() const;                              // (N, C) softmax of the logits
  void predict(int* tags) const;                          // (N) argmax tag of every token
  CView<Real> attention_weights(int layer, int b, int h) const;  // (T, T) A' of one head, row = query
  CView<Real> attention_scores(int layer, int b, int h) const;   // (T, T) S before normalization
  const std::uint8_t* attention_mask(int b) const;        // (T, T) 1 = query i may see key j
  // Layer `layer`'s attention in the last forward, for the app's step-by-step and matrix views: its input
  // I = LN1(x) (N, D), and the Q, K, V, scores, weights and concat(O) it computed.
  CView<Real> attention_input(int layer) const { return cview(acts_[layer].ln1.data(), B_ * T_, cfg_.dim); }
  const AttentionCache<Real>& attention_cache(int layer) const { return acts_[layer].attn; }
  // The scores the last forward computed, over all layers (attention.h: only what the mask allows).
  ScoreWork score_work() const {
    ScoreWork w;
    for (int l = 0; have_forward_ && l < cfg_.layers; ++l) {
      const ScoreWork one = attention_score_work(acts_[l].attn);
      w.computed += one.computed, w.dense += one.dense;
    }
    return w;
  }
  // The positional table added to the input: sinusoidal (≥T rows, fixed), learned (max_len rows, the
  // parameters); none and alibi: 0 rows.
  CView<Real> pe_table() const;
  std::vector<double> alibi_slopes() const;  // (H) for PE alibi, else empty
  // Features mode, after backward: d loss / d features (N, Din). Tokens mode: nullptr.
  const Real* input_grad() const;

 private:
  struct Block {  // pointers into the parameter (or gradient) buffer of one block
    Real *ln1_g = nullptr, *ln1_b = nullptr;  // (D) LayerNorm before attention
    AttentionParams<Real> attn;               // Wq, bq, ..., Wo, bo (+ additive relevance)
    Real *ln2_g = nullptr, *ln2_b = nullptr;  // (D) LayerNorm before the feed-forward block
    Real *w1 = nullptr, *b1 = nullptr;        // (D, F), (F)
    Real *w2 = nullptr, *b2 = nullptr;        // (F, D), (D)
  };
  struct Weights {
    Real* tok_emb = nullptr;                    // (V, D) tokens mode
    Real *in_w = nullptr, *in_b = nullptr;      // (Din, D), (D) features mode
    Real* pos_emb = nullptr;                    // (max_len, D) learned PE
    std::vector<Block> blocks;                  // (L)
    Real *lnf_g = nullptr, *lnf_b = nullptr;    // (D) final LayerNorm
    Real *head_w = nullptr, *head_b = nullptr;  // (D, C), (C)
  };
  struct BlockActs {  // what one block's forward keeps
    Buffer<Real> x;                        // (N, D) residual stream entering the block
    Buffer<Real> ln1, ln1_mean, ln1_rstd;  // (N, D), (N), (N)
    AttentionCache<Real> attn;             // Q, K, V, scores, weights, concat(O)
    Buffer<Real> att;                      // (N, D) attention output
    Buffer<Real> xm;                       // (N, D) x + att
    Buffer<Real> ln2, ln2_mean, ln2_rstd;  // (N, D), (N), (N)
    Buffer<Real> pre, hid;                 // (N, F) x·W1 + b1, act(pre)
    Buffer<Real> ffn;                      // (N, D) feed-forward output
  };
  struct InitRule {
    enum Kind { zeros, ones, normal, uniform } kind;
    double scale;  // normal: standard deviation; uniform: bound a of U(−a, a)
  };

  template <typename Take>
  void walk(Weights& w, Take&& take);  // the one list of parameter tensors: names, shapes, init
  void resize_workspace(int B, int T);
  AttentionSpec attention_spec() const;

  TaggerConfig cfg_;
  ParamStore<Real> store_;
  std::vector<InitRule> init_;  // per tensor of store_
  Weights P_;                   // parameters
  Weights G_;                   // their gradients (same layout)

  int B_ = 0, T_ = 0;                         // shape of the last forward
  bool have_forward_ = false;
  Real loss_ = 0;
  std::vector<int> ids_;                      // (N) token ids, padded positions → 0
  std::vector<int> tags_;                     // (N) targets, padded positions → −1
  std::vector<int> lengths_;                  // (B)
  std::vector<std::uint8_t> mask_;            // (B, T, T) 1 = query i may see key j
  Buffer<Real> features_;                     // (N, Din) features mode
  Buffer<Real> pe_table_;                     // (pe_rows_, D) sinusoidal table
  int pe_rows_ = 0;
  std::vector<BlockActs> acts_;               // (L)
  Buffer<Real> x_out_;                        // (N, D) residual stream after the last block
  Buffer<Real> lnf_, lnf_mean_, lnf_rstd_;    // (N, D), (N), (N)
  Buffer<Real> logits_, probs_;               // (N, C)
  // backward scratch, shared by all blocks
  Buffer<Real> dlogits_;                      // (N, C)
  Buffer<Real> dnext_, dxm_, dbranch_, dln_;  // (N, D)
  Buffer<Real> dffn_scratch_;                 // (2·N·F)
  AttentionScratch<Real> dattn_scratch_;      // see attention.h
  Buffer<Real> dfeatures_;                    // (N, Din) features mode
};

}  // namespace attnlab
