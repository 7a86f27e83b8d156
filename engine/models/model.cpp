// B = sequences, T = tokens per sequence, N = B·T, V = vocabulary, Din = feature width, D = width, C = tags
#include "engine/models/model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/core/rng.h"
#include "engine/models/attention_tagger.h"
#include "engine/models/cnn.h"
#include "engine/models/rnn.h"
#include "engine/models/window_fc.h"
#include "engine/ops/loss.h"

namespace attnlab {

namespace {

std::string bad(const std::string& what, int v) { return what + " (got " + std::to_string(v) + ")"; }

constexpr long long kMaxShape = 2147483647;  // rows and columns of a weight are ints
constexpr long long kMaxPixels = 65536;

// The fields every model uses: the input layer, the width, the tag head, the workspace.
std::string check_shared(const ModelConfig& c) {
  if (c.input == InputMode::tokens && c.vocab < 1) return bad("the vocabulary needs at least 1 token", c.vocab);
  if (c.input == InputMode::features && c.input_dim < 1) {
    return bad("features mode needs input_dim >= 1, the width of one input vector", c.input_dim);
  }
  if (c.tags < 1) return bad("there must be at least 1 tag", c.tags);
  if (c.dim < 1) return bad("the model width D must be at least 1", c.dim);
  if (c.max_len < 1) return bad("max_len must be at least 1", c.max_len);
  if (c.max_batch < 1) return bad("max_batch must be at least 1", c.max_batch);
  // An image is grid_h rows of grid_w pixels; a sequence has neither (whether T = grid_w·grid_h is checked
  // with each batch).
  if (c.grid_w < 0 || c.grid_h < 0 || (c.grid_w > 0) != (c.grid_h > 0)) {
    return "an image needs both a width and a height (grid_w and grid_h both > 0), a sequence neither (both 0); "
           "got grid_w = " +
           std::to_string(c.grid_w) + ", grid_h = " + std::to_string(c.grid_h);
  }
  // (a 256 x 256 image; attention over more pixels than ~11,000 would pass its 1 GiB of scores at any batch)
  if (static_cast<long long>(c.grid_w) * c.grid_h > kMaxPixels) {
    return "an image of " + std::to_string(c.grid_w) + " x " + std::to_string(c.grid_h) +
           " pixels is too large (at most " + std::to_string(kMaxPixels) + " pixels)";
  }
  return "";
}

std::string check_baseline(const ModelConfig& c) {
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
  // The weight shapes are ints: a window's k (k x k on an image) times the width it reads, and an RNN's
  // gate columns (4·Hd for an LSTM), must fit in one (a configuration no page makes, but a file can say it).
  const bool image = c.grid_w > 0;
  const long long k = c.kind == ModelKind::cnn ? c.kernel : c.window;
  const long long taps = image ? k * k : k, width = std::max(c.dim, c.hidden);
  if ((c.kind == ModelKind::cnn || c.kind == ModelKind::window) && static_cast<double>(taps) * width > kMaxShape) {
    return "a window of " + (image ? std::to_string(k) + "x" + std::to_string(k) : std::to_string(k)) +
           " positions over " + std::to_string(width) + " numbers is too large";
  }
  if (c.kind == ModelKind::rnn && 8LL * c.hidden > kMaxShape) return bad("the RNN state is too wide", c.hidden);
  return "";
}

// "k3" on a sequence, "3x3" on an image (the window of the CNN and of the window FC).
std::string kernel_name(int k, bool image) {
  return image ? std::to_string(k) + "x" + std::to_string(k) : "k" + std::to_string(k);
}

}  // namespace

std::string check_model_config(const ModelConfig& c) {
  const std::string shared = check_shared(c);
  if (!shared.empty()) return shared;
  return c.kind == ModelKind::attention ? check_attention_config(c) : check_baseline(c);
}

std::string describe(const ModelConfig& c) {
  std::string s = to_string(c.kind);
  switch (c.kind) {
    case ModelKind::attention: {
      s += " L" + std::to_string(c.layers) + " H" + std::to_string(c.heads) + " D" + std::to_string(c.dim) + " " +
           to_string(c.pe) + " " + to_string(c.norm) + " " + to_string(c.relevance);
      if (c.mask.causal) s += " causal";
      if (c.mask.window >= 0 && c.grid_w > 0) {  // on an image the window is a square of pixels
        const std::string k = std::to_string(2 * c.mask.window + 1);
        s += " window" + k + "x" + k;
      } else if (c.mask.window >= 0) {
        s += " window" + std::to_string(c.mask.window);
      }
      if (!c.graph_mask) s += " no-graph-mask";
      break;
    }
    case ModelKind::window: s += " " + kernel_name(c.window, c.grid_w > 0) + " D" + std::to_string(c.dim); break;
    case ModelKind::cnn:
      s += " " + kernel_name(c.kernel, c.grid_w > 0) + " layers" + std::to_string(c.cnn_layers) + " D" +
           std::to_string(c.dim);
      break;
    case ModelKind::rnn: s += std::string(" ") + to_string(c.cell) + (c.bidirectional ? " bi" : " uni"); break;
  }
  if (c.kind != ModelKind::attention) s += " Hd" + std::to_string(c.hidden);
  return s;
}

// ------------------------------------------------------------------------------------------- parameters

template <typename Real>
SeqModel<Real>::SeqModel(const ModelConfig& config) : cfg_(config) {
  const std::string problem = check_model_config(cfg_);
  if (!problem.empty()) throw std::invalid_argument(problem);
  in_.mode = cfg_.input;
  in_.input_dim = cfg_.input_dim;
  in_.dim = cfg_.dim;
  if (cfg_.reserve_workspace) in_.reserve(cfg_.max_batch, cfg_.max_len);
  // The input layer's parameters come first in every model.
  if (cfg_.input == InputMode::tokens) {
    add_param("tok_emb", cfg_.vocab, cfg_.dim, Init::normal, 1.0, &in_.emb, &in_.demb);  // as torch.nn.Embedding
    store_.set_row_sparse(store_.tensors().size() - 1);  // a batch writes the rows of its words only (params.h)
  } else {
    const double a = 1.0 / std::sqrt(static_cast<double>(cfg_.input_dim));  // as torch.nn.Linear
    add_param("in_proj.w", cfg_.input_dim, cfg_.dim, Init::uniform, a, &in_.in_w, &in_.din_w);
    add_param("in_proj.b", 1, cfg_.dim, Init::uniform, a, &in_.in_b, &in_.din_b);
  }
}

template <typename Real>
void SeqModel<Real>::add_param(const std::string& name, int rows, int cols, Init init, double scale, Real** value,
                               Real** grad) {
  store_.add(name, rows, cols);
  // Checked as the shapes are registered, not only at the end: a configuration of millions of layers is
  // found out after a few of them, before their names and shapes fill the memory.
  if (cfg_.max_parameters > 0 && store_.registered() > cfg_.max_parameters) {
    throw std::invalid_argument("the model would have more than the " + std::to_string(cfg_.max_parameters) +
                                " parameters allowed (" + std::to_string(store_.registered()) + " by " + name + ")");
  }
  slots_.push_back(Slot{value, grad, init, scale});
}

template <typename Real>
void SeqModel<Real>::finish_parameters() {
  store_.allocate();  // (add_param checked max_parameters)
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    const std::size_t off = store_.tensors()[i].offset;
    *slots_[i].value = store_.values() + off;
    *slots_[i].grad = store_.grads() + off;
  }
  init_parameters(cfg_.seed);
}

template <typename Real>
void SeqModel<Real>::init_parameters(std::uint32_t seed) {
  Rng rng(seed);
  for (std::size_t t = 0; t < slots_.size(); ++t) {
    Real* p = store_.values() + store_.tensors()[t].offset;
    const Slot& s = slots_[t];
    for (std::size_t j = 0; j < store_.tensors()[t].size(); ++j) {
      double x = 0;
      switch (s.init) {
        case Init::zeros: x = 0; break;
        case Init::ones: x = 1; break;
        case Init::normal: x = s.scale * rng.normal(); break;
        case Init::uniform: x = rng.uniform(-s.scale, s.scale); break;
      }
      p[j] = static_cast<Real>(x);
    }
  }
}

template <typename Real>
std::unique_ptr<SeqModel<Real>> SeqModel<Real>::clone() const {
  std::unique_ptr<SeqModel<Real>> copy = make_model<Real>(cfg_);
  std::copy(store_.values(), store_.values() + store_.size(), copy->store_.values());
  std::copy(store_.grads(), store_.grads() + store_.size(), copy->store_.grads());
  copy->store_.note_all_rows();  // (any row of the copied embedding gradient may be non-zero)
  return copy;
}

// ------------------------------------------------------------------------------------------- forward

template <typename Real>
std::string SeqModel<Real>::check_batch(const Batch<Real>& batch) const {
  const int B = batch.B, T = batch.T;
  if (B < 1 || T < 1) {
    return "a batch needs at least one sequence of at least one token (got B = " + std::to_string(B) +
           ", T = " + std::to_string(T) + ")";
  }
  if (cfg_.input == InputMode::tokens && batch.tokens == nullptr) return "tokens mode needs token ids";
  if (cfg_.input == InputMode::features && batch.features == nullptr) return "features mode needs feature vectors";
  if (cfg_.grid_w > 0) {  // an image: exactly grid_h rows of grid_w pixels, no padding
    const int pixels = cfg_.grid_w * cfg_.grid_h;
    if (T != pixels) {
      return "the model is for " + std::to_string(cfg_.grid_h) + " x " + std::to_string(cfg_.grid_w) + " images (" +
             std::to_string(pixels) + " pixels), but the input has " + std::to_string(T) + " tokens";
    }
    for (int b = 0; batch.lengths != nullptr && b < B; ++b) {
      if (batch.lengths[b] != T) {
        return "image " + std::to_string(b) + " has " + std::to_string(batch.lengths[b]) + " of its " +
               std::to_string(T) + " pixels: an image has no padding";
      }
    }
  }
  const std::string own = check_model_batch(batch);
  if (!own.empty()) return own;
  for (int b = 0; b < B; ++b) {
    const int len = batch.lengths != nullptr ? batch.lengths[b] : T;
    if (len < 0 || len > T) {
      return "sequence " + std::to_string(b) + " has length " + std::to_string(len) + ", which is not in 0.." +
             std::to_string(T);
    }
    for (int t = 0; t < len; ++t) {
      const long n = static_cast<long>(b) * T + t;
      if (cfg_.input == InputMode::tokens && (batch.tokens[n] < 0 || batch.tokens[n] >= cfg_.vocab)) {
        return "token id " + std::to_string(batch.tokens[n]) + " (sequence " + std::to_string(b) + ", position " +
               std::to_string(t) + ") is outside the vocabulary 0.." + std::to_string(cfg_.vocab - 1);
      }
      if (batch.tags != nullptr && batch.tags[n] != kIgnoreTag && (batch.tags[n] < 0 || batch.tags[n] >= cfg_.tags)) {
        return "tag " + std::to_string(batch.tags[n]) + " (sequence " + std::to_string(b) + ", position " +
               std::to_string(t) + ") is not -1 (ignore) or a tag 0.." + std::to_string(cfg_.tags - 1);
      }
    }
  }
  return "";
}

template <typename Real>
bool SeqModel<Real>::forward(const Batch<Real>& batch, std::string* error) {
  const std::string problem = check_batch(batch);
  if (!problem.empty()) {
    if (error != nullptr) *error = problem;
    have_forward_ = false;
    return false;
  }
  in_.load(batch);
  const std::size_t N = static_cast<std::size_t>(in_.B) * in_.T;
  x_.resize(N * cfg_.dim);
  logits_.resize(N * cfg_.tags);
  probs_.resize(N * cfg_.tags);
  dlogits_.resize(N * cfg_.tags);
  in_.forward(x_.data());  // x = E[ids]  or  x = features·W_in + b_in
  forward_layers(batch);   // logits = layers(x)
  loss_ = cross_entropy_forward(probs_.data(), logits_.data(), in_.tags.data(), in_.B * in_.T, cfg_.tags);
  have_forward_ = true;
  return true;
}

// ------------------------------------------------------------------------------------------- backward

template <typename Real>
void SeqModel<Real>::backward() {
  if (!have_forward_) return;  // nothing to differentiate
  // forward was: loss = CE(logits)
  std::fill(dlogits_.begin(), dlogits_.end(), Real(0));
  cross_entropy_backward(dlogits_.data(), probs_.data(), in_.tags.data(), in_.B * in_.T, cfg_.tags);
  // forward was: logits = layers(x)
  const Real* dx = backward_layers();
  // forward was: x = E[ids]  or  features·W_in + b_in
  in_.backward(dx);
  if (cfg_.input == InputMode::tokens) store_.note_rows(in_.ids.data(), in_.ids.size());  // dE[ids[n]] was written
}

// ------------------------------------------------------------------------------------------- accessors

template <typename Real>
CView<Real> SeqModel<Real>::logits() const {
  return cview(logits_.data(), in_.B * in_.T, cfg_.tags);
}

template <typename Real>
CView<Real> SeqModel<Real>::probs() const {
  return cview(probs_.data(), in_.B * in_.T, cfg_.tags);
}

template <typename Real>
void SeqModel<Real>::predict(int* tags) const {
  const int C = cfg_.tags;
  for (int n = 0; n < in_.B * in_.T; ++n) {
    const Real* z = logits_.data() + static_cast<long>(n) * C;
    tags[n] = static_cast<int>(std::max_element(z, z + C) - z);
  }
}

template <typename Real>
CView<Real> SeqModel<Real>::attention_scores(int, int, int) const {
  return cview<Real>(nullptr, 0, 0);
}

template <typename Real>
CView<Real> SeqModel<Real>::attention_weights(int, int, int) const {
  return cview<Real>(nullptr, 0, 0);
}

template <typename Real>
const std::uint8_t* SeqModel<Real>::attention_mask(int) const {
  return nullptr;
}

template <typename Real>
CView<Real> SeqModel<Real>::attention_weight(AttnWeight, int, int) const {
  return cview<Real>(nullptr, 0, 0);
}

template <typename Real>
CView<Real> SeqModel<Real>::attention_computed(AttnComputed, int, int, int) const {
  return cview<Real>(nullptr, 0, 0);
}

template <typename Real>
CView<Real> SeqModel<Real>::pe_table() const {
  return cview<Real>(nullptr, 0, cfg_.dim);
}

template <typename Real>
std::unique_ptr<SeqModel<Real>> make_model(const ModelConfig& config) {
  // every model's constructor checks the configuration (SeqModel's constructor) and throws
  switch (config.kind) {
    case ModelKind::attention: return std::make_unique<AttentionTagger<Real>>(config);
    case ModelKind::window: return std::make_unique<WindowTagger<Real>>(config);
    case ModelKind::cnn: return std::make_unique<CnnTagger<Real>>(config);
    case ModelKind::rnn: return std::make_unique<RnnTagger<Real>>(config);
  }
  return nullptr;
}

template class SeqModel<float>;
template class SeqModel<double>;
template std::unique_ptr<SeqModel<float>> make_model<float>(const ModelConfig&);
template std::unique_ptr<SeqModel<double>> make_model<double>(const ModelConfig&);

}  // namespace attnlab
