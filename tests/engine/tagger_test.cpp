// The tagger as a whole: the bench-tagger configuration, named parameters, determinism, no allocation in a
// training step, and a tiny training run that must learn.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "engine/core/rng.h"
#include "engine/models/attention_tagger.h"
#include "engine/train/cost.h"
#include "engine/train/optim.h"
#include "tests/engine/alloc_count.h"

namespace attnlab {
namespace {

ModelConfig toy_config_for_copy() {
  ModelConfig c;
  c.vocab = 5, c.tags = 3, c.dim = 8, c.heads = 2, c.layers = 1, c.ffn = 8, c.max_len = 4, c.max_batch = 1;
  return c;
}

TEST(BenchTagger, HasTheReferenceParameterCount) {
  const AttentionTagger<float> model(bench_tagger_config());
  EXPECT_EQ(model.num_parameters(), 100945u);
  // the same tensors as the PyTorch reference (bench-anchors/torch_tagger.py), tensor for tensor
  auto size_of = [&](const std::string& prefix) {
    size_t n = 0;
    for (const ParamInfo& t : model.params().tensors()) n += t.name.rfind(prefix, 0) == 0 ? t.size() : 0;
    return n;
  };
  EXPECT_EQ(size_of("tok_emb"), 512u * 64);                  // nn.Embedding(512, 64)
  EXPECT_EQ(size_of("block0.ln1"), 2u * 64);                 // nn.LayerNorm(64)
  EXPECT_EQ(size_of("block0.attn"), 4u * 64 * 64 + 4 * 64);  // in_proj (64, 192) + bias, out_proj + bias
  EXPECT_EQ(size_of("block0.ffn"), 64u * 128 + 128 + 128 * 64 + 64);
  EXPECT_EQ(size_of("block1"), 33472u);
  EXPECT_EQ(size_of("ln_f"), 128u);
  EXPECT_EQ(size_of("head"), 64u * 17 + 17);
  const ModelConfig c = bench_tagger_config();
  EXPECT_EQ(c.pe, PosEnc::sinusoidal);
  EXPECT_EQ(c.norm, AttnNorm::softmax);
  EXPECT_EQ(c.activation, Activation::relu);
  EXPECT_FLOAT_EQ(c.ln_eps, 1e-5f);
  EXPECT_TRUE(c.mask.allow.empty() && !c.mask.causal && c.mask.window < 0);
}

TEST(BenchTagger, ForwardAndBackwardOnAFullBatch) {
  AttentionTagger<float> model(bench_tagger_config());
  std::vector<int> ids(32 * 32), tags(32 * 32);
  Rng rng(1234);
  for (size_t n = 0; n < ids.size(); ++n) ids[n] = static_cast<int>(rng.below(512)), tags[n] = ids[n] % 17;
  Batch<float> batch;
  batch.B = 32, batch.T = 32, batch.tokens = ids.data(), batch.tags = tags.data();
  ASSERT_TRUE(model.forward(batch));
  EXPECT_NEAR(model.loss(), std::log(17.0f), 1.0f) << "an untrained model is close to uniform over 17 tags";
  model.zero_grad();
  model.backward();
  EXPECT_GT(grad_norm(model.params().grads(), model.num_parameters()), 0.0f);
}

TEST(Tagger, ParametersAreNamedViewsIntoOneFlatBuffer) {
  ModelConfig c = bench_tagger_config();
  c.relevance = Relevance::additive;
  c.pe = PosEnc::learned;
  AttentionTagger<float> model(c);
  const auto& tensors = model.params().tensors();
  size_t expected_offset = 0;
  for (const ParamInfo& t : tensors) {
    EXPECT_EQ(t.offset, expected_offset) << t.name;
    expected_offset += t.size();
  }
  EXPECT_EQ(expected_offset, model.num_parameters());
  const int wq = model.params().find("block1.attn.wq");
  ASSERT_GE(wq, 0);
  EXPECT_EQ(model.params().value(wq).rows(), 64);
  EXPECT_EQ(model.params().value(wq).cols(), 64);
  EXPECT_GE(model.params().find("block0.attn.add_w"), 0);
  EXPECT_GE(model.params().find("pos_emb"), 0);
  EXPECT_EQ(model.params().find("no.such.tensor"), -1);
  // a change through the named view is a change of the flat buffer (and the other way round)
  model.params().value(wq)(2, 3) = 42.0f;
  EXPECT_EQ(model.params().values()[tensors[wq].offset + 2 * 64 + 3], 42.0f);
  // LayerNorm starts as the identity, attention biases at zero
  const int g = model.params().find("block0.ln1.gamma");
  EXPECT_EQ(model.params().value(g).minCoeff(), 1.0f);
  EXPECT_EQ(model.params().value(model.params().find("block0.attn.bq")).cwiseAbs().maxCoeff(), 0.0f);
}

TEST(Tagger, ACopyOwnsItsParameters) {
  AttentionTagger<float> a(toy_config_for_copy());
  std::unique_ptr<SeqModel<float>> b = a.clone();
  const int wq = a.params().find("block0.attn.wq");
  EXPECT_EQ(a.params().value(wq)(0, 0), b->params().value(wq)(0, 0));  // the same numbers
  b->params().value(wq)(0, 0) += 1.0f;                                 // changing the copy leaves the original alone
  EXPECT_NE(a.params().value(wq)(0, 0), b->params().value(wq)(0, 0));
  std::vector<int> ids = {1, 2, 3}, tags = {0, 1, 2};
  Batch<float> batch;
  batch.B = 1, batch.T = 3, batch.tokens = ids.data(), batch.tags = tags.data();
  std::unique_ptr<SeqModel<float>> c = a.clone();
  ASSERT_TRUE(a.forward(batch));
  ASSERT_TRUE(c->forward(batch));
  EXPECT_EQ(a.loss(), c->loss());
  std::unique_ptr<SeqModel<float>> moved = std::move(c);  // a move keeps the buffers (and the pointers into them) valid
  ASSERT_TRUE(moved->forward(batch));
  EXPECT_EQ(moved->loss(), a.loss());
}

TEST(Tagger, ConfigErrorsSpeakToTheStudent) {
  ModelConfig c = bench_tagger_config();
  EXPECT_EQ(check_model_config(c), "");
  c.heads = 5;
  EXPECT_NE(check_model_config(c).find("must divide the model width D = 64"), std::string::npos)
      << check_model_config(c);
  c = bench_tagger_config();
  c.input = InputMode::features;
  EXPECT_NE(check_model_config(c).find("input_dim"), std::string::npos);
  c.input_dim = 40;
  EXPECT_EQ(check_model_config(c), "");
}

TEST(Tagger, BatchErrorsAreReportedNotRead) {
  ModelConfig c = bench_tagger_config();
  c.vocab = 10, c.tags = 3;
  AttentionTagger<float> model(c);
  std::vector<int> ids = {1, 2, 10}, tags = {0, 1, 2}, lengths = {3};
  Batch<float> batch;
  batch.B = 1, batch.T = 3, batch.tokens = ids.data(), batch.tags = tags.data();
  std::string error;
  EXPECT_FALSE(model.forward(batch, &error));
  EXPECT_NE(error.find("token id 10"), std::string::npos) << error;
  ids[2] = 9, tags[1] = 3;
  EXPECT_FALSE(model.forward(batch, &error));
  EXPECT_NE(error.find("tag 3"), std::string::npos) << error;
  tags[1] = -1, lengths[0] = 4, batch.lengths = lengths.data();
  EXPECT_FALSE(model.forward(batch, &error));
  EXPECT_NE(error.find("length 4"), std::string::npos) << error;
  lengths[0] = 2, ids[2] = 999;  // a padded position may hold anything
  EXPECT_TRUE(model.forward(batch, &error)) << error;
}

TEST(Tagger, InputsTooLongForTheAttentionMemoryAreRefusedWithAMessage) {
  ModelConfig c = bench_tagger_config();  // L 2, H 4
  c.max_batch = 8;
  c.max_len = 1024;  // 2·2·4·8·1024² floats = 512 MiB: allowed
  EXPECT_EQ(check_model_config(c), "");
  c.max_len = 4096;  // 8 GiB of floats + 128 MiB of mask
  EXPECT_NE(check_model_config(c).find("8.1 GiB for the attention scores and weights"), std::string::npos)
      << check_model_config(c);
  c.max_len = 32;
  AttentionTagger<float> model(c);
  std::vector<int> ids(3000, 1);
  Batch<float> batch;
  batch.B = 1, batch.T = 3000, batch.tokens = ids.data();
  EXPECT_EQ(model.check_batch(batch), "");  // 1·2·2·4·3000² floats = 288 MiB
  batch.B = 8, batch.T = 375 * 8;           // 8 × 3000: 2.3 GiB
  ids.resize(static_cast<size_t>(batch.B) * batch.T, 1);
  batch.tokens = ids.data();
  std::string error;
  EXPECT_FALSE(model.forward(batch, &error));  // refused before any memory is taken
  EXPECT_NE(error.find("GiB for the attention scores"), std::string::npos) << error;
  batch.B = 1, batch.T = 5;
  EXPECT_TRUE(model.forward(batch, &error)) << "the model still works: " << error;
}

TEST(Tagger, AttentionWeightsOfEveryLayerAndHeadAreKeptForTheUI) {
  ModelConfig c = bench_tagger_config();
  c.mask.causal = true;
  AttentionTagger<float> model(c);
  std::vector<int> ids(2 * 6, 3);
  Batch<float> batch;
  batch.B = 2, batch.T = 6, batch.tokens = ids.data();
  ASSERT_TRUE(model.forward(batch));
  EXPECT_EQ(model.batch_size(), 2);
  EXPECT_EQ(model.seq_len(), 6);
  EXPECT_EQ(model.logits().rows(), 12);
  EXPECT_EQ(model.logits().cols(), 17);
  for (int l = 0; l < 2; ++l) {
    for (int b = 0; b < 2; ++b) {
      for (int h = 0; h < 4; ++h) {
        const CView<float> w = model.attention_weights(l, b, h);
        ASSERT_EQ(w.rows(), 6);
        for (int i = 0; i < 6; ++i) {
          EXPECT_NEAR(w.row(i).sum(), 1.0f, 1e-5f);
          for (int j = i + 1; j < 6; ++j) EXPECT_EQ(w(i, j), 0.0f) << "causal";
        }
        EXPECT_EQ(model.attention_scores(l, b, h).rows(), 6);
      }
    }
  }
  EXPECT_EQ(model.attention_mask(1)[0 * 6 + 1], 0);
  EXPECT_EQ(model.attention_mask(1)[1 * 6 + 0], 1);
}

// ------------------------------------------------------------------------------------------- training

struct ToyData {  // tag = token % C: each token's tag is a property of the token alone
  int B, T, V, C;
  std::vector<int> ids, tags;
  void draw(Rng& rng) {
    ids.resize(static_cast<size_t>(B) * T);
    tags.resize(ids.size());
    for (size_t n = 0; n < ids.size(); ++n) ids[n] = static_cast<int>(rng.below(V)), tags[n] = ids[n] % C;
  }
  Batch<float> batch() const {
    Batch<float> b;
    b.B = B, b.T = T, b.tokens = ids.data(), b.tags = tags.data();
    return b;
  }
};

template <typename Model>
float train_steps(Model& model, Adam<float>& adam, ToyData& data, Rng& rng, int steps) {
  float loss = 0;
  for (int s = 0; s < steps; ++s) {
    data.draw(rng);
    const bool ok = model.forward(data.batch());
    EXPECT_TRUE(ok);
    loss = model.loss();
    model.zero_grad();
    model.backward();
    clip_grad_norm(model.params().grads(), model.num_parameters(), 1.0f);
    adam.step(model.params().values(), model.params().grads());
  }
  return loss;
}

ModelConfig toy_config(std::uint32_t seed) {
  ModelConfig c;
  c.vocab = 24, c.tags = 4, c.dim = 16, c.heads = 2, c.layers = 2, c.ffn = 32;
  c.max_len = 8, c.max_batch = 8, c.seed = seed;
  return c;
}

TEST(Determinism, SameSeedSameNumbersBitForBit) {
  auto run = [](std::uint32_t seed) {
    AttentionTagger<float> model(toy_config(seed));
    Adam<float> adam(model.num_parameters());
    ToyData data{8, 8, 24, 4, {}, {}};
    Rng rng(seed + 100);
    const float loss = train_steps(model, adam, data, rng, 5);
    std::vector<float> p(model.params().values(), model.params().values() + model.num_parameters());
    p.push_back(loss);
    return p;
  };
  const std::vector<float> a = run(7), b = run(7), c = run(8);
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0) << "same seed, different numbers";
  EXPECT_NE(a.back(), c.back()) << "different seeds should give different losses";
  size_t same = 0;
  for (size_t i = 0; i + 1 < a.size(); ++i) same += a[i] == c[i] ? 1 : 0;
  EXPECT_LT(same, a.size() / 5) << "different seeds should give different parameters (LayerNorm ones aside)";
}

TEST(Determinism, InitParametersRedrawsTheSameNumbers) {
  AttentionTagger<float> model(toy_config(3));
  const std::vector<float> first(model.params().values(), model.params().values() + model.num_parameters());
  model.init_parameters(4);
  model.init_parameters(3);
  EXPECT_EQ(std::memcmp(first.data(), model.params().values(), first.size() * sizeof(float)), 0);
}

TEST(Training, LearnsTagEqualsTokenModC) {
  AttentionTagger<float> model(toy_config(1));
  AdamConfig ac;
  ac.lr = 3e-3;
  Adam<float> adam(model.num_parameters(), ac);
  ToyData data{8, 8, 24, 4, {}, {}};
  Rng rng(42);
  data.draw(rng);
  ASSERT_TRUE(model.forward(data.batch()));
  const float first_loss = model.loss();
  const float last_loss = train_steps(model, adam, data, rng, 300);
  EXPECT_LT(last_loss, 0.25f * first_loss) << "first " << first_loss << ", last " << last_loss;
  // held-out batch
  Rng held(4242);
  data.draw(held);
  ASSERT_TRUE(model.forward(data.batch()));
  std::vector<int> predicted(data.ids.size());
  model.predict(predicted.data());
  int correct = 0;
  for (size_t n = 0; n < predicted.size(); ++n) correct += predicted[n] == data.tags[n] ? 1 : 0;
  EXPECT_GE(correct, static_cast<int>(0.95 * predicted.size())) << correct << " of " << predicted.size();
  std::printf("toy task: loss %.4f -> %.4f after 300 steps, held-out accuracy %d/%zu\n", first_loss, last_loss, correct,
              predicted.size());
}

// ------------------------------------------------------------------------------------------- allocation

TEST(Workspace, ATrainingStepAllocatesNothingAfterTheFirst) {
  struct Variant {
    const char* name;
    void (*edit)(ModelConfig&);
  };
  const Variant variants[] = {
      {"default", [](ModelConfig&) {}},
      {"additive_alibi_masks",
       [](ModelConfig& c) {
         c.relevance = Relevance::additive, c.pe = PosEnc::alibi, c.mask.causal = true, c.mask.window = 2;
       }},
      {"features_learned_gelu",
       [](ModelConfig& c) {
         c.input = InputMode::features, c.input_dim = 5, c.pe = PosEnc::learned, c.activation = Activation::gelu;
       }},
  };
  for (const Variant& v : variants) {
    ModelConfig c = toy_config(2);
    v.edit(c);
    AttentionTagger<float> model(c);
    Adam<float> adam(model.num_parameters());
    std::vector<int> ids(64), tags(64), lengths = {8, 5, 8, 3, 8, 8, 1, 8};
    std::vector<float> features(64 * 5, 0.5f);
    for (int n = 0; n < 64; ++n) ids[n] = n % 24, tags[n] = n % 4;
    Batch<float> batch;
    batch.B = 8, batch.T = 8, batch.tokens = ids.data(), batch.features = features.data(), batch.tags = tags.data();
    batch.lengths = lengths.data();
    auto step = [&] {
      ASSERT_TRUE(model.forward(batch));
      model.zero_grad();
      model.backward();
      clip_grad_norm(model.params().grads(), model.num_parameters(), 1.0f);
      adam.step(model.params().values(), model.params().grads());
    };
    step();
    const long before = heap_allocations();
    for (int s = 0; s < 3; ++s) step();
    EXPECT_EQ(heap_allocations() - before, 0) << v.name;
    // a smaller batch fits in the same workspace
    std::vector<int> short_lengths = {6, 2, 5, 6};
    batch.B = 4, batch.T = 6, batch.lengths = short_lengths.data();
    const long before_small = heap_allocations();
    step();
    EXPECT_EQ(heap_allocations() - before_small, 0) << v.name << " (smaller batch)";
  }
}

// On real sentences more than half of a batch is padding; the linear layers compute only the tokens' rows
// (TokenRows, batch.h). A padded batch must still tag each sentence as the sentence alone, and its gradient must be
// the sentences' gradients weighted by their tokens, whatever an earlier, longer batch left in the padding rows.
TEST(Tagger, APaddedBatchIsEachSentenceAlone) {
  ModelConfig c;
  c.vocab = 50, c.tags = 5, c.dim = 16, c.heads = 4, c.layers = 2, c.ffn = 32, c.max_len = 9, c.max_batch = 3;
  AttentionTagger<float> model(c);
  const int B = 3, T = 9;
  Rng rng(5);
  std::vector<int> ids(B * T), tags(B * T);
  for (int n = 0; n < B * T; ++n) ids[n] = static_cast<int>(rng.below(50)), tags[n] = ids[n] % 5;
  Batch<float> batch;
  batch.B = B, batch.T = T, batch.tokens = ids.data(), batch.tags = tags.data();
  ASSERT_TRUE(model.forward(batch));  // every row real: the buffers' padding rows hold numbers of this batch
  model.zero_grad();
  model.backward();
  const std::vector<int> lengths = {9, 4, 6};
  batch.lengths = lengths.data();
  ASSERT_TRUE(model.forward(batch));
  const std::vector<float> logits(model.logits().data(), model.logits().data() + B * T * c.tags);
  model.zero_grad();
  model.backward();
  const size_t P = model.num_parameters();
  const std::vector<float> grads(model.params().grads(), model.params().grads() + P);
  std::vector<double> weighted(P, 0.0);
  const double tokens = 9 + 4 + 6;
  for (int b = 0; b < B; ++b) {
    const int len = lengths[static_cast<size_t>(b)];
    Batch<float> one;
    one.B = 1, one.T = len, one.tokens = ids.data() + b * T, one.tags = tags.data() + b * T;
    ASSERT_TRUE(model.forward(one));
    for (int t = 0; t < len; ++t) {
      for (int k = 0; k < c.tags; ++k) {
        EXPECT_NEAR(logits[static_cast<size_t>((b * T + t) * c.tags + k)], model.logits()(t, k), 1e-5)
            << "sentence " << b << " token " << t;
      }
    }
    model.zero_grad();
    model.backward();
    for (size_t i = 0; i < P; ++i) weighted[i] += model.params().grads()[i] * (len / tokens);
  }
  for (size_t i = 0; i < P; ++i) ASSERT_NEAR(grads[i], weighted[i], 1e-5 + 1e-4 * std::abs(weighted[i])) << i;
}

}  // namespace
}  // namespace attnlab
