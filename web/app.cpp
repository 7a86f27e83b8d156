#include "web/app.h"

#include <algorithm>
#include <cstdio>

#include "engine/posenc.h"
#include "imgui.h"
#include "web/strings.h"

namespace attnlab {

using ui::S;

void App::update() {
  if (state.pe_len != pe_len_built || state.pe_dim != pe_dim_built) {
    pe = sinusoidal_encoding(state.pe_len, state.pe_dim);
    pe_sim.resize(state.pe_len, state.pe_len);
    pe_sim.noalias() = pe * pe.transpose();
    pe_len_built = state.pe_len;
    pe_dim_built = state.pe_dim;
  }
}

// (?) marker with the idea and the formula, as in imgui_demo.cpp.
static void HelpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

static void ShowPositionalEncodingPanel(App& app) {
  AppState& st = app.state;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(S().pe_intro);
  ImGui::PopTextWrapPos();
  ImGui::Spacing();

  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  ImGui::SliderInt(S().pe_length, &st.pe_len, 2, 256);
  HelpMarker(S().pe_length_help);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  if (ImGui::SliderInt(S().pe_dim, &st.pe_dim, 2, 128)) st.pe_dim += st.pe_dim % 2;  // sin/cos pairs
  HelpMarker(S().pe_dim_help);
  app.update();

  const float avail = ImGui::GetContentRegionAvail().x;
  const float side = std::max(120.0f, std::min((avail - ImGui::GetStyle().ItemSpacing.x) * 0.5f,
                                               ImGui::GetContentRegionAvail().y - 3 * ImGui::GetFrameHeight()));

  ImGui::BeginGroup();
  ImGui::TextUnformatted(S().pe_matrix);
  HelpMarker(S().pe_matrix_help);
  gfx::HeatmapStyle pe_style{gfx::Colormap::Diverging, -1.0f, 1.0f};
  gfx::HeatmapHover h = app.pe_view.draw(app.pe.data(), static_cast<int>(app.pe.rows()),
                                         static_cast<int>(app.pe.cols()), ImVec2(side, side), pe_style);
  if (h.row >= 0) ImGui::SetTooltip(S().pe_hover_cell, h.row, h.col, h.value);
  ImGui::TextDisabled("%s   %s", S().axis_position, S().axis_dimension);
  ImGui::EndGroup();

  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::TextUnformatted(S().pe_similarity);
  HelpMarker(S().pe_similarity_help);
  const float sim_max = app.pe_sim.maxCoeff();
  gfx::HeatmapStyle sim_style{gfx::Colormap::Sequential, app.pe_sim.minCoeff(), sim_max};
  h = app.pe_sim_view.draw(app.pe_sim.data(), static_cast<int>(app.pe_sim.rows()),
                           static_cast<int>(app.pe_sim.cols()), ImVec2(side, side), sim_style);
  if (h.row >= 0) ImGui::SetTooltip(S().pe_hover_similarity, h.row, h.col, h.value);
  ImGui::EndGroup();
}

static void ShowStatusBar(App& app) {
  ImGui::TextDisabled(S().status_fps, app.fps);
}

void ShowApp(App& app, float width, float height) {
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("##root", nullptr, flags);
  ImGui::TextUnformatted(S().app_title);
  ImGui::SameLine();
  ImGui::TextDisabled("%s", S().app_subtitle);
  ImGui::SameLine(std::max(0.0f, width - ImGui::GetFontSize() * 5));
  ShowStatusBar(app);
  ImGui::Separator();
  if (ImGui::BeginTabBar("##panels")) {
    if (ImGui::BeginTabItem(S().pe_window)) {
      ShowPositionalEncodingPanel(app);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace attnlab
