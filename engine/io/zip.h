// A .zip archive of files kept in memory, written "stored" (no compression), as every unzip tool and
// Python's zipfile read it. Used for the PyTorch export in the browser (torch_export.h): one download of
// the same files `attnlab export-torch` writes into a folder.
//
// Layout (PKWARE APPNOTE 6.3): per file a local header + its bytes; then the central directory (one entry
// per file) and the end-of-central-directory record. Times are fixed at 1980-01-01 00:00, so the same files
// always give the same bytes. No ZIP64: every file and the whole archive must stay under 4 GiB, and there
// can be at most 65535 files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace attnlab {

struct ZipEntry {
  std::string name;                 // path inside the archive, '/' separated
  std::vector<std::uint8_t> bytes;  // the file's contents
};

// The archive's bytes. Throws std::invalid_argument for an empty or over-long name, or sizes past the limits.
std::vector<std::uint8_t> make_zip(const std::vector<ZipEntry>& files);

}  // namespace attnlab
