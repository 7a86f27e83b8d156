// B = sequences, T = tokens, N = B·T, V = vocabulary, Din = feature width, D = model width, H = heads,
// Dh = D/H, L = layers, F = feed-forward width, C = tags
#include "engine/models/tagger.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "engine/ops/embedding.h"
#include "engine/ops/ffn.h"
#include "engine/ops/layernorm.h"
#include "engine/ops/linear.h"
#include "engine/ops/loss.h"
#include "engine/ops/residual.h"
#include "engine/core/rng.h"

namespace attnlab {

TaggerConfig bench_tagger_config() {
  TaggerConfig c;
  c.input = InputMode::tokens;
  c.vocab = 512;
  c.tags = 17;
  c.dim = 64;
  c.heads = 4;
  c.layers = 2;
  c.ffn = 128;
  c.activation = Activation::relu;
  c.max_len = 32;
  c.max_batch = 32;
  c.pe = PosEnc::sinusoidal;
  c.norm = AttnNorm::softmax;
  c.relevance = Relevance::dot;
  c.attn_bias = true;
  c.ln_eps = 1e-5f;
  c.seed = 0;
  return c;
}

std::string check_config(const TaggerConfig& c) {
  auto bad = [](const std::string& what, int v) { return what + " (got " + std::to_string(v) + ")"; };
  if (c.input == InputMode::tokens && c.vocab < 1) return bad("the vocabulary needs at least 1 token", c.vocab);
  if (c.input == InputMode::features && c.input_dim < 1) {
    return bad("features mode needs input_dim >= 1, the width of one input vector", c.input_dim);
  }
  if (c.tags < 1) return bad("there must be at least 1 tag", c.tags);
  if (c.dim < 1) return bad("the model width D must be at least 1", c.dim);
  if (c.heads < 1) return bad("there must be at least 1 head", c.heads);
  if (c.dim % c.heads != 0) {
    return "the number of heads H = " + std::to_string(c.heads) + " must divide the model width D = " +
           std::to_string(c.dim) + " (each head gets D/H columns)";
  }
  if (c.layers < 0) return bad("the number of layers cannot be negative", c.layers);
  if (c.ffn < 1) return bad("the feed-forward width must be at least 1", c.ffn);
  if (c.max_len < 1) return bad("max_len must be at least 1", c.max_len);
  if (c.max_batch < 1) return bad("max_batch must be at least 1", c.max_batch);
  const std::string memory = attention_memory_check(c, c.max_batch, c.max_len);
  if (!memory.empty()) return memory;
  if (!(c.ln_eps > 0)) return "the LayerNorm eps must be positive";
  if (!c.mask.allow.empty() &&
      c.mask.allow.size() != static_cast<size_t>(c.mask.allow_n) * static_cast<size_t>(c.mask.allow_n)) {
    return "the allow matrix must have allow_n x allow_n entries";
  }
  return "";
}

double attention_memory_bytes(const TaggerConfig& c, int B, int T, int bytes_per_number) {
  const double BTT = static_cast<double>(B) * T * T;
  return 2.0 * c.layers * c.heads * BTT * bytes_per_number + BTT;
}

std::string attention_memory_check(const TaggerConfig& c, int B, int T) {
  const double bytes = attention_memory_bytes(c, B, T);
  if (bytes <= kMaxAttentionBytes) return "";
  char gib[32];
  std::snprintf(gib, sizeof gib, "%.1f", bytes / (1024.0 * 1024 * 1024));
  return "B = " + std::to_string(B) + " sequences of T = " + std::to_string(T) + " tokens would need " + gib +
         " GiB for the attention scores and weights (2·L·B·H·T² numbers, kept for the backward pass); the "
         "limit is 1 GiB: use shorter sequences, a smaller batch, or fewer layers or heads";
}

double forward_matmul_flops(const TaggerConfig& c, int B, int T) {
  const double N = static_cast<double>(B) * T, D = c.dim, F = c.ffn, C = c.tags;
  const double BH = static_cast<double>(B) * c.heads, Dh = D / c.heads;
  const double qkv = 2 * N * D * (3 * D), scores = 2 * BH * T * T * Dh, values = 2 * BH * T * T * Dh;
  const double out = 2 * N * D * D, up = 2 * N * D * F, down = 2 * N * F * D, head = 2 * N * D * C;
  return c.layers * (qkv + scores + values + out + up + down) + head;
}

// ------------------------------------------------------------------------------------------- parameters

// The one list of parameter tensors. take(name, rows, cols, init) returns where the tensor lives.
template <typename Real>
template <typename Take>
void Tagger<Real>::walk(Weights& w, Take&& take) {
  using I = InitRule;
  const int D = cfg_.dim, H = cfg_.heads, Dh = D / H, F = cfg_.ffn, C = cfg_.tags;
  const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(D));
  const double xavier_dd = std::sqrt(6.0 / (D + D));  // xavier-uniform bound of a (D, D) matrix
  if (cfg_.input == InputMode::tokens) {
    w.tok_emb = take("tok_emb", cfg_.vocab, D, I{I::normal, 1.0});  // as torch.nn.Embedding: N(0, 1)
  } else {
    const double a = 1.0 / std::sqrt(static_cast<double>(cfg_.input_dim));  // as torch.nn.Linear
    w.in_w = take("in_proj.w", cfg_.input_dim, D, I{I::uniform, a});
    w.in_b = take("in_proj.b", 1, D, I{I::uniform, a});
  }
  if (cfg_.pe == PosEnc::learned) w.pos_emb = take("pos_emb", cfg_.max_len, D, I{I::normal, 0.02});
  w.blocks.resize(cfg_.layers);
  for (int l = 0; l < cfg_.layers; ++l) {
    Block& b = w.blocks[l];
    const std::string p = "block" + std::to_string(l) + ".";
    b.ln1_g = take(p + "ln1.gamma", 1, D, I{I::ones, 0});
    b.ln1_b = take(p + "ln1.beta", 1, D, I{I::zeros, 0});
    // as torch.nn.MultiheadAttention: xavier-uniform Wq, Wk, Wv; zero biases; Wo like nn.Linear
    AttentionParams<Real>& a = b.attn;
    a.wq = take(p + "attn.wq", D, D, I{I::uniform, xavier_dd});
    if (cfg_.attn_bias) a.bq = take(p + "attn.bq", 1, D, I{I::zeros, 0});
    a.wk = take(p + "attn.wk", D, D, I{I::uniform, xavier_dd});
    if (cfg_.attn_bias) a.bk = take(p + "attn.bk", 1, D, I{I::zeros, 0});
    a.wv = take(p + "attn.wv", D, D, I{I::uniform, xavier_dd});
    if (cfg_.attn_bias) a.bv = take(p + "attn.bv", 1, D, I{I::zeros, 0});
    a.wo = take(p + "attn.wo", D, D, I{I::uniform, inv_sqrt_d});
    if (cfg_.attn_bias) a.bo = take(p + "attn.bo", 1, D, I{I::zeros, 0});
    if (cfg_.relevance == Relevance::additive) {
      const double xavier_hh = std::sqrt(6.0 / (Dh + Dh));
      a.add_wq = take(p + "attn.add_wq", H * Dh, Dh, I{I::uniform, xavier_hh});  // (H, Dh, Dh)
      a.add_wk = take(p + "attn.add_wk", H * Dh, Dh, I{I::uniform, xavier_hh});  // (H, Dh, Dh)
      a.add_w = take(p + "attn.add_w", H, Dh, I{I::uniform, 1.0 / std::sqrt(static_cast<double>(Dh))});
    }
    b.ln2_g = take(p + "ln2.gamma", 1, D, I{I::ones, 0});
    b.ln2_b = take(p + "ln2.beta", 1, D, I{I::zeros, 0});
    const double inv_sqrt_f = 1.0 / std::sqrt(static_cast<double>(F));
    b.w1 = take(p + "ffn.w1", D, F, I{I::uniform, inv_sqrt_d});
    b.b1 = take(p + "ffn.b1", 1, F, I{I::uniform, inv_sqrt_d});
    b.w2 = take(p + "ffn.w2", F, D, I{I::uniform, inv_sqrt_f});
    b.b2 = take(p + "ffn.b2", 1, D, I{I::uniform, inv_sqrt_f});
  }
  w.lnf_g = take("ln_f.gamma", 1, D, I{I::ones, 0});
  w.lnf_b = take("ln_f.beta", 1, D, I{I::zeros, 0});
  w.head_w = take("head.w", D, C, I{I::uniform, inv_sqrt_d});
  w.head_b = take("head.b", 1, C, I{I::uniform, inv_sqrt_d});
}

template <typename Real>
Tagger<Real>::Tagger(const TaggerConfig& config) : cfg_(config) {
  const std::string problem = check_config(cfg_);
  if (!problem.empty()) throw std::invalid_argument("tagger: " + problem);
  // 1. register every tensor (name, shape, init), 2. allocate the flat buffers, 3. bind the pointers.
  walk(P_, [&](const std::string& name, int rows, int cols, InitRule rule) -> Real* {
    store_.add(name, rows, cols);
    init_.push_back(rule);
    return nullptr;
  });
  store_.allocate();
  std::size_t i = 0;
  walk(P_, [&](const std::string&, int, int, InitRule) { return store_.values() + store_.tensors()[i++].offset; });
  i = 0;
  walk(G_, [&](const std::string&, int, int, InitRule) { return store_.grads() + store_.tensors()[i++].offset; });
  init_parameters(cfg_.seed);
  resize_workspace(cfg_.max_batch, cfg_.max_len);
}

template <typename Real>
Tagger<Real>::Tagger(const Tagger& other) : Tagger(other.cfg_) {
  // the named pointers of this copy point into its own buffers: copy the numbers, not the pointers
  std::copy(other.store_.values(), other.store_.values() + other.store_.size(), store_.values());
  std::copy(other.store_.grads(), other.store_.grads() + other.store_.size(), store_.grads());
}

template <typename Real>
Tagger<Real>& Tagger<Real>::operator=(const Tagger& other) {
  if (this != &other) *this = Tagger(other);
  return *this;
}

template <typename Real>
void Tagger<Real>::init_parameters(std::uint32_t seed) {
  Rng rng(seed);
  for (std::size_t t = 0; t < store_.tensors().size(); ++t) {
    View<Real> p = store_.value(t);
    const InitRule r = init_[t];
    for (int i = 0; i < p.rows(); ++i) {
      for (int j = 0; j < p.cols(); ++j) {
        double x = 0;
        switch (r.kind) {
          case InitRule::zeros: x = 0; break;
          case InitRule::ones: x = 1; break;
          case InitRule::normal: x = r.scale * rng.normal(); break;
          case InitRule::uniform: x = rng.uniform(-r.scale, r.scale); break;
        }
        p(i, j) = static_cast<Real>(x);
      }
    }
  }
}

// ------------------------------------------------------------------------------------------- workspace

template <typename Real>
void Tagger<Real>::resize_workspace(int B, int T) {
  // std::vector::resize within the capacity reserved by the first (largest) call does not allocate.
  const int D = cfg_.dim, F = cfg_.ffn, C = cfg_.tags, H = cfg_.heads;
  const size_t N = static_cast<size_t>(B) * T, ND = N * D, NF = N * F, NC = N * C;
  ids_.resize(N);
  tags_.resize(N);
  lengths_.resize(B);
  mask_.resize(N * T);
  if (cfg_.input == InputMode::features) {
    features_.resize(N * cfg_.input_dim);
    dfeatures_.resize(N * cfg_.input_dim);
  }
  if (cfg_.pe == PosEnc::sinusoidal && pe_rows_ < std::max(T, cfg_.max_len)) {
    pe_rows_ = std::max(T, cfg_.max_len);  // defined for every position: grow the table when needed
    pe_table_.resize(static_cast<size_t>(pe_rows_) * D);
    sinusoidal_encoding(pe_table_.data(), pe_rows_, D);
  }
  acts_.resize(cfg_.layers);
  for (BlockActs& a : acts_) {
    a.x.resize(ND);
    a.ln1.resize(ND);
    a.ln1_mean.resize(N);
    a.ln1_rstd.resize(N);
    a.attn.resize(B, T, D, H, cfg_.relevance);
    a.att.resize(ND);
    a.xm.resize(ND);
    a.ln2.resize(ND);
    a.ln2_mean.resize(N);
    a.ln2_rstd.resize(N);
    a.pre.resize(NF);
    a.hid.resize(NF);
    a.ffn.resize(ND);
  }
  x_out_.resize(ND);
  lnf_.resize(ND);
  lnf_mean_.resize(N);
  lnf_rstd_.resize(N);
  logits_.resize(NC);
  probs_.resize(NC);
  dlogits_.resize(NC);
  dnext_.resize(ND);
  dxm_.resize(ND);
  dbranch_.resize(ND);
  dln_.resize(ND);
  dffn_scratch_.resize(2 * NF);
  dattn_scratch_.resize(B, T, D, H);
}

template <typename Real>
AttentionSpec Tagger<Real>::attention_spec() const {
  AttentionSpec s;
  s.heads = cfg_.heads;
  s.norm = cfg_.norm;
  s.relevance = cfg_.relevance;
  s.alibi = cfg_.pe == PosEnc::alibi;
  return s;
}

// ------------------------------------------------------------------------------------------- forward

template <typename Real>
std::string Tagger<Real>::check_batch(const Batch<Real>& batch) const {
  const int B = batch.B, T = batch.T;
  if (B < 1 || T < 1) {
    return "a batch needs at least one sequence of at least one token (got B = " + std::to_string(B) +
           ", T = " + std::to_string(T) + ")";
  }
  if (cfg_.input == InputMode::tokens && batch.tokens == nullptr) return "tokens mode needs token ids";
  if (cfg_.input == InputMode::features && batch.features == nullptr) return "features mode needs feature vectors";
  if (cfg_.pe == PosEnc::learned) {
    const std::string problem = learned_pe_check(T, cfg_.max_len);
    if (!problem.empty()) return problem;
  }
  const std::string memory = attention_memory_check(cfg_, B, T);
  if (!memory.empty()) return memory;
  const std::string mask_problem = mask_check(cfg_.mask, T);
  if (!mask_problem.empty()) return mask_problem;
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
bool Tagger<Real>::forward(const Batch<Real>& batch, std::string* error) {
  const std::string problem = check_batch(batch);
  if (!problem.empty()) {
    if (error != nullptr) *error = problem;
    have_forward_ = false;
    return false;
  }
  const int B = batch.B, T = batch.T, N = B * T;
  const int D = cfg_.dim, F = cfg_.ffn, C = cfg_.tags;
  const long ND = static_cast<long>(N) * D;
  resize_workspace(B, T);
  B_ = B;
  T_ = T;
  // inputs: padded positions get token 0 (never seen by a real query) and tag −1 (not in the loss)
  for (int b = 0; b < B; ++b) {
    lengths_[b] = batch.lengths != nullptr ? batch.lengths[b] : T;
    for (int t = 0; t < T; ++t) {
      const long n = static_cast<long>(b) * T + t;
      const bool real = t < lengths_[b];
      ids_[n] = (real && batch.tokens != nullptr) ? batch.tokens[n] : 0;
      tags_[n] = (real && batch.tags != nullptr) ? batch.tags[n] : kIgnoreTag;
    }
  }
  build_attention_mask(mask_.data(), cfg_.mask, lengths_.data(), B, T, batch.allow);

  // x = E[ids]  or  x = features·W_in + b_in;   then x = x + PE
  Real* x = acts_.empty() ? x_out_.data() : acts_[0].x.data();
  if (cfg_.input == InputMode::tokens) {
    embedding_forward(x, ids_.data(), P_.tok_emb, N, D);
  } else {
    std::copy(batch.features, batch.features + static_cast<long>(N) * cfg_.input_dim, features_.begin());
    linear_forward(x, features_.data(), P_.in_w, P_.in_b, N, cfg_.input_dim, D);
  }
  if (cfg_.pe == PosEnc::sinusoidal) positional_add_forward(x, x, pe_table_.data(), B, T, D);
  if (cfg_.pe == PosEnc::learned) positional_add_forward(x, x, P_.pos_emb, B, T, D);

  const AttentionSpec spec = attention_spec();
  for (int l = 0; l < cfg_.layers; ++l) {
    BlockActs& a = acts_[l];
    const Block& p = P_.blocks[l];
    Real* x_next = (l + 1 < cfg_.layers) ? acts_[l + 1].x.data() : x_out_.data();
    // x = x + MHA(LN1(x))
    layernorm_forward(a.ln1.data(), a.ln1_mean.data(), a.ln1_rstd.data(), a.x.data(), p.ln1_g, p.ln1_b, N, D,
                      static_cast<Real>(cfg_.ln_eps));
    attention_forward(a.att.data(), a.attn, a.ln1.data(), mask_.data(), lengths_.data(), p.attn, spec, B, T, D);
    residual_forward(a.xm.data(), a.x.data(), a.att.data(), ND);
    // x = x + FFN(LN2(x))
    layernorm_forward(a.ln2.data(), a.ln2_mean.data(), a.ln2_rstd.data(), a.xm.data(), p.ln2_g, p.ln2_b, N, D,
                      static_cast<Real>(cfg_.ln_eps));
    ffn_forward(a.ffn.data(), a.pre.data(), a.hid.data(), a.ln2.data(), p.w1, p.b1, p.w2, p.b2, N, D, F,
                cfg_.activation);
    residual_forward(x_next, a.xm.data(), a.ffn.data(), ND);
  }
  // logits = LN_f(x)·W_head + b_head;  loss = mean cross-entropy
  layernorm_forward(lnf_.data(), lnf_mean_.data(), lnf_rstd_.data(), x_out_.data(), P_.lnf_g, P_.lnf_b, N, D,
                    static_cast<Real>(cfg_.ln_eps));
  linear_forward(logits_.data(), lnf_.data(), P_.head_w, P_.head_b, N, D, C);
  loss_ = cross_entropy_forward(probs_.data(), logits_.data(), tags_.data(), N, C);
  have_forward_ = true;
  return true;
}

// ------------------------------------------------------------------------------------------- backward

template <typename Real>
void Tagger<Real>::backward() {
  if (!have_forward_) return;  // nothing to differentiate
  const int B = B_, T = T_, N = B * T;
  const int D = cfg_.dim, F = cfg_.ffn, C = cfg_.tags;
  const long ND = static_cast<long>(N) * D;
  auto zero = [](Buffer<Real>& v) { std::fill(v.begin(), v.end(), Real(0)); };

  // loss = CE(logits)
  zero(dlogits_);
  cross_entropy_backward(dlogits_.data(), probs_.data(), tags_.data(), N, C);
  // logits = lnf·W_head + b_head
  zero(dln_);
  linear_backward(dln_.data(), G_.head_w, G_.head_b, dlogits_.data(), lnf_.data(), P_.head_w, N, D, C);
  // lnf = LN_f(x)
  zero(dnext_);
  layernorm_backward(dnext_.data(), G_.lnf_g, G_.lnf_b, dln_.data(), x_out_.data(), P_.lnf_g, lnf_mean_.data(),
                     lnf_rstd_.data(), N, D);

  const AttentionSpec spec = attention_spec();
  for (int l = cfg_.layers - 1; l >= 0; --l) {
    // dnext_ holds the gradient at the block's output
    BlockActs& a = acts_[l];
    const Block& p = P_.blocks[l];
    const Block& g = G_.blocks[l];
    // forward was: x_next = xm + ffn
    zero(dxm_);
    zero(dbranch_);
    residual_backward(dxm_.data(), dbranch_.data(), dnext_.data(), ND);
    // forward was: ffn = FFN(ln2)
    zero(dln_);
    ffn_backward(dln_.data(), g.w1, g.b1, g.w2, g.b2, dffn_scratch_.data(), dbranch_.data(), a.ln2.data(),
                 a.pre.data(), a.hid.data(), p.w1, p.w2, N, D, F, cfg_.activation);
    // forward was: ln2 = LN2(xm)
    layernorm_backward(dxm_.data(), g.ln2_g, g.ln2_b, dln_.data(), a.xm.data(), p.ln2_g, a.ln2_mean.data(),
                       a.ln2_rstd.data(), N, D);
    // forward was: xm = x + att
    zero(dnext_);
    zero(dbranch_);
    residual_backward(dnext_.data(), dbranch_.data(), dxm_.data(), ND);
    // forward was: att = MHA(ln1)
    zero(dln_);
    attention_backward(dln_.data(), g.attn, dattn_scratch_, dbranch_.data(), a.attn, a.ln1.data(), mask_.data(),
                       lengths_.data(), p.attn, spec, B, T, D);
    // forward was: ln1 = LN1(x)
    layernorm_backward(dnext_.data(), g.ln1_g, g.ln1_b, dln_.data(), a.x.data(), p.ln1_g, a.ln1_mean.data(),
                       a.ln1_rstd.data(), N, D);
  }
  // dnext_ is now the gradient at x = E[ids] (+ PE)  or  features·W_in + b_in (+ PE)
  if (cfg_.pe == PosEnc::learned) positional_add_backward<Real>(nullptr, G_.pos_emb, dnext_.data(), B, T, D);
  if (cfg_.input == InputMode::tokens) {
    embedding_backward(G_.tok_emb, dnext_.data(), ids_.data(), N, D);
  } else {
    std::fill(dfeatures_.begin(), dfeatures_.end(), Real(0));
    linear_backward(dfeatures_.data(), G_.in_w, G_.in_b, dnext_.data(), features_.data(), P_.in_w, N,
                    cfg_.input_dim, D);
  }
}

// ------------------------------------------------------------------------------------------- accessors

template <typename Real>
CView<Real> Tagger<Real>::logits() const {
  return cview(logits_.data(), B_ * T_, cfg_.tags);
}

template <typename Real>
CView<Real> Tagger<Real>::probs() const {
  return cview(probs_.data(), B_ * T_, cfg_.tags);
}

template <typename Real>
void Tagger<Real>::predict(int* tags) const {
  const int C = cfg_.tags;
  for (int n = 0; n < B_ * T_; ++n) {
    const Real* z = logits_.data() + static_cast<long>(n) * C;
    tags[n] = static_cast<int>(std::max_element(z, z + C) - z);
  }
}

template <typename Real>
CView<Real> Tagger<Real>::attention_weights(int layer, int b, int h) const {
  return cview(acts_[layer].attn.weights.data() + attention_index(b, h, 0, 0, cfg_.heads, T_), T_, T_);
}

template <typename Real>
CView<Real> Tagger<Real>::attention_scores(int layer, int b, int h) const {
  return cview(acts_[layer].attn.scores.data() + attention_index(b, h, 0, 0, cfg_.heads, T_), T_, T_);
}

template <typename Real>
const std::uint8_t* Tagger<Real>::attention_mask(int b) const {
  return mask_.data() + static_cast<long>(b) * T_ * T_;
}

template <typename Real>
CView<Real> Tagger<Real>::pe_table() const {
  if (cfg_.pe == PosEnc::sinusoidal) return cview(pe_table_.data(), pe_rows_, cfg_.dim);
  if (cfg_.pe == PosEnc::learned) return cview<Real>(P_.pos_emb, cfg_.max_len, cfg_.dim);
  return cview<Real>(nullptr, 0, cfg_.dim);
}

template <typename Real>
std::vector<double> Tagger<Real>::alibi_slopes() const {
  if (cfg_.pe != PosEnc::alibi) return {};
  return attnlab::alibi_slopes(cfg_.heads);
}

template <typename Real>
const Real* Tagger<Real>::input_grad() const {
  return cfg_.input == InputMode::features ? dfeatures_.data() : nullptr;
}

template class Tagger<float>;
template class Tagger<double>;

}  // namespace attnlab
