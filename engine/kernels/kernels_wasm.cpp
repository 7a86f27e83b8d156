// The WebAssembly SIMD128 twin of every kernel (kernels.h): v128_t holds 4 floats, one instruction works on
// all 4. Only compiled for WebAssembly (-msimd128); the arithmetic is that of kernels.cpp, in the same order.
//
// Compiled a second time with -mrelaxed-simd and ATTNLAB_RELAXED_SIMD (CMake: attnlab_use_relaxed_simd), the
// matrix products add a·b to their sums with relaxed SIMD's fused multiply-add (f32x4.relaxed_madd: one
// instruction and one rounding instead of two; Chrome >= 114, Node 20 with --experimental-wasm-relaxed-simd).
// That variant is no longer bit for bit the portable twin: its products are within 1e-6·(1 + √K) of a
// double-precision loop (tests/engine/kernels_test.cpp), as are the plain ones. Everything else is unchanged.
//
// M, N, K = sizes of C (M, N) = A (M, K) · B (K, N); rows, n = rows and width of a row block; D = LayerNorm width
#if defined(__wasm_simd128__)

#include <wasm_simd128.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/kernels/kernels.h"
#include "engine/kernels/kernels_common.h"

namespace attnlab {

#if defined(ATTNLAB_RELAXED_SIMD)
const char* kernels_name() { return "wasm-relaxed-simd"; }
#else
const char* kernels_name() { return "wasm-simd128"; }
#endif

namespace kernels::simd {

namespace {

// acc + x·y, 4 lanes. Relaxed: one fused multiply-add. (Clang 14 knows it as __builtin_wasm_fma_f32x4, in the
// proposal's first encoding; scripts/wasm_relaxed_opcodes.py renumbers it to the standard f32x4.relaxed_madd
// after linking, whose operands are (x, y, acc) -> x·y + acc.)
inline v128_t madd(v128_t x, v128_t y, v128_t acc) {
#if defined(ATTNLAB_RELAXED_SIMD)
  return __builtin_wasm_fma_f32x4(x, y, acc);
#else
  return wasm_f32x4_add(acc, wasm_f32x4_mul(x, y));
#endif
}

// (x0 + x2) + (x1 + x3): combine_lanes (kernels_common.h) for 4 lanes
float hsum(v128_t x) {
  return (wasm_f32x4_extract_lane(x, 0) + wasm_f32x4_extract_lane(x, 2)) +
         (wasm_f32x4_extract_lane(x, 1) + wasm_f32x4_extract_lane(x, 3));
}

float hmax(v128_t x) {  // (max is exact: any order gives the same)
  return std::max(std::max(wasm_f32x4_extract_lane(x, 0), wasm_f32x4_extract_lane(x, 1)),
                  std::max(wasm_f32x4_extract_lane(x, 2), wasm_f32x4_extract_lane(x, 3)));
}

// Are all n bytes of a 0/1 row set?
bool all_set(const std::uint8_t* ok, int n) {
  int j = 0;
  for (; j + 16 <= n; j += 16) {
    if (!wasm_i8x16_all_true(wasm_v128_load(ok + j))) return false;
  }
  for (; j < n; ++j) {
    if (!ok[j]) return false;
  }
  return true;
}

// Lanes j .. j+3 of a 0/1 byte row as an all-ones / all-zeros mask per lane.
v128_t byte_mask(const std::uint8_t* ok) {
  const v128_t bytes = wasm_v128_load32_zero(ok);
  const v128_t words = wasm_u32x4_extend_low_u16x8(wasm_u16x8_extend_low_u8x16(bytes));
  return wasm_i32x4_ne(words, wasm_i32x4_splat(0));
}

}  // namespace

// ------------------------------------------------------------------------------------------- gemm
//
// Micro-tile of 2 rows × 16 columns: 8 accumulators (2 rows × 4 vectors) plus 4 vectors of B and one
// broadcast element of A fit in the 16 vector registers V8 uses on x86-64 without spilling. For each k:
// 4 loads of B, 2 broadcasts of A, 8 multiplies, 8 adds (SIMD128 has no fused multiply-add; relaxed SIMD: 8
// fused multiply-adds). Measured in Node 20 on a 1024×64·64×64 product: 2×16 about 40 GFLOP/s, 4×8 36, 3×8
// 33, 6×8 25 (it spills), 2×16 with k unrolled 30; node wasm_peak.js puts the mul+add limit at about 52.
// The narrower panels of the last columns (kernels_common.h) keep 8 accumulators too: 4 rows × 8 columns
// and 8 rows × 4 columns.
namespace {

// c (nc < NR) (+)= the first nc lanes of r[0 .. NR/4 − 1]: the last, partial panel, through a small buffer.
// (Its own function, so that the micro-tile itself needs no stack frame.)
template <int NR>
__attribute__((noinline)) void store_partial(float* c, int nc, const v128_t* r, bool accumulate) {
  alignas(16) float t[NR];
  for (int v = 0; v < NR / 4; ++v) wasm_v128_store(t + 4 * v, r[v]);
  for (int j = 0; j < nc; ++j) c[j] = accumulate ? c[j] + t[j] : t[j];
}

// c (MR, nc) (+)= α · a (MR, kc) · panel (kc, NR), the panel packed (row stride NR).
// (Not inlined: V8 allocates registers function by function, and this loop wants all 16.)
template <int MR, int NR>
__attribute__((noinline)) void micro_tile(float* c, int ldc, const float* a, int ars, int acs, const float* panel,
                                          int kc, int nc, float alpha, bool accumulate) {
  constexpr int V = NR / 4;  // vectors per row
  v128_t acc[MR][V];
  for (int i = 0; i < MR; ++i) {
    for (int v = 0; v < V; ++v) acc[i][v] = wasm_f32x4_splat(0.0f);
  }
  const float* bk = panel;
  for (int k = 0; k < kc; ++k, bk += NR, a += acs) {
    v128_t b[V];
    for (int v = 0; v < V; ++v) b[v] = wasm_v128_load(bk + 4 * v);
    for (int i = 0; i < MR; ++i) {
      const v128_t aik = wasm_v128_load32_splat(a + i * ars);
      for (int v = 0; v < V; ++v) acc[i][v] = madd(aik, b[v], acc[i][v]);
    }
  }
  const v128_t va = wasm_f32x4_splat(alpha);
  for (int i = 0; i < MR; ++i) {
    float* ci = c + static_cast<long>(i) * ldc;
    v128_t r[V];
    for (int v = 0; v < V; ++v) r[v] = wasm_f32x4_mul(va, acc[i][v]);
    if (nc == NR) {
      for (int v = 0; v < V; ++v) {
        if (accumulate) r[v] = wasm_f32x4_add(wasm_v128_load(ci + 4 * v), r[v]);
        wasm_v128_store(ci + 4 * v, r[v]);
      }
    } else {
      store_partial<NR>(ci, nc, r, accumulate);
    }
  }
}

// The rows of a micro-tile for each panel width: 8 accumulators each.
constexpr int rows_for(int nr) { return nr == kNR ? 2 : nr == kNR8 ? 4 : 8; }

// rows = MR, or fewer at the bottom edge, one row at a time
template <int MR, int NR>
void rows_tile(int rows, float* c, int ldc, const float* a, int ars, int acs, const float* panel, int kc, int nc,
               float alpha, bool accumulate) {
  if (rows == MR) {
    micro_tile<MR, NR>(c, ldc, a, ars, acs, panel, kc, nc, alpha, accumulate);
    return;
  }
  for (int i = 0; i < rows; ++i) {
    micro_tile<1, NR>(c + static_cast<long>(i) * ldc, ldc, a + static_cast<long>(i) * ars, ars, acs, panel, kc, nc,
                      alpha, accumulate);
  }
}

struct Tile {
  static constexpr int rows(int nr) { return rows_for(nr); }
  static constexpr int kRowBlock = 64;  // kMC
  template <int NR>
  void run(int rows, float* c, int ldc, const float* a, int ars, int acs, const float* panel, int, int kc, int nc,
           float alpha, bool accumulate) const {  // (panels are always packed: stride NR)
    rows_tile<rows_for(NR), NR>(rows, c, ldc, a, ars, acs, panel, kc, nc, alpha, accumulate);
  }
};

}  // namespace

void gemm(float* c, int ldc, Strided a, Strided b, int M, int N, int K, float alpha, bool accumulate) {
  gemm_blocked</*kAlwaysPack=*/true>(Tile{}, c, ldc, a, b, M, N, K, alpha, accumulate);
}

// ------------------------------------------------------------------------------------------- exp

namespace {

// 4 × exp_poly (kernels_common.h), operation for operation.
v128_t exp4(v128_t x) {
  x = wasm_f32x4_pmin(x, wasm_f32x4_splat(kExpHi));  // pmin(a, b) = b < a ? b : a, as std::min: 1 instruction
  x = wasm_f32x4_pmax(x, wasm_f32x4_splat(kExpLo));
  const v128_t rounded = wasm_f32x4_add(wasm_f32x4_mul(x, wasm_f32x4_splat(kLog2e)), wasm_f32x4_splat(kRound));
  const v128_t m = wasm_f32x4_sub(rounded, wasm_f32x4_splat(kRound));
  x = wasm_f32x4_sub(x, wasm_f32x4_mul(m, wasm_f32x4_splat(kLn2Hi)));
  x = wasm_f32x4_sub(x, wasm_f32x4_mul(m, wasm_f32x4_splat(kLn2Lo)));
  const v128_t z = wasm_f32x4_mul(x, x);
  v128_t y = wasm_f32x4_splat(kExpP0);
  y = wasm_f32x4_add(wasm_f32x4_mul(y, x), wasm_f32x4_splat(kExpP1));
  y = wasm_f32x4_add(wasm_f32x4_mul(y, x), wasm_f32x4_splat(kExpP2));
  y = wasm_f32x4_add(wasm_f32x4_mul(y, x), wasm_f32x4_splat(kExpP3));
  y = wasm_f32x4_add(wasm_f32x4_mul(y, x), wasm_f32x4_splat(kExpP4));
  y = wasm_f32x4_add(wasm_f32x4_mul(y, x), wasm_f32x4_splat(kExpP5));
  y = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(y, z), x), wasm_f32x4_splat(1.0f));
  const v128_t exponent =
      wasm_i32x4_add(wasm_i32x4_sub(rounded, wasm_i32x4_splat(static_cast<int>(kRoundBits))), wasm_i32x4_splat(127));
  return wasm_f32x4_mul(y, wasm_i32x4_shl(exponent, 23));
}

}  // namespace

// ------------------------------------------------------------------------------------------- softmax

void softmax_rows(float* w, float* log_sum, const float* s, const std::uint8_t* allowed, int rows, int n) {
  const int n4 = n & ~3;
  const v128_t neg_inf = wasm_f32x4_splat(-std::numeric_limits<float>::infinity());
  for (int r = 0; r < rows; ++r) {
    const float* sr = s + static_cast<long>(r) * n;
    float* wr = w + static_cast<long>(r) * n;
    const std::uint8_t* ok = allowed != nullptr ? allowed + static_cast<long>(r) * n : nullptr;
    if (ok != nullptr && all_set(ok, n)) ok = nullptr;  // a full row needs no mask
    // max over the allowed entries
    v128_t vmax = neg_inf, any = wasm_i32x4_splat(ok == nullptr && n > 0 ? -1 : 0);
    for (int j = 0; j < n4; j += 4) {
      v128_t x = wasm_v128_load(sr + j);
      if (ok != nullptr) {
        const v128_t mask = byte_mask(ok + j);
        x = wasm_v128_bitselect(x, neg_inf, mask);
        any = wasm_v128_or(any, mask);
      }
      vmax = wasm_f32x4_pmax(vmax, x);
    }
    float smax = hmax(vmax);
    bool some = wasm_v128_any_true(any);
    for (int j = n4; j < n; ++j) {
      if (ok != nullptr && !ok[j]) continue;
      smax = std::max(smax, sr[j]);
      some = true;
    }
    if (!some) {
      std::fill_n(wr, n, 0.0f);
      if (log_sum != nullptr) log_sum[r] = 0;
      continue;
    }
    // w = exp(s − max), 0 where not allowed; summed in 4 lanes
    const v128_t vm = wasm_f32x4_splat(smax);
    v128_t vsum = wasm_f32x4_splat(0.0f);
    for (int j = 0; j < n4; j += 4) {
      v128_t e = exp4(wasm_f32x4_sub(wasm_v128_load(sr + j), vm));
      if (ok != nullptr) e = wasm_v128_and(e, byte_mask(ok + j));
      wasm_v128_store(wr + j, e);
      vsum = wasm_f32x4_add(vsum, e);
    }
    float sum = hsum(vsum);
    for (int j = n4; j < n; ++j) {
      wr[j] = (ok == nullptr || ok[j]) ? exp_poly(sr[j] - smax) : 0.0f;
      sum += wr[j];
    }
    // w = w · (1 / Σ)
    const float inv = 1.0f / sum;
    const v128_t vinv = wasm_f32x4_splat(inv);
    for (int j = 0; j < n4; j += 4) wasm_v128_store(wr + j, wasm_f32x4_mul(wasm_v128_load(wr + j), vinv));
    for (int j = n4; j < n; ++j) wr[j] = wr[j] * inv;
    if (log_sum != nullptr) log_sum[r] = std::log(sum);
  }
}

void softmax_backward_rows(float* ds, const float* dw, const float* w, int rows, int n) {
  const int n4 = n & ~3;
  for (int r = 0; r < rows; ++r) {
    const long o = static_cast<long>(r) * n;
    v128_t vdot = wasm_f32x4_splat(0.0f);
    for (int j = 0; j < n4; j += 4) {
      vdot = wasm_f32x4_add(vdot, wasm_f32x4_mul(wasm_v128_load(w + o + j), wasm_v128_load(dw + o + j)));
    }
    float dot = hsum(vdot);
    for (int j = n4; j < n; ++j) dot += w[o + j] * dw[o + j];
    const v128_t vd = wasm_f32x4_splat(dot);
    for (int j = 0; j < n4; j += 4) {
      const v128_t g = wasm_f32x4_mul(wasm_v128_load(w + o + j), wasm_f32x4_sub(wasm_v128_load(dw + o + j), vd));
      wasm_v128_store(ds + o + j, wasm_f32x4_add(wasm_v128_load(ds + o + j), g));
    }
    for (int j = n4; j < n; ++j) ds[o + j] += w[o + j] * (dw[o + j] - dot);
  }
}

// ------------------------------------------------------------------------------------------- layernorm

// LayerNorm: row sums in kNormLanes = 8 lanes, i.e. two accumulators (lanes 0-3 and 4-7), combined as
// hsum(a0 + a1), as combine_lanes<8> does.
void layernorm_forward_rows(float* out, float* mean, float* rstd, const float* in, const float* gamma,
                            const float* beta, int rows, int D, float eps) {
  static_assert(kNormLanes == 8, "two v128 accumulators");
  const int D4 = D & ~3, D8 = D & ~7;
  for (int r = 0; r < rows; ++r) {
    const float* x = in + static_cast<long>(r) * D;
    float* y = out + static_cast<long>(r) * D;
    v128_t s0 = wasm_f32x4_splat(0.0f), s1 = s0;
    for (int i = 0; i < D8; i += 8) {
      s0 = wasm_f32x4_add(s0, wasm_v128_load(x + i));
      s1 = wasm_f32x4_add(s1, wasm_v128_load(x + i + 4));
    }
    float sum = hsum(wasm_f32x4_add(s0, s1));
    for (int i = D8; i < D; ++i) sum += x[i];
    const float mu = sum / static_cast<float>(D);
    const v128_t vmu = wasm_f32x4_splat(mu);
    v128_t v0 = wasm_f32x4_splat(0.0f), v1 = v0;
    for (int i = 0; i < D8; i += 8) {
      const v128_t d0 = wasm_f32x4_sub(wasm_v128_load(x + i), vmu);
      const v128_t d1 = wasm_f32x4_sub(wasm_v128_load(x + i + 4), vmu);
      v0 = wasm_f32x4_add(v0, wasm_f32x4_mul(d0, d0));
      v1 = wasm_f32x4_add(v1, wasm_f32x4_mul(d1, d1));
    }
    float var = hsum(wasm_f32x4_add(v0, v1));
    for (int i = D8; i < D; ++i) var += (x[i] - mu) * (x[i] - mu);
    var = var / static_cast<float>(D);
    const float rs = 1.0f / std::sqrt(var + eps);
    const v128_t vr = wasm_f32x4_splat(rs);
    for (int i = 0; i < D4; i += 4) {  // elementwise: any grouping gives the same numbers
      const v128_t xh = wasm_f32x4_mul(wasm_f32x4_sub(wasm_v128_load(x + i), vmu), vr);
      wasm_v128_store(y + i, wasm_f32x4_add(wasm_f32x4_mul(xh, wasm_v128_load(gamma + i)), wasm_v128_load(beta + i)));
    }
    for (int i = D4; i < D; ++i) y[i] = (x[i] - mu) * rs * gamma[i] + beta[i];
    mean[r] = mu;
    rstd[r] = rs;
  }
}

void layernorm_backward_rows(float* din, float* dgamma, float* dbeta, const float* dout, const float* in,
                             const float* gamma, const float* mean, const float* rstd, int rows, int D) {
  const int D4 = D & ~3, D8 = D & ~7;
  for (int r = 0; r < rows; ++r) {
    const float* x = in + static_cast<long>(r) * D;
    const float* dy = dout + static_cast<long>(r) * D;
    float* dx = din + static_cast<long>(r) * D;
    const float mu = mean[r], rs = rstd[r];
    const v128_t vmu = wasm_f32x4_splat(mu), vr = wasm_f32x4_splat(rs);
    v128_t g0 = wasm_f32x4_splat(0.0f), g1 = g0, gx0 = g0, gx1 = g0;  // Σ g and Σ g·x̂, lanes 0-3 and 4-7
    // the same 4 lanes of work for elements i .. i+3: x̂, g = dy·γ, the sums, dβ and dγ
    auto quad = [&](int i, v128_t& gs, v128_t& gxs) {
      const v128_t xhat = wasm_f32x4_mul(wasm_f32x4_sub(wasm_v128_load(x + i), vmu), vr);
      const v128_t d = wasm_v128_load(dy + i);
      const v128_t g = wasm_f32x4_mul(d, wasm_v128_load(gamma + i));
      gs = wasm_f32x4_add(gs, g);
      gxs = wasm_f32x4_add(gxs, wasm_f32x4_mul(g, xhat));
      wasm_v128_store(dbeta + i, wasm_f32x4_add(wasm_v128_load(dbeta + i), d));
      wasm_v128_store(dgamma + i, wasm_f32x4_add(wasm_v128_load(dgamma + i), wasm_f32x4_mul(d, xhat)));
    };
    for (int i = 0; i < D8; i += 8) {
      quad(i, g0, gx0);
      quad(i + 4, g1, gx1);
    }
    float g_sum = hsum(wasm_f32x4_add(g0, g1)), gx_sum = hsum(wasm_f32x4_add(gx0, gx1));
    for (int i = D8; i < D; ++i) {
      const float xhat = (x[i] - mu) * rs;
      const float g = dy[i] * gamma[i];
      g_sum += g;
      gx_sum += g * xhat;
      dbeta[i] += dy[i];
      dgamma[i] += dy[i] * xhat;
    }
    const float g_mean = g_sum / static_cast<float>(D), gx_mean = gx_sum / static_cast<float>(D);
    const v128_t vgm = wasm_f32x4_splat(g_mean), vgxm = wasm_f32x4_splat(gx_mean);
    for (int i = 0; i < D4; i += 4) {
      const v128_t xhat = wasm_f32x4_mul(wasm_f32x4_sub(wasm_v128_load(x + i), vmu), vr);
      const v128_t g = wasm_f32x4_mul(wasm_v128_load(dy + i), wasm_v128_load(gamma + i));
      const v128_t t = wasm_f32x4_sub(wasm_f32x4_sub(g, vgm), wasm_f32x4_mul(xhat, vgxm));
      wasm_v128_store(dx + i, wasm_f32x4_add(wasm_v128_load(dx + i), wasm_f32x4_mul(vr, t)));
    }
    for (int i = D4; i < D; ++i) {
      const float xhat = (x[i] - mu) * rs;
      dx[i] += rs * (dy[i] * gamma[i] - g_mean - xhat * gx_mean);
    }
  }
}

// ------------------------------------------------------------------------------------------- Adam

void adam_update(float* p, float* m, float* v, const float* g, long n, float b1, float b2, float step_size,
                 float inv_sqrt_bc2, float eps) {
  const float c1 = 1.0f - b1, c2 = 1.0f - b2;
  const v128_t vb1 = wasm_f32x4_splat(b1), vb2 = wasm_f32x4_splat(b2), vc1 = wasm_f32x4_splat(c1),
               vc2 = wasm_f32x4_splat(c2), vs = wasm_f32x4_splat(step_size), vi = wasm_f32x4_splat(inv_sqrt_bc2),
               ve = wasm_f32x4_splat(eps);
  const long n4 = n & ~3L;
  for (long i = 0; i < n4; i += 4) {
    const v128_t gi = wasm_v128_load(g + i);
    const v128_t mi = wasm_f32x4_add(wasm_f32x4_mul(vb1, wasm_v128_load(m + i)), wasm_f32x4_mul(vc1, gi));
    const v128_t vv =
        wasm_f32x4_add(wasm_f32x4_mul(vb2, wasm_v128_load(v + i)), wasm_f32x4_mul(vc2, wasm_f32x4_mul(gi, gi)));
    const v128_t den = wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_sqrt(vv), vi), ve);
    wasm_v128_store(m + i, mi);
    wasm_v128_store(v + i, vv);
    wasm_v128_store(p + i, wasm_f32x4_sub(wasm_v128_load(p + i), wasm_f32x4_div(wasm_f32x4_mul(vs, mi), den)));
  }
  for (long i = n4; i < n; ++i) {
    m[i] = b1 * m[i] + c1 * g[i];
    v[i] = b2 * v[i] + c2 * (g[i] * g[i]);
    p[i] -= step_size * m[i] / (std::sqrt(v[i]) * inv_sqrt_bc2 + eps);
  }
}

}  // namespace kernels::simd
}  // namespace attnlab

#endif  // __wasm_simd128__
