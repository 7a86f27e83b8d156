// The main loop hands a frame to the GPU only when it would look different (web/ui/frame_change.h): a frame
// built the same way again must be recognised as the same, and any visible difference (a word, a colour, a
// position by a pixel, the window's size, a texture drawn into) as different.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "imgui.h"
#include "tests/ui/headless_imgui.h"
#include "web/ui/frame_change.h"

namespace attnlab::ui {
namespace {

struct Look {
  std::string text = "step 120   loss 0.512";
  ImVec4 colour = ImVec4(1, 1, 1, 1);
  float x = 20;
  ImVec2 display = ImVec2(800, 600);
};

// One frame of a small window; its fingerprint.
std::uint64_t frame(const Look& look) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = look.display;
  io.DeltaTime = 1.0f / 60.0f;
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(look.x, 20));
  ImGui::SetNextWindowSize(ImVec2(300, 200));
  ImGui::Begin("Training");
  ImGui::TextColored(look.colour, "%s", look.text.c_str());
  ImGui::Button("Reset");
  ImGui::End();
  ImGui::Render();
  return draw_fingerprint(*ImGui::GetDrawData());
}

TEST(FrameChange, TheSameFrameAgainIsRecognisedAndEveryVisibleChangeIsNot) {
  HeadlessImGui c;
  const Look look;
  frame(look);  // (ImGui settles a new window's size in its first frames)
  frame(look);
  const std::uint64_t same = frame(look);
  EXPECT_EQ(frame(look), same) << "the same frame built again";

  Look text = look;
  text.text = "step 121   loss 0.512";  // one character
  EXPECT_NE(frame(text), same);
  Look colour = look;
  colour.colour = ImVec4(1, 0.9f, 1, 1);
  EXPECT_NE(frame(colour), same);
  Look moved = look;
  moved.x = 21;  // one pixel
  frame(moved);
  EXPECT_NE(frame(moved), same);
  Look bigger = look;
  bigger.display = ImVec2(801, 600);
  EXPECT_NE(frame(bigger), same);
  EXPECT_EQ(frame(look), same) << "back as it was";
}

TEST(FrameChange, DrawsTheFirstFrameThenOnlyWhatLooksDifferent) {
  FrameChange screen;
  EXPECT_TRUE(screen.should_draw(7, 0, false)) << "nothing on screen yet";
  EXPECT_FALSE(screen.should_draw(7, 0, false));
  EXPECT_FALSE(screen.should_draw(7, 0, false));
  EXPECT_TRUE(screen.should_draw(8, 0, false)) << "other draw commands";
  EXPECT_FALSE(screen.should_draw(8, 0, false));
  EXPECT_TRUE(screen.should_draw(8, 1, false)) << "the same commands, but a texture they show was drawn into";
  EXPECT_FALSE(screen.should_draw(8, 1, false));
  EXPECT_TRUE(screen.should_draw(8, 1, true)) << "forced (a new GL context, a new font texture)";
  EXPECT_TRUE(screen.should_draw(7, 1, false)) << "back to an earlier look: still not what the screen shows";
  EXPECT_EQ(screen.drawn(), 5);
  EXPECT_EQ(screen.skipped(), 4);
}

}  // namespace
}  // namespace attnlab::ui
