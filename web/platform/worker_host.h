// The browser's trainer host (web/app/trainer_host.h): each run trains in a Web Worker of its own
// (trainer_worker.js running the engine-only trainer.wasm), so the UI thread only draws and adopts states.
//
// Protocol (the page side is in worker_host.cpp's EM_JS, the worker side in worker/trainer_worker.js):
//   - A host takes a worker from the page's pool (a new one fetches and compiles trainer.wasm: until it says
//     'ready' the host is not ready() and the run trains in-frame, so nothing waits for the download).
//   - start: a new generation number (unique across hosts, so a reused worker's late messages are never
//     mistaken for the new run's); the run's setup (engine/io/trainer_setup.h) on the host's first start (a host
//     serves one run: a new Trainer comes with a new Run and host), and always the replica's full state.
//   - The worker trains in chunks of ~publish_ms and sends a state after each (transferred ArrayBuffer), built
//     on what the replica has; the replica adopts the newest each frame and acknowledges what it has now.
//   - stop: the replica keeps the newest state it got; the worker is told to stop and everything it still
//     sends of that generation is dropped. So pausing, stepping and saving stay exact, as with the thread host.
//   - A worker that cannot be created, load its module or train reports a failure(): the runs fall back to
//     in-frame training with a notice (Runs::host_notice).
// Plain postMessage only (no SharedArrayBuffer): no special HTTP headers, any static host or iframe works.
#pragma once

#include <memory>

#include "web/app/trainer_host.h"

namespace attnlab {

// The browser: a Web Worker host; the desktop build has none (nullptr: use make_thread_host).
std::unique_ptr<TrainerHost> make_worker_host(double publish_ms = 200);

}  // namespace attnlab
