// io/: model files (this file). Depends on models and data.
//
// Model files: everything needed to use a trained tagger again, natively or in the browser (which reads
// the same bytes from memory: load and save work on byte buffers; the file helpers are thin wrappers).
//
// Layout (all integers little-endian):
//   offset 0   8 bytes   magic "ATNLMODL"
//          8   u32       format version (kModelFormatVersion)
//         12   u64       P = payload length in bytes
//         20   P bytes   payload: task settings, model configuration (kind and every option), data source
//                        name, vocabulary (token names), tag names, frames class means, then the parameter
//                        tensors (count; per tensor: name, rows, cols; then all values as f32)
//     20 + P   u32       CRC-32 (IEEE, as zlib) of bytes 0 .. 20+P−1
// A file that is too short, does not start with the magic, has a newer version, or whose checksum does
// not match is refused with a message saying which.
//
// Versions (every older one is still read):
//   1  the first format
//   2  adds ModelConfig::pe_scale (f32) after the model configuration's other fields; a version-1 file was
//      written when the sinusoidal table had no amplitude, so it loads with pe_scale = 1 and computes what it
//      computed then
//   3  adds images: TaskConfig::image_size (i32) after the task's other fields, and ModelConfig::grid_w,
//      grid_h, mask.grid_w (3 × i32) after pe_scale; a version-1 or 2 file is a model of sequences (grid 0,
//      1-D positions, masks and kernels), its task's image side the default
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/data/tasks.h"
#include "engine/models/model.h"

namespace attnlab {

constexpr std::uint32_t kModelFormatVersion = 3;

struct ModelFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// CRC-32 (IEEE 802.3 polynomial, as zlib's crc32) of n bytes.
std::uint32_t crc32(const std::uint8_t* data, std::size_t n);

// The model, and the part of its dataset needed to use it (task settings, vocabulary, tag names).
std::vector<std::uint8_t> save_model(const SeqModel<float>& model, const Dataset& data,
                                     const std::string& data_name = "");

struct LoadedModel {
  std::unique_ptr<SeqModel<float>> model;
  Dataset data;           // task, input, vocab, tag names, token names / word vocabulary, class means; no splits
  std::string data_name;  // where the pos corpus came from when it was trained ("" = built in / synthetic)
};

// Throws ModelFileError with a message for the student ("truncated", "not a model file", "newer version",
// "corrupted (checksum)").
LoadedModel load_model(const std::uint8_t* bytes, std::size_t size);

void save_model_file(const std::string& path, const std::vector<std::uint8_t>& bytes);  // throws on I/O error
LoadedModel load_model_file(const std::string& path);

}  // namespace attnlab
