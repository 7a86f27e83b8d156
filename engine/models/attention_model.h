// The self-attention tagger (tagger.h) behind the common model interface (model.h).
//
// B = sequences, T = tokens per sequence (padded), N = B·T, C = tags
//
// Graphs. A batch of graphs carries one adjacency matrix per graph (Batch::allow, (B, T, T)); the tagger
// combines each with padding into that sequence's attention mask, so a node attends only to its neighbours
// (and never into another graph of the batch). With ModelConfig::graph_mask = false the edges are ignored
// (every node attends to every node of its graph): the comparison that shows the mask is what makes
// attention a graph network.
#pragma once

#include "engine/models/model.h"
#include "engine/models/tagger.h"

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
  int batch_size() const override { return tagger_.batch_size(); }
  int seq_len() const override { return tagger_.seq_len(); }
  CView<Real> logits() const override { return tagger_.logits(); }
  int attention_layers() const override { return cfg_.tagger.layers; }
  int attention_heads() const override { return cfg_.tagger.heads; }
  CView<Real> attention_weights(int layer, int b, int h) const override {
    return tagger_.attention_weights(layer, b, h);
  }
  CView<Real> pe_table() const override { return tagger_.pe_table(); }
  ScoreWork score_work() const override { return tagger_.score_work(); }

  Tagger<Real>& tagger() { return tagger_; }

 private:
  ModelConfig cfg_;
  Tagger<Real> tagger_;
};

}  // namespace attnlab
