// The portable twin of every kernel (kernels.h): plain C++, compiled in every build. The native build runs
// it; the WebAssembly build runs kernels_wasm.cpp and keeps this one to test against.
//
// M, N, K = sizes of C (M, N) = A (M, K) · B (K, N); rows, n = rows and width of a row block; D = LayerNorm width
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include <Eigen/Core>

#include "engine/kernels/kernels.h"
#include "engine/kernels/kernels_common.h"

namespace attnlab {

#if !defined(__wasm_simd128__)
const char* kernels_name() { return "portable"; }
#endif

namespace kernels::portable {

// ------------------------------------------------------------------------------------------- gemm
//
// C is computed in micro-tiles of MR × NR (loops around them: gemm_blocked in kernels_common.h; NR = 16, or
// 8 or 4 for the last columns): the tile's sums stay in registers while k runs down a panel of B. MR is as many
// rows as keep the sums in about 12 to 16 vector registers, with room left for a row of the panel and a
// broadcast element of A: enough independent fused multiply-adds per k to keep both FMA units busy through
// their latency, and no sum spilled to memory.
//   AVX-512 (32 registers of 16 floats): 16 rows for every width (a row of 16, 8 or 4 sums is one register).
//     With 8 rows the units were idle part of the time: 145 vs 170 GFLOP/s on a 256³ product, one Zen 5 core.
//   AVX2 (16 registers of 8 floats): 6 rows of 16 (12 registers), 8 rows of 8 or 4. With 8 rows of 16, the
//     16 sums alone filled the 16 registers and GCC spilled them: a 1024×32×32 product ran at 49 GFLOP/s
//     instead of 81 (one Zen 3 core, FMA peak 95). 12 rows of 8 or 4 were no faster than 8.
//   Otherwise (SSE2, x86-64's baseline; no FMA): 8 rows, as before (3 rows of 16 in 12 registers were no faster).
namespace {

#if defined(__AVX512F__)
constexpr int tile_rows(int) { return 16; }
#elif defined(__AVX__)
constexpr int tile_rows(int nr) { return nr > 8 ? 6 : 8; }
#else
constexpr int tile_rows(int) { return 8; }
#endif
constexpr int kMaxTileRows = std::max({tile_rows(kNR), tile_rows(kNR8), tile_rows(kNR4)});

// c (MR, NR) (+)= α · a (MR, kc) · panel (kc, NR), where panel row k starts at panel + k·bstride. Always whole
// NR columns (a partial panel goes through a copy: Tile::run) and the store loop unrolled, so that acc is
// indexed only by constants and lives in registers alone. With a store of the first nc columns here, GCC kept a
// copy of acc in memory as well, zeroed with `rep stos` at every call: a pair of products of depth 4 (32×32×4,
// 32×4×32) took 470 ns instead of 360, and a 768×96×96 product ran at 132 GFLOP/s instead of 144 (hot caches).
template <int MR, int NR>
void micro_tile(float* c, int ldc, const float* a, int ars, int acs, const float* panel, int bstride, int kc,
                float alpha, bool accumulate) {
  float acc[MR][NR] = {};
  const float* bk = panel;
  for (int k = 0; k < kc; ++k, bk += bstride, a += acs) {
    for (int i = 0; i < MR; ++i) {
      const float aik = a[static_cast<long>(i) * ars];
      // (keep this loop whole: GCC then turns it into one vector operation of NR floats)
#pragma GCC unroll 1
      for (int j = 0; j < NR; ++j) acc[i][j] += aik * bk[j];
    }
  }
#pragma GCC unroll 16
  for (int i = 0; i < MR; ++i) {
    float* ci = c + static_cast<long>(i) * ldc;
    if (accumulate) {
      for (int j = 0; j < NR; ++j) ci[j] += alpha * acc[i][j];
    } else {
      for (int j = 0; j < NR; ++j) ci[j] = alpha * acc[i][j];
    }
  }
}

using TileFn = void (*)(float*, int, const float*, int, int, const float*, int, int, float, bool);

// micro_tile<1, NR> .. micro_tile<MR, NR>: the tile for each number of rows
template <int NR, int... R>
constexpr std::array<TileFn, sizeof...(R)> tiles_of(std::integer_sequence<int, R...>) {
  return {&micro_tile<R + 1, NR>...};
}

struct Tile {
  static constexpr int rows(int nr) { return tile_rows(nr); }
  static constexpr int kRowBlock = 48;  // kMC: a multiple of every tile's rows
  // rows = MR, or the 1 .. MR − 1 rows left at the bottom edge; nc = NR, or fewer in the last, partial panel
  // (computed whole into `part`, then its first nc columns copied or added: the same sums in the same order)
  template <int NR>
  void run(int rows, float* c, int ldc, const float* a, int ars, int acs, const float* panel, int bstride, int kc,
           int nc, float alpha, bool accumulate) const {
    constexpr int MR = tile_rows(NR);
    static constexpr std::array<TileFn, MR> kTiles = tiles_of<NR>(std::make_integer_sequence<int, MR>{});
    if (nc == NR) {
      kTiles[rows - 1](c, ldc, a, ars, acs, panel, bstride, kc, alpha, accumulate);
      return;
    }
    float part[kMaxTileRows * NR];
    kTiles[rows - 1](part, NR, a, ars, acs, panel, bstride, kc, alpha, false);
    for (int i = 0; i < rows; ++i) {
      float* ci = c + static_cast<long>(i) * ldc;
      const float* pi = part + i * NR;
      for (int j = 0; j < nc; ++j) ci[j] = accumulate ? ci[j] + pi[j] : pi[j];
    }
  }
};

}  // namespace

void gemm(float* c, int ldc, Strided a, Strided b, int M, int N, int K, float alpha, bool accumulate) {
  gemm_blocked</*kAlwaysPack=*/false>(Tile{}, c, ldc, a, b, M, N, K, alpha, accumulate);
}

// ------------------------------------------------------------------------------------------- exp

float exp_approx(float x) { return exp_poly(x); }

// ------------------------------------------------------------------------------------------- sums
namespace {

// Are all n bytes of a row nonzero? (8 at a time while they are exactly 1, as build_attention_mask writes.)
bool all_set(const std::uint8_t* ok, int n) {
  int j = 0;
  for (; j + 8 <= n; j += 8) {
    std::uint64_t word;
    std::memcpy(&word, ok + j, sizeof word);
    if (word != 0x0101010101010101ull) break;
  }
  for (; j < n; ++j) {
    if (!ok[j]) return false;
  }
  return true;
}

// max x (n), lane by lane (the compiler vectorizes a max over lanes, not one running max), then the lanes by
// halves (8 with 8, then 4 with 4, ...). A max is exact in any order, so the lanes need not be the SIMD twin's 4:
// 16, one AVX-512 register or two of AVX2. Each loop over lanes is kept whole (unroll 1): unrolled, GCC 12 made
// it 16 scalar vmaxss in a row with AVX2 (a quarter of softmax_rows' time on rows of 32, one Zen 3 core).
template <int W>
void max_halves(float* l) {  // l[q] = max(l[q], l[q + W]) for q < W, then the same for W/2, ..., 1
#pragma GCC unroll 1
  for (int q = 0; q < W; ++q) l[q] = l[q + W] > l[q] ? l[q + W] : l[q];
  if constexpr (W > 1) max_halves<W / 2>(l);
}

float lane_max(const float* x, int n) {
  constexpr int L = 16;
  float l[L];
  std::fill_n(l, L, -std::numeric_limits<float>::infinity());
  const int nl = n - n % L;
  for (int j = 0; j < nl; j += L) {
#pragma GCC unroll 1
    for (int q = 0; q < L; ++q) l[q] = x[j + q] > l[q] ? x[j + q] : l[q];
  }
  max_halves<L / 2>(l);
  float m = l[0];
  for (int j = nl; j < n; ++j) m = std::max(m, x[j]);
  return m;
}

// Σ x (and Σ x ∘ y) in L lanes (kernels_common.h) of R rows at once, rows x + r·n (and y + r·n): each row's sum
// in the order of one row alone, but R independent chains of additions instead of one. A row's chain alone waits
// on each addition: a block of rows of 32 went 2 to 3 times faster this way (softmax_backward_rows, one Zen 3
// core). Each loop over lanes is kept whole (unroll 1): one vector operation, not shuffles of two steps into one
// AVX2 register.
template <int L, int R>
void lane_sums_of_rows(float* sums, const float* x, int n) {
  float l[R][L] = {};
  const int nl = n - n % L;
  for (int j = 0; j < nl; j += L) {
    for (int r = 0; r < R; ++r) {
#pragma GCC unroll 1
      for (int q = 0; q < L; ++q) l[r][q] += x[static_cast<long>(r) * n + j + q];
    }
  }
  for (int r = 0; r < R; ++r) {
    sums[r] = combine_lanes<L>(l[r]);
    for (int j = nl; j < n; ++j) sums[r] += x[static_cast<long>(r) * n + j];
  }
}
template <int L, int R>
void lane_dots_of_rows(float* dots, const float* x, const float* y, int n) {
  float l[R][L] = {};
  const int nl = n - n % L;
  for (int j = 0; j < nl; j += L) {
    for (int r = 0; r < R; ++r) {
      const long o = static_cast<long>(r) * n + j;
#pragma GCC unroll 1
      for (int q = 0; q < L; ++q) l[r][q] += x[o + q] * y[o + q];
    }
  }
  for (int r = 0; r < R; ++r) {
    dots[r] = combine_lanes<L>(l[r]);
    for (int j = nl; j < n; ++j) dots[r] += x[static_cast<long>(r) * n + j] * y[static_cast<long>(r) * n + j];
  }
}
constexpr int kRowsAtOnce = 4;

// Σ x (n) in L lanes, one row
template <int L>
float lane_sum(const float* x, int n) {
  float s;
  lane_sums_of_rows<L, 1>(&s, x, n);
  return s;
}

}  // namespace

// ------------------------------------------------------------------------------------------- softmax

namespace {

// Up to kSoftmaxBlockRows rows a block, and no more than about kSoftmaxBlockFloats floats (it stays in the L1 cache).
constexpr int kSoftmaxBlockRows = 16;
constexpr int kSoftmaxBlockFloats = 2048;
int softmax_block_rows(int n) { return std::clamp(kSoftmaxBlockFloats / std::max(n, 1), 1, kSoftmaxBlockRows); }

}  // namespace

// w = exp(s − max) / Σ exp(s − max), row by row, over the allowed entries.
// Rows go in blocks of up to kSoftmaxBlockRows (above), one step at a time for the whole block: the
// maxima of all its rows, then their exponentials, then their sums. A short row (32 keys) is a chain of dependent
// steps (max → exp → Σ → 1/Σ → scale) too short to keep the core busy, and the rows of a block are independent:
// interleaved, they fill each other's waits (rows of 32: 0.49 → 0.32 ms per 16k rows; a d32-h8 training step
// 3.3 → 3.1 ms). Every element gets the same operations in the same order as row by row, so the bits are those of
// the SIMD twin, which still goes row by row: blocked the same way it was no faster under V8 (7.5 ms a step).
void softmax_rows(float* __restrict w, float* log_sum, const float* __restrict s, const std::uint8_t* allowed, int rows,
                  int n) {
  const int block = softmax_block_rows(n);
  float smax[kSoftmaxBlockRows], inv[kSoftmaxBlockRows];
  const std::uint8_t* ok[kSoftmaxBlockRows];  // a row's mask, or nullptr when all its entries are allowed
  bool any[kSoftmaxBlockRows];                // does the row allow anything?
  for (int r0 = 0; r0 < rows; r0 += block) {
    const int rb = std::min(block, rows - r0);
    const float* sb = s + static_cast<long>(r0) * n;
    float* wb = w + static_cast<long>(r0) * n;
    // the max over each row's allowed entries (exact in any order)
    for (int r = 0; r < rb; ++r) {
      const float* sr = sb + static_cast<long>(r) * n;
      ok[r] = allowed != nullptr ? allowed + static_cast<long>(r0 + r) * n : nullptr;
      if (ok[r] != nullptr && all_set(ok[r], n)) ok[r] = nullptr;  // a full row needs no mask
      smax[r] = -std::numeric_limits<float>::infinity();
      any[r] = false;
      if (ok[r] == nullptr) {
        smax[r] = lane_max(sr, n);
        any[r] = n > 0;
      } else {
        for (int j = 0; j < n; ++j) {
          if (!ok[r][j]) continue;
          smax[r] = std::max(smax[r], sr[j]);
          any[r] = true;
        }
      }
    }
    // w = exp(s − max) (clamped in one loop, the polynomial in a second one over the whole block: see
    // exp_poly_clamped)
    for (int r = 0; r < rb; ++r) {
      const float* sr = sb + static_cast<long>(r) * n;
      float* wr = wb + static_cast<long>(r) * n;
      const float m = any[r] ? smax[r] : 0.0f;  // (an empty row is zeroed below)
      for (int j = 0; j < n; ++j) wr[j] = exp_clamp(sr[j] - m);
    }
    const long block_n = static_cast<long>(rb) * n;
    for (long j = 0; j < block_n; ++j) wb[j] = exp_poly_clamped(wb[j]);
    // disallowed entries: exactly 0; w = w / Σ w
    for (int r = 0; r < rb; ++r) {
      float* wr = wb + static_cast<long>(r) * n;
      if (!any[r]) {  // nothing to look at: all-zero weights
        std::fill_n(wr, n, 0.0f);
        inv[r] = 0;
        if (log_sum != nullptr) log_sum[r0 + r] = 0;
        continue;
      }
      if (ok[r] != nullptr) {
        for (int j = 0; j < n; ++j) wr[j] = ok[r][j] ? wr[j] : 0.0f;
      }
    }
    float sum[kSoftmaxBlockRows];
    for (int r = 0; r < rb; r += kRowsAtOnce) {
      const float* wr = wb + static_cast<long>(r) * n;
      if (r + kRowsAtOnce <= rb) {
        lane_sums_of_rows<kSoftmaxLanes, kRowsAtOnce>(sum + r, wr, n);
      } else {
        for (int q = r; q < rb; ++q) sum[q] = lane_sum<kSoftmaxLanes>(wb + static_cast<long>(q) * n, n);
      }
    }
    for (int r = 0; r < rb; ++r) {
      if (!any[r]) continue;
      inv[r] = 1.0f / sum[r];
      if (log_sum != nullptr) log_sum[r0 + r] = std::log(sum[r]);
    }
    for (int r = 0; r < rb; ++r) {  // (an empty row: 0 · 0)
      float* wr = wb + static_cast<long>(r) * n;
      const float f = inv[r];
      for (int j = 0; j < n; ++j) wr[j] = wr[j] * f;
    }
  }
}

void softmax_backward_rows(float* __restrict ds, const float* dw, const float* w, int rows, int n) {
  for (int r0 = 0; r0 < rows; r0 += kRowsAtOnce) {
    const int rb = std::min(kRowsAtOnce, rows - r0);
    const long o = static_cast<long>(r0) * n;
    float dot[kRowsAtOnce];
    if (rb == kRowsAtOnce) {
      lane_dots_of_rows<kSoftmaxLanes, kRowsAtOnce>(dot, w + o, dw + o, n);
    } else {
      for (int r = 0; r < rb; ++r) lane_dots_of_rows<kSoftmaxLanes, 1>(dot + r, w + o + r * n, dw + o + r * n, n);
    }
    for (int r = 0; r < rb; ++r) {
      const long orow = o + static_cast<long>(r) * n;
      for (int j = 0; j < n; ++j) ds[orow + j] += w[orow + j] * (dw[orow + j] - dot[r]);
    }
  }
}

// ------------------------------------------------------------------------------------------- layernorm

void layernorm_forward_rows(float* out, float* mean, float* rstd, const float* in, const float* gamma,
                            const float* beta, int rows, int D, float eps) {
  constexpr int L = kNormLanes;
  const int Dl = D - D % L;
  for (int r = 0; r < rows; ++r) {
    const float* x = in + static_cast<long>(r) * D;
    float* y = out + static_cast<long>(r) * D;
    const float mu = lane_sum<L>(x, D) / static_cast<float>(D);
    float l[L] = {};  // Σ (x − μ)², in lanes
    for (int i = 0; i < Dl; i += L) {
#pragma GCC unroll 1
      for (int q = 0; q < L; ++q) l[q] += (x[i + q] - mu) * (x[i + q] - mu);
    }
    float var = combine_lanes<L>(l);
    for (int i = Dl; i < D; ++i) var += (x[i] - mu) * (x[i] - mu);
    var = var / static_cast<float>(D);
    const float rs = 1.0f / std::sqrt(var + eps);
    for (int i = 0; i < D; ++i) y[i] = (x[i] - mu) * rs * gamma[i] + beta[i];
    mean[r] = mu;
    rstd[r] = rs;
  }
}

namespace {

// (__restrict: the buffers do not overlap, so the compiler need not check that before every row; it made this
// loop nearly twice as fast with GCC 12)
void layernorm_backward_impl(float* __restrict din, float* __restrict dgamma, float* __restrict dbeta,
                             const float* __restrict dout, const float* __restrict in, const float* __restrict gamma,
                             const float* mean, const float* rstd, int rows, int D) {
  constexpr int L = kNormLanes;
  const int Dl = D - D % L;
  const float* x = in;
  const float* dy = dout;
  float* dx = din;
  for (int r = 0; r < rows; ++r, x += D, dy += D, dx += D) {
    const float mu = mean[r], rs = rstd[r];
    float lg[L] = {}, lgx[L] = {};  // Σ g and Σ g·x̂, in lanes
    for (int i = 0; i < Dl; i += L) {
#pragma GCC unroll 1
      for (int q = 0; q < L; ++q) {
        const float xhat = (x[i + q] - mu) * rs;
        const float g = dy[i + q] * gamma[i + q];
        lg[q] += g;
        lgx[q] += g * xhat;
      }
    }
    float g_sum = combine_lanes<L>(lg), gx_sum = combine_lanes<L>(lgx);
    for (int i = Dl; i < D; ++i) {
      const float xhat = (x[i] - mu) * rs;
      const float g = dy[i] * gamma[i];
      g_sum += g;
      gx_sum += g * xhat;
    }
    const float g_mean = g_sum / static_cast<float>(D), gx_mean = gx_sum / static_cast<float>(D);
    for (int i = 0; i < D; ++i) {
      const float xhat = (x[i] - mu) * rs;
      dx[i] += rs * (dy[i] * gamma[i] - g_mean - xhat * gx_mean);
      dbeta[i] += dy[i];
      dgamma[i] += dy[i] * xhat;
    }
  }
}

}  // namespace

void layernorm_backward_rows(float* din, float* dgamma, float* dbeta, const float* dout, const float* in,
                             const float* gamma, const float* mean, const float* rstd, int rows, int D) {
  layernorm_backward_impl(din, dgamma, dbeta, dout, in, gamma, mean, rstd, rows, D);
}

// ------------------------------------------------------------------------------------------- Adam
//
// In chunks that stay in the L1 cache, each formula over the chunk as an Eigen array (natively Eigen vectorizes
// them, the square root included, which a plain loop over std::sqrt is not: it must be able to set errno): m, v
// and p then pass through memory once, not once per formula.
namespace {

template <typename Real>
void adam_arrays(Real* p, Real* m, Real* v, const Real* g, long n, Real b1, Real b2, Real step_size, Real inv_sqrt_bc2,
                 Real eps) {
  using Arr = Eigen::Array<Real, Eigen::Dynamic, 1>;
  constexpr long kChunk = 1024;
  for (long i0 = 0; i0 < n; i0 += kChunk) {
    const Eigen::Index len = std::min(kChunk, n - i0);
    Eigen::Map<Arr> P(p + i0, len), M(m + i0, len), V(v + i0, len);
    Eigen::Map<const Arr> G(g + i0, len);
    M = b1 * M + (Real(1) - b1) * G;                       // m = β1·m + (1 − β1)·g
    V = b2 * V + (Real(1) - b2) * G.square();              // v = β2·v + (1 − β2)·g²
    P -= step_size * M / (V.sqrt() * inv_sqrt_bc2 + eps);  // p −= lr·m̂ / (sqrt(v̂) + eps)
  }
}

}  // namespace

void adam_update(float* p, float* m, float* v, const float* g, long n, float b1, float b2, float step_size,
                 float inv_sqrt_bc2, float eps) {
  adam_arrays(p, m, v, g, n, b1, b2, step_size, inv_sqrt_bc2, eps);
}

void adam_update(double* p, double* m, double* v, const double* g, long n, double b1, double b2, double step_size,
                 double inv_sqrt_bc2, double eps) {
  adam_arrays(p, m, v, g, n, b1, b2, step_size, inv_sqrt_bc2, eps);
}

}  // namespace kernels::portable
}  // namespace attnlab
