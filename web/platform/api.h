// The embedding API's C++ side: window.attnlab (web/platform/api.js) calls these through Module.ccall. Each
// returns JSON text in a buffer that stays valid until the next call. Also usable natively (tests, desktop flags).
#pragma once

#include <string>

namespace attnlab {

struct App;

// The App the API talks to (set once by main).
void api_bind(App* app);

// {"task": "pos", "heads": 4, ...}: every setting, typed.
std::string api_get_state_json();
// Applies {"heads": 2, "pe": "learned"}; "" on success, else the problems joined by "\n" (nothing changed).
std::string api_set_state_json(const std::string& json);

// train, step, reset, setInput, metrics, predictions, attention: name + JSON array of arguments ->
// {"ok": result} or {"error": message}.
std::string api_call(const std::string& name, const std::string& args_json);

// loadData(text, name): App::load_data, then {"ok": {name, format, sentences, tokens, tags, train, dev, chance,
// chanceTag}} or {"error": "name: line 12: ..."} (nothing changed).
std::string api_load_data(const std::string& text, const std::string& name);

}  // namespace attnlab
