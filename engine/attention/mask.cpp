// B = sequences, T = tokens per sequence
#include "engine/attention/mask.h"

#include <algorithm>
#include <cstdlib>

namespace attnlab {

std::string mask_check(const MaskSpec& mask, int T) {
  if (mask.grid_w < 0) return "the image width grid_w cannot be negative (got " + std::to_string(mask.grid_w) + ")";
  if (mask.grid_w > 0 && T % mask.grid_w != 0) {
    return "the mask is for images " + std::to_string(mask.grid_w) + " pixels wide, but the input has " +
           std::to_string(T) + " tokens, which is not a whole number of rows of " + std::to_string(mask.grid_w) +
           " pixels";
  }
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
  if (mask.window >= 0 && mask.grid_w > 0) {  // 2-D: i = (ri, ci), j = (rj, cj), within w rows and w columns
    const int g = mask.grid_w;
    if (std::abs(i / g - j / g) > mask.window || std::abs(i % g - j % g) > mask.window) return false;
  } else if (mask.window >= 0 && std::abs(i - j) > mask.window) {
    return false;
  }
  if (!mask.allow.empty() && mask.allow[static_cast<size_t>(i) * mask.allow_n + j] == 0) return false;
  return true;
}

void build_attention_mask(std::uint8_t* allowed, const MaskSpec& mask, const int* lengths, int B, int T,
                          const std::uint8_t* allow) {
  // Row by row, as mask_allows says: padding, causal and window leave one range of keys [lo, hi); the allow
  // matrices then pick inside it. (Cheap for long sequences with a window: the range is short.) On an image
  // (grid_w = g > 0) the window's keys lie in rows ri − w .. ri + w, the index range [i − w·g − w, i + w·g + w];
  // inside it only the columns ci − w .. ci + w are kept.
  for (int b = 0; b < B; ++b) {
    const int len = lengths != nullptr ? lengths[b] : T;
    for (int i = 0; i < T; ++i) {
      const size_t at = (static_cast<size_t>(b) * T + i) * T;  // row i of sequence b
      std::uint8_t* row = allowed + at;
      std::fill(row, row + T, std::uint8_t(0));
      if (i >= len) continue;  // a padded query sees nothing
      int lo = 0, hi = std::min(len, T);
      if (mask.causal) hi = std::min(hi, i + 1);
      const int g = mask.grid_w, w = mask.window;
      const int reach = g > 0 ? w * g + w : w;  // farthest index a window key can be from i
      if (w >= 0) lo = std::max(lo, i - reach), hi = std::min(hi, i + reach + 1);
      const bool grid = w >= 0 && g > 0;
      const std::uint8_t* spec_row =
          mask.allow.empty() ? nullptr : mask.allow.data() + static_cast<size_t>(i) * mask.allow_n;
      const std::uint8_t* graph_row = allow != nullptr ? allow + at : nullptr;
      if (!grid && spec_row == nullptr && graph_row == nullptr) {  // every key of the range: one fill
        if (lo < hi) std::fill(row + lo, row + hi, std::uint8_t(1));
        continue;
      }
      for (int j = lo; j < hi; ++j) {
        // (the range's ends can wrap into the next row out when the image is at most 2w wide: check both)
        const bool in_square = !grid || (std::abs(i / g - j / g) <= w && std::abs(i % g - j % g) <= w);
        const bool ok =
            in_square && (spec_row == nullptr || spec_row[j] != 0) && (graph_row == nullptr || graph_row[j] != 0);
        row[j] = ok ? 1 : 0;
      }
    }
  }
}

}  // namespace attnlab
