// B = sequences, T = tokens per sequence, N = B·T, Ttot = Σ_b len_b, Din = feature width, C = tags
#include "engine/attention_model.h"

#include <algorithm>

#include "engine/loss.h"

namespace attnlab {

namespace {

// WORKAROUND (until the Tagger accepts a per-batch allow matrix, e.g. Batch::allow (B, T, T)): replace the
// mask of an existing tagger. The Tagger reads cfg_.mask only in check_batch and forward (to build its
// (B, T, T) mask), so changing it between forwards is safe. The object is not const, so writing through
// the const reference config() returns is well-defined; it is confined to this one function.
template <typename Real>
void tagger_set_mask(Tagger<Real>& tagger, const MaskSpec& mask) {
  const_cast<TaggerConfig&>(tagger.config()).mask = mask;
}

}  // namespace

template <typename Real>
AttentionModel<Real>::AttentionModel(const ModelConfig& config) : cfg_(config), tagger_(config.tagger) {}

template <typename Real>
std::string AttentionModel<Real>::check_batch(const ModelBatch<Real>& batch_in) const {
  ModelBatch<Real> batch = batch_in;
  if (!cfg_.graph_mask) batch.allow = nullptr;  // the model ignores the edges
  if (batch.allow != nullptr) {
    if (cfg_.tagger.pe != PosEnc::none) {
      return std::string("graph nodes have no order: attention on graphs needs --pe none (got ") +
             to_string(cfg_.tagger.pe) + ")";
    }
    if (cfg_.tagger.mask.causal || cfg_.tagger.mask.window >= 0) {
      return "attention on graphs uses the edges as its mask: no causal or window mask";
    }
    return "";  // the packed batch is checked by the tagger in forward
  }
  return tagger_.check_batch(batch);
}

template <typename Real>
bool AttentionModel<Real>::forward(const ModelBatch<Real>& batch_in, std::string* error) {
  ModelBatch<Real> batch = batch_in;
  if (!cfg_.graph_mask) batch.allow = nullptr;  // the model ignores the edges
  std::string problem = check_batch(batch);
  if (!problem.empty()) {
    if (error != nullptr) *error = problem;
    return false;
  }
  B_ = batch.B;
  T_ = batch.T;
  if (batch.allow == nullptr) {
    packed_ = false;
    if (mask_replaced_) {
      tagger_set_mask(tagger_, cfg_.tagger.mask);
      mask_replaced_ = false;
    }
    return tagger_.forward(batch, error);
  }
  // Pack the B graphs into one sequence with a block-diagonal allow matrix.
  const int B = batch.B, T = batch.T, Din = cfg_.tagger.input_dim;
  const bool features = cfg_.tagger.input == InputMode::features;
  offsets_.resize(B);
  lens_.resize(B);
  int Ttot = 0;
  for (int b = 0; b < B; ++b) {
    lens_[b] = batch.lengths != nullptr ? batch.lengths[b] : T;
    offsets_[b] = Ttot;
    Ttot += lens_[b];
  }
  if (Ttot == 0) {
    if (error != nullptr) *error = "the batch has no nodes";
    return false;
  }
  pk_tokens_.assign(Ttot, 0);
  pk_tags_.assign(Ttot, kIgnoreTag);
  pk_features_.assign(features ? static_cast<std::size_t>(Ttot) * Din : 0, Real(0));
  pk_mask_.causal = false;
  pk_mask_.window = -1;
  pk_mask_.allow_n = Ttot;
  pk_mask_.allow.assign(static_cast<std::size_t>(Ttot) * Ttot, 0);
  for (int b = 0; b < B; ++b) {
    for (int i = 0; i < lens_[b]; ++i) {
      const long src = static_cast<long>(b) * T + i;
      const int dst = offsets_[b] + i;
      if (batch.tokens != nullptr) pk_tokens_[dst] = batch.tokens[src];
      if (batch.tags != nullptr) pk_tags_[dst] = batch.tags[src];
      if (features)
        std::copy(batch.features + src * Din, batch.features + (src + 1) * Din,
                  pk_features_.begin() + static_cast<long>(dst) * Din);
      const std::uint8_t* row = batch.allow + (static_cast<long>(b) * T + i) * T;
      for (int j = 0; j < lens_[b]; ++j) {
        pk_mask_.allow[static_cast<std::size_t>(dst) * Ttot + offsets_[b] + j] = row[j];
      }
    }
  }
  tagger_set_mask(tagger_, pk_mask_);
  mask_replaced_ = true;
  Batch<Real> packed;
  packed.B = 1;
  packed.T = Ttot;
  packed.tokens = pk_tokens_.data();
  packed.features = features ? pk_features_.data() : nullptr;
  packed.tags = batch.tags != nullptr ? pk_tags_.data() : nullptr;
  packed.lengths = nullptr;
  if (!tagger_.forward(packed, error)) return false;
  packed_ = true;
  // unpack the logits to (N, C); padded rows are 0
  const int C = cfg_.tagger.tags;
  logits_.assign(static_cast<std::size_t>(B) * T * C, Real(0));
  const CView<Real> z = tagger_.logits();
  for (int b = 0; b < B; ++b) {
    for (int i = 0; i < lens_[b]; ++i) {
      for (int c = 0; c < C; ++c) logits_[(static_cast<std::size_t>(b) * T + i) * C + c] = z(offsets_[b] + i, c);
    }
  }
  return true;
}

template <typename Real>
CView<Real> AttentionModel<Real>::logits() const {
  if (packed_) return cview(logits_.data(), B_ * T_, cfg_.tagger.tags);
  return tagger_.logits();
}

template <typename Real>
CView<Real> AttentionModel<Real>::attention_weights(int layer, int b, int h) const {
  if (!packed_) return tagger_.attention_weights(layer, b, h);
  // graph b's block of the packed (Ttot, Ttot) matrix
  const CView<Real> all = tagger_.attention_weights(layer, 0, h);
  const int Ttot = static_cast<int>(all.rows());
  return cview(all.data() + static_cast<long>(offsets_[b]) * Ttot + offsets_[b], lens_[b], lens_[b], Ttot);
}

template class AttentionModel<float>;
template class AttentionModel<double>;

}  // namespace attnlab
