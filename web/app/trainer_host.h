// What trains a run off the UI thread. The UI keeps its Trainer (Run::trainer) as the replica its views read;
// a host trains an authoritative copy of it elsewhere and publishes complete states (Trainer::save_state)
// several times a second, which the UI adopts each frame. The replica's state is always one the trainer
// really had, so pausing, stepping and saving stay exact:
//
//   host->start(replica);        // a copy trains from the replica's state
//   host->adopt(replica);        // each frame: the newest published state, if any
//   host->stop(replica);         // pause: the replica takes the newest published state (later steps are discarded)
//   replica.step(5);             // the Step button / attnlab.step(n): in-frame on the replica
//   host->start(replica);        // training on again: from the replica's state
//
// Back ends: a std::thread (the desktop, native tests: make_thread_host) and the browser's Web Worker
// (web/platform/worker_host.h). Without a host the runs train in-frame (Runs::train_for).
#pragma once

#include <memory>
#include <string>

#include "engine/train/trainer.h"

namespace attnlab {

class TrainerHost {
 public:
  virtual ~TrainerHost() = default;
  virtual const char* kind() const = 0;  // "thread", "worker" (the JS API's metrics().trainer)
  // Trains a copy of the replica from its state (an earlier training is stopped and forgotten first).
  virtual void start(const Trainer& replica) = 0;
  // The newest state published since the last adopt goes into the replica; true if there was one.
  virtual bool adopt(Trainer& replica) = 0;
  // Stops training; the replica gets the newest published state, if it has not adopted it yet (the steps
  // trained after it are discarded: the replica stays a state the trainer really had).
  virtual void stop(Trainer& replica) = 0;
  // Training now (false once stopped, or when the trainer finished and its last state was published).
  virtual bool running() const = 0;
  // The live lr / batch sliders, from the next step on.
  virtual void set_schedule(double lr, int batch) = 0;
  // The share of its time the host trains, in (0, 1]: below 1 it trains in slices of about kPaceSliceMs (at least
  // one step) and rests s·(1 − share)/share ms after a slice of s ms, so a UI drawing beside it on a machine with
  // few cores gets the core back. It changes how fast training goes, never which steps it takes.
  virtual void set_pace(double share) = 0;
  // Why this host cannot train ("" = it can); the runs then train in-frame.
  virtual std::string failure() const { return ""; }
  // False while the host is still getting ready (a Web Worker loading its module): the run trains in-frame
  // meanwhile, and the host takes over from the replica's state once it is ready.
  virtual bool ready() const { return true; }
};

// set_pace's share, made safe: within [kMinPace, 1] (not finite: 1). A rest never lasts longer than kMaxRestMs.
constexpr double kMinPace = 0.01;
constexpr double kMaxRestMs = 1000;
constexpr double kPaceSliceMs = 8;
double pace_share(double share);

// A std::thread that trains and publishes a state about every publish_ms of training. Destroying it while it
// trains stops and joins the thread.
std::unique_ptr<TrainerHost> make_thread_host(double publish_ms = 200);

}  // namespace attnlab
