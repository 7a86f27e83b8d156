#include "engine/core/names.h"

namespace attnlab {

std::string join_names(const std::vector<std::string>& names, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? separator : "") + names[i];
  return out;
}

std::string shown_value(const std::string& text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t n = max_bytes;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;  // text[n] continues a character
  return text.substr(0, n) + "\u2026 (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace attnlab
