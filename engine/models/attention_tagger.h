// The self-attention tagger: a small Transformer encoder that gives every input vector a tag (e.g. a part
// of speech). A SeqModel (model.h) like the baselines.
//
// B = sequences, T = tokens per sequence, N = B·T, V = vocabulary, Din = input feature width (features
// mode), D = model width, H = heads, Dh = D/H, L = layers (blocks), F = feed-forward width, C = tags
//
//   x = E[ids]                (tokens mode)   or   x = features·W_in + b_in   (features mode)      (N, D)
//   x = x + PE                (sinusoidal or learned; ALiBi acts inside attention instead)
//                             sinusoidal: PE(p, 2i) = s·sin(p / 10000^(2i/D)), PE(p, 2i+1) = s·cos(...),
//                             s = pe_scale (attention/posenc.h says why the pos task uses 8, not 1)
//                             on an image (grid_w > 0), pixel p = (r, c): PE(r, c) = concat(PE_{D/2}(r),
//                             PE_{D/2}(c)) (sinusoidal: half the width for the row, half for the column) or
//                             R[r] + C[c] (learned: a row table "pe_row" and a column table "pe_col")
//   for each of the L blocks (pre-LayerNorm):
//     x = x + MHA(LN1(x))     multi-head self-attention (attention/attention.h)
//     x = x + FFN(LN2(x))     feed-forward block (ops/ffn.h)
//   logits = LN_f(x)·W_head + b_head                                                          (N, C)
//   loss = mean cross-entropy over the tokens whose tag is not −1 (ops/loss.h)
//
// Graphs. A batch of graphs carries one adjacency matrix per graph (Batch::allow, (B, T, T)); the tagger
// combines each with padding into that sequence's attention mask, so a node attends only to its neighbours
// (and never into another graph of the batch). With ModelConfig::graph_mask = false the edges are ignored
// (every node attends to every node of its graph): the comparison that shows the mask is what makes
// attention a graph network.
//
// Parameters are registered by name ("block0.attn.wq", ...). Workspaces are sized once for (max_batch,
// max_len) and reused: a training step allocates nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/attention/attention.h"
#include "engine/models/model.h"

namespace attnlab {

// "" when the attention fields of the configuration make sense (check_model_config calls it for kind
// attention, after the shared fields), else a message for the student.
std::string check_attention_config(const ModelConfig& config);

// Memory a forward over B sequences of T tokens keeps for its attention: the scores and weights of every
// layer and head (2·L·B·H·T² numbers, for the backward pass and the app's views) and the mask (B·T² bytes).
// It grows with T², so very long inputs are refused with a message instead of exhausting memory.
double attention_memory_bytes(const ModelConfig& config, int B, int T, int bytes_per_number = 4);
constexpr double kMaxAttentionBytes = 1024.0 * 1024 * 1024;  // 1 GiB
// "" when attention_memory_bytes stays within kMaxAttentionBytes, else a message for the student.
std::string attention_memory_check(const ModelConfig& config, int B, int T);

template <typename Real>
class AttentionTagger : public SeqModel<Real> {
 public:
  // Builds the parameters and initializes them from config.seed. The configuration must pass
  // check_model_config (otherwise std::invalid_argument is thrown).
  explicit AttentionTagger(const ModelConfig& config);

  int attention_layers() const override { return this->cfg_.layers; }
  CView<Real> attention_scores(int l, int b, int h) const override;
  CView<Real> attention_weights(int l, int b, int h) const override;
  const std::uint8_t* attention_mask(int b) const override;
  CView<Real> attention_weight(AttnWeight w, int l, int head = -1) const override;
  CView<Real> attention_computed(AttnComputed what, int l, int b, int head = -1) const override;
  ScoreWork score_work() const override;
  // The (rows, D) table added to the input: sinusoidal (≥ T rows), learned (max_len rows); on an image the
  // (grid_h·grid_w, D) 2-D table, row p = pixel (p / grid_w, p % grid_w) (learned: R[r] + C[c], as now).
  CView<Real> pe_table() const override;
  std::vector<double> alibi_slopes() const;  // (H) for PE alibi, else empty
  // Layer l's attention in the last forward: what it kept for the backward pass (attention.h).
  const AttentionCache<Real>& attention_cache(int l) const { return acts_[l].attn; }

 private:
  std::string check_model_batch(const Batch<Real>& batch) const override;
  void forward_layers(const Batch<Real>& batch) override;
  const Real* backward_layers() override;

  struct Block {                              // pointers into the parameter (or gradient) buffer of one block
    Real *ln1_g = nullptr, *ln1_b = nullptr;  // (D) LayerNorm before attention
    AttentionParams<Real> attn;               // Wq, bq, ..., Wo, bo (+ additive relevance)
    Real *ln2_g = nullptr, *ln2_b = nullptr;  // (D) LayerNorm before the feed-forward block
    Real *w1 = nullptr, *b1 = nullptr;        // (D, F), (F)
    Real *w2 = nullptr, *b2 = nullptr;        // (F, D), (D)
  };
  struct Weights {
    Real* pos_emb = nullptr;                    // (max_len, D) learned PE (a sequence)
    Real *pe_row = nullptr, *pe_col = nullptr;  // (grid_h, D), (grid_w, D) learned PE of an image
    std::vector<Block> blocks;                  // (L)
    Real *lnf_g = nullptr, *lnf_b = nullptr;    // (D) final LayerNorm
    Real *head_w = nullptr, *head_b = nullptr;  // (D, C), (C)
  };
  struct BlockActs {                          // what one block's forward keeps
    Workspace<Real> x;                        // (N, D) residual stream entering the block
    Workspace<Real> ln1, ln1_mean, ln1_rstd;  // (N, D), (N), (N)
    AttentionCache<Real> attn;                // Q, K, V, scores A, weights A', concat(O)
    Workspace<Real> att;                      // (N, D) attention output
    Workspace<Real> xm;                       // (N, D) x + att
    Workspace<Real> ln2, ln2_mean, ln2_rstd;  // (N, D), (N), (N)
    Workspace<Real> pre, hid;                 // (N, F) x·W1 + b1, act(pre)
    Workspace<Real> ffn;                      // (N, D) feed-forward output
  };

  void resize_workspace(int B, int T);
  AttentionSpec attention_spec() const;
  const std::uint8_t* batch_allow(const Batch<Real>& batch) const;  // the graphs' edges, unless ignored

  Weights P_;  // parameters
  Weights G_;  // their gradients (same layout)

  Workspace<std::uint8_t> mask_;  // (B, T, T) 1 = query i may see key j
  // (pe_rows_, D) the sinusoidal table; on an image with learned PE, R[r] + C[c] of the last forward (or of
  // pe_table(), which brings it up to date with the parameters)
  mutable Buffer<Real> pe_table_;
  int pe_rows_ = 0;
  Buffer<Real> dpe_table_;                     // (T, D) image, learned PE: d loss / d (R[r] + C[c])
  std::vector<BlockActs> acts_;                // (L)
  Workspace<Real> x_out_;                      // (N, D) residual stream after the last block
  Workspace<Real> lnf_, lnf_mean_, lnf_rstd_;  // (N, D), (N), (N)
  // backward scratch, shared by all blocks
  Workspace<Real> dnext_, dln_;           // (N, D)
  Workspace<Real> dffn_scratch_;          // (2·N·F)
  AttentionScratch<Real> dattn_scratch_;  // see attention.h
};

}  // namespace attnlab
