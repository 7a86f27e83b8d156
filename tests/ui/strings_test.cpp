// The string tables: every English key has a Chinese text, with the same format specifiers (in the same order:
// printf reads them in order) and the same {name} marks (any order: fill() finds them by name). A text with
// marks is filled, not printed with printf, so its '%' signs are plain text.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "web/ui/strings.h"

namespace attnlab::ui {
namespace {

// "%ld steps, %.0f fps, 100%%" -> {"%ld", "%.0f"} (a literal %% is not a specifier)
std::vector<std::string> specifiers(const std::string& t) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '%') continue;
    if (i + 1 < t.size() && t[i + 1] == '%') {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < t.size() && std::string("-+ #0123456789.*lhzjt").find(t[j]) != std::string::npos) ++j;
    if (j < t.size()) out.push_back(t.substr(i, j - i + 1));
    i = j;
  }
  return out;
}

std::multiset<std::string> marks(const std::string& t) {
  std::multiset<std::string> out;
  for (std::size_t i = t.find('{'); i != std::string::npos; i = t.find('{', i + 1)) {
    const std::size_t close = t.find('}', i);
    if (close == std::string::npos) break;
    const std::string name = t.substr(i + 1, close - i - 1);
    if (!name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos)
      out.insert(name);
  }
  return out;
}

TEST(Strings, SpecifiersAndMarksAreFound) {
  EXPECT_EQ(specifiers("step %ld · %.0f steps/s · 100%% · %zu"), (std::vector<std::string>{"%ld", "%.0f", "%zu"}));
  EXPECT_EQ(marks("{acc0} % and {steps}, {not a mark}"), (std::multiset<std::string>{"acc0", "steps"}));
}

TEST(Strings, EveryEnglishKeyHasOneChineseTextWithTheSamePlaceholders) {
  const auto& en = string_entries("en");
  const auto& zh = string_entries("zh");
  ASSERT_GT(en.size(), 300u);
  std::map<std::string, std::string> zh_text;
  for (const auto& e : zh) {
    EXPECT_TRUE(zh_text.emplace(e.key, e.text).second) << "zh: key twice: " << e.key;
  }
  std::set<std::string> en_keys;
  for (const auto& e : en) {
    en_keys.insert(e.key);
    const auto it = zh_text.find(e.key);
    if (it == zh_text.end()) {
      ADD_FAILURE() << "zh: no translation of " << e.key << " (\"" << e.text << "\")";
      continue;
    }
    // A text with {name} marks is a template for fill(), never a printf format: its '%' are literal ("{p} %
    // for"), so only its marks are compared.
    if (marks(e.text).empty()) {
      EXPECT_EQ(specifiers(it->second), specifiers(e.text)) << e.key << ": zh \"" << it->second << "\"";
    }
    EXPECT_EQ(marks(it->second), marks(e.text)) << e.key << ": zh \"" << it->second << "\"";
    if (std::string(e.text).find_first_not_of(" ") != std::string::npos) {
      EXPECT_FALSE(it->second.empty()) << e.key << ": empty Chinese text";
    }
  }
  for (const auto& e : zh) EXPECT_TRUE(en_keys.count(e.key)) << "zh: key without English: " << e.key;
}

TEST(Strings, TheActiveTableFollowsTheLanguage) {
  set_language("zh");
  EXPECT_EQ(language(), "zh");
  EXPECT_EQ(&S(), &strings_zh());
  EXPECT_STREQ(text("app_title"), strings_zh().app_title);
  set_language("klingon");  // anything unknown is English
  EXPECT_EQ(language(), "en");
  EXPECT_EQ(&S(), &strings_en());
}

}  // namespace
}  // namespace attnlab::ui
