// AppState <-> URL hash / JS API: round trips, all-or-nothing application, messages that name the key.
#include <gtest/gtest.h>

#include "web/app/state.h"

namespace attnlab {
namespace {

TEST(AppStateQuery, DefaultsSerializeToNothing) { EXPECT_EQ(state_to_query(AppState{}), ""); }

TEST(AppStateQuery, RoundTripsEveryField) {
  AppState s;
  s.task = "reverse";
  s.input = "Time flies like an arrow & fruit flies = 100%";
  s.heads = 2;
  s.dim = 48;
  s.pe = "learned";
  s.max_len = 16;
  s.mask = "window";
  s.window = 3;
  s.lr = 0.0005f;
  s.train = false;
  s.panel = Panel::pe;
  const std::string q = state_to_query(s);
  AppState t;
  ASSERT_TRUE(apply_query(t, "#" + q).empty()) << q;
  EXPECT_EQ(state_to_query(t), q);
  EXPECT_EQ(t.input, s.input);
  EXPECT_EQ(t.panel, Panel::pe);
  EXPECT_FLOAT_EQ(t.lr, 0.0005f);
  EXPECT_FALSE(t.train);
}

TEST(AppStateQuery, BadInputChangesNothingAndNamesEveryProblem) {
  AppState s;
  s.heads = 2;
  const AppState before = s;
  const auto problems = apply_query(s, "heads=4&colour=blue&pe=fourier&layers=99&lr=abc");
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_NE(problems[0].find("colour"), std::string::npos);
  EXPECT_NE(problems[1].find("pe: 'fourier' is not one of none, sinusoidal, learned, alibi"), std::string::npos);
  EXPECT_NE(problems[2].find("layers: 99 is out of range (1 to 4)"), std::string::npos);
  EXPECT_NE(problems[3].find("lr: 'abc' is not a number"), std::string::npos);
  EXPECT_EQ(state_to_query(s), state_to_query(before)) << "nothing applied";
}

TEST(AppStateQuery, CrossFieldRuleHeadsDivideWidth) {
  AppState s;
  const auto problems = apply_query(s, "heads=3&dim=32");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("heads"), std::string::npos);
  EXPECT_EQ(s.heads, 4);
  EXPECT_TRUE(apply_query(s, "heads=3&dim=48").empty());
  EXPECT_EQ(s.heads, 3);
}

TEST(AppStateQuery, ModelChangedOnlyForArchitectureFields) {
  AppState a, b;
  b.lr = 0.01f;
  b.input = "other";
  b.panel = Panel::history;
  EXPECT_FALSE(model_changed(a, b));
  b.heads = 2;
  EXPECT_TRUE(model_changed(a, b));
}

TEST(AppStateQuery, UrlCodec) {
  EXPECT_EQ(url_encode("a b&c=d/é"), "a%20b%26c%3Dd%2F%C3%A9");
  EXPECT_EQ(url_decode("a%20b+c%26"), "a b c&");
  EXPECT_EQ(url_decode("100%"), "100%") << "a stray % is kept, not read past the end";
}

}  // namespace
}  // namespace attnlab

namespace attnlab {
namespace {

TEST(AppStateTaskDefaults, AGraphLinkGetsTheGraphModel) {
  AppState s;
  EXPECT_TRUE(apply_query(s, "#task=graph").empty());
  EXPECT_EQ(s.mask, "graph");
  EXPECT_EQ(s.pe, "none");
  EXPECT_EQ(state_to_query(s), "task=graph") << "the task's own defaults are not written";
  AppState t;
  EXPECT_TRUE(apply_query(t, state_to_query(s)).empty());
  EXPECT_EQ(state_to_query(t), state_to_query(s));
}

TEST(AppStateTaskDefaults, ExplicitSettingsWinAndLeavingGraphRestoresTheUsualModel) {
  AppState s;
  EXPECT_TRUE(apply_query(s, "task=graph&mask=full").empty());
  EXPECT_EQ(s.mask, "full") << "an explicit mask stays (attention ignoring the edges)";
  EXPECT_EQ(s.pe, "none");
  EXPECT_EQ(state_to_query(s), "task=graph&mask=full");
  AppState g;
  EXPECT_TRUE(apply_query(g, "task=graph").empty());
  EXPECT_TRUE(apply_query(g, "task=reverse").empty());
  EXPECT_EQ(g.mask, "full");
  EXPECT_EQ(g.pe, "sinusoidal");
  AppState p;  // a user's own choice on another task is kept when moving between non-graph tasks
  EXPECT_TRUE(apply_query(p, "pe=learned&mask=causal").empty());
  EXPECT_TRUE(apply_query(p, "task=seen").empty());
  EXPECT_EQ(p.pe, "learned");
  EXPECT_EQ(p.mask, "causal");
  EXPECT_TRUE(apply_query(p, "task=graph").empty());
  EXPECT_EQ(p.pe, "none") << "graph works only with its own pe and mask";
  EXPECT_EQ(p.mask, "graph");
}

}  // namespace
}  // namespace attnlab

namespace attnlab {
namespace {

TEST(State, Utf8PrefixNeverCutsACharacter) {
  EXPECT_EQ(utf8_prefix("I saw a saw", 5), "I saw");
  EXPECT_EQ(utf8_prefix("我看见", 3), "我");
  EXPECT_EQ(utf8_prefix("我看见", 4), "我");
  EXPECT_EQ(utf8_prefix("我看见", 5), "我");
  EXPECT_EQ(utf8_prefix("我看见", 6), "我看");
  EXPECT_EQ(utf8_prefix("我看见", 2), "");
  EXPECT_EQ(utf8_prefix("我看见", 100), "我看见");
}

TEST(State, LangIsASettingOfTheLinkThatKeepsTheRun) {
  AppState s;
  EXPECT_TRUE(apply_query(s, "lang=zh").empty());
  EXPECT_EQ(s.lang, "zh");
  EXPECT_NE(state_to_query(s).find("lang=zh"), std::string::npos);
  EXPECT_FALSE(model_changed(AppState{}, s));  // switching the language does not retrain
  const auto problems = apply_query(s, "lang=fr");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("lang"), std::string::npos);
  EXPECT_EQ(s.lang, "zh");  // unchanged
}

}  // namespace
}  // namespace attnlab

namespace attnlab {
namespace {

TEST(State, ALessonStopKeepsTheLanguageAndTheEmbedFrame) {
  AppState s;
  ASSERT_TRUE(apply_query(s, "embed=1&controls=run,step&caption=Week%203&lang=zh&lesson=1").empty());
  ASSERT_TRUE(apply_query(s, "lesson=2").empty());  // Next, in the embedded lesson
  EXPECT_EQ(s.lesson, 2);
  EXPECT_TRUE(s.embed);
  EXPECT_EQ(s.controls, "run,step");
  EXPECT_EQ(s.caption, "Week 3");
  EXPECT_EQ(s.lang, "zh");
}

}  // namespace
}  // namespace attnlab
