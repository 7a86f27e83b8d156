// The app's colours reach WCAG 2.1 AA (web/ui/style.h): text 4.5:1 against everything it is drawn on, a
// control's edge 3:1 against the window around it. The ratios are computed from the style itself.
#include "web/ui/style.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace attnlab::ui {
namespace {

TEST(Style, ContrastRatioIsWcagsOnHandWorkedColours) {
  EXPECT_NEAR(ContrastRatio(ImVec4(1, 1, 1, 1), ImVec4(0, 0, 0, 1)), 21.0, 1e-9);
  EXPECT_NEAR(ContrastRatio(ImVec4(0, 0, 0, 1), ImVec4(1, 1, 1, 1)), 21.0, 1e-9);  // either order
  EXPECT_NEAR(ContrastRatio(ImVec4(0.5f, 0.5f, 0.5f, 1), ImVec4(0.5f, 0.5f, 0.5f, 1)), 1.0, 1e-9);
  // #767676 on white is the classic lightest grey that passes 4.5:1 (4.54)
  const float g = 0x76 / 255.0f;
  EXPECT_NEAR(ContrastRatio(ImVec4(g, g, g, 1), ImVec4(1, 1, 1, 1)), 4.54, 0.01);
  // pure red: L = 0.2126
  EXPECT_NEAR(RelativeLuminance(ImVec4(1, 0, 0, 1)), 0.2126, 1e-9);
  const ImVec4 half = Over(ImVec4(1, 1, 1, 0.5f), ImVec4(0, 0, 0, 1));
  EXPECT_FLOAT_EQ(half.x, 0.5f);
  EXPECT_FLOAT_EQ(half.w, 1.0f);
}

TEST(Style, TextAndControlsReachTheContrastOfWcagAA) {
  ImGuiStyle style;
  StyleColours(style);
  const ImVec4* c = style.Colors;
  const ImVec4 window = Over(c[ImGuiCol_WindowBg], kPageBackground);
  const ImVec4 popup = Over(c[ImGuiCol_PopupBg], window);
  auto on = [&](ImGuiCol col) { return Over(c[col], window); };
  // text (white) on everything it is drawn on; the grey of hints, "(?)" and notes on windows, popups and fields
  std::vector<std::pair<std::string, ImVec4>> text_on = {{"window", window},
                                                         {"popup", popup},
                                                         {"field", on(ImGuiCol_FrameBg)},
                                                         {"field hovered", on(ImGuiCol_FrameBgHovered)},
                                                         {"field active", on(ImGuiCol_FrameBgActive)},
                                                         {"button", on(ImGuiCol_Button)},
                                                         {"button hovered", on(ImGuiCol_ButtonHovered)},
                                                         {"button pressed", on(ImGuiCol_ButtonActive)},
                                                         {"header", on(ImGuiCol_Header)},
                                                         {"header hovered", on(ImGuiCol_HeaderHovered)},
                                                         {"header open", on(ImGuiCol_HeaderActive)},
                                                         {"tab", on(ImGuiCol_Tab)},
                                                         {"tab hovered", on(ImGuiCol_TabHovered)},
                                                         {"tab chosen", on(ImGuiCol_TabActive)},
                                                         {"title", on(ImGuiCol_TitleBg)},
                                                         {"chosen button", kAccent},
                                                         {"button not chosen", kQuiet},
                                                         {"stop seen", kVisited}};
  for (const auto& [name, behind] : text_on)
    EXPECT_GE(ContrastRatio(c[ImGuiCol_Text], behind), 4.5) << "text on " << name;
  for (const auto& [name, behind] : std::vector<std::pair<std::string, ImVec4>>{
           {"window", window}, {"popup", popup}, {"field", on(ImGuiCol_FrameBg)}})
    EXPECT_GE(ContrastRatio(c[ImGuiCol_TextDisabled], behind), 4.5) << "grey text on " << name;
  // a control's edge: the border every frame and tab has, and the marks inside a field
  EXPECT_GT(style.FrameBorderSize, 0.0f);
  EXPECT_GT(style.TabBorderSize, 0.0f);
  EXPECT_GE(ContrastRatio(Over(c[ImGuiCol_Border], window), window), 3.0) << "a control's border";
  EXPECT_GE(ContrastRatio(Over(c[ImGuiCol_Border], popup), popup), 3.0) << "a control's border in a popup";
  EXPECT_GE(ContrastRatio(c[ImGuiCol_SliderGrab], on(ImGuiCol_FrameBg)), 3.0) << "a slider's grab";
  EXPECT_GE(ContrastRatio(c[ImGuiCol_CheckMark], on(ImGuiCol_FrameBg)), 3.0) << "a check mark";
  // the keyboard's focus ring (web/ui/a11y.h) against everything it is drawn on or beside (2.4.7, 1.4.11)
  for (const auto& [name, behind] : text_on)
    EXPECT_GE(ContrastRatio(kFocusRing, behind), 3.0) << "the focus ring on " << name;
}

TEST(Style, DearImGuisOwnDarkThemeDidNot) {
  // why the changes exist: the theme's hint grey in a field and white on its solid blue fall short
  ImGuiStyle dark;
  ImGui::StyleColorsDark(&dark);
  const ImVec4 window = Over(dark.Colors[ImGuiCol_WindowBg], kPageBackground);
  EXPECT_LT(ContrastRatio(dark.Colors[ImGuiCol_TextDisabled], Over(dark.Colors[ImGuiCol_FrameBg], window)), 4.5);
  EXPECT_LT(ContrastRatio(dark.Colors[ImGuiCol_Text], dark.Colors[ImGuiCol_ButtonHovered]), 4.5);
  EXPECT_LT(ContrastRatio(Over(dark.Colors[ImGuiCol_FrameBg], window), window), 3.0);
}

}  // namespace
}  // namespace attnlab::ui

namespace attnlab::ui {
namespace {

TEST(Style, EveryFrameIsAPointerTargetOf24PxOrMore) {
  for (const float font : {13.0f, 16.0f, 17.0f}) {
    ImGuiStyle style;
    StyleColours(style);
    EXPECT_LT(font + 2 * style.FramePadding.y, kMinTarget);  // Dear ImGui's own padding (3 px) falls short
    StyleTargets(style, font);
    EXPECT_GE(font + 2 * style.FramePadding.y, kMinTarget) << font;
    EXPECT_LE(font + 2 * style.FramePadding.y, kMinTarget + 1) << font;  // and no taller than it needs
  }
  ImGuiStyle large;
  StyleTargets(large, 24);  // large text is tall enough with Dear ImGui's padding
  EXPECT_EQ(large.FramePadding.y, ImGuiStyle().FramePadding.y);
  ImGuiStyle touch;
  touch.FramePadding.y = 8;  // the touch style's, larger: left alone
  StyleTargets(touch, 16);
  EXPECT_EQ(touch.FramePadding.y, 8);
}

}  // namespace
}  // namespace attnlab::ui
