// Attention: what every head of every layer attends to, for the current input, as the model trains.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "imgui.h"
#include "web/panels/controls.h"
#include "web/panels/image_views.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// The same weights drawn as lines from each query token (top row) to the keys (bottom row); line width and
// opacity = α'. query < 0 draws every query.
static void AttentionLines(const App& app, const float* w, int T, int query, ImVec2 size) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float lh = ImGui::GetTextLineHeight();
  const float y_top = p.y + lh + 4, y_bot = p.y + size.y - lh - 4;
  auto x_of = [&](int i) { return p.x + size.x * (static_cast<float>(i) + 0.5f) / static_cast<float>(T); };
  for (int i = 0; i < T; ++i) {
    if (query >= 0 && i != query) continue;
    for (int j = 0; j < T; ++j) {
      const float a = w[i * T + j];
      if (a < 0.01f) continue;
      const ImU32 c = ImGui::GetColorU32(ImVec4(0.99f, 0.75f, 0.25f, std::min(1.0f, 0.15f + a)));
      dl->AddLine(ImVec2(x_of(i), y_top + 2), ImVec2(x_of(j), y_bot - 2), c, 0.5f + 7.0f * a);
    }
  }
  for (int i = 0; i < T; ++i) {
    const std::string& tok = app.view.tokens[static_cast<std::size_t>(i)];
    const float tw = ImGui::CalcTextSize(tok.c_str()).x;
    const ImU32 c = (query < 0 || i == query) ? IM_COL32(240, 240, 240, 255) : IM_COL32(140, 140, 140, 255);
    dl->AddText(ImVec2(x_of(i) - tw / 2, p.y), c, tok.c_str());
    dl->AddText(ImVec2(x_of(i) - tw / 2, y_bot + 2), IM_COL32(240, 240, 240, 255), tok.c_str());
  }
}

void ShowAttentionPanel(App& app, PanelTextures& tex) {
  const InputView& v = app.view;
  ui::Intro(ShowsImage(app) ? S().attn_img_intro : S().attn_intro, app.picks.compact);
  if (!v.error.empty()) {
    ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", MessageText(v.error_message).c_str());
    ShowExportMenu(app, Panel::attention);
    return;
  }
  if (v.layers == 0 || v.len == 0) {
    if (app.runs.main.trainer) ui::TextDisabled("%s", S().attn_none);
    else NoModel(app);
    ShowExportMenu(app, Panel::attention);
    return;
  }
  using Mode = ViewPicks::AttentionMode;
  Mode& mode = app.picks.attention_mode;
  const bool image = ShowsImage(app);
  if (image) {
    // An image of T = S·S pixels: each head's A' is T×T (144×144 for 12×12), unreadable whole. The view leads
    // with one row of it, the query pixel's, laid back out as an image; the matrices stay one click away.
    bool& pixel_map = app.picks.attention_pixel_map;
    if (ui::RadioButton(S().attn_img_mode_pixel, pixel_map)) pixel_map = true;
    ImGui::SameLine();
    if (ui::RadioButton(S().attn_img_mode_matrix, !pixel_map)) pixel_map = false;
    HelpMarker(S().attn_img_mode_help);
    ImGui::SameLine();
    ui::TextDisabled(S().attn_at_step, v.at_step);
    if (pixel_map) {
      ImGui::SameLine();
      ui::Checkbox(S().attn_img_over, &app.picks.attention_over_image);
    } else {
      ImGui::SameLine();
      ui::ZoomButtons("attention", tex.zoom_attention);
    }
    if (app.picks.attention_focus) {
      ImGui::SameLine();
      if (ui::SmallButton(S().attn_all_heads)) app.picks.attention_focus = false;
    }
    ShowExportMenu(app, Panel::attention);
    if (pixel_map) {
      ShowPixelAttention(app);
      return;
    }
    mode = Mode::heatmaps;  // lines between 144 pixels say nothing
  } else {
    if (ui::RadioButton(S().attn_heatmaps, mode == Mode::heatmaps)) mode = Mode::heatmaps;
    ImGui::SameLine();
    if (ui::RadioButton(S().attn_lines, mode == Mode::lines)) mode = Mode::lines;
    HelpMarker(S().attn_lines_help);
  }
  if (!image && mode == Mode::lines) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    const std::string q = app.picks.query < 0
                              ? S().attn_all_queries
                              : v.tokens[static_cast<std::size_t>(std::min(app.picks.query, v.len - 1))];
    // the first choice is every query at once (picks.query -1), then one per token
    std::vector<std::string> queries{S().attn_all_queries};
    queries.insert(queries.end(), v.tokens.begin(), v.tokens.begin() + v.len);
    int chosen = app.picks.query < 0 ? 0 : std::min(app.picks.query, v.len - 1) + 1;
    if (ui::Combo(S().attn_query, &chosen, queries, q.c_str())) app.picks.query = chosen - 1;
  }
  bool& focus = app.picks.attention_focus;
  if (!image) {
    ImGui::SameLine();
    ui::TextDisabled(S().attn_at_step, v.at_step);
    if (mode == Mode::heatmaps) {
      ImGui::SameLine();
      ui::ZoomButtons("attention", tex.zoom_attention);
      ImGui::SameLine();
      ui::ColourKey("0", "1", S().attn_colour_key);
    }
    // One cell per (layer, head), laid out in the number of columns that gives the largest squares; a click
    // on a head shows it alone, large enough to read long sentences.
    if (focus) {
      ImGui::SameLine();
      if (ui::SmallButton(S().attn_all_heads)) focus = false;
    }
    ShowExportMenu(app, Panel::attention);
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
  const float title = ImGui::GetTextLineHeightWithSpacing();
  const int n = focus ? 1 : v.layers * v.heads;
  int best_cols = 1;
  float side = 0;
  for (int cols = 1; cols <= n; ++cols) {
    const int rows = (n + cols - 1) / cols;
    const float w = (avail.x - gap * static_cast<float>(cols - 1)) / static_cast<float>(cols);
    const float h = (avail.y - (title + gap) * static_cast<float>(rows)) / static_cast<float>(rows);
    if (std::min(w, h) > side) {
      side = std::min(w, h);
      best_cols = cols;
    }
  }
  side = std::max(80.0f, side);
  // at that least size, or under a title wider than the heatmap, fewer columns fit: no head is cut at the right edge
  // (a 320 px wide page, 200 % zoom); the view scrolls down instead
  char widest[96];
  std::snprintf(widest, sizeof widest, S().attn_head_title, v.layers, v.heads);
  const float cell_w = std::max(side, ImGui::CalcTextSize(widest).x);
  const int fit = static_cast<int>((avail.x + gap) / (cell_w + gap));
  if (fit < best_cols) {  // fewer columns, each as wide as the view allows
    best_cols = std::max(1, fit);
    side = std::max(side, (avail.x - gap * static_cast<float>(best_cols - 1)) / static_cast<float>(best_cols));
  }
  for (int k = 0; k < n; ++k) {
    const int l = focus ? app.picks.layer : k / v.heads, h = focus ? app.picks.head : k % v.heads;
    if (k % best_cols != 0) ImGui::SameLine(0, gap);
    ImGui::BeginGroup();
    ui::Text(S().attn_head_title, l + 1, h + 1);
    const float* w = v.head(l, h);
    if (mode == Mode::heatmaps) {
      gfx::HeatmapHover hv =
          ui::LabelledHeatmap(tex.head(l * v.heads + h), w, v.len, v.len, v.tokens, v.tokens, ImVec2(side, side),
                              {gfx::Colormap::Sequential, 0.0f, 1.0f}, true, &tex.zoom_attention);
      if (hv.row >= 0) {
        ui::SetTooltip(S().attn_hover, v.tokens[static_cast<std::size_t>(hv.row)].c_str(),
                       v.tokens[static_cast<std::size_t>(hv.col)].c_str(), static_cast<double>(hv.value));
        if (hv.clicked) {
          app.picks.layer = l;
          app.picks.head = h;
          focus = !focus;
        }
      }
    } else {
      AttentionLines(app, w, v.len, app.picks.query < v.len ? app.picks.query : -1, ImVec2(side, side * 0.6f));
    }
    ImGui::EndGroup();
  }
}

}  // namespace attnlab
