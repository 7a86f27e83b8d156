// Model files: a saved model loads back to the same numbers, and every kind of broken file is refused with
// a message that says what is wrong (truncated, corrupted, foreign, newer version).
#include "engine/io/model_io.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/models/attention_tagger.h"
#include "engine/train/trainer.h"
#include "tests/engine/alloc_count.h"

namespace attnlab {
namespace {

std::shared_ptr<Dataset> tiny_seen() {
  TaskConfig t = default_task_config(TaskKind::seen);
  t.train = 40;
  t.dev = t.test = 8;
  return std::make_shared<Dataset>(make_synthetic_dataset(t));
}

std::vector<std::uint8_t> saved_model(ModelKind kind, std::shared_ptr<Dataset> data, EvalResult* result) {
  ModelConfig m;
  m.kind = kind;
  m.dim = 8;
  m.heads = 2;
  m.layers = 1;
  m.ffn = 8;
  m.hidden = 8;
  m.bidirectional = true;
  TrainConfig c;
  c.steps = 3;
  c.batch = 4;
  Trainer tr(data, m, c);
  tr.step(3);
  *result = tr.evaluate(data->test);
  return save_model(tr.model(), *data, "");
}

std::string load_error(const std::vector<std::uint8_t>& bytes) {
  try {
    load_model(bytes.data(), bytes.size());
  } catch (const ModelFileError& e) {
    return e.what();
  }
  return "";
}

TEST(ModelIo, RoundTripGivesTheSameModel) {
  auto data = tiny_seen();
  for (ModelKind kind : {ModelKind::attention, ModelKind::window, ModelKind::cnn, ModelKind::rnn}) {
    EvalResult before;
    const auto bytes = saved_model(kind, data, &before);
    LoadedModel lm = load_model(bytes.data(), bytes.size());
    EXPECT_EQ(lm.model->config().kind, kind);
    EXPECT_EQ(lm.data.task.kind, TaskKind::seen);
    EXPECT_EQ(lm.data.tag_names, data->tag_names);
    EXPECT_EQ(lm.data.token_names, data->token_names);
    const EvalResult after = evaluate(*lm.model, *data, data->test, /*batch=*/4);
    EXPECT_EQ(after.correct, before.correct) << to_string(kind);
    EXPECT_NEAR(after.loss, before.loss, 1e-6) << to_string(kind);
    // saving the loaded model gives the same bytes
    EXPECT_EQ(save_model(*lm.model, lm.data, lm.data_name), bytes) << to_string(kind);
  }
}

TEST(ModelIo, PosModelKeepsItsVocabulary) {
  std::string text;
  for (int i = 0; i < 20; ++i) text += "1\tThe\tthe\tDET\t_\t_\t_\t_\t_\t_\n2\tdog\tdog\tNOUN\t_\t_\t_\t_\t_\t_\n\n";
  auto data = std::make_shared<Dataset>(make_pos_dataset(default_task_config(TaskKind::pos), text, "mem"));
  ModelConfig m;
  m.kind = ModelKind::window;
  m.dim = 4;
  m.hidden = 4;
  TrainConfig c;
  c.steps = 1;
  c.batch = 2;
  Trainer tr(data, m, c);
  const auto bytes = save_model(tr.model(), *data, "corpus.conllu");
  LoadedModel lm = load_model(bytes.data(), bytes.size());
  EXPECT_EQ(lm.data_name, "corpus.conllu");
  EXPECT_TRUE(lm.data.words.known("dog"));
  EXPECT_EQ(lm.data.words.id("DOG"), data->words.id("dog"));
  EXPECT_EQ(lm.data.tag_names.size(), 17u);
}

TEST(ModelIo, BrokenFilesAreRefusedWithAReason) {
  auto data = tiny_seen();
  EvalResult r;
  const auto good = saved_model(ModelKind::attention, data, &r);

  auto truncated = good;
  truncated.resize(good.size() / 2);
  EXPECT_NE(load_error(truncated).find("truncated"), std::string::npos) << load_error(truncated);
  auto header_only = good;
  header_only.resize(12);
  EXPECT_NE(load_error(header_only).find("truncated"), std::string::npos) << load_error(header_only);

  auto corrupted = good;
  corrupted[good.size() / 2] ^= 0x40;
  EXPECT_NE(load_error(corrupted).find("checksum"), std::string::npos) << load_error(corrupted);

  const std::string text = "# a CoNLL-U file, not a model\n";
  const std::vector<std::uint8_t> foreign(text.begin(), text.end());
  EXPECT_NE(load_error(foreign).find("not an Attention Lab model file"), std::string::npos);
  EXPECT_NE(load_error({}).find("not an Attention Lab model file"), std::string::npos);

  auto newer = good;
  newer[8] = static_cast<std::uint8_t>(kModelFormatVersion + 1);
  EXPECT_NE(load_error(newer).find("newer"), std::string::npos) << load_error(newer);

  auto longer = good;
  longer.push_back(0);
  EXPECT_NE(load_error(longer).find("unexpected bytes"), std::string::npos) << load_error(longer);

  EXPECT_EQ(load_error(good), "");
}

// A model's workspace is sized by max_batch x max_len, which a file's bytes do not bound (the parameters are:
// they must all be in the file). Loading reserves none of it: a 6 KB file found by the fuzzer asked for
// 6176 sequences of 64 tokens, 850 MB before anything ran. The loaded model grows it for the batches it runs.
TEST(ModelIo, LoadingReservesNoWorkspaceTheFileAsksFor) {
  auto data = tiny_seen();
  for (PosEnc pe : {PosEnc::sinusoidal, PosEnc::learned}) {
    ModelConfig m;
    m.vocab = data->vocab, m.tags = data->tags();
    m.dim = 8, m.heads = 2, m.layers = 1, m.ffn = 16, m.pe = pe;
    m.max_len = 64, m.max_batch = 6176;  // scores and weights alone: 2·L·B·H·T² floats = 773 MiB
    ASSERT_LE(attention_memory_bytes(m, m.max_batch, m.max_len), kMaxAttentionBytes);
    m.reserve_workspace = false;  // (the test itself does not reserve it either)
    const auto model = make_model<float>(m);
    const auto bytes = save_model(*model, *data, "");

    reset_largest_allocation();
    LoadedModel lm = load_model(bytes.data(), bytes.size());
    EXPECT_LT(largest_allocation_since_reset(), std::size_t{1} << 20) << to_string(pe);
    EXPECT_EQ(lm.model->config().max_batch, 6176) << "the file's workspace size is kept, not used";
    EXPECT_EQ(save_model(*lm.model, lm.data, lm.data_name), bytes) << to_string(pe);
    // the positional table is there before a forward pass, and the model runs on a batch it has not reserved
    EXPECT_EQ(lm.model->pe_table().rows(), 64) << to_string(pe);
    const EvalResult loaded = evaluate(*lm.model, *data, data->test, /*batch=*/8);
    const EvalResult original = evaluate(*model, *data, data->test, /*batch=*/8);
    EXPECT_EQ(loaded.correct, original.correct) << to_string(pe);
    EXPECT_EQ(loaded.loss, original.loss) << to_string(pe);
  }
}

// Nor does it set up a record per layer for more layers than the file has tensors: a 3 KB file found by the
// fuzzer asked for a CNN of 16 million layers (a 1.8 GB block before the parameter count was reached).
TEST(ModelIo, MoreLayersThanTensorsAreRefusedBeforeTheModelIsBuilt) {
  auto data = tiny_seen();
  EvalResult r;
  std::vector<std::uint8_t> bytes = saved_model(ModelKind::cnn, data, &r);
  // cnn_layers in format 3: header 20 bytes, the task 77, the model configuration up to it 94 (no mask pairs)
  constexpr std::size_t at = 20 + 77 + 94;
  auto i32_at = [&](std::size_t o) {
    return static_cast<int>(bytes[o] | bytes[o + 1] << 8 | bytes[o + 2] << 16 | bytes[o + 3] << 24);
  };
  ASSERT_EQ(i32_at(at), ModelConfig{}.cnn_layers) << "the offset of cnn_layers in the file";
  const int layers = 16384002;
  for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<std::uint8_t>(layers >> (8 * i));
  const std::uint32_t crc = crc32(bytes.data(), bytes.size() - 4);
  for (int i = 0; i < 4; ++i) bytes[bytes.size() - 4 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
  reset_largest_allocation();
  const std::string error = load_error(bytes);
  EXPECT_LT(largest_allocation_since_reset(), std::size_t{1} << 20);
  EXPECT_NE(error.find("16384002 layers"), std::string::npos) << error;
}

TEST(ModelIo, TheSinusoidalAmplitudeIsStored) {
  auto data = tiny_seen();
  ModelConfig m;
  m.dim = 8, m.heads = 2, m.layers = 1, m.ffn = 8;
  m.pe_scale = 3.5f;
  TrainConfig c;
  c.steps = 2, c.batch = 4;
  Trainer tr(data, m, c);
  tr.step(2);
  const auto bytes = save_model(tr.model(), *data, "");
  EXPECT_EQ(bytes[8], kModelFormatVersion);
  LoadedModel lm = load_model(bytes.data(), bytes.size());
  EXPECT_EQ(lm.model->config().pe_scale, 3.5f);
  EXPECT_TRUE(Mat(lm.model->pe_table()).isApprox(sinusoidal_encoding(lm.model->pe_table().rows(), 8, 3.5)));
  const EvalResult before = tr.evaluate(data->test), after = evaluate(*lm.model, *data, data->test);
  EXPECT_EQ(after.correct, before.correct);
  EXPECT_NEAR(after.loss, before.loss, 1e-6);
}

// A model of images keeps its grid (2-D positions, window, kernels) and its task's image side: it loads,
// evaluates as before on the same images regenerated from the task, and saves to the same bytes.
TEST(ModelIo, ImageModelsKeepTheirGrid) {
  TaskConfig t = default_task_config(TaskKind::image);
  t.image_size = 9;
  t.min_len = t.max_len = 81;
  t.train = 24;
  t.dev = t.test = 6;
  auto data = std::make_shared<Dataset>(make_synthetic_dataset(t));
  for (ModelKind kind : {ModelKind::attention, ModelKind::cnn, ModelKind::window}) {
    for (PosEnc pe : {PosEnc::sinusoidal, PosEnc::learned}) {
      if (kind != ModelKind::attention && pe == PosEnc::learned) continue;
      ModelConfig m;
      m.kind = kind;
      m.dim = 8, m.heads = 2, m.layers = 1, m.ffn = 8, m.hidden = 8, m.pe = pe;
      m.mask.window = 1;
      TrainConfig c;
      c.steps = 3, c.batch = 4;
      Trainer tr(data, m, c);
      tr.step(3);
      const EvalResult before = tr.evaluate(data->test);
      const auto bytes = save_model(tr.model(), *data, "");
      LoadedModel lm = load_model(bytes.data(), bytes.size());
      const ModelConfig& got = lm.model->config();
      EXPECT_EQ(got.grid_w, 9);
      EXPECT_EQ(got.grid_h, 9);
      EXPECT_EQ(got.mask.grid_w, 9);
      EXPECT_EQ(lm.data.task.image_size, 9);
      EXPECT_TRUE(lm.data.is_image());
      EXPECT_EQ(describe(got), describe(tr.model_config()));
      const Dataset again = make_synthetic_dataset(lm.data.task);  // what attnlab eval does
      const EvalResult after = evaluate(*lm.model, lm.data, again.test, 4);
      EXPECT_EQ(after.correct, before.correct) << describe(got);
      EXPECT_NEAR(after.loss, before.loss, 1e-6) << describe(got);
      EXPECT_EQ(save_model(*lm.model, lm.data, lm.data_name), bytes) << describe(got);
    }
  }
}

// A version-1 file, written by attnlab before the sinusoidal table had an amplitude (main at 2680fef):
//   attnlab train --task reverse --dim 16 --heads 2 --layers 1 --ffn 32 --steps 300 --lengths 4:6
//                 --train-size 500 --seed 3 --save tests/engine/model_v1_reverse.model
//   attnlab eval --load tests/engine/model_v1_reverse.model --json   → accuracy 0.3193108974358974 (2496
//                                                                      tokens), loss 2.1378942237068443
// It loads with pe_scale = 1 and computes what it computed then; saved again, it is a current file.
TEST(ModelIo, VersionOneFilesLoadWithTheUnscaledTable) {
  const std::string path = std::string(ATTNLAB_SOURCE_DIR) + "/tests/engine/model_v1_reverse.model";
  std::ifstream f(path, std::ios::binary);
  const std::vector<std::uint8_t> v1((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  ASSERT_GT(v1.size(), 20u) << path;
  EXPECT_EQ(v1[8], 1) << "the fixture is a version-1 file";
  LoadedModel lm = load_model(v1.data(), v1.size());
  EXPECT_EQ(lm.model->config().pe_scale, 1.0f);
  EXPECT_EQ(lm.model->config().pe, PosEnc::sinusoidal);
  const Dataset full = make_synthetic_dataset(lm.data.task);
  const EvalResult r = evaluate(*lm.model, lm.data, full.test, 32);
  EXPECT_EQ(r.tokens, 2496);
  EXPECT_NEAR(r.loss, 2.1378942237068443, 1e-5);
  EXPECT_NEAR(r.accuracy, 0.3193108974358974, 1.5 / 2496) << "at most one token on the other side of a tie";

  const std::vector<std::uint8_t> v2 = save_model(*lm.model, lm.data, lm.data_name);
  EXPECT_EQ(v2[8], kModelFormatVersion);
  LoadedModel again = load_model(v2.data(), v2.size());
  EXPECT_EQ(again.model->config().pe_scale, 1.0f);
  EXPECT_EQ(evaluate(*again.model, again.data, full.test, 32).correct, r.correct);
}

TEST(ModelIo, FileHelpers) {
  auto data = tiny_seen();
  EvalResult r;
  const auto bytes = saved_model(ModelKind::cnn, data, &r);
  const std::string path = ::testing::TempDir() + "attnlab_model_io_test.model";
  save_model_file(path, bytes);
  LoadedModel lm = load_model_file(path);
  EXPECT_EQ(lm.model->config().kind, ModelKind::cnn);
  std::remove(path.c_str());
  try {
    load_model_file(path);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot read"), std::string::npos);
  }
}

TEST(ModelIo, Crc32KnownValue) {
  const std::string s = "123456789";  // the standard check value of CRC-32/IEEE
  EXPECT_EQ(crc32(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()), 0xCBF43926u);
}

}  // namespace
}  // namespace attnlab
