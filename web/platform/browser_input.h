// What the browser gives that SDL's Emscripten port does not pass on to ImGui: a phone's on-screen keyboard
// (a visually hidden <input> focused while ImGui wants text, its text forwarded to ImGui), whether the page has
// a coarse pointer (a finger) and the device pixel ratio. Also the read-only test hook behind
// window.attnlab._ui() (scroll positions, zoom, style; internal, for the browser tests). On the desktop every
// function here is a no-op or returns the desktop's answer.
#pragma once

namespace attnlab {

struct PanelTextures;
namespace ui {
class Touch;
}

// matchMedia('(pointer: coarse)'): the main pointer is a finger. False on the desktop.
bool pointer_is_coarse();
// matchMedia('(prefers-reduced-motion: reduce)'), read each frame. False on the desktop.
bool prefers_reduced_motion();

// Before ImGui::NewFrame: hands ImGui the text (and Backspace / Enter) typed on the on-screen keyboard since
// the last frame; a key is held for one frame and released on the next, as ImGui needs to see it.
void text_input_before_frame();

// After ImGui::Render: focuses the hidden <input> over the text field ImGui edits when ImGui starts wanting
// text (so a phone shows its keyboard, and a desktop's input method composes Chinese in it, its candidate
// window beside the field); blurs it when ImGui stops. Keys of a desktop keyboard never reach the <input>'s
// text (SDL's key handlers take them first), so nothing doubles; what an input method commits arrives whole.
void text_input_after_frame();

// What attnlab._ui() reports (set once by main).
void ui_hook_bind(const PanelTextures* textures, const ui::Touch* touch);

}  // namespace attnlab
