#include "web/platform/view_image.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <exception>

#include "imgui.h"
#include "web/platform/files.h"
#include "web/ui/gl.h"
#include "web/ui/imgui_gl.h"
#include "web/ui/strings.h"
#include "web/ui/style.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>

// clang-format off
// Resolves (or rejects) the promise attnlab.exportImage(view) returned (web/platform/api.js).
EM_JS(void, js_image_ready, (int id, const std::uint8_t* bytes, int size, const char* error), {
  var api = window.attnlab;
  if (!api || !api._imageReady) return;
  var blob = size > 0 ? new Blob([HEAPU8.slice(bytes, bytes + size)], {type: "image/png"}) : null;
  api._imageReady(id, blob, UTF8ToString(error));
});
// clang-format on
#endif

namespace attnlab {

namespace {

constexpr int kTabWidth = 1200, kTabHeight = 800;       // the views on the right
constexpr int kLeftWidth = 560, kLeftMaxHeight = 1600;  // the left column's panels: as tall as their content

// The second context: made on the first picture, kept (its font atlas takes a while to build).
ImGuiContext* g_context = nullptr;

// Builds the second context from the main one (current): its style, and the main atlas's fonts (the same
// bytes, sizes and glyph ranges), rebuilt for this context's own backend and font texture.
ImGuiContext* image_context() {
  if (g_context) return g_context;
  ImGuiContext* main = ImGui::GetCurrentContext();
  const ImGuiStyle style = ImGui::GetStyle();
  const ImFontAtlas& main_fonts = *ImGui::GetIO().Fonts;
  g_context = ImGui::CreateContext();
  ImGui::SetCurrentContext(g_context);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  ImGui::GetStyle() = style;
  for (const ImFontConfig& cfg : main_fonts.ConfigData) {
    ImFontConfig copy = cfg;
    copy.FontDataOwnedByAtlas = false;  // the main atlas (or the binary) owns the bytes
    copy.DstFont = nullptr;
    io.Fonts->AddFont(&copy);
  }
  gfx::imgui_gl_init();
  ImGui::SetCurrentContext(main);
  return g_context;
}

int png_height(Panel panel, float used) {
  const bool left = panel == Panel::data || panel == Panel::model || panel == Panel::training;
  if (!left) return kTabHeight;
  return std::clamp(static_cast<int>(std::ceil(used)), 200, kLeftMaxHeight);
}

void append_bytes(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(context);
  const auto* p = static_cast<const std::uint8_t*>(data);
  out->insert(out->end(), p, p + size);
}

}  // namespace

ViewImage render_view_png(App& app, PanelTextures& tex, Panel panel) {
  ViewImage out;
  const bool left = panel == Panel::data || panel == Panel::model || panel == Panel::training;
  out.width = left ? kLeftWidth : kTabWidth;
  out.height = left ? kLeftMaxHeight : kTabHeight;

  ImGuiContext* main = ImGui::GetCurrentContext();
  ImGuiContext* ctx = image_context();
  ImGui::SetCurrentContext(ctx);
  ImGuiIO& io = ImGui::GetIO();
  io.DisplayFramebufferScale = ImVec2(1, 1);
  io.DeltaTime = 1.0f / 60.0f;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // nothing hovered
  app.exports.drawing = true;
  // Three frames: ImGui settles tables, wrapped text and sizes in the first ones; the left column's panels
  // are measured on the second and drawn at their height on the third.
  for (int frame = 0; frame < 3; ++frame) {
    io.DisplaySize = ImVec2(static_cast<float>(out.width), static_cast<float>(out.height));
    gfx::imgui_gl_new_frame();
    ImGui::NewFrame();
    const float used = ShowViewAlone(app, tex, panel, io.DisplaySize.x, io.DisplaySize.y);
    ImGui::Render();
    if (frame == 1 && left) out.height = png_height(panel, used);
  }
  app.exports.drawing = false;

  // Into a framebuffer of its own, then back to the window's (gl.h: the next frame sets its viewport).
  GLuint colour = 0, fbo = 0;
  glGenTextures(1, &colour);
  glBindTexture(GL_TEXTURE_2D, colour);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, out.width, out.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour, 0);
  std::vector<std::uint8_t> pixels;
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    out.error = "the graphics driver could not make a " + std::to_string(out.width) + "x" + std::to_string(out.height) +
                " picture";
  } else {
    glViewport(0, 0, out.width, out.height);
    glClearColor(ui::kPageBackground.x, ui::kPageBackground.y, ui::kPageBackground.z,
                 1.0f);  // the main window's background
    glClear(GL_COLOR_BUFFER_BIT);
    gfx::imgui_gl_render(*ImGui::GetDrawData());
    pixels.assign(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height) * 4, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, out.width, out.height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &colour);
  ImGui::SetCurrentContext(main);
  if (!out.error.empty()) return out;

  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;  // an opaque picture
  stbi_flip_vertically_on_write(1);                                    // GL's first row is the bottom one
  if (!stbi_write_png_to_func(append_bytes, &out.png, out.width, out.height, 4, pixels.data(), out.width * 4))
    out.error = "the picture could not be encoded as PNG";
  return out;
}

// What became of a file, as a notice (and, on the desktop, a line for scripts that run it with --export).
static void notice(App& app, const char* line) {
  app.notices.push_back(line);
#if !defined(__EMSCRIPTEN__)
  std::printf("attnlab_app: %s\n", line);
#endif
}

// A file for the user: the browser downloads it (and shows that itself), the desktop writes it into the
// current folder and a notice says where; a notice says why not when it fails.
static void download(App& app, const std::string& name, const std::string& mime,
                     const std::vector<std::uint8_t>& bytes) {
  using ui::S;
  std::string where;
  const std::string problem = offer_download(name, mime, bytes, &where);
  char line[512];
  if (!problem.empty()) std::snprintf(line, sizeof line, S().export_failed, name.c_str(), problem.c_str());
  else std::snprintf(line, sizeof line, S().export_saved, where.c_str());
#if defined(__EMSCRIPTEN__)
  if (problem.empty()) return;  // the browser shows its download itself
#endif
  notice(app, line);
}

void serve_exports(App& app, PanelTextures& tex) {
  if (app.exports.pending.empty()) return;
  std::vector<ExportRequest> requests;
  requests.swap(app.exports.pending);
  for (const ExportRequest& r : requests) {
    const std::string name = export_file_name(app, r.panel, r.format);
    if (r.format == ExportFormat::csv) {  // only the menu queues CSV (exportCSV answers at once)
      std::string text;
      try {
        text = view_csv(app, r.panel);
      } catch (const std::exception& e) {
        char line[512];
        std::snprintf(line, sizeof line, ui::S().export_failed, name.c_str(), e.what());
        notice(app, line);
        continue;
      }
      download(app, name, "text/csv", std::vector<std::uint8_t>(text.begin(), text.end()));
      continue;
    }
    const ViewImage image = render_view_png(app, tex, r.panel);
    if (r.download) {
      char line[512];
      std::snprintf(line, sizeof line, ui::S().export_failed, name.c_str(), image.error.c_str());
      if (image.error.empty()) download(app, name, "image/png", image.png);
      else notice(app, line);
      continue;
    }
#if defined(__EMSCRIPTEN__)
    js_image_ready(static_cast<int>(r.id), image.png.data(), static_cast<int>(image.png.size()), image.error.c_str());
#endif
  }
}

void shutdown_view_images() {
  if (!g_context) return;
  ImGuiContext* main = ImGui::GetCurrentContext();
  ImGui::SetCurrentContext(g_context);
  gfx::imgui_gl_shutdown();
  ImGui::DestroyContext(g_context);
  g_context = nullptr;
  ImGui::SetCurrentContext(main);
}

}  // namespace attnlab
