// The Attention Lab app: one App object holds the settings (AppState), the data set, the training runs and
// the views. This is the one place where the engine and the views meet; panels are Show...Panel(App&)
// functions (web/panels/*.cpp) that read the App and edit settings through App::apply / App::set_state.
//
// T = tokens of the shown input, L = layers, H = heads, D = model width, C = tags
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/data/tasks.h"
#include "engine/core/tensor.h"
#include "engine/train/trainer.h"
#include "web/app/state.h"

namespace attnlab {

// One training run: the main model, or the Compare panel's baseline.
struct Run {
  std::unique_ptr<Trainer> trainer;  // null when the settings do not make a model (see error)
  std::string error;                 // why it could not be built or why it stopped, in words
  std::string what;                  // one-line description of the model ("attention L2 H4 D32 ...")
  double steps_per_sec = 0;          // measured over the last second of wall time
  long steps_mark = 0;               // step count at the start of that second
  double time_mark = 0;
  long step() const { return trainer ? trainer->steps_done() : 0; }
};

// The current input, run through the main model.
struct InputView {
  std::vector<std::string> tokens;   // (T) what the rows/columns are labelled with
  std::vector<int> predicted;        // (T) predicted tag ids
  std::vector<int> truth;            // (T) true tag ids when known (examples), else empty
  std::vector<float> weights;        // (L, H, T, T) attention weights A' of the input
  int L = 0, H = 0, T = 0;
  std::string error;                 // the input cannot be run (unknown token, too long for a learned table, ...)
  long at_step = -1;                 // training step these numbers belong to
  const float* head(int l, int h) const { return weights.data() + (static_cast<long>(l) * H + h) * T * T; }
};

struct App {
  AppState state;
  std::vector<std::string> notices;  // problems to show the user (bad URL settings, ...), newest last

  std::shared_ptr<const Dataset> data;  // the task's train/dev/test sequences
  std::string data_error;
  Run main, baseline;                   // baseline: trained only while the Compare panel is in use
  bool compare_active = false;
  InputView view;
  Sequence input_seq;                   // the input as a sequence of the task (tokens or an example)
  bool input_dirty = true;

  EvalResult dev_eval;        // Training panel: confusion matrix on the dev set
  long dev_eval_step = -1;

  float fps = 0.0f;
  long long frame = 0;
  double now_ms = 0;          // wall clock of this frame
  int history_pick = -1;      // History panel: snapshot index shown (-1 = follow the latest)
  int query_pick = 0;         // Step-by-step panel and lines view: which query token
  int layer_pick = 0, head_pick = 0;
  AppState pending;           // Model panel: edits not yet applied (they restart training)
  // Called after every settings change with the new settings (the platform writes them to the URL hash).
  std::function<void(const AppState&)> on_state_changed;

  App();

  // Settings. All or nothing: on a problem nothing changes and the messages are returned. Rebuilds the
  // model when the architecture changed (training starts again), the data when the task or seed changed.
  std::vector<std::string> set_state(const std::vector<std::pair<std::string, std::string>>& kv);
  std::string apply(const AppState& next);  // a whole edited copy; "" if applied, else the problem
  // Settings from a shared link: each valid one is applied, each bad one becomes a notice.
  void load_url_state(const std::string& query);
  void state_changed(const AppState& before);

  void rebuild_data();
  void rebuild_runs();
  void ensure_baseline();
  void reset();               // restart training from step 0 with the same settings

  // Per frame: train within the time budget, then refresh the input view. frame_ms = length of a frame.
  void tick(double now_ms, double frame_ms);
  int train_steps(int n);     // exactly n steps of the main run (and the baseline when comparing)
  void refresh_view();
  void ensure_view();         // refresh_view() if the input or the model changed since the last one
  std::string set_input(const std::string& text);  // "" or why it cannot be used

  // Helpers for panels
  const std::vector<std::string>& tag_names() const;
  std::string tag_name(int t) const;
  bool input_is_text() const;     // tokens tasks: typed input; frames/graph: an example is shown instead
  ModelConfig model_config(const std::string& kind) const;
  TrainConfig train_config() const;
};

}  // namespace attnlab
