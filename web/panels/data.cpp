// The left column: Data, Model, Training.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "imgui.h"
#include "misc/cpp/imgui_stdlib.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::HelpMarker;
using ui::S;

// Tokens with their labels underneath, as the lecture draws them: one vector in, one label out.
// truth (optional): labels that are wrong are shown in red with the right one in the tooltip.
static void TokenChips(const App& app, const std::vector<std::string>& tokens, const std::vector<int>& labels,
                       const std::vector<int>& truth) {
  const float avail = ImGui::GetContentRegionAvail().x;
  float x = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string tag = i < labels.size() ? app.tag_name(labels[i]) : "";
    const float w = std::max(ImGui::CalcTextSize(tokens[i].c_str()).x, ImGui::CalcTextSize(tag.c_str()).x) + 10;
    if (i > 0 && x + w <= avail) ImGui::SameLine(0, 4);
    else if (i > 0) x = 0;
    x += w + 4;
    ImGui::BeginGroup();
    ImGui::PushID(static_cast<int>(i));
    const bool wrong = i < truth.size() && truth[i] >= 0 && i < labels.size() && truth[i] != labels[i];
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float lh = ImGui::GetTextLineHeight();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + lh * 2 + 6), wrong ? IM_COL32(110, 40, 40, 255) : IM_COL32(45, 52, 64, 255), 4);
    dl->AddText(ImVec2(p.x + (w - ImGui::CalcTextSize(tokens[i].c_str()).x) / 2, p.y + 2), IM_COL32(235, 235, 235, 255),
                tokens[i].c_str());
    dl->AddText(ImVec2(p.x + (w - ImGui::CalcTextSize(tag.c_str()).x) / 2, p.y + lh + 4),
                wrong ? IM_COL32(255, 170, 160, 255) : IM_COL32(250, 200, 90, 255), tag.c_str());
    ImGui::Dummy(ImVec2(w, lh * 2 + 6));
    if (wrong && ImGui::IsItemHovered()) ImGui::SetTooltip(S().data_wrong_label, app.tag_name(truth[i]).c_str());
    ImGui::PopID();
    ImGui::EndGroup();
  }
}

void ShowDataPanel(App& app) {
  AppState next = app.state;
  ui::Prose(S().data_intro);
  const auto& tasks = enum_names<TaskKind>();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  if (ImGui::BeginCombo(S().data_task, app.state.task.c_str())) {
    for (const auto& t : tasks) {
      if (ImGui::Selectable(t.c_str(), t == app.state.task)) {
        next.task = t;
        follow_task_defaults(app.state, next);  // graph: mask = graph, pe = none; and back
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", ui::task_help(t));
    }
    ImGui::EndCombo();
  }
  HelpMarker(ui::task_help(app.state.task));
  if (app.data) {
    ImGui::TextDisabled(S().data_sizes, app.data->train.size(), app.data->dev.size(), app.data->tags());
  }
  if (!app.data_error.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", app.data_error.c_str());

  if (app.input_is_text()) {
    std::string text = app.state.input;
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 2);
    if (ImGui::InputTextWithHint("##input", S().data_input_hint, &text)) next.input = text.substr(0, 400);
    HelpMarker(app.data && app.data->task.kind == TaskKind::pos ? S().data_input_help_pos : S().data_input_help_tokens);
  } else {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    ImGui::SliderInt(S().data_example, &next.example, 0, 99);
    HelpMarker(S().data_example_help);
  }

  if (!app.view.error.empty()) {
    ImGui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", app.view.error.c_str());
  } else if (!app.view.predicted.empty()) {
    ImGui::TextDisabled(S().data_predicted, app.view.at_step);
    TokenChips(app, app.view.tokens, app.view.predicted, app.view.truth);
  } else if (!app.main.trainer) {
    ImGui::TextDisabled("%s", S().data_no_model);
  }

  if (app.data && app.input_is_text() && ImGui::TreeNode(S().data_examples)) {
    for (std::size_t e = 0; e < 3 && e < app.data->train.size(); ++e) {
      const Sequence& s = app.data->train[e * 7 % app.data->train.size()];
      std::vector<std::string> toks;
      std::string text;
      for (int t = 0; t < s.length(); ++t) {
        toks.push_back(s.words.empty() ? app.data->token_names[static_cast<std::size_t>(s.tokens[static_cast<std::size_t>(t)])]
                                       : s.words[static_cast<std::size_t>(t)]);
        text += (t ? " " : "") + toks.back();
      }
      ImGui::PushID(static_cast<int>(e));
      if (ImGui::SmallButton(S().data_use)) next.input = text;
      ImGui::SameLine();
      TokenChips(app, toks, s.tags, {});
      ImGui::PopID();
    }
    ImGui::TreePop();
  }
  if (next.task != app.state.task || next.input != app.state.input || next.example != app.state.example) app.apply(next);
}

// Edits to the architecture collect in app.pending and apply together, after the user has been told that
// training starts again.
void ShowModelPanel(App& app) {
  AppState& p = app.pending;
  const float w = ImGui::GetFontSize() * 8;
  auto combo = [&](const char* label, std::string* value, const char* key, const char* help) {
    const StateField* f = find_state_field(key);
    ImGui::SetNextItemWidth(w);
    if (ImGui::BeginCombo(label, value->c_str())) {
      for (const auto& c : f->choices)
        if (ImGui::Selectable(c.c_str(), c == *value)) *value = c;
      ImGui::EndCombo();
    }
    HelpMarker(help);
  };
  auto slider = [&](const char* label, int* v, int lo, int hi, const char* help) {
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt(label, v, lo, hi);
    HelpMarker(help);
  };
  combo(S().model_kind, &p.model, "model", S().model_kind_help);
  if (p.model == "attention") {
    slider(S().model_layers, &p.layers, 1, 4, S().model_layers_help);
    slider(S().model_heads, &p.heads, 1, 8, S().model_heads_help);
    ImGui::SetNextItemWidth(w);
    if (ImGui::SliderInt(S().model_dim, &p.dim, 8, 128)) p.dim = std::max(8, p.dim / 8 * 8);
    HelpMarker(S().model_dim_help);
    combo(S().model_pe, &p.pe, "pe", S().model_pe_help);
    if (p.pe == "learned") slider(S().model_max_len, &p.max_len, 4, 128, S().model_max_len_help);
    combo(S().model_mask, &p.mask, "mask", S().model_mask_help);
    if (p.mask == "window") slider(S().model_window, &p.window, 0, 16, S().model_window_help);
    if (p.mask == "graph" && app.state.task != "graph") ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "%s", S().model_graph_needs_task);
    combo(S().model_norm, &p.norm, "norm", S().model_norm_help);
    combo(S().model_relevance, &p.relevance, "relevance", S().model_relevance_help);
  } else {
    if (p.model != "rnn") slider(S().model_k, &p.k, 1, 9, S().model_k_help);
    if (p.model == "rnn") combo(S().model_rnn, &p.rnn, "rnn", S().model_rnn_help);
  }
  slider(S().model_seed, &p.seed, 0, 99, S().model_seed_help);

  const bool changed = state_to_query(p) != state_to_query(app.state);
  if (changed) {
    const std::string problem = check_state(p);
    ImGui::Spacing();
    if (!problem.empty()) {
      ImGui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", problem.c_str());
    } else {
      ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "%s", S().model_pending);
      if (ImGui::Button(S().model_apply)) app.apply(p);
      ImGui::SameLine();
    }
    if (ImGui::Button(S().model_cancel)) p = app.state;
  }
  ImGui::Spacing();
  if (app.main.trainer) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(S().model_summary, app.main.what.c_str(), app.main.trainer->model().num_parameters());
    ImGui::PopTextWrapPos();
  }
  if (!app.main.error.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", app.main.error.c_str());
    ImGui::PopTextWrapPos();
  }
}

void ShowTrainingPanel(App& app) {
  AppState next = app.state;
  Trainer* tr = app.main.trainer.get();
  if (ImGui::Button(app.state.train ? S().train_pause : S().train_run, ImVec2(ImGui::GetFontSize() * 5, 0)))
    next.train = !next.train;
  ImGui::SameLine();
  if (ImGui::Button(S().train_step)) app.train_steps(1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", S().train_step_help);
  ImGui::SameLine();
  if (ImGui::Button(S().train_step10)) app.train_steps(10);
  ImGui::SameLine();
  if (ImGui::Button(S().train_reset)) app.reset();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", S().train_reset_help);

  const float w = ImGui::GetFontSize() * 8;
  ImGui::SetNextItemWidth(w);
  ImGui::SliderFloat(S().train_lr, &next.lr, 1e-4f, 3e-2f, "%.4f", ImGuiSliderFlags_Logarithmic);
  HelpMarker(S().train_lr_help);
  ImGui::SetNextItemWidth(w);
  ImGui::SliderInt(S().train_batch, &next.batch, 1, 64);
  HelpMarker(S().train_batch_help);
  ImGui::SetNextItemWidth(w);
  ImGui::SliderInt(S().train_speed, &next.speed, 5, 90, "%d%%");
  HelpMarker(S().train_speed_help);
  if (next.train != app.state.train || next.lr != app.state.lr || next.batch != app.state.batch ||
      next.speed != app.state.speed)
    app.apply(next);

  if (!tr) return;
  const Metrics& m = tr->metrics();
  if (tr->history().empty()) ImGui::Text(S().train_status_first, tr->steps_done(), tr->config().eval_every);
  else ImGui::Text(S().train_status, tr->steps_done(), m.loss, 100 * m.train_acc);
  if (m.dev_acc >= 0) {
    ImGui::SameLine();
    ImGui::Text(S().train_dev, 100 * m.dev_acc);
  }
  if (!tr->history().empty()) ImGui::TextDisabled(S().train_speed_status, app.main.steps_per_sec, m.ms_per_step);
  if (!tr->history().empty() && m.dense_scores_per_step > 0) {
    ImGui::TextDisabled(S().train_scores_status, ui::GroupDigits(std::llround(m.scores_per_step)).c_str(),
                        100 * m.scores_per_step / m.dense_scores_per_step);
    HelpMarker(S().train_scores_help);
  }
  if (tr->done() && !tr->diverged()) ImGui::TextDisabled("%s", tr->stop_reason().c_str());
  if (!app.main.error.empty()) ImGui::TextColored(ImVec4(1, 0.55f, 0.45f, 1), "%s", app.main.error.c_str());

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
  ui::LineChart("acc", {acc_train, acc_dev}, ImVec2(cw, ch), 0.0f, 1.0f, "%.2f");

  if (ImGui::TreeNode(S().train_confusion)) {
    HelpMarker(S().train_confusion_help);
    const long now_step = tr->steps_done();
    if (app.dev_eval_step < 0 || now_step - app.dev_eval_step >= 100 || (!app.state.train && app.dev_eval_step != now_step)) {
      try {
        app.dev_eval = tr->evaluate(app.data->dev, 200);
        app.dev_eval_step = now_step;
      } catch (const std::exception& e) {
        app.dev_eval = EvalResult{};
      }
    }
    const int C = app.data->tags();
    if (static_cast<int>(app.dev_eval.confusion.size()) == C * C) {
      std::vector<float> rows(static_cast<std::size_t>(C * C));
      for (int i = 0; i < C; ++i) {
        const long total = std::max(1L, app.dev_eval.tag_total[static_cast<std::size_t>(i)]);
        for (int j = 0; j < C; ++j)
          rows[static_cast<std::size_t>(i * C + j)] =
              static_cast<float>(app.dev_eval.confusion[static_cast<std::size_t>(i * C + j)]) / static_cast<float>(total);
      }
      const float side = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 20);
      gfx::HeatmapHover h = ui::LabelledHeatmap(app.confusion_view, rows.data(), C, C, app.tag_names(),
                                                app.tag_names(), ImVec2(side, side),
                                                {gfx::Colormap::Sequential, 0.0f, 1.0f});
      if (h.row >= 0)
        ImGui::SetTooltip(S().train_confusion_cell, app.tag_name(h.row).c_str(), app.tag_name(h.col).c_str(),
                          app.dev_eval.confusion[static_cast<std::size_t>(h.row * C + h.col)],
                          app.dev_eval.tag_total[static_cast<std::size_t>(h.row)]);
      ImGui::TextDisabled(S().train_confusion_axes, app.dev_eval_step);
    }
    ImGui::TreePop();
  }
}

}  // namespace attnlab
