// The Chinese task in the app: task seg_zh shows an ambiguous sentence first, and the typed sentence is split
// into characters (spaces ignored), each of which gets one B/M/E/S label in the input view.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "web/app/app.h"

namespace attnlab {
namespace {

using Strings = std::vector<std::string>;

TEST(SegInput, TheTaskStartsWithAnAmbiguousSentenceOneLabelPerCharacter) {
  App app;
  ASSERT_TRUE(app.set_state({{"train", "false"}, {"task", "seg_zh"}}).empty());
  ASSERT_TRUE(app.runs.data) << app.runs.data_error;
  EXPECT_EQ(app.state.input, "研究生命的起源") << "a sentence whose segmentation needs context";
  EXPECT_EQ(app.runs.data->tag_names, (Strings{"B", "M", "E", "S"}));
  app.train_steps(3);
  app.refresh_view();
  ASSERT_EQ(app.view.error, "");
  EXPECT_EQ(app.view.tokens, (Strings{"研", "究", "生", "命", "的", "起", "源"}));
  ASSERT_EQ(app.view.predicted.size(), 7u);
  for (int t : app.view.predicted) {
    const std::string tag = app.tag_name(t);
    EXPECT_TRUE(tag == "B" || tag == "M" || tag == "E" || tag == "S") << tag;
  }
}

TEST(SegInput, TypedTextSplitsIntoCharactersSpacesIgnored) {
  App app;
  ASSERT_TRUE(app.set_state({{"train", "false"}, {"task", "seg_zh"}}).empty());
  app.train_steps(2);
  ASSERT_TRUE(app.set_state({{"input", "我们 研究　生命 2024年"}}).empty());
  app.refresh_view();
  ASSERT_EQ(app.view.error, "");
  EXPECT_EQ(app.view.tokens, (Strings{"我", "们", "研", "究", "生", "命", "2024", "年"}))
      << "one token per character, a run of digits as one, ASCII and ideographic spaces dropped";
  EXPECT_EQ(app.view.predicted.size(), 8u);
  // a character the corpus never has still gets a label (the unknown vector), and only spaces is a message
  ASSERT_TRUE(app.set_state({{"input", "龘"}}).empty());
  app.refresh_view();
  EXPECT_EQ(app.view.error, "");
  EXPECT_EQ(app.view.predicted.size(), 1u);
  ASSERT_TRUE(app.set_state({{"input", "   "}}).empty());
  app.refresh_view();
  EXPECT_NE(app.view.error, "");
  EXPECT_TRUE(app.view.predicted.empty());
}

TEST(SegInput, BackToPosTheInputIsEnglishAgain) {
  App app;
  ASSERT_TRUE(app.set_state({{"train", "false"}, {"task", "seg_zh"}}).empty());
  ASSERT_TRUE(app.set_state({{"task", "pos"}}).empty());
  EXPECT_NE(app.state.input, "研究生命的起源") << "another task brings its own input";
}

}  // namespace
}  // namespace attnlab
