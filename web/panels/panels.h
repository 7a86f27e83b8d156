// web/panels/: the playground's panels, one concern each and one file each, named after the panel (as in
// imgui_demo.cpp), plus layout.cpp (title, notices, the left column and the tab bar). Each reads the App and
// edits settings through App::apply / App::set_state, so every edit lands in the URL hash and resets what it
// must. What a view shows (query, layer, head, heatmaps or lines, the open tab, ...) lives in App::picks,
// never in a function's static.
//
// May depend on: web/app/ (the App and the engine types it exposes) and web/ui/ (drawing helpers, strings).
// Nothing here is included by web/app/ or web/ui/.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "web/app/app.h"
#include "web/ui/heatmap.h"

namespace attnlab {

// The GPU textures of the panels' heatmaps, kept across frames (a heatmap uploads only what changed), and how
// far each view's heatmaps are zoomed in (per session, not saved). Owned by the platform's main, next to the
// GL context, and freed before it.
struct PanelTextures {
  gfx::Heatmap pe, pe_sim;  // Positional encoding: the table; PE·PEᵀ or the sinusoidal table beside it
  gfx::Heatmap confusion;   // Training: the confusion matrix
  gfx::Heatmap matrix[12];  // Matrix form: one per tile
  gfx::Heatmap history_pe;  // History: the positional table of the snapshot
  std::vector<std::unique_ptr<gfx::Heatmap>> heads;  // Attention: l·H + h; History: 100 + l·H + h
  gfx::Heatmap& head(int i) {
    while (static_cast<int>(heads.size()) <= i) heads.push_back(std::make_unique<gfx::Heatmap>());
    return *heads[static_cast<std::size_t>(i)];
  }
  // Zoom, one per view (its heatmaps zoom together): the buttons of ui::ZoomButtons and the pinch.
  gfx::HeatmapZoom zoom_attention, zoom_matrix, zoom_pe, zoom_history;
};

// Draws one frame of UI (all panels) for a window of the given size in pixels (layout.cpp).
void ShowApp(App& app, PanelTextures& tex, float width, float height);
// One panel by its name (layout.cpp), its tab title, and a tab bar over some panels that follows and sets
// AppState::panel (scrolling, with a list of all tabs when `narrow`).
void ShowView(App& app, PanelTextures& tex, Panel panel);
const char* PanelTitle(Panel panel);
// "Attention Lab: Attention, Positional encoding": a page or a frame named after the views it shows.
std::string ViewsTitle(const std::vector<Panel>& panels);
// The page's title (document.title, the name a screen reader gives an embedding frame): the link's title=, else the
// views an embed shows, the lesson's stop, or the playground's name; in the interface's language.
std::string PageTitle(const App& app);
void ShowViewTabs(App& app, PanelTextures& tex, const std::vector<Panel>& panels, bool narrow);
void ShowNotices(App& app);  // problems to know about (a bad setting in a link), with a button to dismiss them
// A message of web/app/ (web/app/message.h) in the interface's language: its key's text with the {name} marks
// filled in, or its English text where it has no key (or the table lacks that key).
std::string MessageText(const Message& m);
// Where this frame drew a part, for the layout tests (App::picks.layout, attnlab._layout()): the last item, the
// current window, or a rectangle.
void RecordItem(App& app, const std::string& name);
void RecordWindow(App& app, const std::string& name);
void RecordRect(App& app, const std::string& name, float x, float y, float w, float h);
// Embed mode (embed.cpp): the caption, the controls and the panels, filling the current window.
void ShowEmbed(App& app, PanelTextures& tex, const std::vector<Panel>& panels, const std::vector<std::string>& controls,
               const std::string& caption);
// The Share / Embed dialog (share.cpp), open while App::picks.share.open.
void ShowShareDialog(App& app, PanelTextures& tex, float width, float height);

// The left column.
void ShowDataPanel(App& app);   // the task, examples, your own sentence and its predicted labels
void ShowModelPanel(App& app);  // architecture (changes restart training, said before it happens)
void ShowTrainingPanel(App& app, PanelTextures& tex);  // run / pause / step / reset, curves, confusion matrix
// The tabs on the right.
void ShowAttentionPanel(App& app, PanelTextures& tex);  // one heatmap per layer and head; or as lines
void ShowStepPanel(App& app, PanelTextures& tex);       // one query's computation with the model's real numbers
void ShowMatrixPanel(App& app, PanelTextures& tex);     // I, Q, K, V, A, A', O; only Wq, Wk, Wv, Wo are learned
void ShowPositionalEncodingPanel(App& app, PanelTextures& tex);  // PE, PE·PEᵀ, learned table, longer inputs
void ShowComparePanel(App& app, PanelTextures& tex);             // attention vs a baseline, same task and seed
void ShowHistoryPanel(App& app, PanelTextures& tex);             // replay attention and PE snapshots from step 0 to now
void ShowEmbeddingsPanel(App& app, PanelTextures& tex);          // one-hot vs the learned embeddings, PCA, neighbours
// Export (export_menu.cpp): the view's "Export ▾" menu (Save PNG, Save CSV: requests in App::exports), drawn
// at the right end of the line just drawn; and one view drawn alone in a window of the given size, with a
// title line, for its picture (returns the height its content used).
void ShowExportMenu(App& app, Panel panel);
float ShowViewAlone(App& app, PanelTextures& tex, Panel panel, float width, float height);
// The lesson (lesson.cpp): the open stop's card, shown above the left column in lesson mode.
void ShowLessonCard(App& app);
// A stop's texts (strings table lesson_<id>_<part>), its question with the stop's values filled in, and the
// sentence that explains a result; also used by the JavaScript API.
std::string LessonText(const LessonStop& stop, const char* part);
std::string LessonQuestionText(const App& app, const LessonStop& stop);
std::string LessonWhy(const LessonStop& stop, const LessonResult& r);
std::string LessonNumberText(const LessonNumber& n);
std::string LessonLineText(const LessonLine& line);  // a measured number's name, a text named by key
// A choice as its button shows it (a variant's label in the active language; a tag or a token as it is), and
// a question's unit as shown ("steps" → the text of lesson_unit_steps; "%" and "ms" as they are).
std::string LessonChoiceLabel(const LessonStop& stop, const std::string& choice);
std::string LessonUnit(const std::string& unit);

}  // namespace attnlab
