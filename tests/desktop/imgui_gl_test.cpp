// The app's own ImGui renderer (web/ui/imgui_gl.h) in a real GL 3.3 context (Xvfb + Mesa's software renderer):
// colours, blending and clip rectangles come out where ImGui put them, a draw list past 65,536 vertices (16-bit
// indices, so commands with a VtxOffset) is drawn whole, and after a lost context the renderer makes its objects
// again. Pixels are read back from a framebuffer of the test's own.
#include <SDL.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "imgui.h"
#include "web/ui/gl.h"
#include "web/ui/imgui_gl.h"

namespace attnlab::gfx {
namespace {

constexpr int kSize = 64;
using Rgba = std::array<int, 4>;

class ImGuiGl : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(SDL_Init(SDL_INIT_VIDEO), 0) << SDL_GetError();
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    window_ = SDL_CreateWindow("imgui_gl_test", 0, 0, kSize, kSize, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    ASSERT_NE(window_, nullptr) << SDL_GetError();
    gl_ = SDL_GL_CreateContext(window_);
    ASSERT_NE(gl_, nullptr) << SDL_GetError();
    SDL_GL_MakeCurrent(window_, gl_);

    glGenTextures(1, &colour_);
    glBindTexture(GL_TEXTURE_2D, colour_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kSize, kSize, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));

    ctx_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(kSize, kSize);
    io.DeltaTime = 1.0f / 60.0f;
    imgui_gl_init();
  }

  void TearDown() override {
    if (ctx_) {
      imgui_gl_shutdown();
      ImGui::DestroyContext(ctx_);
    }
    if (fbo_) glDeleteFramebuffers(1, &fbo_);
    if (colour_) glDeleteTextures(1, &colour_);
    if (gl_) SDL_GL_DeleteContext(gl_);
    if (window_) SDL_DestroyWindow(window_);
    SDL_Quit();
  }

  // One frame: `draw` adds shapes to the foreground list; the frame is rendered over a black framebuffer.
  template <class Draw>
  void frame(Draw draw) {
    imgui_gl_new_frame();
    ImGui::NewFrame();
    draw(*ImGui::GetForegroundDrawList());
    ImGui::Render();
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    imgui_gl_render(*ImGui::GetDrawData());
    pixels_.assign(static_cast<std::size_t>(kSize) * kSize * 4, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, pixels_.data());
  }

  // The pixel at (x, y) in ImGui's coordinates (y down; GL's rows count from the bottom).
  Rgba at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(kSize - 1 - y) * kSize + x) * 4;
    return {pixels_[i], pixels_[i + 1], pixels_[i + 2], pixels_[i + 3]};
  }

  SDL_Window* window_ = nullptr;
  SDL_GLContext gl_ = nullptr;
  GLuint colour_ = 0, fbo_ = 0;
  ImGuiContext* ctx_ = nullptr;
  std::vector<std::uint8_t> pixels_;
};

::testing::AssertionResult Near(const Rgba& got, const Rgba& want, int tolerance = 2) {
  for (int c = 0; c < 3; ++c)
    if (got[c] < want[c] - tolerance || got[c] > want[c] + tolerance)
      return ::testing::AssertionFailure() << "rgb (" << got[0] << ", " << got[1] << ", " << got[2] << "), want ("
                                           << want[0] << ", " << want[1] << ", " << want[2] << ")";
  return ::testing::AssertionSuccess();
}

TEST_F(ImGuiGl, ColoursBlendingAndClipRectanglesLandWhereImGuiPutThem) {
  frame([](ImDrawList& d) {
    d.AddRectFilled(ImVec2(4, 4), ImVec2(20, 20), IM_COL32(255, 0, 0, 255));
    d.AddRectFilled(ImVec2(30, 4), ImVec2(60, 20), IM_COL32(0, 0, 255, 255));
    d.AddRectFilled(ImVec2(30, 4), ImVec2(60, 20), IM_COL32(255, 255, 255, 128));  // half over the blue
    d.PushClipRect(ImVec2(0, 30), ImVec2(16, 64));                                 // a green rectangle cut at x = 16
    d.AddRectFilled(ImVec2(4, 34), ImVec2(40, 60), IM_COL32(0, 255, 0, 255));
    d.PopClipRect();
  });
  EXPECT_TRUE(Near(at(10, 10), {255, 0, 0, 255}));
  EXPECT_TRUE(Near(at(2, 2), {0, 0, 0, 255}));             // outside every shape: the clear colour
  EXPECT_TRUE(Near(at(45, 12), {128, 128, 255, 255}, 3));  // source alpha over: 0.5 white + 0.5 blue
  EXPECT_TRUE(Near(at(10, 45), {0, 255, 0, 255}));         // inside the clip rectangle
  EXPECT_TRUE(Near(at(24, 45), {0, 0, 0, 255}));           // past it: not drawn
  EXPECT_TRUE(Near(at(10, 62), {0, 0, 0, 255}));           // below the rectangle
}

TEST_F(ImGuiGl, DrawsADrawListPastSixtyFiveThousandVertices) {
  // 20,000 quads (80,000 vertices) in one list: ImGui starts new commands with a VtxOffset past 65,536, which
  // the renderer must follow. The last quad (in its own colour) must be on screen.
  int vertices = 0;
  frame([&](ImDrawList& d) {
    for (int i = 0; i < 20000; ++i) d.AddRectFilled(ImVec2(0, 0), ImVec2(32, 32), IM_COL32(0, 0, 255, 255));
    d.AddRectFilled(ImVec2(8, 8), ImVec2(24, 24), IM_COL32(255, 255, 0, 255));
    vertices = d.VtxBuffer.Size;
  });
  int offsets = 0;
  for (const ImDrawCmd& cmd : ImGui::GetDrawData()->CmdLists[0]->CmdBuffer) offsets += cmd.VtxOffset > 0;
  ASSERT_GT(vertices, 65536);
  EXPECT_GT(offsets, 0) << "ImGui did not split the list: the test draws nothing past 16-bit indices";
  EXPECT_TRUE(Near(at(16, 16), {255, 255, 0, 255}));  // the last quad, drawn from past vertex 65,536
  EXPECT_TRUE(Near(at(28, 28), {0, 0, 255, 255}));
  EXPECT_TRUE(Near(at(40, 40), {0, 0, 0, 255}));
}

TEST_F(ImGuiGl, TextUsesTheFontTextureAndSurvivesALostContext) {
  auto text = [](ImDrawList& d) { d.AddText(ImVec2(2, 2), IM_COL32(255, 255, 255, 255), "MMMM"); };
  auto lit = [this] {
    int n = 0;
    for (int y = 0; y < 20; ++y)
      for (int x = 0; x < kSize; ++x) n += at(x, y)[0] > 128;
    return n;
  };
  frame(text);
  const int before = lit();
  EXPECT_GT(before, 20) << "no glyph pixels: the font texture is not bound or not uploaded";
  EXPECT_LT(before, 20 * kSize / 2);

  // A lost and restored context (as the browser does): the old objects are forgotten, new ones made, and the
  // same frame looks the same. (Here the old context lives on; the renderer must still not draw with stale
  // objects, and rebuilding the fonts must give the same glyphs.)
  next_gl_generation();
  frame(text);
  EXPECT_EQ(lit(), before);
  imgui_gl_rebuild_fonts();
  frame(text);
  EXPECT_EQ(lit(), before);
}

}  // namespace
}  // namespace attnlab::gfx
