// Elementwise activations used inside the feed-forward block.
//   relu(x) = max(0, x)
//   gelu(x) = x · Φ(x) = ½ x (1 + erf(x/√2))     (the exact form, as PyTorch's default nn.GELU)
//
// n = number of elements
#pragma once

#include "engine/core/names.h"

namespace attnlab {

enum class Activation { relu, gelu };
inline constexpr EnumName<Activation> kActivationNames[] = {
    {Activation::relu, "relu", "max(0, x)"},
    {Activation::gelu, "gelu", "x·Φ(x), a smooth ReLU"},
};
constexpr NameTable<Activation> names_of(Activation) { return NameTable<Activation>(kActivationNames); }

// out (n) = act(in (n))
template <typename Real>
void activation_forward(Real* out, const Real* in, long n, Activation act);

// din (n) += dout ∘ act'(in); din_is_new: din holds no gradient yet, so din = dout ∘ act'(in) (no zeroing first)
template <typename Real>
void activation_backward(Real* din, const Real* dout, const Real* in, long n, Activation act, bool din_is_new = false);

}  // namespace attnlab
