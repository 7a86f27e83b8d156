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

}  // namespace attnlab
