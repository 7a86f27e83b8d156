#include "engine/core/params.h"

#include <algorithm>
#include <stdexcept>
#include <string>

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
void ParamStore<Real>::set_row_sparse(std::size_t i) {
  if (i >= tensors_.size()) throw std::out_of_range("set_row_sparse: no tensor " + std::to_string(i));
  sparse_ = i;
  is_noted_.assign(static_cast<std::size_t>(tensors_[i].rows), 0);
  all_noted_ = false;
  noted_.clear();
}

template <typename Real>
void ParamStore<Real>::note_rows(const int* rows, std::size_t n) {
  if (sparse_ >= tensors_.size() || all_noted_) return;
  const int R = tensors_[sparse_].rows;
  for (std::size_t k = 0; k < n; ++k) {
    const int r = rows[k];
    if (r < 0 || r >= R) {  // not a row of the table: nothing was written there; note everything to be safe
      note_all_rows();
      return;
    }
    if (!is_noted_[static_cast<std::size_t>(r)]) {
      is_noted_[static_cast<std::size_t>(r)] = 1;
      noted_.push_back(r);
    }
  }
}

template <typename Real>
void ParamStore<Real>::note_all_rows() {
  all_noted_ = sparse_ < tensors_.size();
}

template <typename Real>
const std::vector<typename ParamStore<Real>::Span>& ParamStore<Real>::grad_spans() {
  spans_.clear();
  auto add = [this](std::size_t b, std::size_t e) {
    if (b == e) return;
    if (!spans_.empty() && spans_.back().end == b) spans_.back().end = e;  // adjacent: one span
    else spans_.push_back({b, e});
  };
  for (std::size_t i = 0; i < tensors_.size(); ++i) {
    const ParamInfo& t = tensors_[i];
    if (i != sparse_ || all_noted_) {
      add(t.offset, t.offset + t.size());
      continue;
    }
    std::sort(noted_.begin(), noted_.end());  // ascending rows: the buffer's order
    const std::size_t width = static_cast<std::size_t>(t.cols);
    for (int r : noted_) add(t.offset + r * width, t.offset + (r + 1) * width);
  }
  return spans_;
}

template <typename Real>
void ParamStore<Real>::zero_grad() {
  if (sparse_ >= tensors_.size()) {
    std::fill(grad_.begin(), grad_.end(), Real(0));
    return;
  }
  for (const Span& s : grad_spans()) std::fill(grad_.begin() + s.begin, grad_.begin() + s.end, Real(0));
  for (int r : noted_) is_noted_[static_cast<std::size_t>(r)] = 0;
  noted_.clear();
  all_noted_ = false;
}

template class ParamStore<float>;
template class ParamStore<double>;

}  // namespace attnlab
