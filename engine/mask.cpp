// B = sequences, T = tokens per sequence
#include "engine/mask.h"

#include <cstdlib>

namespace attnlab {

std::string mask_check(const MaskSpec& mask, int T) {
  if (mask.allow.empty()) return "";
  if (mask.allow_n < 0 || mask.allow.size() != static_cast<size_t>(mask.allow_n) * mask.allow_n) {
    return "the allow matrix must have allow_n x allow_n entries";
  }
  if (mask.allow_n < T) {
    return "the allow matrix is " + std::to_string(mask.allow_n) + "x" + std::to_string(mask.allow_n) +
           " but the input has " + std::to_string(T) + " tokens: it needs a row and a column for every token";
  }
  return "";
}

bool mask_allows(const MaskSpec& mask, int i, int j, int len) {
  if (i >= len || j >= len) return false;  // padding: a padded query sees nothing, a padded key is never seen
  if (mask.causal && j > i) return false;
  if (mask.window >= 0 && std::abs(i - j) > mask.window) return false;
  if (!mask.allow.empty() && mask.allow[static_cast<size_t>(i) * mask.allow_n + j] == 0) return false;
  return true;
}

void build_attention_mask(std::uint8_t* allowed, const MaskSpec& mask, const int* lengths, int B, int T,
                          const std::uint8_t* allow) {
  for (int b = 0; b < B; ++b) {
    const int len = lengths != nullptr ? lengths[b] : T;
    const size_t base = static_cast<size_t>(b) * T * T;
    for (int i = 0; i < T; ++i) {
      for (int j = 0; j < T; ++j) {
        const size_t at = base + static_cast<size_t>(i) * T + j;
        const bool graph_ok = allow == nullptr || allow[at] != 0;
        allowed[at] = (graph_ok && mask_allows(mask, i, j, len)) ? 1 : 0;
      }
    }
  }
}

}  // namespace attnlab
