// Attention Lab app: one main for the desktop (SDL2 + OpenGL 3.3) and the browser (SDL2 + WebGL2 through
// Emscripten), shaped like Dear ImGui's example_sdl_opengl3 plus an Emscripten main loop (drawn by web/ui/imgui_gl.h).
//
// Desktop flags (for tests and screenshots):  --frames N  --screenshot out.png  --size 1280x800
//                                            --export VIEW (its PNG and CSV into the current folder)
//
// Sections:
//   the GL context
//   the Chinese font
//   one frame
//   the desktop's flags
//   main
#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "imgui.h"
#include "imgui_impl_sdl.h"
#include "web/app/app.h"
#include "web/panels/panels.h"
#include "web/platform/a11y_dom.h"
#include "web/platform/api.h"
#include "web/platform/browser_input.h"
#include "web/platform/corpus_fetch.h"
#include "web/platform/files.h"
#include "web/platform/platform.h"
#include "web/platform/view_image.h"
#include "web/platform/worker_host.h"
#include "web/ui/fonts.h"
#include "web/ui/frame_change.h"
#include "web/ui/gl.h"
#include "web/ui/imgui_gl.h"
#include "web/ui/strings.h"
#include "web/ui/style.h"
#include "web/ui/touch.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#include <emscripten/html5.h>
#else
#include <stb/stb_image_write.h>  // (its implementation is compiled in web/platform/view_image.cpp)
#endif

#if defined(__EMSCRIPTEN__)
// Resolves window.attnlab.ready (web/platform/api.js).
EM_JS(void, notify_first_frame, (), {
  if (Module.attnlabFirstFrame) Module.attnlabFirstFrame();
});
#endif

// ----------------------------------------------------------------------------------------------------- the GL context

// The browser took the WebGL context away (a GPU reset, too many contexts in the tab, WEBGL_lose_context) or gave
// it back (api.js tells, from the canvas's webglcontextlost / webglcontextrestored events). While it is gone the
// app goes on training and answering the API and draws nothing; once it is back every GL object is made again.
static bool g_gl_lost = false;
static bool g_gl_restored = false;
ATTNLAB_EXPORT void attnlab_gl_context(int lost) {
  if (lost) {
    g_gl_lost = true;
  } else if (g_gl_lost) {
    g_gl_lost = false;
    g_gl_restored = true;
  }
}

namespace {

struct Runtime {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  std::unique_ptr<attnlab::App> app = std::make_unique<attnlab::App>();
  std::unique_ptr<attnlab::PanelTextures> textures =
      std::make_unique<attnlab::PanelTextures>();  // freed before the GL context
  bool quit = false;
  long long max_frames = -1;  // desktop: stop after this many frames (-1 = run until closed)
  std::string screenshot;     // desktop: write the last frame here as PNG
  std::vector<std::pair<std::string, std::string>> settings;  // --task pos --heads 2 ... (AppState fields)
  int warm_steps = 0;                                         // desktop: train this many steps before the first frame
  std::vector<attnlab::Panel> exports;  // desktop: views saved as PNG and CSV after the first frame
  Uint64 last_ticks = 0;
  attnlab::ui::Touch touch;         // finger scrolling and pinch (web/ui/touch.h)
  bool touch_style = false;         // the style has the larger, finger-sized frames
  float font_scale = 0.0f;          // device pixels per ImGui pixel the font atlas was made for
  std::vector<SDL_Event> held;      // events kept for the next frame (see frame())
  attnlab::ui::FrameChange screen;  // what the screen shows: a frame that looks the same is not drawn again
};

constexpr std::size_t kMaxHeldEvents = 256;  // past this, held events are handled at once rather than kept

constexpr float kFontSize = 16.0f;  // ImGui (CSS) pixels: the smallest text in the app (it never scales down)

// --------------------------------------------------------------------------------------------------- the Chinese font

// The Chinese font (web/ui/fonts.h): compiled into the desktop build; fetched by the page the first time
// Chinese is on screen (the interface in Chinese, the Chinese task, a typed Chinese character), so an English
// first load does not carry it.
struct CjkFont {
  enum class Status { none, loading, ready, failed } status = Status::none;
  std::vector<char> bytes;      // the fetched file (the browser)
  attnlab::ui::FontBytes font;  // ready: the bytes the atlas bakes from
  std::vector<unsigned> baked;  // the CJK code points in the atlas now (sorted)
  std::string error;            // failed: why
  bool reported = false;        // failed: the notice was shown
  std::string last_lang;        // the language of the last frame (a new switch to Chinese tries again)
};
CjkFont g_cjk;

#if defined(__EMSCRIPTEN__)
// fetch() of zh_font.ttf beside the page; the bytes (or the error) come back through attnlab_cjk_font_loaded.
EM_JS(void, js_fetch_cjk_font, (const char* url), {
  var done = function(p, n, err) {
    Module.ccall("attnlab_cjk_font_loaded", null, [ "number", "number", "string" ], [ p, n, err ]);
  };
  fetch(UTF8ToString(url))
      .then(function(r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.arrayBuffer();
      })
      .then(function(b) {
        var p = Module._malloc(Math.max(1, b.byteLength));
        HEAPU8.set(new Uint8Array(b), p);
        done(p, b.byteLength, "");
      })
      .catch(function(e) { done(0, 0, String((e && e.message) || e)); });
});
#endif

}  // namespace

// The page's fetch of the Chinese font ended: `bytes` (malloc'ed by the page, freed here) or an error.
ATTNLAB_EXPORT void attnlab_cjk_font_loaded(char* bytes, int size, const char* error) {
  std::string problem = error && *error ? error : "";
  if (problem.empty() && bytes && size > 0) {
    g_cjk.bytes.assign(bytes, bytes + size);
    problem = attnlab::ui::check_cjk_font({g_cjk.bytes.data(), g_cjk.bytes.size()});
  } else if (problem.empty()) {
    problem = "the file is empty";
  }
  std::free(bytes);
  if (problem.empty()) {
    g_cjk.font = {g_cjk.bytes.data(), g_cjk.bytes.size()};
    g_cjk.status = CjkFont::Status::ready;
  } else {
    g_cjk.bytes.clear();
    g_cjk.error = "zh_font.ttf: " + problem;
    g_cjk.status = CjkFont::Status::failed;
  }
}

namespace {

// The characters to bake now, and whether the Chinese font is needed at all.
std::vector<unsigned> cjk_wanted(const attnlab::App& app, bool* needed) {
  const attnlab::AppState& st = app.state;
  std::vector<unsigned> want;
  auto add = [&](const std::vector<unsigned>& v) { want.insert(want.end(), v.begin(), v.end()); };
  if (st.lang == "zh") add(attnlab::ui::cjk_string_chars());
  if (st.task == "seg_zh") {
    add(attnlab::ui::cjk_task_chars());  // the lecture's sentences, and the examples of the real text shown
    for (const attnlab::Sequence* s : app.shown_examples())
      for (const std::string& c : s->words) add(attnlab::ui::cjk_code_points(c));
  }
  add(attnlab::ui::cjk_code_points(st.input));
  add(attnlab::ui::cjk_code_points(st.caption));
  std::sort(want.begin(), want.end());
  want.erase(std::unique(want.begin(), want.end()), want.end());
  *needed = st.lang == "zh" || !want.empty();
  return want;
}

// Once per frame, before NewFrame: asks for the Chinese font when it is first needed, bakes new characters
// into the atlas, follows the pixel ratio, and shows the interface in Chinese once its glyphs are there.
// Returns true when the atlas was rebuilt (the caller remakes the GL texture).
bool update_fonts(attnlab::App& app, float scale, float* baked_scale) {
  bool needed = false;
  std::vector<unsigned> want = cjk_wanted(app, &needed);
  const bool switched_to_zh = app.state.lang == "zh" && g_cjk.last_lang != "zh";
  g_cjk.last_lang = app.state.lang;
  if (needed &&
      (g_cjk.status == CjkFont::Status::none || (g_cjk.status == CjkFont::Status::failed && switched_to_zh))) {
    g_cjk.reported = false;
#if defined(__EMSCRIPTEN__)
    g_cjk.status = CjkFont::Status::loading;
    js_fetch_cjk_font("zh_font.ttf");
#else
    g_cjk.font = attnlab::ui::embedded_cjk_font();
    g_cjk.status = CjkFont::Status::ready;
#endif
  }
  if (g_cjk.status == CjkFont::Status::failed && !g_cjk.reported) {
    char buf[512];
    std::snprintf(buf, sizeof buf, attnlab::ui::strings_en().lang_font_failed, g_cjk.error.c_str());
    app.notices.push_back(buf);  // in English: the Chinese glyphs are what is missing
    g_cjk.reported = true;
    if (app.state.lang == "zh") {
      app.set_state({{"lang", "en"}});
      g_cjk.last_lang = "en";
    }
  }
  bool rebuild = scale != *baked_scale;
  if (g_cjk.status == CjkFont::Status::ready &&
      !std::includes(g_cjk.baked.begin(), g_cjk.baked.end(), want.begin(), want.end())) {
    std::vector<unsigned> all;
    std::set_union(g_cjk.baked.begin(), g_cjk.baked.end(), want.begin(), want.end(), std::back_inserter(all));
    g_cjk.baked.swap(all);
    rebuild = true;
  }
  attnlab::ui::set_language(app.state.lang == "zh" && g_cjk.status == CjkFont::Status::ready ? "zh" : "en");
  if (!rebuild) return false;
  const attnlab::ui::FontBytes cjk = g_cjk.status == CjkFont::Status::ready ? g_cjk.font : attnlab::ui::FontBytes{};
  attnlab::ui::load_ui_fonts(kFontSize, scale, cjk, g_cjk.baked);
  *baked_scale = scale;
  return true;
}

// ---------------------------------------------------------------------------------------------------------- one frame

// Device pixels per window pixel (2 on a HiDPI screen, 2.75 on a Pixel 5), rounded to a quarter.
float pixel_scale(SDL_Window* window) {
  int w = 0, h = 0, fb_w = 0, fb_h = 0;
  SDL_GetWindowSize(window, &w, &h);
  SDL_GL_GetDrawableSize(window, &fb_w, &fb_h);
  const float s = w > 0 ? static_cast<float>(fb_w) / static_cast<float>(w) : 1.0f;
  return std::clamp(std::round(s * 4.0f) / 4.0f, 1.0f, 4.0f);
}

// A finger needs bigger targets: taller frames, more space between items, and hit boxes a little larger than
// what is drawn (TouchExtraPadding). Used once the page has a coarse pointer or a finger touched it.
void use_touch_style(ImGuiStyle& style) {
  style.FramePadding = ImVec2(10.0f, 8.0f);  // frame height 16 + 2·8 = 32 CSS px, 40 with the extra padding
  style.ItemSpacing = ImVec2(10.0f, 8.0f);
  style.ItemInnerSpacing = ImVec2(8.0f, 6.0f);
  style.TouchExtraPadding = ImVec2(4.0f, 4.0f);
  style.ScrollbarSize = 18.0f;
  style.GrabMinSize = 24.0f;
  style.IndentSpacing = 24.0f;
}

#if !defined(__EMSCRIPTEN__)
bool save_screenshot(const std::string& path, int w, int h) {
  std::string pixels(static_cast<std::size_t>(w) * h * 4, '\0');
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);  // GL's first row is the bottom one
  return stbi_write_png(path.c_str(), w, h, 4, pixels.data(), w * 4) != 0;
}
#endif

// A pointer, finger, wheel or key event: someone is using the page (App::host_pace).
bool is_use(Uint32 type) {
  static const Uint32 kinds[] = {SDL_MOUSEMOTION, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, SDL_MOUSEWHEEL,
                                 SDL_FINGERDOWN,  SDL_FINGERMOTION,    SDL_FINGERUP,      SDL_KEYDOWN,
                                 SDL_KEYUP,       SDL_TEXTINPUT};
  return std::find(std::begin(kinds), std::end(kinds), type) != std::end(kinds);
}

void frame(void* arg) {
  Runtime& rt = *static_cast<Runtime*>(arg);
  const Uint64 start = SDL_GetPerformanceCounter();  // (clock.busy_ms: the UI thread's time in this frame)
  int win_w = 0, win_h = 0;
  SDL_GetWindowSize(rt.window, &win_w, &win_h);
  bool used = false;  // the page was used in this frame: a pointer, finger, wheel or key event (App::host_pace)
  auto handle = [&](const SDL_Event& event) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    used = used || is_use(event.type);
    if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) {
      // The modifiers as they were at this key (the backend reads SDL's state now, which may be later).
      const Uint16 mod = event.key.keysym.mod;
      ImGuiIO& io = ImGui::GetIO();
      io.KeyShift = (mod & KMOD_SHIFT) != 0;
      io.KeyCtrl = (mod & KMOD_CTRL) != 0;
      io.KeyAlt = (mod & KMOD_ALT) != 0;
      io.KeySuper = (mod & KMOD_GUI) != 0;
    }
    // Fingers: SDL also turns the first one into the left mouse button (taps and slider drags need nothing
    // more); ui::Touch adds scrolling with a finger and the pinch.
    auto finger = [&](const SDL_TouchFingerEvent& f) {
      return ImVec2(f.x * static_cast<float>(win_w), f.y * static_cast<float>(win_h));
    };
    if (event.type == SDL_FINGERDOWN) {
      rt.touch.finger_down(static_cast<long long>(event.tfinger.fingerId), finger(event.tfinger));
    } else if (event.type == SDL_FINGERMOTION) {
      rt.touch.finger_move(static_cast<long long>(event.tfinger.fingerId), finger(event.tfinger));
    } else if (event.type == SDL_FINGERUP) {
      rt.touch.finger_up(static_cast<long long>(event.tfinger.fingerId), finger(event.tfinger));
    }
    if (event.type == SDL_QUIT) rt.quit = true;
    if (event.type == SDL_DROPFILE && event.drop.file) {  // a file dropped on the desktop window
      attnlab::deliver_file_at_path(event.drop.file);
      SDL_free(event.drop.file);
    }
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
        event.window.windowID == SDL_GetWindowID(rt.window))
      rt.quit = true;
  };
  // Dear ImGui 1.86 sees a key as down only if it is down when a frame starts: a key pressed and released
  // between two frames (a quick Ctrl+A or Backspace on a slow frame, or a test's key press) would be lost.
  // Such a release, and every event after it (their order matters), waits for the next frame.
  std::vector<SDL_Event> held;
  held.swap(rt.held);
  bool pressed_now[SDL_NUM_SCANCODES] = {};
  auto take = [&](const SDL_Event& event) {
    const bool key = event.type == SDL_KEYDOWN || event.type == SDL_KEYUP;
    const int code = key ? static_cast<int>(event.key.keysym.scancode) : 0;
    const bool in_range = key && code >= 0 && code < SDL_NUM_SCANCODES;
    if (rt.held.size() < kMaxHeldEvents &&
        (!rt.held.empty() || (in_range && event.type == SDL_KEYUP && pressed_now[code]))) {
      rt.held.push_back(event);
      return;
    }
    if (in_range && event.type == SDL_KEYDOWN) pressed_now[code] = true;
    handle(event);
  };
  for (const SDL_Event& event : held) take(event);
  SDL_Event polled;
  while (SDL_PollEvent(&polled)) take(polled);

#if defined(__EMSCRIPTEN__)
  // The canvas fills the page (index.html): follow its CSS size.
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  if (css_w >= 1 && css_h >= 1 && (static_cast<int>(css_w) != win_w || static_cast<int>(css_h) != win_h))
    SDL_SetWindowSize(rt.window, static_cast<int>(css_w), static_cast<int>(css_h));
#endif

  const Uint64 now = SDL_GetPerformanceCounter();
  const double freq = static_cast<double>(SDL_GetPerformanceFrequency());
  double frame_ms = 1000.0 / 60.0;
  if (rt.last_ticks) {
    const double dt = static_cast<double>(now - rt.last_ticks) / freq;
    if (dt > 0) {
      frame_ms = dt * 1000.0;
      float& fps = rt.app->clock.fps;
      fps = fps == 0.0f ? static_cast<float>(1.0 / dt) : 0.95f * fps + 0.05f * static_cast<float>(1.0 / dt);
    }
  }
  attnlab::FrameClock& clock = rt.app->clock;
  const double now_ms = static_cast<double>(now) / freq * 1000.0;
  if (clock.fps_shown == 0.0f || now_ms - clock.fps_shown_at >= 1000.0) {
    clock.fps_shown = clock.fps;
    clock.fps_shown_at = now_ms;
  }
  rt.last_ticks = now;
  if (used) clock.input_ms = now_ms;
  // Train within this frame's budget, then draw what the model looks like now.
  attnlab::update_corpus(*rt.app);  // the pos task's corpus, when the data waits for it
  clock.reduced_motion = attnlab::prefers_reduced_motion();
  rt.touch.set_reduced_motion(clock.reduced_motion);
  rt.app->tick(now_ms, frame_ms);
  if (g_gl_lost) return;  // nothing to draw with: training and the API go on
  // Draw even a frame that looks like the last one: a new context or font texture has nothing on it yet, and the
  // desktop's test runs (--frames) count and capture the frames they draw.
  bool must_draw = rt.max_frames >= 0 || clock.draw_every_frame;
  if (g_gl_restored) {  // a new context: the renderer's shaders, buffers and font texture, and our heatmaps
    must_draw = true;
    g_gl_restored = false;
    attnlab::gfx::next_gl_generation();  // (the renderer and heatmaps make their objects again)
    attnlab::shutdown_view_images();
  }

  // A finger on the page (or a coarse pointer): finger-sized frames from now on.
  if (!rt.touch_style && rt.touch.used()) {
    use_touch_style(ImGui::GetStyle());
    rt.touch_style = true;
  }
  attnlab::gfx::imgui_gl_new_frame();  // (the first one makes the GL objects, the font texture among them)
  // A sharp font for the screen's pixel ratio (the window moved, the page was zoomed), and the Chinese glyphs
  // now on screen.
  if (update_fonts(*rt.app, pixel_scale(rt.window), &rt.font_scale)) {
    must_draw = true;
    attnlab::gfx::imgui_gl_rebuild_fonts();
    attnlab::shutdown_view_images();  // the export's second context copies the fonts: it is made again
  }
  ImGui_ImplSDL2_NewFrame();
  attnlab::text_input_before_frame();
  attnlab::mirror_begin_frame();
  rt.touch.before_frame(static_cast<float>(frame_ms / 1000.0));
  ImGui::NewFrame();
  attnlab::mirror_new_frame(*rt.app);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  attnlab::ShowApp(*rt.app, *rt.textures, display.x, display.y);
  rt.touch.after_frame();
  ImGui::Render();
  attnlab::text_input_after_frame();
  attnlab::mirror_after_frame();

  // To the GPU only if it looks different from what the screen shows (web/ui/frame_change.h): a frame is the
  // costly part, and while nothing moves (or the trainer's next state has not come yet) it would only take the
  // core that the trainer's worker, or a laptop's battery, could use.
  int fb_w = 0, fb_h = 0;
  SDL_GL_GetDrawableSize(rt.window, &fb_w, &fb_h);
  ImDrawData* draw = ImGui::GetDrawData();
  const bool present =
      rt.screen.should_draw(attnlab::ui::draw_fingerprint(*draw), attnlab::gfx::texture_writes(), must_draw);
  if (present) {
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(attnlab::ui::kPageBackground.x, attnlab::ui::kPageBackground.y, attnlab::ui::kPageBackground.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    attnlab::gfx::imgui_gl_render(*draw);
    ++rt.app->clock.presented;
  }
  attnlab::serve_exports(*rt.app, *rt.textures);  // pictures and files the views' menus or the API asked for
  ++rt.app->clock.frame;
  rt.app->clock.busy_ms = static_cast<double>(SDL_GetPerformanceCounter() - start) / freq * 1000.0;

#if defined(__EMSCRIPTEN__)
  if (rt.app->clock.frame == 1) notify_first_frame();
#else
  const bool last = rt.max_frames >= 0 && rt.app->clock.frame >= rt.max_frames;
  if (last && !rt.screenshot.empty()) {
    if (!save_screenshot(rt.screenshot, fb_w, fb_h)) {
      std::fprintf(stderr, "attnlab_app: could not write %s\n", rt.screenshot.c_str());
      std::exit(1);
    }
    std::printf("attnlab_app: wrote %s (%dx%d)\n", rt.screenshot.c_str(), fb_w, fb_h);
  }
  if (last) rt.quit = true;
  if (present) {
    SDL_GL_SwapWindow(rt.window);  // (waits for the display's next refresh)
  } else {
    SDL_WaitEventTimeout(nullptr, 16);  // nothing new to show: until an event comes, at most a refresh's time
  }
#endif
}

// ------------------------------------------------------------------------------------------------ the desktop's flags

// Every setting of the one field table (web/app/state.h) as JSON: name, help, kind, range, choices, default.
void print_settings_json() {
  using Kind = attnlab::StateField::Kind;
  const attnlab::AppState defaults;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : attnlab::state_fields()) {
    const char* kind = f.kind == Kind::integer   ? "integer"
                       : f.kind == Kind::number  ? "number"
                       : f.kind == Kind::boolean ? "boolean"
                                                 : "text";
    out.push_back({{"name", f.name},
                   {"help", f.help},
                   {"kind", kind},
                   {"lo", f.lo},
                   {"hi", f.hi},
                   {"odd", f.odd},
                   {"choices", f.choices},
                   {"default", f.get(defaults)},
                   {"resets_model", f.resets_model}});
  }
  std::printf("%s\n", out.dump(2).c_str());
}

bool parse_args(Runtime& rt, int argc, char** argv, int& w, int& h) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&](const char* what) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "attnlab_app: %s needs a value\n", what);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--frames") {
      rt.max_frames = std::atoll(next("--frames"));
      if (rt.max_frames < 1) {
        std::fprintf(stderr, "attnlab_app: --frames must be at least 1\n");
        return false;
      }
    } else if (a == "--screenshot") {
      rt.screenshot = next("--screenshot");
    } else if (a == "--size") {
      if (std::sscanf(next("--size"), "%dx%d", &w, &h) != 2 || w < 200 || h < 200 || w > 8192 || h > 8192) {
        std::fprintf(stderr, "attnlab_app: --size must look like 1280x800 (each side 200..8192)\n");
        return false;
      }
    } else if (a == "--help" || a == "-h") {
      std::printf(
          "attnlab_app: the Attention Lab desktop app\n"
          "  --frames N         quit after N frames\n"
          "  --screenshot FILE  save the last frame as PNG (with --frames)\n"
          "  --size WxH         window size (default 1280x800)\n"
          "  --steps N          train N steps before the first frame (for screenshots)\n"
          "  --export VIEW      save the view's PNG and CSV into the current folder (repeatable)\n"
          "  --settings-json    print the settings below as JSON (name, help, kind, range, choices, default)\n"
          "Settings (the same names as in the page's URL hash):\n");
      for (const auto& f : attnlab::state_fields()) {
        std::string choices;
        for (const auto& c : f.choices) choices += (choices.empty() ? " (" : "|") + c;
        if (!choices.empty()) choices += ")";
        std::printf("  --%-12s %s%s\n", f.name, f.help, choices.c_str());
      }
      std::exit(0);
    } else if (a == "--settings-json") {  // the settings table for the docs (scripts/docs.py: link-keys)
      print_settings_json();
      std::exit(0);
    } else if (a == "--steps") {
      rt.warm_steps = std::atoi(next("--steps"));
      if (rt.warm_steps < 0) {
        std::fprintf(stderr, "attnlab_app: --steps must be 0 or more\n");
        return false;
      }
    } else if (a == "--export") {
      const char* view = next("--export");
      attnlab::Panel p = attnlab::Panel::attention;
      if (!attnlab::from_string(view, &p)) {
        std::string views;
        for (const auto& v : attnlab::enum_names<attnlab::Panel>()) views += " " + v;
        std::fprintf(stderr, "attnlab_app: --export takes a view:%s (not '%s')\n", views.c_str(), view);
        return false;
      }
      rt.exports.push_back(p);
    } else if (a.rfind("--", 0) == 0 && attnlab::find_state_field(a.substr(2))) {
      const std::string key = a.substr(2);
      rt.settings.emplace_back(key, next(a.c_str()));
    } else {
      std::fprintf(stderr, "attnlab_app: unknown argument '%s' (see --help)\n", a.c_str());
      return false;
    }
  }
  if (!rt.screenshot.empty() && rt.max_frames < 0) rt.max_frames = 3;
  return true;
}

}  // namespace

// --------------------------------------------------------------------------------------------------------------- main

int main(int argc, char** argv) {
  static Runtime rt;  // static: the Emscripten main loop outlives main()
  int width = 1280, height = 800;
  if (!parse_args(rt, argc, argv, width, height)) return 2;

  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "attnlab_app: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
#if defined(__EMSCRIPTEN__)
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  const char* gl_name = "WebGL2 (OpenGL ES 3.0)";
#else
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  const char* gl_name = "OpenGL 3.3 core";
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  const auto window_flags =
      static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  rt.window =
      SDL_CreateWindow("Attention Lab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, window_flags);
  if (!rt.window) {
    std::fprintf(stderr, "attnlab_app: cannot create a window: %s\n", SDL_GetError());
    return 1;
  }
  rt.gl = SDL_GL_CreateContext(rt.window);
  if (!rt.gl) {
    std::fprintf(stderr, "attnlab_app: cannot create an OpenGL context (%s): %s\n", gl_name, SDL_GetError());
    return 1;
  }
  SDL_GL_MakeCurrent(rt.window, rt.gl);
  SDL_GL_SetSwapInterval(rt.max_frames >= 0 ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout is fixed by the app; nothing written to disk or browser storage
  attnlab::ui::StyleColours(ImGui::GetStyle());  // the dark theme, at WCAG AA contrast (web/ui/style.h)
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.TabRounding = 3.0f;
  attnlab::ui::StyleTargets(style, kFontSize);  // 24 CSS px targets for a mouse too (the touch style: 32)
  if (attnlab::pointer_is_coarse()) {
    use_touch_style(style);
    rt.touch_style = true;
  }
  attnlab::ui::SetTouch(&rt.touch);
  attnlab::ui_hook_bind(rt.textures.get(), &rt.touch);
  attnlab::api_bind(rt.app.get());
  rt.app->on_state_changed = attnlab::publish_state_to_url;
  attnlab::PlatformHooks& hooks = rt.app->platform;
  hooks.download = [](const std::string& name, const std::string& mime, const std::vector<std::uint8_t>& bytes,
                      std::string* where) { return attnlab::offer_download(name, mime, bytes, where); };
  hooks.pick_file = attnlab::pick_file;
  hooks.copy_text = attnlab::copy_text;
  hooks.open_url = attnlab::open_url;
  hooks.page_url = attnlab::page_url;
#if defined(__EMSCRIPTEN__)
  hooks.has_file_picker = true;
#endif
  // Files picked or dropped on the page or the window go to App::open_file: a model file loads, any other file
  // is read as your own data (App::load_data); a problem becomes a notice and the current run goes on.
  attnlab::set_open_file_hook([app = rt.app.get()](const attnlab::OpenedFile& f) {
    app->open_file(f.name, f.bytes.data(), f.bytes.size(), f.error);
  });
  // Each run trains off the UI thread, the views read its replica (web/app/trainer_host.h): the browser in a
  // Web Worker (worker_host.h), the desktop in a thread of its own.
#if defined(__EMSCRIPTEN__)
  rt.app->runs.make_host = [] { return attnlab::make_worker_host(); };
  rt.app->runs.host_kind = "worker";
#else
  rt.app->runs.make_host = [] { return attnlab::make_thread_host(); };
  rt.app->runs.host_kind = "thread";
#endif
  rt.app->clock.cores = attnlab::logical_cores();
  update_fonts(*rt.app, pixel_scale(rt.window), &rt.font_scale);  // English first
  rt.app->state.lang = attnlab::preferred_language();  // the browser's (or the desktop's) unless the link says
  rt.app->load_url_state(attnlab::read_url_state());
  if (!rt.settings.empty()) {
    const auto problems = rt.app->set_state(rt.settings);
    for (const auto& p : problems) std::fprintf(stderr, "attnlab_app: %s\n", p.c_str());
    if (!problems.empty()) return 2;
  }
  if (rt.warm_steps > 0) rt.app->train_steps(rt.warm_steps);
  for (attnlab::Panel p : rt.exports) {  // served after the first frame, as a menu click would be
    rt.app->exports.request(p, attnlab::ExportFormat::png, true);
    rt.app->exports.request(p, attnlab::ExportFormat::csv, true);
  }
  ImGui_ImplSDL2_InitForOpenGL(rt.window, rt.gl);
#if defined(__EMSCRIPTEN__)
  // Copy goes to the system's clipboard; a paste arrives as the hidden <input>'s text (browser_input.h), so
  // ImGui's own paste gives nothing (it would paste twice).
  io.SetClipboardTextFn = [](void*, const char* t) { attnlab::copy_text(t ? t : ""); };
  io.GetClipboardTextFn = [](void*) -> const char* { return ""; };
#endif
  attnlab::gfx::imgui_gl_init();

#if defined(__EMSCRIPTEN__)
  emscripten_set_main_loop_arg(frame, &rt, 0, true);
#else
  while (!rt.quit) frame(&rt);
  attnlab::shutdown_view_images();
  rt.textures.reset();  // the heatmaps' textures and framebuffers need the GL context
  rt.app.reset();
  attnlab::gfx::imgui_gl_shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(rt.gl);
  SDL_DestroyWindow(rt.window);
  SDL_Quit();
#endif
  return 0;
}
