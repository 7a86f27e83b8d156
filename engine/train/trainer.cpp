// B = sequences per batch, T = tokens per sequence, N = B·T, Din = feature width, L = layers, H = heads,
// C = tags
#include "engine/train/trainer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/core/rng.h"
#include "engine/data/segmentation.h"
#include "engine/data/words.h"
#include "engine/ops/loss.h"

namespace attnlab {

using Clock = std::chrono::steady_clock;

static double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string check_train_config(const TrainConfig& c) {
  if (c.steps < 0) return "the number of steps cannot be negative (got " + std::to_string(c.steps) + ")";
  if (c.batch < 1) return "the batch needs at least 1 sequence (got " + std::to_string(c.batch) + ")";
  if (!(c.lr > 0) || !std::isfinite(c.lr)) return "the learning rate must be a positive number";
  if (c.warmup < 0) return "warm-up steps cannot be negative";
  if (c.clip < 0) return "the gradient clip norm cannot be negative (0 = off)";
  if (c.target_acc < 0 || c.target_acc > 1) return "the target accuracy must be in 0..1 (e.g. 0.98)";
  if (c.eval_every < 1) return "eval_every must be at least 1";
  if (c.eval_max < 0) return "eval_max cannot be negative (0 = the whole dev set)";
  if (c.max_snapshots < 2) return "keep at least 2 snapshots";
  if (c.snapshot_every < 1) return "snapshot_every must be at least 1";
  if (!(c.word_dropout >= 0 && c.word_dropout <= 1))
    return "word dropout must be in 0..1 (e.g. 1: a word seen n times is hidden with probability 1/n)";
  return "";
}

// ------------------------------------------------------------------------------------------- batches

const Batch<float>& BatchBuilder::build(const Dataset& data, const std::vector<Sequence>& seqs, const int* idx,
                                        int count, bool with_tags, const std::vector<float>* drop, Rng* rng) {
  int T = 1;
  for (int i = 0; i < count; ++i) T = std::max(T, seqs[idx[i]].length());
  const int B = count, Din = data.input_dim;
  const bool features = data.input == InputMode::features, graphs = data.has_graphs();
  const std::size_t N = static_cast<std::size_t>(B) * T;
  tokens_.assign(N, 0);
  tags_.assign(N, kIgnoreTag);
  lengths_.assign(B, 0);
  if (features) features_.assign(N * Din, 0.0f);
  if (graphs) allow_.assign(N * T, 0);
  for (int b = 0; b < B; ++b) {
    const Sequence& s = seqs[idx[b]];
    const int len = s.length();
    lengths_[b] = len;
    for (int t = 0; t < len; ++t) {
      const std::size_t n = static_cast<std::size_t>(b) * T + t;
      if (!s.tokens.empty()) tokens_[n] = s.tokens[t];
      if (drop != nullptr && rng != nullptr && !s.words.empty() &&
          rng->uniform() < (*drop)[static_cast<std::size_t>(tokens_[n])]) {
        tokens_[n] = data.words.shape(s.words[t]);  // as if this word had never been seen (its vocabulary's shapes)
      }
      tags_[n] = s.tags[t];
      if (features)
        std::copy(s.features.begin() + static_cast<long>(t) * Din, s.features.begin() + static_cast<long>(t + 1) * Din,
                  features_.begin() + n * Din);
      if (graphs) {
        for (int j = 0; j < len; ++j) allow_[n * T + j] = s.allow[static_cast<std::size_t>(t) * len + j];
      }
    }
  }
  batch_.B = B;
  batch_.T = T;
  batch_.tokens = tokens_.data();
  batch_.features = features ? features_.data() : nullptr;
  batch_.tags = with_tags ? tags_.data() : nullptr;
  batch_.lengths = lengths_.data();
  batch_.allow = graphs ? allow_.data() : nullptr;
  return batch_;
}

void decode_tags(const SeqModel<float>& model, const Dataset& data, const Batch<float>& mb, int* tags) {
  model.predict(tags);
  if (data.task.kind != TaskKind::seg_zh) return;
  const CView<float> z = model.logits();  // (B·T, 4)
  for (int b = 0; b < mb.B; ++b) {
    const int T = mb.lengths != nullptr ? mb.lengths[b] : mb.T;
    const std::vector<int> words = bmes_decode(z.data() + static_cast<long>(b) * mb.T * z.outerStride(), T);
    std::copy(words.begin(), words.end(), tags + static_cast<long>(b) * mb.T);
  }
}

EvalResult evaluate(SeqModel<float>& model, const Dataset& data, const std::vector<Sequence>& seqs, int batch,
                    int max_sequences, std::vector<std::vector<int>>* predicted) {
  const int C = model.config().tags;
  EvalResult r;
  if (predicted != nullptr) predicted->clear();
  r.start(C);
  const int total =
      max_sequences > 0 ? std::min<int>(max_sequences, static_cast<int>(seqs.size())) : static_cast<int>(seqs.size());
  BatchBuilder builder;
  std::vector<int> idx, pred, words;  // the model's labels, and as words are read from them
  double loss_sum = 0;
  for (int start = 0; start < total; start += batch) {
    const int count = std::min(batch, total - start);
    idx.resize(count);
    for (int i = 0; i < count; ++i) idx[i] = start + i;
    const Batch<float>& mb = builder.build(data, seqs, idx.data(), count);
    std::string error;
    if (!model.forward(mb, &error)) throw std::runtime_error(error);
    pred.resize(static_cast<std::size_t>(mb.B) * mb.T);
    model.predict(pred.data());
    if (predicted != nullptr) {
      words.resize(pred.size());
      decode_tags(model, data, mb, words.data());
    }
    long tagged = 0;
    for (int b = 0; b < mb.B; ++b) {
      if (predicted != nullptr) {
        const auto row = words.begin() + static_cast<long>(b) * mb.T;
        predicted->emplace_back(row, row + mb.lengths[b]);
      }
      for (int t = 0; t < mb.lengths[b]; ++t) {
        const std::size_t n = static_cast<std::size_t>(b) * mb.T + t;
        const int y = mb.tags[n], p = pred[n];
        if (y == kIgnoreTag) continue;
        ++tagged;
        r.add(y, p);
      }
    }
    loss_sum += static_cast<double>(model.loss()) * tagged;
  }
  r.finish();
  r.loss = r.tokens > 0 ? loss_sum / r.tokens : 0.0;
  return r;
}

std::vector<float> word_dropout_odds(const Dataset& data, double word_dropout) {
  std::vector<long> n(static_cast<std::size_t>(std::max(0, data.vocab)), 0);
  if (data.train_counts.size() == n.size()) n = data.train_counts;  // (of the whole split, also while it arrives)
  else
    for (const Sequence& s : data.train)
      for (int v : s.tokens)
        if (v >= 0 && v < data.vocab) ++n[static_cast<std::size_t>(v)];
  std::vector<float> odds(n.size(), 0.0f);
  for (std::size_t v = static_cast<std::size_t>(data.words.num_shapes()); v < n.size(); ++v)
    if (n[v] > 0) odds[v] = static_cast<float>(std::min(1.0, word_dropout / static_cast<double>(n[v])));
  return odds;
}

// ------------------------------------------------------------------------------------------- trainer

ModelConfig Trainer::fit_to_data(ModelConfig c, const Dataset& data) {
  c.input = data.input;
  c.vocab = std::max(1, data.vocab);
  c.input_dim = data.input_dim;
  c.tags = data.tags();
  if (c.max_len <= 0) c.max_len = std::max(1, data.max_len());
  c.grid_w = data.grid_w;
  c.grid_h = data.grid_h;
  c.mask.grid_w = data.grid_w;
  return c;
}

Trainer::Trainer(std::shared_ptr<const Dataset> data, const ModelConfig& model_config, const TrainConfig& config)
    : data_(std::move(data)),
      cfg_(config),
      adam_(0),
      shuffle_state_(config.seed),
      drop_rng_(config.seed * 2654435761u + 1u),
      snapshot_interval_(0) {
  std::string problem = check_train_config(cfg_);
  if (!problem.empty()) throw std::invalid_argument(problem);
  if (data_->train.empty() || data_->dev.empty()) throw std::invalid_argument("the dataset has no train or dev split");
  ModelConfig mc = fit_to_data(model_config, *data_);
  mc.max_batch = std::max(mc.max_batch, cfg_.batch);
  const int longest = data_->max_len();
  // (an image's learned positions are a row and a column table, whatever max_len is)
  if (mc.kind == ModelKind::attention && mc.pe == PosEnc::learned && mc.grid_w == 0 && mc.max_len < longest) {
    throw std::invalid_argument(learned_pe_check(longest, mc.max_len) + " (the data has sequences of up to " +
                                std::to_string(longest) + " tokens)");
  }
  if (mc.kind == ModelKind::attention && data_->has_graphs() && mc.graph_mask) {
    if (mc.pe != PosEnc::none) {
      throw std::invalid_argument(std::string("graph nodes have no order: the graph task needs --pe none (got ") +
                                  to_string(mc.pe) + ")");
    }
    if (mc.mask.causal || mc.mask.window >= 0) {
      throw std::invalid_argument("the graph task uses the edges as the attention mask: no causal or window mask");
    }
  }
  model_ = make_model<float>(mc);
  adam_ = Adam<float>(model_->num_parameters(), AdamConfig{cfg_.lr});
  order_.resize(static_cast<std::size_t>(data_->train_total()));
  for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
  cursor_ = order_.size();            // shuffle before the first batch
  if (!data_->train_parts.empty()) {  // a corpus in parts: the first epoch goes through them in turn
    Rng rng(shuffle_state_);
    std::vector<int> part;
    long begin = 0;
    for (long end : data_->train_parts) {
      part.assign(order_.begin() + begin, order_.begin() + end);
      rng.shuffle(part);
      std::copy(part.begin(), part.end(), order_.begin() + begin);
      begin = end;
    }
    shuffle_state_ = rng.next_u32();
    cursor_ = 0;
  }
  if (is_word_task(data_->task.kind) && cfg_.word_dropout > 0) drop_ = word_dropout_odds(*data_, cfg_.word_dropout);
  probe_ = data_->dev.front();
  snapshot_interval_ = cfg_.snapshot_every;
  snapshots_.reserve(cfg_.max_snapshots + 1);
  if (cfg_.steps == 0) {
    done_ = true;
    stop_reason_ = "steps";
  }
}

double Trainer::lr_at(long step) const {
  // step counts from 1. Linear warm-up, then cosine from lr down to lr/10 at the last step.
  const double lr = cfg_.lr;
  if (cfg_.warmup > 0 && step <= cfg_.warmup) return lr * static_cast<double>(step) / cfg_.warmup;
  if (!cfg_.cosine || cfg_.steps <= cfg_.warmup) return lr;
  const double p = static_cast<double>(step - cfg_.warmup) / std::max(1, cfg_.steps - cfg_.warmup);
  return lr * (0.1 + 0.9 * 0.5 * (1.0 + std::cos(3.14159265358979323846 * std::min(1.0, p))));
}

void Trainer::one_step() {
  const auto t0 = Clock::now();
  const int n_train = static_cast<int>(order_.size());
  const int B = std::min(cfg_.batch, n_train);
  if (cursor_ + B > order_.size()) {  // new epoch: Fisher-Yates shuffle from the seeded generator
    Rng rng(shuffle_state_);
    rng.shuffle(order_);
    shuffle_state_ = rng.next_u32();
    cursor_ = 0;
  }
  const Batch<float>& mb = batcher_.build(*data_, data_->train, order_.data() + cursor_, B, true,
                                          drop_.empty() ? nullptr : &drop_, &drop_rng_);
  cursor_ += B;
  SeqModel<float>& m = *model_;
  std::string error;
  if (!m.forward(mb, &error)) {
    done_ = true;
    stop_reason_ = "error: " + error;
    return;
  }
  const float loss = m.loss();
  const ScoreWork work = m.score_work();
  total_scores_ += static_cast<double>(work.computed);
  total_dense_scores_ += static_cast<double>(work.dense);
  m.zero_grad();
  m.backward();
  ParamStore<float>& p = m.params();
  const float norm = cfg_.clip > 0 ? clip_grad_norm(p, static_cast<float>(cfg_.clip)) : grad_norm(p);
  ++step_;
  if (!std::isfinite(loss) || !std::isfinite(norm)) {
    done_ = diverged_ = true;
    stop_reason_ = "diverged: the loss became " + std::string(std::isfinite(loss) ? "finite but the gradient " : "") +
                   "NaN or infinite at step " + std::to_string(step_) +
                   " (the learning rate is probably too high; try a smaller --lr)";
    return;  // the parameters are not updated with a broken gradient
  }
  adam_.config.lr = lr_at(step_);
  adam_.step(p.values(), p.grads());
  total_ms_ += ms_since(t0);
  grad_norm_ = norm;
  // statistics of this batch (the forward above, before the update)
  predicted_.resize(static_cast<std::size_t>(mb.B) * mb.T);
  m.predict(predicted_.data());
  long tagged = 0;
  for (int b = 0; b < mb.B; ++b) {
    for (int t = 0; t < mb.lengths[b]; ++t) {
      const std::size_t n = static_cast<std::size_t>(b) * mb.T + t;
      if (mb.tags[n] == kIgnoreTag) continue;
      ++tagged;
      correct_ += predicted_[n] == mb.tags[n];
    }
  }
  counted_ += tagged;
  tokens_ += tagged;
  loss_sum_ += loss;
  ++loss_count_;
  if (step_ % snapshot_interval_ == 0) take_snapshot();
  if (step_ >= cfg_.steps) {
    done_ = true;
    stop_reason_ = "steps";
  }
  if (step_ % cfg_.eval_every == 0 || done_) report();
}

void Trainer::report() {
  Metrics m;
  m.step = step_;
  m.lr = adam_.config.lr;
  m.loss = loss_count_ > 0 ? loss_sum_ / loss_count_ : 0.0;
  m.train_acc = counted_ > 0 ? static_cast<double>(correct_) / counted_ : 0.0;
  m.grad_norm = grad_norm_;
  m.ms_per_step = step_ > 0 ? total_ms_ / step_ : 0.0;
  m.scores_per_step = step_ > 0 ? total_scores_ / step_ : 0.0;
  m.dense_scores_per_step = step_ > 0 ? total_dense_scores_ / step_ : 0.0;
  m.tokens = tokens_;
  const EvalResult dev = attnlab::evaluate(*model_, *data_, data_->dev, cfg_.batch, cfg_.eval_max);
  m.dev_acc = dev.accuracy;
  m.dev_loss = dev.loss;
  loss_sum_ = 0;
  loss_count_ = correct_ = counted_ = 0;
  last_ = m;
  history_.push_back(m);
  if (cfg_.target_acc > 0 && m.dev_acc >= cfg_.target_acc && !done_) {
    done_ = true;
    stop_reason_ = "target";
  }
  if (done_ && (snapshots_.empty() || snapshots_.back().step != step_)) take_snapshot();
}

std::string run_sequence(SeqModel<float>& model, const Dataset& data, const Sequence& seq, AttentionMaps* maps,
                         std::vector<int>* predicted) {
  const int T = seq.length();
  *maps = AttentionMaps{};
  maps->len = T;
  BatchBuilder builder;
  const std::vector<Sequence> one{seq};
  const int idx = 0;
  std::string error;
  if (!model.forward(builder.build(data, one, &idx, 1, /*with_tags=*/false), &error)) return error;
  if (predicted != nullptr) {
    std::vector<int> all(static_cast<std::size_t>(model.batch_size()) * model.seq_len());
    model.predict(all.data());
    predicted->assign(all.begin(), all.begin() + T);
  }
  maps->layers = model.attention_layers();
  maps->heads = model.attention_heads();
  maps->weights.resize(static_cast<std::size_t>(maps->layers) * maps->heads * T * T);
  for (int l = 0; l < maps->layers; ++l) {
    for (int h = 0; h < maps->heads; ++h) {
      const CView<float> w = model.attention_weights(l, 0, h);
      float* dst = maps->weights.data() + (static_cast<std::size_t>(l) * maps->heads + h) * T * T;
      for (int i = 0; i < T; ++i) {
        for (int j = 0; j < T; ++j) dst[i * T + j] = w(i, j);
      }
    }
  }
  return "";
}

void Trainer::take_snapshot() {
  if (static_cast<int>(snapshots_.size()) >= cfg_.max_snapshots) {
    // full: keep every other snapshot (the first one always), and take them half as often from now on
    std::size_t kept = 0;
    // (i == kept at i = 0: a self-move would empty the first snapshot's maps)
    for (std::size_t i = 0; i < snapshots_.size(); i += 2, ++kept) {
      if (i != kept) snapshots_[kept] = std::move(snapshots_[i]);
    }
    snapshots_.resize(kept);
    snapshot_interval_ *= 2;
  }
  Snapshot s;
  s.step = step_;
  SeqModel<float>& m = *model_;
  const int T = probe_.length();
  s.len = T;
  // the probe's attention (a model without attention, or one that rejects the probe, shows none)
  if (T > 0 && m.attention_layers() > 0) run_sequence(m, *data_, probe_, &s);
  const CView<float> pe = m.pe_table();
  s.pe_rows = static_cast<int>(std::min<long>(pe.rows(), std::max(T, 1)));
  s.pe_cols = static_cast<int>(pe.cols());
  s.pe.resize(static_cast<std::size_t>(s.pe_rows) * s.pe_cols);
  for (int i = 0; i < s.pe_rows; ++i) {
    for (int j = 0; j < s.pe_cols; ++j) s.pe[static_cast<std::size_t>(i) * s.pe_cols + j] = pe(i, j);
  }
  snapshots_.push_back(std::move(s));
}

bool Trainer::waiting() const {
  if (done_ || static_cast<long>(data_->train.size()) >= data_->train_total()) return false;
  const std::size_t B = static_cast<std::size_t>(std::min<long>(cfg_.batch, static_cast<long>(order_.size())));
  if (cursor_ + B > order_.size()) return true;  // a new epoch needs all of it
  for (std::size_t i = cursor_; i < cursor_ + B; ++i)
    if (order_[i] >= static_cast<int>(data_->train.size())) return true;
  return false;
}

void Trainer::extend_data(std::shared_ptr<const Dataset> more) {
  const Dataset& d = *data_;
  if (!more || more->train_parts != d.train_parts || more->vocab != d.vocab || more->tags() != d.tags() ||
      more->train.size() < d.train.size() || more->dev.size() != d.dev.size() || more->task.seed != d.task.seed ||
      more->max_len() != d.max_len())
    throw std::invalid_argument("extend_data: that is not more of the data set this trainer trains on");
  data_ = std::move(more);
}

int Trainer::step(int n) {
  int taken = 0;
  while (taken < n && !done_ && !waiting()) {
    if (step_ == 0 && snapshots_.empty()) take_snapshot();  // the untrained model
    one_step();
    ++taken;
  }
  return taken;
}

int Trainer::step_for(double ms) {
  const auto t0 = Clock::now();
  int taken = 0;
  do {
    if (step(1) == 0) break;  // done, or waiting for the rest of the corpus
    ++taken;
  } while (!done_ && ms_since(t0) < ms);
  return taken;
}

EvalResult Trainer::evaluate(const std::vector<Sequence>& seqs, int max_sequences) {
  return attnlab::evaluate(*model_, *data_, seqs, cfg_.batch, max_sequences);
}

// ------------------------------------------------------------------------------------------- timing

double measure_step_ms(const ModelConfig& config_in, int B, int T, int steps, std::uint32_t seed, ScoreWork* work) {
  ModelConfig config = config_in;
  config.max_len = std::max(config.max_len, T);
  config.max_batch = B;
  auto model = make_model<float>(config);
  const ModelConfig& c = config;
  Rng rng(seed);
  const std::size_t N = static_cast<std::size_t>(B) * T;
  std::vector<int> tokens(N), tags(N);
  std::vector<float> features(c.input == InputMode::features ? N * c.input_dim : 0);
  for (std::size_t n = 0; n < N; ++n) {
    tokens[n] = static_cast<int>(rng.below(c.vocab));
    tags[n] = static_cast<int>(rng.below(c.tags));
  }
  for (float& f : features) f = static_cast<float>(rng.normal());
  Batch<float> mb;
  mb.B = B;
  mb.T = T;
  mb.tokens = tokens.data();
  mb.features = features.empty() ? nullptr : features.data();
  mb.tags = tags.data();
  Adam<float> adam(model->num_parameters(), AdamConfig{1e-4});
  double total = 0;
  for (int s = 0; s <= steps; ++s) {
    const auto t0 = Clock::now();
    std::string error;
    if (!model->forward(mb, &error)) throw std::invalid_argument(error);
    model->zero_grad();
    model->backward();
    adam.step(model->params().values(), model->params().grads());
    if (s > 0) total += ms_since(t0);  // step 0 warms up (workspaces, caches)
  }
  if (work != nullptr) *work = model->score_work();
  return steps > 0 ? total / steps : 0.0;
}

}  // namespace attnlab
