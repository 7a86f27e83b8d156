#include "web/ui/touch.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "imgui_internal.h"  // ImGuiWindow (Scroll, ScrollMax, parents), the active widget, SetScrollX/Y

namespace attnlab::ui {

namespace {
Touch* g_touch = nullptr;  // owned by the platform's main (its Runtime), like ImGui's own context pointer

float length(ImVec2 v) { return std::sqrt(v.x * v.x + v.y * v.y); }

// The window and the ones it sits in, up to and including its root (a popup does not pass a scroll on to the
// panel under it: the chain stops at the first window that is not a child).
ImGuiWindow* parent_in_chain(ImGuiWindow* w) {
  return (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr;
}

bool can_scroll(const ImGuiWindow* w) { return w->ScrollMax.x > 0.0f || w->ScrollMax.y > 0.0f; }
}  // namespace

void SetTouch(Touch* touch) { g_touch = touch; }
Touch* GetTouch() { return g_touch; }

Touch::Finger* Touch::find(long long id) {
  for (auto& f : fingers_)
    if (f.id == id) return &f;
  return nullptr;
}

void Touch::finger_down(long long id, ImVec2 pos) {
  used_ = true;
  if (find(id)) return;
  if (fingers_.empty()) {  // a new touch: nothing decided yet
    fresh_press_ = true;
    press_ = Press::hover;
    lifted_ = false;
    decided_ = claimed_ = false;
    scroll_ = fling_ = nullptr;
    velocity_ = ImVec2(0, 0);
    last_ = pos;
  }
  fingers_.push_back({id, pos, pos});
  if (fingers_.size() == 2) {  // a pinch: neither finger presses or scrolls anything any more
    const ImVec2 a = fingers_[0].pos, b = fingers_[1].pos;
    last_centre_ = ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
    last_dist_ = length(ImVec2(a.x - b.x, a.y - b.y));
    pinch_.start = last_centre_;
    scroll_ = nullptr;
    decided_ = hide_mouse_ = true;
  }
}

void Touch::finger_move(long long id, ImVec2 pos) {
  if (Finger* f = find(id)) f->pos = pos;
}

void Touch::finger_up(long long id, ImVec2 pos) {
  finger_move(id, pos);
  fingers_.erase(std::remove_if(fingers_.begin(), fingers_.end(), [&](const Finger& f) { return f.id == id; }),
                 fingers_.end());
  if (fingers_.size() < 2) pinch_ = Pinch{};
  if (fingers_.empty()) {
    lifted_ = true;
    if (scroll_ && length(velocity_) > 200.0f && !reduced_motion_) fling_ = scroll_;
    scroll_ = nullptr;
    hide_mouse_ = false;
  }
}

void Touch::scroll_by(ImVec2 delta) {
  ImGuiWindow* start = scroll_ ? scroll_ : fling_;
  // The content follows the finger: a finger moving up by d scrolls down by d. What the innermost window
  // cannot take (it is at its end) goes on to the window it sits in.
  for (ImGuiWindow* w = start; w && (delta.x != 0.0f || delta.y != 0.0f); w = parent_in_chain(w)) {
    if (w->ScrollMax.y > 0.0f && delta.y != 0.0f) {
      const float to = std::clamp(w->Scroll.y - delta.y, 0.0f, w->ScrollMax.y);
      delta.y -= w->Scroll.y - to;
      ImGui::SetScrollY(w, to);
    }
    if (w->ScrollMax.x > 0.0f && delta.x != 0.0f) {
      const float to = std::clamp(w->Scroll.x - delta.x, 0.0f, w->ScrollMax.x);
      delta.x -= w->Scroll.x - to;
      ImGui::SetScrollX(w, to);
    }
  }
}

void Touch::before_frame(float dt_seconds) {
  ImGuiIO& io = ImGui::GetIO();
  dt_ = std::clamp(dt_seconds, 1.0f / 240.0f, 0.25f);
  pinch_.factor = 1.0f;
  pinch_.pan = ImVec2(0, 0);
  if (fingers_.size() >= 2) {
    const ImVec2 a = fingers_[0].pos, b = fingers_[1].pos;
    const ImVec2 centre((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
    const float dist = length(ImVec2(a.x - b.x, a.y - b.y));
    if (last_dist_ > 1.0f && dist > 1.0f) pinch_.factor = dist / last_dist_;
    pinch_.pan = ImVec2(centre.x - last_centre_.x, centre.y - last_centre_.y);
    pinch_.centre = centre;
    pinch_.active = true;
    last_dist_ = dist;
    last_centre_ = centre;
  }
  if (fling_ && fingers_.empty()) {  // after a swipe the content glides on and slows down
    scroll_by(ImVec2(velocity_.x * dt_, velocity_.y * dt_));
    const float keep = std::exp(-4.0f * dt_);
    velocity_ = ImVec2(velocity_.x * keep, velocity_.y * keep);
    if (length(velocity_) < 30.0f) fling_ = nullptr;
  }
  switch (press_) {  // a frame to move there, a frame (at least) pressed, then released
    case Press::hover: io.MouseDown[0] = false, press_ = Press::press; break;
    case Press::press: io.MouseDown[0] = true, press_ = Press::held; break;
    case Press::held:
      io.MouseDown[0] = !lifted_;
      if (lifted_) press_ = Press::none;
      break;
    case Press::none: break;
  }
  if (hide_mouse_) {
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    io.MouseDown[0] = false;
  }
}

void Touch::after_frame() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (fresh_press_) {  // the frame that saw the press: which window is under the finger
    press_window_ = g.HoveredWindow;
    fresh_press_ = false;
  }
  if (fingers_.size() == 1 && !decided_) {
    const Finger& f = fingers_[0];
    if (length(ImVec2(f.pos.x - f.start.x, f.pos.y - f.start.y)) > threshold) {
      decided_ = true;
      // Does the pressed widget drag? Sliders, drags and text fields claim the arrow keys when they become
      // active (ActiveIdUsingNavDirMask); scrollbars are known by their id; others say so (claim_drag).
      bool widget_drags = g.ActiveId != 0 && (claimed_ || g.ActiveIdUsingNavDirMask != 0);
      for (ImGuiWindow* w = press_window_; w && g.ActiveId != 0 && !widget_drags; w = parent_in_chain(w))
        widget_drags = g.ActiveId == ImGui::GetWindowScrollbarID(w, ImGuiAxis_X) ||
                       g.ActiveId == ImGui::GetWindowScrollbarID(w, ImGuiAxis_Y);
      ImGuiWindow* target = nullptr;
      for (ImGuiWindow* w = press_window_; w && !target; w = parent_in_chain(w))
        if (can_scroll(w)) target = press_window_;
      if (!widget_drags && target) {
        scroll_ = target;
        ImGui::ClearActiveID();  // the button under the finger is not pressed after all
        hide_mouse_ = true;
        last_ = f.start;  // the content catches up with the finger's whole move so far
        velocity_ = ImVec2(0, 0);
      }
    }
  }
  if (scroll_ && fingers_.size() == 1) {
    const ImVec2 p = fingers_[0].pos;
    const ImVec2 d(p.x - last_.x, p.y - last_.y);
    last_ = p;
    scroll_by(d);
    const float k = 0.4f;  // velocity: smoothed over the last few frames
    velocity_ = ImVec2(velocity_.x * (1 - k) + d.x / dt_ * k, velocity_.y * (1 - k) + d.y / dt_ * k);
  }
  claimed_ = false;
}

}  // namespace attnlab::ui
