// Compare: self-attention against one of the lecture's baselines, trained side by side on the same task
// and seed; and the data-size sweep (web/app/sweep_run.h): both against the CNN as the training set grows.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// ---- The data-size sweep section

// Shown on generated tasks when the baseline is the CNN, always on the image task and on a corpus (pos: the lesson's
// stop "Self-attention vs CNN" sends the student here), and whenever a sweep exists.
static bool SweepOffered(const App& app) {
  if (app.sweep.sweep) return true;
  return sweep_unavailable(app.state).empty() &&
         (app.state.task == "image" || sweep_on_corpus(app.state.task) || app.state.baseline == "cnn");
}

static const char* Text(const char* key) {  // a key's text ("" if the table lacks it: tests/ui check every key)
  const char* t = ui::text(key);
  return t ? t : "";
}

// The sweep's numbers for a screen reader: one row per training-set size, the two models' dev accuracy and the
// chance level in columns, and the verdict as its sentence (or how many runs are done while it runs).
static void NoteSweepTable(ImGuiID id, const Sweep& sw, const char* x_label, const std::string& verdict, ImVec2 at,
                           ImVec2 size) {
  const std::vector<int>& sizes = sw.config().sizes;
  ui::a11y::Table t;
  t.caption = std::string(S().sweep_title) + " (" + x_label + ")";
  t.rows = static_cast<int>(sizes.size());
  t.cols = 3;
  t.col_labels = {S().sweep_attention, S().sweep_cnn, S().sweep_chance};
  t.percent = true;
  t.cells.assign(sizes.size() * 3, NAN);
  for (const int n : sizes) t.row_labels.push_back(std::to_string(n));
  for (const SweepPoint& p : sw.points()) {
    const auto row = std::find(sizes.begin(), sizes.end(), p.size);
    if (row == sizes.end() || p.model < 0 || p.model > 1) continue;
    const std::size_t r = static_cast<std::size_t>(row - sizes.begin());
    t.cells[r * 3 + static_cast<std::size_t>(p.model)] = static_cast<float>(p.dev_acc);
    t.cells[r * 3 + 2] = static_cast<float>(p.chance);
  }
  t.summary = !verdict.empty() ? verdict
                               : ui::fill(S().sweep_table_done, {{"done", std::to_string(sw.points().size())},
                                                                 {"runs", std::to_string(sw.runs())}});
  ui::a11y::NoteTable(id, at, ImVec2(at.x + size.x, at.y + size.y), std::move(t));
}

// Dev accuracy against the training-set size (log scale on x): both models' points as they finish, joined by
// lines, and the chance level as a dashed line. Hovering a point names it.
static void SweepChart(const Sweep& sw, const char* x_label, const char* point_format, ImVec2 size,
                       const std::string& verdict) {
  const std::vector<int>& sizes = sw.config().sizes;
  const std::vector<SweepPoint>& pts = sw.points();
  ImGui::PushID("sweep_chart");
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##chart", size);
  NoteSweepTable(ImGui::GetID("##chart"), sw, x_label, verdict, p0, size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line = ImGui::GetTextLineHeight();
  const float axis_w = ImGui::CalcTextSize("100%").x + 6;
  const ImVec2 a(p0.x + axis_w, p0.y + 2), b(p0.x + size.x - 8, p0.y + size.y - 2 * line - 4);
  dl->AddRectFilled(a, b, IM_COL32(30, 33, 40, 255));
  dl->AddRect(a, b, IM_COL32(80, 85, 95, 255));
  // y: from a little under the lowest point (or chance) to 100 %
  float y_min = 1.0f;
  for (const SweepPoint& p : pts) {
    if (std::isfinite(p.dev_acc)) y_min = std::min(y_min, static_cast<float>(p.dev_acc));
    y_min = std::min(y_min, static_cast<float>(p.chance));
  }
  y_min = pts.empty() ? 0.5f : std::max(0.0f, std::floor((y_min - 0.05f) * 10.0f) / 10.0f);
  const float y_max = 1.0f;
  const double lx0 = std::log10(sizes.front()) - 0.15, lx1 = std::log10(sizes.back()) + 0.15;
  auto X = [&](double n) { return a.x + (b.x - a.x) * static_cast<float>((std::log10(n) - lx0) / (lx1 - lx0)); };
  auto Y = [&](double v) {
    return b.y - (b.y - a.y) * std::clamp((static_cast<float>(v) - y_min) / (y_max - y_min), 0.0f, 1.0f);
  };
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  char buf[48];
  for (int k = 0; k <= 2; ++k) {  // y ticks
    const float v = y_min + (y_max - y_min) * static_cast<float>(k) / 2.0f;
    std::snprintf(buf, sizeof buf, "%.0f%%", 100.0 * v);
    dl->AddText(ImVec2(p0.x, Y(v) - line * 0.5f), dim, buf);
    if (k == 1) dl->AddLine(ImVec2(a.x, Y(v)), ImVec2(b.x, Y(v)), IM_COL32(60, 64, 72, 255));
  }
  for (int n : sizes) {  // x ticks: the sizes
    std::snprintf(buf, sizeof buf, "%d", n);
    const float w = ImGui::CalcTextSize(buf).x;
    dl->AddLine(ImVec2(X(n), b.y), ImVec2(X(n), b.y + 3), dim);
    dl->AddText(ImVec2(X(n) - w / 2, b.y + 2), dim, buf);
  }
  dl->AddText(ImVec2(a.x + (b.x - a.x - ImGui::CalcTextSize(x_label).x) / 2, b.y + line + 3), dim, x_label);
  const ImU32 colours[2] = {ui::ColourTrain(), ui::ColourBaseline()};
  const ImU32 chance_colour = IM_COL32(200, 200, 200, 200);
  dl->PushClipRect(a, b, true);
  // chance: dashed, at the level of the largest size measured so far (the dev share of its most frequent tag)
  if (!pts.empty())
    ui::DashedLine(dl, ImVec2(a.x, Y(pts.back().chance)), ImVec2(b.x, Y(pts.back().chance)), chance_colour);
  int hover = -1;
  float best = 1e9f;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (int m = 0; m < 2; ++m) {
    ImVec2 prev;
    bool have = false;
    for (std::size_t i = 0; i < pts.size(); ++i) {
      const SweepPoint& p = pts[i];
      if (p.model != m || !std::isfinite(p.dev_acc)) continue;
      const ImVec2 q(X(p.size), Y(p.dev_acc));
      if (have) dl->AddLine(prev, q, colours[m], 2.0f);
      dl->AddCircleFilled(q, 4.0f, colours[m]);
      const float d = std::hypot(mouse.x - q.x, mouse.y - q.y);
      if (hovered && d < best && d < 20) best = d, hover = static_cast<int>(i);
      prev = q;
      have = true;
    }
  }
  dl->PopClipRect();
  // legend
  float lx = a.x + 6;
  const char* names[3] = {S().sweep_attention, S().sweep_cnn, S().sweep_chance};
  for (int k = 0; k < 3; ++k) {
    if (k < 2) dl->AddRectFilled(ImVec2(lx, a.y + 6), ImVec2(lx + 10, a.y + 16), colours[k]);
    else ui::DashedLine(dl, ImVec2(lx, a.y + 11), ImVec2(lx + 10, a.y + 11), chance_colour);
    dl->AddText(ImVec2(lx + 14, a.y + 2), ImGui::GetColorU32(ImGuiCol_Text), names[k]);
    lx += 24 + ImGui::CalcTextSize(names[k]).x;
  }
  if (hover >= 0) {
    const SweepPoint& p = pts[static_cast<std::size_t>(hover)];
    ui::SetTooltip(point_format, names[p.model], p.size, 100 * p.dev_acc, 100 * p.train_acc, p.epochs);
  }
  ImGui::PopID();
}

// The verdict, filled from the measured numbers (engine/train/sweep.h); "" before any size has both models.
static std::string SweepVerdictLine(const Sweep& sw, bool corpus) {
  const SweepVerdict v = sweep_verdict(sw.points());
  if (v.sizes == 0) return {};
  std::vector<std::pair<std::string, std::string>> values = sweep_verdict_values(v);
  values.emplace_back("items", Text(sweep_items_key(corpus)));
  return ui::fill(Text(sweep_verdict_key(v)), values);
}

// The verdict and one sentence on why.
static void SweepVerdictText(const Sweep& sw, bool corpus) {
  const SweepVerdict v = sweep_verdict(sw.points());
  if (v.sizes == 0) return;
  using K = SweepVerdict::Kind;
  ui::Prose(SweepVerdictLine(sw, corpus).c_str());
  const ModelConfig& cnn = sw.config().baseline;
  const int rf = 1 + cnn.cnn_layers * (cnn.kernel - 1);
  const int smallest = sw.config().sizes.front();
  const long labels = static_cast<long>(smallest) * std::max(1, sw.data().max_len());
  const std::vector<std::pair<std::string, std::string>> why_values = {
      {"rf", std::to_string(rf)},
      {"smallest", std::to_string(smallest)},
      {"labels", ui::GroupDigits(labels)},
      {"steps", std::to_string(sw.config().train.steps)}};
  const char* why = v.kind == K::crossover ? S().sweep_why_crossover
                    : v.kind == K::attention_always
                        ? (corpus ? S().sweep_why_attention_corpus : S().sweep_why_attention)
                    : v.kind == K::baseline_always ? S().sweep_why_cnn
                                                   : S().sweep_why_noise;
  ui::Prose(ui::fill(why, why_values).c_str());
}

static void ShowSweepSection(App& app) {
  ImGui::Separator();
  ui::TextUnformatted(S().sweep_title);
  HelpMarker(S().sweep_help);
  SweepRun& run = app.sweep;
  const Sweep* sw = run.sweep.get();
  const bool corpus = sweep_on_corpus(sw ? run.task : app.state.task);
  ui::Prose(corpus ? S().sweep_intro_corpus : S().sweep_intro);
  const int steps = sw ? run.steps : corpus ? kPageCorpusSweepSteps : kPageSweepSteps;
  const int batch = sw ? run.batch : kPageSweepBatch;
  const std::vector<int> sizes =
      sw       ? sw->config().sizes  // what ran, else what start_sweep will run
      : corpus ? page_corpus_sweep_sizes(app.runs.data ? static_cast<int>(app.runs.data->train.size()) : 0)
               : SweepConfig{}.sizes;
  char line[640];
  std::snprintf(line, sizeof line, corpus ? S().sweep_budget_corpus : S().sweep_budget, steps, batch,
                static_cast<double>(steps) * std::min(batch, sizes.front()) / sizes.front(), sizes.front(),
                static_cast<double>(steps) * batch / sizes.back(), sizes.back(), app.state.k, app.state.seed);
  ui::Prose(line);
  if (run.running()) {
    if (ui::Button(S().sweep_cancel)) cancel_sweep(app);
  } else if (ui::Button(sw ? S().sweep_again : S().sweep_start)) {
    start_sweep(app);
    sw = run.sweep.get();
  }
  if (!run.error.empty()) ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), S().sweep_failed, run.error.c_str());
  if (!sw) return;
  if (run.task != app.state.task) ui::TextDisabled(S().sweep_other_task, run.task.c_str());
  if (run.running()) {
    const double elapsed = app.clock.now_ms - run.started_ms;
    const double left_ms = sw->steps_done() > 0 ? elapsed / static_cast<double>(sw->steps_done()) *
                                                      static_cast<double>(sw->steps_total() - sw->steps_done())
                                                : 0.0;
    ui::Text(corpus ? S().sweep_progress_corpus : S().sweep_progress, sw->run_index() + 1, sw->runs(),
             sw->current_model() == kSweepAttention ? S().sweep_attention : S().sweep_cnn, sw->current_size(),
             sw->current_step(), steps, left_ms / 60000.0);
    ui::TextDisabled("%s", S().sweep_paused_main);
  } else if (sw->cancelled()) {
    ui::TextDisabled(S().sweep_cancelled, static_cast<int>(sw->points().size()), sw->runs());
  } else if (sw->done() && sw->error().empty()) {
    ui::TextDisabled(S().sweep_done, sw->runs());
  }
  if (!sw->error().empty()) ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), S().sweep_failed, sw->error().c_str());
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = std::max(ImGui::GetFontSize() * 10, std::min(w * 0.5f, ImGui::GetFontSize() * 16));
  SweepChart(*sw,
             sw->data().is_image() ? S().sweep_axis
             : corpus              ? S().sweep_axis_sentences
                                   : S().sweep_axis_sequences,
             corpus ? S().sweep_point_corpus : S().sweep_point, ImVec2(w, h),
             run.running() ? std::string() : SweepVerdictLine(*sw, corpus));
  if (!run.running()) SweepVerdictText(*sw, corpus);
}

void ShowComparePanel(App& app, PanelTextures&) {
  app.ensure_baseline();  // the baseline trains while this panel is open
  ui::Intro(S().compare_intro, app.picks.compact);
  AppState next = app.state;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  const std::vector<std::string>& baselines = find_state_field("baseline")->choices;
  int chosen = ui::ChoiceIndex(baselines, next.baseline);
  if (ui::Combo(S().compare_baseline, &chosen, baselines, next.baseline.c_str()))
    next.baseline = baselines[static_cast<std::size_t>(chosen)];
  HelpMarker(S().compare_baseline_help);
  ShowExportMenu(app, Panel::compare);
  if (next.baseline != app.state.baseline) app.apply(next);

  struct Row {
    const char* label;
    const Run* run;
    ImU32 colour;
  };
  const Row rows[2] = {{S().compare_attention, &app.runs.main, ui::ColourTrain()},
                       {S().compare_baseline_name, &app.runs.baseline, ui::ColourBaseline()}};
  if (ImGui::BeginTable("##cmp", 6, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn(S().compare_col_model, ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableSetupColumn(S().compare_col_params);
    ImGui::TableSetupColumn(S().compare_col_step);
    ImGui::TableSetupColumn(S().compare_col_dev);
    ImGui::TableSetupColumn(S().compare_col_ms);
    ImGui::TableSetupColumn(S().compare_col_sps);
    ImGui::TableHeadersRow();
    for (const Row& r : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ui::TextColored(ImGui::ColorConvertU32ToFloat4(r.colour), "%s",
                      r.run->what.empty() ? r.label : r.run->what.c_str());
      if (!r.run->trainer) {
        ImGui::TableNextColumn();
        ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", r.run->error.c_str());
        continue;
      }
      const Metrics& m = r.run->trainer->metrics();
      ImGui::TableNextColumn();
      ui::Text("%s", ui::GroupDigits(static_cast<long long>(r.run->trainer->model().num_parameters())).c_str());
      ImGui::TableNextColumn();
      ui::Text("%ld", r.run->step());
      ImGui::TableNextColumn();
      if (m.dev_acc >= 0) ui::Text("%.1f%%", 100 * m.dev_acc);
      else ui::TextDisabled("-");
      ImGui::TableNextColumn();
      ui::Text("%.2f", m.ms_per_step);
      ImGui::TableNextColumn();
      ui::Text("%.0f", r.run->steps_per_sec);
    }
    ImGui::EndTable();
  }
  std::vector<ui::Series> dev, loss;
  for (const Row& r : rows) {
    if (!r.run->trainer) continue;
    ui::Series d{r.label, {}, {}, r.colour}, l{r.label, {}, {}, r.colour};
    for (const auto& h : r.run->trainer->history()) {
      l.x.push_back(static_cast<float>(h.step));
      l.y.push_back(static_cast<float>(h.loss));
      if (h.dev_acc >= 0) {
        d.x.push_back(static_cast<float>(h.step));
        d.y.push_back(static_cast<float>(h.dev_acc));
      }
    }
    dev.push_back(d);
    loss.push_back(l);
  }
  const float w = ImGui::GetContentRegionAvail().x;
  const bool sweep = SweepOffered(app);  // the sweep's section below: the curves at their smallest
  const float h =
      sweep ? ImGui::GetFontSize() * 6
            : std::max(ImGui::GetFontSize() * 6, (ImGui::GetContentRegionAvail().y - ImGui::GetFontSize() * 6) / 2);
  ui::TextUnformatted(S().compare_dev_curve);
  ui::LineChart("cmp_dev", dev, ImVec2(w, h), 0.0f, 1.0f, "%.2f");
  float lmax = 0.1f;
  for (const auto& s : loss)
    for (float y : s.y) lmax = std::max(lmax, y);
  ui::TextUnformatted(S().compare_loss_curve);
  ui::LineChart("cmp_loss", loss, ImVec2(w, h), 0.0f, lmax, "%.2f");
  ui::Prose(S().compare_lesson);
  if (sweep) ShowSweepSection(app);
}

}  // namespace attnlab
