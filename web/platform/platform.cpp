#include "web/platform/platform.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>

// clang-format off
EM_JS(void, js_write_hash, (const char* q), {
  var query = UTF8ToString(q);
  var url = window.location.pathname + window.location.search + (query ? "#" + query : "");
  try { history.replaceState(null, "", url); } catch (e) { /* sandboxed iframe: keep going */ }
  if (window.attnlab && window.attnlab._stateChanged) window.attnlab._stateChanged(query);
});
// clang-format on
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

}  // namespace attnlab
