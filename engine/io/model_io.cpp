// P = payload length
#include "engine/io/model_io.h"

#include "engine/core/bytes.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace attnlab {

static const char kMagic[8] = {'A', 'T', 'N', 'L', 'M', 'O', 'D', 'L'};
static constexpr std::size_t kHeader = 20;  // magic + version + payload length

std::uint32_t crc32(const std::uint8_t* data, std::size_t n) {
  static std::uint32_t table[256];
  static bool ready = false;
  if (!ready) {
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table[i] = c;
    }
    ready = true;
  }
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

namespace {

// The file's fields are core/bytes.h's little-endian ones; a field that runs past the payload's end is refused as
// "malformed model file: ... runs past its end".
using Reader = ByteReader<ModelFileError>;
Reader reader(const std::uint8_t* p, std::size_t n) { return Reader(p, n, "malformed model file: "); }

void write_strs(ByteWriter& w, const std::vector<std::string>& v) {
  w.u32(static_cast<std::uint32_t>(v.size()));
  for (const auto& s : v) w.str(s);
}
std::vector<std::string> read_strs(Reader& r) {
  const std::uint32_t count = r.u32();
  if (count > r.left() / 4) r.fail("impossible list length");  // each string takes at least its 4-byte length
  std::vector<std::string> v(count);
  for (auto& s : v) s = r.str();
  return v;
}

// An enum stored as its index in the enum's name table (core/names.h): a value past the table is refused.
template <typename E>
E enum_field(Reader& r, const char* what) {
  const std::uint32_t v = r.u32();
  if (v >= static_cast<std::uint32_t>(enum_count<E>())) {
    throw ModelFileError(std::string("malformed model file: unknown ") + what + " " + std::to_string(v));
  }
  return static_cast<E>(v);
}

void write_task(ByteWriter& w, const TaskConfig& t) {
  w.u32(static_cast<std::uint32_t>(t.kind));
  w.u32(t.seed);
  for (int v : {t.train, t.dev, t.test, t.min_len, t.max_len, t.vocab, t.cap, t.classes, t.feat_dim}) w.i32(v);
  w.f32(t.noise);
  for (int v : {t.min_seg, t.max_seg, t.degree}) w.i32(v);
  w.f32(t.dev_frac);
  w.f32(t.test_frac);
  w.i32(t.min_count);
  w.u8(t.lowercase ? 1 : 0);
  w.i32(t.image_size);  // version 3
}

TaskConfig read_task(Reader& r, std::uint32_t version) {
  TaskConfig t;
  t.kind = enum_field<TaskKind>(r, "task");
  t.seed = r.u32();
  for (int* v : {&t.train, &t.dev, &t.test, &t.min_len, &t.max_len, &t.vocab, &t.cap, &t.classes, &t.feat_dim}) {
    *v = r.i32();
  }
  t.noise = r.f32();
  for (int* v : {&t.min_seg, &t.max_seg, &t.degree}) *v = r.i32();
  t.dev_frac = r.f32();
  t.test_frac = r.f32();
  t.min_count = r.i32();
  t.lowercase = r.u8() != 0;
  if (version >= 3) t.image_size = r.i32();  // older files: the default side (the image task came with 3)
  return t;
}

void write_model_config(ByteWriter& w, const ModelConfig& m) {
  const ModelConfig& c = m;
  w.u32(static_cast<std::uint32_t>(m.kind));
  w.u32(static_cast<std::uint32_t>(c.input));
  for (int v : {c.vocab, c.input_dim, c.tags, c.dim, c.heads, c.layers, c.ffn}) w.i32(v);
  w.u32(static_cast<std::uint32_t>(c.activation));
  w.i32(c.max_len);
  w.i32(c.max_batch);
  w.u32(static_cast<std::uint32_t>(c.pe));
  w.u32(static_cast<std::uint32_t>(c.norm));
  w.u32(static_cast<std::uint32_t>(c.relevance));
  w.u8(c.mask.causal ? 1 : 0);
  w.i32(c.mask.window);
  w.i32(c.mask.allow_n);
  w.u32(static_cast<std::uint32_t>(c.mask.allow.size()));
  for (std::uint8_t a : c.mask.allow) w.u8(a);
  w.u8(c.attn_bias ? 1 : 0);
  w.f32(c.ln_eps);
  w.u32(c.seed);
  for (int v : {m.hidden, m.window, m.kernel, m.cnn_layers}) w.i32(v);
  w.u32(static_cast<std::uint32_t>(m.cell));
  w.u8(m.bidirectional ? 1 : 0);
  w.u8(m.graph_mask ? 1 : 0);
  w.f32(c.pe_scale);                                           // version 2
  for (int v : {c.grid_w, c.grid_h, c.mask.grid_w}) w.i32(v);  // version 3
}

ModelConfig read_model_config(Reader& r, std::uint32_t version) {
  ModelConfig m;
  ModelConfig& c = m;
  m.kind = enum_field<ModelKind>(r, "model kind");
  c.input = enum_field<InputMode>(r, "input mode");
  for (int* v : {&c.vocab, &c.input_dim, &c.tags, &c.dim, &c.heads, &c.layers, &c.ffn}) *v = r.i32();
  c.activation = enum_field<Activation>(r, "activation");
  c.max_len = r.i32();
  c.max_batch = r.i32();
  c.pe = enum_field<PosEnc>(r, "positional encoding");
  c.norm = enum_field<AttnNorm>(r, "attention normalization");
  c.relevance = enum_field<Relevance>(r, "relevance");
  c.mask.causal = r.u8() != 0;
  c.mask.window = r.i32();
  c.mask.allow_n = r.i32();
  const std::uint32_t n_allow = r.u32();
  r.need(n_allow, "the mask's allowed pairs");
  c.mask.allow.resize(n_allow);
  for (auto& a : c.mask.allow) a = r.u8();
  c.attn_bias = r.u8() != 0;
  c.ln_eps = r.f32();
  c.seed = r.u32();
  for (int* v : {&m.hidden, &m.window, &m.kernel, &m.cnn_layers}) *v = r.i32();
  m.cell = enum_field<RnnCell>(r, "RNN cell");
  m.bidirectional = r.u8() != 0;
  m.graph_mask = r.u8() != 0;
  c.pe_scale = version >= 2 ? r.f32() : 1.0f;  // version 1: the table had amplitude 1
  if (version >= 3) {                          // older files: a model of sequences (grid 0)
    for (int* v : {&c.grid_w, &c.grid_h, &c.mask.grid_w}) *v = r.i32();
  }
  return m;
}

}  // namespace

std::vector<std::uint8_t> save_model(const SeqModel<float>& model, const Dataset& data, const std::string& data_name) {
  ByteWriter p;  // payload
  write_task(p, data.task);
  write_model_config(p, model.config());
  p.str(data_name);
  p.u32(static_cast<std::uint32_t>(data.input));
  p.i32(data.vocab);
  p.i32(data.input_dim);
  write_strs(p, data.token_names);
  write_strs(p, data.tag_names);
  p.u32(static_cast<std::uint32_t>(data.class_means.size()));
  p.f32s(data.class_means.data(), data.class_means.size());
  const ParamStore<float>& store = model.params();
  p.u32(static_cast<std::uint32_t>(store.tensors().size()));
  for (const ParamInfo& t : store.tensors()) {
    p.str(t.name);
    p.i32(t.rows);
    p.i32(t.cols);
  }
  p.u64(store.size());
  p.f32s(store.values(), store.size());

  ByteWriter w;
  w.raw(reinterpret_cast<const std::uint8_t*>(kMagic), 8);
  w.u32(kModelFormatVersion);
  w.u64(p.bytes.size());
  w.raw(p.bytes.data(), p.bytes.size());
  w.u32(crc32(w.bytes.data(), w.bytes.size()));
  return w.bytes;
}

LoadedModel load_model(const std::uint8_t* bytes, std::size_t size) {
  if (size < 8 || std::memcmp(bytes, kMagic, 8) != 0) {
    throw ModelFileError("not an Attention Lab model file (it does not start with \"ATNLMODL\")");
  }
  if (size < kHeader) throw ModelFileError("the model file is truncated (" + std::to_string(size) + " bytes)");
  Reader h = reader(bytes + 8, kHeader - 8);
  const std::uint32_t version = h.u32();
  const std::uint64_t payload = h.u64();
  if (version > kModelFormatVersion) {
    throw ModelFileError("the model file has format version " + std::to_string(version) +
                         ", newer than this attnlab understands (up to " + std::to_string(kModelFormatVersion) +
                         "): use a newer attnlab");
  }
  if (version == 0) throw ModelFileError("the model file has format version 0, which does not exist");
  if (payload > size || size - kHeader - 4 < payload || size < kHeader + 4) {
    throw ModelFileError("the model file is truncated (" + std::to_string(size) + " bytes, the header announces " +
                         std::to_string(kHeader + payload + 4) + ")");
  }
  if (size != kHeader + payload + 4) {
    throw ModelFileError("the model file has " + std::to_string(size - kHeader - payload - 4) +
                         " unexpected bytes after its end");
  }
  Reader crc = reader(bytes + kHeader + payload, 4);
  if (crc.u32() != crc32(bytes, kHeader + payload)) {
    throw ModelFileError("the model file is corrupted (its CRC-32 checksum does not match its contents)");
  }

  Reader r = reader(bytes + kHeader, payload);
  LoadedModel out;
  Dataset& d = out.data;
  d.task = read_task(r, version);
  ModelConfig mc = read_model_config(r, version);
  out.data_name = r.str();
  d.input = enum_field<InputMode>(r, "input mode");
  d.vocab = r.i32();
  d.input_dim = r.i32();
  d.token_names = read_strs(r);
  d.tag_names = read_strs(r);
  r.f32s(d.class_means, r.u32(), "the class means");
  if (is_word_task(d.task.kind)) {
    try {
      d.words = WordVocab::from_list(d.token_names, d.task.lowercase);
    } catch (const std::exception& e) {
      throw ModelFileError(std::string("malformed model file: ") + e.what());
    }
  }
  if (mc.grid_w > 0) d.grid_w = mc.grid_w, d.grid_h = mc.grid_h;  // a model of images: the data's grid
  const std::string problem = check_model_config(mc);
  if (!problem.empty()) throw ModelFileError("malformed model file: bad configuration: " + problem);
  // The tensor table and the values are read (and their size checked against the bytes the file really has)
  // before the model is built: a configuration that asks for billions of parameters must not allocate them
  // before it is found out (a 2 KB file once made the loader ask for 23 GB).
  struct TensorEntry {
    std::string name;
    int rows, cols;
  };
  const std::uint32_t n_tensors = r.u32();
  r.need(static_cast<std::size_t>(n_tensors) * 12, "the tensor table");  // each entry takes at least 12 bytes
  std::vector<TensorEntry> table;
  std::uint64_t file_values = 0;
  for (std::uint32_t i = 0; i < n_tensors; ++i) {
    TensorEntry e;
    e.name = r.str();
    e.rows = r.i32();
    e.cols = r.i32();
    if (e.rows < 0 || e.cols < 0)
      throw ModelFileError("malformed model file: tensor " + e.name + " has a negative size");
    file_values += static_cast<std::uint64_t>(e.rows) * static_cast<std::uint64_t>(e.cols);
    table.push_back(std::move(e));
  }
  const std::uint64_t n_values = r.u64();
  if (n_values != file_values) throw ModelFileError("malformed model file: wrong number of parameter values");
  if (n_values > r.left() / 4) {
    throw ModelFileError("the model file is truncated: it announces " + std::to_string(n_values) +
                         " parameter values, more than its bytes hold");
  }
  // Every layer has tensors of its own: a configuration of more layers than the file has tensors is refused
  // before the model sets up a record per layer (a 3 KB file once asked for a CNN of 16 million layers).
  const int layers = mc.kind == ModelKind::attention ? mc.layers : mc.kind == ModelKind::cnn ? mc.cnn_layers : 0;
  if (static_cast<std::uint64_t>(std::max(layers, 0)) > n_tensors) {
    throw ModelFileError("malformed model file: its configuration has " + std::to_string(layers) +
                         " layers, its tensor table only " + std::to_string(n_tensors) + " tensors");
  }
  mc.max_parameters = std::max<std::uint64_t>(n_values, 1);  // the configuration's model must fit the file's values
  // max_batch and max_len (beyond a learned table's rows) size a workspace, which the bytes do not bound: a 6 KB
  // file once asked for 6176 x 64 tokens, 850 MB reserved before anything ran. It grows with the batches run.
  mc.reserve_workspace = false;
  try {
    out.model = make_model<float>(mc);
  } catch (const std::invalid_argument& e) {
    throw ModelFileError(std::string("malformed model file: its configuration does not match its values: ") + e.what());
  }
  ParamStore<float>& store = out.model->params();
  if (n_tensors != store.tensors().size()) {
    throw ModelFileError("malformed model file: " + std::to_string(n_tensors) + " tensors, the configuration has " +
                         std::to_string(store.tensors().size()));
  }
  for (std::size_t i = 0; i < table.size(); ++i) {
    const ParamInfo& t = store.tensors()[i];
    const TensorEntry& e = table[i];
    if (e.name != t.name || e.rows != t.rows || e.cols != t.cols) {
      throw ModelFileError("malformed model file: tensor " + e.name + " (" + std::to_string(e.rows) + "x" +
                           std::to_string(e.cols) + ") where the configuration has " + t.name + " (" +
                           std::to_string(t.rows) + "x" + std::to_string(t.cols) + ")");
    }
  }
  // (the table matches the model's tensors, so store.size() == n_values, and the bytes for them were checked above)
  r.f32s(store.values(), store.size(), "the parameter values");
  if (!r.at_end()) throw ModelFileError("malformed model file: extra bytes in the payload");
  return out;
}

void save_model_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!f) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

LoadedModel load_model_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  try {
    return load_model(bytes.data(), bytes.size());
  } catch (const ModelFileError& e) {
    throw ModelFileError(path + ": " + e.what());
  }
}

}  // namespace attnlab
