// The app's colours (style.h).
#include "web/ui/style.h"

#include <algorithm>
#include <cmath>

#include "imgui_internal.h"  // ImLerp

namespace attnlab::ui {

void StyleColours(ImGuiStyle& style) {
  ImGui::StyleColorsDark(&style);
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = kPageBackground;  // opaque: what the windows showed over the page (style.h)
  c[ImGuiCol_TextDisabled] = ImVec4(0.65f, 0.65f, 0.65f, 1.0f);  // 0.50: 3.4:1 as a hint in a text field
  // the solid blues behind white text (0.26, 0.59, 0.98: 3.0:1)
  c[ImGuiCol_ButtonHovered] = ImVec4(0.18f, 0.45f, 0.82f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.14f, 0.40f, 0.78f, 1.0f);
  c[ImGuiCol_HeaderHovered] = c[ImGuiCol_ButtonHovered];
  c[ImGuiCol_HeaderActive] = kAccent;
  c[ImGuiCol_TabHovered] = c[ImGuiCol_HeaderHovered];
  c[ImGuiCol_TabActive] = ImLerp(c[ImGuiCol_HeaderActive], c[ImGuiCol_TitleBgActive], 0.60f);
  // every control's edge
  c[ImGuiCol_Border] = kEdge;
  style.FrameBorderSize = 1.0f;
  style.TabBorderSize = 1.0f;
}

void StyleTargets(ImGuiStyle& style, float font_size) {
  style.FramePadding.y = std::max(style.FramePadding.y, std::ceil((kMinTarget - font_size) * 0.5f));
}

static double linear(float channel) {
  const double s = std::clamp(static_cast<double>(channel), 0.0, 1.0);
  return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
}

double RelativeLuminance(const ImVec4& c) { return 0.2126 * linear(c.x) + 0.7152 * linear(c.y) + 0.0722 * linear(c.z); }

double ContrastRatio(const ImVec4& a, const ImVec4& b) {
  const double la = RelativeLuminance(a), lb = RelativeLuminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

ImVec4 Over(const ImVec4& top, const ImVec4& below) {
  const float a = top.w;
  return ImVec4(top.x * a + below.x * (1 - a), top.y * a + below.y * (1 - a), top.z * a + below.z * (1 - a), 1.0f);
}

}  // namespace attnlab::ui
