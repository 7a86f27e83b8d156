// The browser's trainer: an engine-only WebAssembly module (trainer.js + trainer.wasm, no ImGui, SDL or GL)
// that a Web Worker runs (web/platform/worker/trainer_worker.js), so training never shares the page's UI
// thread. The page's app keeps the replica its views read and sends this module, once per run, the run's
// setup (engine/io/trainer_setup.h) and, on every start, the replica's state (Trainer::save_state); it
// trains here in chunks and sends back states the replica adopts (web/platform/worker_host.cpp).
//
//   tw_setup(setup bytes)       build the trainer (the run's data, model and training configuration)
//   tw_load_state(state bytes)  continue from the replica's state
//   tw_train(ms)                train for about ms (at least one step); the steps taken
//   tw_save(history, snapshot)  the state, leaving out what the replica has (Trainer::StateBase)
//
// A call that fails returns 0 / -1 and tw_error() says why.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "engine/io/trainer_setup.h"

namespace {

std::unique_ptr<attnlab::Trainer> g_trainer;
std::string g_error;
std::vector<std::uint8_t> g_saved;

bool fail(const std::string& why) {
  g_error = why;
  return false;
}

}  // namespace

extern "C" {

// 1 when the trainer was built from the setup; 0 on a problem (tw_error).
EMSCRIPTEN_KEEPALIVE int tw_setup(const std::uint8_t* bytes, int size) {
  try {
    g_trainer = attnlab::make_trainer(attnlab::load_trainer_setup(bytes, static_cast<std::size_t>(size)));
    return 1;
  } catch (const std::exception& e) {
    g_trainer.reset();
    return fail(e.what());
  }
}

EMSCRIPTEN_KEEPALIVE int tw_load_state(const std::uint8_t* bytes, int size) {
  if (!g_trainer) return fail("the trainer has no setup");
  try {
    g_trainer->load_state(bytes, static_cast<std::size_t>(size));
    return 1;
  } catch (const std::exception& e) {
    return fail(e.what());
  }
}

EMSCRIPTEN_KEEPALIVE void tw_schedule(double lr, int batch) {
  if (g_trainer) g_trainer->set_schedule(lr, batch);
}

// Steps taken (0 once training is done); -1 on a problem.
EMSCRIPTEN_KEEPALIVE int tw_train(double ms) {
  if (!g_trainer) {
    fail("the trainer has no setup");
    return -1;
  }
  if (g_trainer->done()) return 0;
  try {
    return g_trainer->step_for(ms);
  } catch (const std::exception& e) {
    fail(e.what());
    return -1;
  }
}

EMSCRIPTEN_KEEPALIVE int tw_done() { return g_trainer && g_trainer->done() ? 1 : 0; }
EMSCRIPTEN_KEEPALIVE double tw_step() { return g_trainer ? static_cast<double>(g_trainer->steps_done()) : 0.0; }

// The state built on what the replica has (history lines, its newest snapshot's step); its size: tw_saved_size.
EMSCRIPTEN_KEEPALIVE const std::uint8_t* tw_save(double history, double snapshot_step) {
  g_saved.clear();
  if (!g_trainer) return nullptr;
  attnlab::Trainer::StateBase base;
  base.history = history > 0 ? static_cast<std::size_t>(history) : 0;
  base.snapshot_step = static_cast<long>(snapshot_step);
  g_saved = g_trainer->save_state(base);
  return g_saved.data();
}
EMSCRIPTEN_KEEPALIVE int tw_saved_size() { return static_cast<int>(g_saved.size()); }

EMSCRIPTEN_KEEPALIVE const char* tw_error() { return g_error.c_str(); }

}  // extern "C"
