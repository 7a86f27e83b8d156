// The PyTorch export (torch_export.h). T = tokens of the example, C = tags, Din = feature width
#include "engine/io/torch_export.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "engine/data/segmentation.h"
#include "engine/io/model_io.h"
#include "engine/models/attention_tagger.h"
#include "torch_template.h"

namespace attnlab {

namespace {

// ------------------------------------------------------------------------------------------- text

std::string quoted(const std::string& s) {  // a JSON string, which is also a Python string literal
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += ch;  // UTF-8 passes through
    }
  }
  return out + "\"";
}

std::string number(float v) {  // the fewest digits that read back as the same float
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
  return buf;
}

std::string exact(float v) {  // the float's exact value as a double (Python reads it back bit for bit)
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(v));
  return buf;
}

std::string strings(const std::vector<std::string>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + quoted(v[i]);
  return out + "]";
}

template <typename T, typename F>
std::string list(const std::vector<T>& v, F&& item) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + item(v[i]);
  return out + "]";
}

std::string rows(const float* p, int n_rows, int n_cols) {  // [[...], ...]
  std::string out = "[";
  for (int i = 0; i < n_rows; ++i) {
    out += i ? ",\n   [" : "[";
    for (int j = 0; j < n_cols; ++j) out += (j ? ", " : "") + number(p[static_cast<long>(i) * n_cols + j]);
    out += "]";
  }
  return out + "]";
}

std::vector<std::uint8_t> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
  return s;
}

// ------------------------------------------------------------------------------------------- the parts

// CONFIG of NAME.py: a Python dict literal with every field the module reads.
std::string python_config(const ModelConfig& c, const Dataset& d) {
  auto b = [](bool v) { return std::string(v ? "True" : "False"); };
  auto s = [](const char* v) { return quoted(v); };
  auto i = [](int v) { return std::to_string(v); };
  const std::vector<std::pair<const char*, std::string>> fields = {
      {"kind", s(to_string(c.kind))},
      {"describe", quoted(describe(c))},
      {"task", s(to_string(d.task.kind))},
      {"input", s(to_string(c.input))},  // tokens: ids into the embedding table; features: vectors
      {"vocab", i(c.vocab)},
      {"input_dim", i(c.input_dim)},
      {"tags", i(c.tags)},
      {"dim", i(c.dim)},
      {"grid_w", i(c.grid_w)},  // > 0: an image of grid_h rows × grid_w pixels (2-D positions, windows, kernels)
      {"grid_h", i(c.grid_h)},
      // the attention tagger
      {"layers", i(c.layers)},
      {"heads", i(c.heads)},
      {"ffn", i(c.ffn)},
      {"activation", s(to_string(c.activation))},
      {"pe", s(to_string(c.pe))},
      {"pe_scale", exact(c.pe_scale)},
      {"max_len", i(c.max_len)},
      {"norm", s(to_string(c.norm))},
      {"relevance", s(to_string(c.relevance))},
      {"causal", b(c.mask.causal)},
      {"window", i(c.mask.window)},  // < 0: no window mask
      {"allow_n", i(c.mask.allow_n)},
      {"allow", list(c.mask.allow, [](std::uint8_t a) { return std::to_string(a); })},
      {"graph_mask", b(c.graph_mask)},  // a graph's edges restrict attention (False: ignored)
      {"attn_bias", b(c.attn_bias)},
      {"ln_eps", exact(c.ln_eps)},
      // the baselines
      {"hidden", i(c.hidden)},
      {"window_k", i(c.window)},
      {"kernel", i(c.kernel)},
      {"cnn_layers", i(c.cnn_layers)},
      {"cell", s(to_string(c.cell))},
      {"bidirectional", b(c.bidirectional)},
  };
  std::string out = "{\n";
  for (const auto& [key, value] : fields) out += "    " + quoted(key) + ": " + value + ",\n";
  return out + "}";
}

std::vector<std::uint8_t> weights_bytes(const ParamStore<float>& store) {
  std::vector<std::uint8_t> out(store.size() * 4);
  for (std::size_t i = 0; i < store.size(); ++i) {
    std::uint32_t bits;
    std::memcpy(&bits, &store.values()[i], 4);
    for (int k = 0; k < 4; ++k) out[i * 4 + k] = static_cast<std::uint8_t>(bits >> (8 * k));  // little-endian
  }
  return out;
}

std::vector<std::string> shown_tokens(const Dataset& d, const Sequence& seq) {
  if (!seq.words.empty()) return seq.words;
  std::vector<std::string> out;
  for (int t = 0; t < seq.length(); ++t) {
    if (d.input == InputMode::tokens) out.push_back(d.token_names[static_cast<std::size_t>(seq.tokens[t])]);
    else out.push_back((d.has_graphs() ? "node " : "frame ") + std::to_string(t));
  }
  return out;
}

}  // namespace

// ------------------------------------------------------------------------------------------- checks

std::string check_module_name(const std::string& name) {
  bool ok = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (const char c : name)
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
  if (ok) return "";
  return "the module name '" + name +
         "' cannot be imported in Python: use letters, digits and '_', not starting with a digit";
}

std::string check_torch_export(const SeqModel<float>& model, const Dataset& d) {
  const ModelConfig& c = model.config();
  if (c.input != d.input)
    return "the model reads " + std::string(to_string(c.input)) + " but its data has " + to_string(d.input);
  if (static_cast<int>(d.tag_names.size()) != c.tags) {
    return "the model has " + std::to_string(c.tags) + " tags but its data names " +
           std::to_string(d.tag_names.size()) + ": the module could not say which tag a token gets";
  }
  if (c.input == InputMode::tokens && static_cast<int>(d.token_names.size()) != c.vocab) {
    return "the model's vocabulary of " + std::to_string(c.vocab) + " tokens is not in its data (" +
           std::to_string(d.token_names.size()) + " token names): the module could not read words";
  }
  if (c.input == InputMode::features && d.task.kind != TaskKind::frames && d.task.kind != TaskKind::graph &&
      d.task.kind != TaskKind::image) {
    return std::string("the ") + to_string(d.task.kind) + " task with feature vectors has no example input to save";
  }
  return "";
}

Sequence torch_export_example(const SeqModel<float>& model, const Dataset& d) {
  if (d.task.kind == TaskKind::pos) return sequence_from_words(d, split_words("I saw a saw"));
  if (d.task.kind == TaskKind::seg_zh) return seg_sequence_from_text(d, kSegExample);
  const ModelConfig& c = model.config();
  int hi = std::max(1, d.task.max_len);
  if (c.kind == ModelKind::attention && c.pe == PosEnc::learned && c.grid_w == 0) hi = std::min(hi, c.max_len);
  if (!c.mask.allow.empty()) hi = std::min(hi, c.mask.allow_n);
  const int lo = std::max(1, std::min(d.task.min_len, hi));
  return make_synthetic_sequences(d, 1, lo, hi, /*seed=*/2024)[0];
}

// ------------------------------------------------------------------------------------------- export

std::vector<ExportedFile> export_torch(const SeqModel<float>& model, const Dataset& d, const std::string& name) {
  for (const std::string& problem : {check_module_name(name), check_torch_export(model, d)}) {
    if (!problem.empty()) throw std::invalid_argument(problem);
  }
  const ModelConfig& c = model.config();

  // The example, through a copy of the model: its logits and tags are what the module must reproduce.
  const Sequence seq = torch_export_example(model, d);
  const int T = seq.length(), C = c.tags;
  Batch<float> batch;
  batch.B = 1;
  batch.T = T;
  if (c.input == InputMode::tokens) batch.tokens = seq.tokens.data();
  else batch.features = seq.features.data();
  if (d.has_graphs() && !seq.allow.empty()) batch.allow = seq.allow.data();
  std::unique_ptr<SeqModel<float>> copy = model.clone();
  std::string error;
  if (!copy->forward(batch, &error)) throw std::invalid_argument("the model cannot run its example: " + error);
  const CView<float> logits = copy->logits();
  for (int n = 0; n < T * C; ++n) {
    if (!std::isfinite(logits.data()[n])) {
      throw std::invalid_argument("the model's logits are not finite numbers (NaN or inf): it has diverged");
    }
  }
  std::vector<int> predicted(static_cast<std::size_t>(T));
  copy->predict(predicted.data());
  std::vector<std::string> tags;
  for (int p : predicted) tags.push_back(d.tag_names[static_cast<std::size_t>(p)]);

  std::string example = "{\"shown\": " + strings(shown_tokens(d, seq)) + ",\n  ";
  if (c.input == InputMode::tokens) {
    example += "\"tokens\": " + list(seq.tokens, [](int v) { return std::to_string(v); }) + ",\n  ";
  } else {
    example += "\"features\": " + rows(seq.features.data(), T, c.input_dim) + ",\n  ";
  }
  std::string allow = "null";
  if (batch.allow != nullptr) {
    allow = "[";
    for (int i = 0; i < T; ++i) {
      allow += i ? ", [" : "[";
      for (int j = 0; j < T; ++j)
        allow += (j ? ", " : "") + std::to_string(seq.allow[static_cast<std::size_t>(i) * T + j]);
      allow += "]";
    }
    allow += "]";
  }
  example +=
      "\"allow\": " + allow + ",\n  \"tags\": " + strings(tags) + ",\n  \"logits\": " + rows(logits.data(), T, C) + "}";

  // The weights and their index.
  const ParamStore<float>& store = model.params();
  ExportedFile weights{name + ".weights", weights_bytes(store)};
  std::string tensors = "[";
  for (std::size_t i = 0; i < store.tensors().size(); ++i) {
    const ParamInfo& t = store.tensors()[i];
    tensors += std::string(i ? ",\n    " : "\n    ") + "{\"name\": " + quoted(t.name) + ", \"shape\": [" +
               std::to_string(t.rows) + ", " + std::to_string(t.cols) + "], \"offset\": " + std::to_string(t.offset) +
               "}";
  }
  tensors += "]";
  const bool lowercase = d.task.kind == TaskKind::pos || d.task.kind == TaskKind::seg_zh ? d.words.lowercase() : false;
  const std::string meta =
      "{\n  \"format\": 1,\n  \"name\": " + quoted(name) + ",\n  \"model\": " + quoted(describe(c)) +
      ",\n  \"task\": " + quoted(to_string(d.task.kind)) + ",\n  \"tags\": " + strings(d.tag_names) +
      ",\n  \"vocab\": " + strings(d.token_names) + ",\n  \"lowercase\": " + (lowercase ? "true" : "false") +
      ",\n  \"weights_bytes\": " + std::to_string(weights.bytes.size()) +
      ",\n  \"weights_crc32\": " + std::to_string(crc32(weights.bytes.data(), weights.bytes.size())) +
      ",\n  \"tensors\": " + tensors + ",\n  \"example\": " + example + "\n}\n";

  // The module: the template with its name and CONFIG.
  std::string py(embedded::torch_template[0].text, embedded::torch_template[0].size);
  py = replace_all(py, "@CONFIG@", python_config(c, d));
  py = replace_all(py, "@NAME@", name);
  return {ExportedFile{name + ".py", bytes_of(py)}, std::move(weights), ExportedFile{name + ".json", bytes_of(meta)}};
}

}  // namespace attnlab
