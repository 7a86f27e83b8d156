// The image task (engine/data/image.h): the labels are read back from the picture itself, by a second,
// independent reading of the definition (the shapes are the 4-connected regions that are not background, the
// key is the colour of the top-left pixel), and the splits are seeded like the other synthetic tasks.
#include "engine/data/image.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

#include "engine/data/tasks.h"
#include "engine/settings/settings.h"

namespace attnlab {
namespace {

TaskConfig image_task(int side, int train, float noise) {
  TaskConfig t = default_task_config(TaskKind::image);
  t.image_size = side;
  t.min_len = t.max_len = side * side;
  t.train = train;
  t.dev = 20;
  t.test = 20;
  t.noise = noise;
  return t;
}

// The palette colour of a noise-free pixel, -1 for the background.
int colour_of(const float* px) {
  for (int c = 0; c < kMaxImageColours; ++c) {
    const float* p = image_colour(c);
    if (std::fabs(px[0] - p[0]) < 1e-6f && std::fabs(px[1] - p[1]) < 1e-6f && std::fabs(px[2] - p[2]) < 1e-6f) return c;
  }
  EXPECT_NEAR(px[0], kImageBackground, 1e-6f);
  return -1;
}

// The labels of a noise-free image as the definition reads, from its pixels alone.
std::vector<int> labels_from_picture(const std::vector<float>& px, int S, int* shapes) {
  std::vector<int> colour(S * S), region(S * S, -1), labels(S * S, kBackground);
  for (int i = 0; i < S * S; ++i) colour[i] = colour_of(&px[i * kImageChannels]);
  const int key = colour[0];
  EXPECT_GE(key, 0) << "the top-left pixel is the key";
  *shapes = 0;
  for (int start = 0; start < S * S; ++start) {
    if (colour[start] < 0 || region[start] >= 0) continue;
    // flood fill the region of `start` (4-neighbours)
    std::vector<int> todo = {start}, members;
    region[start] = *shapes;
    while (!todo.empty()) {
      const int i = todo.back();
      todo.pop_back();
      members.push_back(i);
      const int r = i / S, c = i % S;
      const int nr[4] = {r - 1, r + 1, r, r}, nc[4] = {c, c, c - 1, c + 1};
      for (int n = 0; n < 4; ++n) {
        if (nr[n] < 0 || nr[n] >= S || nc[n] < 0 || nc[n] >= S) continue;
        const int j = nr[n] * S + nc[n];
        if (colour[j] >= 0 && region[j] < 0) {
          EXPECT_EQ(colour[j], colour[i]) << "two shapes touch";
          region[j] = *shapes;
          todo.push_back(j);
        }
      }
    }
    const bool same = colour[start] == key;
    for (int i : members) {
      const int r = i / S, c = i % S;
      bool edge = false;  // a 4-neighbour outside the region (or outside the image)
      const int nr[4] = {r - 1, r + 1, r, r}, nc[4] = {c, c, c - 1, c + 1};
      for (int n = 0; n < 4; ++n) {
        edge = edge || nr[n] < 0 || nr[n] >= S || nc[n] < 0 || nc[n] >= S || region[nr[n] * S + nc[n]] != region[i];
      }
      labels[i] = same ? (edge ? kSameEdge : kSameInside) : (edge ? kOtherEdge : kOtherInside);
    }
    ++*shapes;
  }
  return labels;
}

TEST(ImageTask, LabelsAreWhatThePictureShows) {
  for (int side : {8, 12, 16}) {
    const Dataset d = make_synthetic_dataset(image_task(side, 300, 0.0f));
    ASSERT_TRUE(d.is_image());
    EXPECT_EQ(d.grid_w, side);
    EXPECT_EQ(d.grid_h, side);
    EXPECT_EQ(d.input, InputMode::features);
    EXPECT_EQ(d.input_dim, kImageChannels);
    ASSERT_EQ(d.tags(), 5);
    std::set<int> shape_counts;
    for (const Sequence& s : d.train) {
      ASSERT_EQ(s.length(), side * side);
      ASSERT_EQ(s.features.size(), static_cast<size_t>(side * side * kImageChannels));
      int shapes = 0;
      EXPECT_EQ(labels_from_picture(s.features, side, &shapes), s.tags);
      shape_counts.insert(shapes);
      EXPECT_EQ(s.tags[0], kSameEdge) << "the key swatch is a shape of its own colour";
    }
    EXPECT_GE(*shape_counts.begin(), side >= 12 ? 3 : 1) << "the key and 2..4 rectangles (fewer when they do not fit)";
    EXPECT_LE(*shape_counts.rbegin(), 5);
  }
}

TEST(ImageTask, RectanglesHaveInsidesAndHalfHaveTheKeysColour) {
  const Dataset d = make_synthetic_dataset(image_task(12, 2000, 0.1f));
  std::vector<long> count(5, 0);
  long far_shape_pixels = 0;
  for (const Sequence& s : d.train) {
    for (int i = 0; i < s.length(); ++i) {
      ++count[s.tags[i]];
      // beyond the 7×7 neighbourhood of the key (what a CNN of 3 layers of 3×3 kernels could reach)
      if (s.tags[i] != kBackground && (i / 12 > 4 || i % 12 > 4)) ++far_shape_pixels;
    }
  }
  const double shape = count[1] + count[2] + count[3] + count[4];
  const double same = count[1] + count[2];
  EXPECT_GT(count[kSameInside], 0);
  EXPECT_GT(count[kOtherInside], 0);
  EXPECT_NEAR(same / shape, 0.5, 0.1) << "a shape has the key's colour with probability 1/2 (and the key itself)";
  EXPECT_GT(far_shape_pixels / shape, 0.6) << "most shape pixels are far from the key: a small window cannot tell";
  const double background = static_cast<double>(count[0]) / (count[0] + shape);
  EXPECT_GT(background, 0.5);
  EXPECT_LT(background, 0.85);
  int tag = -1;
  EXPECT_NEAR(majority_share(d, d.dev, &tag), 0.66, 0.12);
  EXPECT_EQ(tag, kBackground);
}

TEST(ImageTask, SeededAndSplitsIndependent) {
  const Dataset a = make_synthetic_dataset(image_task(12, 50, 0.1f));
  const Dataset b = make_synthetic_dataset(image_task(12, 50, 0.1f));
  const Dataset c = make_synthetic_dataset(image_task(12, 80, 0.1f));
  EXPECT_EQ(a.train[7].features, b.train[7].features);
  EXPECT_EQ(a.dev[3].tags, c.dev[3].tags) << "a larger training split leaves dev as it was";
  EXPECT_EQ(a.train[49].features, c.train[49].features) << "the first N training images are the same";
  TaskConfig other = image_task(12, 50, 0.1f);
  other.seed = 2;
  EXPECT_NE(make_synthetic_dataset(other).train[0].features, a.train[0].features);
}

TEST(ImageTask, SettingsAndBadSizes) {
  TaskSettings s;
  s.task = "image";
  s.image_size = 10;
  const TaskConfig t = to_task_config(s);
  EXPECT_EQ(t.image_size, 10);
  EXPECT_EQ(t.min_len, 100);
  EXPECT_EQ(make_synthetic_dataset(t).train[0].length(), 100);
  s.image_size = 20;
  EXPECT_THROW(to_task_config(s), SettingsError);
  s.image_size = 0;
  s.lengths = "8:16";
  EXPECT_THROW(to_task_config(s), SettingsError) << "an image's length is S*S, not a setting";
  TaskSettings pos;
  pos.task = "pos";
  pos.image_size = 12;
  EXPECT_THROW(to_task_config(pos), SettingsError);
  TaskConfig bad = image_task(12, 10, 0.1f);
  bad.max_len = 100;
  EXPECT_NE(check_task(bad), "");
  bad = image_task(12, 10, 0.1f);
  bad.classes = 7;
  EXPECT_NE(check_task(bad), "");
}

}  // namespace
}  // namespace attnlab
