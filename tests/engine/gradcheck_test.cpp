// Finite-difference gradient checks: every backward pass of the engine against central differences.
//
// Each case is a small struct that owns its inputs and parameters (double precision), computes a scalar
// loss with the op's forward, and the analytic gradients with the op's backward. The harness nudges every
// checked number by ±h and compares (L(x+h) − L(x−h)) / 2h with the analytic gradient.
// For an op with output Y, the loss is L = Σ Y ∘ R with fixed random R, so the gradient arriving at Y is R.
// Points where the function has a kink (ReLU at 0) are detected (the one-sided slopes disagree) and skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "engine/attention/additive.h"
#include "engine/attention/attention.h"
#include "engine/attention/attention_norm.h"
#include "engine/attention/mask.h"
#include "engine/attention/posenc.h"
#include "engine/core/rng.h"
#include "engine/models/attention_tagger.h"
#include "engine/ops/activation.h"
#include "engine/ops/embedding.h"
#include "engine/ops/ffn.h"
#include "engine/ops/layernorm.h"
#include "engine/ops/linear.h"
#include "engine/ops/loss.h"
#include "engine/ops/residual.h"
#include "engine/ops/unfold.h"
#include "tests/engine/gradcheck.h"

namespace attnlab {
namespace {


using namespace gradcheck;  // NOLINT: the harness is this file's vocabulary

// ---------------------------------------------------------------------------------------------- op cases

struct LinearCase : Problem {
  int N = 3, Din = 4, Dout = 5;
  bool bias;
  Vec x, w, b, y, r, dx, dw, db;
  explicit LinearCase(bool with_bias) : bias(with_bias) {
    Rng rng(1);
    x = random_vec(rng, N * Din), w = random_vec(rng, Din * Dout), b = random_vec(rng, Dout);
    r = random_vec(rng, N * Dout), y.resize(N * Dout), dx.resize(x.size()), dw.resize(w.size()), db.resize(Dout);
  }
  double loss() override {
    linear_forward(y.data(), x.data(), w.data(), bias ? b.data() : nullptr, N, Din, Dout);
    return dot(y, r);
  }
  void gradients() override {
    zero(dx), zero(dw), zero(db);
    linear_backward(dx.data(), dw.data(), bias ? db.data() : nullptr, r.data(), x.data(), w.data(), N, Din, Dout);
  }
  std::vector<Checked> checked() override {
    std::vector<Checked> c = {{"x", x.data(), dx.data(), x.size()}, {"w", w.data(), dw.data(), w.size()}};
    if (bias) c.push_back({"b", b.data(), db.data(), b.size()});
    return c;
  }
};

struct LayerNormCase : Problem {
  int N = 3, D = 5;
  Vec x, g, b, y, mean, rstd, r, dx, dg, db;
  LayerNormCase() {
    Rng rng(2);
    x = random_vec(rng, N * D, 2.0), g = random_vec(rng, D), b = random_vec(rng, D), r = random_vec(rng, N * D);
    y.resize(N * D), mean.resize(N), rstd.resize(N), dx.resize(N * D), dg.resize(D), db.resize(D);
  }
  double loss() override {
    layernorm_forward(y.data(), mean.data(), rstd.data(), x.data(), g.data(), b.data(), N, D, 1e-5);
    return dot(y, r);
  }
  void gradients() override {
    zero(dx), zero(dg), zero(db);
    layernorm_backward(dx.data(), dg.data(), db.data(), r.data(), x.data(), g.data(), mean.data(), rstd.data(), N, D);
  }
  std::vector<Checked> checked() override {
    return {{"x", x.data(), dx.data(), x.size()},
            {"gamma", g.data(), dg.data(), g.size()},
            {"beta", b.data(), db.data(), b.size()}};
  }
};

struct ResidualCase : Problem {
  Vec a, b, y, r, da, db;
  ResidualCase() {
    Rng rng(3);
    a = random_vec(rng, 7), b = random_vec(rng, 7), r = random_vec(rng, 7), y.resize(7), da.resize(7), db.resize(7);
  }
  double loss() override {
    residual_forward(y.data(), a.data(), b.data(), 7);
    return dot(y, r);
  }
  void gradients() override {
    zero(da), zero(db);
    residual_backward(da.data(), db.data(), r.data(), 7);
  }
  std::vector<Checked> checked() override { return {{"a", a.data(), da.data(), 7}, {"b", b.data(), db.data(), 7}}; }
};

struct ActivationCase : Problem {
  Activation act;
  Vec x, y, r, dx;
  explicit ActivationCase(Activation a) : act(a) {
    Rng rng(4);
    x = random_vec(rng, 40, 3.0), r = random_vec(rng, 40), y.resize(40), dx.resize(40);
  }
  double loss() override {
    activation_forward(y.data(), x.data(), 40, act);
    return dot(y, r);
  }
  void gradients() override {
    zero(dx);
    activation_backward(dx.data(), r.data(), x.data(), 40, act);
  }
  std::vector<Checked> checked() override { return {{"x", x.data(), dx.data(), 40}}; }
};

struct FfnCase : Problem {
  int N = 3, D = 4, F = 6;
  Activation act;
  Vec x, w1, b1, w2, b2, y, pre, hid, r, scratch, dx, dw1, db1, dw2, db2;
  explicit FfnCase(Activation a) : act(a) {
    Rng rng(5);
    x = random_vec(rng, N * D), w1 = random_vec(rng, D * F), b1 = random_vec(rng, F);
    w2 = random_vec(rng, F * D), b2 = random_vec(rng, D), r = random_vec(rng, N * D);
    y.resize(N * D), pre.resize(N * F), hid.resize(N * F), scratch.resize(2 * N * F);
    dx.resize(x.size()), dw1.resize(w1.size()), db1.resize(F), dw2.resize(w2.size()), db2.resize(D);
  }
  double loss() override {
    ffn_forward(y.data(), pre.data(), hid.data(), x.data(), w1.data(), b1.data(), w2.data(), b2.data(), N, D, F, act);
    return dot(y, r);
  }
  void gradients() override {
    zero(dx), zero(dw1), zero(db1), zero(dw2), zero(db2);
    ffn_backward(dx.data(), dw1.data(), db1.data(), dw2.data(), db2.data(), scratch.data(), r.data(), x.data(),
                 pre.data(), hid.data(), w1.data(), w2.data(), N, D, F, act);
  }
  std::vector<Checked> checked() override {
    return {{"x", x.data(), dx.data(), x.size()},
            {"w1", w1.data(), dw1.data(), w1.size()},
            {"b1", b1.data(), db1.data(), b1.size()},
            {"w2", w2.data(), dw2.data(), w2.size()},
            {"b2", b2.data(), db2.data(), b2.size()}};
  }
};

struct EmbeddingCase : Problem {
  int V = 5, D = 3, N = 6;
  std::vector<int> ids = {1, 4, 1, 0, 2, 1};  // token 1 three times: its gradient row is a sum
  Vec table, y, r, dtable;
  EmbeddingCase() {
    Rng rng(6);
    table = random_vec(rng, V * D), r = random_vec(rng, N * D), y.resize(N * D), dtable.resize(V * D);
  }
  double loss() override {
    embedding_forward(y.data(), ids.data(), table.data(), N, D);
    return dot(y, r);
  }
  void gradients() override {
    zero(dtable);
    embedding_backward(dtable.data(), r.data(), ids.data(), N, D);
  }
  std::vector<Checked> checked() override { return {{"table", table.data(), dtable.data(), table.size()}}; }
};

struct PositionalCase : Problem {  // learned PE: x + P[t], P shared by the B sequences
  int B = 2, T = 3, D = 4;
  Vec x, pe, y, r, dx, dpe;
  PositionalCase() {
    Rng rng(7);
    x = random_vec(rng, B * T * D), pe = random_vec(rng, 5 * D), r = random_vec(rng, B * T * D);
    y.resize(x.size()), dx.resize(x.size()), dpe.resize(pe.size());
  }
  double loss() override {
    positional_add_forward(y.data(), x.data(), pe.data(), B, T, D);
    return dot(y, r);
  }
  void gradients() override {
    zero(dx), zero(dpe);
    positional_add_backward(dx.data(), dpe.data(), r.data(), B, T, D);
  }
  std::vector<Checked> checked() override {
    return {{"x", x.data(), dx.data(), x.size()}, {"pe", pe.data(), dpe.data(), pe.size()}};
  }
};

struct GridPositionalCase : Problem {  // learned 2-D PE: table[r·gw + c] = R[r] + C[c], then x + table
  int B = 2, gh = 3, gw = 4, D = 3, T = 12;
  Vec x, row, col, table, y, r, dx, drow, dcol, dtable;
  GridPositionalCase() {
    Rng rng(17);
    x = random_vec(rng, B * T * D), row = random_vec(rng, gh * D), col = random_vec(rng, gw * D);
    r = random_vec(rng, B * T * D);
    table.resize(T * D), y.resize(x.size()), dx.resize(x.size()), drow.resize(row.size()), dcol.resize(col.size());
    dtable.resize(table.size());
  }
  double loss() override {
    grid_table_forward(table.data(), row.data(), col.data(), gh, gw, D);
    positional_add_forward(y.data(), x.data(), table.data(), B, T, D);
    return dot(y, r);
  }
  void gradients() override {
    zero(dx), zero(drow), zero(dcol), zero(dtable);
    positional_add_backward(dx.data(), dtable.data(), r.data(), B, T, D);
    grid_table_backward(drow.data(), dcol.data(), dtable.data(), gh, gw, D);
  }
  std::vector<Checked> checked() override {
    return {{"x", x.data(), dx.data(), x.size()},
            {"pe_row", row.data(), drow.data(), row.size()},
            {"pe_col", col.data(), dcol.data(), col.size()}};
  }
};

struct Unfold2dCase : Problem {  // the k×k pixels around each pixel of B images, zero outside
  int B = 2, gh = 3, gw = 4, D = 2, k;
  Vec x, y, r, dx;
  explicit Unfold2dCase(int kernel) : k(kernel) {
    Rng rng(18);
    x = random_vec(rng, B * gh * gw * D), r = random_vec(rng, B * gh * gw * k * k * D);
    y.resize(r.size()), dx.resize(x.size());
  }
  double loss() override {
    unfold2d_forward(y.data(), x.data(), B, gh, gw, D, k);
    return dot(y, r);
  }
  void gradients() override {
    zero(dx);
    unfold2d_backward(dx.data(), r.data(), B, gh, gw, D, k);
  }
  std::vector<Checked> checked() override { return {{"x", x.data(), dx.data(), x.size()}}; }
};

struct CrossEntropyCase : Problem {
  int N = 5, C = 4;
  std::vector<int> targets = {0, 3, kIgnoreTag, 2, 3};
  Vec z, p, dz;
  CrossEntropyCase() {
    Rng rng(8);
    z = random_vec(rng, N * C, 3.0), p.resize(z.size()), dz.resize(z.size());
  }
  double loss() override { return cross_entropy_forward(p.data(), z.data(), targets.data(), N, C); }
  void gradients() override {
    zero(dz);
    cross_entropy_backward(dz.data(), p.data(), targets.data(), N, C);
  }
  std::vector<Checked> checked() override { return {{"logits", z.data(), dz.data(), z.size()}}; }
};

struct AttentionNormCase : Problem {
  AttnNorm norm;
  std::vector<std::uint8_t> allowed = {1, 0, 1, 1, 0, 1, 1};
  Vec s, w, r, ds;
  explicit AttentionNormCase(AttnNorm n) : norm(n) {
    Rng rng(9);
    s = random_vec(rng, 7, 2.0), r = random_vec(rng, 7), w.resize(7), ds.resize(7);
  }
  double loss() override {
    attention_norm_forward(w.data(), s.data(), allowed.data(), 7, norm);
    return dot(w, r);
  }
  void gradients() override {
    zero(ds);
    attention_norm_backward(ds.data(), r.data(), w.data(), s.data(), allowed.data(), 7, norm);
  }
  std::vector<Checked> checked() override { return {{"scores", s.data(), ds.data(), 7}}; }
};

struct AdditiveCase : Problem {  // one head of width Dh = 3 inside rows of width ld = 5 (strided access)
  int T = 4, Dh = 3, ld = 5;
  Vec q, k, uq, uk, w, s, pq, pk, r, scratch, dq, dk, duq, duk, dw;
  AdditiveCase() {
    Rng rng(10);
    q = random_vec(rng, T * ld), k = random_vec(rng, T * ld), uq = random_vec(rng, Dh * Dh);
    uk = random_vec(rng, Dh * Dh), w = random_vec(rng, Dh), r = random_vec(rng, T * T);
    s.resize(T * T), pq.resize(T * ld), pk.resize(T * ld), scratch.resize(2 * T * Dh);
    dq.resize(q.size()), dk.resize(k.size()), duq.resize(uq.size()), duk.resize(uk.size()), dw.resize(Dh);
  }
  double loss() override {
    additive_scores_forward(s.data(), pq.data(), pk.data(), q.data(), k.data(), uq.data(), uk.data(), w.data(), T, Dh,
                            ld);
    return dot(s, r);
  }
  void gradients() override {
    zero(dq), zero(dk), zero(duq), zero(duk), zero(dw);
    additive_scores_backward(dq.data(), dk.data(), duq.data(), duk.data(), dw.data(), scratch.data(), r.data(),
                             pq.data(), pk.data(), q.data(), k.data(), uq.data(), uk.data(), w.data(), T, Dh, ld);
  }
  std::vector<Checked> checked() override {
    return {{"q", q.data(), dq.data(), q.size()},
            {"k", k.data(), dk.data(), k.size()},
            {"W'q", uq.data(), duq.data(), uq.size()},
            {"W'k", uk.data(), duk.data(), uk.size()},
            {"w", w.data(), dw.data(), w.size()}};
  }
};

// long_*: T = 37, three query blocks (16 + 16 + 5, attention.h) whose key spans overlap, with padding.
// long_graph: a sparse random allow matrix (~10% of the pairs): blocks computed pair by pair.
enum class MaskCase { full, causal, window, allow, padding, all, long_window, long_causal, long_full, long_graph };

struct AttentionCase : Problem {
  int B = 2, T = 4, D = 6, H = 2;
  AttentionSpec spec;
  bool bias;
  MaskSpec mask;
  std::vector<int> lengths;
  std::vector<std::uint8_t> allowed;
  Vec x, r, y;
  Vec wq, bq, wk, bk, wv, bv, wo, bo, aq, ak, aw;                 // parameters
  Vec dx, dwq, dbq, dwk, dbk, dwv, dbv, dwo, dbo, daq, dak, daw;  // their gradients
  AttentionCache<double> cache;
  AttentionScratch<double> scratch;

  AttentionCase(AttnNorm norm, Relevance rel, MaskCase kind, bool alibi, bool with_bias) : bias(with_bias) {
    const bool long_seq = kind == MaskCase::long_window || kind == MaskCase::long_causal ||
                          kind == MaskCase::long_full || kind == MaskCase::long_graph;
    if (long_seq) T = 37, D = 4;
    spec.heads = H, spec.norm = norm, spec.relevance = rel, spec.alibi = alibi;
    Rng rng(11);
    const int N = B * T, Dh = D / H;
    x = random_vec(rng, N * D), r = random_vec(rng, N * D), y.resize(N * D), dx.resize(N * D);
    for (Vec* v : {&wq, &wk, &wv, &wo}) *v = random_vec(rng, D * D, 0.8);
    for (Vec* v : {&bq, &bk, &bv, &bo}) *v = random_vec(rng, D, 0.5);
    aq = random_vec(rng, H * Dh * Dh), ak = random_vec(rng, H * Dh * Dh), aw = random_vec(rng, H * Dh);
    for (auto [v, g] : {std::pair{&wq, &dwq},
                        {&bq, &dbq},
                        {&wk, &dwk},
                        {&bk, &dbk},
                        {&wv, &dwv},
                        {&bv, &dbv},
                        {&wo, &dwo},
                        {&bo, &dbo},
                        {&aq, &daq},
                        {&ak, &dak},
                        {&aw, &daw}}) {
      g->resize(v->size());
    }
    if (kind == MaskCase::causal || kind == MaskCase::all) mask.causal = true;
    if (kind == MaskCase::window || kind == MaskCase::all) mask.window = 1;
    if (kind == MaskCase::allow || kind == MaskCase::all) {
      mask.allow_n = T;          // a small graph; query 2 has no allowed key at all (its weights are all zero)
      mask.allow = {1, 1, 0, 0,  //
                    1, 0, 1, 1,  //
                    0, 0, 0, 0,  //
                    1, 0, 1, 1};
    }
    if (kind == MaskCase::padding || kind == MaskCase::all) lengths = {4, 2};
    if (kind == MaskCase::long_window) mask.window = 3;
    if (kind == MaskCase::long_causal) mask.causal = true;
    if (long_seq) lengths = {37, 20};  // the second sequence's last block is all padding
    if (kind == MaskCase::long_graph) {
      Rng edges(5);
      mask.allow_n = T;
      mask.allow.resize(static_cast<size_t>(T) * T);
      for (auto& a : mask.allow) a = edges.uniform() < 0.1 ? 1 : 0;
    }
    allowed.resize(static_cast<size_t>(B) * T * T);
    build_attention_mask(allowed.data(), mask, lengths.empty() ? nullptr : lengths.data(), B, T);
    cache.resize(B, T, D, H, rel);
    scratch.resize(B, T, D, H);
  }
  AttentionParams<double> bind(bool grads) {
    auto p = [&](Vec& v, Vec& g) { return grads ? g.data() : v.data(); };
    AttentionParams<double> a;
    a.wq = p(wq, dwq), a.wk = p(wk, dwk), a.wv = p(wv, dwv), a.wo = p(wo, dwo);
    if (bias) a.bq = p(bq, dbq), a.bk = p(bk, dbk), a.bv = p(bv, dbv), a.bo = p(bo, dbo);
    if (spec.relevance == Relevance::additive) a.add_wq = p(aq, daq), a.add_wk = p(ak, dak), a.add_w = p(aw, daw);
    return a;
  }
  const int* lens() const { return lengths.empty() ? nullptr : lengths.data(); }
  double loss() override {
    attention_forward(y.data(), cache, x.data(), allowed.data(), lens(), bind(false), spec, B, T, D);
    return dot(y, r);
  }
  void gradients() override {
    for (Vec* g : {&dx, &dwq, &dbq, &dwk, &dbk, &dwv, &dbv, &dwo, &dbo, &daq, &dak, &daw}) zero(*g);
    attention_backward(dx.data(), bind(true), scratch, r.data(), cache, x.data(), allowed.data(), lens(), bind(false),
                       spec, B, T, D);
  }
  std::vector<Checked> checked() override {
    std::vector<Checked> c = {{"x", x.data(), dx.data(), x.size()},
                              {"wq", wq.data(), dwq.data(), wq.size()},
                              {"wk", wk.data(), dwk.data(), wk.size()},
                              {"wv", wv.data(), dwv.data(), wv.size()},
                              {"wo", wo.data(), dwo.data(), wo.size()}};
    if (bias) {
      for (auto [n, v, g] : {std::tuple{"bq", &bq, &dbq}, {"bk", &bk, &dbk}, {"bv", &bv, &dbv}, {"bo", &bo, &dbo}}) {
        c.push_back({n, v->data(), g->data(), v->size()});
      }
    }
    if (spec.relevance == Relevance::additive) {
      c.push_back({"add_wq", aq.data(), daq.data(), aq.size()});
      c.push_back({"add_wk", ak.data(), dak.data(), ak.size()});
      c.push_back({"add_w", aw.data(), daw.data(), aw.size()});
    }
    return c;
  }
};

struct OpCase {
  const char* name;
  std::function<std::unique_ptr<Problem>()> make;
  Tolerance tol;
};

template <typename P, typename... Args>
std::function<std::unique_ptr<Problem>()> make(Args... args) {
  return [=] { return std::unique_ptr<Problem>(new P(args...)); };
}

const AttnNorm kSoftmax = AttnNorm::softmax, kRelu = AttnNorm::relu, kSigmoid = AttnNorm::sigmoid;
const Relevance kDot = Relevance::dot, kAdditive = Relevance::additive;

const OpCase kOpCases[] = {
    {"linear", make<LinearCase>(true), {}},
    {"linear_no_bias", make<LinearCase>(false), {}},
    {"layernorm", make<LayerNormCase>(), {}},
    {"residual", make<ResidualCase>(), {}},
    {"relu", make<ActivationCase>(Activation::relu), {}},
    {"gelu", make<ActivationCase>(Activation::gelu), {}},
    {"ffn_relu", make<FfnCase>(Activation::relu), {}},
    {"ffn_gelu", make<FfnCase>(Activation::gelu), {}},
    {"embedding", make<EmbeddingCase>(), {}},
    {"positional_learned", make<PositionalCase>(), {}},
    {"positional_learned_2d", make<GridPositionalCase>(), {}},
    {"unfold2d_k3", make<Unfold2dCase>(3), {}},
    {"unfold2d_k5", make<Unfold2dCase>(5), {}},
    {"cross_entropy", make<CrossEntropyCase>(), {}},
    {"norm_softmax", make<AttentionNormCase>(kSoftmax), {}},
    {"norm_relu", make<AttentionNormCase>(kRelu), {}},
    {"norm_sigmoid", make<AttentionNormCase>(kSigmoid), {}},
    {"additive_scores", make<AdditiveCase>(), {}},
    {"attention_softmax_full", make<AttentionCase>(kSoftmax, kDot, MaskCase::full, false, true), {}},
    {"attention_relu_full", make<AttentionCase>(kRelu, kDot, MaskCase::full, false, true), {}},
    {"attention_sigmoid_full", make<AttentionCase>(kSigmoid, kDot, MaskCase::full, false, true), {}},
    {"attention_no_bias", make<AttentionCase>(kSoftmax, kDot, MaskCase::full, false, false), {}},
    {"attention_causal", make<AttentionCase>(kSoftmax, kDot, MaskCase::causal, false, true), {}},
    {"attention_window", make<AttentionCase>(kSoftmax, kDot, MaskCase::window, false, true), {}},
    {"attention_allow", make<AttentionCase>(kSoftmax, kDot, MaskCase::allow, false, true), {}},
    {"attention_padding", make<AttentionCase>(kSoftmax, kDot, MaskCase::padding, false, true), {}},
    {"attention_all_masks", make<AttentionCase>(kSoftmax, kDot, MaskCase::all, false, true), {}},
    {"attention_relu_all_masks", make<AttentionCase>(kRelu, kDot, MaskCase::all, false, true), {}},
    {"attention_sigmoid_all_masks", make<AttentionCase>(kSigmoid, kDot, MaskCase::all, false, true), {}},
    {"attention_alibi", make<AttentionCase>(kSoftmax, kDot, MaskCase::padding, true, true), {}},
    {"attention_additive_softmax", make<AttentionCase>(kSoftmax, kAdditive, MaskCase::full, false, true), {}},
    {"attention_additive_relu", make<AttentionCase>(kRelu, kAdditive, MaskCase::full, false, true), {}},
    {"attention_additive_sigmoid", make<AttentionCase>(kSigmoid, kAdditive, MaskCase::full, false, true), {}},
    {"attention_additive_all_masks", make<AttentionCase>(kSoftmax, kAdditive, MaskCase::all, true, true), {}},
    {"attention_long_window", make<AttentionCase>(kSoftmax, kDot, MaskCase::long_window, false, true), {}},
    {"attention_long_window_alibi_sigmoid", make<AttentionCase>(kSigmoid, kDot, MaskCase::long_window, true, true), {}},
    {"attention_long_causal_relu", make<AttentionCase>(kRelu, kDot, MaskCase::long_causal, false, true), {}},
    {"attention_long_full", make<AttentionCase>(kSoftmax, kDot, MaskCase::long_full, false, true), {}},
    {"attention_long_window_additive",
     make<AttentionCase>(kSoftmax, kAdditive, MaskCase::long_window, false, true),
     {}},
    {"attention_long_graph", make<AttentionCase>(kSoftmax, kDot, MaskCase::long_graph, false, true), {}},
    {"attention_long_graph_sigmoid_alibi", make<AttentionCase>(kSigmoid, kDot, MaskCase::long_graph, true, true), {}},
    {"attention_long_graph_additive", make<AttentionCase>(kRelu, kAdditive, MaskCase::long_graph, false, true), {}},
};

void PrintTo(const OpCase& c, std::ostream* os) { *os << c.name; }

class OpGradCheck : public ::testing::TestWithParam<OpCase> {};

TEST_P(OpGradCheck, MatchesCentralDifferences) {
  std::unique_ptr<Problem> p = GetParam().make();
  run_gradcheck(*p, GetParam().tol);
}

INSTANTIATE_TEST_SUITE_P(Ops, OpGradCheck, ::testing::ValuesIn(kOpCases),
                         [](const ::testing::TestParamInfo<OpCase>& i) { return std::string(i.param.name); });

// ---------------------------------------------------------------------------------------------- the tagger

// A whole 2-layer tagger in double precision: every parameter tensor (and the input, in features mode).
struct TaggerCase : ModelProblem {
  int B = 2, T = 5;
  std::vector<int> tokens, tags, lengths;
  std::vector<std::uint8_t> allow;  // (B, T, T) per-sequence graphs, optional
  Vec feature_values;

  explicit TaggerCase(const ModelConfig& cfg, std::vector<int> lens = {}) : lengths(std::move(lens)) {
    model = std::make_unique<AttentionTagger<double>>(cfg);
    Rng rng(12);
    const int N = B * T;
    for (int n = 0; n < N; ++n) {
      tokens.push_back(static_cast<int>(rng.below(cfg.vocab)));
      tags.push_back(n % 4 == 3 ? kIgnoreTag : static_cast<int>(rng.below(cfg.tags)));
    }
    if (cfg.input == InputMode::features) {
      feature_values = random_vec(rng, static_cast<size_t>(N) * cfg.input_dim);
      features = feature_values.data(), n_features = feature_values.size();
    }
    batch.B = B, batch.T = T, batch.tags = tags.data();
    batch.tokens = cfg.input == InputMode::tokens ? tokens.data() : nullptr;
    batch.features = cfg.input == InputMode::features ? feature_values.data() : nullptr;
    batch.lengths = lengths.empty() ? nullptr : lengths.data();
  }
  void use_graphs() {  // each sequence its own random graph (with self-loops), one query left with no key
    Rng rng(13);
    allow.resize(static_cast<size_t>(B) * T * T);
    for (int b = 0; b < B; ++b) {
      for (int i = 0; i < T; ++i) {
        for (int j = 0; j < T; ++j) allow[(b * T + i) * T + j] = (i == j || rng.below(2) == 0) ? 1 : 0;
      }
    }
    for (int j = 0; j < T; ++j) allow[(1 * T + 2) * T + j] = 0;
    batch.allow = allow.data();
  }
};

ModelConfig small_tagger() {
  ModelConfig c;
  c.vocab = 7, c.tags = 3, c.dim = 8, c.heads = 2, c.layers = 2, c.ffn = 12;
  c.max_len = 6, c.max_batch = 2, c.seed = 5;
  return c;
}

struct TaggerGradCase {
  const char* name;
  std::function<void(ModelConfig&)> edit;
  std::vector<int> lengths;
};

MaskSpec allow_mask() {  // 5 tokens: a chain 0-1-2-3-4 with self-loops, plus a query (row 4) with no key
  MaskSpec m;
  m.allow_n = 5;
  m.allow = {1, 1, 0, 0, 0,  //
             1, 1, 1, 0, 0,  //
             0, 1, 1, 1, 0,  //
             0, 0, 1, 1, 1,  //
             0, 0, 0, 0, 0};
  return m;
}

const TaggerGradCase kTaggerCases[] = {
    {"softmax_dot_full_sinusoidal", [](ModelConfig&) {}, {}},
    {"relu_norm", [](ModelConfig& c) { c.norm = AttnNorm::relu; }, {}},
    {"sigmoid_norm", [](ModelConfig& c) { c.norm = AttnNorm::sigmoid; }, {}},
    {"additive_softmax", [](ModelConfig& c) { c.relevance = Relevance::additive; }, {}},
    {"additive_relu", [](ModelConfig& c) { c.relevance = Relevance::additive, c.norm = AttnNorm::relu; }, {}},
    {"additive_sigmoid", [](ModelConfig& c) { c.relevance = Relevance::additive, c.norm = AttnNorm::sigmoid; }, {}},
    {"mask_causal", [](ModelConfig& c) { c.mask.causal = true; }, {}},
    {"mask_window", [](ModelConfig& c) { c.mask.window = 1; }, {}},
    {"mask_allow", [](ModelConfig& c) { c.mask = allow_mask(); }, {}},
    {"mask_padding", [](ModelConfig&) {}, {5, 3}},
    {"mask_padding_causal_window", [](ModelConfig& c) { c.mask.causal = true, c.mask.window = 2; }, {4, 2}},
    {"pe_none", [](ModelConfig& c) { c.pe = PosEnc::none; }, {}},
    {"pe_learned", [](ModelConfig& c) { c.pe = PosEnc::learned; }, {5, 4}},
    {"pe_alibi", [](ModelConfig& c) { c.pe = PosEnc::alibi; }, {5, 4}},
    {"pe_alibi_relu_additive",
     [](ModelConfig& c) { c.pe = PosEnc::alibi, c.norm = AttnNorm::relu, c.relevance = Relevance::additive; },
     {}},
    {"gelu", [](ModelConfig& c) { c.activation = Activation::gelu; }, {}},
    {"no_attention_bias", [](ModelConfig& c) { c.attn_bias = false; }, {}},
    {"features_input", [](ModelConfig& c) { c.input = InputMode::features, c.input_dim = 3; }, {}},
    {"features_learned_padding",
     [](ModelConfig& c) { c.input = InputMode::features, c.input_dim = 3, c.pe = PosEnc::learned; },
     {3, 5}},
};

void PrintTo(const TaggerGradCase& c, std::ostream* os) { *os << c.name; }

class TaggerGradCheck : public ::testing::TestWithParam<TaggerGradCase> {};

TEST_P(TaggerGradCheck, EveryParameterMatchesCentralDifferences) {
  ModelConfig cfg = small_tagger();
  GetParam().edit(cfg);
  TaggerCase p(cfg, GetParam().lengths);
  Tolerance tol;
  tol.rtol = 1e-5;
  tol.atol = 1e-8;
  run_gradcheck(p, tol);
}

TEST(TaggerGradCheckGraph, PerSequenceAllowMatricesWithPadding) {
  ModelConfig cfg = small_tagger();
  cfg.norm = AttnNorm::sigmoid;
  TaggerCase p(cfg, {5, 4});
  p.use_graphs();
  run_gradcheck(p, Tolerance{});
}

INSTANTIATE_TEST_SUITE_P(Tagger, TaggerGradCheck, ::testing::ValuesIn(kTaggerCases),
                         [](const ::testing::TestParamInfo<TaggerGradCase>& i) { return std::string(i.param.name); });

}  // namespace
}  // namespace attnlab
