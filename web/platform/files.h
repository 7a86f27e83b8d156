// Files in and out of the app, the same calls in the browser and on the desktop:
//   out: offer_download() — the browser downloads the bytes (a Blob and a link with `download`), the desktop
//        writes them into the current directory;
//   in:  a file picked with pick_file() (browser), or dropped on the page (browser) or the window (desktop),
//        arrives at the hook set by set_open_file_hook(), once per file, on the UI thread between frames.
// Files larger than kMaxOpenFileBytes are refused before they are read (the hook gets `error`, no bytes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace attnlab {

inline constexpr std::size_t kMaxOpenFileBytes = 64u << 20;  // 64 MiB: more than any model or corpus here

struct OpenedFile {
  std::string name;                 // the file's name, without folders
  std::vector<std::uint8_t> bytes;  // its contents (empty when `error` is set)
  std::string error;                // "" = read; else why it was not (too large, unreadable)
};

// Offers `bytes` to the user as the file `name` (MIME type `mime`, e.g. "image/png"). Returns "" when done and
// sets `where` to what the user should look for (the browser: the name of the download; the desktop: the
// path written); else the problem in words.
std::string offer_download(const std::string& name, const std::string& mime, const std::vector<std::uint8_t>& bytes,
                           std::string* where = nullptr);
std::string offer_download(const std::string& name, const std::string& mime, const std::string& text,
                           std::string* where = nullptr);

// The browser: opens the file picker (`accept`, e.g. ".model,.conllu,.txt"); the chosen file comes to the
// hook. Returns false where there is no picker (the desktop: drop the file on the window instead).
bool pick_file(const char* accept);

// Who receives opened files (set once by main). Without a hook, files are ignored.
void set_open_file_hook(std::function<void(const OpenedFile&)> hook);
// Hands a file to the hook (the platform calls this: drop events, the picker, attnlab_open_file).
void deliver_opened_file(const OpenedFile& file);
// The desktop: reads a dropped file's path (size limit checked first) and delivers it.
void deliver_file_at_path(const std::string& path);

}  // namespace attnlab
