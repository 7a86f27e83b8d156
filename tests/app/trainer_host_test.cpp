// The trainer thread (web/app/trainer_host.h): the replica adopts the states it publishes, pausing leaves the
// replica exactly where the thread stopped, step(n) after a pause and a restart go on exactly as one
// uninterrupted run, and destroying a host that trains joins its thread. Then the App with the thread host:
// the step count rises while the frames only adopt, attnlab.step(n)'s path is exact, Compare trains its
// baseline in a second thread. (Needs threads: skipped in the WebAssembly build, whose worker is the page's.)
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <thread>

#include "web/app/app.h"
#include "web/app/trainer_host.h"

namespace attnlab {
namespace {

#if defined(__EMSCRIPTEN__)
#define NEEDS_THREADS() GTEST_SKIP() << "no threads in this build"
#else
#define NEEDS_THREADS() (void)0
#endif

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

struct RunSettings {
  std::shared_ptr<const Dataset> data;
  ModelConfig model;
  TrainConfig train;
};

RunSettings reverse_setup() {
  TaskConfig t = default_task_config(TaskKind::reverse);
  t.train = 256;
  t.dev = t.test = 32;
  ModelConfig m;
  m.kind = ModelKind::attention;
  m.dim = 16;
  m.heads = 2;
  m.layers = 1;
  m.ffn = 32;
  TrainConfig c;
  c.steps = 100000;
  c.batch = 8;
  c.eval_every = 10;
  c.eval_max = 16;
  c.snapshot_every = 3;
  c.max_snapshots = 8;
  return {std::make_shared<Dataset>(make_synthetic_dataset(t)), m, c};
}

// The replica is where an uninterrupted trainer of the same settings is after as many steps.
void expect_exact(Trainer& replica, const RunSettings& s) {
  Trainer ref(s.data, s.model, s.train);
  ref.step(static_cast<int>(replica.steps_done()));
  ASSERT_EQ(ref.steps_done(), replica.steps_done());
  const ParamStore<float>& a = ref.model().params();
  const ParamStore<float>& b = replica.model().params();
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(std::memcmp(a.values(), b.values(), a.size() * sizeof(float)), 0) << "weights at " << ref.steps_done();
  ASSERT_EQ(ref.history().size(), replica.history().size());
  for (std::size_t i = 0; i < ref.history().size(); ++i) {
    EXPECT_EQ(ref.history()[i].loss, replica.history()[i].loss);
    EXPECT_EQ(ref.history()[i].dev_acc, replica.history()[i].dev_acc);
  }
  ASSERT_EQ(ref.snapshots().size(), replica.snapshots().size());
  for (std::size_t i = 0; i < ref.snapshots().size(); ++i) {
    EXPECT_EQ(ref.snapshots()[i].step, replica.snapshots()[i].step);
    EXPECT_EQ(ref.snapshots()[i].weights, replica.snapshots()[i].weights);
  }
}

// Adopts until the replica has moved past `step` (or a few seconds passed).
void adopt_past(TrainerHost& host, Trainer& replica, long step) {
  for (int i = 0; i < 400 && replica.steps_done() <= step; ++i) {
    host.adopt(replica);
    sleep_ms(10);
  }
  ASSERT_GT(replica.steps_done(), step) << "the thread published no state";
}

TEST(ThreadHost, AdoptsPausesStepsAndRestartsExactly) {
  NEEDS_THREADS();
  const RunSettings s = reverse_setup();
  Trainer replica(s.data, s.model, s.train);
  auto host = make_thread_host(20);
  EXPECT_STREQ(host->kind(), "thread");
  host->start(replica);
  EXPECT_TRUE(host->running());
  adopt_past(*host, replica, 0);
  expect_exact(replica, s);  // an adopted state is one the trainer really had
  adopt_past(*host, replica, replica.steps_done());
  host->stop(replica);  // pause
  EXPECT_FALSE(host->running());
  const long paused = replica.steps_done();
  EXPECT_FALSE(host->adopt(replica)) << "nothing is published after a pause";
  expect_exact(replica, s);
  replica.step(5);  // the Step button
  EXPECT_EQ(replica.steps_done(), paused + 5);
  expect_exact(replica, s);
  host->start(replica);  // training on again, from the replica's state
  adopt_past(*host, replica, paused + 5);
  host->stop(replica);
  expect_exact(replica, s);
}

// A host at a slow pace rests between slices of training: the states it publishes are still exactly an
// uninterrupted trainer's, a stop during a long rest returns (it naps in short pieces; a hang would time the test
// out), and a faster pace lets it go on.
TEST(ThreadHost, APacedHostTakesTheSameSteps) {
  NEEDS_THREADS();
  const RunSettings s = reverse_setup();
  Trainer replica(s.data, s.model, s.train);
  auto host = make_thread_host(20);
  host->set_pace(0.05);  // 8 ms slices, then ~150 ms of rest
  host->start(replica);
  adopt_past(*host, replica, 0);
  adopt_past(*host, replica, replica.steps_done());
  host->stop(replica);  // most likely during a rest
  EXPECT_FALSE(host->running());
  expect_exact(replica, s);
  host->set_pace(std::nan(""));  // not a share: full speed
  host->start(replica);
  adopt_past(*host, replica, replica.steps_done());
  host->stop(replica);
  expect_exact(replica, s);
}

TEST(TrainerHostPace, ASafeShareAlways) {
  EXPECT_EQ(pace_share(0.5), 0.5);
  EXPECT_EQ(pace_share(1.0), 1.0);
  EXPECT_EQ(pace_share(7.0), 1.0);
  EXPECT_EQ(pace_share(0.0), kMinPace);
  EXPECT_EQ(pace_share(-3.0), kMinPace);
  EXPECT_EQ(pace_share(std::nan("")), 1.0);
  EXPECT_EQ(pace_share(INFINITY), 1.0);
}

// The app's rule: full speed, except on a machine with 2 cores or fewer while the page is in use (an input in the
// last half second): then `speed` percent of the time. The runs' hosts get that pace each frame.
TEST(TrainerHostPace, FewCoresAndInUseGiveTheUIItsShare) {
  App app;
  ASSERT_TRUE(app.set_state({{"task", "reverse"}, {"dim", "16"}, {"heads", "2"}, {"layers", "1"}}).empty());
  app.state.speed = 30;
  app.clock.now_ms = 10000;
  app.clock.input_ms = 9800;  // used 200 ms ago
  for (int cores : {1, 2}) {
    app.clock.cores = cores;
    EXPECT_DOUBLE_EQ(app.host_pace(), 0.3) << cores << " cores";
  }
  for (int cores : {0, 3, 16}) {  // 0: the platform did not say
    app.clock.cores = cores;
    EXPECT_DOUBLE_EQ(app.host_pace(), 1.0) << cores << " cores";
  }
  app.clock.cores = 2;
  app.clock.input_ms = 10000 - App::kInUseMs;  // not in use any more
  EXPECT_DOUBLE_EQ(app.host_pace(), 1.0);
  // through tick: Runs::pace follows, and a recording host is given it
  double given = -1;
  class Recorder : public TrainerHost {
   public:
    explicit Recorder(double* given) : given_(given) {}
    const char* kind() const override { return "worker"; }
    void start(const Trainer&) override { running_ = true; }
    bool adopt(Trainer&) override { return false; }
    void stop(Trainer&) override { running_ = false; }
    bool running() const override { return running_; }
    void set_schedule(double, int) override {}
    void set_pace(double share) override { *given_ = share; }

   private:
    double* given_;
    bool running_ = false;
  };
  app.runs.make_host = [&given] { return std::make_unique<Recorder>(&given); };
  app.runs.host_kind = "worker";
  app.clock.input_ms = 10100;
  app.tick(10116, 16);
  EXPECT_DOUBLE_EQ(app.runs.pace, 0.3);
  EXPECT_DOUBLE_EQ(given, 0.3);
  app.tick(10116 + App::kInUseMs, 16);
  EXPECT_DOUBLE_EQ(app.runs.pace, 1.0);
  EXPECT_DOUBLE_EQ(given, 1.0);
}

TEST(ThreadHost, ScheduleChangesReachTheReplica) {
  NEEDS_THREADS();
  const RunSettings s = reverse_setup();
  Trainer replica(s.data, s.model, s.train);
  auto host = make_thread_host(20);
  host->start(replica);
  adopt_past(*host, replica, 0);
  host->set_schedule(1e-2, 4);
  host->stop(replica);
  EXPECT_EQ(replica.config().lr, 1e-2);
  EXPECT_EQ(replica.config().batch, 4);
}

TEST(ThreadHost, StopsWhenTrainingEnds) {
  NEEDS_THREADS();
  RunSettings s = reverse_setup();
  s.train.steps = 12;
  Trainer replica(s.data, s.model, s.train);
  auto host = make_thread_host(1000);  // the last state is published at the end whatever the interval
  host->start(replica);
  for (int i = 0; i < 400 && !replica.done(); ++i) {
    host->adopt(replica);
    sleep_ms(10);
  }
  EXPECT_TRUE(replica.done());
  EXPECT_EQ(replica.steps_done(), 12);
  EXPECT_FALSE(host->running());
  expect_exact(replica, s);
}

TEST(ThreadHost, DestroyedWhileTrainingJoinsItsThread) {
  NEEDS_THREADS();
  const RunSettings s = reverse_setup();
  for (int round = 0; round < 3; ++round) {
    Trainer replica(s.data, s.model, s.train);
    auto host = make_thread_host(5);
    host->start(replica);
    sleep_ms(30 * round);
    host.reset();  // returns once the thread has finished its step
  }
  SUCCEED();
}

TEST(ThreadHost, AppTrainsInThreadsAndStepStaysExact) {
  NEEDS_THREADS();
  App app;
  ASSERT_TRUE(app.set_state({{"task", "reverse"}, {"dim", "16"}, {"heads", "2"}, {"layers", "1"}}).empty());
  app.runs.make_host = [] { return make_thread_host(20); };
  app.runs.host_kind = "thread";
  app.runs.compare_active = true;
  app.ensure_baseline();
  ASSERT_TRUE(app.runs.main.trainer && app.runs.baseline.trainer) << app.runs.main.error << app.runs.baseline.error;
  EXPECT_STREQ(app.runs.trainer_kind(), "thread");
  double now = 1000;
  for (int i = 0; i < 400 && (app.runs.main.step() < 20 || app.runs.baseline.step() < 20); ++i) {
    app.tick(now += 16, 16);
    sleep_ms(5);
  }
  EXPECT_GE(app.runs.main.step(), 20) << "the main run trained in its thread";
  EXPECT_GE(app.runs.baseline.step(), 20) << "the baseline trained in its own thread";
  ASSERT_TRUE(app.runs.main.host && app.runs.baseline.host);
  // attnlab.step(5): from the exact state the thread reached, in-frame
  const RunSettings main{app.runs.data, app.runs.main.trainer->model_config(), app.train_config()};
  const int done = app.train_steps(5);
  EXPECT_EQ(done, 5);
  const long at = app.runs.main.step();
  expect_exact(*app.runs.main.trainer, main);
  // paused: the frames leave the replica where it is
  ASSERT_TRUE(app.set_state({{"train", "false"}}).empty());
  for (int i = 0; i < 5; ++i) app.tick(now += 16, 16);
  EXPECT_EQ(app.runs.main.step(), at);
  // training on again: the thread goes on from there
  ASSERT_TRUE(app.set_state({{"train", "true"}}).empty());
  for (int i = 0; i < 400 && app.runs.main.step() <= at; ++i) {
    app.tick(now += 16, 16);
    sleep_ms(5);
  }
  app.runs.hold();
  EXPECT_GT(app.runs.main.step(), at);
  expect_exact(*app.runs.main.trainer, main);
  // a settings change builds a new run; its host starts from step 0
  ASSERT_TRUE(app.set_state({{"dim", "24"}, {"heads", "2"}}).empty());
  EXPECT_LT(app.runs.main.step(), 5);
}

// A host that cannot train (the browser's worker did not start): the runs train in-frame, with a notice.
class NoHost : public TrainerHost {
 public:
  const char* kind() const override { return "worker"; }
  void start(const Trainer&) override {}
  bool adopt(Trainer&) override { return false; }
  void stop(Trainer&) override {}
  bool running() const override { return false; }
  void set_schedule(double, int) override {}
  void set_pace(double) override {}
  std::string failure() const override { return "the worker did not answer"; }
};

TEST(TrainerHostFallback, AFailedHostTrainsInFrameWithANotice) {
  App app;
  ASSERT_TRUE(app.set_state({{"task", "reverse"}, {"dim", "16"}, {"heads", "2"}, {"layers", "1"}}).empty());
  app.runs.make_host = [] { return std::make_unique<NoHost>(); };
  app.runs.host_kind = "worker";
  EXPECT_STREQ(app.runs.trainer_kind(), "worker");
  const std::size_t notices = app.notices.size();
  double now = 1000;
  for (int i = 0; i < 5; ++i) app.tick(now += 16, 16);
  EXPECT_STREQ(app.runs.trainer_kind(), "frame");
  EXPECT_FALSE(app.runs.main.host);
  EXPECT_GT(app.runs.main.step(), 0) << "trained in-frame";
  ASSERT_EQ(app.notices.size(), notices + 1);
  EXPECT_EQ(app.notices.back().key, "notice_trainer_fallback");
  EXPECT_EQ(app.notices.back().value("reason"), "the worker did not answer");
}

// A host still getting ready (the browser's worker fetching its module): the run trains in-frame meanwhile, and
// the host takes over from the replica's exact state once it is ready.
class LateHost : public TrainerHost {
 public:
  explicit LateHost(bool* ready) : ready_(ready), inner_(make_thread_host(20)) {}
  const char* kind() const override { return "worker"; }
  bool ready() const override { return *ready_; }
  void start(const Trainer& replica) override {
    EXPECT_TRUE(*ready_) << "started before it was ready";
    started_at = replica.steps_done();
    inner_->start(replica);
  }
  bool adopt(Trainer& replica) override { return inner_->adopt(replica); }
  void stop(Trainer& replica) override { inner_->stop(replica); }
  bool running() const override { return inner_->running(); }
  void set_schedule(double lr, int batch) override { inner_->set_schedule(lr, batch); }
  void set_pace(double share) override { inner_->set_pace(share); }
  static long started_at;

 private:
  bool* ready_;
  std::unique_ptr<TrainerHost> inner_;
};
long LateHost::started_at = -1;

TEST(TrainerHostFallback, AHostNotReadyYetLetsTheRunTrainInFrame) {
  NEEDS_THREADS();
  App app;
  ASSERT_TRUE(app.set_state({{"task", "reverse"}, {"dim", "16"}, {"heads", "2"}, {"layers", "1"}}).empty());
  bool ready = false;
  app.runs.make_host = [&ready] { return std::make_unique<LateHost>(&ready); };
  app.runs.host_kind = "worker";
  double now = 1000;
  for (int i = 0; i < 5; ++i) app.tick(now += 16, 16);
  EXPECT_STREQ(app.runs.trainer_kind(), "frame") << "while the host loads";
  const long in_frame = app.runs.main.step();
  EXPECT_GT(in_frame, 0) << "trained in-frame while the host was not ready";
  EXPECT_EQ(LateHost::started_at, -1);
  ready = true;
  app.tick(now += 16, 16);
  EXPECT_STREQ(app.runs.trainer_kind(), "worker");
  EXPECT_EQ(LateHost::started_at, in_frame) << "the host starts from the replica's state";
  for (int i = 0; i < 400 && app.runs.main.step() < in_frame + 10; ++i) {
    app.tick(now += 16, 16);
    sleep_ms(5);
  }
  EXPECT_GE(app.runs.main.step(), in_frame + 10) << "the host trains on";
  EXPECT_TRUE(app.notices.empty() || app.notices.back().key != "notice_trainer_fallback");
}

}  // namespace
}  // namespace attnlab
