#include "web/ui/frame_change.h"

#include <cstring>

#include "imgui.h"

namespace attnlab::ui {
namespace {

// One 64-bit state, mixed with each 64-bit word of the input by a combine, a multiply and an xor-shift (the
// finaliser of splitmix64): cheap (a frame's few hundred kilobytes of vertices take a fraction of a
// millisecond, also in WebAssembly) and a change of any word changes the result.
struct Mixer {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  void word(std::uint64_t w) {
    h ^= w + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  void bytes(const void* p, std::size_t n) {
    const unsigned char* b = static_cast<const unsigned char*>(p);
    word(n);
    for (; n >= 8; n -= 8, b += 8) {
      std::uint64_t w;
      std::memcpy(&w, b, 8);
      word(w);
    }
    if (n > 0) {
      std::uint64_t w = 0;
      std::memcpy(&w, b, n);
      word(w);
    }
  }
  void f(float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    word(u);
  }
};

}  // namespace

std::uint64_t draw_fingerprint(const ImDrawData& draw) {
  Mixer m;
  m.f(draw.DisplayPos.x), m.f(draw.DisplayPos.y), m.f(draw.DisplaySize.x), m.f(draw.DisplaySize.y);
  m.f(draw.FramebufferScale.x), m.f(draw.FramebufferScale.y);
  m.word(static_cast<std::uint64_t>(draw.CmdListsCount));
  for (int l = 0; l < draw.CmdListsCount; ++l) {
    const ImDrawList& list = *draw.CmdLists[l];
    m.bytes(list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    m.bytes(list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& c : list.CmdBuffer) {
      m.f(c.ClipRect.x), m.f(c.ClipRect.y), m.f(c.ClipRect.z), m.f(c.ClipRect.w);
      m.word(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.TextureId)));
      m.word(c.VtxOffset), m.word(c.IdxOffset), m.word(c.ElemCount);
      m.word(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.UserCallback)));
    }
  }
  return m.h;
}

bool FrameChange::should_draw(std::uint64_t fingerprint, long long texture_writes, bool force) {
  const bool draw = force || !any_ || fingerprint != fingerprint_ || texture_writes != writes_;
  if (draw) {
    any_ = true;
    fingerprint_ = fingerprint;
    writes_ = texture_writes;
    ++drawn_;
  } else {
    ++skipped_;
  }
  return draw;
}

}  // namespace attnlab::ui
