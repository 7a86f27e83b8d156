// A trainer's saved state (trainer.h: Trainer::save_state / load_state), so that training can continue in
// another thread or a Web Worker and the UI's copy adopts what it did, bit for bit.
//
// Layout (all integers little-endian, reals as IEEE f32 / f64 bit patterns):
//   offset 0   8 bytes   magic "ATNLTRST"
//          8   u32       version (kStateVersion)
//         12   u64       P = payload length in bytes
//         20   P bytes   payload:
//                          who:      u64 parameters, u64 training sequences, str describe(model config)
//                          schedule: f64 lr, i32 batch (the live slider values)
//                          Adam:     f64 lr of the last step, i64 t, f32 m (n), f32 v (n)
//                          weights:  f32 (n)
//                          batches:  u32 order (training sequences), u64 cursor, u32 shuffle state, u32 dropout Rng
//                          progress: i64 step, u8 done, u8 diverged, str stop reason
//                          sums since the last history line and over the run (see Trainer's fields)
//                          metrics:  the last line, then u64 lines in all, u64 first line sent, the lines
//                          snapshots: i64 interval, u32 count, then per snapshot i64 step, u8 sent, and when
//                                    sent: i32 L, H, T, f32 weights (L·H·T·T), i32 pe rows, pe cols, f32 pe
//     20 + P   u32       FNV-1a checksum of bytes 0 .. 20+P−1
//
// n = parameters, L = layers, H = heads, T = the probe's tokens
#include <algorithm>
#include <cstring>

#include "engine/core/bytes.h"
#include "engine/train/trainer.h"

namespace attnlab {

static const char kStateMagic[8] = {'A', 'T', 'N', 'L', 'T', 'R', 'S', 'T'};
static constexpr std::uint32_t kStateVersion = 1;
static constexpr std::size_t kStateHeader = 20;

static std::uint32_t fnv1a(const std::uint8_t* p, std::size_t n) {
  std::uint32_t h = 2166136261u;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

namespace {

using Out = ByteWriter;

// Every problem reads "bad trainer state: ...".
class In : public ByteReader<TrainerStateError> {
 public:
  In(const std::uint8_t* p, std::size_t n) : ByteReader<TrainerStateError>(p, n, "bad trainer state: ") {}
};

void put_metrics(Out& o, const Metrics& m) {
  o.i64(m.step);
  o.f64(m.lr);
  o.f64(m.loss);
  o.f64(m.train_acc);
  o.f64(m.dev_acc);
  o.f64(m.dev_loss);
  o.f64(m.grad_norm);
  o.f64(m.ms_per_step);
  o.i64(m.tokens);
  o.f64(m.scores_per_step);
  o.f64(m.dense_scores_per_step);
}

Metrics get_metrics(In& in) {
  Metrics m;
  m.step = in.i64();
  m.lr = in.f64();
  m.loss = in.f64();
  m.train_acc = in.f64();
  m.dev_acc = in.f64();
  m.dev_loss = in.f64();
  m.grad_norm = in.f64();
  m.ms_per_step = in.f64();
  m.tokens = in.i64();
  m.scores_per_step = in.f64();
  m.dense_scores_per_step = in.f64();
  return m;
}

}  // namespace

Trainer::StateBase Trainer::state_base() const {
  return {history_.size(), snapshots_.empty() ? -1 : snapshots_.back().step};
}

std::vector<std::uint8_t> Trainer::save_state(const StateBase& base) const {
  const ParamStore<float>& p = model_->params();
  const std::size_t n = p.size();
  Out o;
  o.bytes.reserve(kStateHeader + 16 * n + 4 * order_.size() + 4096);
  o.bytes.insert(o.bytes.end(), kStateMagic, kStateMagic + 8);
  o.u32(kStateVersion);
  o.u64(0);  // payload length, filled in below
  // who
  o.u64(n);
  o.u64(order_.size());
  o.str(describe(model_->config()));
  // schedule
  o.f64(cfg_.lr);
  o.i32(cfg_.batch);
  // Adam
  o.f64(adam_.config.lr);
  o.i64(adam_.steps());
  o.f32s(adam_.m.data(), n);
  o.f32s(adam_.v.data(), n);
  o.f32s(p.values(), n);
  // batches
  for (int i : order_) o.u32(static_cast<std::uint32_t>(i));
  o.u64(cursor_);
  o.u32(shuffle_state_);
  o.u32(drop_rng_.state());
  // progress
  o.i64(step_);
  o.u8(done_);
  o.u8(diverged_);
  o.str(stop_reason_);
  o.f64(loss_sum_);
  o.i64(loss_count_);
  o.i64(correct_);
  o.i64(counted_);
  o.f64(total_ms_);
  o.f64(total_scores_);
  o.f64(total_dense_scores_);
  o.i64(tokens_);
  o.f64(grad_norm_);
  // metrics: the lines the receiver does not have yet
  put_metrics(o, last_);
  const std::size_t first = std::min(base.history, history_.size());
  o.u64(history_.size());
  o.u64(first);
  for (std::size_t i = first; i < history_.size(); ++i) put_metrics(o, history_[i]);
  // snapshots: the attention of those newer than the receiver's newest
  o.i64(snapshot_interval_);
  o.u32(static_cast<std::uint32_t>(snapshots_.size()));
  for (const Snapshot& s : snapshots_) {
    o.i64(s.step);
    const bool sent = s.step > base.snapshot_step;
    o.u8(sent);
    if (!sent) continue;
    o.i32(s.layers);
    o.i32(s.heads);
    o.i32(s.len);
    o.f32s(s.weights.data(), s.weights.size());
    o.i32(s.pe_rows);
    o.i32(s.pe_cols);
    o.f32s(s.pe.data(), s.pe.size());
  }
  const std::uint64_t payload = o.bytes.size() - kStateHeader;
  for (int i = 0; i < 8; ++i) o.bytes[12 + i] = static_cast<std::uint8_t>(payload >> (8 * i));
  o.u32(fnv1a(o.bytes.data(), o.bytes.size()));
  return std::move(o.bytes);
}

void Trainer::load_state(const std::uint8_t* bytes, std::size_t size) {
  if (size < kStateHeader + 4) throw TrainerStateError("bad trainer state: truncated (shorter than its header)");
  if (std::memcmp(bytes, kStateMagic, 8) != 0) throw TrainerStateError("bad trainer state: not a trainer state");
  In head(bytes + 8, 12);
  const std::uint32_t version = head.u32();
  if (version != kStateVersion) {
    throw TrainerStateError("bad trainer state: version " + std::to_string(version) + " (this build reads " +
                            std::to_string(kStateVersion) + ")");
  }
  const std::uint64_t payload = head.u64();
  if (payload != size - kStateHeader - 4) {
    throw TrainerStateError("bad trainer state: truncated (" + std::to_string(size) + " bytes, the header says " +
                            std::to_string(payload + kStateHeader + 4) + ")");
  }
  In tail(bytes + size - 4, 4);
  if (tail.u32() != fnv1a(bytes, size - 4)) throw TrainerStateError("bad trainer state: corrupted (checksum)");

  In in(bytes + kStateHeader, static_cast<std::size_t>(payload));
  const ParamStore<float>& p = model_->params();
  const std::size_t n = p.size();
  const std::uint64_t got_n = in.u64(), got_train = in.u64();
  const std::string who = in.str();
  if (got_n != n || got_train != order_.size() || who != describe(model_->config())) {
    throw TrainerStateError("bad trainer state: it is of another model or data set (" + who + ", " +
                            std::to_string(got_n) + " parameters, " + std::to_string(got_train) +
                            " training sequences; this trainer: " + describe(model_->config()) + ", " +
                            std::to_string(n) + ", " + std::to_string(order_.size()) + ")");
  }
  // Everything is read into copies first, so a bad state leaves the trainer as it was.
  TrainConfig cfg = cfg_;
  cfg.lr = in.f64();
  cfg.batch = in.i32();
  if (!(cfg.lr > 0) || cfg.batch < 1)
    throw TrainerStateError("bad trainer state: the learning rate or batch is out of range");
  const double adam_lr = in.f64();
  const long adam_t = in.i64();
  Buffer<float> m, v, values;
  in.f32s(m, n, "Adam's moments");
  in.f32s(v, n, "Adam's moments");
  in.f32s(values, n, "the weights");
  std::vector<int> order(order_.size());
  std::vector<char> seen(order_.size(), 0);
  for (int& i : order) {
    const std::uint32_t k = in.u32();
    if (k >= order.size() || seen[k])
      throw TrainerStateError("bad trainer state: the epoch order is not a permutation");
    seen[k] = 1;
    i = static_cast<int>(k);
  }
  const std::uint64_t cursor = in.u64();
  if (cursor > order.size()) throw TrainerStateError("bad trainer state: the epoch cursor is past the training set");
  const std::uint32_t shuffle_state = in.u32(), drop_state = in.u32();
  const long step = in.i64();
  const bool done = in.u8() != 0, diverged = in.u8() != 0;
  const std::string stop_reason = in.str();
  const double loss_sum = in.f64();
  const long loss_count = in.i64(), correct = in.i64(), counted = in.i64();
  const double total_ms = in.f64(), total_scores = in.f64(), total_dense = in.f64();
  const long tokens = in.i64();
  const double grad_norm = in.f64();
  const Metrics last = get_metrics(in);
  const std::uint64_t lines = in.u64(), first = in.u64();
  if (first > history_.size() || first > lines) {
    throw TrainerStateError("bad trainer state: it continues a history of " + std::to_string(first) +
                            " lines, this trainer has " + std::to_string(history_.size()));
  }
  std::vector<Metrics> history(history_.begin(), history_.begin() + static_cast<long>(first));
  for (std::uint64_t i = first; i < lines; ++i) history.push_back(get_metrics(in));
  const long interval = in.i64();
  if (interval < 1) throw TrainerStateError("bad trainer state: the snapshot interval is out of range");
  const std::uint32_t count = in.u32();
  std::vector<Snapshot> snapshots;
  std::vector<long> kept;  // per snapshot: its index in snapshots_ (one the receiver has), or -1 (sent)
  for (std::uint32_t i = 0; i < count; ++i) {
    const long at = in.i64();
    if (in.u8() == 0) {  // one the receiver has
      auto it = std::find_if(snapshots_.begin(), snapshots_.end(), [at](const Snapshot& s) { return s.step == at; });
      if (it == snapshots_.end()) {
        throw TrainerStateError("bad trainer state: it leaves out the snapshot of step " + std::to_string(at) +
                                ", which this trainer does not have");
      }
      kept.push_back(it - snapshots_.begin());
      snapshots.emplace_back();  // moved from snapshots_ at the commit (they can be large)
      continue;
    }
    Snapshot s;
    s.step = at;
    s.layers = in.i32();
    s.heads = in.i32();
    s.len = in.i32();
    if (s.layers < 0 || s.heads < 0 || s.len < 0 || s.layers > 1024 || s.heads > 1024 || s.len > 1 << 16)
      throw TrainerStateError("bad trainer state: a snapshot's size is out of range");
    in.f32s(s.weights, static_cast<std::size_t>(s.layers) * s.heads * s.len * s.len, "a snapshot");
    s.pe_rows = in.i32();
    s.pe_cols = in.i32();
    if (s.pe_rows < 0 || s.pe_cols < 0 || s.pe_rows > 1 << 16 || s.pe_cols > 1 << 16)
      throw TrainerStateError("bad trainer state: a snapshot's size is out of range");
    in.f32s(s.pe, static_cast<std::size_t>(s.pe_rows) * s.pe_cols, "a snapshot");
    kept.push_back(-1);
    snapshots.push_back(std::move(s));
  }
  if (!in.at_end()) throw TrainerStateError("bad trainer state: extra bytes after the snapshots");

  // commit
  cfg_ = cfg;
  adam_.config.lr = adam_lr;
  adam_.set_steps(adam_t);
  adam_.m = std::move(m);
  adam_.v = std::move(v);
  std::copy(values.begin(), values.end(), model_->params().values());
  order_ = std::move(order);
  cursor_ = static_cast<std::size_t>(cursor);
  shuffle_state_ = shuffle_state;
  drop_rng_ = Rng(drop_state);
  step_ = step;
  done_ = done;
  diverged_ = diverged;
  stop_reason_ = stop_reason;
  loss_sum_ = loss_sum;
  loss_count_ = loss_count;
  correct_ = correct;
  counted_ = counted;
  total_ms_ = total_ms;
  total_scores_ = total_scores;
  total_dense_scores_ = total_dense;
  tokens_ = tokens;
  grad_norm_ = grad_norm;
  last_ = last;
  history_ = std::move(history);
  snapshot_interval_ = interval;
  for (std::size_t i = 0; i < snapshots.size(); ++i) {
    if (kept[i] >= 0) snapshots[i] = std::move(snapshots_[static_cast<std::size_t>(kept[i])]);
  }
  snapshots_ = std::move(snapshots);
}

}  // namespace attnlab
