// web/platform/: what runs the app on a machine. main.cpp (one main for the desktop, SDL2 + OpenGL 3.3, and
// the browser, SDL2 + WebGL2 through Emscripten: window, GL context, ImGui, the frame loop), platform.*
// (this file: what differs between the browser and the desktop, behind plain functions), api.h, api.cpp
// and api.js (the embedding API, window.attnlab).
//
// May depend on: everything (web/app/, web/panels/, web/ui/, the engine, SDL, Emscripten). Nothing includes
// web/platform/ except web/platform/ itself.
#pragma once

#include <string>

#include "web/app/state.h"

// The C functions the page's JavaScript calls (Module.ccall): kept alive and exported in the browser build.
#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#define ATTNLAB_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define ATTNLAB_EXPORT extern "C"
#endif

namespace attnlab {

// The browser: the settings in the page's URL hash ("#task=pos&heads=2"); the desktop: "".
std::string read_url_state();
// The browser: replace the URL hash with the settings (no new history entry); the desktop: nothing.
void publish_state_to_url(const AppState& s);
// The browser: the page's address without its hash ("https://host/path/"); the desktop: "".
std::string page_url();
// The language the user reads first: "zh" if the browser's first language (the desktop's LANGUAGE / LC_ALL /
// LC_MESSAGES / LANG) is Chinese, else "en".
std::string preferred_language();
// The machine's logical cores (the browser: navigator.hardwareConcurrency; the desktop: the thread library's
// count); 0 when it does not say.
int logical_cores();
// Text to the clipboard (the browser: navigator.clipboard, else a hidden textarea and copy; the desktop: SDL).
bool copy_text(const std::string& text);
// The browser: opens `url` in a new tab (false if a pop-up blocker refused); the desktop: the system's browser.
bool open_url(const std::string& url);

}  // namespace attnlab
