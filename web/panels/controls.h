// Controls that edit one setting of AppState. Each takes the setting's range from the state table
// (web/app/state.h), which takes it from the engine's settings table where the command line reads it too:
// a slider, a link and a flag accept the same values.
#pragma once

#include "web/app/state.h"

namespace attnlab {

// A slider over the whole range of an integer setting (`key` as in the URL). Odd settings snap to odd
// values; `multiple` > 1 snaps to multiples of it (not below the range's start). A range too wide to drag
// (the seed) is a number field instead. True when *v changed.
bool SettingInt(const char* label, const char* key, int* v, int multiple = 1, const char* format = "%d");
// A logarithmic slider over the whole range of a number setting. True when *v changed.
bool SettingFloat(const char* label, const char* key, float* v, const char* format = "%.4f");

}  // namespace attnlab
