#include "web/ui/fonts.h"

#include <algorithm>
#include <cstring>

#include "imgui.h"
#include "ui_font.h"  // generated: DejaVu Sans cut to Latin, Greek, math [0]; 中文 from WenQuanYi Micro Hei [1]
#if !defined(__EMSCRIPTEN__)
#include "zh_font.h"  // generated: the Chinese font (the browser fetches it instead)
#endif

// Dear ImGui's own copy of stb_truetype (compiled static here too) checks a fetched font before ImGui gets it.
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include "imstb_truetype.h"

namespace attnlab::ui {

namespace generated {
extern const unsigned short zh_string_chars[];
extern const unsigned zh_string_chars_count;
extern const unsigned short zh_task_chars[];
extern const unsigned zh_task_chars_count;
}  // namespace generated

bool needs_cjk_font(unsigned cp) { return cp >= 0x2E80 && cp < 0xFFF0; }

std::vector<unsigned> cjk_code_points(const std::string& utf8) {
  std::vector<unsigned> out;
  const auto* s = reinterpret_cast<const unsigned char*>(utf8.data());
  const std::size_t n = utf8.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = s[i];
    int len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + static_cast<std::size_t>(len) > n) {
      ++i;  // a stray byte
      continue;
    }
    unsigned cp = len == 1 ? c : c & (0x7F >> len);
    bool ok = true;
    for (int k = 1; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) ok = false;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    i += ok ? static_cast<std::size_t>(len) : 1;
    if (ok && needs_cjk_font(cp)) out.push_back(cp);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string check_cjk_font(FontBytes bytes) {
  if (!bytes.data || bytes.size < 12) return "the file is empty";
  const auto* u = reinterpret_cast<const unsigned char*>(bytes.data);
  const bool sfnt = (u[0] == 0 && u[1] == 1 && u[2] == 0 && u[3] == 0) || std::memcmp(u, "true", 4) == 0 ||
                    std::memcmp(u, "OTTO", 4) == 0;
  if (!sfnt) return "the file is not a TrueType or OpenType font";
  stbtt_fontinfo info;
  if (!stbtt_InitFont(&info, u, 0)) return "the font's tables cannot be read";
  if (stbtt_FindGlyphIndex(&info, 0x4E2D) == 0) return "the font has no Chinese characters";
  return "";
}

namespace {
std::vector<unsigned> from_table(const unsigned short* t, unsigned n) { return std::vector<unsigned>(t, t + n); }
}  // namespace

const std::vector<unsigned>& cjk_string_chars() {
  static const std::vector<unsigned> v = from_table(generated::zh_string_chars, generated::zh_string_chars_count);
  return v;
}

const std::vector<unsigned>& cjk_task_chars() {
  static const std::vector<unsigned> v = from_table(generated::zh_task_chars, generated::zh_task_chars_count);
  return v;
}

FontBytes embedded_cjk_font() {
#if defined(__EMSCRIPTEN__)
  return {};
#else
  return {embedded::zh_font[0].text, embedded::zh_font[0].size};
#endif
}

void load_ui_fonts(float size, float scale, FontBytes cjk, const std::vector<unsigned>& cjk_chars) {
  const FontBytes latin{embedded::ui_font[0].text, embedded::ui_font[0].size};
  const FontBytes switch_font{embedded::ui_font[1].text, embedded::ui_font[1].size};
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  io.FontGlobalScale = 1.0f / scale;
  static const ImWchar latin_ranges[] = {
      0x0020, 0x00FF,  // Basic Latin + Latin-1 (×, ·)
      0x02B0, 0x02FF,  // spacing modifier letters (ʰ, ʲ)
      0x0370, 0x03FF,  // Greek (α, Σ)
      0x1D00, 0x1DBF,  // phonetic extensions: modifier letters (ᵀ)
      0x2000, 0x206F,  // general punctuation (–, …)
      0x2070, 0x209F,  // superscripts and subscripts (ⁱ, ₕ)
      0x2190, 0x21FF,  // arrows
      0x2200, 0x22FF,  // mathematical operators (∑, √, ∘)
      0x25A0, 0x25FF,  // geometric shapes (▶, ■)
      0x2700, 0x27BF,  // dingbats (❚)
      0x2C60, 0x2C7F,  // Latin extended-C (ⱼ)
      0xFFFD, 0xFFFD,  // the replacement character: ImGui's fallback for a glyph no font has
      0,
  };
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // the bytes stay with the caller (the binary, or the fetched file)
  io.Fonts->AddFontFromMemoryTTF(const_cast<char*>(latin.data), static_cast<int>(latin.size), size * scale, &cfg,
                                 latin_ranges);
  // The CJK glyphs, merged into the Latin font: one range per character. ImGui reads the ranges when it builds
  // the atlas (later), so they live here. Without the full CJK font, the switch's font gives 中文 alone.
  static std::vector<ImWchar> ranges;
  ranges.clear();
  const bool full = cjk.data && cjk.size;
  std::vector<unsigned> chars = full ? cjk_chars : std::vector<unsigned>{};
  chars.push_back(0x4E2D);  // 中
  chars.push_back(0x6587);  // 文
  std::sort(chars.begin(), chars.end());
  chars.erase(std::unique(chars.begin(), chars.end()), chars.end());
  for (unsigned cp : chars)
    if (needs_cjk_font(cp) && cp <= 0xFFFF) {
      ranges.push_back(static_cast<ImWchar>(cp));
      ranges.push_back(static_cast<ImWchar>(cp));
    }
  ranges.push_back(0);
  const FontBytes from = full ? cjk : switch_font;
  if (!from.data || !from.size) return;
  ImFontConfig merge;
  merge.FontDataOwnedByAtlas = false;
  merge.MergeMode = true;
  merge.OversampleH = 1;  // Han characters are dense and square: no sub-pixel positions, a third of the atlas
  merge.OversampleV = 1;
  merge.PixelSnapH = true;
  io.Fonts->AddFontFromMemoryTTF(const_cast<char*>(from.data), static_cast<int>(from.size), size * scale, &merge,
                                 ranges.data());
}

}  // namespace attnlab::ui
