// The data-size sweep: the lecture's claim about self-attention and the CNN ("with little training data the
// CNN does better, with enough data self-attention does better"), measured. Both models are trained on the
// first N training sequences of one task for each N of a list (50, 200, 1000, 5000 images), with the same
// seed, the same training settings and the same number of steps for every N; the dev set is the same for every
// N. Each run's final dev accuracy is a point of one of two curves (accuracy against N), beside the chance
// level (always answering the training split's most frequent tag, data/tasks.h: majority_share).
//
//   Sweep sweep(config);                     // throws std::invalid_argument with a message
//   while (!sweep.done()) sweep.step(20);    // or step_for(ms) once per frame; cancel() stops it
//   SweepVerdict v = sweep_verdict(sweep.points());
//
// The first N sequences of a generated task are exactly the training split `--train-size N` makes (a split is
// drawn from one seeded stream, in order), so every point is the run `attnlab train --train-size N` would
// make with the same settings. A task of real text (pos, seg_zh) brings its corpus in SweepConfig::data; its
// first N training sentences are N sentences drawn by the seed (the split's order), with the vocabulary of those
// N alone, so a word they do not hold is an unknown word, as for a tagger that only ever read them. Nothing
// blocks: the app runs it across frames, the CLI in a loop.
//
// N = training sequences of one run, S = sizes of the sweep, R = 2·S runs
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/data/tasks.h"
#include "engine/models/model.h"
#include "engine/train/trainer.h"

namespace attnlab {

inline constexpr int kSweepAttention = 0;     // SweepPoint::model: the attention model
inline constexpr int kSweepBaseline = 1;      //   and the baseline (the CNN)
inline constexpr int kSweepMaxSize = 100000;  // the largest training-set size (on a corpus: all of its split)

struct SweepConfig {
  TaskConfig task;                              // its train size is raised to the largest of `sizes`
  ModelConfig attention, baseline;              // the two models (vocab, tags, ... come from the data)
  TrainConfig train;                            // the same for every run: seed, steps, batch, lr, ...
  std::vector<int> sizes{50, 200, 1000, 5000};  // (S) training-set sizes, ascending, each >= 1; a size at or
                                                //   above a corpus's training split is the whole split (the
                                                //   Sweep's config() holds the sizes as run)
  std::shared_ptr<const Dataset> data;          // a word task's corpus (settings.h: make_dataset); null for the
                                                //   generated tasks, which the sweep makes from `task`
};

// "" when the sweep can run, else a message (sizes not ascending, a size below 1, ...).
std::string check_sweep_config(const SweepConfig& config);

// One finished run.
struct SweepPoint {
  int size = 0;          // N
  int model = 0;         // kSweepAttention or kSweepBaseline
  double dev_acc = 0;    // 0..1, the whole dev set, after the last step
  double train_acc = 0;  // on the last report's training batches
  double chance = 0;     // the dev share of this training split's most frequent tag
  long steps = 0;        // steps taken (fewer than planned only if it diverged)
  double epochs = 0;     // steps · batch / N: how often each training sequence was seen
  double ms_per_step = 0;
  std::string stop;  // the trainer's stop reason ("steps", "diverged: ...")
};

class Sweep {
 public:
  explicit Sweep(const SweepConfig& config);  // generates the data (the largest size); throws invalid_argument
  // Advances the current run by up to n steps (a finished run is recorded and the next one built); returns
  // the steps taken. Building a run and evaluating its dev set happen inside these calls too.
  int step(int n);
  int step_for(double ms);  // the same within about ms milliseconds (at least one step while not done)
  void cancel();            // stops after the current call: no further points
  bool done() const { return done_; }
  bool cancelled() const { return cancelled_; }

  const SweepConfig& config() const { return cfg_; }
  const std::vector<SweepPoint>& points() const { return points_; }  // in run order: size by size, attention first
  int runs() const { return 2 * static_cast<int>(cfg_.sizes.size()); }
  int run_index() const { return run_; }  // the run in progress (= runs() when done)
  int current_size() const;               // its N (0 when done)
  int current_model() const { return run_ % 2; }
  long current_step() const { return trainer_ ? trainer_->steps_done() : 0; }
  long steps_done() const { return total_steps_; }  // over every run so far
  long steps_total() const { return static_cast<long>(runs()) * cfg_.train.steps; }
  const std::string& error() const { return error_; }  // a run that could not be built or failed, in words
  const Dataset& data() const { return *full_; }       // the largest training split and the shared dev set
  const std::string& model_name(int model) const { return names_[model]; }  // describe() of each model

 private:
  void start_run();
  void finish_run();

  SweepConfig cfg_;
  std::shared_ptr<const Dataset> full_;
  std::shared_ptr<const Dataset> current_data_;  // the first N training sequences, the full dev set
  std::unique_ptr<Trainer> trainer_;
  std::vector<SweepPoint> points_;
  std::string names_[2];
  std::string error_;
  int run_ = 0;
  long total_steps_ = 0;
  bool done_ = false, cancelled_ = false;
};

// The first n training sequences of data, with its dev and test splits (what --train-size n makes of a
// synthetic task). n larger than the split keeps it whole. A data set of words (sequences with words: pos,
// own, seg_zh) gets the vocabulary of those n sentences (its min_count, its case rule) and every split read again
// with it, unless n keeps the split whole.
std::shared_ptr<Dataset> first_training_sequences(const Dataset& data, int n);

// What the two curves say, from the numbers alone. At each size the models are "level" when their dev
// accuracies are within tie_points percentage points, else one is ahead. Then, over the sizes where one is ahead:
//   crossover         the baseline ahead at the small sizes, attention from some size on (the lecture's claim)
//   reverse           attention ahead at the small sizes, the baseline from some size on
//   attention_always  attention ahead wherever one is ahead
//   baseline_always   the baseline ahead wherever one is ahead
//   level             level at every size
//   mixed             the lead changes more than once
struct SweepVerdict {
  enum class Kind { crossover, reverse, attention_always, baseline_always, level, mixed, empty } kind = Kind::empty;
  // crossover / reverse: the largest size before the switch (`before`) and the first size after it (`after`),
  // with both accuracies there (0..1). attention_always / baseline_always: the smallest and the largest size
  // where the leader is ahead; level / mixed: the smallest and the largest size.
  int before = 0, after = 0;
  double before_attention = 0, before_baseline = 0, after_attention = 0, after_baseline = 0;
  double chance = 0;  // at the largest size
  int sizes = 0;      // sizes with both points
  int leading = 0;    // of those, the sizes where one model is ahead (not level)
};
inline constexpr double kSweepTiePoints = 0.5;
SweepVerdict sweep_verdict(const std::vector<SweepPoint>& points, double tie_points = kSweepTiePoints);
const char* to_string(SweepVerdict::Kind kind);  // "crossover", "reverse", ...
// What the training sets are made of, in English: "images", "sentences" (a corpus of words) or "sequences".
const char* sweep_items(const Dataset& data);
// The verdict as one English sentence with its numbers (the command line and make results; the app has its
// own sentences in the strings tables, filled from the same SweepVerdict).
std::string verdict_sentence(const SweepVerdict& v, const std::string& baseline_name = "CNN",
                             const std::string& items = "images");

}  // namespace attnlab
