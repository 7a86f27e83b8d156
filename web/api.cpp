#include "web/api.h"

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

#include "web/app.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#define ATTNLAB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define ATTNLAB_EXPORT extern "C"
#endif

namespace attnlab {

static App* g_app = nullptr;

void api_bind(App* app) { g_app = app; }
App* g_app_for_url() { return g_app; }

std::string api_get_state_json() {
  nlohmann::json j = nlohmann::json::object();
  if (!g_app) return j.dump();
  for (const auto& f : state_fields()) {
    const std::string v = f.get(g_app->state);
    switch (f.kind) {
      case StateField::Kind::integer: j[f.name] = std::stoll(v); break;
      case StateField::Kind::number: j[f.name] = std::stod(v); break;
      case StateField::Kind::boolean: j[f.name] = (v == "true"); break;
      case StateField::Kind::text: j[f.name] = v; break;
    }
  }
  return j.dump();
}

std::string api_set_state_json(const std::string& text) {
  if (!g_app) return "the app is not running";
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return "setState expects an object such as {heads: 2}";
  std::vector<std::pair<std::string, std::string>> kv;
  std::vector<std::string> problems;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const auto& v = it.value();
    if (v.is_string()) kv.emplace_back(it.key(), v.get<std::string>());
    else if (v.is_boolean()) kv.emplace_back(it.key(), v.get<bool>() ? "true" : "false");
    else if (v.is_number_integer()) kv.emplace_back(it.key(), std::to_string(v.get<long long>()));
    else if (v.is_number()) kv.emplace_back(it.key(), v.dump());
    else problems.push_back(it.key() + ": expected a number, a string or true/false, got " + v.dump());
  }
  if (!problems.empty()) {
    // Still report unknown keys and bad values among the rest, but change nothing.
    AppState scratch = g_app->state;
    for (auto& p : apply_pairs(scratch, kv)) problems.push_back(p);
  } else {
    problems = g_app->set_state(kv);
  }
  std::string out;
  for (const auto& p : problems) out += (out.empty() ? "" : "\n") + p;
  return out;
}

}  // namespace attnlab

// ------------------------------------------------------------------------------------------------ C exports
static std::string g_buffer;

ATTNLAB_EXPORT const char* attnlab_get_state() {
  g_buffer = attnlab::api_get_state_json();
  return g_buffer.c_str();
}

ATTNLAB_EXPORT const char* attnlab_set_state(const char* json) {
  g_buffer = attnlab::api_set_state_json(json ? json : "");
  return g_buffer.c_str();
}

ATTNLAB_EXPORT const char* attnlab_version() { return ATTNLAB_VERSION; }

// The user edited the URL hash by hand: apply what is valid, show the rest as notices.
ATTNLAB_EXPORT void attnlab_load_url(const char* query) {
  if (attnlab::g_app_for_url()) attnlab::g_app_for_url()->load_url_state(query ? query : "");
}
