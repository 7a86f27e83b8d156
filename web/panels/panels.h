// The playground's panels, one concern each (as in imgui_demo.cpp). Each reads the App and edits settings
// through App::apply / App::set_state, so every edit lands in the URL hash and resets what it must.
#pragma once

#include "web/app/app.h"

namespace attnlab {

void ShowDataPanel(App& app);        // the task, examples, your own sentence and its predicted labels
void ShowModelPanel(App& app);       // architecture (changes restart training, said before it happens)
void ShowTrainingPanel(App& app);    // run / pause / step / reset, curves, confusion matrix
void ShowAttentionPanel(App& app);   // one heatmap per layer and head; the same weights as lines
void ShowStepPanel(App& app);        // one query's computation with the model's real numbers
void ShowMatrixPanel(App& app);      // I, Q, K, V, A, A', O as matrices; only Wq, Wk, Wv, Wo are learned
void ShowPositionalEncodingPanel(App& app);  // PE, PE·PEᵀ, learned table, longer than the table
void ShowComparePanel(App& app);     // attention vs a baseline, same task and seed
void ShowHistoryPanel(App& app);     // replay attention and PE snapshots from step 0 to now

}  // namespace attnlab
