// The Attention Lab app: one App object holds the settings (AppState), the engine objects and the views.
// This is the one place where the engine and the views meet; panels are Show...Panel(App&) functions.
#pragma once

#include <memory>
#include <string>

#include "engine/tensor.h"
#include "web/heatmap.h"

namespace attnlab {

// Every user-visible setting. (Later: serialized to the URL hash on the web and to flags on the desktop.)
struct AppState {
  int pe_len = 48;  // positions shown in the positional-encoding panel
  int pe_dim = 64;  // model width D
};

struct App {
  AppState state;

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
