// Attention masks: which keys each query may look at. Kinds combine (a key must pass all that are on):
//   full      every query sees every key (nothing on)
//   causal    query i sees keys j ≤ i (the past only, as a language model that predicts the next token)
//   window w  query i sees keys with |i − j| ≤ w ("truncated attention", as in speech: a frame only needs
//             its neighbourhood, and the cost grows with T·w instead of T²); on an image (grid_w > 0) the
//             keys within w rows and w columns: a (2w+1)×(2w+1) square, T·(2w+1)² pairs
//   allow     an explicit T×T matrix of 0/1 (row = query): e.g. the edges of a graph
//   padding   in a batch, sequence b has lengths[b] real tokens; keys j ≥ lengths[b] are padding and never
//             allowed, and padded queries i ≥ lengths[b] see nothing (their output is zero)
// A disallowed key gets attention weight exactly 0. A query with no allowed key gets all-zero weights.
//
// B = sequences, T = tokens per sequence
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace attnlab {

struct MaskSpec {
  bool causal = false;              // query i sees keys j <= i
  int window = -1;                  // < 0: off; else query i sees keys j with |i − j| <= window
  std::vector<std::uint8_t> allow;  // (allow_n, allow_n) row = query, column = key, 1 = allowed; empty: off
  int allow_n = 0;                  // side of the allow matrix; its top-left T×T block is used
  // > 0: the sequence is an image grid_w pixels wide, row by row (i = row·grid_w + column), and the window is
  // two-dimensional: query i sees the keys j within w rows AND w columns of it, a (2w+1)×(2w+1) square (the
  // lecture's "a CNN is self-attention with a fixed window", on pixels). Causal stays 1-D (raster order).
  int grid_w = 0;
};

// "" when the mask can be used for sequences of T tokens, else a message for the student.
std::string mask_check(const MaskSpec& mask, int T);

// May query i attend to key j in a sequence of len real tokens?
bool mask_allows(const MaskSpec& mask, int i, int j, int len);

// allowed (B, T, T): allowed[b, i, j] = 1 where query i of sequence b may attend to key j, else 0.
// lengths (B) real tokens per sequence; nullptr = every sequence has T.
// allow (B, T, T): optional per-sequence allow matrices (e.g. each sentence's own graph), combined with
// the others like the spec's allow matrix; nullptr = none.
void build_attention_mask(std::uint8_t* allowed, const MaskSpec& mask, const int* lengths, int B, int T,
                          const std::uint8_t* allow = nullptr);

}  // namespace attnlab
