// attnlab logits: a saved model's logits for inputs given as JSON on stdin (what the PyTorch export is checked
// against, and a way to look at any input's raw scores).
//
//   echo '{"inputs": [{"tokens": [3, 1, 4, 1]}]}' | attnlab logits --load m.model
//   request:   {"inputs": [input, ...]}, each input {"tokens": [ids]} (token tasks) or {"features": T×Din}
//              with, for the graph task, "allow": T×T of 0/1 (row = node, 1 = an edge it attends along)
//   response:  {"logits": [T×C, ...], "tags": [[tag name per token], ...]}, one per input, in order
// A malformed request or an input the model refuses exits with status 1 and a one-line message on stderr.
#include <cmath>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "engine/cli/train_options.h"

namespace attnlab::cli {

namespace {

using json = nlohmann::json;
using out_json =
    nlohmann::basic_json<nlohmann::ordered_map, std::vector, std::string, bool, std::int64_t, std::uint64_t, float>;

[[noreturn]] void fail(const std::string& msg) { throw Error("logits: " + msg); }

// One input as the batch of one sequence it becomes; the buffers stay alive with the struct.
struct Input {
  int T = 0;
  std::vector<int> tokens;
  std::vector<float> features;
  std::vector<std::uint8_t> allow;
  Batch<float> batch() const {
    Batch<float> b;
    b.B = 1;
    b.T = T;
    b.tokens = tokens.empty() ? nullptr : tokens.data();
    b.features = features.empty() ? nullptr : features.data();
    b.allow = allow.empty() ? nullptr : allow.data();
    return b;
  }
};

Input read_input(const json& in, int n, const ModelConfig& c, bool graphs) {
  const std::string where = "input " + std::to_string(n);
  if (!in.is_object()) fail(where + " must be an object with \"tokens\" or \"features\"");
  Input x;
  if (c.input == InputMode::tokens) {
    if (!in.contains("tokens") || !in.at("tokens").is_array() || in.at("tokens").empty()) {
      fail(where + " needs \"tokens\": a non-empty list of token ids (this model reads tokens)");
    }
    for (const json& v : in.at("tokens")) {
      if (!v.is_number_integer()) fail(where + ": token ids must be whole numbers, got " + v.dump());
      x.tokens.push_back(v.get<int>());
    }
    x.T = static_cast<int>(x.tokens.size());
  } else {
    if (!in.contains("features") || !in.at("features").is_array() || in.at("features").empty()) {
      fail(where + " needs \"features\": a non-empty list of vectors of " + std::to_string(c.input_dim) + " numbers");
    }
    for (const json& row : in.at("features")) {
      if (!row.is_array() || static_cast<int>(row.size()) != c.input_dim) {
        fail(where + ": every feature vector must have " + std::to_string(c.input_dim) + " numbers");
      }
      for (const json& v : row) {
        if (!v.is_number()) fail(where + ": features must be numbers, got " + v.dump());
        x.features.push_back(v.get<float>());
      }
      ++x.T;
    }
  }
  if (in.contains("allow")) {
    if (!graphs) fail(where + ": \"allow\" is for the graph task");
    const json& a = in.at("allow");
    bool square = a.is_array() && static_cast<int>(a.size()) == x.T;
    for (std::size_t i = 0; square && i < a.size(); ++i)
      square = a[i].is_array() && static_cast<int>(a[i].size()) == x.T;
    if (!square) fail(where + ": \"allow\" must be " + std::to_string(x.T) + "x" + std::to_string(x.T) + " (T x T)");
    for (const json& row : a) {
      for (const json& v : row) {
        if (!v.is_number_integer() || (v.get<int>() != 0 && v.get<int>() != 1))
          fail(where + ": \"allow\" holds 0 or 1");
        x.allow.push_back(static_cast<std::uint8_t>(v.get<int>()));
      }
    }
  }
  return x;
}

void run(const std::string& load) {
  LoadedModel lm;
  try {
    lm = load_model_file(load);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  const std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  const json req = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (req.is_discarded() || !req.is_object() || !req.contains("inputs") || !req.at("inputs").is_array()) {
    fail("the request must be JSON: {\"inputs\": [{\"tokens\": [...]}, ...]}");
  }
  SeqModel<float>& m = *lm.model;
  const int C = m.config().tags;
  out_json all_logits = out_json::array(), all_tags = out_json::array();
  int n = 0;
  for (const json& in : req.at("inputs")) {
    const Input x = read_input(in, n, m.config(), lm.data.has_graphs());
    std::string error;
    if (!m.forward(x.batch(), &error)) fail("input " + std::to_string(n) + ": " + error);
    const CView<float> z = m.logits();
    std::vector<int> pred(static_cast<std::size_t>(x.T));
    m.predict(pred.data());
    out_json rows = out_json::array(), tags = out_json::array();
    for (int t = 0; t < x.T; ++t) {
      out_json row = out_json::array();
      for (int k = 0; k < C; ++k) row.push_back(z(t, k));
      rows.push_back(std::move(row));
      tags.push_back(lm.data.tag_names[static_cast<std::size_t>(pred[static_cast<std::size_t>(t)])]);
    }
    all_logits.push_back(std::move(rows));
    all_tags.push_back(std::move(tags));
    ++n;
  }
  out_json resp = out_json::object();
  resp["logits"] = std::move(all_logits);
  resp["tags"] = std::move(all_tags);
  std::cout << resp.dump() << "\n";
}

void setup_logits(CLI::App& root) {
  static std::string load;
  auto* cmd = root.add_subcommand("logits",
                                  "Print a saved model's logits for inputs read as JSON from stdin: "
                                  "{\"inputs\": [{\"tokens\": [ids]} or {\"features\": T x Din, \"allow\": T x T}]}");
  cmd->add_option("--load", load, "Model file")->required();
  cmd->callback([] { run(load); });
}

}  // namespace

ATTNLAB_COMMAND(setup_logits)

}  // namespace attnlab::cli
