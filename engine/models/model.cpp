// B = sequences, T = tokens per sequence, N = B·T, V = vocabulary, Din = feature width, D = width, C = tags
#include "engine/models/model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/models/attention_model.h"
#include "engine/models/cnn.h"
#include "engine/ops/embedding.h"
#include "engine/ops/linear.h"
#include "engine/ops/loss.h"
#include "engine/core/rng.h"
#include "engine/models/rnn.h"
#include "engine/models/window_fc.h"

namespace attnlab {

std::string check_model_config(const ModelConfig& c) {
  const TaggerConfig& t = c.tagger;
  if (c.kind == ModelKind::attention) return check_config(t);
  // the baselines use the shared fields only
  TaggerConfig shared = t;
  shared.heads = 1;
  shared.ffn = std::max(1, shared.ffn);
  const std::string problem = check_config(shared);
  if (!problem.empty()) return problem;
  if (c.hidden < 1) return "the hidden width must be at least 1 (got " + std::to_string(c.hidden) + ")";
  if (c.kind == ModelKind::window && (c.window < 1 || c.window % 2 == 0)) {
    return "the window FC needs an odd window k >= 1 (the token and (k-1)/2 neighbours on each side; got " +
           std::to_string(c.window) + ")";
  }
  if (c.kind == ModelKind::cnn && (c.kernel < 1 || c.kernel % 2 == 0)) {
    return "the CNN needs an odd kernel width >= 1 (got " + std::to_string(c.kernel) + ")";
  }
  if (c.kind == ModelKind::cnn && c.cnn_layers < 1) {
    return "the CNN needs at least 1 layer (got " + std::to_string(c.cnn_layers) + ")";
  }
  return "";
}

std::string describe(const ModelConfig& c) {
  const TaggerConfig& t = c.tagger;
  std::string s = to_string(c.kind);
  switch (c.kind) {
    case ModelKind::attention: {
      s += " L" + std::to_string(t.layers) + " H" + std::to_string(t.heads) + " D" + std::to_string(t.dim) + " " +
           to_string(t.pe) + " " + to_string(t.norm) + " " + to_string(t.relevance);
      if (t.mask.causal) s += " causal";
      if (t.mask.window >= 0) s += " window" + std::to_string(t.mask.window);
      if (!c.graph_mask) s += " no-graph-mask";
      break;
    }
    case ModelKind::window: s += " k" + std::to_string(c.window) + " D" + std::to_string(t.dim); break;
    case ModelKind::cnn:
      s += " k" + std::to_string(c.kernel) + " layers" + std::to_string(c.cnn_layers) + " D" + std::to_string(t.dim);
      break;
    case ModelKind::rnn: s += std::string(" ") + to_string(c.cell) + (c.bidirectional ? " bi" : " uni"); break;
  }
  if (c.kind != ModelKind::attention) s += " Hd" + std::to_string(c.hidden);
  return s;
}

template <typename Real>
void SeqModel<Real>::predict(int* tags) const {
  const CView<Real> z = logits();
  for (int n = 0; n < z.rows(); ++n) {
    int best = 0;
    for (int c = 1; c < z.cols(); ++c) best = z(n, c) > z(n, best) ? c : best;
    tags[n] = best;
  }
}

template <typename Real>
CView<Real> SeqModel<Real>::attention_weights(int, int, int) const {
  return cview<Real>(nullptr, 0, 0);
}

template <typename Real>
CView<Real> SeqModel<Real>::pe_table() const {
  return cview<Real>(nullptr, 0, 0);
}

template <typename Real>
std::unique_ptr<SeqModel<Real>> make_model(const ModelConfig& config) {
  const std::string problem = check_model_config(config);
  if (!problem.empty()) throw std::invalid_argument(problem);
  switch (config.kind) {
    case ModelKind::attention: return std::make_unique<AttentionModel<Real>>(config);
    case ModelKind::window: return std::make_unique<WindowTagger<Real>>(config);
    case ModelKind::cnn: return std::make_unique<CnnTagger<Real>>(config);
    case ModelKind::rnn: return std::make_unique<RnnTagger<Real>>(config);
  }
  return nullptr;
}

// ------------------------------------------------------------------------------------------- registry

template <typename Real>
void ParamRegistry<Real>::add(const std::string& name, int rows, int cols, Init init, double scale, Real** value,
                              Real** grad) {
  slots_.push_back(Slot{name, rows, cols, init, scale, value, grad});
}

template <typename Real>
void ParamRegistry<Real>::finish(ParamStore<Real>& store, std::uint32_t seed) {
  for (const Slot& s : slots_) store.add(s.name, s.rows, s.cols);
  store.allocate();
  Rng rng(seed);
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    const Slot& s = slots_[i];
    const std::size_t off = store.tensors()[i].offset;
    *s.value = store.values() + off;
    *s.grad = store.grads() + off;
    for (std::size_t j = 0; j < store.tensors()[i].size(); ++j) {
      double x = 0;
      if (s.init == uniform) x = rng.uniform(-s.scale, s.scale);
      if (s.init == normal) x = s.scale * rng.normal();
      (*s.value)[j] = static_cast<Real>(x);
    }
  }
}

// ------------------------------------------------------------------------------------------- input layer

template <typename Real>
void InputLayer<Real>::declare(ParamRegistry<Real>& reg, const TaggerConfig& c) {
  using R = ParamRegistry<Real>;
  if (c.input == InputMode::tokens) {
    reg.add("tok_emb", c.vocab, c.dim, R::normal, 1.0, &emb, &demb);  // as torch.nn.Embedding
  } else {
    const double a = 1.0 / std::sqrt(static_cast<double>(c.input_dim));  // as torch.nn.Linear
    reg.add("in_proj.w", c.input_dim, c.dim, R::uniform, a, &in_w, &din_w);
    reg.add("in_proj.b", 1, c.dim, R::uniform, a, &in_b, &din_b);
  }
}

template <typename Real>
std::string InputLayer<Real>::check(const Batch<Real>& batch, const TaggerConfig& c) const {
  if (batch.B < 1 || batch.T < 1) return "a batch needs at least one sequence of at least one token";
  if (c.input == InputMode::tokens && batch.tokens == nullptr) return "tokens mode needs token ids";
  if (c.input == InputMode::features && batch.features == nullptr) return "features mode needs feature vectors";
  for (int b = 0; b < batch.B; ++b) {
    const int len = batch.lengths != nullptr ? batch.lengths[b] : batch.T;
    if (len < 0 || len > batch.T) return "sequence " + std::to_string(b) + " has a bad length " + std::to_string(len);
    for (int t = 0; t < len; ++t) {
      const long n = static_cast<long>(b) * batch.T + t;
      if (c.input == InputMode::tokens && (batch.tokens[n] < 0 || batch.tokens[n] >= c.vocab)) {
        return "token id " + std::to_string(batch.tokens[n]) + " is outside the vocabulary 0.." +
               std::to_string(c.vocab - 1);
      }
      if (batch.tags != nullptr && batch.tags[n] != kIgnoreTag && (batch.tags[n] < 0 || batch.tags[n] >= c.tags)) {
        return "tag " + std::to_string(batch.tags[n]) + " is not -1 or a tag 0.." + std::to_string(c.tags - 1);
      }
    }
  }
  return "";
}

template <typename Real>
void InputLayer<Real>::load(const Batch<Real>& batch, const TaggerConfig& c) {
  B = batch.B;
  T = batch.T;
  const long N = static_cast<long>(B) * T;
  ids.resize(N);
  tags.resize(N);
  lengths.resize(B);
  for (int b = 0; b < B; ++b) {
    lengths[b] = batch.lengths != nullptr ? batch.lengths[b] : T;
    for (int t = 0; t < T; ++t) {
      const long n = static_cast<long>(b) * T + t;
      const bool real = t < lengths[b];
      ids[n] = (real && batch.tokens != nullptr) ? batch.tokens[n] : 0;
      tags[n] = (real && batch.tags != nullptr) ? batch.tags[n] : kIgnoreTag;
    }
  }
  if (c.input == InputMode::features) {
    features.resize(N * c.input_dim);
    std::copy(batch.features, batch.features + N * c.input_dim, features.begin());
  }
}

template <typename Real>
void InputLayer<Real>::forward(Real* x, const TaggerConfig& c) const {
  const int N = B * T;
  if (c.input == InputMode::tokens) {
    embedding_forward(x, ids.data(), emb, N, c.dim);  // x = E[ids]
  } else {
    linear_forward(x, features.data(), in_w, in_b, N, c.input_dim, c.dim);  // x = features·W_in + b_in
  }
}

template <typename Real>
void InputLayer<Real>::backward(const Real* dx, const TaggerConfig& c) {
  const int N = B * T;
  if (c.input == InputMode::tokens) {
    embedding_backward(demb, dx, ids.data(), N, c.dim);
  } else {
    linear_backward<Real>(nullptr, din_w, din_b, dx, features.data(), in_w, N, c.input_dim, c.dim);
  }
}

// ------------------------------------------------------------------------------------------- baseline

template <typename Real>
bool BaselineModel<Real>::begin_forward(const ModelBatch<Real>& batch, std::string* error) {
  const std::string problem = in_.check(batch, cfg_.tagger);
  if (!problem.empty()) {
    if (error != nullptr) *error = problem;
    have_forward_ = false;
    return false;
  }
  in_.load(batch, cfg_.tagger);
  const std::size_t N = static_cast<std::size_t>(in_.B) * in_.T;
  x_.resize(N * cfg_.tagger.dim);
  dx_.resize(N * cfg_.tagger.dim);
  logits_.resize(N * cfg_.tagger.tags);
  probs_.resize(N * cfg_.tagger.tags);
  dlogits_.resize(N * cfg_.tagger.tags);
  in_.forward(x_.data(), cfg_.tagger);
  return true;
}

template <typename Real>
void BaselineModel<Real>::finish_forward() {
  loss_ = cross_entropy_forward(probs_.data(), logits_.data(), in_.tags.data(), in_.B * in_.T, cfg_.tagger.tags);
  have_forward_ = true;
}

template <typename Real>
void BaselineModel<Real>::begin_backward() {
  std::fill(dlogits_.begin(), dlogits_.end(), Real(0));
  cross_entropy_backward(dlogits_.data(), probs_.data(), in_.tags.data(), in_.B * in_.T, cfg_.tagger.tags);
}

template class SeqModel<float>;
template class SeqModel<double>;
template class ParamRegistry<float>;
template class ParamRegistry<double>;
template class InputLayer<float>;
template class InputLayer<double>;
template class BaselineModel<float>;
template class BaselineModel<double>;
template std::unique_ptr<SeqModel<float>> make_model<float>(const ModelConfig&);
template std::unique_ptr<SeqModel<double>> make_model<double>(const ModelConfig&);

}  // namespace attnlab
