#include "web/panels/controls.h"

#include <algorithm>

#include "imgui.h"

namespace attnlab {

bool SettingInt(const char* label, const char* key, int* v, int multiple, const char* format) {
  const StateField* f = find_state_field(key);
  const int lo = static_cast<int>(f->lo), hi = static_cast<int>(f->hi);
  bool changed = false;
  if (hi - lo > 100000) {  // too many values to drag through
    changed = ImGui::InputInt(label, v);
  } else {
    changed = ImGui::SliderInt(label, v, lo, hi, format);
  }
  if (changed) {
    if (multiple > 1) *v = std::max(lo, *v / multiple * multiple);
    *v = std::clamp(*v, lo, hi);
    // an odd setting (a window centred on the token) snaps to the next odd value within the range
    if (f->odd && *v % 2 == 0) *v = *v + 1 <= hi ? *v + 1 : *v - 1;
  }
  return changed;
}

bool SettingFloat(const char* label, const char* key, float* v, const char* format) {
  const StateField* f = find_state_field(key);
  const bool changed = ImGui::SliderFloat(label, v, static_cast<float>(f->lo), static_cast<float>(f->hi), format,
                                          ImGuiSliderFlags_Logarithmic);
  if (changed) *v = std::clamp(*v, static_cast<float>(f->lo), static_cast<float>(f->hi));
  return changed;
}

}  // namespace attnlab
