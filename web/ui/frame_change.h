// Drawing a frame only when it would look different from the one on screen.
//
// The app runs its UI every frame (input, training's progress, the JavaScript API, ImGui's own timers), but
// handing the frame to the GPU is the costly part: in a browser without a GPU (a software renderer) it takes a
// core for tens of milliseconds, which a Web Worker training beside it would otherwise have. Most frames look
// exactly like the last one (nothing moved, no new training state yet), so the platform's main loop compares
// what ImGui is about to draw with what it drew last and skips the GPU when the two are the same.
//
// "The same" is: the same vertices, indices, draw commands (clip rectangles, textures, counts), the same display
// size and scale, and no texture the frame shows written since (a heatmap renders into its own texture when its
// numbers change: gfx::texture_writes()). Anything else (a restored GL context, a new font atlas) is the
// caller's to add as a reason to draw.
#pragma once

#include <cstdint>

struct ImDrawData;

namespace attnlab::ui {

// A 64-bit fingerprint of everything the frame asks the GPU to draw (different frames give different
// fingerprints except with a chance of about 2^-64).
std::uint64_t draw_fingerprint(const ImDrawData& draw);

// Whether the next frame must go to the GPU. Draws the first frame, and any frame whose fingerprint or count of
// texture writes differs from the last one drawn, or that the caller forces.
class FrameChange {
 public:
  // True: draw this frame (and remember it as the one on screen); false: the screen already shows it.
  bool should_draw(std::uint64_t fingerprint, long long texture_writes, bool force);
  long long drawn() const { return drawn_; }      // frames handed to the GPU so far
  long long skipped() const { return skipped_; }  // frames that looked the same and were not

 private:
  bool any_ = false;
  std::uint64_t fingerprint_ = 0;
  long long writes_ = 0;
  long long drawn_ = 0, skipped_ = 0;
};

}  // namespace attnlab::ui
