// The app's colours: Dear ImGui's dark theme, changed where it did not reach WCAG 2.1's contrast (AA).
//   text        against what is behind it: 4.5:1 (1.4.3), the grey of hints and "(?)" included
//   a control   its edge against the window around it: 3:1 (1.4.11), so every frame, button and tab has a
//               1 px border of kEdge
// The ratio of two colours is (L1 + 0.05) / (L2 + 0.05), L the relative luminance of an sRGB colour (L1 the
// lighter); a colour with alpha is first drawn over what is behind it. tests/ui/style_test.cpp computes every
// pair the panels draw.
#pragma once

#include "imgui.h"

namespace attnlab::ui {

// The main window's background, and the GL clear colour: the full-screen window leaves it unpainted (with a software
// renderer each layer of pixels a frame paints costs about as much as showing the frame). It is the colour the window
// showed when it painted Dear ImGui's dark background (0.06, 94 % opaque) over the old clear colour (0.09, 0.10, 0.12).
inline const ImVec4 kPageBackground{0.0618f, 0.0624f, 0.0636f, 1.0f};
inline const ImVec4 kAccent{0.16f, 0.42f, 0.80f, 1.0f};     // a chosen button (mode, view, lesson stop)
inline const ImVec4 kQuiet{0.20f, 0.22f, 0.27f, 1.0f};      // a button not chosen beside a chosen one
inline const ImVec4 kVisited{0.20f, 0.35f, 0.55f, 1.0f};    // a lesson stop already seen
inline const ImVec4 kEdge{0.50f, 0.52f, 0.58f, 1.0f};       // a control's border
inline const ImVec4 kFocusRing{1.00f, 0.80f, 0.25f, 1.0f};  // the keyboard focus (2 px, web/ui/a11y.h)

// Dear ImGui's dark theme with the changes above (sizes are left alone: the touch style sets them).
void StyleColours(ImGuiStyle& style);

// Every pointer target at least kMinTarget CSS px tall (WCAG 2.5.8): frames (buttons, fields, sliders, combo boxes,
// checkboxes, tabs, headers) of text `font_size` px get the vertical padding that makes them so. The touch style's
// larger padding is left alone; ui::SmallButton keeps it too (it is a Button at this height).
inline constexpr float kMinTarget = 24.0f;
void StyleTargets(ImGuiStyle& style, float font_size);

// WCAG 2.1's relative luminance of an sRGB colour (alpha ignored), and the contrast ratio of two colours.
double RelativeLuminance(const ImVec4& c);
double ContrastRatio(const ImVec4& a, const ImVec4& b);
// `top` drawn over the opaque colour `below` (alpha blending): an opaque colour.
ImVec4 Over(const ImVec4& top, const ImVec4& below);

}  // namespace attnlab::ui
