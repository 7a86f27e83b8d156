// The finite-difference harness every gradient check uses (gradcheck_test.cpp: the operations and the
// attention tagger; baselines_gradcheck_test.cpp: every model behind the SeqModel interface).
//
// A Problem owns its inputs and parameters (double precision), computes a scalar loss with a forward pass and
// the analytic gradients with the backward pass. run_gradcheck nudges every checked number by ±h and compares
// (L(x+h) − L(x−h)) / 2h with the analytic gradient. Points where the function has a kink (ReLU at 0) are
// detected (the one-sided slopes disagree) and skipped; too many skips fail the check.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/models/model.h"

namespace attnlab::gradcheck {

using Vec = std::vector<double>;

struct Checked {  // one tensor whose gradient is checked
  std::string name;
  double* value;       // the numbers the harness nudges
  const double* grad;  // the analytic gradient, same layout
  size_t n;
};

struct Problem {
  virtual ~Problem() = default;
  virtual double loss() = 0;     // forward, returns L
  virtual void gradients() = 0;  // backward: fills the grad buffers of checked()
  virtual std::vector<Checked> checked() = 0;
};

inline Vec random_vec(Rng& rng, size_t n, double scale = 1.0) {
  Vec v(n);
  for (double& x : v) x = scale * rng.uniform(-1.0, 1.0);
  return v;
}
inline void zero(Vec& v) { std::fill(v.begin(), v.end(), 0.0); }
inline double dot(const Vec& a, const Vec& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

struct Tolerance {
  double rtol = 1e-5;
  double atol = 1e-8;
  size_t max_per_tensor = 100000;  // check at most this many elements of one tensor (evenly spread)
  int min_checked = 1;             // fewer numbers checked than this (after skipping kinks) fails
};

inline void run_gradcheck(Problem& p, const Tolerance& tol, const std::string& what = "") {
  const double h = 1e-6;
  p.loss();
  p.gradients();
  // copy the analytic gradients: the nudged forwards below do not touch them, but be safe
  std::vector<Vec> analytic;
  for (const Checked& c : p.checked()) analytic.emplace_back(c.grad, c.grad + c.n);
  int checked = 0, skipped = 0, failed = 0;
  std::vector<Checked> tensors = p.checked();
  for (size_t t = 0; t < tensors.size(); ++t) {
    const Checked& c = tensors[t];
    const size_t stride = std::max<size_t>(1, c.n / tol.max_per_tensor);
    for (size_t i = 0; i < c.n; i += stride) {
      const double x0 = c.value[i];
      const double l0 = p.loss();
      c.value[i] = x0 + h;
      const double lp = p.loss();
      c.value[i] = x0 - h;
      const double lm = p.loss();
      c.value[i] = x0;
      const double numeric = (lp - lm) / (2 * h);
      const double slope_right = (lp - l0) / h, slope_left = (l0 - lm) / h;
      if (std::abs(slope_right - slope_left) > 1e-3 * (1.0 + std::abs(numeric))) {
        ++skipped;  // a kink within ±h: central differences mean nothing here
        continue;
      }
      ++checked;
      const double a = analytic[t][i];
      const double err = std::abs(a - numeric);
      if (err > tol.atol + tol.rtol * std::max(std::abs(a), std::abs(numeric))) {
        if (++failed <= 10) {
          ADD_FAILURE() << what << (what.empty() ? "" : ": ") << c.name << "[" << i << "]: analytic " << a
                        << " vs numeric " << numeric << " (error " << err << ")";
        }
      }
    }
  }
  p.loss();  // leave the problem in its original state
  EXPECT_EQ(failed, 0) << what;
  EXPECT_GE(checked, tol.min_checked) << what;
  EXPECT_LE(skipped, checked / 10) << what << ": too many kinks skipped: the check would prove little";
}

// Any model behind the SeqModel interface on one batch: every parameter, and in features mode the input
// vectors too.
struct ModelProblem : Problem {
  std::unique_ptr<SeqModel<double>> model;
  Batch<double> batch;
  double* features = nullptr;  // features mode: the batch's (N, Din) inputs, checked as well
  size_t n_features = 0;
  double loss() override {
    std::string error;
    EXPECT_TRUE(model->forward(batch, &error)) << error;
    return model->loss();
  }
  void gradients() override {
    model->zero_grad();
    model->backward();
  }
  std::vector<Checked> checked() override {
    std::vector<Checked> c;
    ParamStore<double>& s = model->params();
    for (const ParamInfo& t : s.tensors()) c.push_back({t.name, s.values() + t.offset, s.grads() + t.offset, t.size()});
    if (features != nullptr) c.push_back({"input features", features, model->input_grad(), n_features});
    return c;
  }
};

}  // namespace attnlab::gradcheck
