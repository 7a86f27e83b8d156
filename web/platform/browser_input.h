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

// Before ImGui::NewFrame: hands ImGui the text (and Backspace / Enter) typed on the on-screen keyboard since
// the last frame; a key is held for one frame and released on the next, as ImGui needs to see it.
void text_input_before_frame();

// After ImGui::Render: focuses the hidden <input> over the text field ImGui edits (so a phone shows its
// keyboard) when ImGui starts wanting text and the last pointer was a finger; blurs it when ImGui stops.
// Desktop keyboards never reach the <input> (SDL's key handlers take their keys first), so nothing doubles.
void text_input_after_frame(bool last_pointer_was_touch);

// What attnlab._ui() reports (set once by main).
void ui_hook_bind(const PanelTextures* textures, const ui::Touch* touch);

}  // namespace attnlab
