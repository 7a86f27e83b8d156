// web/app/: the app without its UI. The saved settings (state.*: AppState and its field table, the URL
// hash), the training runs (runs.*), the shown input through the model (input_view.*), what each view shows
// (view_picks.h), and the App that joins them to the engine (app.*). The panels (web/panels/*.cpp) read the
// App and edit settings through App::apply / App::set_state.
//
// May depend on: the engine and the standard library only. No ImGui, SDL or GL here (nothing from web/ui/,
// web/panels/ or web/platform/), so it builds and tests headless and could run off the UI thread.
//
// T = tokens of the shown input, L = layers, H = heads, D = model width, C = tags
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/data/tasks.h"
#include "engine/train/embeddings.h"
#include "engine/train/trainer.h"
#include "web/app/export.h"
#include "web/app/input_view.h"
#include "web/app/lesson.h"
#include "web/app/message.h"
#include "web/app/runs.h"
#include "web/app/state.h"
#include "web/app/sweep_run.h"
#include "web/app/view_picks.h"

namespace attnlab {

// Frame timing, kept by the platform's main loop (fps, frame) and App::tick (now_ms).
struct FrameClock {
  float fps = 0.0f;  // frames per second the page runs (smoothed every frame)
  // The title line shows fps as a meter, taken once a second: a figure that changed every frame would make every
  // frame look new, and drawn again (web/ui/frame_change.h).
  float fps_shown = 0.0f;
  double fps_shown_at = 0;
  long long frame = 0;            // frames the UI ran so far (input, views, ImGui)
  long long presented = 0;        // of those, the frames handed to the GPU: only those that looked different
  double now_ms = 0;              // wall clock of this frame
  double busy_ms = 0;             // the UI thread's own time in the last frame (training in-frame, views, drawing)
  double input_ms = -1e9;         // when the page was last used (pointer, touch, wheel, keys): the wall clock
  int cores = 0;                  // the machine's logical cores (the platform says; 0: not known)
  bool draw_every_frame = false;  // hand every frame to the GPU, even one that looks like the last (benchmarks)
  // prefers-reduced-motion (the platform says): while training, the views change at most once a second
  // (kReducedMotionViewMs) instead of every frame, and a swiped panel stops when the finger lifts
  bool reduced_motion = false;
  double view_ms = -1e9;  // when the views were last made (App::refresh_view)
};

// The Embedding view's numbers: the main model's embedding table as a map (engine/train/embeddings.h).
struct EmbeddingView {
  EmbeddingMap map;
  double start_same_tag = NAN;  // the same score for this run's model at step 0
  long at_step = -1;            // the training step of `map`
  long of = -1;                 // the run it was made for (Run::serial)
  std::string error;            // the task has no embedding table, ...
};

// What the platform does for the views: files out and in, the clipboard, links (set by web/platform/main.cpp;
// empty in headless tests, where the views say the action is not available here).
struct PlatformHooks {
  // Offers bytes to the user as a file: "" or the problem; `where` = what to look for (download name, path).
  std::function<std::string(const std::string& name, const std::string& mime, const std::vector<std::uint8_t>& bytes,
                            std::string* where)>
      download;
  std::function<bool(const char* accept)> pick_file;       // opens a file picker (the browser); false if none
  std::function<bool(const std::string& text)> copy_text;  // to the clipboard; false if refused
  std::function<bool(const std::string& url)> open_url;    // in a new tab or window; false if refused
  std::function<std::string()> page_url;                   // the page's address without the hash ("" = none)
  bool has_file_picker = false;  // pick_file can open one (the browser); the desktop takes files dropped on it
};

// The one place where the engine and the views meet.
struct App {
  AppState state;            // the saved settings: URL hash, desktop flags, the JavaScript API
  AppState pending;          // Model panel: edits not yet applied (they restart training)
  Notices notices;           // what the user should know (bad URL settings, a file loaded, ...), newest last (bounded)
  Runs runs;                 // the data set and the training runs
  LessonRuns lesson;         // the open lesson stop's variants and result (lesson.h)
  SweepRun sweep;            // the Compare panel's data-size sweep (sweep_run.h), trained while it runs
  InputView view;            // the shown input through the main model
  ViewPicks picks;           // what each view shows (not saved)
  EmbeddingView embeddings;  // the Embedding view's map, made by ensure_embeddings()
  ExportQueue exports;       // PNG / CSV of a view asked for, served after the frame (export.h)
  FrameClock clock;
  PlatformHooks platform;
  // Called after every settings change with the new settings (the platform writes them to the URL hash).
  std::function<void(const AppState&)> on_state_changed;

  App();

  // Settings. All or nothing: on a problem nothing changes and the messages are returned. Rebuilds the
  // model when the architecture changed (training starts again), the data when the task or seed changed.
  std::vector<std::string> set_state(const std::vector<std::pair<std::string, std::string>>& kv);
  std::string apply(const AppState& next);  // a whole edited copy; "" if applied, else the problem
  // Settings from a shared link: each valid one is applied, each bad one becomes a notice.
  void load_url_state(const std::string& query);
  // data_replaced: the own data changed under the same settings, so the data set is built again anyway.
  void state_changed(const AppState& before, bool data_replaced = false);

  // Your own data: the one entry point for a file's text (a drop, the picker, attnlab.loadData). Parses it
  // (engine/data/tagged_text.h), then the task becomes own with that data (replacing earlier own data), the
  // shown input a dev sentence, and a new run trains. On any problem (a malformed line, too large, a model
  // the data cannot make) returns the message ("name: line 12: ...") and changes nothing: state, data, run
  // and step stay as they were. "" on success.
  std::string load_data(const std::string& text, const std::string& name);
  // "" if `next` may be applied as far as loaded data goes; task own without data gives kOwnNeedsData.
  std::string check_task_data(const AppState& next) const;
  static const char* const kOwnNeedsData;

  void rebuild_data();
  // More of the corpus the data was waiting for is there (the page streams it: web/platform/corpus_fetch.h):
  // its first parts build the data and runs; later parts extend the data set the runs train on, until all of it
  // is there (Dataset::complete). A part that makes no new data set changes nothing.
  void data_arrived();
  // It could not be fetched or read: the Data panel and a notice say why; the app keeps working.
  void data_failed(const std::string& why);
  void fill_default_input();  // an empty input becomes a real example of the task (tokens tasks)
  void rebuild_runs();
  void start_run(Run& run, const std::string& kind);  // a run of that model, or its error in words
  void start_run(Run& run, const std::string& kind, const AppState& settings);  // the same, other settings
  void ensure_baseline();
  void reset();  // restart training from step 0 with the same settings

  // The way back from a run that cannot train (the Training and Model panels' buttons; the extremes test):
  //   diverged (loss NaN or infinite)  -> lower_lr(): the learning rate / 10, training again from step 0
  //   no model, or it stopped on an error (e.g. a batch too large for memory) -> back_to_working(): the
  //     settings of the last run that trained a step without an error (none yet: the defaults, same task)
  enum class Trouble { none, diverged, failed };
  Trouble trouble() const;
  float lower_lr_value() const;  // what lower_lr() sets
  std::string lower_lr();
  std::string back_to_working();
  AppState working;          // the settings of the last main run that trained a step without an error
  bool has_working = false;  //   (has_working: there was one)
  AppState built;            // the settings the main run was built with (becomes `working` once it trains)
  long working_serial = 0;   // the main run `working` was taken from

  // Per frame: train within the time budget, then refresh the input view. frame_ms = length of a frame.
  void tick(double now_ms, double frame_ms);
  static constexpr double kReducedMotionViewMs = 1000;  // FrameClock::reduced_motion: the views' least period
  // The share of the time the hosts train now (Runs::pace): `speed` percent for kInUseMs after an input on a
  // machine with kFewCores or fewer, else 1.
  static constexpr int kFewCores = 2;
  static constexpr double kInUseMs = 500;
  double host_pace() const;
  int train_steps(int n);  // exactly n steps of the main run (and the baseline when comparing)
  void refresh_view();
  void ensure_view();  // refresh_view() if the input or the model changed since the last one
  std::string set_input(const std::string& text);  // "" or why it cannot be used
  void ensure_embeddings();                        // embeddings up to date with the main run's step

  // Model files (model_file.cpp), in the command line's format (engine/io/model_io.h): the main run's model
  // and the parts of its data set the format stores. Empty when there is no model to save.
  std::vector<std::uint8_t> save_model_bytes() const;
  std::string model_file_name() const;  // attnlab-<task>-<model>-step<N>.model
  // The main model as a PyTorch module (engine/io/torch_export.h: NAME.py, NAME.weights, NAME.json) in a .zip;
  // throws std::exception with the reason when there is no model or it cannot be exported.
  std::vector<std::uint8_t> torch_zip(const std::string& module);
  // A model file: the settings become the model's (task, model and every option the file carries), its
  // weights go into the main run (steps count from 0 again: the format has no step count), training pauses,
  // every view refreshes. "" when loaded, else the problem, and nothing changed (settings, run, step).
  std::string load_model_bytes(const std::uint8_t* bytes, std::size_t size, const std::string& name = "");
  // A file the user brought (dropped, picked): a model file goes to load_model_bytes, anything else is refused
  // for now. `error`: the platform could not read it. "" when opened, else the problem (also added to notices).
  std::string open_file(const std::string& name, const std::uint8_t* bytes, std::size_t size,
                        const std::string& error = "");

  // Helpers for panels
  const std::vector<std::string>& tag_names() const;
  std::string tag_name(int t) const;
  bool input_is_text() const;  // tokens tasks: typed input; frames/graph/image: an example is shown instead
  // The training sentences the Data panel shows as examples (up to 3, spread over the split): also the text the
  // platform bakes Chinese glyphs for.
  std::vector<const Sequence*> shown_examples() const;
  // Image tasks: the query pixel the views show (AppState::pixel, or default_query_pixel where it is -1); -1 when
  // the shown input is not an image.
  int query_pixel() const;
  // "" when next.pixel is -1 or a pixel of the image next's task shows, else the problem in words.
  std::string check_pixel(const AppState& next) const;
  ModelConfig model_config(const std::string& kind) const { return model_config(kind, state); }
  TrainConfig train_config() const { return train_config(state); }
  static ModelConfig model_config(const std::string& kind, const AppState& settings);
  static TrainConfig train_config(const AppState& settings);
};

}  // namespace attnlab
