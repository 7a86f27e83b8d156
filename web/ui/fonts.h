// The UI's fonts: DejaVu Sans cut to Latin, Greek and the lecture's math (always), merged with glyphs of a
// CJK font (WenQuanYi Micro Hei, cut at build time to GB 2312's common characters plus every character of the
// Chinese strings and the Chinese task) when Chinese is on screen. Dear ImGui 1.86 draws from one baked atlas,
// so only the characters needed now are baked: the Chinese strings' when the language is Chinese, the task
// data's when it is Chinese, and whatever is typed (the atlas is rebuilt when a new one appears).
// A character the CJK font does not have is drawn as U+FFFD (�), the font's "no such glyph" sign.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace attnlab::ui {

struct FontBytes {
  const char* data = nullptr;
  std::size_t size = 0;
};

// True for the code points the Latin font lacks and the CJK font may have (U+2E80 to U+FFEF: Han
// characters, kana, CJK and full-width punctuation).
bool needs_cjk_font(unsigned cp);
// The code points of `utf8` that need the CJK font, each once, sorted (broken UTF-8 bytes are skipped).
std::vector<unsigned> cjk_code_points(const std::string& utf8);

// "" if `bytes` is a TrueType / OpenType font with a glyph for 中; else what is wrong (a fetched file may be
// an error page).
std::string check_cjk_font(FontBytes bytes);

// The Han characters (and CJK punctuation) of every Chinese string, and of the Chinese task's data, as
// collected at build time (scripts/cjk_chars.py).
const std::vector<unsigned>& cjk_string_chars();
const std::vector<unsigned>& cjk_task_chars();
// The CJK font of the desktop build and the tests (compiled in; the browser fetches the same file instead).
FontBytes embedded_cjk_font();

// Fills Dear ImGui's atlas: the Latin font at size × scale pixels (drawn at 1/scale, so the text is `size` pixels
// on a screen of that pixel ratio), merged with the glyphs of `cjk_chars` from `cjk` (if it has bytes: the full
// CJK font) or else with 中文 alone (the language switch). The caller rebuilds the GL texture.
void load_ui_fonts(float size, float scale, FontBytes cjk, const std::vector<unsigned>& cjk_chars);

}  // namespace attnlab::ui
