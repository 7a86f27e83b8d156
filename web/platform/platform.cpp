#include "web/platform/platform.h"

#include <cstdlib>
#include <thread>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>

// clang-format off
EM_JS(void, js_write_hash, (const char* q), {
  var query = UTF8ToString(q);
  var url = window.location.pathname + window.location.search + (query ? "#" + query : "");
  try { history.replaceState(null, "", url); } catch (e) { /* sandboxed iframe: keep going */ }
  if (window.attnlab && window.attnlab._stateChanged) window.attnlab._stateChanged(query);
});
EM_JS(int, js_copy_text, (const char* t), {
  var text = UTF8ToString(t);
  // A selected textarea and "copy" works in every browser while the click's user activation lasts; the
  // asynchronous clipboard is the second try (it needs a focused, secure page).
  var ok = false;
  try {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    ok = document.execCommand("copy");
    area.remove();
  } catch (e) { ok = false; }
  var canvas = document.getElementById("canvas");
  if (canvas) canvas.focus();
  if (ok) return 1;
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).catch(function (e) { console.warn("attnlab: clipboard refused", e); });
      return 1;
    }
  } catch (e) { /* refused */ }
  return 0;
});
EM_JS(int, js_open_url, (const char* u), {
  try {
    var w = window.open(UTF8ToString(u), "_blank");  // null when a pop-up blocker refused
    if (!w) return 0;
    try { w.opener = null; } catch (e) { /* another origin: nothing to cut */ }
    return 1;
  } catch (e) {
    return 0;
  }
});
// clang-format on
#else
#include <SDL.h>
#endif

namespace attnlab {

std::string read_url_state() {
#if defined(__EMSCRIPTEN__)
  const char* p = emscripten_run_script_string("window.location.hash || ''");  // owned by Emscripten
  return p ? p : "";
#else
  return "";
#endif
}

void publish_state_to_url(const AppState& s) {
#if defined(__EMSCRIPTEN__)
  js_write_hash(state_to_query(s).c_str());
#else
  (void)s;
#endif
}

int logical_cores() {
#if defined(__EMSCRIPTEN__)
  return emscripten_run_script_int("(navigator.hardwareConcurrency | 0)");
#else
  return static_cast<int>(std::thread::hardware_concurrency());
#endif
}

std::string preferred_language() {
#if defined(__EMSCRIPTEN__)
  const char* p =
      emscripten_run_script_string("(navigator.languages && navigator.languages[0]) || navigator.language || ''");
  const std::string first = p ? p : "";
#else
  std::string first;
  for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(name);
    if (v && *v) {
      first = v;
      break;
    }
  }
#endif
  return first.size() >= 2 && (first[0] == 'z' || first[0] == 'Z') && (first[1] == 'h' || first[1] == 'H') ? "zh"
                                                                                                           : "en";
}

std::string page_url() {
#if defined(__EMSCRIPTEN__)
  const char* p = emscripten_run_script_string("window.location.href.split('#')[0]");
  return p ? p : "";
#else
  return "";
#endif
}

bool copy_text(const std::string& text) {
#if defined(__EMSCRIPTEN__)
  return js_copy_text(text.c_str()) != 0;
#else
  return SDL_SetClipboardText(text.c_str()) == 0;
#endif
}

bool open_url(const std::string& url) {
#if defined(__EMSCRIPTEN__)
  return js_open_url(url.c_str()) != 0;
#else
  return SDL_OpenURL(url.c_str()) == 0;
#endif
}

}  // namespace attnlab
