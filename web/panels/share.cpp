// The Share / Embed dialog (title line ▸ Share): a link to the current view, and an <iframe> snippet for a course
// page whose panels, controls, caption and size are picked here, with a live preview of what the frame shows
// (the real embed view, drawn at the frame's size where the dialog has room).
#include <algorithm>
#include <cstdio>

#include "imgui.h"
#include "misc/cpp/imgui_stdlib.h"
#include "web/app/embed.h"
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab {

using ui::S;

namespace {

void CopyButton(App& app, const char* id, const std::string& text, const char* what) {
  ImGui::PushID(id);
  if (ui::Button(S().share_copy)) {
    if (app.platform.copy_text && app.platform.copy_text(text)) {
      char line[128];
      std::snprintf(line, sizeof line, S().share_copied, what);
      app.picks.share.copied = line;
    } else {
      app.picks.share.copied = S().share_copy_failed;
    }
  }
  RecordItem(app, std::string("share.copy_") + id);
  ImGui::PopID();
}

// Checkboxes for some names, flowing over lines. True when one changed.
template <typename T, typename Label>
bool Checkboxes(const std::vector<T>& all, std::vector<T>* chosen, Label label, float width) {
  bool changed = false;
  float x = 0;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const std::string text = label(all[i]);
    const float w =
        ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(text.c_str()).x;
    if (i && x + gap + w <= width) {
      ImGui::SameLine();
      x += gap + w;
    } else {
      x = w;
    }
    bool on = std::find(chosen->begin(), chosen->end(), all[i]) != chosen->end();
    ImGui::PushID(static_cast<int>(i));
    if (ui::Checkbox(text.c_str(), &on)) {
      changed = true;
      if (on) {  // keep the order of `all`
        std::vector<T> next;
        for (const T& a : all)
          if (a == all[i] || std::find(chosen->begin(), chosen->end(), a) != chosen->end()) next.push_back(a);
        *chosen = next;
      } else {
        chosen->erase(std::remove(chosen->begin(), chosen->end(), all[i]), chosen->end());
      }
    }
    ImGui::PopID();
  }
  return changed;
}

// A caption or a title as typed, made what its setting takes: one line (no control characters), 160 bytes at most.
void OneLine(std::string* text) {
  text->erase(std::remove_if(text->begin(), text->end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }),
              text->end());
  *text = utf8_prefix(*text, 160);
}

}  // namespace

void ShowShareDialog(App& app, PanelTextures& tex, float width, float height) {
  auto& share = app.picks.share;
  if (!share.open) return;
  if (!share.opened) {  // start from what is on screen
    share.panels = app.state.embed ? embed_panels(app.state) : std::vector<Panel>{app.state.panel};
    share.controls = embed_controls(app.state);
    share.caption = app.state.caption;
    share.title = app.state.title;
    share.copied.clear();
    share.opened = true;
    ImGui::OpenPopup("###share");
  }
  const float font = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(width * 0.5f, height * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(width - 16, font * 80), height - 16));
  char title[96];
  std::snprintf(title, sizeof title, "%s###share", S().share_title);
  bool open = true;
  ImGui::PushStyleColor(ImGuiCol_PopupBg, ImVec4(0.11f, 0.12f, 0.15f, 1.0f));
  const bool shown = ImGui::BeginPopupModal(title, &open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove);
  ImGui::PopStyleColor();
  if (!shown) {
    share.open = share.opened = false;
    return;
  }
  RecordWindow(app, "share");
  const std::string base = app.platform.page_url ? app.platform.page_url() : "";
  const float avail_w = ImGui::GetContentRegionAvail().x;
  const bool two_columns = avail_w >= font * 50;
  const float options_w = two_columns ? std::min(font * 28, avail_w * 0.4f) : avail_w;

  ImGui::BeginChild("##share_options",
                    ImVec2(options_w, two_columns ? -ImGui::GetFrameHeightWithSpacing() : font * 22));
  // 1. A link to the full playground with these settings.
  ui::TextWrapped("%s", S().share_link);
  const std::string query_full = state_to_query(full_playground_state(app.state));
  std::string link =
      base.empty() ? std::string(S().share_no_page_url) : base + (query_full.empty() ? "" : "#" + query_full);
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize(S().share_copy).x - font * 1.5f);
  ui::InputText("##link", &link, ImGuiInputTextFlags_ReadOnly);
  ImGui::SameLine();
  CopyButton(app, "link", link, S().share_what_link);
  ImGui::Separator();

  // 2. The frame: panels, controls, caption, size.
  ui::TextUnformatted(S().share_embed);
  ui::HelpMarker(S().share_embed_help);
  const float inner = ImGui::GetContentRegionAvail().x;
  ui::TextDisabled("%s", S().share_panels);
  std::vector<Panel> all_panels;
  for (const auto& p : kPanelNames) all_panels.push_back(p.value);
  Checkboxes(
      all_panels, &share.panels, [](Panel p) { return std::string(to_string(p)); }, inner);
  if (share.panels.empty()) share.panels = {app.state.panel};
  while (static_cast<int>(share.panels.size()) > kMaxEmbedPanels) share.panels.pop_back();
  ui::TextDisabled("%s", S().share_controls);
  std::vector<std::string> all_controls = embed_actions();
  all_controls.insert(all_controls.end(), embed_settings().begin(), embed_settings().end());
  Checkboxes(
      all_controls, &share.controls, [](const std::string& c) { return c; }, inner);
  ImGui::SetNextItemWidth(-font * 5);
  ui::InputTextWithHint(S().share_caption, S().share_caption_hint, &share.caption);
  OneLine(&share.caption);
  // the frame's title, which a screen reader names it by: the views' names unless the teacher writes one
  const std::string default_title = ViewsTitle(share.panels);
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x + ImGui::GetStyle().ItemSpacing.x * 2;
  ImGui::SetNextItemWidth(-(ImGui::CalcTextSize(S().share_frame_title).x + ImGui::CalcTextSize("(?)").x + spacing));
  ui::InputTextWithHint(S().share_frame_title, default_title.c_str(), &share.title);
  OneLine(&share.title);
  ui::HelpMarker(S().share_frame_title_help);
  int size[2] = {share.width, share.height};
  ImGui::SetNextItemWidth(font * 8);
  if (ui::InputInt2(S().share_size, size)) {
    share.width = std::clamp(size[0], 240, 3840);
    share.height = std::clamp(size[1], 180, 2160);
  }
  const std::string query = embed_query(app.state, share.panels, share.controls, share.caption, share.title);
  const std::string snippet = iframe_snippet(base.empty() ? "index.html" : base, query, share.width, share.height,
                                             share.title.empty() ? default_title : share.title);
  ui::TextDisabled("%s", S().share_snippet);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::BeginChild("##snippet", ImVec2(-1, font * 6), false);
  ImGui::PushTextWrapPos(0);
  ui::TextUnformatted(snippet.c_str());  // wrapped to be read whole; Copy takes it to the clipboard
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::PopStyleColor();
  CopyButton(app, "snippet", snippet, "<iframe>");
  if (!share.copied.empty()) {
    ImGui::SameLine();
    ui::TextDisabled("%s", share.copied.c_str());
  }
  ImGui::EndChild();
  if (two_columns) ImGui::SameLine();

  // 3. The preview: the embed view itself, at the frame's size where it fits.
  ImGui::BeginGroup();
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const float room_h = room.y - ImGui::GetFrameHeightWithSpacing() * 2;
  const int pw = std::max(1, std::min(share.width, static_cast<int>(room.x)));
  const int ph = std::max(1, std::min(share.height, static_cast<int>(room_h)));
  if (pw == share.width && ph == share.height) ui::TextDisabled("%s", S().share_preview);
  else ui::TextDisabled(S().share_preview_scaled, pw, ph, share.width, share.height);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_WindowBg));
  ImGui::BeginChild("##share_preview", ImVec2(static_cast<float>(pw), static_cast<float>(ph)), true);
  RecordWindow(app, "share.preview");
  ShowEmbed(app, tex, share.panels, share.controls, share.caption);
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::EndGroup();

  if (ui::Button(S().share_close)) open = false;
  if (!open) {
    ImGui::CloseCurrentPopup();
    share.open = share.opened = false;
  }
  ImGui::EndPopup();
}

}  // namespace attnlab
