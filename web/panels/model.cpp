// Model: the architecture. Changes restart training, so they are collected and applied together, after
// saying so (left column).
#include <algorithm>
#include <string>

#include "imgui.h"
#include "web/panels/controls.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// Edits to the architecture collect in app.pending and apply together, after the user has been told that
// training starts again.
void ShowModelPanel(App& app) {
  AppState& p = app.pending;
  const float w = ImGui::GetFontSize() * 8;
  auto combo = [&](const char* label, std::string* value, const char* key, const char* help) {
    const StateField* f = find_state_field(key);
    ImGui::SetNextItemWidth(w);
    int chosen = ui::ChoiceIndex(f->choices, *value);
    if (ui::Combo(label, &chosen, f->choices, value->c_str())) *value = f->choices[static_cast<std::size_t>(chosen)];
    HelpMarker(help);
  };
  auto slider = [&](const char* label, const char* key, int* v, const char* help, int multiple = 1) {
    ImGui::SetNextItemWidth(w);
    SettingInt(label, key, v, multiple);  // the setting's whole range, as links and the command line have it
    HelpMarker(help);
  };
  combo(S().model_kind, &p.model, "model", S().model_kind_help);
  if (p.model == "attention") {
    slider(S().model_layers, "layers", &p.layers, S().model_layers_help);
    slider(S().model_heads, "heads", &p.heads, S().model_heads_help);
    slider(S().model_dim, "dim", &p.dim, S().model_dim_help, 4);  // multiples of 4: 1, 2 and 4 heads divide them
    combo(S().model_pe, &p.pe, "pe", S().model_pe_help);
    if (p.pe == "learned") slider(S().model_max_len, "max_len", &p.max_len, S().model_max_len_help);
    if (p.pe == "sinusoidal") {
      ImGui::SetNextItemWidth(w);
      SettingFloat(S().model_pe_scale, "pe_scale", &p.pe_scale, "%.2f");
      HelpMarker(S().model_pe_scale_help);
    }
    combo(S().model_mask, &p.mask, "mask", S().model_mask_help);
    if (p.mask == "window") slider(S().model_window, "window", &p.window, S().model_window_help);
    if (p.mask == "graph" && app.state.task != "graph")
      ui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "%s", S().model_graph_needs_task);
    combo(S().model_norm, &p.norm, "norm", S().model_norm_help);
    combo(S().model_relevance, &p.relevance, "relevance", S().model_relevance_help);
  } else {
    if (p.model != "rnn") slider(S().model_k, "k", &p.k, S().model_k_help);
    if (p.model == "rnn") combo(S().model_rnn, &p.rnn, "rnn", S().model_rnn_help);
  }
  slider(S().model_seed, "seed", &p.seed, S().model_seed_help);

  const bool changed = state_to_query(p) != state_to_query(app.state);
  if (changed) {
    const Message problem = check_state_message(p);
    ImGui::Spacing();
    if (!problem.empty()) {
      ImGui::PushTextWrapPos(0);
      ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", MessageText(problem).c_str());
      ImGui::PopTextWrapPos();
    } else {
      ui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "%s", S().model_pending);
      if (ui::Button(S().model_apply)) app.apply(p);
      ImGui::SameLine();
    }
    if (ui::Button(S().model_cancel)) p = app.state;
  }
  ImGui::Spacing();
  if (app.runs.main.trainer) {
    ImGui::PushTextWrapPos(0);
    ui::TextDisabled(S().model_summary, app.runs.main.what.c_str(), app.runs.main.trainer->model().num_parameters());
    ImGui::PopTextWrapPos();
  }
  if (!app.runs.main.error.empty()) {
    ImGui::PushTextWrapPos(0);
    ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", app.runs.main.error.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!app.runs.main.trainer) WayBack(app);
}

}  // namespace attnlab
