// The Chinese glyphs: every character of every Chinese string and of the Chinese task data is baked into the
// atlas (no "?" boxes), the font holds every character of the corpus of real Chinese, a character outside the font's subset is drawn as U+FFFD, and a fetched file that is
// not the font is refused before ImGui reads it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/ui/fonts.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab::ui {
namespace {

struct Atlas {
  Atlas() {
    ctx = ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
  }
  ~Atlas() { ImGui::DestroyContext(ctx); }
  ImFont* build(float scale, FontBytes cjk, const std::vector<unsigned>& chars) {
    load_ui_fonts(16.0f, scale, cjk, chars);
    ImGuiIO& io = ImGui::GetIO();
    EXPECT_TRUE(io.Fonts->Build());
    return io.Fonts->Fonts[0];
  }
  ImGuiContext* ctx;
};

std::vector<unsigned> baked_set() {
  std::vector<unsigned> all = cjk_string_chars();
  all.insert(all.end(), cjk_task_chars().begin(), cjk_task_chars().end());
  return all;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(Fonts, EveryCharacterOfTheChineseStringsIsInTheAtlas) {
  Atlas atlas;
  ImFont* font = atlas.build(1.0f, embedded_cjk_font(), baked_set());
  std::size_t checked = 0;
  for (const StringEntry& e : string_entries("zh"))
    for (unsigned cp : cjk_code_points(e.text)) {
      ++checked;
      EXPECT_NE(font->FindGlyphNoFallback(static_cast<ImWchar>(cp)), nullptr)
          << e.key << ": U+" << std::hex << cp << " is not in the atlas";
    }
  EXPECT_GT(checked, 0u);
  // Latin, Greek and math still come from the Latin font.
  for (ImWchar c : {ImWchar('A'), ImWchar(0x03B1), ImWchar(0x221A), ImWchar(0x1D40)})
    EXPECT_NE(font->FindGlyphNoFallback(c), nullptr) << std::hex << c;
  const ImFontAtlas& a = *ImGui::GetIO().Fonts;
  std::printf("atlas at scale 1: %d x %d px, %zu CJK characters\n", a.TexWidth, a.TexHeight, baked_set().size());
}

TEST(Fonts, EveryCharacterOfTheChineseTaskDataIsInTheAtlas) {
  std::size_t files = 0, checked = 0;
  Atlas atlas;
  ImFont* font = atlas.build(1.0f, embedded_cjk_font(), baked_set());
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(ATTNLAB_SOURCE_DIR) / "engine/data")) {
    const std::string name = entry.path().filename().string();
    if (name.size() < 7 || name.substr(name.size() - 7) != "_zh.txt") continue;
    ++files;
    for (unsigned cp : cjk_code_points(read_file(entry.path()))) {
      ++checked;
      EXPECT_NE(font->FindGlyphNoFallback(static_cast<ImWchar>(cp)), nullptr)
          << name << ": U+" << std::hex << cp << " is not in the atlas";
    }
  }
  if (files == 0) GTEST_SKIP() << "no Chinese task data (engine/data/*_zh.txt) in this checkout";
  EXPECT_GT(checked, 100u);
}

TEST(Fonts, EveryCharacterOfTheCorpusOfRealChineseIsInTheFont) {
  // the page can show any sentence of it (the Data panel's examples, a sentence used from there): the font
  // (web/app.cmake) holds all of its characters; the page bakes those it shows
  const std::string text = read_file(std::filesystem::path(ATTNLAB_SOURCE_DIR) / ".deps/seg_zh.txt");
  ASSERT_FALSE(text.empty()) << ".deps/seg_zh.txt is missing: make setup makes it";
  std::vector<unsigned> chars = cjk_code_points(text);
  std::sort(chars.begin(), chars.end());
  chars.erase(std::unique(chars.begin(), chars.end()), chars.end());
  EXPECT_GT(chars.size(), 5000u);
  Atlas atlas;
  ImFont* font = atlas.build(1.0f, embedded_cjk_font(), chars);
  std::size_t missing = 0;
  for (unsigned cp : chars)
    if (font->FindGlyphNoFallback(static_cast<ImWchar>(cp)) == nullptr && ++missing <= 10)
      ADD_FAILURE() << "U+" << std::hex << cp << " of .deps/seg_zh.txt is not in the font";
  EXPECT_EQ(missing, 0u);
}

TEST(Fonts, ACharacterOutsideTheSubsetIsDrawnAsTheReplacementCharacter) {
  Atlas atlas;
  // 龘 (U+9F98) is in no string, no task and not among GB 2312's level-1 characters: the font lacks it.
  ImFont* font = atlas.build(1.0f, embedded_cjk_font(), {0x4F60, 0x9F98});
  EXPECT_NE(font->FindGlyphNoFallback(0x4F60), nullptr);  // 你
  EXPECT_EQ(font->FindGlyphNoFallback(0x9F98), nullptr);
  ASSERT_NE(font->FallbackGlyph, nullptr);
  EXPECT_EQ(font->FallbackChar, 0xFFFD);
  EXPECT_EQ(font->FindGlyph(0x9F98), font->FallbackGlyph);
}

TEST(Fonts, WithoutTheChineseFontOnlyTheSwitchIsThere) {
  Atlas atlas;
  ImFont* font = atlas.build(1.0f, FontBytes{}, {0x4F60});
  EXPECT_NE(font->FindGlyphNoFallback(0x4E2D), nullptr);  // 中
  EXPECT_NE(font->FindGlyphNoFallback(0x6587), nullptr);  // 文
  EXPECT_EQ(font->FindGlyphNoFallback(0x4F60), nullptr);  // 你: not before the font arrives
}

TEST(Fonts, AFileThatIsNotTheFontIsRefused) {
  EXPECT_EQ(check_cjk_font(embedded_cjk_font()), "");
  const std::string html = "<!doctype html><title>404 Not Found</title>";
  EXPECT_NE(check_cjk_font({html.data(), html.size()}), "");
  EXPECT_NE(check_cjk_font({nullptr, 0}), "");
  std::string broken(64, '\0');
  broken[1] = 1;  // a TrueType signature with nothing behind it
  EXPECT_NE(check_cjk_font({broken.data(), broken.size()}), "");
}

TEST(Fonts, CodePointsOfUtf8) {
  EXPECT_EQ(cjk_code_points("I saw 我看见一把锯，我"),
            (std::vector<unsigned>{0x4E00, 0x6211, 0x628A, 0x770B, 0x89C1, 0x952F, 0xFF0C}));
  EXPECT_EQ(cjk_code_points("\xE6\x88"), std::vector<unsigned>{});                // cut in the middle of 我
  EXPECT_EQ(cjk_code_points("\xFF\xE6\x88\x91"), std::vector<unsigned>{0x6211});  // a stray byte, then 我
  EXPECT_EQ(cjk_code_points("αβ √d"), std::vector<unsigned>{});
}

TEST(Fonts, AtlasSizeOnAPhone) {
  Atlas atlas;
  atlas.build(2.75f, embedded_cjk_font(), baked_set());
  const ImFontAtlas& a = *ImGui::GetIO().Fonts;
  std::printf("atlas at scale 2.75: %d x %d px (%.1f MB as RGBA)\n", a.TexWidth, a.TexHeight,
              a.TexWidth * a.TexHeight * 4.0 / 1e6);
  EXPECT_LE(a.TexWidth, 4096);  // WebGL2 guarantees 4096 and more on every phone
  EXPECT_LE(a.TexHeight, 4096);
}

}  // namespace
}  // namespace attnlab::ui

namespace attnlab::ui {
namespace {

TEST(Fonts, ChineseWrapsBetweenCharactersNeverBeforeAClosingMark) {
  Atlas atlas;
  atlas.build(1.0f, embedded_cjk_font(),
              cjk_code_points("输入一个向量序列（这里是词或 token，每个都先变成一个向量），每个向量输出一个标签。"));
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(800, 600);
  unsigned char* pixels = nullptr;
  int tw = 0, th = 0;
  io.Fonts->GetTexDataAsAlpha8(&pixels, &tw, &th);
  ImGui::NewFrame();
  const std::string text = "输入一个向量序列（这里是词或 token，每个都先变成一个向量），每个向量输出一个标签。";
  const float width = ImGui::GetFontSize() * 9.5f;
  const std::string wrapped = WrapText(text.c_str(), width);
  std::vector<std::string> lines;
  std::size_t from = 0;
  for (std::size_t nl; (nl = wrapped.find('\n', from)) != std::string::npos; from = nl + 1)
    lines.push_back(wrapped.substr(from, nl - from));
  lines.push_back(wrapped.substr(from));
  ASSERT_GE(lines.size(), 4u) << wrapped;
  std::string joined;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_LE(ImGui::CalcTextSize(lines[i].c_str()).x, width + 0.5f) << lines[i];
    EXPECT_NE(lines[i].rfind("，", 0), 0u) << "line " << i << " starts with a comma: " << lines[i];
    EXPECT_NE(lines[i].rfind("）", 0), 0u) << lines[i];
    if (i + 1 < lines.size()) {  // full lines: nothing more would have fitted (no early break at the space)
      EXPECT_GT(ImGui::CalcTextSize(lines[i].c_str()).x, width - ImGui::GetFontSize() * 2.5f) << lines[i];
    }
    joined += lines[i];
  }
  std::string without_spaces = text;
  without_spaces.erase(std::remove(without_spaces.begin(), without_spaces.end(), ' '), without_spaces.end());
  joined.erase(std::remove(joined.begin(), joined.end(), ' '), joined.end());
  EXPECT_EQ(joined, without_spaces);                           // every character is kept, in order
  EXPECT_EQ(WrapText("I saw a saw", 1000.0f), "I saw a saw");  // English as before
  ImGui::EndFrame();
}

}  // namespace
}  // namespace attnlab::ui
