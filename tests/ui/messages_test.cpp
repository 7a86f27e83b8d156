// The messages web/app/ names by key (web/app/message.h: notices, the input's problems, the settings' rules)
// and the settings' tooltips (setting_help_<name>) are in both tables, and filling a message's values in leaves
// no {name} mark behind: a misspelt key would show the English text in Chinese, a misspelt value a raw {mark}.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "web/app/app.h"
#include "web/ui/strings.h"

namespace attnlab {
namespace {

// What a panel shows for a message (web/panels/layout.cpp MessageText), without the panels' library.
std::string shown(const Message& m) {
  const char* t = ui::text(m.key);
  return t ? ui::fill(t, m.values) : "(no text for " + m.key + ")";
}

bool has_mark(const std::string& t) {
  for (std::size_t i = t.find('{'); i != std::string::npos; i = t.find('{', i + 1)) {
    const std::size_t close = t.find('}', i);
    if (close == std::string::npos) return false;
    const std::string name = t.substr(i + 1, close - i - 1);
    if (!name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos)
      return true;
  }
  return false;
}

void expect_shown_in_both(const Message& m, const std::string& why) {
  ASSERT_FALSE(m.key.empty()) << why << ": no key (\"" << m.text << "\")";
  for (const char* lang : {"en", "zh"}) {
    ui::set_language(lang);
    ASSERT_NE(ui::text(m.key), nullptr) << why << ": no key " << m.key;
    const std::string t = shown(m);
    EXPECT_FALSE(has_mark(t)) << why << " (" << lang << "): a mark is left in \"" << t << "\"";
    for (const auto& [name, value] : m.values)
      EXPECT_NE(t.find(value), std::string::npos) << why << " (" << lang << "): " << name << " missing in " << t;
  }
  ui::set_language("en");
}

TEST(Messages, TheAppsNoticesNameTextsOfBothTables) {
  App app;
  app.load_url_state("#task=own&heads=2&layers=99");
  ASSERT_EQ(app.notices.size(), 2u);
  expect_shown_in_both(app.notices[0], "task own in a link");
  expect_shown_in_both(app.notices[1], "a bad value in a link");
  EXPECT_EQ(app.notices[1].value("problem").rfind("layers:", 0), 0u) << "the problem itself stays as worded";

  const std::string two = "the/D dog/N barks/V\na/D cat/N sleeps/V\n";
  ASSERT_EQ(app.open_file("mine.txt", reinterpret_cast<const std::uint8_t*>(two.data()), two.size()), "");
  expect_shown_in_both(app.notices.back(), "own data loaded");

  ASSERT_TRUE(app.set_state({{"task", "seen"}}).empty());
  std::vector<std::uint8_t> model = app.save_model_bytes();
  ASSERT_FALSE(model.empty());
  ASSERT_EQ(app.open_file("seen.model", model.data(), model.size()), "");
  expect_shown_in_both(app.notices.back(), "a model loaded");
  model.resize(40);
  ASSERT_NE(app.open_file("broken.model", model.data(), model.size()), "");
  expect_shown_in_both(app.notices.back(), "a model not loaded");
}

// A page left open for hours, a course page that sends a broken file again and again: the notices keep the newest
// Notices::kKept, the last one is the newest, and the app goes on answering.
TEST(Messages, NoticesKeepTheNewestAndStayBounded) {
  App app;
  const std::size_t kept = Notices::kKept;
  for (std::size_t i = 0; i < 3 * kept; ++i) {
    const std::string name = "broken" + std::to_string(i) + ".model";
    const std::string bytes = "ATNLMODL, then not a model: " + std::to_string(i);  // a model file's magic
    ASSERT_NE(app.open_file(name, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), "");
    ASSERT_LE(app.notices.size(), kept);
  }
  ASSERT_EQ(app.notices.size(), kept);
  const std::string newest = "broken" + std::to_string(3 * kept - 1) + ".model";
  const std::string oldest_kept = "broken" + std::to_string(2 * kept) + ".model";
  EXPECT_NE(shown(app.notices.back()).find(newest), std::string::npos) << shown(app.notices.back());
  EXPECT_NE(shown(app.notices.front()).find(oldest_kept), std::string::npos) << shown(app.notices.front());
  ASSERT_TRUE(app.set_state({{"heads", "2"}}).empty());
  app.notices.clear();
  EXPECT_TRUE(app.notices.empty());
}

TEST(Messages, TheInputsProblemsNameTextsOfBothTables) {
  App app;
  ASSERT_TRUE(app.set_state({{"input", ""}}).empty());
  app.refresh_view();
  expect_shown_in_both(app.view.error_message, "pos, nothing typed");
  EXPECT_EQ(app.view.error, app.view.error_message.text) << "the API keeps the English";
  ASSERT_TRUE(app.set_state({{"task", "seen"}, {"input", "zebra"}}).empty());
  app.refresh_view();
  expect_shown_in_both(app.view.error_message, "seen, a word that is no token");
  EXPECT_EQ(app.view.error_message.value("token"), "zebra");
  ASSERT_TRUE(app.set_state({{"input", " "}}).empty());
  app.refresh_view();
  expect_shown_in_both(app.view.error_message, "seen, nothing typed");
  for (const char* lang : {"en", "zh"}) {  // a dev set without examples: not made by any built-in task
    ui::set_language(lang);
    EXPECT_NE(ui::text("input_no_examples"), nullptr);
  }
  ui::set_language("en");
}

TEST(Messages, TheSettingsRulesNameTextsOfBothTables) {
  AppState s;
  s.heads = 3;
  expect_shown_in_both(check_state_message(s), "heads do not divide dim");
  EXPECT_EQ(check_state(s), check_state_message(s).text);
  s = AppState{};
  s.guess = "4";
  expect_shown_in_both(check_state_message(s), "a guess without a stop");
  s = AppState{};
  s.heads = 1;
  s.dim = 5;
  s.pe = "sinusoidal";
  expect_shown_in_both(check_state_message(s), "an odd width with sin and cos");
  EXPECT_TRUE(check_state_message(AppState{}).empty());
}

TEST(Messages, TheExportMenusReasonsNameTextsOfBothTables) {
  App app;  // step 0: nothing recorded, no snapshot
  expect_shown_in_both(csv_unavailable_message(app, Panel::training), "training before its first point");
  EXPECT_EQ(csv_unavailable(app, Panel::training), csv_unavailable_message(app, Panel::training).text);
  ASSERT_TRUE(app.set_state({{"model", "window"}}).empty());
  expect_shown_in_both(csv_unavailable_message(app, Panel::attention), "a model without attention");
  ASSERT_TRUE(app.set_state({{"model", "attention"}, {"task", "frames"}}).empty());
  expect_shown_in_both(csv_unavailable_message(app, Panel::embeddings), "features have no embedding table");
  ASSERT_TRUE(app.set_state({{"task", "pos"}, {"pe", "learned"}, {"max_len", "4"}}).empty());  // too short a table
  ASSERT_FALSE(app.runs.main.trainer);
  expect_shown_in_both(csv_unavailable_message(app, Panel::history), "no model");
}

TEST(Messages, EverySettingHasATooltipInBothTables) {
  for (const StateField& f : state_fields()) {
    const std::string key = std::string("setting_help_") + f.name;
    ui::set_language("en");
    ASSERT_NE(ui::text(key), nullptr) << key;
    const std::string en = ui::text(key);
    ui::set_language("zh");
    ASSERT_NE(ui::text(key), nullptr) << key;
    EXPECT_NE(en, ui::text(key)) << key << ": the same text in both languages";
  }
  ui::set_language("en");
}

}  // namespace
}  // namespace attnlab
