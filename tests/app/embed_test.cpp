// Embed mode's settings (web/app/embed.h): the controls and panels a link may name, the link back to the full
// playground and the <iframe> snippet of the Share dialog.
#include <gtest/gtest.h>

#include "web/app/embed.h"

namespace attnlab {
namespace {

std::vector<std::string> controls(const std::string& text) {
  std::vector<std::string> out;
  EXPECT_EQ(parse_embed_controls(text, &out), "") << text;
  return out;
}

TEST(EmbedControls, DefaultListAndHidingNamedOnes) {
  EXPECT_EQ(controls(""), (std::vector<std::string>{"run", "step", "reset"}));
  EXPECT_EQ(controls("none"), std::vector<std::string>{});
  // drawn in the table's order, whatever order the link used; duplicates once
  EXPECT_EQ(controls("pe,heads,run,heads"), (std::vector<std::string>{"run", "heads", "pe"}));
  const auto all = controls("all");
  EXPECT_EQ(all.size(), embed_actions().size() + embed_settings().size());
  auto fewer = controls("all,-seed,-lr");
  EXPECT_EQ(fewer.size(), all.size() - 2);
  EXPECT_EQ(std::count(fewer.begin(), fewer.end(), "seed"), 0);
}

TEST(EmbedControls, UnknownNamesAreRefusedByName) {
  std::vector<std::string> out = {"kept"};
  const std::string p = parse_embed_controls("run,colour", &out);
  EXPECT_NE(p.find("'colour'"), std::string::npos) << p;
  EXPECT_NE(p.find("heads"), std::string::npos) << p;  // lists the known names
  EXPECT_EQ(out, std::vector<std::string>{"kept"});    // untouched on a problem
  EXPECT_NE(parse_embed_controls("-colour", nullptr), "");
  EXPECT_NE(parse_embed_controls("none,run", nullptr), "");
  EXPECT_NE(parse_embed_controls("embed", nullptr), "");  // not a control: the embed's own settings
  EXPECT_NE(parse_embed_controls("lesson", nullptr), "");
}

TEST(EmbedPanels, NamesChecked) {
  std::vector<Panel> out;
  EXPECT_EQ(parse_embed_panels("attention, pe", &out), "");
  EXPECT_EQ(out, (std::vector<Panel>{Panel::attention, Panel::pe}));
  EXPECT_NE(parse_embed_panels("attention,attention", nullptr), "");
  EXPECT_NE(parse_embed_panels("attention,heatmap", nullptr).find("'heatmap'"), std::string::npos);
  EXPECT_NE(parse_embed_panels("attention,pe,step,matrix,history", nullptr), "");  // more than fit
}

TEST(EmbedState, TheLinkCarriesEmbedSettingsAndRefusesBadOnes) {
  AppState s;
  EXPECT_TRUE(apply_query(s, "#embed=1&panel=pe&controls=run,heads&caption=Week%203:%20where%20words%20look").empty());
  EXPECT_TRUE(s.embed);
  EXPECT_EQ(s.controls, "run,heads");
  EXPECT_EQ(s.caption, "Week 3: where words look");
  EXPECT_EQ(embed_panels(s), std::vector<Panel>{Panel::pe});
  EXPECT_EQ(embed_controls(s), (std::vector<std::string>{"run", "heads"}));
  // the query keeps commas readable and round-trips
  const std::string q = state_to_query(s);
  EXPECT_NE(q.find("controls=run,heads"), std::string::npos) << q;
  AppState t;
  EXPECT_TRUE(apply_query(t, q).empty());
  EXPECT_EQ(state_to_query(t), q);

  const AppState before = s;
  EXPECT_FALSE(apply_query(s, "controls=run,fly").empty());
  EXPECT_FALSE(apply_query(s, "panels=attention,nowhere").empty());
  EXPECT_FALSE(apply_query(s, "caption=two%0Alines").empty());
  EXPECT_FALSE(apply_query(s, "embed=maybe").empty());
  EXPECT_EQ(state_to_query(s), state_to_query(before));
}

TEST(EmbedState, FullPlaygroundLinkDropsTheEmbedAndKeepsTheRest) {
  AppState s;
  ASSERT_TRUE(apply_query(s, "embed=1&panels=pe,attention&panel=attention&heads=2&controls=all&caption=x").empty());
  const AppState full = full_playground_state(s);
  EXPECT_FALSE(full.embed);
  EXPECT_EQ(full.panel, Panel::attention);  // the embedded panel shown now
  EXPECT_EQ(full.heads, 2);
  EXPECT_EQ(state_to_query(full), "heads=2");
  AppState first = s;
  first.panel = Panel::step;  // not one of the embedded panels: the first of them
  EXPECT_EQ(full_playground_state(first).panel, Panel::pe);
}

TEST(EmbedSnippet, QueryAndIframe) {
  AppState s;
  s.heads = 2;
  const std::string q =
      embed_query(s, {Panel::attention, Panel::pe}, {"run", "heads"}, "Heads & positions", "Week 3: \"heads\"");
  AppState t;
  ASSERT_TRUE(apply_query(t, q).empty()) << q;
  EXPECT_TRUE(t.embed);
  EXPECT_EQ(t.heads, 2);
  EXPECT_EQ(embed_panels(t), (std::vector<Panel>{Panel::attention, Panel::pe}));
  EXPECT_EQ(embed_controls(t), (std::vector<std::string>{"run", "heads"}));
  EXPECT_EQ(t.caption, "Heads & positions");
  EXPECT_EQ(t.title, "Week 3: \"heads\"");  // the page's title; the full playground's link drops it
  EXPECT_EQ(full_playground_state(t).title, "");
  // the default controls are not written; no controls at all is 'none'
  EXPECT_EQ(embed_query(s, {Panel::attention}, {"run", "step", "reset"}, "").find("controls"), std::string::npos);
  EXPECT_NE(embed_query(s, {Panel::attention}, {}, "").find("controls=none"), std::string::npos);
  const std::string html = iframe_snippet("https://example.org/lab/", q, 800, 600, "Week 3: \"heads\"");
  EXPECT_NE(html.find("title=\"Week 3: &quot;heads&quot;\""), std::string::npos) << html;  // the frame's name
  EXPECT_NE(iframe_snippet("https://example.org/lab/", q, 800, 600, "").find("title=\"Attention Lab\""),
            std::string::npos);
  EXPECT_EQ(html.rfind("<iframe src=\"https://example.org/lab/#", 0), 0u) << html;
  EXPECT_NE(html.find("width=\"800\" height=\"600\""), std::string::npos);
  EXPECT_EQ(html.find("& "), std::string::npos);  // '&' in attributes escaped
  EXPECT_NE(html.find("&amp;"), std::string::npos);
}

}  // namespace
}  // namespace attnlab
