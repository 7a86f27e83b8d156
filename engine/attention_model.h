// The self-attention tagger (tagger.h) behind the common model interface (model.h).
//
// B = sequences, T = tokens per sequence (padded), N = B·T, Ttot = Σ_b len_b, C = tags
//
// Graphs. The Tagger takes ONE allow matrix for the whole model (TaggerConfig::mask.allow, applied to every
// sequence), but a batch of graphs has one adjacency matrix per graph. This adapter therefore batches
// graphs the way graph-learning libraries do: the B graphs of a batch become ONE sequence of Ttot nodes
// whose allow matrix is block-diagonal (graph b's adjacency in its own block, nothing across blocks), and
// the logits are unpacked back to (N, C). Attention then never crosses from one graph into another, and
// the loss (mean over tagged nodes) is the same as for a batch of B separate graphs. Positions are global
// in the packed sequence, so graphs need --pe none (graph nodes have no order anyway) and no causal or
// window mask. The model's mask is replaced for each graph batch (see attention_model.cpp).
// With ModelConfig::graph_mask = false the edges are ignored (every node attends to every node of its
// sequence): the comparison that shows the mask is what makes attention a graph network.
#pragma once

#include "engine/mask.h"
#include "engine/model.h"
#include "engine/tagger.h"

namespace attnlab {

template <typename Real>
class AttentionModel : public SeqModel<Real> {
 public:
  explicit AttentionModel(const ModelConfig& config);
  const ModelConfig& config() const override { return cfg_; }
  ParamStore<Real>& params() override { return tagger_.params(); }
  const ParamStore<Real>& params() const override { return tagger_.params(); }
  std::string check_batch(const ModelBatch<Real>& batch) const override;
  bool forward(const ModelBatch<Real>& batch, std::string* error = nullptr) override;
  Real loss() const override { return tagger_.loss(); }
  void backward() override { tagger_.backward(); }
  int batch_size() const override { return B_; }
  int seq_len() const override { return T_; }
  CView<Real> logits() const override;
  int attention_layers() const override { return cfg_.tagger.layers; }
  int attention_heads() const override { return cfg_.tagger.heads; }
  CView<Real> attention_weights(int layer, int b, int h) const override;
  CView<Real> pe_table() const override { return tagger_.pe_table(); }

  Tagger<Real>& tagger() { return tagger_; }

 private:
  ModelConfig cfg_;
  Tagger<Real> tagger_;
  int B_ = 0, T_ = 0;
  bool packed_ = false;                   // the last forward packed a batch of graphs
  bool mask_replaced_ = false;            // the tagger's mask is a graph batch's, not cfg_'s
  std::vector<int> offsets_;              // (B) first packed position of each graph
  std::vector<int> lens_;                 // (B)
  std::vector<int> pk_tokens_, pk_tags_;  // (Ttot)
  std::vector<Real> pk_features_;         // (Ttot, Din)
  MaskSpec pk_mask_;                      // block-diagonal allow (Ttot, Ttot)
  std::vector<Real> logits_;              // (N, C) unpacked logits (graphs)
};

}  // namespace attnlab
