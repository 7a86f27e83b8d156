#include "web/app/trainer_host.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace attnlab {

double pace_share(double share) { return std::isfinite(share) ? std::clamp(share, kMinPace, 1.0) : 1.0; }

namespace {

// The thread owns `trainer_` while it runs; the UI thread touches only what the mutex guards (the newest state,
// what the replica has, the schedule) until the thread has been joined.
class ThreadHost : public TrainerHost {
 public:
  explicit ThreadHost(double publish_ms) : publish_ms_(publish_ms) {}
  ~ThreadHost() override { join(); }

  const char* kind() const override { return "thread"; }

  void start(const Trainer& replica) override {
    join();
    trainer_ = std::make_unique<Trainer>(replica.shared_data(), replica.model_config(), replica.config());
    trainer_->load_state(replica.save_state());
    {
      std::lock_guard<std::mutex> lock(mu_);
      latest_.clear();
      base_ = replica.state_base();
      schedule_changed_ = false;
    }
    stop_ = false;
    running_ = !trainer_->done();
    if (!running_) return;
    try {
      thread_ = std::thread([this] { loop(); });
    } catch (const std::system_error& e) {  // no threads here: the runs train in-frame (Runs::train_for)
      running_ = false;
      failure_ = std::string("no trainer thread (") + e.what() + ")";
    }
  }

  std::string failure() const override { return failure_; }

  bool adopt(Trainer& replica) override {
    std::vector<std::uint8_t> state;
    {
      std::lock_guard<std::mutex> lock(mu_);
      state.swap(latest_);
    }
    if (state.empty()) return false;
    replica.load_state(state);
    std::lock_guard<std::mutex> lock(mu_);
    base_ = replica.state_base();
    return true;
  }

  void stop(Trainer& replica) override {
    join();
    // The replica takes the newest published state (or keeps its own): the steps the thread took after it are
    // discarded, so a pause shows where training was seen last, and every state is one the trainer really had.
    adopt(replica);
    std::lock_guard<std::mutex> lock(mu_);
    if (schedule_changed_) replica.set_schedule(lr_, batch_);  // a slider moved after the last published step
    schedule_changed_ = false;
  }

  bool running() const override { return running_; }

  void set_schedule(double lr, int batch) override {
    std::lock_guard<std::mutex> lock(mu_);
    lr_ = lr;
    batch_ = batch;
    schedule_changed_ = true;
  }

  void set_pace(double share) override { share_ = pace_share(share); }

 private:
  void loop() {
    using Clock = std::chrono::steady_clock;
    auto last = Clock::now(), slice = last;
    while (!stop_ && !trainer_->done()) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (schedule_changed_) trainer_->set_schedule(lr_, batch_);
        schedule_changed_ = false;
      }
      trainer_->step(1);
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - last).count();
      if (ms >= publish_ms_ || trainer_->done()) {
        publish();
        last = Clock::now();
      }
      const double sliced = std::chrono::duration<double, std::milli>(Clock::now() - slice).count();
      if (sliced >= kPaceSliceMs) {
        rest(sliced);
        slice = Clock::now();
      }
    }
    running_ = false;
  }

  // After a slice of `trained_ms`, at a share below 1: rest in short naps, so stop() never waits for a long one.
  void rest(double trained_ms) {
    const double share = share_;
    if (share >= 1.0 || stop_ || trainer_->done()) return;
    const double ms = std::min(trained_ms * (1.0 - share) / share, kMaxRestMs);
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(ms);
    while (!stop_ && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }

  void publish() {
    Trainer::StateBase base;
    {
      std::lock_guard<std::mutex> lock(mu_);
      base = base_;  // what the replica has: a state built on it carries everything newer
    }
    std::vector<std::uint8_t> state = trainer_->save_state(base);
    std::lock_guard<std::mutex> lock(mu_);
    latest_.swap(state);  // an unadopted older one is replaced: this one has all it had
  }

  void join() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    running_ = false;
  }

  const double publish_ms_;
  std::unique_ptr<Trainer> trainer_;  // the authoritative copy (the thread's while it runs)
  std::thread thread_;
  std::string failure_;  // why no thread could be started ("" = none)
  std::atomic<bool> stop_{false}, running_{false};
  std::atomic<double> share_{1.0};    // set_pace
  std::mutex mu_;                     // guards the fields below
  std::vector<std::uint8_t> latest_;  // the newest published state, not adopted yet ("" = none)
  Trainer::StateBase base_;           // what the replica has
  double lr_ = 0;                     // a schedule change not yet applied (schedule_changed_)
  int batch_ = 0;
  bool schedule_changed_ = false;
};

}  // namespace

std::unique_ptr<TrainerHost> make_thread_host(double publish_ms) { return std::make_unique<ThreadHost>(publish_ms); }

}  // namespace attnlab
