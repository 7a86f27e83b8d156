// The store-only .zip writer (zip.h). All integers little-endian.
#include "engine/io/zip.h"

#include <stdexcept>

#include "engine/io/model_io.h"

namespace attnlab {

namespace {

void u16(std::vector<std::uint8_t>& out, std::uint32_t v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFF));
}

void u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  u16(out, v & 0xFFFF);
  u16(out, v >> 16);
}

constexpr std::uint32_t kDosTime = 0;                           // 00:00:00
constexpr std::uint32_t kDosDate = (0u << 9) | (1u << 5) | 1u;  // 1980-01-01 (year − 1980, month, day)
constexpr std::uint32_t kVersion = 20;                          // 2.0: what a stored file needs

// The fields a local header and a central directory entry share, from "version needed" to the name length.
void common_fields(std::vector<std::uint8_t>& out, const ZipEntry& f, std::uint32_t crc) {
  u16(out, kVersion);  // version needed to extract
  u16(out, 1u << 11);  // flags: bit 11 = the name is UTF-8
  u16(out, 0);         // method 0: stored
  u16(out, kDosTime);
  u16(out, kDosDate);
  u32(out, crc);
  u32(out, static_cast<std::uint32_t>(f.bytes.size()));  // compressed size = size
  u32(out, static_cast<std::uint32_t>(f.bytes.size()));
  u16(out, static_cast<std::uint32_t>(f.name.size()));
  u16(out, 0);  // extra field length
}

}  // namespace

std::vector<std::uint8_t> make_zip(const std::vector<ZipEntry>& files) {
  if (files.size() > 0xFFFF) throw std::invalid_argument("a zip archive without ZIP64 holds at most 65535 files");
  std::vector<std::uint8_t> out, central;
  for (const ZipEntry& f : files) {
    if (f.name.empty() || f.name.size() > 0xFFFF) throw std::invalid_argument("a file in a zip needs a short name");
    if (f.bytes.size() >= 0xFFFFFFFFull || out.size() >= 0xFFFFFFFFull - f.bytes.size()) {
      throw std::invalid_argument("the zip archive would be larger than 4 GiB: " + f.name);
    }
    const std::uint32_t crc = crc32(f.bytes.data(), f.bytes.size());
    const auto offset = static_cast<std::uint32_t>(out.size());
    u32(out, 0x04034b50);  // local file header
    common_fields(out, f, crc);
    out.insert(out.end(), f.name.begin(), f.name.end());
    out.insert(out.end(), f.bytes.begin(), f.bytes.end());

    u32(central, 0x02014b50);  // central directory entry
    u16(central, kVersion);    // version made by (0 = MS-DOS attributes)
    common_fields(central, f, crc);
    u16(central, 0);  // comment length
    u16(central, 0);  // disk number
    u16(central, 0);  // internal attributes
    u32(central, 0);  // external attributes
    u32(central, offset);
    central.insert(central.end(), f.name.begin(), f.name.end());
  }
  if (out.size() + central.size() >= 0xFFFFFFFFull) throw std::invalid_argument("the zip archive would exceed 4 GiB");
  const auto central_at = static_cast<std::uint32_t>(out.size());
  out.insert(out.end(), central.begin(), central.end());
  u32(out, 0x06054b50);  // end of central directory
  u16(out, 0);           // this disk
  u16(out, 0);           // the disk with the central directory
  u16(out, static_cast<std::uint32_t>(files.size()));
  u16(out, static_cast<std::uint32_t>(files.size()));
  u32(out, static_cast<std::uint32_t>(central.size()));
  u32(out, central_at);
  u16(out, 0);  // comment length
  return out;
}

}  // namespace attnlab
