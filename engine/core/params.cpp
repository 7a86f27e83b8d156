#include "engine/core/params.h"

#include <algorithm>

namespace attnlab {

template <typename Real>
std::size_t ParamStore<Real>::add(const std::string& name, int rows, int cols) {
  tensors_.push_back(ParamInfo{name, total_, rows, cols});
  total_ += static_cast<std::size_t>(rows) * cols;
  return tensors_.size() - 1;
}

template <typename Real>
void ParamStore<Real>::allocate() {
  value_.assign(total_, Real(0));
  grad_.assign(total_, Real(0));
}

template <typename Real>
int ParamStore<Real>::find(const std::string& name) const {
  for (std::size_t i = 0; i < tensors_.size(); ++i) {
    if (tensors_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

template <typename Real>
void ParamStore<Real>::zero_grad() {
  std::fill(grad_.begin(), grad_.end(), Real(0));
}

template class ParamStore<float>;
template class ParamStore<double>;

}  // namespace attnlab
