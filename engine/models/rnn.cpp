// B = sequences, T = tokens per sequence, N = B·T, D = input width, Hd = state width, G = gate columns
// (Elman: Hd; GRU: 3·Hd, as [r | z | n]), C = tags
#include "engine/models/rnn.h"

#include <algorithm>
#include <cmath>

#include "engine/kernels/matmul.h"
#include "engine/ops/linear.h"

namespace attnlab {

namespace {

template <typename Real>
Real sigmoid(Real x) {
  return Real(1) / (Real(1) + std::exp(-x));
}

// The position processed before t in this direction (its state is h_{t−1}), or −1 at the start.
inline int prev_pos(int t, int T, bool reverse) {
  const int p = reverse ? t + 1 : t - 1;
  return (p >= 0 && p < T) ? p : -1;
}

// Step s of the loop visits position t.
inline int pos_of_step(int s, int T, bool reverse) { return reverse ? T - 1 - s : s; }

}  // namespace

// ------------------------------------------------------------------------------------------- Elman

template <typename Real>
void elman_forward(Real* h, const Real* xw, const Real* wh, const int* lengths, int B, int T, int Hd, bool reverse) {
  const int ld = T * Hd;  // one step of all B sequences: rows b·T + t, Hd·T elements apart
  for (int s = 0; s < T; ++s) {
    const int t = pos_of_step(s, T, reverse), tp = prev_pos(t, T, reverse);
    View<Real> Ht = view(h + static_cast<long>(t) * Hd, B, Hd, ld);
    Ht = cview(xw + static_cast<long>(t) * Hd, B, Hd, ld);  // x_t·Wx + bx
    if (tp >= 0) {
      matmul(Ht, cview(h + static_cast<long>(tp) * Hd, B, Hd, ld), cview(wh, Hd, Hd), /*accumulate=*/true);
    }
    for (int b = 0; b < B; ++b) {  // h_t = tanh(...); padded positions: h = 0
      const bool real = t < lengths[b];
      for (int j = 0; j < Hd; ++j) Ht(b, j) = real ? std::tanh(Ht(b, j)) : Real(0);
    }
  }
}

template <typename Real>
void elman_backward(Real* dxw, Real* dwh, Real* dh, const Real* h, const Real* wh, const int* lengths, int B, int T,
                    int Hd, bool reverse) {
  const int ld = T * Hd;
  for (int s = T - 1; s >= 0; --s) {  // the forward loop, backwards
    const int t = pos_of_step(s, T, reverse), tp = prev_pos(t, T, reverse);
    View<Real> dA = view(dh + static_cast<long>(t) * Hd, B, Hd, ld);
    CView<Real> Ht = cview(h + static_cast<long>(t) * Hd, B, Hd, ld);
    View<Real> dXW = view(dxw + static_cast<long>(t) * Hd, B, Hd, ld);
    // forward was: h_t = tanh(a),  a = xw_t + h_{t−1}·Wh
    // so           da = dh_t ∘ (1 − h_t²)   (stored over dh_t),  dxw_t += da,
    //              dWh += h_{t−1}ᵀ·da,  dh_{t−1} += da·Whᵀ
    for (int b = 0; b < B; ++b) {
      const bool real = t < lengths[b];
      for (int j = 0; j < Hd; ++j) {
        dA(b, j) = real ? dA(b, j) * (Real(1) - Ht(b, j) * Ht(b, j)) : Real(0);
        dXW(b, j) += dA(b, j);
      }
    }
    if (tp >= 0) {
      CView<Real> Hp = cview(h + static_cast<long>(tp) * Hd, B, Hd, ld);
      matmul_at(view(dwh, Hd, Hd), Hp, CView<Real>(dA.data(), B, Hd, Eigen::OuterStride<>(ld)), true);
      matmul_bt(view(dh + static_cast<long>(tp) * Hd, B, Hd, ld),
                CView<Real>(dA.data(), B, Hd, Eigen::OuterStride<>(ld)), cview(wh, Hd, Hd), true);
    }
  }
}

// ------------------------------------------------------------------------------------------- GRU

template <typename Real>
void gru_forward(Real* h, Real* gh, Real* r, Real* z, Real* n, const Real* gx, const Real* wh, const Real* bh,
                 const int* lengths, int B, int T, int Hd, bool reverse) {
  const int G = 3 * Hd, ld = T * Hd, ldg = T * G;
  for (int s = 0; s < T; ++s) {
    const int t = pos_of_step(s, T, reverse), tp = prev_pos(t, T, reverse);
    // gh = h_{t−1}·Wh + bh
    View<Real> GH = view(gh + static_cast<long>(t) * G, B, G, ldg);
    if (tp >= 0) {
      matmul(GH, cview(h + static_cast<long>(tp) * Hd, B, Hd, ld), cview(wh, Hd, G));
    } else {
      GH.setZero();
    }
    GH.rowwise() += cview(bh, 1, G).row(0);
    for (int b = 0; b < B; ++b) {
      const long row = static_cast<long>(b) * T + t;
      Real* hr = h + row * Hd;
      Real *rr = r + row * Hd, *zr = z + row * Hd, *nr = n + row * Hd;
      if (t >= lengths[b]) {  // padding: h = 0
        std::fill(hr, hr + Hd, Real(0));
        std::fill(rr, rr + Hd, Real(0));
        std::fill(zr, zr + Hd, Real(0));
        std::fill(nr, nr + Hd, Real(0));
        continue;
      }
      const Real* gxr = gx + row * G;
      const Real* ghr = gh + row * G;
      const Real* hp = tp >= 0 ? h + (static_cast<long>(b) * T + tp) * Hd : nullptr;
      for (int j = 0; j < Hd; ++j) {
        rr[j] = sigmoid(gxr[j] + ghr[j]);                              // r = σ(gx_r + gh_r)
        zr[j] = sigmoid(gxr[Hd + j] + ghr[Hd + j]);                    // z = σ(gx_z + gh_z)
        nr[j] = std::tanh(gxr[2 * Hd + j] + rr[j] * ghr[2 * Hd + j]);  // n = tanh(gx_n + r∘gh_n)
        const Real prev = hp != nullptr ? hp[j] : Real(0);
        hr[j] = (Real(1) - zr[j]) * nr[j] + zr[j] * prev;  // h = (1−z)∘n + z∘h_{t−1}
      }
    }
  }
}

template <typename Real>
void gru_backward(Real* dgx, Real* dwh, Real* dbh, Real* dh, Real* scratch, const Real* h, const Real* gh,
                  const Real* r, const Real* z, const Real* n, const Real* wh, const int* lengths, int B, int T, int Hd,
                  bool reverse) {
  const int G = 3 * Hd, ld = T * Hd;
  for (int s = T - 1; s >= 0; --s) {
    const int t = pos_of_step(s, T, reverse), tp = prev_pos(t, T, reverse);
    for (int b = 0; b < B; ++b) {
      const long row = static_cast<long>(b) * T + t;
      Real* dgh = scratch + static_cast<long>(b) * G;  // d loss / d gh for this step, (B, G)
      Real* dhr = dh + row * Hd;
      if (t >= lengths[b]) {  // h was set to 0: nothing flows back
        std::fill(dhr, dhr + Hd, Real(0));
        std::fill(dgh, dgh + G, Real(0));
        continue;
      }
      const Real *rr = r + row * Hd, *zr = z + row * Hd, *nr = n + row * Hd, *ghr = gh + row * G;
      const Real* hp = tp >= 0 ? h + (static_cast<long>(b) * T + tp) * Hd : nullptr;
      Real* dhp = tp >= 0 ? dh + (static_cast<long>(b) * T + tp) * Hd : nullptr;
      Real* dgxr = dgx + row * G;
      for (int j = 0; j < Hd; ++j) {
        const Real prev = hp != nullptr ? hp[j] : Real(0);
        const Real d = dhr[j];
        // forward was: h = (1−z)∘n + z∘h_{t−1}
        // so           dn = dh∘(1−z),  dz = dh∘(h_{t−1} − n),  dh_{t−1} += dh∘z
        const Real dn = d * (Real(1) - zr[j]);
        const Real dz = d * (prev - nr[j]);
        if (dhp != nullptr) dhp[j] += d * zr[j];
        // forward was: n = tanh(a_n),  a_n = gx_n + r∘gh_n
        // so           da_n = dn∘(1 − n²);  dgx_n = da_n,  dgh_n = da_n∘r,  dr = da_n∘gh_n
        const Real dan = dn * (Real(1) - nr[j] * nr[j]);
        const Real dr = dan * ghr[2 * Hd + j];
        // forward was: r = σ(a_r), z = σ(a_z) with a = gx + gh;  σ' = σ(1 − σ)
        const Real dar = dr * rr[j] * (Real(1) - rr[j]);
        const Real daz = dz * zr[j] * (Real(1) - zr[j]);
        dgxr[j] += dar;
        dgxr[Hd + j] += daz;
        dgxr[2 * Hd + j] += dan;
        dgh[j] = dar;
        dgh[Hd + j] = daz;
        dgh[2 * Hd + j] = dan * rr[j];
      }
    }
    // forward was: gh = h_{t−1}·Wh + bh
    // so           dWh += h_{t−1}ᵀ·dgh,  dbh += Σ_b dgh,  dh_{t−1} += dgh·Whᵀ
    CView<Real> dGH = cview(scratch, B, G);
    view(dbh, 1, G).row(0) += dGH.colwise().sum();
    if (tp >= 0) {
      matmul_at(view(dwh, Hd, G), cview(h + static_cast<long>(tp) * Hd, B, Hd, ld), dGH, true);
      matmul_bt(view(dh + static_cast<long>(tp) * Hd, B, Hd, ld), dGH, cview(wh, Hd, G), true);
    }
  }
}

// ------------------------------------------------------------------------------------------- tagger

template <typename Real>
RnnTagger<Real>::RnnTagger(const ModelConfig& config) : Base(config) {
  using R = typename Base::Init;
  const ModelConfig& c = config;
  const int Hd = config.hidden, G = gates() * Hd;
  dirs_.resize(config.bidirectional ? 2 : 1);
  const double a = 1.0 / std::sqrt(static_cast<double>(Hd));  // as torch.nn.RNN / GRU
  for (std::size_t d = 0; d < dirs_.size(); ++d) {
    Direction& dir = dirs_[d];
    dir.reverse = d == 1;
    const std::string p = std::string(d == 0 ? "fwd." : "bwd.");
    this->add_param(p + "wx", c.dim, G, R::uniform, a, &dir.wx, &dir.dwx);
    this->add_param(p + "bx", 1, G, R::uniform, a, &dir.bx, &dir.dbx);
    this->add_param(p + "wh", Hd, G, R::uniform, a, &dir.wh, &dir.dwh);
    if (config.cell == RnnCell::gru) this->add_param(p + "bh", 1, G, R::uniform, a, &dir.bh, &dir.dbh);
  }
  const int S = static_cast<int>(dirs_.size()) * Hd;
  const double ah = 1.0 / std::sqrt(static_cast<double>(S));
  this->add_param("head.w", S, c.tags, R::uniform, ah, &head_w, &dhead_w);
  this->add_param("head.b", 1, c.tags, R::uniform, ah, &head_b, &dhead_b);
  this->finish_parameters();
}

template <typename Real>
void RnnTagger<Real>::forward_layers(const Batch<Real>&) {
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const int D = this->cfg_.dim, Hd = this->cfg_.hidden, G = gates() * Hd, C = this->cfg_.tags;
  const int S = static_cast<int>(dirs_.size()) * Hd;
  const std::size_t NH = static_cast<std::size_t>(N) * Hd, NG = static_cast<std::size_t>(N) * G;
  const int* len = this->in_.lengths.data();
  s_.resize(static_cast<std::size_t>(N) * S);
  for (std::size_t d = 0; d < dirs_.size(); ++d) {
    Direction& dir = dirs_[d];
    dir.gx.resize(NG);
    dir.h.resize(NH);
    linear_forward(dir.gx.data(), this->x_.data(), dir.wx, dir.bx, N, D, G);  // gx = x·Wx + bx, all t at once
    if (this->cfg_.cell == RnnCell::gru) {
      dir.gh.resize(NG);
      dir.r.resize(NH);
      dir.z.resize(NH);
      dir.n.resize(NH);
      gru_forward(dir.h.data(), dir.gh.data(), dir.r.data(), dir.z.data(), dir.n.data(), dir.gx.data(), dir.wh, dir.bh,
                  len, B, T, Hd, dir.reverse);
    } else {
      elman_forward(dir.h.data(), dir.gx.data(), dir.wh, len, B, T, Hd, dir.reverse);
    }
    // s = [h_fwd | h_bwd]
    view(s_.data() + d * Hd, N, Hd, S) = cview(dir.h.data(), N, Hd);
  }
  linear_forward(this->logits_.data(), s_.data(), head_w, head_b, N, S, C);  // logits = s·W_head + b_head
}

template <typename Real>
const Real* RnnTagger<Real>::backward_layers() {
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const int D = this->cfg_.dim, Hd = this->cfg_.hidden, G = gates() * Hd, C = this->cfg_.tags;
  const int S = static_cast<int>(dirs_.size()) * Hd;
  const int* len = this->in_.lengths.data();
  // logits = s·W_head + b_head
  ds_.assign(s_.size(), Real(0));
  linear_backward(ds_.data(), dhead_w, dhead_b, this->dlogits_.data(), s_.data(), head_w, N, S, C);
  dx_.assign(static_cast<std::size_t>(N) * D, Real(0));
  scratch_.resize(static_cast<std::size_t>(B) * 3 * Hd);
  for (std::size_t d = 0; d < dirs_.size(); ++d) {
    Direction& dir = dirs_[d];
    // s = [h_fwd | h_bwd]: each direction gets its columns back
    dir.dh.resize(dir.h.size());
    view(dir.dh.data(), N, Hd) = cview(ds_.data() + d * Hd, N, Hd, S);
    dir.dgx.assign(static_cast<std::size_t>(N) * G, Real(0));
    if (this->cfg_.cell == RnnCell::gru) {
      gru_backward(dir.dgx.data(), dir.dwh, dir.dbh, dir.dh.data(), scratch_.data(), dir.h.data(), dir.gh.data(),
                   dir.r.data(), dir.z.data(), dir.n.data(), dir.wh, len, B, T, Hd, dir.reverse);
    } else {
      elman_backward(dir.dgx.data(), dir.dwh, dir.dh.data(), dir.h.data(), dir.wh, len, B, T, Hd, dir.reverse);
    }
    // gx = x·Wx + bx
    linear_backward(dx_.data(), dir.dwx, dir.dbx, dir.dgx.data(), this->x_.data(), dir.wx, N, D, G);
  }
  return dx_.data();
}

template void elman_forward<float>(float*, const float*, const float*, const int*, int, int, int, bool);
template void elman_forward<double>(double*, const double*, const double*, const int*, int, int, int, bool);
template void elman_backward<float>(float*, float*, float*, const float*, const float*, const int*, int, int, int,
                                    bool);
template void elman_backward<double>(double*, double*, double*, const double*, const double*, const int*, int, int, int,
                                     bool);
template void gru_forward<float>(float*, float*, float*, float*, float*, const float*, const float*, const float*,
                                 const int*, int, int, int, bool);
template void gru_forward<double>(double*, double*, double*, double*, double*, const double*, const double*,
                                  const double*, const int*, int, int, int, bool);
template void gru_backward<float>(float*, float*, float*, float*, float*, const float*, const float*, const float*,
                                  const float*, const float*, const float*, const int*, int, int, int, bool);
template void gru_backward<double>(double*, double*, double*, double*, double*, const double*, const double*,
                                   const double*, const double*, const double*, const double*, const int*, int, int,
                                   int, bool);
template class RnnTagger<float>;
template class RnnTagger<double>;

}  // namespace attnlab
