// Every trainable number of a model lives in ONE flat buffer; each named tensor is a view into it.
// The gradients (and the optimizer's moments) are buffers of the same length and the same layout, so
//   - an optimizer step is one loop over the flat buffers (optim.h),
//   - a gradient check can walk every parameter, and
//   - the UI can list the tensors by name and draw any of them as a matrix.
//
// One tensor may have a row-sparse gradient: the word embedding table E (V, D). A batch of N tokens writes
// the gradient of at most N of its V rows (dE[id] += dx), so the rest stays exactly 0. The store keeps the
// rows noted since the last zero_grad(), and zero_grad() and the gradient norm visit only those: the same
// numbers as a pass over all V·D entries (a sum that skips exact zeros is the same sum), without the pass.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/tensor.h"

namespace attnlab {

struct ParamInfo {
  std::string name;    // e.g. "block0.attn.wq"
  std::size_t offset;  // first element in the flat buffers
  int rows, cols;      // shape; a vector is (1, n)
  std::size_t size() const { return static_cast<std::size_t>(rows) * cols; }
};

template <typename Real>
class ParamStore {
 public:
  // Register a tensor (before allocate()); returns its index.
  std::size_t add(const std::string& name, int rows, int cols);
  // Allocate the value and gradient buffers, zero-filled. Call once, after the last add().
  void allocate();

  std::size_t size() const { return value_.size(); }  // total number of scalars
  std::size_t registered() const { return total_; }   // scalars of the tensors added so far
  const std::vector<ParamInfo>& tensors() const { return tensors_; }
  int find(const std::string& name) const;  // index of a tensor, -1 if there is none

  Real* values() { return value_.data(); }
  const Real* values() const { return value_.data(); }
  Real* grads() { return grad_.data(); }
  const Real* grads() const { return grad_.data(); }

  // Tensor i as a (rows, cols) matrix: its values, its gradient, or the same slice of any buffer laid out
  // like this store (e.g. Adam's moments).
  View<Real> value(std::size_t i) { return slice(value_.data(), i); }
  View<Real> grad(std::size_t i) { return slice(grad_.data(), i); }
  CView<Real> value(std::size_t i) const { return cslice(value_.data(), i); }
  CView<Real> grad(std::size_t i) const { return cslice(grad_.data(), i); }
  View<Real> slice(Real* buffer, std::size_t i) const {
    return view(buffer + tensors_[i].offset, tensors_[i].rows, tensors_[i].cols);
  }
  CView<Real> cslice(const Real* buffer, std::size_t i) const {
    return cview(buffer + tensors_[i].offset, tensors_[i].rows, tensors_[i].cols);
  }

  // Every gradient back to 0 (of a row-sparse tensor: the rows noted since the last zero_grad).
  void zero_grad();

  // ---- the row-sparse gradient (at most one tensor; the embedding table)
  // Tensor i's gradient is row-sparse from now on: whoever writes its gradient notes the rows (note_rows),
  // else zero_grad() would not clear them. Call after add(i).
  void set_row_sparse(std::size_t i);
  // The rows of the row-sparse tensor whose gradient may have been written since the last zero_grad.
  void note_rows(const int* rows, std::size_t n);
  // Any of its rows may be non-zero (its gradient was copied or written whole): the next passes visit it all.
  void note_all_rows();
  // The parts of the gradient buffer that may be non-zero, as [begin, end) offsets in ascending order: every
  // tensor whole, but the row-sparse one's noted rows only. A loop over these spans meets the non-zero
  // gradients in the order a loop over the whole buffer does.
  struct Span {
    std::size_t begin, end;
  };
  const std::vector<Span>& grad_spans();

 private:
  std::vector<ParamInfo> tensors_;
  std::size_t total_ = 0;
  Buffer<Real> value_;  // (size()) every parameter, tensor after tensor
  Buffer<Real> grad_;   // (size()) same layout
  // the row-sparse tensor (tensors_.size() = none), its noted rows (unsorted, each once) and a flag per row
  std::size_t sparse_ = static_cast<std::size_t>(-1);
  std::vector<int> noted_;
  std::vector<unsigned char> is_noted_;
  bool all_noted_ = false;
  std::vector<Span> spans_;
};

}  // namespace attnlab
