// B = sequences, T = tokens, N = B·T, V = vocabulary, Din = feature width, D = model width, H = heads,
// Dh = D/H, L = layers, F = feed-forward width, C = tags
#include "engine/models/attention_tagger.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "engine/attention/mask.h"
#include "engine/attention/posenc.h"
#include "engine/ops/ffn.h"
#include "engine/ops/layernorm.h"
#include "engine/ops/linear.h"
#include "engine/ops/residual.h"

namespace attnlab {

std::string check_attention_config(const ModelConfig& c) {
  auto bad = [](const std::string& what, int v) { return what + " (got " + std::to_string(v) + ")"; };
  if (c.heads < 1) return bad("there must be at least 1 head", c.heads);
  if (c.dim % c.heads != 0) {
    return "the number of heads H = " + std::to_string(c.heads) +
           " must divide the model width D = " + std::to_string(c.dim) + " (each head gets D/H columns)";
  }
  if (c.layers < 0) return bad("the number of layers cannot be negative", c.layers);
  if (c.ffn < 1) return bad("the feed-forward width must be at least 1", c.ffn);
  const std::string memory = attention_memory_check(c, c.max_batch, c.max_len);
  if (!memory.empty()) return memory;
  if (!(c.ln_eps > 0)) return "the LayerNorm eps must be positive";
  if (!(c.pe_scale > 0) || !std::isfinite(c.pe_scale)) {
    return "the sinusoidal amplitude pe_scale must be a positive number (got " + std::to_string(c.pe_scale) + ")";
  }
  if (c.grid_w > 0 || c.grid_h > 0) {  // an image: the 2-D positional encodings (posenc.h)
    if (c.pe == PosEnc::sinusoidal) {
      const std::string grid = grid_pe_check(c.dim, c.grid_h, c.grid_w);
      if (!grid.empty()) return grid;
    }
    if (c.mask.grid_w != c.grid_w) {
      return "the mask's image width (" + std::to_string(c.mask.grid_w) + ") is not the model's (" +
             std::to_string(c.grid_w) + ")";
    }
  }
  if (!c.mask.allow.empty() &&
      c.mask.allow.size() != static_cast<size_t>(c.mask.allow_n) * static_cast<size_t>(c.mask.allow_n)) {
    return "the allow matrix must have allow_n x allow_n entries";
  }
  return "";
}

double attention_memory_bytes(const ModelConfig& c, int B, int T, int bytes_per_number) {
  const double BTT = static_cast<double>(B) * T * T;
  return 2.0 * c.layers * c.heads * BTT * bytes_per_number + BTT;
}

std::string attention_memory_check(const ModelConfig& c, int B, int T) {
  const double bytes = attention_memory_bytes(c, B, T);
  if (bytes <= kMaxAttentionBytes) return "";
  char gib[32];
  std::snprintf(gib, sizeof gib, "%.1f", bytes / (1024.0 * 1024 * 1024));
  return "B = " + std::to_string(B) + " sequences of T = " + std::to_string(T) + " tokens would need " + gib +
         " GiB for the attention scores and weights (2·L·B·H·T² numbers, kept for the backward pass); the "
         "limit is 1 GiB: use shorter sequences, a smaller batch, or fewer layers or heads";
}

// ------------------------------------------------------------------------------------------- parameters

template <typename Real>
AttentionTagger<Real>::AttentionTagger(const ModelConfig& config) : SeqModel<Real>(config) {
  using I = typename SeqModel<Real>::Init;
  const ModelConfig& c = this->cfg_;
  const int D = c.dim, H = c.heads, Dh = D / H, F = c.ffn, C = c.tags;
  const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(D));
  const double inv_sqrt_f = 1.0 / std::sqrt(static_cast<double>(F));
  const double xavier_dd = std::sqrt(6.0 / (D + D));  // xavier-uniform bound of a (D, D) matrix
  // name, shape, initialization; where the values and the gradients live (the input layer's tensors come
  // first, registered by SeqModel)
  auto add = [&](const std::string& name, int rows, int cols, I init, double scale, Real* Weights::*field) {
    this->add_param(name, rows, cols, init, scale, &(P_.*field), &(G_.*field));
  };
  // The learned table starts on the scale of the token embeddings, N(0, 1) (as torch.nn.Embedding): started
  // small (GPT-2's 0.02) the positions are drowned by the word vectors, and reverse, a task of pure position,
  // stays at the level of no encoding for ~2500 steps (21 %) instead of 97 % at 800 (page model, seeds 1-3).
  // On an image: a row table and a column table, PE(r, c) = R[r] + C[c], each N(0, 1/2) so that the sum is
  // N(0, 1) like the 1-D table.
  const bool grid = c.grid_w > 0;
  if (c.pe == PosEnc::learned && !grid) add("pos_emb", c.max_len, D, I::normal, 1.0, &Weights::pos_emb);
  if (c.pe == PosEnc::learned && grid) {
    add("pe_row", c.grid_h, D, I::normal, std::sqrt(0.5), &Weights::pe_row);
    add("pe_col", c.grid_w, D, I::normal, std::sqrt(0.5), &Weights::pe_col);
  }
  P_.blocks.resize(c.layers);
  G_.blocks.resize(c.layers);
  for (int l = 0; l < c.layers; ++l) {
    const std::string p = "block" + std::to_string(l) + ".";
    Block &b = P_.blocks[l], &g = G_.blocks[l];
    auto param = [&](const std::string& name, int rows, int cols, I init, double scale, Real* Block::*field) {
      this->add_param(p + name, rows, cols, init, scale, &(b.*field), &(g.*field));
    };
    auto attn = [&](const std::string& name, int rows, int cols, I init, double scale,
                    Real* AttentionParams<Real>::*field) {
      this->add_param(p + "attn." + name, rows, cols, init, scale, &(b.attn.*field), &(g.attn.*field));
    };
    using A = AttentionParams<Real>;
    param("ln1.gamma", 1, D, I::ones, 0, &Block::ln1_g);
    param("ln1.beta", 1, D, I::zeros, 0, &Block::ln1_b);
    // as torch.nn.MultiheadAttention: xavier-uniform Wq, Wk, Wv; zero biases; Wo like nn.Linear
    attn("wq", D, D, I::uniform, xavier_dd, &A::wq);
    if (c.attn_bias) attn("bq", 1, D, I::zeros, 0, &A::bq);
    attn("wk", D, D, I::uniform, xavier_dd, &A::wk);
    if (c.attn_bias) attn("bk", 1, D, I::zeros, 0, &A::bk);
    attn("wv", D, D, I::uniform, xavier_dd, &A::wv);
    if (c.attn_bias) attn("bv", 1, D, I::zeros, 0, &A::bv);
    attn("wo", D, D, I::uniform, inv_sqrt_d, &A::wo);
    if (c.attn_bias) attn("bo", 1, D, I::zeros, 0, &A::bo);
    if (c.relevance == Relevance::additive) {
      const double xavier_hh = std::sqrt(6.0 / (Dh + Dh));
      attn("add_wq", H * Dh, Dh, I::uniform, xavier_hh, &A::add_wq);  // (H, Dh, Dh)
      attn("add_wk", H * Dh, Dh, I::uniform, xavier_hh, &A::add_wk);  // (H, Dh, Dh)
      attn("add_w", H, Dh, I::uniform, 1.0 / std::sqrt(static_cast<double>(Dh)), &A::add_w);
    }
    param("ln2.gamma", 1, D, I::ones, 0, &Block::ln2_g);
    param("ln2.beta", 1, D, I::zeros, 0, &Block::ln2_b);
    param("ffn.w1", D, F, I::uniform, inv_sqrt_d, &Block::w1);
    param("ffn.b1", 1, F, I::uniform, inv_sqrt_d, &Block::b1);
    param("ffn.w2", F, D, I::uniform, inv_sqrt_f, &Block::w2);
    param("ffn.b2", 1, D, I::uniform, inv_sqrt_f, &Block::b2);
  }
  add("ln_f.gamma", 1, D, I::ones, 0, &Weights::lnf_g);
  add("ln_f.beta", 1, D, I::zeros, 0, &Weights::lnf_b);
  add("head.w", D, C, I::uniform, inv_sqrt_d, &Weights::head_w);
  add("head.b", 1, C, I::uniform, inv_sqrt_d, &Weights::head_b);
  this->finish_parameters();
  // (not reserved: one token's workspace, and the positional table, which pe_table() shows before a forward)
  if (c.reserve_workspace) resize_workspace(c.max_batch, c.max_len);
  else resize_workspace(1, 1);
}

// ------------------------------------------------------------------------------------------- workspace

template <typename Real>
void AttentionTagger<Real>::resize_workspace(int B, int T) {
  // std::vector::resize within the capacity reserved by the first (largest) call does not allocate.
  const ModelConfig& c = this->cfg_;
  const int D = c.dim, F = c.ffn, H = c.heads;
  const size_t N = static_cast<size_t>(B) * T, ND = N * D, NF = N * F;
  mask_.resize(N * T);
  const int pixels = c.grid_w * c.grid_h;
  if (c.pe == PosEnc::sinusoidal && c.grid_w > 0 && pe_rows_ != pixels) {
    pe_rows_ = pixels;  // one row per pixel: PE(r, c) = concat(PE_{D/2}(r), PE_{D/2}(c)) (posenc.h)
    pe_table_.resize(static_cast<size_t>(pe_rows_) * D);
    sinusoidal_encoding_2d(pe_table_.data(), c.grid_h, c.grid_w, D, c.pe_scale);
  } else if (c.pe == PosEnc::learned && c.grid_w > 0 && pe_rows_ != pixels) {
    pe_rows_ = pixels;  // R[r] + C[c], filled by every forward (and by pe_table())
    pe_table_.resize(static_cast<size_t>(pe_rows_) * D);
    dpe_table_.resize(static_cast<size_t>(pe_rows_) * D);
  } else if (c.pe == PosEnc::sinusoidal && c.grid_w == 0 && pe_rows_ < std::max(T, c.max_len)) {
    pe_rows_ = std::max(T, c.max_len);  // defined for every position: grow the table when needed
    pe_table_.resize(static_cast<size_t>(pe_rows_) * D);
    // PE(p, 2i) = s·sin(p / 10000^(2i/D)), PE(p, 2i+1) = s·cos(p / 10000^(2i/D)), s = pe_scale (posenc.h)
    sinusoidal_encoding(pe_table_.data(), pe_rows_, D, c.pe_scale);
  }
  acts_.resize(c.layers);
  for (BlockActs& a : acts_) {
    a.x.resize(ND);
    a.ln1.resize(ND);
    a.ln1_mean.resize(N);
    a.ln1_rstd.resize(N);
    a.attn.resize(B, T, D, H, c.relevance);
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
  dnext_.resize(ND);
  dln_.resize(ND);
  dffn_scratch_.resize(c.layers > 0 ? 2 * NF : 0);  // (no blocks, no feed-forward: F is then not bounded by parameters)
  dattn_scratch_.resize(B, T, D, H);
}

template <typename Real>
AttentionSpec AttentionTagger<Real>::attention_spec() const {
  AttentionSpec s;
  s.heads = this->cfg_.heads;
  s.norm = this->cfg_.norm;
  s.relevance = this->cfg_.relevance;
  s.alibi = this->cfg_.pe == PosEnc::alibi;
  s.grid_w = this->cfg_.grid_w;  // ALiBi on an image: |Δrow| + |Δcolumn|
  return s;
}

template <typename Real>
const std::uint8_t* AttentionTagger<Real>::batch_allow(const Batch<Real>& batch) const {
  return this->cfg_.graph_mask ? batch.allow : nullptr;  // graph_mask off: the model ignores the edges
}

// ------------------------------------------------------------------------------------------- forward

template <typename Real>
std::string AttentionTagger<Real>::check_model_batch(const Batch<Real>& batch) const {
  const ModelConfig& c = this->cfg_;
  if (c.pe == PosEnc::learned && c.grid_w == 0) {  // (an image's T is checked against the grid: model.cpp)
    const std::string problem = learned_pe_check(batch.T, c.max_len);
    if (!problem.empty()) return problem;
  }
  const std::string memory = attention_memory_check(c, batch.B, batch.T);
  if (!memory.empty()) return memory;
  return mask_check(c.mask, batch.T);
}

template <typename Real>
void AttentionTagger<Real>::forward_layers(const Batch<Real>& batch) {
  const ModelConfig& c = this->cfg_;
  const int B = batch.B, T = batch.T, N = B * T;
  const int D = c.dim, F = c.ffn, C = c.tags;
  const long ND = static_cast<long>(N) * D;
  resize_workspace(B, T);
  const int* lengths = this->in_.lengths.data();
  const TokenRows rows{lengths, B, T};  // the linear layers compute the tokens' rows only (batch.h)
  build_attention_mask(mask_.data(), c.mask, lengths, B, T, batch_allow(batch));

  // x = x + PE   (x = E[ids] or features·W_in + b_in, from the input layer)
  Real* x = acts_.empty() ? x_out_.data() : acts_[0].x.data();
  const Real* x_in = this->x_.data();
  // On an image with learned PE the table is built first: PE(r, c) = R[r] + C[c].
  const bool grid = c.grid_w > 0;
  if (c.pe == PosEnc::learned && grid)
    grid_table_forward(pe_table_.data(), P_.pe_row, P_.pe_col, c.grid_h, c.grid_w, D);
  if (c.pe == PosEnc::sinusoidal || (c.pe == PosEnc::learned && grid)) {
    positional_add_forward(x, x_in, pe_table_.data(), B, T, D);
  } else if (c.pe == PosEnc::learned) {
    positional_add_forward(x, x_in, P_.pos_emb, B, T, D);
  } else {
    std::copy(x_in, x_in + ND, x);
  }

  const AttentionSpec spec = attention_spec();
  for (int l = 0; l < c.layers; ++l) {
    BlockActs& a = acts_[l];
    const Block& p = P_.blocks[l];
    Real* x_next = (l + 1 < c.layers) ? acts_[l + 1].x.data() : x_out_.data();
    // x = x + MHA(LN1(x))
    layernorm_forward(a.ln1.data(), a.ln1_mean.data(), a.ln1_rstd.data(), a.x.data(), p.ln1_g, p.ln1_b, N, D,
                      static_cast<Real>(c.ln_eps));
    attention_forward(a.att.data(), a.attn, a.ln1.data(), mask_.data(), lengths, p.attn, spec, B, T, D);
    residual_forward(a.xm.data(), a.x.data(), a.att.data(), ND);
    // x = x + FFN(LN2(x))
    layernorm_forward(a.ln2.data(), a.ln2_mean.data(), a.ln2_rstd.data(), a.xm.data(), p.ln2_g, p.ln2_b, N, D,
                      static_cast<Real>(c.ln_eps));
    ffn_forward(a.ffn.data(), a.pre.data(), a.hid.data(), a.ln2.data(), p.w1, p.b1, p.w2, p.b2, N, D, F, c.activation,
                rows);
    residual_forward(x_next, a.xm.data(), a.ffn.data(), ND);
  }
  // logits = LN_f(x)·W_head + b_head
  layernorm_forward(lnf_.data(), lnf_mean_.data(), lnf_rstd_.data(), x_out_.data(), P_.lnf_g, P_.lnf_b, N, D,
                    static_cast<Real>(c.ln_eps));
  linear_forward(this->logits_.data(), lnf_.data(), P_.head_w, P_.head_b, N, D, C, rows);
}

// ------------------------------------------------------------------------------------------- backward

template <typename Real>
const Real* AttentionTagger<Real>::backward_layers() {
  const ModelConfig& c = this->cfg_;
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const int D = c.dim, F = c.ffn, C = c.tags;
  const int* lengths = this->in_.lengths.data();
  auto zero = [](Workspace<Real>& v) { std::fill(v.begin(), v.end(), Real(0)); };

  // forward was: logits = lnf·W_head + b_head
  const TokenRows rows{lengths, B, T};  // (the padding rows compute nothing a token reads: batch.h)
  linear_backward(dln_.data(), G_.head_w, G_.head_b, this->dlogits_.data(), lnf_.data(), P_.head_w, N, D, C,
                  /*din_is_new=*/true, rows);
  // forward was: lnf = LN_f(x)
  zero(dnext_);
  layernorm_backward(dnext_.data(), G_.lnf_g, G_.lnf_b, dln_.data(), x_out_.data(), P_.lnf_g, lnf_mean_.data(),
                     lnf_rstd_.data(), N, D);

  const AttentionSpec spec = attention_spec();
  for (int l = c.layers - 1; l >= 0; --l) {
    // dnext_ holds the gradient at the block's output
    BlockActs& a = acts_[l];
    const Block& p = P_.blocks[l];
    const Block& g = G_.blocks[l];
    // forward was: x_next = xm + ffn   →  dxm = dnext + (the gradient that comes back through ffn). The "+" passes
    // dnext on unchanged (residual.h) to both: the branch reads it as its output's gradient, and the branch's
    // own gradient is then added to it in place, so dnext_ becomes dxm with no copy.
    // forward was: ffn = FFN(ln2)
    ffn_backward(dln_.data(), g.w1, g.b1, g.w2, g.b2, dffn_scratch_.data(), dnext_.data(), a.ln2.data(), a.pre.data(),
                 a.hid.data(), p.w1, p.w2, N, D, F, c.activation, /*din_is_new=*/true, rows);  // (dln_ is written)
    // forward was: ln2 = LN2(xm)   (dnext_ += ...: now dxm)
    layernorm_backward(dnext_.data(), g.ln2_g, g.ln2_b, dln_.data(), a.xm.data(), p.ln2_g, a.ln2_mean.data(),
                       a.ln2_rstd.data(), N, D);
    // forward was: xm = x + att   →  dx = dxm + (the gradient through att), the same way
    // forward was: att = MHA(ln1)
    attention_backward(dln_.data(), g.attn, dattn_scratch_, dnext_.data(), a.attn, a.ln1.data(), mask_.data(), lengths,
                       p.attn, spec, B, T, D, /*din_is_new=*/true);
    // forward was: ln1 = LN1(x)
    layernorm_backward(dnext_.data(), g.ln1_g, g.ln1_b, dln_.data(), a.x.data(), p.ln1_g, a.ln1_mean.data(),
                       a.ln1_rstd.data(), N, D);
  }
  // forward was: x = x_in + PE   →  dx_in = dx (the table is fixed, or learned: dPE += Σ over the batch)
  if (c.pe == PosEnc::learned && c.grid_w == 0) {
    positional_add_backward<Real>(nullptr, G_.pos_emb, dnext_.data(), B, T, D);
  } else if (c.pe == PosEnc::learned) {
    // image: forward was x = x_in + PE, PE(r, c) = R[r] + C[c]  →  dPE = Σ_b dx, then dR[r] += Σ_c dPE(r, c),
    // dC[c] += Σ_r dPE(r, c)
    std::fill(dpe_table_.begin(), dpe_table_.end(), Real(0));
    positional_add_backward<Real>(nullptr, dpe_table_.data(), dnext_.data(), B, T, D);
    grid_table_backward(G_.pe_row, G_.pe_col, dpe_table_.data(), c.grid_h, c.grid_w, D);
  }
  return dnext_.data();
}

// ------------------------------------------------------------------------------------------- accessors

template <typename Real>
CView<Real> AttentionTagger<Real>::attention_weights(int l, int b, int h) const {
  const int T = this->in_.T;
  return cview(acts_[l].attn.weights.data() + attention_index(b, h, 0, 0, this->cfg_.heads, T), T, T);
}

template <typename Real>
CView<Real> AttentionTagger<Real>::attention_scores(int l, int b, int h) const {
  const int T = this->in_.T;
  return cview(acts_[l].attn.scores.data() + attention_index(b, h, 0, 0, this->cfg_.heads, T), T, T);
}

template <typename Real>
const std::uint8_t* AttentionTagger<Real>::attention_mask(int b) const {
  const long T = this->in_.T;
  return mask_.data() + b * T * T;
}

template <typename Real>
CView<Real> AttentionTagger<Real>::attention_weight(AttnWeight w, int l, int head) const {
  const int D = this->cfg_.dim, Dh = D / this->cfg_.heads;
  const AttentionParams<Real>& p = P_.blocks[l].attn;
  const Real* m = w == AttnWeight::wq ? p.wq : w == AttnWeight::wk ? p.wk : w == AttnWeight::wv ? p.wv : p.wo;
  if (head < 0) return cview<Real>(m, D, D);
  if (w == AttnWeight::wo) return cview<Real>(m + static_cast<long>(head) * Dh * D, Dh, D);  // rows of head h
  return cview<Real>(m + static_cast<long>(head) * Dh, D, Dh, D);                            // columns of head h
}

template <typename Real>
CView<Real> AttentionTagger<Real>::attention_computed(AttnComputed what, int l, int b, int head) const {
  const int T = this->in_.T, D = this->cfg_.dim, Dh = D / this->cfg_.heads;
  const long row0 = static_cast<long>(b) * T * D;  // sequence b's first row in an (N, D) matrix
  const AttentionCache<Real>& cache = acts_[l].attn;
  const Real* m = what == AttnComputed::input ? acts_[l].ln1.data()
                  : what == AttnComputed::q   ? cache.q.data()
                  : what == AttnComputed::k   ? cache.k.data()
                  : what == AttnComputed::v   ? cache.v.data()
                                              : cache.o.data();
  if (what == AttnComputed::input || head < 0) return cview<Real>(m + row0, T, D);
  return cview<Real>(m + row0 + static_cast<long>(head) * Dh, T, Dh, D);
}

template <typename Real>
ScoreWork AttentionTagger<Real>::score_work() const {
  ScoreWork w;
  for (int l = 0; this->have_forward_ && l < this->cfg_.layers; ++l) {
    const ScoreWork one = attention_score_work(acts_[l].attn);
    w.computed += one.computed, w.dense += one.dense;
  }
  return w;
}

template <typename Real>
CView<Real> AttentionTagger<Real>::pe_table() const {
  const ModelConfig& c = this->cfg_;
  if (c.pe == PosEnc::learned && c.grid_w > 0) {  // R[r] + C[c] with the parameters as they are now
    grid_table_forward(pe_table_.data(), P_.pe_row, P_.pe_col, c.grid_h, c.grid_w, c.dim);
    return cview(pe_table_.data(), pe_rows_, c.dim);
  }
  if (c.pe == PosEnc::sinusoidal) return cview(pe_table_.data(), pe_rows_, c.dim);
  if (c.pe == PosEnc::learned) return cview<Real>(P_.pos_emb, c.max_len, c.dim);
  return cview<Real>(nullptr, 0, c.dim);
}

template <typename Real>
std::vector<double> AttentionTagger<Real>::alibi_slopes() const {
  if (this->cfg_.pe != PosEnc::alibi) return {};
  return attnlab::alibi_slopes(this->cfg_.heads);
}

template class AttentionTagger<float>;
template class AttentionTagger<double>;

}  // namespace attnlab
