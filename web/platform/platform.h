// What differs between the browser and the desktop, behind plain functions (web/platform/platform.cpp).
#pragma once

#include <string>

#include "web/app/state.h"

namespace attnlab {

// The browser: the settings in the page's URL hash ("#task=pos&heads=2"); the desktop: "".
std::string read_url_state();
// The browser: replace the URL hash with the settings (no new history entry); the desktop: nothing.
void publish_state_to_url(const AppState& s);

}  // namespace attnlab
