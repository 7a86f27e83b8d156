// Embed mode: one configured view for a course page (#embed=1). The teacher's link picks the panel(s)
// (`panel`, or several with `panels=attention,pe`), the controls shown above them (`controls=run,step,heads,pe`)
// and a one-line caption (`caption=...`); every other setting works as in the full playground.
//
//   controls   a comma-separated list of control names: the actions run (train / pause), step, reset, input (the
//              sentence, or the example for frames / graph), and every setting a student may change (heads, pe,
//              lr, ... as in the URL). `all` = every one of them; `-name` removes one (`all,-seed,-lr`, the
//              TensorFlow Playground way of hiding named ones); `none` = no controls. Empty = run,step,reset.
//   panels     a comma-separated list of panel names (as `panel`), at most kMaxEmbedPanels; empty = `panel`.
#pragma once

#include <string>
#include <vector>

#include "web/app/state.h"

namespace attnlab {

inline constexpr int kMaxEmbedPanels = 4;
inline constexpr const char* kDefaultEmbedControls = "run,step,reset";

// The actions an embed can show, then the settings (AppState field names), in the order they are drawn.
const std::vector<std::string>& embed_actions();
const std::vector<std::string>& embed_settings();
bool is_embed_action(const std::string& name);

// The control names of a `controls` value, resolved ('all', '-name', 'none', empty = the default), in drawing
// order. "" = fine, else the problem naming the bad entry (and the known names).
std::string parse_embed_controls(const std::string& text, std::vector<std::string>* out);
// The panels of a `panels` value. "" = fine, else the problem.
std::string parse_embed_panels(const std::string& text, std::vector<Panel>* out);

// What an embed shows for these settings: the panels (`panels`, or `panel` alone) and the controls.
std::vector<Panel> embed_panels(const AppState& s);
std::vector<std::string> embed_controls(const AppState& s);

// The settings of the full playground for the same view: embed, controls, caption, title and panels dropped (the
// first embedded panel becomes `panel`). The "open in the full playground" link carries this query.
AppState full_playground_state(const AppState& s);

// The query an <iframe> for this view uses: the settings plus embed=1 and the given embed choices ("" title: the
// page names itself after its views).
std::string embed_query(const AppState& s, const std::vector<Panel>& panels, const std::vector<std::string>& controls,
                        const std::string& caption, const std::string& title = "");
// An <iframe> element for a course page: src = page_url + "#" + query, the frame's size, its title (the name a
// screen reader gives the frame; "" = "Attention Lab"), no border.
std::string iframe_snippet(const std::string& page_url, const std::string& query, int width, int height,
                           const std::string& title);

}  // namespace attnlab
