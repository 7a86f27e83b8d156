#include "web/panels/image_views.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "engine/data/image.h"
#include "imgui.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

namespace {

constexpr ImU32 kQueryColour = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kWrongColour = IM_COL32(255, 40, 60, 255);

int image_pixels(const InputView& v) { return v.grid_w * v.grid_h; }

std::string tag_text(const App& app, const std::vector<int>& tags, int p) {
  if (p < 0 || p >= static_cast<int>(tags.size())) return "-";
  const int t = tags[static_cast<std::size_t>(p)];
  return app.runs.data && app.runs.data->is_image() ? ImageTagName(t) : app.tag_name(t);
}

// What a pixel is: where, its colour, its true and predicted label.
void PixelTooltip(const App& app, int p) {
  const InputView& v = app.view;
  const float* rgb =
      3 * p + 2 < static_cast<int>(v.pixels.size()) ? &v.pixels[static_cast<std::size_t>(3 * p)] : nullptr;
  ui::BeginTooltip();
  ui::Text(S().img_pixel_tip, v.tokens[static_cast<std::size_t>(p)].c_str(), rgb ? static_cast<double>(rgb[0]) : 0.0,
           rgb ? static_cast<double>(rgb[1]) : 0.0, rgb ? static_cast<double>(rgb[2]) : 0.0);
  ui::Text(S().img_pixel_labels, tag_text(app, v.truth, p).c_str(),
           v.predicted.empty() ? "-" : tag_text(app, v.predicted, p).c_str());
  ImGui::EndTooltip();
}

std::vector<ImU32> label_colours(const std::vector<int>& tags, int n) {
  std::vector<ImU32> out(static_cast<std::size_t>(n), IM_COL32(0, 0, 0, 255));
  for (int i = 0; i < n && i < static_cast<int>(tags.size()); ++i)
    out[static_cast<std::size_t>(i)] = ImageTagColour(tags[static_cast<std::size_t>(i)]);
  return out;
}

// A label map for a screen reader: each pixel's label (a predicted one that is not `truth`'s marked wrong), and as
// its sentence how many pixels have each label, or, for a prediction, how many are wrong.
ui::a11y::Table LabelTable(const App& app, const char* title, const std::vector<int>& tags,
                           const std::vector<int>* truth, int wrong) {
  const InputView& v = app.view;
  const int T = image_pixels(v);
  ui::a11y::Table t;
  t.caption = title;
  std::vector<int> count;
  for (int p = 0; p < T; ++p) {
    const std::size_t i = static_cast<std::size_t>(p);
    std::string text = tag_text(app, tags, p);
    if (truth && i < truth->size() && i < tags.size() && (*truth)[i] != tags[i])
      text = ui::fill(S().img_cell_wrong, {{"tag", text}});
    t.texts.push_back(text);
    const int tag = i < tags.size() ? tags[i] : -1;
    if (tag >= 0) {
      if (tag >= static_cast<int>(count.size())) count.resize(static_cast<std::size_t>(tag) + 1, 0);
      ++count[static_cast<std::size_t>(tag)];
    }
  }
  if (wrong >= 0) {
    char line[160];
    std::snprintf(line, sizeof line, S().img_wrong_count, v.at_step, wrong, T);
    t.summary = line;
  } else {
    for (std::size_t tag = 0; tag < count.size(); ++tag)
      if (count[tag] > 0)
        t.summary += (t.summary.empty() ? "" : S().chart_comma) + tag_text(app, {static_cast<int>(tag)}, 0) + " " +
                     std::to_string(count[tag]);
  }
  return t;
}

// A title above a grid, as wide as the grid (cut where it is longer).
void GridTitle(const char* text, float width) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float line = ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(p, ImVec2(p.x + width, p.y + line), true);
  dl->AddText(p, ImGui::GetColorU32(ImGuiCol_Text), text);
  dl->PopClipRect();
  ImGui::Dummy(ImVec2(width, line));
}

// The first of the titles that fits in `width` (the last one if none does).
const char* Fitting(const std::vector<std::string>& titles, float width) {
  for (const std::string& t : titles)
    if (ImGui::CalcTextSize(t.c_str()).x <= width) return t.c_str();
  return titles.back().c_str();
}

// The legend of the label maps: one swatch per label, and the mark of a wrong one; wrapped to the width.
void LabelLegend(const App& app, bool with_wrong) {
  const float avail = ImGui::GetContentRegionAvail().x;
  float x = 0;
  const int tags = app.runs.data ? app.runs.data->tags() : 0;
  for (int t = 0; t <= tags; ++t) {
    const bool wrong = t == tags;
    if (wrong && !with_wrong) break;
    const char* name = wrong ? S().img_legend_wrong : ImageTagName(t);
    const float w = ImGui::GetTextLineHeight() + ImGui::CalcTextSize(name).x + 16;
    if (x > 0 && x + w <= avail) ImGui::SameLine(0, 12);
    else x = 0;
    x += w + 12;
    if (wrong) {
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float s = ImGui::GetTextLineHeight() * 0.8f, dy = (ImGui::GetTextLineHeight() - s) * 0.5f;
      ui::GridArea one;
      one.origin = ImVec2(p.x, p.y + dy);
      one.cell = s;
      one.w = one.h = 1;
      ImGui::GetWindowDrawList()->AddRectFilled(one.cell_min(0), one.cell_max(0), ImageTagColour(kSameInside));
      ui::CrossCell(one, 0, kWrongColour);
      ImGui::Dummy(ImVec2(s, ImGui::GetTextLineHeight()));
      ImGui::SameLine(0, 4);
      ui::TextUnformatted(name);
    } else {
      ui::Swatch(ImageTagColour(t), name);
    }
  }
}

// One head's weights of the query row as colours: α' / (the row's largest α'), bright where the query looks;
// over the image, the image dimmed underneath.
std::vector<ImU32> weight_colours(const InputView& v, const float* row, bool over_image, float* max_out) {
  const int T = image_pixels(v);
  float mx = 0;
  for (int j = 0; j < T; ++j) mx = std::max(mx, row[j]);
  *max_out = mx;
  std::vector<ImU32> out(static_cast<std::size_t>(T));
  for (int j = 0; j < T; ++j) {
    const float t = mx > 0 ? std::clamp(row[j] / mx, 0.0f, 1.0f) : 0.0f;
    ImVec4 c = ui::SequentialColour(t);
    if (over_image && 3 * j + 2 < static_cast<int>(v.pixels.size())) {
      // the image underneath in dimmed grey (its brightness only, so its colours do not mix with the map's)
      const float* rgb = &v.pixels[static_cast<std::size_t>(3 * j)];
      const float grey = 0.45f * std::clamp(0.3f * rgb[0] + 0.55f * rgb[1] + 0.15f * rgb[2], 0.0f, 1.0f);
      for (int k = 0; k < 3; ++k) (&c.x)[k] = grey * (1.0f - t) + (&c.x)[k] * t;
    }
    out[static_cast<std::size_t>(j)] = ImGui::ColorConvertFloat4ToU32(c);
  }
  return out;
}

// One head's weights of query pixel `q` for a screen reader: α' per key pixel, and as its sentence where it looks
// most and how much it keeps for itself.
ui::a11y::Table WeightTable(const InputView& v, const float* row, int q, const char* title) {
  const int T = image_pixels(v);
  ui::a11y::Table t;
  t.caption = title;
  t.percent = true;
  t.cells.assign(row, row + T);
  const int most = static_cast<int>(std::max_element(row, row + T) - row);
  char w[32], self[32];
  std::snprintf(w, sizeof w, "%.1f %%", 100.0 * static_cast<double>(row[most]));
  std::snprintf(self, sizeof self, "%.1f %%", 100.0 * static_cast<double>(row[q]));
  t.summary = ui::fill(S().img_table_head, {{"q", v.tokens[static_cast<std::size_t>(q)]},
                                            {"p", v.tokens[static_cast<std::size_t>(most)]},
                                            {"w", w},
                                            {"s", self}});
  return t;
}

// The input image with the query marked; a click (or tap) on a pixel makes it the query. Its hover shows
// what the pixel is.
ui::GridArea QueryImage(App& app, const char* id, float cell, const char* record) {
  const InputView& v = app.view;
  ui::GridArea g = ui::PixelGrid(id, ui::RgbColours(v.pixels, image_pixels(v)), v.grid_w, v.grid_h, cell);
  if (record) RecordRect(app, record, g.origin.x, g.origin.y, g.size().x, g.size().y);
  const int q = app.query_pixel();
  ui::a11y::Table t;  // each pixel's colour; Enter on one makes it the query, as a click
  t.caption = S().img_input;
  char rgb[64];
  for (int p = 0; p < image_pixels(v); ++p) {
    const std::size_t at = static_cast<std::size_t>(3 * p);
    if (at + 2 < v.pixels.size())
      std::snprintf(rgb, sizeof rgb, "R %.2f G %.2f B %.2f", static_cast<double>(v.pixels[at]),
                    static_cast<double>(v.pixels[at + 1]), static_cast<double>(v.pixels[at + 2]));
    t.texts.push_back(at + 2 < v.pixels.size() ? rgb : "");
  }
  t.summary = ui::fill(S().img_table_input, {{"w", std::to_string(v.grid_w)},
                                             {"h", std::to_string(v.grid_h)},
                                             {"q", q >= 0 && q < v.len ? v.tokens[static_cast<std::size_t>(q)] : "-"}});
  ui::MirrorGrid(g, std::move(t));
  ui::OutlineCell(g, q, kQueryColour);
  if (g.hovered >= 0) PixelTooltip(app, g.hovered);
  if (g.clicked) SetQueryPixel(app, g.hovered);
  return g;
}

}  // namespace

bool ShowsImage(const App& app) {
  return app.view.grid_w > 0 && image_pixels(app.view) == app.view.len && app.view.len > 0;
}

ImU32 ImageTagColour(int tag) {
  switch (tag) {
    case kBackground: return IM_COL32(52, 55, 64, 255);
    case kSameEdge: return IM_COL32(160, 235, 160, 255);
    case kSameInside: return IM_COL32(40, 160, 70, 255);
    case kOtherEdge: return IM_COL32(215, 175, 255, 255);
    case kOtherInside: return IM_COL32(125, 65, 200, 255);
    default: return IM_COL32(0, 0, 0, 255);
  }
}

const char* ImageTagName(int tag) {
  const char* names[] = {S().img_tag_background, S().img_tag_same_edge, S().img_tag_same_inside, S().img_tag_other_edge,
                         S().img_tag_other_inside};
  return tag >= 0 && tag < static_cast<int>(std::size(names)) ? names[tag] : "?";
}

void SetQueryPixel(App& app, int p) {
  if (p == app.state.pixel) return;
  for (const std::string& problem : app.set_state({{"pixel", std::to_string(p)}})) app.notices.push_back(problem);
}

void ImageExamplePicker(const App& app, AppState& next) {
  const int n = app.runs.data ? std::clamp(static_cast<int>(app.runs.data->dev.size()), 1,
                                           static_cast<int>(find_state_field("example")->hi) + 1)
                              : 1;
  int shown = app.state.example % n;
  ImGui::AlignTextToFramePadding();
  ui::TextUnformatted(S().img_example);
  ImGui::SameLine();
  if (ui::ArrowButton("##image_prev", ImGuiDir_Left, S().img_prev)) next.example = (shown + n - 1) % n;
  ImGui::SameLine(0, 2);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  if (ui::SliderInt("##image_number", &shown, 0, n - 1)) next.example = std::clamp(shown, 0, n - 1);
  ImGui::SameLine(0, 2);
  if (ui::ArrowButton("##image_next", ImGuiDir_Right, S().img_next)) next.example = (shown + 1) % n;
  ImGui::SameLine();
  ui::TextDisabled(S().img_example_of, n);
  HelpMarker(S().img_example_help);
}

void ImageWithLabelMaps(App& app) {
  const InputView& v = app.view;
  if (!ShowsImage(app)) return;
  const float gap = ImGui::GetStyle().ItemSpacing.x * 1.5f;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float cell = ui::GridCell(v.grid_w, v.grid_h, std::min((avail - 2 * gap) / 3.0f, ImGui::GetFontSize() * 14));
  const float side = cell * static_cast<float>(std::max(v.grid_w, v.grid_h));
  const int T = image_pixels(v);
  const bool predicted = static_cast<int>(v.predicted.size()) == T;
  int wrong = 0;
  const char* titles[3] = {S().img_input, S().img_truth, S().img_predicted};
  for (int k = 0; k < 3; ++k) {
    if (k > 0) ImGui::SameLine(0, gap);
    ImGui::BeginGroup();
    GridTitle(titles[k], side);
    ImGui::PushID(k);
    ui::GridArea g;
    if (k == 0) {
      g = QueryImage(app, "##image_input", cell, "image.data.input");
    } else if (k == 1) {
      g = ui::PixelGrid("##image_truth", label_colours(v.truth, T), v.grid_w, v.grid_h, cell);
    } else if (predicted) {
      g = ui::PixelGrid("##image_predicted", label_colours(v.predicted, T), v.grid_w, v.grid_h, cell);
      for (int p = 0; p < T && p < static_cast<int>(v.truth.size()); ++p)
        if (v.truth[static_cast<std::size_t>(p)] != v.predicted[static_cast<std::size_t>(p)]) {
          ui::CrossCell(g, p, kWrongColour);
          ++wrong;
        }
    } else {
      ImGui::Dummy(ImVec2(side, side));
      ImGui::GetWindowDrawList()->AddText(ImGui::GetItemRectMin(), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                                          S().img_no_prediction);
    }
    if (k > 0 && g.w > 0) {
      ui::MirrorGrid(g, LabelTable(app, titles[k], k == 1 ? v.truth : v.predicted, k == 2 ? &v.truth : nullptr,
                                   k == 2 ? wrong : -1));
      ui::OutlineCell(g, app.query_pixel(), kQueryColour);
      if (g.hovered >= 0) PixelTooltip(app, g.hovered);
      if (g.clicked) SetQueryPixel(app, g.hovered);
    }
    ImGui::PopID();
    ImGui::EndGroup();
  }
  LabelLegend(app, predicted);
  if (predicted) ui::TextDisabled(S().img_wrong_count, v.at_step, wrong, T);
  ui::WrappedText(S().img_click_hint, 0.0f, true);
}

void QueryPixelPicker(App& app, float side) {
  const InputView& v = app.view;
  if (!ShowsImage(app)) return;
  QueryImage(app, "##image_query_small", ui::GridCell(v.grid_w, v.grid_h, side), nullptr);
}

void ShowPixelAttention(App& app) {
  const InputView& v = app.view;
  const int T = image_pixels(v), q = app.query_pixel();
  bool& focus = app.picks.attention_focus;
  char query[256];
  std::snprintf(query, sizeof query, S().attn_img_query, v.tokens[static_cast<std::size_t>(q)].c_str(),
                tag_text(app, v.truth, q).c_str(), v.predicted.empty() ? "-" : tag_text(app, v.predicted, q).c_str());
  ui::WrappedText(query, ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("(?)").x - 8);
  HelpMarker(S().attn_img_map_help);

  // The image on the left (above, on a narrow screen) and the heads' maps beside it, as large as they fit.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
  const float title = ImGui::GetTextLineHeightWithSpacing();
  const bool side_by_side = avail.x > avail.y * 1.1f && avail.x > ImGui::GetFontSize() * 24;
  const float image_side = side_by_side ? std::min(avail.x * (focus ? 0.45f : 0.32f), avail.y - title)
                                        : std::min(avail.x, std::max(avail.y * 0.5f, ImGui::GetFontSize() * 12));
  const float cell = ui::GridCell(v.grid_w, v.grid_h, std::max(image_side, ImGui::GetFontSize() * 6));
  ImGui::BeginGroup();
  ui::TextUnformatted(S().img_input);
  QueryImage(app, "##image_attention", cell, "image.attention");
  ImGui::EndGroup();
  const float used = ImGui::GetItemRectSize().x;
  if (side_by_side) ImGui::SameLine(0, gap);
  const ImVec2 room =
      side_by_side ? ImVec2(avail.x - used - gap, avail.y) : ImVec2(avail.x, ImGui::GetContentRegionAvail().y);

  const int n = focus ? 1 : v.layers * v.heads;
  int best_cols = 1;
  float map_side = 0;
  if (!side_by_side) {
    // below the image (a phone, a tall frame): one row per layer where the heads fit, the panel scrolls
    best_cols = focus ? 1 : room.x / static_cast<float>(v.heads) >= ImGui::GetFontSize() * 5 ? v.heads : std::min(n, 2);
    map_side = (room.x - gap * static_cast<float>(best_cols - 1)) / static_cast<float>(best_cols);
  } else {
    for (int cols = 1; cols <= n; ++cols) {  // beside it: the number of columns that gives the largest maps
      const int rows = (n + cols - 1) / cols;
      const float w = (room.x - gap * static_cast<float>(cols - 1)) / static_cast<float>(cols);
      const float h = (room.y - (title + gap) * static_cast<float>(rows)) / static_cast<float>(rows);
      if (std::min(w, h) > map_side) {
        map_side = std::min(w, h);
        best_cols = cols;
      }
    }
  }
  const float map_cell = ui::GridCell(v.grid_w, v.grid_h, std::max(map_side, ImGui::GetFontSize() * 4));
  ImGui::BeginGroup();
  for (int k = 0; k < n; ++k) {
    const int l = focus ? std::clamp(app.picks.layer, 0, v.layers - 1) : k / v.heads;
    const int h = focus ? std::clamp(app.picks.head, 0, v.heads - 1) : k % v.heads;
    if (k % best_cols != 0) ImGui::SameLine(0, gap);
    ImGui::BeginGroup();
    float mx = 0;
    const float* row = v.head(l, h) + static_cast<long>(q) * T;
    const std::vector<ImU32> colours = weight_colours(v, row, app.picks.attention_over_image, &mx);
    char head_title[96], short_title[48], max_text[48];
    std::snprintf(head_title, sizeof head_title, S().attn_head_title, l + 1, h + 1);
    std::snprintf(short_title, sizeof short_title, S().attn_img_head_short, l + 1, h + 1);
    std::snprintf(max_text, sizeof max_text, S().attn_img_max, static_cast<double>(mx));
    const float map_w = map_cell * static_cast<float>(v.grid_w);
    GridTitle(Fitting({std::string(head_title) + "  " + max_text, head_title, short_title}, map_w), map_w);
    char id[32];
    std::snprintf(id, sizeof id, "##map%d_%d", l, h);
    ui::GridArea g = ui::PixelGrid(id, colours, v.grid_w, v.grid_h, map_cell);
    RecordRect(app, "image.map." + std::to_string(l) + "." + std::to_string(h), g.origin.x, g.origin.y, g.size().x,
               g.size().y);
    ui::MirrorGrid(g, WeightTable(v, row, q, head_title));
    ui::OutlineCell(g, q, kQueryColour);
    if (g.hovered >= 0) {
      ui::SetTooltip(S().attn_img_head_tip, l + 1, h + 1, v.tokens[static_cast<std::size_t>(q)].c_str(),
                     v.tokens[static_cast<std::size_t>(g.hovered)].c_str(), static_cast<double>(row[g.hovered]),
                     static_cast<double>(mx));
      if (g.clicked) {  // as the token heatmaps: a click shows this head alone, another click all of them
        app.picks.layer = l;
        app.picks.head = h;
        focus = !focus;
      }
    }
    ImGui::EndGroup();
  }
  ImGui::EndGroup();
}

}  // namespace attnlab
