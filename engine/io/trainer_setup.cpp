// The setup a trainer elsewhere is built from (trainer_setup.h has the layout).
#include "engine/io/trainer_setup.h"

#include <cstring>

#include "engine/core/bytes.h"
#include "engine/io/model_io.h"

namespace attnlab {

static const char kSetupMagic[8] = {'A', 'T', 'N', 'L', 'S', 'E', 'T', 'U'};
static constexpr std::size_t kSetupHeader = 20;

namespace {

class In : public ByteReader<TrainerSetupError> {
 public:
  In(const std::uint8_t* p, std::size_t n) : ByteReader<TrainerSetupError>(p, n, "bad trainer setup: ") {}
  // A count of items of at least `each` bytes that the rest of the bytes can hold.
  std::size_t count(std::size_t each, const char* what) {
    const std::uint64_t n = u64();
    if (n > left() / each) fail(std::string(what) + " runs past its end");
    return static_cast<std::size_t>(n);
  }
};

void put_config(ByteWriter& o, const TrainConfig& c) {
  o.i32(c.steps);
  o.i32(c.batch);
  o.f64(c.lr);
  o.i32(c.warmup);
  o.u8(c.cosine);
  o.f64(c.clip);
  o.u32(c.seed);
  o.f64(c.target_acc);
  o.i32(c.eval_every);
  o.i32(c.eval_max);
  o.i32(c.max_snapshots);
  o.i32(c.snapshot_every);
  o.f64(c.word_dropout);
}

TrainConfig get_config(In& in) {
  TrainConfig c;
  c.steps = in.i32();
  c.batch = in.i32();
  c.lr = in.f64();
  c.warmup = in.i32();
  c.cosine = in.u8() != 0;
  c.clip = in.f64();
  c.seed = in.u32();
  c.target_acc = in.f64();
  c.eval_every = in.i32();
  c.eval_max = in.i32();
  c.max_snapshots = in.i32();
  c.snapshot_every = in.i32();
  c.word_dropout = in.f64();
  return c;
}

void put_split(ByteWriter& o, const std::vector<Sequence>& split) {
  o.u64(split.size());
  for (const Sequence& s : split) {
    o.u64(s.tokens.size());
    for (int t : s.tokens) o.i32(t);
    o.u64(s.features.size());
    o.f32s(s.features.data(), s.features.size());
    o.u64(s.tags.size());
    for (int t : s.tags) o.i32(t);
    o.u64(s.allow.size());
    o.raw(s.allow.data(), s.allow.size());
    o.u64(s.words.size());
    for (const std::string& w : s.words) o.str(w);
  }
}

std::vector<Sequence> get_split(In& in) {
  std::vector<Sequence> split(in.count(40, "the sequences"));  // 5 counts per sequence at least
  for (Sequence& s : split) {
    s.tokens.resize(in.count(4, "a sequence's tokens"));
    for (int& t : s.tokens) t = in.i32();
    in.f32s(s.features, in.count(4, "a sequence's features"), "a sequence's features");
    s.tags.resize(in.count(4, "a sequence's tags"));
    for (int& t : s.tags) t = in.i32();
    const std::size_t allowed = in.count(1, "a sequence's graph");
    const std::uint8_t* allow = in.raw(allowed, "a sequence's graph");
    s.allow.assign(allow, allow + allowed);
    s.words.resize(in.count(4, "a sequence's words"));
    for (std::string& w : s.words) w = in.str();
  }
  return split;
}

}  // namespace

std::vector<std::uint8_t> save_trainer_setup(const Trainer& trainer) {
  const Dataset& data = trainer.data();
  const std::vector<std::uint8_t> model = save_model(trainer.model(), data);
  ByteWriter o;
  o.raw(reinterpret_cast<const std::uint8_t*>(kSetupMagic), 8);
  o.u32(kTrainerSetupVersion);
  o.u64(0);  // payload length, filled in below
  o.u64(model.size());
  o.raw(model.data(), model.size());
  put_config(o, trainer.config());
  o.i32(data.input_dim);
  o.i32(data.grid_w);
  o.i32(data.grid_h);
  put_split(o, data.train);
  put_split(o, data.dev);
  put_split(o, data.test);
  const std::uint64_t payload = o.bytes.size() - kSetupHeader;
  for (int i = 0; i < 8; ++i) o.bytes[12 + i] = static_cast<std::uint8_t>(payload >> (8 * i));
  o.u32(crc32(o.bytes.data(), o.bytes.size()));
  return std::move(o.bytes);
}

TrainerSetup load_trainer_setup(const std::uint8_t* bytes, std::size_t size) {
  if (size < kSetupHeader + 4 || std::memcmp(bytes, kSetupMagic, 8) != 0)
    throw TrainerSetupError("bad trainer setup: it does not start with \"ATNLSETU\"");
  In head(bytes + 8, 12);
  const std::uint32_t version = head.u32();
  if (version != kTrainerSetupVersion) {
    throw TrainerSetupError("bad trainer setup: version " + std::to_string(version) + " (this build reads " +
                            std::to_string(kTrainerSetupVersion) + ")");
  }
  const std::uint64_t payload = head.u64();
  if (payload != size - kSetupHeader - 4) throw TrainerSetupError("bad trainer setup: truncated");
  In crc(bytes + size - 4, 4);
  if (crc.u32() != crc32(bytes, size - 4)) throw TrainerSetupError("bad trainer setup: corrupted (checksum)");

  In in(bytes + kSetupHeader, static_cast<std::size_t>(payload));
  const std::size_t model_size = in.count(1, "the model file");
  const std::uint8_t* model_bytes = in.raw(model_size, "the model file");
  LoadedModel lm;
  try {
    lm = load_model(model_bytes, model_size);
  } catch (const ModelFileError& e) {
    throw TrainerSetupError(std::string("bad trainer setup: its model: ") + e.what());
  }
  TrainerSetup setup;
  setup.model = lm.model->config();
  setup.train = get_config(in);
  auto data = std::make_shared<Dataset>(std::move(lm.data));
  data->input_dim = in.i32();
  data->grid_w = in.i32();
  data->grid_h = in.i32();
  data->train = get_split(in);
  data->dev = get_split(in);
  data->test = get_split(in);
  if (!in.at_end()) throw TrainerSetupError("bad trainer setup: extra bytes after the test sequences");
  setup.data = std::move(data);
  return setup;
}

std::unique_ptr<Trainer> make_trainer(const TrainerSetup& setup) {
  return std::make_unique<Trainer>(setup.data, setup.model, setup.train);
}

}  // namespace attnlab
