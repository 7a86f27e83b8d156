// A view's picture: the view drawn alone offscreen, at a fixed size that does not depend on the window (tabs
// 1200×800; the left column's panels 560 wide and as tall as their content), in a second Dear ImGui context
// with its own fonts (the main atlas's fonts, rebuilt) and its own OpenGL3 backend, into a framebuffer
// object; read back with glReadPixels and encoded as PNG (stb_image_write). The main context, framebuffer and
// viewport are restored afterwards; the heatmaps' textures (PanelTextures) are shared, as it is one GL context.
//
// serve_exports() runs after each frame has been drawn: it makes every file asked for in App::exports (the
// views' menus: downloads, web/platform/files.h; the JavaScript API: exportImage's promise).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "web/app/app.h"
#include "web/panels/panels.h"

namespace attnlab {

struct ViewImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> png;  // the encoded file
  std::string error;              // "" = made
};

// Needs the main ImGui context current and its OpenGL3 backend initialised.
ViewImage render_view_png(App& app, PanelTextures& tex, Panel panel);

void serve_exports(App& app, PanelTextures& tex);

// Frees the second context and its GL objects (before the GL context goes).
void shutdown_view_images();

}  // namespace attnlab
