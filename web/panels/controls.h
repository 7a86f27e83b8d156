// Controls that edit one setting of AppState. Each takes the setting's range from the state table
// (web/app/state.h), which takes it from the engine's settings table where the command line reads it too:
// a slider, a link and a flag accept the same values.
#pragma once

#include <string>

#include "web/app/state.h"

namespace attnlab {

struct App;

// A slider over the whole range of an integer setting (`key` as in the URL). Odd settings snap to odd
// values; `multiple` > 1 snaps to multiples of it (not below the range's start). A range too wide to drag
// (the seed) is a number field instead. True when *v changed.
bool SettingInt(const char* label, const char* key, int* v, int multiple = 1, const char* format = "%d");
// A logarithmic slider over the whole range of a number setting. True when *v changed.
bool SettingFloat(const char* label, const char* key, float* v, const char* format = "%.4f");

// One setting as a compact control, labelled with its URL name (embed mode's controls): a combo for a choice, a
// slider over its range (a number field for the seed), a checkbox for true/false. A change applies at once
// through App::set_state, a slider that rebuilds the model when it is released; a refused value becomes a notice.
void SettingControl(App& app, const std::string& key, float width);
// The width SettingControl takes with a control `width` wide.
float SettingControlWidth(const std::string& key, float width);

// The way back when the main run cannot train (App::trouble): a diverged run's message and a button that lowers
// the learning rate and starts again; a run that could not be built or stopped on an error gets a button back to
// the settings that trained (App::back_to_working); with_reason: the run's error above it. Nothing when the run
// is fine.
void WayBack(App& app, bool with_reason = false);
// A view with no model to show: says so, why, and the way back (so it is on screen in every layout, also where
// the Model and Training panels are in the closed drawer).
void NoModel(App& app);
// The pos task's corpus on its way (Runs::data_pending): how much has arrived, as text and a bar.
// brief: only the line on training while the corpus streams in (the Training panel; the Data panel has the bar).
void CorpusProgress(App& app, bool brief = false);

}  // namespace attnlab
