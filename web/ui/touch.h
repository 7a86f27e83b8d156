// Touch gestures that Dear ImGui 1.86 does not have: a finger dragged where no slider (or other dragging
// widget) took it scrolls the window under it, content following the finger, with a short fling after it
// lifts; two fingers pinch (heatmaps zoom, widgets.cpp); and taps that ImGui sees whole. SDL turns the first
// finger into the left mouse button, but a finger lands somewhere new and presses at once (a quick tap even
// lifts before the next frame), and some widgets (tabs) take a press only where the mouse was already the
// frame before. So ImGui sees a finger as: one frame of the mouse moved there, then pressed for at least one
// frame, then released.
//
// The platform feeds it finger events in ImGui's coordinates (no SDL here) and calls before_frame() between
// the backend's NewFrame and ImGui::NewFrame, after_frame() once the UI is built, before ImGui::Render.
#pragma once

#include <vector>

#include "imgui.h"

struct ImGuiWindow;

namespace attnlab::ui {

class Touch {
 public:
  // Fingers, with SDL's finger ids; positions in ImGui pixels (io.DisplaySize).
  void finger_down(long long id, ImVec2 pos);
  void finger_move(long long id, ImVec2 pos);
  void finger_up(long long id, ImVec2 pos);

  // Before ImGui::NewFrame: while a finger scrolls or two fingers pinch, the mouse ImGui sees (SDL's copy of
  // the first finger) is lifted and moved away, so no widget is pressed or dragged by them. Applies the fling.
  void before_frame(float dt_seconds);
  // After the UI is built: a finger that moved past the threshold starts scrolling unless the widget it pressed
  // drags (sliders, drags, text fields, scrollbars, or a widget that called claim_drag()).
  void after_frame();

  // A widget that is active under a finger and wants the drag for itself (a zoomed heatmap pans) calls this.
  void claim_drag() { claimed_ = true; }

  // This frame's pinch: `factor` is the change of the fingers' distance since the last frame (1 = none),
  // `pan` the move of their centre; `start` is where the pinch began (which heatmap it belongs to).
  struct Pinch {
    bool active = false;
    ImVec2 start, centre, pan;
    float factor = 1.0f;
  };
  const Pinch& pinch() const { return pinch_; }
  bool scrolling() const { return scroll_ != nullptr; }
  bool used() const { return used_; }  // any finger seen since the page opened
  int fingers() const { return static_cast<int>(fingers_.size()); }
  // prefers-reduced-motion: a swiped panel stops where the finger lifts (no glide)
  void set_reduced_motion(bool on) { reduced_motion_ = on; }

  static constexpr float threshold = 10.0f;  // pixels a finger moves before it is a drag, not a tap

 private:
  struct Finger {
    long long id;
    ImVec2 pos, start;
  };
  Finger* find(long long id);
  void scroll_by(ImVec2 delta);  // moves scroll_ (and its parents, once it is at its end) with the content

  std::vector<Finger> fingers_;
  bool reduced_motion_ = false;
  enum class Press { none, hover, press, held };  // the left button ImGui sees for the first finger
  Press press_ = Press::none;
  bool lifted_ = false;  // the first finger is up (perhaps before ImGui saw it pressed)
  bool used_ = false;
  bool fresh_press_ = false;  // a first finger went down since the last after_frame
  bool decided_ = false;      // this touch is a widget's drag or a scroll already
  bool claimed_ = false;
  bool hide_mouse_ = false;              // until every finger is up (after a scroll or a pinch)
  ImGuiWindow* press_window_ = nullptr;  // the window under the finger when it went down
  ImGuiWindow* scroll_ = nullptr;        // the window being scrolled
  ImVec2 last_{0, 0}, velocity_{0, 0};   // pixels per second, for the fling
  ImGuiWindow* fling_ = nullptr;
  Pinch pinch_;
  float last_dist_ = 0.0f;
  ImVec2 last_centre_{0, 0};
  float dt_ = 1.0f / 60.0f;
};

// The Touch the widgets read (set once by the platform's main; null where there is none).
void SetTouch(Touch* touch);
Touch* GetTouch();

}  // namespace attnlab::ui
