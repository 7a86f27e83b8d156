#include "web/platform/browser_input.h"

#include <SDL.h>
#include <nlohmann/json.hpp>

#include <cstdarg>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"  // the windows' scroll positions (test hook), the text cursor's screen position
#include "web/panels/panels.h"
#include "web/ui/strings.h"
#include "web/ui/touch.h"

#include "web/platform/platform.h"

namespace attnlab {

namespace {

// What the on-screen keyboard typed, in order: text, or a key (an SDL scancode) to press and release.
struct Typed {
  std::string text;
  int key = 0;
};

// A widget as drawn in the last frame (for the test hook): its label, the window it is in, its rectangle and
// the part of it not clipped away (both in CSS pixels).
struct Item {
  ImGuiID id = 0;
  std::string label, window;
};
struct ItemRect {
  ImRect rect, visible;
};

struct BrowserInput {
  std::deque<Typed> queue;
  std::vector<Item> items, last_items;                      // this frame's widgets, the last complete frame's
  std::unordered_map<ImGuiID, ItemRect> rects, last_rects;  // where they are (ImGui reports it apart)
  int key_held = 0;                                         // a key pressed last frame, released this frame
  const PanelTextures* textures = nullptr;
  const ui::Touch* touch = nullptr;
  std::string json;  // attnlab_ui's answer, valid until the next call
};

BrowserInput g_input;  // platform glue that lives as long as the page, as SDL's own state does (and api.cpp's)

BrowserInput& input() { return g_input; }

}  // namespace

#if defined(__EMSCRIPTEN__)

// JavaScript below: clang-format would split its === and !== apart.
// clang-format off
EM_JS(int, js_pointer_coarse, (),
      { return (typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches) ? 1 : 0; });
// The media query is made once and read each frame (it follows the system's setting as it changes).
EM_JS(int, js_reduced_motion, (), {
  if (Module.attnlabMotion === undefined)
    Module.attnlabMotion = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  return Module.attnlabMotion && Module.attnlabMotion.matches ? 1 : 0;
});

// The hidden <input>: transparent, 1 px, over the field ImGui edits (so the page does not scroll to somewhere
// else when it is focused, and the keyboard's suggestions appear near the field). 16px text: iOS zooms into
// smaller inputs on focus. It keeps one space in it so that Backspace on an on-screen keyboard has something
// to delete (an empty field sends no event for it).
EM_JS(void, js_text_input_sync, (int want, int over_text, float x, float y, float h), {
  var el = Module.attnlabTextInput;
  if (!el) {
    el = document.createElement("input");
    el.type = "text";
    el.id = "attnlab-text-input";
    el.setAttribute("aria-label", "text");
    el.tabIndex = -1;  // focused by the app when a text field is edited, never by Tab (the mirror has the fields)
    el.setAttribute("autocomplete", "off");
    el.setAttribute("autocorrect", "off");
    el.setAttribute("autocapitalize", "none");
    el.setAttribute("spellcheck", "false");
    el.setAttribute("enterkeyhint", "done");
    el.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;border:0;padding:0;margin:0;" +
                       "font-size:16px;background:transparent;color:transparent;caret-color:transparent;" +
                       "outline:none;z-index:1;pointer-events:none";
    var filler = " ";
    el.value = filler;
    var send = function(text) {
      if (text) Module.ccall("attnlab_text_input_text", null, ["string"], [text]);
    };
    var key = function(code) { Module.ccall("attnlab_text_input_key", null, ["number"], [code]); };
    var reset = function() {
      el.value = filler;
      el.setSelectionRange(filler.length, filler.length);
    };
    el.addEventListener(
        "compositionend", function(e) {
          send(e.data);
          reset();
        });
    el.addEventListener(
        "input", function(e) {
          if (e.isComposing) return;  // the word being composed arrives whole at compositionend
          var t = e.inputType || "";
          if (t === "deleteContentBackward") key(8);
          else if (t === "insertLineBreak" || t === "insertParagraph") key(13);
          else if (t.indexOf("insert") === 0) {
            var v = el.value;  // what was inserted: the value without the filler
            send(v.indexOf(filler) === 0 ? v.slice(filler.length) : (e.data || v));
          }
          reset();
        });
    document.body.appendChild(el);
    Module.attnlabTextInput = el;
    Module.attnlabTextWant = 0;
    // A tap on a text field: focus inside the tap event itself, which is what lets a phone show its keyboard
    // (focus() called later, from a frame, may be refused without a user gesture).
    var canvas = document.getElementById("canvas");
    if (canvas)
      canvas.addEventListener(
          "touchend",
          function() {
            if (Module.attnlabTextOver && document.activeElement !== el) el.focus({preventScroll : true});
          },
          true);
  }
  Module.attnlabTextOver = over_text;
  if (want) {  // a finger (the on-screen keyboard) or a keyboard (an input method composes 中文 here)
    el.style.left = x + "px";
    el.style.top = y + "px";
    el.style.height = Math.max(1, h) + "px";
    if (!Module.attnlabTextWant && document.activeElement !== el) el.focus({preventScroll : true});
    if (!Module.attnlabTextWant) {
      el.value = " ";
      el.setSelectionRange(1, 1);
    }
  } else if (document.activeElement === el) {
    el.blur();
  }
  Module.attnlabTextWant = want;
});
// clang-format on

bool pointer_is_coarse() { return js_pointer_coarse() != 0; }
bool prefers_reduced_motion() { return js_reduced_motion() != 0; }

#else

bool pointer_is_coarse() { return false; }
bool prefers_reduced_motion() { return false; }

#endif

void text_input_before_frame() {
  ImGuiIO& io = ImGui::GetIO();
  BrowserInput& b = input();
  if (ImGui::GetCurrentContext()->TestEngineHookItems) {
    b.last_items.swap(b.items);
    b.items.clear();
    b.last_rects.swap(b.rects);
    b.rects.clear();
  }
  if (b.key_held) {  // released a frame after its press
    io.KeysDown[b.key_held] = false;
    b.key_held = 0;
    return;  // the next key waits a frame, so ImGui sees this one up before it
  }
  while (!b.queue.empty()) {
    Typed t = std::move(b.queue.front());
    b.queue.pop_front();
    if (t.key) {
      io.KeysDown[t.key] = true;
      b.key_held = t.key;
      break;  // text after it waits until the key is seen
    }
    io.AddInputCharactersUTF8(t.text.c_str());
  }
}

void text_input_after_frame() {
#if defined(__EMSCRIPTEN__)
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const bool over_text = ImGui::GetMouseCursor() == ImGuiMouseCursor_TextInput || io.WantTextInput;
  const ImVec2 at = g.PlatformImePos.x < 1e20f ? g.PlatformImePos : ImVec2(0, 0);
  js_text_input_sync(io.WantTextInput ? 1 : 0, over_text ? 1 : 0, at.x, at.y, ImGui::GetFontSize());
#endif
}

void ui_hook_bind(const PanelTextures* textures, const ui::Touch* touch) {
  input().textures = textures;
  input().touch = touch;
}

}  // namespace attnlab

// The on-screen keyboard's text (UTF-8) and keys (8 = Backspace, 13 = Enter), from the hidden <input>.
ATTNLAB_EXPORT void attnlab_text_input_text(const char* text) {
  if (text && *text) attnlab::input().queue.push_back({text, 0});
}

ATTNLAB_EXPORT void attnlab_text_input_key(int code) {
  const int key = code == 8 ? SDL_SCANCODE_BACKSPACE : code == 13 ? SDL_SCANCODE_RETURN : 0;
  if (key) attnlab::input().queue.push_back({"", key});
}

// ImGui's test-engine hooks (IMGUI_ENABLE_TEST_ENGINE, web/app.cmake): ItemAdd says where a widget is, ItemInfo
// its label (before or after, by widget). ImGui calls them only while TestEngineHookItems is on (attnlab_ui(1)).
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) {
  if (!ctx->CurrentWindow) return;
  ImRect visible = bb;
  visible.ClipWithFull(ctx->CurrentWindow->ClipRect);
  attnlab::input().rects[id] = {bb, visible};
}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
  if (!label || !ctx->CurrentWindow) return;
  // "Title###id": the text shown is the part before "###" (the view tabs keep one ID in every language)
  std::string shown = label;
  const std::size_t id_mark = shown.find("###");
  if (id_mark != std::string::npos && id_mark > 0) shown.resize(id_mark);
  attnlab::input().items.push_back({id, shown, ctx->CurrentWindow->Name});
}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }

// window.attnlab._ui() (internal, for tests): the scrollable windows' scroll positions, the views' zoom, the
// font size and frame padding, whether a finger was seen, whether ImGui wants text. items = 1 also lists the
// last frame's widgets (label, window, rect and its visible part as [x0, y0, x1, y1]) from then on.
ATTNLAB_EXPORT const char* attnlab_ui(int items) {
  using nlohmann::json;
  attnlab::BrowserInput& b = attnlab::input();
  json j;
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (items) g.TestEngineHookItems = true;
  if (g.TestEngineHookItems) {
    json list = json::array();
    for (const auto& it : b.last_items) {
      const auto r = b.last_rects.find(it.id);
      if (r == b.last_rects.end()) continue;  // not placed (a closed tab, an item skipped)
      const ImRect& a = r->second.rect;
      const ImRect& v = r->second.visible;
      list.push_back({{"label", it.label},
                      {"window", it.window},
                      {"rect", {a.Min.x, a.Min.y, a.Max.x, a.Max.y}},
                      {"visible", {v.Min.x, v.Min.y, v.Max.x, v.Max.y}}});
    }
    j["items"] = list;
  }
  json windows = json::array();
  for (const ImGuiWindow* w : g.Windows) {
    if (!w->WasActive || (w->ScrollMax.x <= 0 && w->ScrollMax.y <= 0)) continue;
    windows.push_back({{"name", w->Name},
                       {"scrollX", w->Scroll.x},
                       {"scrollY", w->Scroll.y},
                       {"scrollMaxX", w->ScrollMax.x},
                       {"scrollMaxY", w->ScrollMax.y}});
  }
  j["windows"] = windows;
  json zoom = json::object();
  if (b.textures) {
    auto z = [](const attnlab::gfx::HeatmapZoom& v) { return json{{"zoom", v.zoom}, {"cx", v.cx}, {"cy", v.cy}}; };
    zoom["attention"] = z(b.textures->zoom_attention);
    zoom["matrix"] = z(b.textures->zoom_matrix);
    zoom["pe"] = z(b.textures->zoom_pe);
    zoom["history"] = z(b.textures->zoom_history);
  }
  j["zoom"] = zoom;
  const ImGuiStyle& s = ImGui::GetStyle();
  j["fontPx"] = ImGui::GetFontSize();
  j["framePadding"] = {s.FramePadding.x, s.FramePadding.y};
  j["touchExtraPadding"] = {s.TouchExtraPadding.x, s.TouchExtraPadding.y};
  j["frameHeight"] = ImGui::GetFrameHeight();
  j["coarse"] = attnlab::pointer_is_coarse();
  j["touchUsed"] = b.touch && b.touch->used();
  j["wantTextInput"] = ImGui::GetIO().WantTextInput;
  j["framebufferScale"] = ImGui::GetIO().DisplayFramebufferScale.x;
  j["language"] = attnlab::ui::language();  // the table shown ("zh" once the Chinese glyphs are baked)
  const ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  j["atlas"] = {{"width", atlas.TexWidth},
                {"height", atlas.TexHeight},
                {"glyphs", atlas.Fonts.empty() ? 0 : atlas.Fonts[0]->Glyphs.Size}};
  b.json = j.dump();
  return b.json.c_str();
}
