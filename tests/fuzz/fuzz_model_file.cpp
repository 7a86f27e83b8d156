// Fuzz target: model files (engine/io/model_io.h), the bytes a student drops on the page or gives to
// `attnlab tag --load`. The first byte picks how the rest is read:
//   even: the rest is a whole file, as it is (the magic, version, length and checksum checks);
//   odd:  the rest is a payload, wrapped in a valid header (format version 1 + (byte >> 1) % 3) and CRC-32, so
//         mutations reach the payload's parser: configurations, vocabularies, tensor shapes, values.
// A file is either refused with ModelFileError and a message, or loads into a model that saves and loads again.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "engine/io/model_io.h"
#include "tests/fuzz/fuzz_check.h"

using namespace attnlab;

static std::vector<std::uint8_t> wrap_payload(std::uint32_t version, const std::uint8_t* p, std::size_t n) {
  std::vector<std::uint8_t> out(20 + n + 4);
  std::memcpy(out.data(), "ATNLMODL", 8);
  for (int i = 0; i < 4; ++i) out[8 + i] = static_cast<std::uint8_t>(version >> (8 * i));
  const std::uint64_t len = n;
  for (int i = 0; i < 8; ++i) out[12 + i] = static_cast<std::uint8_t>(len >> (8 * i));
  if (n > 0) std::memcpy(out.data() + 20, p, n);
  const std::uint32_t crc = crc32(out.data(), 20 + n);
  for (int i = 0; i < 4; ++i) out[20 + n + i] = static_cast<std::uint8_t>(crc >> (8 * i));
  return out;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::vector<std::uint8_t> file = (data[0] & 1)
                                       ? wrap_payload(1 + (data[0] >> 1) % kModelFormatVersion, data + 1, size - 1)
                                       : std::vector<std::uint8_t>(data + 1, data + size);
  try {
    LoadedModel m = load_model(file.data(), file.size());
    FUZZ_CHECK(m.model != nullptr, "a loaded model file has a model");
    // The loaded model saves to bytes that load again (what the page does with Save model after a load).
    const std::vector<std::uint8_t> again = save_model(*m.model, m.data, m.data_name);
    LoadedModel m2 = load_model(again.data(), again.size());
    FUZZ_CHECK(m2.model->params().size() == m.model->params().size(), "save after load keeps every parameter");
  } catch (const ModelFileError& e) {
    FUZZ_CHECK(std::strlen(e.what()) > 0, "a refused model file has a message");
  }
  return 0;
}
