// Images learn (issue 13): self-attention with 2-D positions labels the pixels of the image task far above
// the majority class (background), and so does the 2-D CNN; the model of an image is two-dimensional
// (its PE table, its mask, its receptive field), and a wrong-sized input is refused with a message.
// Small, seeded runs on 8×8 images (T = 64) so that each finishes in seconds in a Release build.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "engine/attention/posenc.h"
#include "engine/data/tasks.h"
#include "engine/models/model.h"
#include "engine/train/trainer.h"

namespace attnlab {
namespace {

std::shared_ptr<Dataset> images(int side, int train, int dev) {
  TaskConfig t = default_task_config(TaskKind::image);
  t.image_size = side;
  t.min_len = t.max_len = side * side;
  t.train = train;
  t.dev = t.test = dev;
  return std::make_shared<Dataset>(make_synthetic_dataset(t));
}

ModelConfig attention(PosEnc pe, int window = -1) {
  ModelConfig m;
  m.kind = ModelKind::attention;
  m.dim = 32, m.heads = 2, m.layers = 2, m.ffn = 64;
  m.pe = pe;
  m.mask.window = window;
  return m;
}

ModelConfig cnn() {
  ModelConfig m;
  m.kind = ModelKind::cnn;
  m.dim = 16, m.hidden = 32, m.kernel = 3, m.cnn_layers = 3;
  return m;
}

struct Outcome {
  double dev_acc, majority;
  ModelConfig config;
};

Outcome train(std::shared_ptr<Dataset> data, const ModelConfig& m, int steps) {
  TrainConfig c;
  c.steps = steps, c.batch = 16, c.eval_every = steps, c.warmup = 50;
  Trainer t(data, m, c);
  while (!t.done()) t.step(50);
  EXPECT_EQ(t.stop_reason(), "steps");
  return {t.metrics().dev_acc, majority_share(*data, data->dev), t.model_config()};
}

// Measured (native Release, seed 1, 8×8 images, 400 training and 100 dev images, 400 steps of 16): the dev
// set's majority class (background) is 57.5 % of the pixels; attention L2 H2 D32 with 2-D sinusoidal
// positions reaches 92.3 % dev, the 2-D CNN (3 layers of 3×3, 7×7 receptive field) 81.8 %.
TEST(ImageLearning, AttentionWithTwoDimensionalPositionsBeatsTheMajorityClass) {
  auto data = images(8, 400, 100);
  const Outcome r = train(data, attention(PosEnc::sinusoidal), 400);
  EXPECT_EQ(r.config.grid_w, 8);
  EXPECT_EQ(r.config.mask.grid_w, 8);
  EXPECT_GT(r.dev_acc, r.majority + 0.25) << "dev " << r.dev_acc << " vs majority " << r.majority;
}

TEST(ImageLearning, TheTwoDimensionalCnnTrains) {
  auto data = images(8, 400, 100);
  const Outcome r = train(data, cnn(), 400);
  EXPECT_EQ(describe(r.config), "cnn 3x3 layers3 D16 Hd32");
  EXPECT_GT(r.dev_acc, r.majority + 0.15) << "dev " << r.dev_acc << " vs majority " << r.majority;
}

TEST(ImageLearning, TheModelOfAnImageIsTwoDimensional) {
  auto data = images(8, 20, 5);
  ModelConfig m = Trainer::fit_to_data(attention(PosEnc::sinusoidal, 1), *data);
  auto model = make_model<float>(m);
  EXPECT_EQ(describe(m), "attention L2 H2 D32 sinusoidal softmax dot window3x3");
  const Sequence& s = data->train[0];
  Batch<float> b;
  b.B = 1, b.T = s.length(), b.features = s.features.data(), b.tags = s.tags.data();
  std::string error;
  ASSERT_TRUE(model->forward(b, &error)) << error;
  // the PE panel's table is the 2-D one: 64 rows, row (r, c) = concat(PE_16(r), PE_16(c))
  const Mat pe = model->pe_table();
  ASSERT_EQ(pe.rows(), 64);
  Mat want(64, 32);
  sinusoidal_encoding_2d(want.data(), 8, 8, 32, 1.0);
  EXPECT_TRUE(pe.isApprox(want));
  // a pixel attends to its 3×3 neighbourhood only
  const std::uint8_t* mask = model->attention_mask(0);
  for (int i = 0; i < 64; ++i) {
    for (int j = 0; j < 64; ++j) {
      const bool near = std::abs(i / 8 - j / 8) <= 1 && std::abs(i % 8 - j % 8) <= 1;
      ASSERT_EQ(mask[i * 64 + j] != 0, near) << i << " -> " << j;
    }
  }
  // an input that is not one 8×8 image is refused, with a message
  b.T = 63;
  EXPECT_FALSE(model->forward(b, &error));
  EXPECT_NE(error.find("8 x 8 images (64 pixels)"), std::string::npos) << error;
}

// The 2-D CNN's receptive field: L = 2 layers of 3×3 see 1 + L·(k−1) = 5 pixels across, so a change at pixel
// (0, 0) reaches the pixels within 2 rows and 2 columns, and no other.
TEST(ImageLearning, TheCnnSeesASquareOfOnePlusLTimesKMinusOnePixels) {
  auto data = images(8, 20, 5);
  ModelConfig m = cnn();
  m.cnn_layers = 2;
  m = Trainer::fit_to_data(m, *data);
  auto model = make_model<float>(m);
  Sequence s = data->train[0];
  Batch<float> b;
  b.B = 1, b.T = s.length(), b.features = s.features.data();
  std::string error;
  ASSERT_TRUE(model->forward(b, &error)) << error;
  const Mat before = model->logits();
  for (int d = 0; d < 3; ++d) s.features[d] += 5.0f;  // pixel (0, 0)
  ASSERT_TRUE(model->forward(b, &error)) << error;
  const Mat after = model->logits();
  for (int p = 0; p < 64; ++p) {
    const bool reached = p / 8 <= 2 && p % 8 <= 2;
    EXPECT_EQ((after.row(p) - before.row(p)).norm() > 0, reached) << "pixel (" << p / 8 << ", " << p % 8 << ")";
  }
}

// Learned 2-D PE: two parameter tables by name, "pe_row" (grid_h, D) and "pe_col" (grid_w, D), and the table
// the PE panel shows is what is added, R[r] + C[c], for the parameters as they are now.
TEST(ImageLearning, LearnedPositionsAreARowTablePlusAColumnTable) {
  auto data = images(8, 20, 5);
  ModelConfig m = Trainer::fit_to_data(attention(PosEnc::learned), *data);
  auto model = make_model<float>(m);
  const ParamStore<float>& store = model->params();
  const ParamInfo *row = nullptr, *col = nullptr;
  for (const ParamInfo& t : store.tensors()) {
    if (t.name == "pe_row") row = &t;
    if (t.name == "pe_col") col = &t;
    EXPECT_NE(t.name, "pos_emb") << "no 1-D table on an image";
  }
  ASSERT_NE(row, nullptr);
  ASSERT_NE(col, nullptr);
  EXPECT_EQ(row->rows, 8);
  EXPECT_EQ(col->rows, 8);
  EXPECT_EQ(row->cols, 32);
  float* values = model->params().values();
  values[row->offset + 3 * 32 + 5] += 1.0f;  // R[3][5] changes: so do the 8 pixels of row 3, in dim 5
  const Mat pe = model->pe_table();
  ASSERT_EQ(pe.rows(), 64);
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) {
      for (int d = 0; d < 32; ++d) {
        const float want = values[row->offset + r * 32 + d] + values[col->offset + c * 32 + d];
        ASSERT_EQ(pe(r * 8 + c, d), want) << r << ", " << c << ", " << d;
      }
    }
  }
  // sinusoidal on an image needs an even D (half for the row, half for the column)
  ModelConfig odd = Trainer::fit_to_data(attention(PosEnc::sinusoidal), *data);
  odd.dim = 30, odd.heads = 3;
  EXPECT_EQ(check_model_config(odd), "");
  odd.dim = 33, odd.heads = 3;
  EXPECT_NE(check_model_config(odd).find("D must be even"), std::string::npos) << check_model_config(odd);
  // a model of images needs both sides
  ModelConfig half = m;
  half.grid_h = 0;
  EXPECT_NE(check_model_config(half).find("both"), std::string::npos) << check_model_config(half);
}

}  // namespace
}  // namespace attnlab
