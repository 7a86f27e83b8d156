// The training runs: the task's data set, the main model's run and the Compare panel's baseline, trained
// within a frame's time budget. Built from the settings by App (app.cpp); read by the panels.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "engine/data/tagged_text.h"
#include "engine/data/tasks.h"
#include "engine/train/trainer.h"
#include "web/app/trainer_host.h"

namespace attnlab {

// One training run: the main model, or the Compare panel's baseline.
struct Run {
  std::unique_ptr<Trainer> trainer;   // null when the settings do not make a model (see error); the replica
                                      // the views read while a host trains it
  std::unique_ptr<TrainerHost> host;  // trains it off the UI thread while training is on (null: in-frame)
  std::string error;                  // why it could not be built or why it stopped, in words
  std::string what;                   // one-line description of the model ("attention L2 H4 D32 ...")
  double steps_per_sec = 0;           // measured over the last second of wall time
  long steps_mark = 0;                // step count at the start of that second
  double time_mark = 0;
  long serial = 0;             // a new number for every run built (views cache by it)
  std::string source;          // "" = trained here from its first step; else the model file its weights came from
  double source_dev_acc = -1;  // that file's model: its dev accuracy when loaded (0..1; -1 = not loaded)
  long step() const { return trainer ? trainer->steps_done() : 0; }
};

// A new run of `mc` on `data` (none without data); on a problem it has no trainer and says why.
void build_run(Run& run, const std::shared_ptr<const Dataset>& data, const ModelConfig& mc, const TrainConfig& tc);

// Your own data (App::load_data): the parsed file, kept for the session (switching to another task and back
// keeps it). The own task's Dataset is made from it, with the seed's train/dev split, by App::rebuild_data.
struct OwnData {
  std::string name;  // the file's name as given, "" if none (not in the URL: links cannot carry a file)
  TaggedText text;   // sentences, tag set, counts (engine/data/tagged_text.h)
};

struct Runs {
  std::shared_ptr<const Dataset> data;  // the task's train/dev/test sequences
  std::string data_error;
  // The task's corpus is on its way (the page fetches the Brown Corpus when pos is first used: engine/data/brown.h's
  // BrownMissing): no data yet, and no error. The platform fetches it, updates data_progress (received bytes of
  // data_total; 0 = unknown), and calls App::data_arrived (or App::data_failed).
  bool data_pending = false;
  double data_received = 0, data_total = 0;
  std::string data_name;               // where a pos model's corpus came from ("" = built in); model files keep it
  std::string data_note;               // the data came with a model file and differs from the page's own (why), else ""
  std::shared_ptr<const OwnData> own;  // loaded own data, or null
  double chance = -1;                  // the dev share of the training split's most frequent tag (-1 = no data):
  int chance_tag = -1;                 //   and that tag; the Training panel's chance line, the own task's Data line
  Run main, baseline;                  // baseline: trained only while the Compare panel is in use
  bool compare_active = false;

  EvalResult dev_eval;      // Training panel: the main run's confusion matrix on the dev set
  long dev_eval_step = -1;  //   and the step it was computed at

  // Who trains the runs off the UI thread: a new host per run (the desktop: make_thread_host; the browser:
  // its Web Worker). Null, or a host that reports a failure: the runs train in-frame.
  std::function<std::unique_ptr<TrainerHost>()> make_host;
  std::string host_kind;    // what make_host makes ("thread", "worker")
  std::string host_notice;  // why the hosts stopped being used ("" = they work, or there are none)
  double pace = 1;          // the share of the time the hosts train (TrainerHost::set_pace; App::tick sets it)

  int train_steps(int n);  // exactly n steps of the main run (and the baseline when comparing)
  // Train for a frame: the hosts train (each run in its own, in parallel) and the replicas adopt their newest
  // states; in-frame within the time budget (shared with the baseline when comparing) when there is no host.
  void train_for(double budget_ms);
  void hold();                              // stop the hosts: each replica at its trainer's exact state
  void set_schedule(double lr, int batch);  // the live lr / batch sliders, replicas and hosts
  const char* trainer_kind() const;         // "frame", "thread" or "worker": what trains the main run
  void measure(double now_ms);              // after training in a frame: stop messages and steps per second
};

}  // namespace attnlab
