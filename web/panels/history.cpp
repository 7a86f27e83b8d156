// History: replay how attention and the positional table formed, snapshot by snapshot.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/panels/controls.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

void ShowHistoryPanel(App& app, PanelTextures& tex) {
  ui::Intro(S().history_intro, app.picks.compact);
  if (!app.runs.main.trainer) {
    NoModel(app);
    ShowExportMenu(app, Panel::history);
    return;
  }
  const Trainer& tr = *app.runs.main.trainer;
  const auto& snaps = tr.snapshots();
  if (snaps.empty()) {
    ui::TextDisabled("%s", S().history_empty);
    ShowExportMenu(app, Panel::history);
    return;
  }
  const int n = static_cast<int>(snaps.size());
  bool& playing = app.picks.history_playing;
  double& play_mark = app.picks.history_play_mark;
  if (ui::Button(playing ? S().history_stop : S().history_play)) {
    playing = !playing;
    if (playing && (app.picks.history < 0 || app.picks.history >= n - 1)) app.picks.history = 0;
    play_mark = app.clock.now_ms;
  }
  if (playing && app.clock.now_ms - play_mark > 250) {  // four snapshots a second
    play_mark = app.clock.now_ms;
    if (++app.picks.history >= n) {
      app.picks.history = -1;
      playing = false;
    }
  }
  ImGui::SameLine();
  int pick = app.picks.history < 0 ? n - 1 : std::min(app.picks.history, n - 1);
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 10);
  char fmt[64];
  std::snprintf(fmt, sizeof fmt, S().history_step_format, snaps[static_cast<std::size_t>(pick)].step);
  ui::a11y::SetNextName(S().history_scrub);
  if (ui::SliderInt("##scrub", &pick, 0, n - 1, fmt)) {
    app.picks.history = pick;
    playing = false;
  }
  ImGui::SameLine();
  if (ui::Button(S().history_latest)) {
    app.picks.history = -1;
    playing = false;
  }
  HelpMarker(S().history_help);
  ui::ZoomButtons("history", tex.zoom_history);
  ShowExportMenu(app, Panel::history);
  const Snapshot& s = snaps[static_cast<std::size_t>(pick)];

  // The probe's tokens, as labels.
  const std::vector<std::string> labels = probe_labels(app, s.len);
  if (s.layers == 0) {
    ui::TextDisabled("%s", S().math_not_attention);
    return;
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const bool has_pe = s.pe_rows > 0;
  const float grid_w = has_pe ? avail.x * 0.68f : avail.x;
  const float gap = 8;
  const float side = std::max(
      70.0f,
      std::min((grid_w - gap * static_cast<float>(s.heads)) / static_cast<float>(s.heads),
               (avail.y - ImGui::GetFontSize() * 2 * static_cast<float>(s.layers)) / static_cast<float>(s.layers)));
  ImGui::BeginGroup();
  for (int l = 0; l < s.layers; ++l)
    for (int h = 0; h < s.heads; ++h) {
      if (h > 0) ImGui::SameLine(0, gap);
      ImGui::BeginGroup();
      ui::Text(S().attn_head_title, l + 1, h + 1);
      gfx::HeatmapHover hv =
          ui::LabelledHeatmap(tex.head(100 + l * s.heads + h), s.head(l, h), s.len, s.len, labels, labels,
                              ImVec2(side, side), {gfx::Colormap::Sequential, 0.0f, 1.0f}, true, &tex.zoom_history);
      if (hv.row >= 0)
        ui::SetTooltip(S().attn_hover, labels[static_cast<std::size_t>(hv.row)].c_str(),
                       labels[static_cast<std::size_t>(hv.col)].c_str(), static_cast<double>(hv.value));
      ImGui::EndGroup();
    }
  ImGui::EndGroup();
  if (has_pe) {
    ImGui::SameLine(0, 16);
    ImGui::BeginGroup();
    ui::TextUnformatted(S().history_pe);
    float r = 1e-6f;
    for (float v : s.pe) r = std::max(r, std::fabs(v));
    const float pw = avail.x - grid_w - 16;
    ui::LabelledHeatmap(tex.history_pe, s.pe.data(), s.pe_rows, s.pe_cols, {}, {}, ImVec2(pw, avail.y * 0.8f),
                        {gfx::Colormap::Diverging, -r, r}, true);
    ImGui::EndGroup();
  }
}

}  // namespace attnlab
