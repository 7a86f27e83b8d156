// The Attention Lab app: one App object holds the settings (AppState), the engine objects and the views.
// This is the one place where the engine and the views meet; panels are Show...Panel(App&) functions.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/tensor.h"
#include "web/heatmap.h"
#include "web/state.h"

namespace attnlab {


struct App {
  AppState state;
  std::vector<std::string> notices;  // problems to show the user (bad URL settings, bad input), newest last

  // Applies settings (URL hash, JS API, desktop flags, UI edits go through here). All or nothing: on a
  // problem nothing changes and the messages are returned. Rebuilds the model when the architecture changed.
  std::vector<std::string> set_state(const std::vector<std::pair<std::string, std::string>>& kv);
  // Settings from a shared link: each valid one is applied, each bad one becomes a notice (a teacher's link
  // with one typo still opens the rest of the configured view).
  void load_url_state(const std::string& query);
  // The same for a whole edited copy (what a panel's widgets produce). Returns the problem, "" if applied.
  std::string apply(const AppState& next);
  // Called after every change of `state`: keeps the URL hash in step (web) and rebuilds what depends on it.
  void state_changed(const AppState& before);

  // Derived data, recomputed when the state changes.
  Mat pe;          // (pe_len, pe_dim) sinusoidal positional encoding
  Mat pe_sim;      // (pe_len, pe_len) PE·PEᵀ
  int pe_len_built = -1, pe_dim_built = -1;

  gfx::Heatmap pe_view, pe_sim_view;

  float fps = 0.0f;
  long long frame = 0;

  void update();  // recompute what the state changed
};

// Draw one frame of UI (all panels) for a window of the given size in pixels.
void ShowApp(App& app, float width, float height);

}  // namespace attnlab
