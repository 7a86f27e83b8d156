// What a model costs: the reference configuration the benchmarks time, and the matrix-product FLOPs of one
// forward pass (to compare with the machine's peak and with other frameworks).
//
// B = sequences, T = tokens per sequence, N = B·T, D = model width, H = heads, Dh = D/H, F = feed-forward
// width, C = tags, L = layers
#pragma once

#include "engine/models/model.h"

namespace attnlab {

// The reference configuration "bench-tagger" (../shared/bench-anchors/README.md): V 512, C 17, D 64, H 4,
// L 2, F 128 ReLU, sinusoidal PE, softmax, no mask, batch 32 × 32 tokens. 100,945 parameters.
ModelConfig bench_tagger_config();

// Matrix-product FLOPs of one forward pass of the attention tagger over B sequences of T tokens (tokens mode,
// dot-product relevance), counted as bench-anchors/flops.py does: a product (m, k)·(k, n) is 2·m·n·k FLOPs;
// per block Q, K, V and the output projection, the scores Q·Kᵀ and the weighted sum A'·V of every head, the
// two feed-forward products; then the tag head. A training step is 3× this (backward = 2 products per forward
// product). bench-tagger, B = T = 32: 153,223,168 (459.7 M per training step).
double forward_matmul_flops(const ModelConfig& config, int B, int T);

}  // namespace attnlab
