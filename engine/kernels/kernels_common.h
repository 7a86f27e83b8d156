// What the two twins of kernels.h share, so that they compute the same numbers: the blocking of gemm
// (which decides the order of the sums) and the constants of exp. Internal to kernels*.cpp.
//
// K = depth of a product, kc = depth of one block, nc = columns of one panel
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "engine/kernels/kernels.h"

namespace attnlab::kernels {

// gemm: C is computed in column panels of kNR columns, and the depth K in blocks of kKC: every element of C
// is Σ_k over the first block, then += the sum over the next block, ... (each sum in increasing k), and then
// C = α·sum (+ C). That order is all that decides the bits, so the width of a panel and the height of a
// micro-tile are free: the last columns of a product narrower than kNR (a head of Dh = 4 or 8 columns, T = 40
// keys = 16 + 16 + 8) go in narrower panels of kNR8 or kNR4 columns, instead of a 16-wide panel that is
// mostly zeros.
// kKC = 128: a block of rows of A, kMC × kKC floats (24 KiB natively, kMC = 48; 32 KiB in WebAssembly, 64), then
// stays in a 32 or 48 KiB L1 cache while the panels pass. With 256 it did not, and a weight gradient dW = Xᵀ·dY of
// depth N = 768 ran at 108 GFLOP/s instead of 130 (D 96, one Xeon core); products of depth up to 128 are unchanged.
constexpr int kNR = 16;
constexpr int kNR8 = 8;
constexpr int kNR4 = 4;
constexpr int kKC = 128;

// The width of the next panel when `left` columns are left: whole kNR panels, then at most one of kNR8 and
// one of kNR4 (the last one possibly partial: 9 .. 15 columns = 8 + 4, or 8 + 8 with a partial second one).
inline int panel_width(int left) {
  if (left >= kNR) return kNR;
  if (left > kNR8) return kNR8;  // then 1 .. 7 are left
  return left > kNR4 ? kNR8 : kNR4;
}

// The panel of B for columns j0 .. j0+nc−1 (nc <= NR) and depth k0 .. k0+kc−1, as kc rows of NR floats, row k
// at result + k·(*stride). Read in place when `in_place` and B's rows are contiguous and the panel is whole; else
// copied into buffer (kc·NR floats), with zeros right of column nc ("packed"). gemm_blocked reads in place
// (natively) unless a product has more than kInPlaceRows rows and B's row stride is a multiple of
// kConflictStride floats (512 bytes): a panel's kc = 128 rows, that far apart, then fall in 8 of the 64 sets of a
// 32 KiB, 8-way L1 cache, room for 64 lines, and evict each other while the tiles pass. Copied, they are paid
// once for all the rows; a product of few rows pays the copy for little (one Zen 3 core: 2048×128×128 75 → 82
// GFLOP/s packed, a weight gradient 128×128×2048 59 → 72; but a head's 32×32×16, 60 → 46; and with a stride of
// 80 floats, D 80's step spent 5% copying for no gain: 10.6 ms a step either way).
// (The SIMD twin always packs: with a fixed panel stride V8 compiles its micro-tile to fewer instructions.)
constexpr int kInPlaceRows = 64;
constexpr int kConflictStride = 128;

template <int NR>
const float* panel_of(float* buffer, int* stride, Strided b, int k0, int kc, int j0, int nc, bool in_place) {
  if (in_place && b.cs == 1 && nc == NR) {
    *stride = b.rs;
    return b.p + static_cast<long>(k0) * b.rs + j0;
  }
  if (b.rs == 1) {  // B read transposed: column j of the panel is a contiguous row of the stored matrix
    for (int j = 0; j < nc; ++j) {
      const float* src = b.p + static_cast<long>(j0 + j) * b.cs + k0;
      for (int k = 0; k < kc; ++k) buffer[k * NR + j] = src[k];
    }
    for (int k = 0; k < kc; ++k) {
      for (int j = nc; j < NR; ++j) buffer[k * NR + j] = 0.0f;
    }
  } else {
    for (int k = 0; k < kc; ++k) {
      float* row = buffer + k * NR;
      const float* src = b.p + static_cast<long>(k0 + k) * b.rs + static_cast<long>(j0) * b.cs;
      if (b.cs == 1 && nc == NR) {
        for (int j = 0; j < NR; ++j) row[j] = src[j];  // (a fixed-size copy: a few vector moves)
      } else {
        for (int j = 0; j < nc; ++j) row[j] = src[static_cast<long>(j) * b.cs];
        for (int j = nc; j < NR; ++j) row[j] = 0.0f;
      }
    }
  }
  *stride = NR;
  return buffer;
}

// The loops around the micro-tiles, shared by both twins (the blocking of Goto & van de Geijn's GEMM):
//   for each depth block of kKC,
//     for each block of kNC columns: its panels of B (packed once, if they need packing),
//       for each block of Tile::kRowBlock rows of A ("kMC"; it then stays in the L1 cache while the panels pass),
//         for each panel, the micro-tiles of Tile::rows(NR) rows down the row block:
//           tile.template run<NR>(rows, c, ldc, a, a_rs, a_cs, panel, panel_stride, kc, nc, alpha, accumulate)
//           computes rows × nc elements of C (rows = Tile::rows(NR), or fewer at the bottom edge).
constexpr int kNC = 64;

template <int NR, typename Tile>
void panel_tiles(const Tile& tile, float* cp, int ldc, const float* ak, Strided a, const float* panel, int stride,
                 int i0, int i1, int kc, int nc, float alpha, bool acc) {
  constexpr int MR = Tile::rows(NR);
  static_assert(Tile::kRowBlock % MR == 0, "row blocks hold whole micro-tiles");
  for (int i = i0; i < i1; i += MR) {
    tile.template run<NR>(std::min(MR, i1 - i), cp + static_cast<long>(i) * ldc, ldc, ak + static_cast<long>(i) * a.rs,
                          a.rs, a.cs, panel, stride, kc, nc, alpha, acc);
  }
}

template <bool kAlwaysPack, typename Tile>
void gemm_blocked(const Tile& tile, float* c, int ldc, Strided a, Strided b, int M, int N, int K, float alpha,
                  bool accumulate) {
  static_assert(kNC % kNR == 0, "column blocks hold whole panels");
  constexpr int kMaxPanels = kNC / kNR + 2;  // (whole panels, then one of kNR8 and one of kNR4)
  if (M <= 0 || N <= 0) return;
  if (K <= 0) {  // an empty sum
    if (!accumulate) {
      for (int i = 0; i < M; ++i) std::fill_n(c + static_cast<long>(i) * ldc, N, 0.0f);
    }
    return;
  }
  alignas(64) float packed[kKC * kNC];  // 32 KiB on the stack, never the heap
  const bool in_place = !kAlwaysPack && (M <= kInPlaceRows || b.rs % kConflictStride != 0);
  for (int k0 = 0; k0 < K; k0 += kKC) {
    const int kc = std::min(kKC, K - k0);
    const bool acc = accumulate || k0 > 0;  // later depth blocks add to what the first one wrote
    const float* ak = a.p + static_cast<long>(k0) * a.cs;
    for (int j0 = 0; j0 < N; j0 += kNC) {
      const float* panel[kMaxPanels];
      int stride[kMaxPanels], width[kMaxPanels], nr[kMaxPanels], col[kMaxPanels];
      int panels = 0;
      // panel p: columns col[p] .. col[p] + width[p] − 1 of this block, packed at column offset col[p]
      for (int j = 0; j < std::min(kNC, N - j0); j += nr[panels++]) {
        const int left = N - j0 - j;
        nr[panels] = panel_width(left);
        width[panels] = std::min(nr[panels], left);
        col[panels] = j;
        float* buf = packed + static_cast<long>(j) * kKC;
        const int jb = j0 + j;
        if (nr[panels] == kNR) {
          panel[panels] = panel_of<kNR>(buf, &stride[panels], b, k0, kc, jb, width[panels], in_place);
        } else if (nr[panels] == kNR8) {
          panel[panels] = panel_of<kNR8>(buf, &stride[panels], b, k0, kc, jb, width[panels], in_place);
        } else {
          panel[panels] = panel_of<kNR4>(buf, &stride[panels], b, k0, kc, jb, width[panels], in_place);
        }
      }
      for (int i0 = 0; i0 < M; i0 += Tile::kRowBlock) {
        const int i1 = std::min(M, i0 + Tile::kRowBlock);
        for (int p = 0; p < panels; ++p) {
          float* cp = c + j0 + col[p];
          if (nr[p] == kNR) {
            panel_tiles<kNR>(tile, cp, ldc, ak, a, panel[p], stride[p], i0, i1, kc, width[p], alpha, acc);
          } else if (nr[p] == kNR8) {
            panel_tiles<kNR8>(tile, cp, ldc, ak, a, panel[p], stride[p], i0, i1, kc, width[p], alpha, acc);
          } else {
            panel_tiles<kNR4>(tile, cp, ldc, ak, a, panel[p], stride[p], i0, i1, kc, width[p], alpha, acc);
          }
        }
      }
    }
  }
}

// Sums along a row run in L partial sums, "lanes" (element j goes to lane j mod L), combined by halving
// (lane q += lane q + L/2, then q += q + L/4, ...; for 4 lanes: (l0 + l2) + (l1 + l3)), and then the last
// n mod L elements are added in order: what a loop over L/4 v128 accumulators does, so the portable twin
// adds in the order of the SIMD one. Softmax rows use 4 lanes, LayerNorm rows 8 (two accumulators hide the
// latency of an addition; with GCC more lanes made the short softmax rows slower, fewer made LayerNorm so).
constexpr int kSoftmaxLanes = 4;
constexpr int kNormLanes = 8;

template <int L>
float combine_lanes(float* l) {
  for (int w = L / 2; w >= 1; w /= 2) {
    for (int q = 0; q < w; ++q) l[q] += l[q + w];  // (each level is one vector addition of two halves)
  }
  return l[0];
}

// exp (Cephes expf): the input is clamped to [kExpLo, kExpHi]; at kExpLo the result is about the smallest
// normal float, 1.2e-38 (a softmax weight that small is 0 for every purpose).
constexpr float kExpHi = 88.0f;
constexpr float kExpLo = -87.3f;
constexpr float kLog2e = 1.44269504088896341f;
constexpr float kLn2Hi = 0.693359375f;
constexpr float kLn2Lo = -2.12194440e-4f;
constexpr float kExpP0 = 1.9875691500e-4f;
constexpr float kExpP1 = 1.3981999507e-3f;
constexpr float kExpP2 = 8.3334519073e-3f;
constexpr float kExpP3 = 4.1665795894e-2f;
constexpr float kExpP4 = 1.6666665459e-1f;
constexpr float kExpP5 = 5.0000001201e-1f;

// exp(x) = 2^m · exp(r) with m = round(x / ln 2) and r = x − m·ln 2 in [−ln2/2, ln2/2];
// exp(r) ≈ 1 + r + r²·P(r) (Cephes expf), and 2^m is written straight into a float's exponent bits.
// Rounding: adding kRound = 1.5·2²³ leaves round(x / ln 2) in the low bits of the sum's mantissa (the sum
// lies in [2²³, 2²⁴), where floats are exactly the integers), so no float-to-int conversion is needed: GCC
// vectorizes a loop over this inline function only without one. The SIMD twin (exp4) does the same on 4 lanes.
constexpr float kRound = 12582912.0f;
constexpr std::uint32_t kRoundBits = 0x4B400000u;  // the bits of kRound

inline float exp_clamp(float x) { return std::max(std::min(x, kExpHi), kExpLo); }

// exp_poly of an x already in [kExpLo, kExpHi]. (A loop over exp_poly_clamped(exp_clamp(x)) in one go is not
// vectorized by GCC 12 with -march=native: it turns the clamp into branches to the results at the two ends.
// Clamping in one loop and taking the polynomial in a second one vectorizes both.)
inline float exp_poly_clamped(float x) {
  const float rounded = x * kLog2e + kRound;
  const float m = rounded - kRound;  // round(x / ln 2), exactly
  x = x - m * kLn2Hi;                // ln 2 in two parts, so m·ln 2 loses no digits
  x = x - m * kLn2Lo;
  const float z = x * x;
  float y = kExpP0;
  y = y * x + kExpP1;
  y = y * x + kExpP2;
  y = y * x + kExpP3;
  y = y * x + kExpP4;
  y = y * x + kExpP5;
  y = y * z + x + 1.0f;
  std::uint32_t bits;
  std::memcpy(&bits, &rounded, sizeof bits);
  bits = (bits - kRoundBits + 127u) << 23;  // 2^m: exponent field m + 127, mantissa 0
  float two_m;
  std::memcpy(&two_m, &bits, sizeof two_m);
  return y * two_m;
}

inline float exp_poly(float x) { return exp_poly_clamped(exp_clamp(x)); }

}  // namespace attnlab::kernels
