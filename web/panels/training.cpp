// Training: run / pause / step / reset, the schedule, the model as a file (save, open), loss and accuracy
// curves, the confusion matrix (left column).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <vector>

#include "imgui.h"
#include "web/panels/controls.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// Save model / Open model…: the main run's model as a file in the command line's format (web/app/model_file.cpp).
// The platform downloads it (the browser) or writes it into the current folder (the desktop); a model file
// comes back through the browser's picker or a drop on the page or the window (App::open_file).
static void ModelFileButtons(App& app) {
  char line[512];
  if (ui::Button(S().train_save_model)) {
    const std::vector<std::uint8_t> bytes = app.save_model_bytes();
    if (bytes.empty()) {
      std::snprintf(line, sizeof line, S().train_nothing_to_save, app.runs.main.error.c_str());
      app.notices.push_back(line);
    } else if (app.platform.download) {
      std::string where;
      const std::string problem =
          app.platform.download(app.model_file_name(), "application/octet-stream", bytes, &where);
      if (problem.empty()) std::snprintf(line, sizeof line, S().train_saved, where.c_str());
      app.notices.push_back(problem.empty() ? std::string(line) : problem);
    }
  }
  if (ImGui::IsItemHovered()) ui::SetTooltip(S().train_save_model_help, app.model_file_name().c_str());
  ImGui::SameLine();
  if (ui::Button(S().train_open_model) && !(app.platform.pick_file && app.platform.pick_file(".model")))
    app.notices.push_back({S().train_open_model_desktop, "train_open_model_desktop"});  // no picker here: what works
  if (ImGui::IsItemHovered())
    ui::SetTooltip("%s", app.platform.has_file_picker ? S().train_open_model_help : S().train_open_model_desktop);
  ImGui::SameLine();
  // Take it further: the same model as a PyTorch module (attnlab export-torch), zipped
  if (ui::Button(S().train_export_torch)) {
    try {
      const std::string name = "attnlab_model";
      std::string where;
      const std::string problem =
          app.platform.download ? app.platform.download(name + ".zip", "application/zip", app.torch_zip(name), &where)
                                : std::string(S().train_export_torch_unavailable);
      if (problem.empty()) std::snprintf(line, sizeof line, S().train_saved, where.c_str());
      app.notices.push_back(problem.empty() ? std::string(line) : problem);
    } catch (const std::exception& e) {
      std::snprintf(line, sizeof line, S().notice_torch_failed, e.what());
      app.notices.push_back(line);
    }
  }
  if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().train_export_torch_help);
  ui::TextDisabled("%s", app.platform.has_file_picker ? S().train_drop_hint_page : S().train_drop_hint_window);
}

void ShowTrainingPanel(App& app, PanelTextures& tex) {
  AppState next = app.state;
  Trainer* tr = app.runs.main.trainer.get();
  if (ui::Button(app.state.train ? S().train_pause : S().train_run, ImVec2(ImGui::GetFontSize() * 5, 0)))
    next.train = !next.train;
  ImGui::SameLine();
  if (ui::Button(S().train_step)) app.train_steps(1);
  if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().train_step_help);
  ImGui::SameLine();
  if (ui::Button(S().train_step10)) app.train_steps(10);
  ImGui::SameLine();
  if (ui::Button(S().train_reset)) app.reset();
  if (ImGui::IsItemHovered()) ui::SetTooltip("%s", S().train_reset_help);
  ShowExportMenu(app, Panel::training);

  const float w = ImGui::GetFontSize() * 8;
  ImGui::SetNextItemWidth(w);
  SettingFloat(S().train_lr, "lr", &next.lr);
  HelpMarker(S().train_lr_help);
  ImGui::SetNextItemWidth(w);
  SettingInt(S().train_batch, "batch", &next.batch);
  HelpMarker(S().train_batch_help);
  ImGui::SetNextItemWidth(w);
  SettingInt(S().train_speed, "speed", &next.speed, 1, "%d%%");
  HelpMarker(S().train_speed_help);
  ui::Checkbox(S().a11y_announce, &app.picks.announce_training);
  HelpMarker(S().a11y_announce_help);
  if (next.train != app.state.train || next.lr != app.state.lr || next.batch != app.state.batch ||
      next.speed != app.state.speed)
    app.apply(next);
  ModelFileButtons(app);

  if (!tr) {
    WayBack(app);  // (the view says why)
    return;
  }
  if (!tr->data().complete()) CorpusProgress(app, /*brief=*/true);  // training on the corpus's first parts
  const Metrics& m = tr->metrics();
  if (tr->history().empty()) ui::Text(S().train_status_first, tr->steps_done(), tr->config().eval_every);
  else ui::Text(S().train_status, tr->steps_done(), m.loss, 100 * m.train_acc);
  if (m.dev_acc >= 0) {
    ImGui::SameLine();
    ui::Text(S().train_dev, 100 * m.dev_acc);
  }
  if (!tr->history().empty()) ui::TextDisabled(S().train_speed_status, app.runs.main.steps_per_sec, m.ms_per_step);
  if (!tr->history().empty() && m.dense_scores_per_step > 0) {
    ui::TextDisabled(S().train_scores_status, ui::GroupDigits(std::llround(m.scores_per_step)).c_str(),
                     100 * m.scores_per_step / m.dense_scores_per_step);
    HelpMarker(S().train_scores_help);
  }
  if (!app.runs.main.source.empty() || !app.runs.data_note.empty()) {
    ImGui::PushTextWrapPos(0);
    if (!app.runs.main.source.empty())
      ui::TextDisabled(S().train_loaded_from, app.runs.main.source.c_str(), 100 * app.runs.main.source_dev_acc);
    if (!app.runs.data_note.empty()) ui::TextDisabled("%s", app.runs.data_note.c_str());
    ImGui::PopTextWrapPos();
  }
  if (tr->done() && app.runs.main.error.empty()) ui::TextDisabled("%s", tr->stop_reason().c_str());
  if (!app.runs.main.error.empty() && !tr->diverged())
    ui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", app.runs.main.error.c_str());
  WayBack(app);  // (a diverged run's message is WayBack's, in the interface's language)

  // Curves: loss, and accuracy on training batches vs the dev set.
  const auto& hist = tr->history();
  ui::Series loss{S().train_loss, {}, {}, ui::ColourTrain()};
  ui::Series acc_train{S().train_acc_train, {}, {}, ui::ColourTrain()};
  ui::Series acc_dev{S().train_acc_dev, {}, {}, ui::ColourDev()};
  float loss_max = 0.1f;
  for (const auto& h : hist) {
    loss.x.push_back(static_cast<float>(h.step));
    loss.y.push_back(static_cast<float>(h.loss));
    loss_max = std::max(loss_max, static_cast<float>(h.loss));
    acc_train.x.push_back(static_cast<float>(h.step));
    acc_train.y.push_back(static_cast<float>(h.train_acc));
    if (h.dev_acc >= 0) {
      acc_dev.x.push_back(static_cast<float>(h.step));
      acc_dev.y.push_back(static_cast<float>(h.dev_acc));
    }
  }
  const float cw = ImGui::GetContentRegionAvail().x;
  const float ch = ImGui::GetFontSize() * 6;
  ui::LineChart("loss", {loss}, ImVec2(cw, ch), 0.0f, loss_max, "%.2f");
  // the chance level: always the training split's most frequent tag, on the dev set (a dashed line)
  std::vector<ui::ChartRule> rules;
  if (app.runs.chance >= 0 && app.runs.chance_tag >= 0) {
    char label[160];
    std::snprintf(label, sizeof label, S().train_chance, app.tag_name(app.runs.chance_tag).c_str(),
                  100 * app.runs.chance);
    rules.push_back({static_cast<float>(app.runs.chance), label, IM_COL32(200, 200, 200, 200)});
  }
  ui::LineChart("acc", {acc_train, acc_dev}, ImVec2(cw, ch), 0.0f, 1.0f, "%.2f", rules);

  if (ui::TreeNode(S().train_confusion)) {
    HelpMarker(S().train_confusion_help);
    const long now_step = tr->steps_done();
    if (app.runs.dev_eval_step < 0 || now_step - app.runs.dev_eval_step >= 100 ||
        (!app.state.train && app.runs.dev_eval_step != now_step)) {
      try {
        app.runs.dev_eval = tr->evaluate(app.runs.data->dev, 200);
        app.runs.dev_eval_step = now_step;
      } catch (const std::exception& e) {
        app.runs.dev_eval = EvalResult{};
      }
    }
    const int C = app.runs.data->tags();
    if (static_cast<int>(app.runs.dev_eval.confusion.size()) == C * C) {
      std::vector<float> rows(static_cast<std::size_t>(C * C));
      for (int i = 0; i < C; ++i) {
        const long total = std::max(1L, app.runs.dev_eval.tag_total[static_cast<std::size_t>(i)]);
        for (int j = 0; j < C; ++j)
          rows[static_cast<std::size_t>(i * C + j)] =
              static_cast<float>(app.runs.dev_eval.confusion[static_cast<std::size_t>(i * C + j)]) /
              static_cast<float>(total);
      }
      const float side = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 20);
      gfx::HeatmapHover h = ui::LabelledHeatmap(tex.confusion, rows.data(), C, C, app.tag_names(), app.tag_names(),
                                                ImVec2(side, side), {gfx::Colormap::Sequential, 0.0f, 1.0f});
      if (h.row >= 0)
        ui::SetTooltip(S().train_confusion_cell, app.tag_name(h.row).c_str(), app.tag_name(h.col).c_str(),
                       app.runs.dev_eval.confusion[static_cast<std::size_t>(h.row * C + h.col)],
                       app.runs.dev_eval.tag_total[static_cast<std::size_t>(h.row)]);
      ui::TextDisabled(S().train_confusion_axes, app.runs.dev_eval_step);
    }
    ImGui::TreePop();
  }
}

}  // namespace attnlab
