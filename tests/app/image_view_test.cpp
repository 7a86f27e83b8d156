// The image task through the App (web/app/): the shown input is a dev image (its pixels, true labels, grid),
// the query pixel is a setting (`pixel`, in the URL) checked against the image's size, and the attention
// maps' rows are pixels.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "engine/data/image.h"
#include "web/app/app.h"

namespace attnlab {
namespace {

void open_image(App& app) {
  ASSERT_TRUE(app.set_state({{"task", "image"}, {"train", "false"}}).empty());
  app.refresh_view();
}

TEST(ImageView, TheShownInputIsADevImageWithItsPixelsAndLabels) {
  App app;
  open_image(app);
  const InputView& v = app.view;
  ASSERT_TRUE(v.error.empty()) << v.error;
  EXPECT_EQ(v.grid_w, 12);
  EXPECT_EQ(v.grid_h, 12);
  EXPECT_EQ(v.len, 144) << "one vector per pixel";
  ASSERT_EQ(v.pixels.size(), 144u * 3u);
  ASSERT_EQ(v.truth.size(), 144u);
  EXPECT_EQ(v.tokens[0], "0,0");
  EXPECT_EQ(v.tokens[13], "1,1") << "row,column";
  // the pixels and labels are the dev image's own
  const Sequence& s = app.runs.data->dev[0];
  EXPECT_EQ(v.pixels, s.features);
  EXPECT_EQ(v.truth, s.tags);
  EXPECT_FALSE(app.input_is_text());
  // another example shows another image
  ASSERT_TRUE(app.set_state({{"example", "3"}}).empty());
  app.ensure_view();
  EXPECT_EQ(app.view.pixels, app.runs.data->dev[3].features);
}

TEST(ImageView, AttentionRowsArePixels) {
  App app;
  open_image(app);
  ASSERT_TRUE(app.runs.main.trainer) << app.runs.main.error;
  app.train_steps(2);
  app.refresh_view();
  const InputView& v = app.view;
  ASSERT_EQ(v.len, 144);
  ASSERT_GT(v.layers, 0);
  const float* w = v.head(0, 0);
  for (int i : {0, 69, 143}) {
    const float sum = std::accumulate(w + i * 144, w + (i + 1) * 144, 0.0f);
    EXPECT_NEAR(sum, 1.0f, 1e-4f) << "softmax row of pixel " << i;
  }
}

TEST(ImageView, TheDefaultQueryIsAShapePixelFarFromTheKey) {
  App app;
  open_image(app);
  const int q = app.query_pixel();
  ASSERT_GE(q, 0);
  const int t = app.view.truth[static_cast<std::size_t>(q)];
  EXPECT_TRUE(t == kSameInside || t == kOtherInside) << "label " << t;
  for (int p = 0; p < 144; ++p) {
    const int tp = app.view.truth[static_cast<std::size_t>(p)];
    if (tp == kSameInside || tp == kOtherInside) {
      EXPECT_LE(p / 12 + p % 12, q / 12 + q % 12);
    }
  }
}

TEST(ImageView, ThePixelSettingPicksTheQueryAndTravelsInTheLink) {
  App app;
  open_image(app);
  ASSERT_TRUE(app.set_state({{"pixel", "69"}}).empty());
  EXPECT_EQ(app.query_pixel(), 69);
  EXPECT_NE(state_to_query(app.state).find("pixel=69"), std::string::npos) << state_to_query(app.state);
  // a pixel past the 12x12 image is refused with the image's size, and nothing changes
  const auto problems = app.set_state({{"pixel", "144"}});
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("12x12"), std::string::npos) << problems[0];
  EXPECT_EQ(app.state.pixel, 69);
  EXPECT_FALSE(app.set_state({{"pixel", "-2"}}).empty()) << "below -1";
  EXPECT_FALSE(app.set_state({{"pixel", "x"}}).empty());
  // -1 is the default query again
  ASSERT_TRUE(app.set_state({{"pixel", "-1"}}).empty());
  EXPECT_EQ(app.query_pixel(), default_query_pixel(app.view));
}

TEST(ImageView, ALinkWithABadPixelKeepsTheRestAndSaysWhy) {
  App app;
  app.load_url_state("task=image&pixel=500&heads=2");
  EXPECT_EQ(app.state.task, "image");
  EXPECT_EQ(app.state.heads, 2);
  EXPECT_EQ(app.state.pixel, -1);
  ASSERT_FALSE(app.notices.empty());
  EXPECT_NE(app.notices.back().text.find("pixel"), std::string::npos) << app.notices.back().text;
  App other;
  other.load_url_state("task=image&pixel=25");
  EXPECT_EQ(other.state.pixel, 25);
  EXPECT_TRUE(other.notices.empty());
}

TEST(ImageView, TokenTasksHaveNoImage) {
  App app;  // pos
  app.refresh_view();
  EXPECT_EQ(app.view.grid_w, 0);
  EXPECT_EQ(app.query_pixel(), -1);
  EXPECT_TRUE(app.view.pixels.empty());
}

}  // namespace
}  // namespace attnlab
