// The way back from settings that cannot train (App::trouble, back_to_working, lower_lr; the Training and Model
// panels' buttons): a model that cannot be built goes back to the last settings that trained, or to the task's
// defaults when none did yet; the page's language and panel stay as they are.
#include <gtest/gtest.h>

#include "web/app/app.h"

namespace attnlab {
namespace {

void ticks(App& app, int n) {
  static double now = 1000;
  for (int i = 0; i < n; ++i) app.tick(now += 16, 16);
}

TEST(WayBack, ABrokenModelGoesBackToTheSettingsThatTrained) {
  App app;
  ASSERT_TRUE(
      app.set_state({{"task", "seen"}, {"dim", "16"}, {"heads", "2"}, {"layers", "1"}, {"lang", "zh"}}).empty());
  ticks(app, 3);
  ASSERT_GT(app.runs.main.step(), 0);
  EXPECT_EQ(app.trouble(), App::Trouble::none);
  // a learned table shorter than the data's sequences: no model
  ASSERT_TRUE(app.set_state({{"pe", "learned"}, {"max_len", "4"}, {"panel", "training"}}).empty());
  ticks(app, 2);
  ASSERT_FALSE(app.runs.main.trainer);
  EXPECT_EQ(app.trouble(), App::Trouble::failed);
  EXPECT_TRUE(app.has_working);
  EXPECT_EQ(app.back_to_working(), "");
  EXPECT_EQ(app.trouble(), App::Trouble::none);
  EXPECT_EQ(app.state.pe, "sinusoidal");
  EXPECT_EQ(app.state.dim, 16) << "the settings that trained, not the defaults";
  EXPECT_EQ(app.state.lang, "zh");
  EXPECT_EQ(app.state.panel, Panel::training);
  const long s = app.runs.main.step();
  ticks(app, 3);
  EXPECT_GT(app.runs.main.step(), s) << "it trains again";
}

TEST(WayBack, WithNothingThatTrainedYetItGoesBackToTheTaskDefaults) {
  App app;
  ASSERT_TRUE(app.set_state({{"task", "seen"}, {"pe", "learned"}, {"max_len", "4"}, {"dim", "16"}}).empty());
  ASSERT_FALSE(app.runs.main.trainer);
  EXPECT_EQ(app.trouble(), App::Trouble::failed);
  EXPECT_FALSE(app.has_working);
  EXPECT_EQ(app.back_to_working(), "");
  EXPECT_EQ(app.state.task, "seen");
  EXPECT_EQ(app.state.dim, AppState{}.dim);
  ASSERT_TRUE(app.runs.main.trainer) << app.runs.main.error;
  ticks(app, 3);
  EXPECT_GT(app.runs.main.step(), 0);
}

TEST(WayBack, LowerLearningRateIsATenthAndStartsAgain) {
  App app;
  ASSERT_TRUE(app.set_state({{"task", "seen"}, {"dim", "16"}, {"heads", "2"}, {"layers", "1"}, {"lr", "0.5"}}).empty());
  ticks(app, 3);
  ASSERT_GT(app.runs.main.step(), 0);
  EXPECT_FLOAT_EQ(app.lower_lr_value(), 0.05f);
  EXPECT_EQ(app.lower_lr(), "");
  EXPECT_FLOAT_EQ(app.state.lr, 0.05f);
  EXPECT_EQ(app.runs.main.step(), 0) << "from step 0";
  ASSERT_TRUE(app.set_state({{"lr", "1e-5"}}).empty());
  EXPECT_FLOAT_EQ(app.lower_lr_value(), 1e-5f) << "never below the slider's range";
}

}  // namespace
}  // namespace attnlab
