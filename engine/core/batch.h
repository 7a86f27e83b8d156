// What every model reads: a padded batch of B sequences, one label per input vector.
//
// B = sequences, T = tokens per sequence (the longest; shorter ones are padded), Din = feature width
//
// The input vectors are either token ids (looked up in an embedding table: the lecture's word embeddings)
// or continuous feature vectors (speech frames, a graph's node features). Depends on the standard library.
#pragma once

#include <cstdint>

#include "engine/core/names.h"

namespace attnlab {

enum class InputMode { tokens, features };
inline constexpr EnumName<InputMode> kInputModeNames[] = {
    {InputMode::tokens, "tokens", "token ids, each looked up in a table of word embeddings"},
    {InputMode::features, "features", "continuous vectors (speech frames, node features), projected to width D"},
};
constexpr NameTable<InputMode> names_of(InputMode) { return NameTable<InputMode>(kInputModeNames); }

constexpr int kIgnoreTag = -1;  // a token with this tag does not count (padding)

// One batch of B sequences, each padded to T tokens.
template <typename Real>
struct Batch {
  int B = 0;                            // sequences
  int T = 0;                            // tokens per sequence (the longest; shorter ones are padded)
  const int* tokens = nullptr;          // (B, T) token ids, tokens mode; entries at padded positions are ignored
  const Real* features = nullptr;       // (B·T, Din) feature vectors, features mode
  const int* tags = nullptr;            // (B, T) target tags, kIgnoreTag (−1) = ignore; nullptr = no loss
  const int* lengths = nullptr;         // (B) real tokens per sequence; nullptr = every sequence has T
  const std::uint8_t* allow = nullptr;  // (B, T, T) per-sequence allow matrices (e.g. each sentence's graph),
                                        // row = query, 1 = may attend; combined with the model's mask; nullptr = none
};

// The rows of a padded (B·T, ·) block that hold tokens: sequence b's first lengths[b] of its T rows (row b·T + t).
// An operation that treats every row on its own (a linear layer) computes only these: on real sentences more than
// half of a batch is padding, and nothing a token computes reads a padding row (attention masks the padded keys).
struct TokenRows {
  const int* lengths = nullptr;  // (B); nullptr: every row is a token
  int B = 0, T = 0;
  // f(first row, rows) for each run of consecutive token rows (a sequence of T tokens joins the next one).
  template <typename F>
  void each_run(long N, F f) const {
    if (lengths == nullptr) {
      if (N > 0) f(0L, N);
      return;
    }
    long start = 0, count = 0;
    for (int b = 0; b < B; ++b) {
      const long first = static_cast<long>(b) * T;
      const long len = lengths[b] < 0 ? 0 : lengths[b] > T ? T : lengths[b];
      if (count > 0 && start + count == first) {
        count += len;
      } else {
        if (count > 0) f(start, count);
        start = first, count = len;
      }
    }
    if (count > 0) f(start, count);
  }
};

}  // namespace attnlab
