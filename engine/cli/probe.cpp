// The probe (engine/cli/probe.h): the engine's numbers for one multi-head self-attention layer over one sequence,
// for `attnlab probe` (engine/cli/cmd_probe.cpp) and its fuzz target (tests/fuzz/fuzz_probe.cpp).
//
// One JSON request in, one JSON response out. Matrices are arrays of rows.
//   request:  x (T×D), heads (H, divides D), wq wk wv wo (D×D, q = x·wq), optional bq bk bv bo (D),
//             optional norm ("softmax" | "relu" | "sigmoid", default softmax), optional mask
//             {causal: bool, window: int, allow: T×T of 0/1 (row = query)}, optional grad_out (T×D)
//   response: q k v (T×D), scores (H×T×T, scaled, before normalization; null where the mask disallows the
//             pair: such a score is never computed), weights (H×T×T), out (T×D);
//             with grad_out also grad_x grad_wq grad_wk grad_wv grad_wo and grad_b* for each bias given
//             (the gradients of L = Σ out ∘ grad_out).
// A malformed request throws cli::Error with a one-line message (the command prints it on stderr, exit 1).
#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/attention/attention.h"
#include "engine/attention/mask.h"
#include "engine/cli/command.h"
#include "engine/cli/probe.h"
#include "engine/core/tensor.h"

namespace attnlab::cli {
namespace {

using json = nlohmann::json;
// Output numbers are floats (the engine's own numbers), printed with the fewest digits that read back as
// the same float.
using out_json =
    nlohmann::basic_json<nlohmann::ordered_map, std::vector, std::string, bool, std::int64_t, std::uint64_t, float>;

[[noreturn]] void fail(const std::string& msg) { throw Error("probe: " + msg); }

// A key as the request spelled it, JSON-escaped so that a key holding a newline or a quote still gives a
// one-line message; a long one is cut (the message names the key, it need not repeat a page of it).
std::string quoted(const std::string& key) {
  constexpr size_t kShown = 40;
  if (key.size() <= kShown) return json(key).dump();
  size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(key[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 letter
  return json(key.substr(0, cut)).dump() + "...";
}

std::string shape(size_t rows, size_t cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

float to_float(const json& v, const std::string& where) {
  if (!v.is_number()) fail(where + " must be a number, got " + std::string(v.type_name()) + " " + v.dump());
  const double d = v.get<double>();
  if (!std::isfinite(d)) fail(where + " must be a finite number, got " + v.dump());
  if (std::abs(d) > static_cast<double>(std::numeric_limits<float>::max())) {
    fail(where + " = " + v.dump() + " is too large for a float (at most 3.4e38)");
  }
  return static_cast<float>(d);
}

// A matrix: an array of rows, each an array of numbers, all rows the same length.
// rows/cols < 0: any; `dims` names the expected shape in the message ("D x D").
Buffer<float> read_matrix(const json& req, const std::string& key, int rows, int cols, const std::string& dims,
                          int* rows_out = nullptr, int* cols_out = nullptr) {
  const json& m = req.at(key);
  const std::string name = quoted(key);
  if (!m.is_array() || m.empty() || !m[0].is_array()) {
    fail(name + " must be a matrix: a non-empty array of rows, each an array of numbers");
  }
  const size_t r = m.size(), c = m[0].size();
  for (size_t i = 0; i < r; ++i) {
    if (!m[i].is_array()) fail(name + " row " + std::to_string(i) + " must be an array of numbers");
    if (m[i].size() != c) {
      fail(name + " is ragged: row 0 has " + std::to_string(c) + " numbers, row " + std::to_string(i) + " has " +
           std::to_string(m[i].size()));
    }
  }
  if (c == 0) fail(name + " must have at least one column");
  if ((rows >= 0 && r != static_cast<size_t>(rows)) || (cols >= 0 && c != static_cast<size_t>(cols))) {
    fail(name + " must be " + shape(rows >= 0 ? rows : r, cols >= 0 ? cols : c) + " (" + dims + "), got " +
         shape(r, c));
  }
  Buffer<float> out(r * c);
  for (size_t i = 0; i < r; ++i) {
    for (size_t j = 0; j < c; ++j) {
      out[i * c + j] = to_float(m[i][j], name + "[" + std::to_string(i) + "][" + std::to_string(j) + "]");
    }
  }
  if (rows_out != nullptr) *rows_out = static_cast<int>(r);
  if (cols_out != nullptr) *cols_out = static_cast<int>(c);
  return out;
}

Buffer<float> read_vector(const json& req, const std::string& key, int n) {
  const json& v = req.at(key);
  const std::string name = quoted(key);
  if (!v.is_array() || v.size() != static_cast<size_t>(n)) {
    fail(name + " must be a list of " + std::to_string(n) + " numbers (D), got " +
         (v.is_array() ? std::to_string(v.size()) + " entries" : std::string("a ") + v.type_name()));
  }
  Buffer<float> out(n);
  for (int i = 0; i < n; ++i) out[i] = to_float(v[i], name + "[" + std::to_string(i) + "]");
  return out;
}

int read_int(const json& v, const std::string& name, int min) {
  if (!v.is_number_integer() && !(v.is_number_float() && std::floor(v.get<double>()) == v.get<double>())) {
    fail(name + " must be a whole number, got " + v.dump());
  }
  const double d = v.get<double>();
  if (d < min || d > 1e6) fail(name + " must be a whole number >= " + std::to_string(min) + ", got " + v.dump());
  return static_cast<int>(d);
}

struct Request {
  int T = 0, D = 0, H = 0;
  Buffer<float> x, wq, wk, wv, wo, grad_out;
  Buffer<float> bias[4];  // bq, bk, bv, bo; empty = not given
  AttnNorm norm = AttnNorm::softmax;
  MaskSpec mask;
};

const char* const kBiasNames[4] = {"bq", "bk", "bv", "bo"};

Request parse_request(const std::string& text) {
  json req;
  try {
    req = json::parse(text);
  } catch (const json::exception& e) {  // a syntax error, or a number too large for a double (1e999)
    std::string what = e.what();        // "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
    const size_t at = what.find("] ");
    fail("the request is not valid JSON: " + (at == std::string::npos ? what : what.substr(at + 2)));
  }
  if (!req.is_object()) fail("the request must be a JSON object with the keys x, heads, wq, wk, wv, wo");
  const char* const known[] = {"x",  "heads", "wq", "wk",   "wv",   "wo",      "bq",
                               "bk", "bv",    "bo", "norm", "mask", "grad_out"};
  for (auto it = req.begin(); it != req.end(); ++it) {
    bool ok = false;
    for (const char* k : known) ok = ok || it.key() == k;
    if (!ok) {
      fail("unknown key " + quoted(it.key()) +
           " (known: x, heads, wq, wk, wv, wo, bq, bk, bv, bo, norm, mask, grad_out)");
    }
  }
  for (const char* k : {"x", "heads", "wq", "wk", "wv", "wo"}) {
    if (!req.contains(k)) fail("missing " + quoted(k));
  }
  Request r;
  r.x = read_matrix(req, "x", -1, -1, "T x D", &r.T, &r.D);
  r.H = read_int(req.at("heads"), "\"heads\"", 1);
  if (r.D % r.H != 0) {
    fail("\"heads\" = " + std::to_string(r.H) + " must divide D = " + std::to_string(r.D) +
         " (each head gets D/H columns)");
  }
  r.wq = read_matrix(req, "wq", r.D, r.D, "D x D");
  r.wk = read_matrix(req, "wk", r.D, r.D, "D x D");
  r.wv = read_matrix(req, "wv", r.D, r.D, "D x D");
  r.wo = read_matrix(req, "wo", r.D, r.D, "D x D");
  for (int i = 0; i < 4; ++i) {
    if (req.contains(kBiasNames[i])) r.bias[i] = read_vector(req, kBiasNames[i], r.D);
  }
  if (req.contains("norm")) {
    const json& n = req.at("norm");
    if (!n.is_string() || !from_string(n.get<std::string>(), &r.norm)) {
      fail("\"norm\" must be \"softmax\", \"relu\" or \"sigmoid\", got " + n.dump());
    }
  }
  if (req.contains("mask")) {
    const json& m = req.at("mask");
    if (!m.is_object()) fail("\"mask\" must be an object with any of causal, window, allow");
    for (auto it = m.begin(); it != m.end(); ++it) {
      if (it.key() != "causal" && it.key() != "window" && it.key() != "allow") {
        fail("unknown key " + quoted(it.key()) + " in \"mask\" (known: causal, window, allow)");
      }
    }
    if (m.contains("causal")) {
      if (!m.at("causal").is_boolean()) fail("\"mask\".\"causal\" must be true or false, got " + m.at("causal").dump());
      r.mask.causal = m.at("causal").get<bool>();
    }
    if (m.contains("window")) r.mask.window = read_int(m.at("window"), "\"mask\".\"window\"", 0);
    if (m.contains("allow")) {
      const json& a = m.at("allow");
      const std::string name = "\"mask\".\"allow\"";
      bool rect = a.is_array() && a.size() == static_cast<size_t>(r.T);
      for (size_t i = 0; rect && i < a.size(); ++i) rect = a[i].is_array() && a[i].size() == static_cast<size_t>(r.T);
      if (!rect) {
        std::string got = a.is_array() ? std::to_string(a.size()) + " rows" : std::string("a ") + a.type_name();
        if (a.is_array() && !a.empty() && a[0].is_array()) got = shape(a.size(), a[0].size());
        fail(name + " must be " + shape(r.T, r.T) + " (T x T, row = query), got " + got);
      }
      r.mask.allow_n = r.T;
      r.mask.allow.resize(static_cast<size_t>(r.T) * r.T);
      for (int i = 0; i < r.T; ++i) {
        for (int j = 0; j < r.T; ++j) {
          const json& e = a[i][j];
          const bool one = e.is_boolean() ? e.get<bool>() : (e.is_number() && e.get<double>() == 1.0);
          const bool zero = e.is_boolean() ? !e.get<bool>() : (e.is_number() && e.get<double>() == 0.0);
          if (!one && !zero) {
            fail(name + "[" + std::to_string(i) + "][" + std::to_string(j) + "] must be 0 or 1, got " + e.dump());
          }
          r.mask.allow[static_cast<size_t>(i) * r.T + j] = one ? 1 : 0;
        }
      }
    }
  }
  if (req.contains("grad_out")) r.grad_out = read_matrix(req, "grad_out", r.T, r.D, "T x D, like the output");
  return r;
}

out_json matrix(const float* p, int rows, int cols) {
  out_json m = out_json::array();
  for (int i = 0; i < rows; ++i) {
    out_json row = out_json::array();
    for (int j = 0; j < cols; ++j) row.push_back(p[static_cast<long>(i) * cols + j]);
    m.push_back(std::move(row));
  }
  return m;
}

// The same, with null where allowed (rows, cols) is 0.
out_json masked_matrix(const float* p, const std::uint8_t* allowed, int rows, int cols) {
  out_json m = matrix(p, rows, cols);
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) {
      if (allowed[static_cast<long>(i) * cols + j] == 0) m[i][j] = nullptr;
    }
  }
  return m;
}

template <typename Floats>  // a Buffer, or a cache's Workspace
void check_finite(const Floats& v, const char* what) {
  for (float f : v) {
    if (!std::isfinite(f)) {
      fail(std::string("the ") + what + " overflowed (inf or NaN in float): use smaller numbers in the request");
    }
  }
}

}  // namespace

std::string probe_response(const std::string& text) {
  Request r = parse_request(text);
  const int T = r.T, D = r.D, H = r.H;

  AttentionParams<float> p;
  p.wq = r.wq.data(), p.wk = r.wk.data(), p.wv = r.wv.data(), p.wo = r.wo.data();
  float** bias_ptr[4] = {&p.bq, &p.bk, &p.bv, &p.bo};
  for (int i = 0; i < 4; ++i) *bias_ptr[i] = r.bias[i].empty() ? nullptr : r.bias[i].data();
  AttentionSpec spec;
  spec.heads = H;
  spec.norm = r.norm;
  std::vector<std::uint8_t> allowed(static_cast<size_t>(T) * T);
  build_attention_mask(allowed.data(), r.mask, nullptr, 1, T);
  AttentionCache<float> cache;
  cache.resize(1, T, D, H, Relevance::dot);
  Buffer<float> out(static_cast<size_t>(T) * D);
  attention_forward(out.data(), cache, r.x.data(), allowed.data(), nullptr, p, spec, 1, T, D);
  check_finite(cache.scores, "scores");
  check_finite(out, "output");

  out_json resp = out_json::object();
  resp["q"] = matrix(cache.q.data(), T, D);
  resp["k"] = matrix(cache.k.data(), T, D);
  resp["v"] = matrix(cache.v.data(), T, D);
  out_json scores = out_json::array(), weights = out_json::array();
  for (int h = 0; h < H; ++h) {
    scores.push_back(masked_matrix(cache.scores.data() + attention_index(0, h, 0, 0, H, T), allowed.data(), T, T));
    weights.push_back(matrix(cache.weights.data() + attention_index(0, h, 0, 0, H, T), T, T));
  }
  resp["scores"] = std::move(scores);
  resp["weights"] = std::move(weights);
  resp["out"] = matrix(out.data(), T, D);

  if (!r.grad_out.empty()) {
    // gradients of L = Σ out ∘ grad_out, accumulated into zeroed buffers
    Buffer<float> dx(static_cast<size_t>(T) * D, 0.0f), dwq(D * D, 0.0f), dwk(D * D, 0.0f), dwv(D * D, 0.0f),
        dwo(D * D, 0.0f);
    Buffer<float> db[4];
    AttentionParams<float> g;
    g.wq = dwq.data(), g.wk = dwk.data(), g.wv = dwv.data(), g.wo = dwo.data();
    float** grad_bias_ptr[4] = {&g.bq, &g.bk, &g.bv, &g.bo};
    for (int i = 0; i < 4; ++i) {
      if (r.bias[i].empty()) continue;
      db[i].assign(D, 0.0f);
      *grad_bias_ptr[i] = db[i].data();
    }
    AttentionScratch<float> scratch;
    scratch.resize(1, T, D, H);
    attention_backward(dx.data(), g, scratch, r.grad_out.data(), cache, r.x.data(), allowed.data(), nullptr, p, spec, 1,
                       T, D);
    for (const Buffer<float>* v : {&dx, &dwq, &dwk, &dwv, &dwo}) check_finite(*v, "gradients");
    resp["grad_x"] = matrix(dx.data(), T, D);
    resp["grad_wq"] = matrix(dwq.data(), D, D);
    resp["grad_wk"] = matrix(dwk.data(), D, D);
    resp["grad_wv"] = matrix(dwv.data(), D, D);
    resp["grad_wo"] = matrix(dwo.data(), D, D);
    for (int i = 0; i < 4; ++i) {
      if (r.bias[i].empty()) continue;
      check_finite(db[i], "gradients");
      out_json v = out_json::array();
      for (float f : db[i]) v.push_back(f);
      resp[std::string("grad_") + kBiasNames[i]] = std::move(v);
    }
  }
  return resp.dump();
}

}  // namespace attnlab::cli
