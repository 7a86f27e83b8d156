#include "web/app.h"

#include <algorithm>
#include <cstdio>

#include "engine/posenc.h"
#include "imgui.h"
#include "web/platform.h"
#include "web/strings.h"

namespace attnlab {

using ui::S;

void App::update() {
  if (state.pe_len != pe_len_built || state.dim != pe_dim_built) {
    pe = sinusoidal_encoding(state.pe_len, state.dim);
    pe_sim.resize(state.pe_len, state.pe_len);
    pe_sim.noalias() = pe * pe.transpose();
    pe_len_built = state.pe_len;
    pe_dim_built = state.dim;
  }
}

std::vector<std::string> App::set_state(const std::vector<std::pair<std::string, std::string>>& kv) {
  const AppState before = state;
  std::vector<std::string> problems = apply_pairs(state, kv);
  if (problems.empty()) state_changed(before);
  return problems;
}

void App::load_url_state(const std::string& query) {
  const AppState before = state;
  const auto pairs = parse_query(query);
  if (!apply_pairs(state, pairs).empty()) {  // some are bad: take the good ones one by one
    for (const auto& pair : pairs) {
      std::vector<std::string> problems = apply_pairs(state, {pair});
      for (auto& p : problems) notices.push_back("Link setting ignored: " + p);
    }
  }
  state_changed(before);
}

std::string App::apply(const AppState& next) {
  const std::string problem = check_state(next);
  if (!problem.empty()) return problem;
  const AppState before = state;
  state = next;
  state_changed(before);
  return "";
}

void App::state_changed(const AppState& before) {
  (void)before;
  publish_state_to_url(state);
  update();
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

  AppState next = st;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  bool changed = ImGui::SliderInt(S().pe_length, &next.pe_len, 2, 256);
  HelpMarker(S().pe_length_help);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  if (ImGui::SliderInt(S().pe_dim, &next.dim, 2, 128)) {
    next.dim += next.dim % 2;  // sin/cos pairs
    while (next.dim % next.heads) next.heads /= 2;  // keep heads dividing the width
    changed = true;
  }
  HelpMarker(S().pe_dim_help);
  if (changed) app.apply(next);
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

// Problems the user should know about (a bad setting in a shared link, input the model cannot take), in a
// band under the title until dismissed.
static void ShowNotices(App& app) {
  if (app.notices.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.35f, 0.22f, 0.05f, 1.0f));
  const float h = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(std::min<std::size_t>(app.notices.size(), 4)) +
                  ImGui::GetStyle().WindowPadding.y * 2;
  ImGui::BeginChild("##notices", ImVec2(0, h), false);
  if (ImGui::SmallButton(S().dismiss)) app.notices.clear();
  ImGui::SameLine();
  ImGui::BeginGroup();
  const std::size_t first = app.notices.size() > 4 ? app.notices.size() - 4 : 0;
  for (std::size_t i = first; i < app.notices.size(); ++i) ImGui::TextUnformatted(app.notices[i].c_str());
  ImGui::EndGroup();
  ImGui::EndChild();
  ImGui::PopStyleColor();
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
  ShowNotices(app);
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
