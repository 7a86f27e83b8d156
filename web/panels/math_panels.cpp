#include "web/panels/math_panels.h"
#include "web/panels/controls.h"

#include <algorithm>
#include <string>

#include "imgui.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::S;

// The main run's model, after a forward pass of the shown input, when it has attention; null otherwise.
static const SeqModel<float>* shown_tagger(App& app, std::string* why) {
  why->clear();
  if (!app.runs.main.trainer) {
    *why = S().data_no_model;
    return nullptr;
  }
  if (!app.view.error.empty()) {
    *why = MessageText(app.view.error_message);
    return nullptr;
  }
  const SeqModel<float>& model = app.runs.main.trainer->model();
  if (model.attention_layers() == 0) {
    *why = S().math_not_attention;
    return nullptr;
  }
  // The model's caches hold its last forward pass: make sure that was the shown input (a training step or
  // an evaluation may have run since).
  if (app.view.len > 0 &&
      (app.runs.main.trainer->model().batch_size() != 1 || app.runs.main.trainer->model().seq_len() != app.view.len))
    app.refresh_view();
  if (app.view.len == 0 || !app.view.error.empty()) {
    *why = app.view.error.empty() ? S().attn_none : MessageText(app.view.error_message);
    return nullptr;
  }
  return &model;
}

static void LayerHeadPickers(App& app, int L, int H) {
  const float w = ImGui::GetFontSize() * 6;
  app.picks.layer = std::clamp(app.picks.layer, 0, L - 1);
  app.picks.head = std::clamp(app.picks.head, 0, H - 1);
  int l = app.picks.layer + 1, h = app.picks.head + 1;
  ImGui::SetNextItemWidth(w);
  if (ui::SliderInt(S().math_layer, &l, 1, L)) app.picks.layer = l - 1;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
  if (ui::SliderInt(S().math_head, &h, 1, H)) app.picks.head = h - 1;
}

// The top of both panels: the teaching text, then the layer and head pickers, or why there is nothing to show.
const SeqModel<float>* MathPanelHeader(App& app, const char* intro) {
  ui::Intro(intro, app.picks.compact);
  std::string why;
  const SeqModel<float>* tg = shown_tagger(app, &why);
  if (!tg) {
    if (!app.runs.main.trainer) NoModel(app);
    else ui::TextDisabled("%s", why.c_str());
    return nullptr;
  }
  LayerHeadPickers(app, tg->config().layers, tg->config().heads);
  return tg;
}

}  // namespace attnlab
