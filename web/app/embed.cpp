#include "web/app/embed.h"

#include <algorithm>

#include "engine/core/names.h"

namespace attnlab {

namespace {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string part = text.substr(start, comma - start);
    const std::size_t a = part.find_first_not_of(' '), b = part.find_last_not_of(' ');
    part = a == std::string::npos ? "" : part.substr(a, b - a + 1);
    if (!part.empty()) out.push_back(part);
    start = comma + 1;
  }
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

std::string html_attribute(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else out += c;
  }
  return out;
}

}  // namespace

const std::vector<std::string>& embed_actions() {
  static const std::vector<std::string> names = {"run", "step", "reset", "input"};
  return names;
}

const std::vector<std::string>& embed_settings() {
  // every setting a student changes while looking at a view; not the embed's own fields, the panel, the lesson
  static const std::vector<std::string> names = {
      "task",      "model",    "layers", "heads", "dim", "pe",    "pe_scale", "max_len", "mask",   "window", "norm",
      "relevance", "baseline", "k",      "rnn",   "lr",  "batch", "seed",     "speed",   "pe_len", "lang"};
  return names;
}

bool is_embed_action(const std::string& name) { return contains(embed_actions(), name); }

std::string parse_embed_controls(const std::string& text, std::vector<std::string>* out) {
  std::vector<std::string> known = embed_actions();
  known.insert(known.end(), embed_settings().begin(), embed_settings().end());
  std::vector<std::string> parts = split_commas(text.empty() ? kDefaultEmbedControls : text);
  std::vector<std::string> chosen;
  for (const std::string& p : parts) {
    if (p == "none") continue;
    if (p == "all") {
      for (const auto& k : known)
        if (!contains(chosen, k)) chosen.push_back(k);
      continue;
    }
    const bool remove = p[0] == '-';
    const std::string name = remove ? p.substr(1) : p;
    if (!contains(known, name))
      return "controls: '" + name + "' is not a control (known: all, none, " + join_names(known) + "; -name hides one)";
    if (remove) chosen.erase(std::remove(chosen.begin(), chosen.end(), name), chosen.end());
    else if (!contains(chosen, name)) chosen.push_back(name);
  }
  if (contains(parts, "none") && parts.size() > 1) return "controls: 'none' cannot be combined with other controls";
  // drawing order: the known order, whatever order the link used
  std::vector<std::string> ordered;
  for (const auto& k : known)
    if (contains(chosen, k)) ordered.push_back(k);
  if (out) *out = ordered;
  return "";
}

std::string parse_embed_panels(const std::string& text, std::vector<Panel>* out) {
  std::vector<Panel> panels;
  for (const std::string& p : split_commas(text)) {
    Panel panel;
    if (!from_string(p, &panel)) return "panels: '" + p + "' is not one of " + join_names(enum_names<Panel>());
    if (std::find(panels.begin(), panels.end(), panel) != panels.end()) return "panels: '" + p + "' is named twice";
    panels.push_back(panel);
  }
  if (static_cast<int>(panels.size()) > kMaxEmbedPanels)
    return "panels: at most " + std::to_string(kMaxEmbedPanels) + " panels fit in one frame";
  if (out) *out = panels;
  return "";
}

std::vector<Panel> embed_panels(const AppState& s) {
  std::vector<Panel> panels;
  if (!parse_embed_panels(s.panels, &panels).empty() || panels.empty()) panels = {s.panel};
  return panels;
}

std::vector<std::string> embed_controls(const AppState& s) {
  std::vector<std::string> controls;
  if (!parse_embed_controls(s.controls, &controls).empty()) parse_embed_controls("", &controls);
  return controls;
}

AppState full_playground_state(const AppState& s) {
  AppState full = s;
  const std::vector<Panel> panels = embed_panels(s);
  full.panel = std::find(panels.begin(), panels.end(), s.panel) != panels.end() ? s.panel : panels.front();
  full.embed = false;
  full.controls.clear();
  full.caption.clear();
  full.title.clear();  // the frame's name, not the playground's
  full.panels.clear();
  return full;
}

std::string embed_query(const AppState& s, const std::vector<Panel>& panels, const std::vector<std::string>& controls,
                        const std::string& caption, const std::string& title) {
  AppState e = full_playground_state(s);
  e.embed = true;
  if (!panels.empty()) e.panel = panels.front();
  if (panels.size() > 1) {
    std::vector<std::string> names;
    for (Panel p : panels) names.push_back(to_string(p));
    e.panels = join_names(names, ",");
  }
  std::vector<std::string> defaults;
  parse_embed_controls("", &defaults);
  if (controls != defaults) e.controls = controls.empty() ? "none" : join_names(controls, ",");
  e.caption = caption;
  e.title = title;
  return state_to_query(e);
}

std::string iframe_snippet(const std::string& page_url, const std::string& query, int width, int height,
                           const std::string& title) {
  return "<iframe src=\"" + html_attribute(page_url + "#" + query) + "\" width=\"" + std::to_string(width) +
         "\" height=\"" + std::to_string(height) + "\" style=\"border:0\" title=\"" +
         html_attribute(title.empty() ? "Attention Lab" : title) +
         "\" loading=\"lazy\" allow=\"clipboard-write\"></iframe>";
}

}  // namespace attnlab
