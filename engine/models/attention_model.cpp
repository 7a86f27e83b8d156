// B = sequences, T = tokens per sequence (padded), N = B·T
#include "engine/models/attention_model.h"

namespace attnlab {

template <typename Real>
AttentionModel<Real>::AttentionModel(const ModelConfig& config) : cfg_(config), tagger_(config.tagger) {}

template <typename Real>
std::string AttentionModel<Real>::check_batch(const ModelBatch<Real>& batch_in) const {
  ModelBatch<Real> batch = batch_in;
  if (!cfg_.graph_mask) batch.allow = nullptr;  // the model ignores the edges
  return tagger_.check_batch(batch);
}

template <typename Real>
bool AttentionModel<Real>::forward(const ModelBatch<Real>& batch_in, std::string* error) {
  ModelBatch<Real> batch = batch_in;
  if (!cfg_.graph_mask) batch.allow = nullptr;  // the model ignores the edges
  return tagger_.forward(batch, error);
}

template class AttentionModel<float>;
template class AttentionModel<double>;

}  // namespace attnlab
