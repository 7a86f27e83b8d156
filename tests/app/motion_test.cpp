// prefers-reduced-motion (FrameClock::reduced_motion): while training, the views follow the model at most once a
// second instead of every frame; training itself does not slow down, and a new input still shows at once.
#include <gtest/gtest.h>

#include "web/app/app.h"

namespace attnlab {
namespace {

// Ticks 2 s of 16 ms frames; returns how many times the views changed their step.
int view_changes(App& app, double* now) {
  int changes = 0;
  long last = app.view.at_step;
  for (int i = 0; i < 125; ++i) {
    app.tick(*now += 16, 16);
    if (app.view.at_step != last) {
      ++changes;
      last = app.view.at_step;
    }
  }
  return changes;
}

TEST(ReducedMotion, WhileTrainingTheViewsChangeAtMostOnceASecond) {
  for (const bool reduced : {false, true}) {
    App app;
    ASSERT_TRUE(app.set_state({{"task", "reverse"}, {"dim", "16"}, {"heads", "2"}, {"layers", "1"}}).empty());
    app.clock.reduced_motion = reduced;
    double now = 1000;
    const int changes = view_changes(app, &now);
    EXPECT_GE(app.runs.main.step(), 125) << "it trained all along, every frame (reduced motion " << reduced << ")";
    if (reduced) {
      EXPECT_LE(changes, 3) << "2 s of frames: the views moved " << changes << " times";
      EXPECT_GE(changes, 1) << "they still follow the model";
      // a sentence typed now shows at once, not a second later
      ASSERT_TRUE(app.set_state({{"input", "1 2 3"}}).empty());
      app.tick(now += 16, 16);
      EXPECT_EQ(app.view.tokens.size(), 3u);
      // paused: the views show the model as it stopped
      ASSERT_TRUE(app.set_state({{"train", "false"}}).empty());
      app.tick(now += 16, 16);
      EXPECT_EQ(app.view.at_step, app.runs.main.step());
    } else {
      EXPECT_GE(changes, 60) << "without it the views follow every frame's steps";
    }
  }
}

}  // namespace
}  // namespace attnlab
