// The Web Worker trainer host (worker_host.h has the protocol).
#include "web/platform/worker_host.h"

#if defined(__EMSCRIPTEN__)

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "engine/io/trainer_setup.h"
#include "web/platform/platform.h"

namespace attnlab {
namespace {

// ---------------------------------------------------------------------------------------------- page side
// Module.attnlabWorkers: the idle workers (kept for the next run: a new run then starts at once) and which
// host each busy one serves. A worker's messages go to its host's exported callbacks below.
EM_JS(int, js_worker_acquire, (int host), {
  var W = Module.attnlabWorkers || (Module.attnlabWorkers = {idle : [], busy : {}});
  var w = W.idle.pop();
  if (!w) {
    try {
      w = new Worker("trainer_worker.js");
    } catch (e) {
      setTimeout(
          function() {
            Module.ccall("attnlab_worker_failed", null, [ "number", "number", "string" ],
                         [ host, -1, "no Web Worker here (" + ((e && e.message) || e) + ")" ]);
          },
          0);
      return 0;
    }
    w.attnlabReady = false;
    w.attnlabHost = -1;
    w.onmessage = function(e) {
      var m = e.data, h = w.attnlabHost;
      if (m.type == "ready") w.attnlabReady = true;
      if (h < 0) return;
      if (m.type == "ready") {
        Module.ccall("attnlab_worker_ready", null, ["number"], [h]);
      } else if (m.type == "state") {
        var n = m.state.byteLength, p = Module._malloc(Math.max(1, n));
        HEAPU8.set(new Uint8Array(m.state), p);
        Module.ccall("attnlab_worker_state", null, [ "number", "number", "number", "number", "number" ],
                     [ h, m.gen, p, n, m.done ? 1 : 0 ]);
      } else if (m.type == "error") {
        Module.ccall("attnlab_worker_failed", null, [ "number", "number", "string" ], [ h, m.gen, m.message ]);
      }
    };
    w.onerror = function(e) {
      if (e.preventDefault) e.preventDefault();
      w.attnlabBroken = true;
      if (w.attnlabHost >= 0)
        Module.ccall("attnlab_worker_failed", null, [ "number", "number", "string" ],
                     [ w.attnlabHost, -1, "trainer_worker.js: " + ((e && e.message) || "it could not be loaded") ]);
    };
  }
  w.attnlabHost = host;
  W.busy[host] = w;
  return w.attnlabReady ? 1 : 0;
});

// Back to the pool (a worker that broke is ended instead). Anything it still sends is dropped.
EM_JS(void, js_worker_release, (int host, int gen, int broken), {
  var W = Module.attnlabWorkers, w = W && W.busy[host];
  if (!w) return;
  delete W.busy[host];
  w.attnlabHost = -1;
  if (broken || w.attnlabBroken) {
    w.terminate();
    return;
  }
  w.postMessage({type : "stop", gen : gen});
  W.idle.push(w);
});

EM_JS(void, js_worker_start,
      (int host, int gen, const std::uint8_t* setup, int setup_size, const std::uint8_t* state, int state_size,
       double history, double snapshot, double publish_ms, double share, double slice_ms, double max_rest_ms),
      {
        var w = Module.attnlabWorkers.busy[host];
        if (!w) return;
        var s = setup_size > 0 ? HEAPU8.slice(setup, setup + setup_size).buffer : null;
        var t = HEAPU8.slice(state, state + state_size).buffer;
        var m = {
          type : "start",
          gen : gen,
          setup : s,
          state : t,
          history : history,
          snapshot : snapshot,
          publishMs : publish_ms,
          share : share,
          sliceMs : slice_ms,
          maxRestMs : max_rest_ms
        };
        w.postMessage(m, s ? [ s, t ] : [t]);
      });

EM_JS(void, js_worker_post, (int host, int kind, int gen, double a, double b), {
  var w = Module.attnlabWorkers.busy[host];
  if (!w) return;
  if (kind == 0) w.postMessage({type : "stop", gen : gen});
  else if (kind == 1) w.postMessage({type : "ack", gen : gen, history : a, snapshot : b});
  else if (kind == 2) w.postMessage({type : "schedule", lr : a, batch : b});
  else w.postMessage({type : "pace", gen : gen, share : a});
});
enum { kPostStop = 0, kPostAck = 1, kPostSchedule = 2, kPostPace = 3 };

// ---------------------------------------------------------------------------------------------- the host
class WorkerHost;
std::map<int, WorkerHost*>& hosts() {
  static std::map<int, WorkerHost*> all;
  return all;
}
int g_next_host = 0;
int g_next_gen = 0;  // generations are unique across hosts (a pooled worker may still send an old one's)

class WorkerHost : public TrainerHost {
 public:
  explicit WorkerHost(double publish_ms) : id_(++g_next_host), publish_ms_(publish_ms) {
    hosts()[id_] = this;
    ready_ = js_worker_acquire(id_) == 1;
  }
  ~WorkerHost() override {
    js_worker_release(id_, gen_, failure_.empty() ? 0 : 1);
    hosts().erase(id_);
  }

  const char* kind() const override { return "worker"; }
  bool ready() const override { return ready_; }
  std::string failure() const override { return failure_; }
  bool running() const override { return running_; }

  void start(const Trainer& replica) override {
    if (!ready_ || !failure_.empty()) return;
    if (running_) js_worker_post(id_, kPostStop, gen_, 0, 0);
    gen_ = ++g_next_gen;
    latest_.clear();
    latest_done_ = false;
    schedule_changed_ = false;
    // The setup once: a host serves one run, whose Trainer is built once (build_run makes a new Run, and with it
    // a new host, for every new Trainer); later starts send only the state.
    std::vector<std::uint8_t> setup;
    if (set_up_for_ != &replica) {
      setup = save_trainer_setup(replica);
      set_up_for_ = &replica;
    }
    const std::vector<std::uint8_t> state = replica.save_state();
    const Trainer::StateBase base = replica.state_base();
    js_worker_start(id_, gen_, setup.data(), static_cast<int>(setup.size()), state.data(),
                    static_cast<int>(state.size()), static_cast<double>(base.history),
                    static_cast<double>(base.snapshot_step), publish_ms_, share_, kPaceSliceMs, kMaxRestMs);
    running_ = !replica.done();
  }

  bool adopt(Trainer& replica) override {
    if (latest_.empty()) return false;
    std::vector<std::uint8_t> state;
    state.swap(latest_);
    try {
      replica.load_state(state);
    } catch (const TrainerStateError& e) {  // (never seen: the worker's trainer is built from the replica)
      fail(e.what());
      return false;
    }
    const Trainer::StateBase base = replica.state_base();
    js_worker_post(id_, kPostAck, gen_, static_cast<double>(base.history), static_cast<double>(base.snapshot_step));
    if (latest_done_) running_ = false;  // its last state: training ended there
    return true;
  }

  void stop(Trainer& replica) override {
    adopt(replica);  // the newest state that came; what the worker trains after it is discarded
    if (running_) js_worker_post(id_, kPostStop, gen_, 0, 0);
    running_ = false;
    gen_ = 0;                                                  // its late messages are dropped
    if (schedule_changed_) replica.set_schedule(lr_, batch_);  // a slider moved after the last state it sent
    schedule_changed_ = false;
  }

  void set_schedule(double lr, int batch) override {
    lr_ = lr;
    batch_ = batch;
    schedule_changed_ = true;
    if (running_) js_worker_post(id_, kPostSchedule, gen_, lr, batch);
  }

  void set_pace(double share) override {
    share = pace_share(share);
    if (share == share_) return;
    share_ = share;
    if (running_) js_worker_post(id_, kPostPace, gen_, share, 0);  // (a later start sends it too)
  }

  // From the page (the exported callbacks below).
  void on_ready() { ready_ = true; }
  void on_state(int gen, std::vector<std::uint8_t> state, bool done) {
    if (gen != gen_ || gen_ == 0) return;  // a stopped generation's
    latest_ = std::move(state);
    latest_done_ = done;
  }
  void on_failed(int gen, const std::string& why) {
    if (gen >= 0 && gen != gen_) return;  // a stopped generation's problem is not this run's
    fail(why);
  }

 private:
  void fail(const std::string& why) {
    failure_ = "the trainer's Web Worker: " + why;
    running_ = false;
    gen_ = 0;
  }

  const int id_;
  const double publish_ms_;
  int gen_ = 0;  // the generation training now (0: none)
  bool ready_ = false, running_ = false;
  std::string failure_;
  std::vector<std::uint8_t> latest_;     // the newest state not adopted yet (empty: none)
  bool latest_done_ = false;             // it is the trainer's last (training ended)
  const Trainer* set_up_for_ = nullptr;  // the replica the worker's trainer was built from (its setup was sent)
  double lr_ = 0;
  int batch_ = 0;
  bool schedule_changed_ = false;
  double share_ = 1;  // set_pace
};

WorkerHost* host_of(int id) {
  auto it = hosts().find(id);
  return it == hosts().end() ? nullptr : it->second;
}

}  // namespace

std::unique_ptr<TrainerHost> make_worker_host(double publish_ms) { return std::make_unique<WorkerHost>(publish_ms); }

}  // namespace attnlab

// The worker's messages, from js_worker_acquire's handler. `state` was malloc'ed by the page: freed here.
ATTNLAB_EXPORT void attnlab_worker_ready(int host) {
  if (attnlab::WorkerHost* h = attnlab::host_of(host)) h->on_ready();
}
ATTNLAB_EXPORT void attnlab_worker_state(int host, int gen, std::uint8_t* state, int size, int done) {
  std::vector<std::uint8_t> bytes(state, state + (size > 0 ? size : 0));
  std::free(state);
  if (attnlab::WorkerHost* h = attnlab::host_of(host)) h->on_state(gen, std::move(bytes), done != 0);
}
ATTNLAB_EXPORT void attnlab_worker_failed(int host, int gen, const char* why) {
  if (attnlab::WorkerHost* h = attnlab::host_of(host)) h->on_failed(gen, why ? why : "it failed");
}

#else  // the desktop trains in threads (web/app/trainer_host.h: make_thread_host)

namespace attnlab {
std::unique_ptr<TrainerHost> make_worker_host(double) { return nullptr; }
}  // namespace attnlab

#endif
