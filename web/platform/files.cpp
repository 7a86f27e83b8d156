#include "web/platform/files.h"

#include "web/platform/platform.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <utility>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>

// clang-format off
EM_JS(int, js_download, (const char* name, const char* mime, const std::uint8_t* bytes, int size), {
  try {
    var copy = HEAPU8.slice(bytes, bytes + size);  // the Blob must not alias the heap (it may grow)
    var blob = new Blob([copy], {type: UTF8ToString(mime)});
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = UTF8ToString(name);
    a.style.display = "none";
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    return 1;
  } catch (e) {
    console.warn("attnlab: download failed", e);
    return 0;
  }
});
EM_JS(int, js_pick_file, (const char* accept), {
  if (!window.attnlab || !window.attnlab._pickFile) return 0;
  window.attnlab._pickFile(UTF8ToString(accept));
  return 1;
});
// clang-format on
#endif

namespace attnlab {

static std::function<void(const OpenedFile&)>& open_file_hook() {
  static std::function<void(const OpenedFile&)> hook;
  return hook;
}

void set_open_file_hook(std::function<void(const OpenedFile&)> hook) { open_file_hook() = std::move(hook); }

void deliver_opened_file(const OpenedFile& file) {
  if (open_file_hook()) open_file_hook()(file);
}

static std::string base_name(const std::string& path) {
  const std::size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

void deliver_file_at_path(const std::string& path) {
  OpenedFile f;
  f.name = base_name(path);
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) {
    f.error = "cannot read " + path;
  } else if (static_cast<std::size_t>(in.tellg()) > kMaxOpenFileBytes) {
    f.error = f.name + " is larger than " + std::to_string(kMaxOpenFileBytes >> 20) + " MB, the most the app opens";
  } else {
    in.seekg(0);
    f.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) f.error = "cannot read " + path;
  }
  deliver_opened_file(f);
}

std::string offer_download(const std::string& name, const std::string& mime, const std::vector<std::uint8_t>& bytes,
                           std::string* where) {
#if defined(__EMSCRIPTEN__)
  if (!js_download(name.c_str(), mime.c_str(), bytes.data(), static_cast<int>(bytes.size())))
    return "the browser refused the download of " + name;
  if (where) *where = name;
  return "";
#else
  (void)mime;
  std::ofstream out(name, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return "cannot write " + name + " in the current folder";
  if (where) *where = name;
  return "";
#endif
}

std::string offer_download(const std::string& name, const std::string& mime, const std::string& text,
                           std::string* where) {
  return offer_download(name, mime, std::vector<std::uint8_t>(text.begin(), text.end()), where);
}

bool pick_file(const char* accept) {
#if defined(__EMSCRIPTEN__)
  return js_pick_file(accept) != 0;
#else
  (void)accept;
  return false;
#endif
}

}  // namespace attnlab

#if defined(__EMSCRIPTEN__)
// The page's picker and drop handler (web/platform/api.js) hand each file here: `bytes` is a heap copy the
// caller frees; `error` non-empty when the file was refused before reading (too large).
ATTNLAB_EXPORT void attnlab_open_file(const char* name, const std::uint8_t* bytes, int size, const char* error) {
  attnlab::OpenedFile f;
  f.name = name ? name : "";
  f.error = error ? error : "";
  if (f.error.empty() && bytes && size > 0) f.bytes.assign(bytes, bytes + size);
  attnlab::deliver_opened_file(f);
}
ATTNLAB_EXPORT int attnlab_max_open_file_bytes() { return static_cast<int>(attnlab::kMaxOpenFileBytes); }
#endif
