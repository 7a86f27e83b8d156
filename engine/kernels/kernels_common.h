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
// is Σ_k over the first block, then += the sum over the next block, ... (each sum in increasing k).
constexpr int kNR = 16;
constexpr int kKC = 256;

// The panel of B for columns j0 .. j0+nc−1 and depth k0 .. k0+kc−1, as kc rows of kNR floats, row k at
// result + k·(*stride). Read in place when B's rows are contiguous and the panel is whole (unless
// kAlwaysPack); else copied into buffer (kKC·kNR floats), with zeros right of column nc ("packed").
// (The SIMD twin always packs: with a fixed panel stride V8 compiles its micro-tile to fewer instructions;
// natively, reading in place saves the copy.)
template <bool kAlwaysPack>
const float* panel_of(float* buffer, int* stride, Strided b, int k0, int kc, int j0, int nc) {
  if (!kAlwaysPack && b.cs == 1 && nc == kNR) {
    *stride = b.rs;
    return b.p + static_cast<long>(k0) * b.rs + j0;
  }
  if (b.rs == 1) {  // B read transposed: column j of the panel is a contiguous row of the stored matrix
    for (int j = 0; j < nc; ++j) {
      const float* src = b.p + static_cast<long>(j0 + j) * b.cs + k0;
      for (int k = 0; k < kc; ++k) buffer[k * kNR + j] = src[k];
    }
    for (int k = 0; k < kc; ++k) {
      for (int j = nc; j < kNR; ++j) buffer[k * kNR + j] = 0.0f;
    }
  } else {
    for (int k = 0; k < kc; ++k) {
      float* row = buffer + k * kNR;
      const float* src = b.p + static_cast<long>(k0 + k) * b.rs + static_cast<long>(j0) * b.cs;
      if (b.cs == 1 && nc == kNR) {
        for (int j = 0; j < kNR; ++j) row[j] = src[j];  // (a fixed-size copy: a few vector moves)
      } else {
        for (int j = 0; j < nc; ++j) row[j] = src[static_cast<long>(j) * b.cs];
        for (int j = nc; j < kNR; ++j) row[j] = 0.0f;
      }
    }
  }
  *stride = kNR;
  return buffer;
}

// The loops around the micro-tiles, shared by both twins (the blocking of Goto & van de Geijn's GEMM):
//   for each depth block of kKC,
//     for each block of kNC columns: its panels of B (packed once, if they need packing),
//       for each block of kMC rows of A (which then stays in the L1 cache while the panels pass),
//         for each panel, the micro-tiles of MR rows down the row block:
//           tile(rows, c, ldc, a, a_rs, a_cs, panel, panel_stride, kc, nc, alpha, accumulate)
//           computes rows × nc elements of C (rows = MR, or fewer at the bottom edge).
constexpr int kMC = 64;
constexpr int kNC = 64;

template <int MR, bool kAlwaysPack, typename Tile>
void gemm_blocked(const Tile& tile, float* c, int ldc, Strided a, Strided b, int M, int N, int K, float alpha,
                  bool accumulate) {
  static_assert(kMC % MR == 0 && kNC % kNR == 0, "blocks hold whole micro-tiles and panels");
  constexpr int kPanels = kNC / kNR;
  if (M <= 0 || N <= 0) return;
  if (K <= 0) {  // an empty sum
    if (!accumulate) {
      for (int i = 0; i < M; ++i) std::fill_n(c + static_cast<long>(i) * ldc, N, 0.0f);
    }
    return;
  }
  alignas(64) float packed[kKC * kNC];  // 64 KiB on the stack, never the heap
  for (int k0 = 0; k0 < K; k0 += kKC) {
    const int kc = std::min(kKC, K - k0);
    const bool acc = accumulate || k0 > 0;  // later depth blocks add to what the first one wrote
    const float* ak = a.p + static_cast<long>(k0) * a.cs;
    for (int j0 = 0; j0 < N; j0 += kNC) {
      const float* panel[kPanels];
      int stride[kPanels], width[kPanels];
      const int panels = (std::min(kNC, N - j0) + kNR - 1) / kNR;
      for (int p = 0; p < panels; ++p) {
        width[p] = std::min(kNR, N - j0 - p * kNR);
        panel[p] = panel_of<kAlwaysPack>(packed + p * kKC * kNR, &stride[p], b, k0, kc, j0 + p * kNR, width[p]);
      }
      for (int i0 = 0; i0 < M; i0 += kMC) {
        const int i1 = std::min(M, i0 + kMC);
        for (int p = 0; p < panels; ++p) {
          float* cp = c + j0 + p * kNR;
          for (int i = i0; i < i1; i += MR) {
            tile(std::min(MR, i1 - i), cp + static_cast<long>(i) * ldc, ldc, ak + static_cast<long>(i) * a.rs, a.rs,
                 a.cs, panel[p], stride[p], kc, width[p], alpha, acc);
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

inline float exp_poly(float x) {
  x = std::min(x, kExpHi);
  x = std::max(x, kExpLo);
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

}  // namespace attnlab::kernels
