#include "engine/core/names.h"

namespace attnlab {

std::string join_names(const std::vector<std::string>& names, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? separator : "") + names[i];
  return out;
}

}  // namespace attnlab
