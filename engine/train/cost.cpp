// B = sequences, T = tokens, N = B·T, D = model width, H = heads, Dh = D/H, F = feed-forward width, C = tags
#include "engine/train/cost.h"

namespace attnlab {

ModelConfig bench_tagger_config() {
  ModelConfig c;
  c.kind = ModelKind::attention;
  c.input = InputMode::tokens;
  c.vocab = 512;
  c.tags = 17;
  c.dim = 64;
  c.heads = 4;
  c.layers = 2;
  c.ffn = 128;
  c.activation = Activation::relu;
  c.max_len = 32;
  c.max_batch = 32;
  c.pe = PosEnc::sinusoidal;
  c.norm = AttnNorm::softmax;
  c.relevance = Relevance::dot;
  c.attn_bias = true;
  c.ln_eps = 1e-5f;
  c.seed = 0;
  return c;
}

double forward_matmul_flops(const ModelConfig& c, int B, int T) {
  const double N = static_cast<double>(B) * T, D = c.dim, F = c.ffn, C = c.tags;
  const double BH = static_cast<double>(B) * c.heads, Dh = D / c.heads;
  const double qkv = 2 * N * D * (3 * D), scores = 2 * BH * T * T * Dh, values = 2 * BH * T * T * Dh;
  const double out = 2 * N * D * D, up = 2 * N * D * F, down = 2 * N * F * D, head = 2 * N * D * C;
  return c.layers * (qkv + scores + values + out + up + down) + head;
}

}  // namespace attnlab
