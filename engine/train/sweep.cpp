// N = training sequences of one run, S = sizes of the sweep
#include "engine/train/sweep.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace attnlab {

std::string check_sweep_config(const SweepConfig& c) {
  if (c.sizes.empty()) return "the sweep needs at least one training-set size";
  for (std::size_t i = 0; i < c.sizes.size(); ++i) {
    if (c.sizes[i] < 1) return "a training-set size must be at least 1 (got " + std::to_string(c.sizes[i]) + ")";
    if (i > 0 && c.sizes[i] <= c.sizes[i - 1]) return "the training-set sizes must grow (e.g. 50,200,1000,5000)";
  }
  if (c.sizes.back() > kSweepMaxSize)
    return "a training-set size of at most " + std::to_string(kSweepMaxSize) + " sequences";
  if (c.train.steps < 1) return "every run of the sweep needs at least one step";
  if (c.attention.kind != ModelKind::attention) return "the sweep's first model must be self-attention";
  if (c.baseline.kind == ModelKind::attention) return "the sweep's baseline must be a baseline model (e.g. the CNN)";
  return check_train_config(c.train);
}

std::shared_ptr<Dataset> first_training_sequences(const Dataset& data, int n) {
  // the whole data set (every field, so nothing new is ever left behind), then only its first n training sequences
  auto out = std::make_shared<Dataset>(data);
  const std::size_t keep = std::min<std::size_t>(static_cast<std::size_t>(std::max(0, n)), data.train.size());
  if (keep == data.train.size()) return out;
  out->train.resize(keep);
  out->train_parts.clear();  // (one part: the first n sentences are there, and trained on as one set)
  out->task.train = static_cast<int>(keep);
  if (is_word_task(data.task.kind) && keep > 0 && !out->train.front().words.empty())
    vocabulary_from_training_split(*out);
  return out;
}

Sweep::Sweep(const SweepConfig& config) : cfg_(config) {
  const std::string problem = check_sweep_config(cfg_);
  if (!problem.empty()) throw std::invalid_argument(problem);
  if (is_word_task(cfg_.task.kind) && !cfg_.data)
    throw std::invalid_argument("the data-size sweep of " + std::string(to_string(cfg_.task.kind)) +
                                " needs its corpus (SweepConfig::data)");
  // Every run gets the same number of steps: no early stop at a target accuracy. Snapshots of the attention
  // (for the app's History view) are not needed here: two at most.
  cfg_.train.target_acc = 0;
  cfg_.train.max_snapshots = 2;
  cfg_.train.snapshot_every = cfg_.train.steps + 1;
  if (cfg_.data) {
    if (cfg_.data->train.empty() || cfg_.data->dev.empty())
      throw std::invalid_argument("the sweep's data has no training or dev sentences");
    full_ = cfg_.data;
    const int whole = static_cast<int>(full_->train.size());
    for (std::size_t i = 1; i < cfg_.sizes.size(); ++i)
      if (cfg_.sizes[i - 1] >= whole)
        throw std::invalid_argument("the training split has " + std::to_string(whole) + " sentences: sizes " +
                                    std::to_string(cfg_.sizes[i - 1]) + " and " + std::to_string(cfg_.sizes[i]) +
                                    " would both be all of them");
    for (int& n : cfg_.sizes) n = std::min(n, whole);  // the sizes as run
  } else {
    cfg_.task.train = cfg_.sizes.back();
    try {
      full_ = std::make_shared<Dataset>(make_synthetic_dataset(cfg_.task));
    } catch (const std::exception& e) {
      throw std::invalid_argument(e.what());
    }
  }
  const ModelConfig* models[2] = {&cfg_.attention, &cfg_.baseline};
  for (int m = 0; m < 2; ++m) names_[m] = describe(Trainer::fit_to_data(*models[m], *full_));
}

int Sweep::current_size() const { return done_ ? 0 : cfg_.sizes[static_cast<std::size_t>(run_ / 2)]; }

void Sweep::start_run() {
  current_data_ = first_training_sequences(*full_, current_size());
  try {
    trainer_ = std::make_unique<Trainer>(
        current_data_, current_model() == kSweepAttention ? cfg_.attention : cfg_.baseline, cfg_.train);
  } catch (const std::exception& e) {
    error_ = names_[current_model()] + ": " + e.what();
    done_ = true;
  }
}

void Sweep::finish_run() {
  const Trainer& t = *trainer_;
  SweepPoint p;
  p.size = current_size();
  p.model = current_model();
  p.steps = t.steps_done();
  p.stop = t.stop_reason();
  const Metrics& m = t.metrics();
  p.train_acc = m.train_acc;
  p.ms_per_step = m.ms_per_step;
  const long seen = p.steps * std::min(cfg_.train.batch, p.size);
  p.epochs = static_cast<double>(seen) / p.size;
  p.chance = majority_share(*current_data_, current_data_->dev);
  if (t.stop_reason().rfind("error", 0) == 0) {
    error_ = names_[p.model] + ": " + t.stop_reason();
    done_ = true;
    trainer_.reset();
    return;
  }
  // the final report evaluated the dev set; a partial one (eval_max) is evaluated again, whole
  const bool whole = cfg_.train.eval_max == 0 || cfg_.train.eval_max >= static_cast<int>(current_data_->dev.size());
  if (t.diverged()) p.dev_acc = NAN;
  else p.dev_acc = whole ? m.dev_acc : trainer_->evaluate(current_data_->dev).accuracy;
  points_.push_back(p);
  trainer_.reset();
  current_data_.reset();
  ++run_;
  if (run_ >= runs()) done_ = true;
}

int Sweep::step(int n) {
  int taken = 0;
  while (taken < n && !done_ && !cancelled_) {
    if (!trainer_) {
      start_run();
      if (done_) break;
    }
    const int k = trainer_->step(n - taken);
    taken += k;
    total_steps_ += k;
    if (trainer_->done()) finish_run();
  }
  return taken;
}

int Sweep::step_for(double ms) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  int taken = 0;
  do {
    taken += step(1);
  } while (!done_ && !cancelled_ && std::chrono::duration<double, std::milli>(Clock::now() - t0).count() < ms);
  return taken;
}

void Sweep::cancel() {
  cancelled_ = true;
  trainer_.reset();
  current_data_.reset();
}

// ------------------------------------------------------------------------------------------- verdict

const char* to_string(SweepVerdict::Kind k) {
  switch (k) {
    case SweepVerdict::Kind::crossover: return "crossover";
    case SweepVerdict::Kind::reverse: return "reverse";
    case SweepVerdict::Kind::attention_always: return "attention_always";
    case SweepVerdict::Kind::baseline_always: return "baseline_always";
    case SweepVerdict::Kind::level: return "level";
    case SweepVerdict::Kind::mixed: return "mixed";
    case SweepVerdict::Kind::empty: return "empty";
  }
  return "?";
}

SweepVerdict sweep_verdict(const std::vector<SweepPoint>& points, double tie_points) {
  struct Pair {
    int size;
    double att, base, chance;
  };
  std::vector<Pair> pairs;  // sizes with both models' points, ascending
  for (const SweepPoint& a : points) {
    if (a.model != kSweepAttention || !std::isfinite(a.dev_acc)) continue;
    for (const SweepPoint& b : points)
      if (b.model == kSweepBaseline && b.size == a.size && std::isfinite(b.dev_acc))
        pairs.push_back({a.size, a.dev_acc, b.dev_acc, b.chance});
  }
  std::sort(pairs.begin(), pairs.end(), [](const Pair& x, const Pair& y) { return x.size < y.size; });
  SweepVerdict v;
  v.sizes = static_cast<int>(pairs.size());
  if (pairs.empty()) return v;
  auto fill = [&v](const Pair& before, const Pair& after) {
    v.before = before.size;
    v.before_attention = before.att;
    v.before_baseline = before.base;
    v.after = after.size;
    v.after_attention = after.att;
    v.after_baseline = after.base;
  };
  fill(pairs.front(), pairs.back());
  v.chance = pairs.back().chance;
  // the leader at each size where one is ahead: +1 attention, −1 the baseline
  std::vector<std::size_t> ahead;  // indices of those sizes
  std::vector<int> lead;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const double diff = 100.0 * (pairs[i].att - pairs[i].base);
    if (std::fabs(diff) <= tie_points) continue;
    ahead.push_back(i);
    lead.push_back(diff > 0 ? 1 : -1);
  }
  v.leading = static_cast<int>(lead.size());
  if (lead.empty()) {
    v.kind = SweepVerdict::Kind::level;
    return v;
  }
  int changes = 0;
  std::size_t switch_at = 0;
  for (std::size_t k = 1; k < lead.size(); ++k)
    if (lead[k] != lead[k - 1]) ++changes, switch_at = k;
  if (changes == 0) {
    v.kind = lead[0] > 0 ? SweepVerdict::Kind::attention_always : SweepVerdict::Kind::baseline_always;
    fill(pairs[ahead.front()], pairs[ahead.back()]);
    return v;
  }
  if (changes > 1) {
    v.kind = SweepVerdict::Kind::mixed;
    return v;
  }
  v.kind = lead[0] < 0 ? SweepVerdict::Kind::crossover : SweepVerdict::Kind::reverse;
  fill(pairs[ahead[switch_at - 1]], pairs[ahead[switch_at]]);
  return v;
}

static std::string pct(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * x);
  return buf;
}

static std::string points(double p) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g percentage points", p);
  return buf;
}

const char* sweep_items(const Dataset& data) {
  return data.is_image() ? "images" : is_word_task(data.task.kind) ? "sentences" : "sequences";
}

std::string verdict_sentence(const SweepVerdict& v, const std::string& base, const std::string& items) {
  using K = SweepVerdict::Kind;
  const std::string b = std::to_string(v.before), a = std::to_string(v.after);
  const std::string at_before = " (" + pct(v.before_attention) + " vs " + base + " " + pct(v.before_baseline) + ")";
  const std::string at_after = " (" + pct(v.after_attention) + " vs " + base + " " + pct(v.after_baseline) + ")";
  switch (v.kind) {
    case K::crossover:
      return "crossover: with " + b + " training " + items + " the " + base + " is ahead" + at_before + ", from " + a +
             " " + items + " attention is ahead" + at_after + ", as the lecture says";
    case K::reverse:
      return "the opposite of the lecture's claim: with " + b + " training " + items + " attention is ahead" +
             at_before + ", from " + a + " " + items + " the " + base + " is ahead" + at_after;
    case K::attention_always:
    case K::baseline_always: {
      const bool att = v.kind == K::attention_always;
      std::string s = "no crossover at this scale: " + (att ? std::string("attention") : "the " + base) +
                      " is ahead at every size" +
                      (v.leading < v.sizes ? " where the two differ by more than " + points(kSweepTiePoints) : "") +
                      ", with " + b + " training " + items + at_before;
      if (v.after != v.before) s += " as with " + a + at_after;
      return s + (att ? "; the " + base + " never leads" : "; attention never leads");
    }
    case K::level:
      return "no crossover at this scale: the two are level (within " + points(kSweepTiePoints) + ") at every size, " +
             b + at_before + " to " + a + at_after;
    case K::mixed:
      return "no clear crossover: the lead changes more than once between " + b + at_before + " and " + a + " " +
             items + at_after + "; the differences are within the runs' noise";
    case K::empty: return "no finished pair of runs yet";
  }
  return "";
}

}  // namespace attnlab
