// io/: the setup a trainer elsewhere is built from (the browser's Web Worker: web/platform/worker/trainer_worker.js),
// as bytes. It holds what a Trainer's constructor takes: the model file of the run's model (its configuration,
// vocabulary, tag names, class means: model_io.h), the training configuration and the data's train / dev /
// test sequences. A trainer built from it and given the run's state (Trainer::save_state) continues exactly
// where the run is, step for step:
//
//   std::vector<std::uint8_t> setup = save_trainer_setup(run);       // once per run (the data can be MBs)
//   std::unique_ptr<Trainer> copy = make_trainer(load_trainer_setup(setup.data(), setup.size()));
//   copy->load_state(run.save_state());                              // then train the copy, adopt its states
//
// Layout (integers little-endian, reals as IEEE bit patterns: engine/core/bytes.h):
//   offset 0   8 bytes   magic "ATNLSETU"
//          8   u32       version (kTrainerSetupVersion)
//         12   u64       P = payload length in bytes
//         20   P bytes   payload: u64 M, M bytes of the model file; the TrainConfig's fields in their order
//                        (trainer.h); the data's own fields the model file has no place for (the pos
//                        corpus's name, input width); then train, dev, test: u64 sequences, and per sequence
//                        u64 n + n × i32 tokens, u64 n + n × f32 features, u64 n + n × i32 tags,
//                        u64 n + n bytes allow, u64 n + n × str words
//     20 + P   u32       CRC-32 of bytes 0 .. 20+P−1 (model_io.h's crc32)
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/train/trainer.h"

namespace attnlab {

constexpr std::uint32_t kTrainerSetupVersion = 1;

struct TrainerSetupError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::vector<std::uint8_t> save_trainer_setup(const Trainer& trainer);

struct TrainerSetup {
  std::shared_ptr<const Dataset> data;  // the model file's task, vocabulary and tags, with the sequences
  ModelConfig model;
  TrainConfig train;
};

// Throws TrainerSetupError with a message when the bytes are truncated, corrupted or not a setup.
TrainerSetup load_trainer_setup(const std::uint8_t* bytes, std::size_t size);

// A Trainer built from a setup (its weights are fresh: load the run's state into it).
std::unique_ptr<Trainer> make_trainer(const TrainerSetup& setup);

}  // namespace attnlab
