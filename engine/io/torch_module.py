#!/usr/bin/env python3
# @NAME@.py: an Attention Lab model in PyTorch, written by `attnlab export-torch` (engine/io/torch_export.h).
#
# The model is the one the engine trained, written the way the engine computes it (engine/models/*.cpp,
# engine/ops/*, engine/attention/*), so its logits agree with the engine's for any input. Next to this file:
#   @NAME@.weights   every parameter as little-endian float32, in the engine's order
#   @NAME@.json      the weights' index (name, shape, offset) and CRC-32, the vocabulary, the tag names, and a
#                    saved example: an input with the engine's own logits and tags for it
#
# Sections:
#   operations    one function per operation of the engine
#   the models    one nn.Module per model kind
#   loading       the weights and the JSON
#   words         words → ids as the engine reads them
#   run alone     tag the saved example, compare with the engine
#
# Run it alone: it loads the weights, tags the saved example, and checks its logits against the engine's:
#   python3 @NAME@.py                   exit 0 when they agree (max abs diff <= 1e-5, relative to the largest
#                                       logit when that is above 1: see TOLERANCE), 1 when not, 2 when a
#                                       file is missing or damaged
#   python3 @NAME@.py "I saw a saw"     also tags a sentence of your own (token tasks: tokens "3 1 4 1")
# Or import it:
#   import @NAME@
#   model, meta = @NAME@.load()                  # an nn.Module and the JSON (vocab, tags, example)
#   logits = model(torch.tensor([3, 1, 4, 1]))   # (T, C) for token ids; features: a (T, Din) float tensor,
#                                                # and for a graph the (T, T) 0/1 edges: model(x, allow=edges)
#   @NAME@.logits(model, [3, 1, 4, 1])           # the same from a list (features: a list of vectors)
#   @NAME@.tag(model, meta, "I saw a saw")       # [(word, tag), ...]
#
# Shapes: T = tokens, D = model width, H = heads, Dh = D/H, F = feed-forward width, C = tags, V = vocabulary,
# Din = input feature width, Hd = hidden width of the baselines. Rows are tokens, as in the engine: x (T, D),
# and a weight W (in, out) is applied as x·W (the lecture's Q = X·Wq).
import json
import math
import os
import re
import sys
import zlib

import numpy as np
import torch
from torch import nn

# The model, as `attnlab export-torch` read it from the model file.
CONFIG = @CONFIG@

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "@NAME@"
# Run alone, the module agrees with the engine when its logits differ by at most TOLERANCE times the largest
# logit (and at least by TOLERANCE): both compute in float32, and in a trained model rounding alone reaches
# about 1e-5 on logits near 15 (measured: the engine's own logits of a 3000-step pos tagger, D = 64, are up
# to 9.4e-6 from the exact float64 values), while a wrong formula is off by far more.
TOLERANCE = 1e-5


class ExportError(Exception):
    """A file of the export is missing or damaged, or an input does not fit the model."""


# ------------------------------------------------------------------------------------------- operations
# One function per operation of engine/ops and engine/attention, computing what the engine computes.


def layer_norm(x, gamma, beta, eps):
    # engine/ops/layernorm.cpp: x̂ = (x − μ) / sqrt(σ² + eps), σ² the biased variance; y = x̂·γ + β
    mu = x.mean(dim=-1, keepdim=True)
    var = ((x - mu) ** 2).mean(dim=-1, keepdim=True)
    return (x - mu) * torch.rsqrt(var + eps) * gamma + beta


def activation(x, kind):
    # engine/ops/activation.cpp: relu(x) = max(0, x); gelu(x) = ½·x·(1 + erf(x/√2)), the exact form
    if kind == "relu":
        return torch.relu(x)
    return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))


def unfold(x, k):
    # engine/ops/unfold.cpp: row t becomes concat(x[t−r], ..., x[t], ..., x[t+r]), r = (k−1)/2, with zero
    # vectors outside the sequence: (T, D) → (T, k·D)
    T, D = x.shape
    r = (k - 1) // 2
    padded = torch.cat([x.new_zeros(r, D), x, x.new_zeros(r, D)])
    return torch.cat([padded[o:o + T] for o in range(k)], dim=1)


def unfold2d(x, k, gh, gw):
    # engine/ops/unfold.cpp, on an image of gh × gw pixels (row p = pixel (p // gw, p % gw)): each pixel becomes
    # the concatenation of the k×k pixels around it, row by row, zero outside the image: (T, D) → (T, k·k·D)
    T, D = x.shape
    r = (k - 1) // 2
    img = torch.zeros(gh + 2 * r, gw + 2 * r, D, dtype=x.dtype)
    img[r:r + gh, r:r + gw] = x.reshape(gh, gw, D)
    slots = [img[dy:dy + gh, dx:dx + gw].reshape(T, D) for dy in range(k) for dx in range(k)]
    return torch.cat(slots, dim=1)


def window(x, k, config):
    # the window of the window FC and of the CNN: k tokens of a sequence, or k×k pixels of an image
    if config["grid_w"] > 0:
        check_image(x.shape[0], config)
        return unfold2d(x, k, config["grid_h"], config["grid_w"])
    return unfold(x, k)


def check_image(T, config):
    # engine/models/model.cpp: a model of images takes exactly grid_h × grid_w pixels
    if T != config["grid_w"] * config["grid_h"]:
        raise ExportError("the model is for %dx%d images, but the input has %d tokens"
                          % (config["grid_h"], config["grid_w"], T))


def grid_positions(T, config):
    # an image's pixel p is (row, column) = (p // grid_w, p % grid_w)
    p = torch.arange(T)
    return p // config["grid_w"], p % config["grid_w"]


def sinusoidal_table(T, D, s, dtype):
    # engine/attention/posenc.cpp: PE(p, 2i) = s·sin(p / 10000^(2i/D)), PE(p, 2i+1) = s·cos(...), computed in
    # double precision and rounded once, as the engine does
    pe = np.zeros((T, D))
    for j in range(D):
        freq = 10000.0 ** (-(j - j % 2) / D)
        angle = np.arange(T) * freq
        pe[:, j] = s * (np.sin(angle) if j % 2 == 0 else np.cos(angle))
    return torch.tensor(pe.astype(np.float32), dtype=dtype)


def sinusoidal_table_2d(config, D, s, dtype):
    # engine/attention/posenc.cpp, an image: PE(r, c) = concat(PE_{D/2}(r), PE_{D/2}(c)), half the width for the
    # pixel's row, half for its column
    gh, gw = config["grid_h"], config["grid_w"]
    rows = sinusoidal_table(gh, D // 2, s, dtype)
    cols = sinusoidal_table(gw, D // 2, s, dtype)
    r, c = grid_positions(gh * gw, config)
    return torch.cat([rows[r], cols[c]], dim=1)


def alibi_slope(h, H):
    # engine/attention/posenc.cpp: m_h = 2^(−8(h+1)/P) for the largest power of two P <= H; the heads past P
    # take every other slope of 2P
    P = 1
    while P * 2 <= H:
        P *= 2
    if h < P:
        return 2.0 ** (-8.0 * (h + 1) / P)
    return 2.0 ** (-8.0 * (2 * (h - P) + 1) / (2 * P))


def attention_mask(T, config, allow):
    # engine/attention/mask.cpp: which keys j query i may see, (T, T) bool, row = query. Kinds combine:
    # causal (j <= i), window (|i − j| <= w; on an image |ri − rj| <= w and |ci − cj| <= w), the model's own
    # allow matrix, and a graph's edges.
    i = torch.arange(T).unsqueeze(1)
    j = torch.arange(T).unsqueeze(0)
    ok = torch.ones(T, T, dtype=torch.bool)
    if config["causal"]:
        ok &= j <= i
    if config["window"] >= 0 and config["grid_w"] > 0:
        r, c = grid_positions(T, config)
        ok &= (r.unsqueeze(1) - r.unsqueeze(0)).abs() <= config["window"]
        ok &= (c.unsqueeze(1) - c.unsqueeze(0)).abs() <= config["window"]
    elif config["window"] >= 0:
        ok &= (i - j).abs() <= config["window"]
    if config["allow_n"] > 0:
        n = config["allow_n"]
        spec = torch.tensor(config["allow"], dtype=torch.bool).reshape(n, n)
        ok &= spec[:T, :T]
    if allow is not None and config["graph_mask"]:
        ok &= torch.as_tensor(allow).to(torch.bool)
    return ok


def normalize(A, allowed, norm):
    # engine/attention/attention_norm.cpp: each query row over the n keys it may see; masked keys get exactly 0
    #   softmax  A' = exp(A) / Σ exp(A)      relu  A' = max(0, A) / n      sigmoid  A' = σ(A − ln n)
    n = allowed.sum(dim=-1, keepdim=True).clamp(min=1).to(A.dtype)
    if norm == "softmax":
        W = torch.softmax(A.masked_fill(~allowed, float("-inf")), dim=-1)
    elif norm == "relu":
        W = torch.relu(A) / n
    else:
        W = torch.sigmoid(A - torch.log(n))
    return torch.where(allowed, W, torch.zeros_like(W))  # (a query with no key at all: all zeros)


# ------------------------------------------------------------------------------------------- the models
# Every model: x = input layer(input), then its own layers to logits (T, C). Parameters keep the engine's
# names and shapes (w[name] below); they are nn.Parameters, so the model can be trained further in PyTorch.


def param(w, name):
    return nn.Parameter(w[name].clone())


class InputLayer(nn.Module):
    # engine/models/input_layer.cpp: tokens x = E[ids] (the word embeddings); features x = features·W_in + b_in
    def __init__(self, config, w):
        super().__init__()
        self.tokens = config["input"] == "tokens"
        if self.tokens:
            self.emb = param(w, "tok_emb")  # (V, D)
        else:
            self.w = param(w, "in_proj.w")  # (Din, D)
            self.b = param(w, "in_proj.b")  # (1, D)

    def forward(self, x):
        if self.tokens:
            if x.dtype not in (torch.int32, torch.int64) or x.dim() != 1:
                raise ExportError("this model reads token ids: give a 1-D integer tensor (T)")
            V = self.emb.shape[0]
            if len(x) and (int(x.min()) < 0 or int(x.max()) >= V):
                raise ExportError("token ids must be in 0..%d" % (V - 1))
            return self.emb[x]
        if x.dim() != 2 or x.shape[1] != self.w.shape[0]:
            raise ExportError("this model reads feature vectors: give a (T, %d) float tensor" % self.w.shape[0])
        return x.to(self.w.dtype) @ self.w + self.b


class SelfAttention(nn.Module):
    # engine/attention/attention.cpp (self_attention), one sequence:
    #   Q = I·Wq + bq,  K = I·Wk + bk,  V = I·Wv + bv                         (T, D)
    #   per head h, on its Dh columns:  A = Q·Kᵀ/√Dh  (additive: α = wᵀ·tanh(q·W'q + k·W'k)),
    #   ALiBi: A −= m_h·|i − j| (an image: m_h·(|ri − rj| + |ci − cj|));  A' = norm(A) over the allowed keys;
    #   O = A'·V
    #   out = concat(O_1 .. O_H)·Wo + bo
    def __init__(self, config, w, prefix):
        super().__init__()
        self.H = config["heads"]
        self.norm = config["norm"]
        self.additive = config["relevance"] == "additive"
        self.alibi = config["pe"] == "alibi"
        self.config = config
        for m in ("q", "k", "v", "o"):
            setattr(self, "w" + m, param(w, prefix + "w" + m))  # (D, D)
            setattr(self, "b" + m, param(w, prefix + "b" + m) if config["attn_bias"] else None)  # (1, D)
        if self.additive:
            D = self.wq.shape[0]
            Dh = D // self.H
            self.add_wq = nn.Parameter(w[prefix + "add_wq"].reshape(self.H, Dh, Dh).clone())  # W'q per head
            self.add_wk = nn.Parameter(w[prefix + "add_wk"].reshape(self.H, Dh, Dh).clone())  # W'k per head
            self.add_w = param(w, prefix + "add_w")  # (H, Dh) w per head
        self.weights = None  # A' of the last forward, (H, T, T)

    def linear(self, x, W, b):
        return x @ W + b if b is not None else x @ W

    def forward(self, I, allowed):
        T, D = I.shape
        H, Dh = self.H, D // self.H
        Q = self.linear(I, self.wq, self.bq)
        K = self.linear(I, self.wk, self.bk)
        V = self.linear(I, self.wv, self.bv)
        distance = (torch.arange(T).unsqueeze(1) - torch.arange(T).unsqueeze(0)).abs().to(I.dtype)
        if self.config["grid_w"] > 0:  # an image: the city-block distance between the two pixels
            r, c = grid_positions(T, self.config)
            distance = ((r.unsqueeze(1) - r.unsqueeze(0)).abs() + (c.unsqueeze(1) - c.unsqueeze(0)).abs()).to(I.dtype)
        heads, weights = [], []
        for h in range(H):
            q, k, v = (M[:, h * Dh:(h + 1) * Dh] for M in (Q, K, V))  # (T, Dh) each
            if self.additive:
                pq = q @ self.add_wq[h]  # (T, Dh)
                pk = k @ self.add_wk[h]
                A = torch.tanh(pq.unsqueeze(1) + pk.unsqueeze(0)) @ self.add_w[h]  # A(i, j) = w·tanh(pq_i + pk_j)
            else:
                A = q @ k.T / math.sqrt(Dh)  # A(i, j) = q_i·k_j / √Dh
            if self.alibi:
                A = A - alibi_slope(h, H) * distance  # farther keys count less
            Ap = normalize(A, allowed, self.norm)  # A'
            heads.append(Ap @ v)  # O_h = A'·V: each query's weighted sum of the values
            weights.append(Ap)
        self.weights = torch.stack(weights)
        return self.linear(torch.cat(heads, dim=1), self.wo, self.bo)


class Block(nn.Module):
    # engine/models/attention_tagger.cpp, one pre-LayerNorm block:
    #   x = x + MHA(LN1(x));   x = x + FFN(LN2(x)),   FFN(y) = act(y·W1 + b1)·W2 + b2
    def __init__(self, config, w, prefix):
        super().__init__()
        self.eps = config["ln_eps"]
        self.act = config["activation"]
        self.ln1_g, self.ln1_b = param(w, prefix + "ln1.gamma"), param(w, prefix + "ln1.beta")
        self.attn = SelfAttention(config, w, prefix + "attn.")
        self.ln2_g, self.ln2_b = param(w, prefix + "ln2.gamma"), param(w, prefix + "ln2.beta")
        self.w1, self.b1 = param(w, prefix + "ffn.w1"), param(w, prefix + "ffn.b1")  # (D, F), (1, F)
        self.w2, self.b2 = param(w, prefix + "ffn.w2"), param(w, prefix + "ffn.b2")  # (F, D), (1, D)

    def forward(self, x, allowed):
        x = x + self.attn(layer_norm(x, self.ln1_g, self.ln1_b, self.eps), allowed)
        y = layer_norm(x, self.ln2_g, self.ln2_b, self.eps)
        return x + activation(y @ self.w1 + self.b1, self.act) @ self.w2 + self.b2


class AttentionTagger(nn.Module):
    # engine/models/attention_tagger.h: x = input + PE (sinusoidal or learned; ALiBi acts inside attention;
    # on an image 2-D: sinusoidal_table_2d, or learned R[r] + C[c]), L blocks, logits = LN_f(x)·W_head + b_head
    def __init__(self, config, w):
        super().__init__()
        self.config = config
        self.input = InputLayer(config, w)
        grid, learned = config["grid_w"] > 0, config["pe"] == "learned"
        self.pos_emb = param(w, "pos_emb") if learned and not grid else None  # (max_len, D)
        self.pe_row = param(w, "pe_row") if learned and grid else None  # (grid_h, D)
        self.pe_col = param(w, "pe_col") if learned and grid else None  # (grid_w, D)
        self.blocks = nn.ModuleList(Block(config, w, "block%d." % l) for l in range(config["layers"]))
        self.lnf_g, self.lnf_b = param(w, "ln_f.gamma"), param(w, "ln_f.beta")
        self.head_w, self.head_b = param(w, "head.w"), param(w, "head.b")  # (D, C), (1, C)

    def forward(self, x, allow=None):
        c = self.config
        x = self.input(x)
        T, D = x.shape
        if c["grid_w"] > 0:
            check_image(T, c)
        if c["pe"] == "sinusoidal" and c["grid_w"] > 0:
            x = x + sinusoidal_table_2d(c, D, c["pe_scale"], x.dtype)
        elif c["pe"] == "learned" and c["grid_w"] > 0:
            r, col = grid_positions(T, c)
            x = x + self.pe_row[r] + self.pe_col[col]  # PE(r, c) = R[r] + C[c]
        elif c["pe"] == "sinusoidal":
            x = x + sinusoidal_table(T, D, c["pe_scale"], x.dtype)
        elif c["pe"] == "learned":
            if T > c["max_len"]:
                raise ExportError("the input has %d tokens, but the learned positional encoding only has rows for "
                                  "%d positions (max_len)" % (T, c["max_len"]))
            x = x + self.pos_emb[:T]
        if c["allow_n"] > 0 and T > c["allow_n"]:
            raise ExportError("the model's allow matrix is %dx%d but the input has %d tokens"
                              % (c["allow_n"], c["allow_n"], T))
        allowed = attention_mask(T, c, allow)
        for block in self.blocks:
            x = block(x, allowed)
        return layer_norm(x, self.lnf_g, self.lnf_b, c["ln_eps"]) @ self.head_w + self.head_b

    def attention(self):
        """Every layer's A' of the last forward: a list of (H, T, T) tensors, row = query."""
        return [block.attn.weights for block in self.blocks]


class WindowTagger(nn.Module):
    # engine/models/window_fc.h: u = unfold_k(x) (an image: the k×k pixels);  logits = ReLU(u·W1 + b1)·W2 + b2
    def __init__(self, config, w):
        super().__init__()
        self.config = config
        self.k = config["window_k"]
        self.input = InputLayer(config, w)
        self.w1, self.b1 = param(w, "fc1.w"), param(w, "fc1.b")  # (k·D, Hd), (1, Hd)
        self.w2, self.b2 = param(w, "head.w"), param(w, "head.b")  # (Hd, C), (1, C)

    def forward(self, x, allow=None):  # allow: a graph's edges, which this model does not read
        u = window(self.input(x), self.k, self.config)
        return torch.relu(u @ self.w1 + self.b1) @ self.w2 + self.b2


class CnnTagger(nn.Module):
    # engine/models/cnn.h: per layer x = ReLU(unfold_k(x)·W_l + b_l) (a 1-D "same" convolution with zero
    # padding; on an image 2-D, k×k); logits = x·W_head + b_head
    def __init__(self, config, w):
        super().__init__()
        self.config = config
        self.k = config["kernel"]
        self.input = InputLayer(config, w)
        self.convs = nn.ParameterList()
        for l in range(config["cnn_layers"]):
            self.convs.append(param(w, "conv%d.w" % l))  # (k·C_l, Hd)
            self.convs.append(param(w, "conv%d.b" % l))  # (1, Hd)
        self.head_w, self.head_b = param(w, "head.w"), param(w, "head.b")  # (Hd, C), (1, C)

    def forward(self, x, allow=None):  # allow: a graph's edges, which this model does not read
        x = self.input(x)
        for l in range(0, len(self.convs), 2):
            x = torch.relu(window(x, self.k, self.config) @ self.convs[l] + self.convs[l + 1])
        return x @ self.head_w + self.head_b


class RnnTagger(nn.Module):
    # engine/models/rnn.h, one token after another, h_{−1} = 0:
    #   Elman  h_t = tanh(x_t·Wx + bx + h_{t−1}·Wh)
    #   GRU    gx = x_t·Wx + bx,  gh = h_{t−1}·Wh + bh   (columns [r | z | n])
    #          r = σ(gx_r + gh_r),  z = σ(gx_z + gh_z),  n = tanh(gx_n + r∘gh_n),  h_t = (1 − z)∘n + z∘h_{t−1}
    # bidirectional: a second run from right to left; s = [h_fwd | h_bwd];  logits = s·W_head + b_head
    def __init__(self, config, w):
        super().__init__()
        self.gru = config["cell"] == "gru"
        self.input = InputLayer(config, w)
        self.dirs = ["fwd", "bwd"] if config["bidirectional"] else ["fwd"]
        self.p = nn.ParameterDict()
        for d in self.dirs:
            for n in ("wx", "bx", "wh") + (("bh",) if self.gru else ()):
                self.p[d + "_" + n] = param(w, d + "." + n)  # wx (D, G), bx (1, G), wh (Hd, G), bh (1, G)
        self.head_w, self.head_b = param(w, "head.w"), param(w, "head.b")  # (dirs·Hd, C), (1, C)

    def run(self, x, d):
        p = {n: self.p[d + "_" + n] for n in ("wx", "bx", "wh", "bh") if d + "_" + n in self.p}
        T = x.shape[0]
        Hd = p["wh"].shape[0]
        gx = x @ p["wx"] + p["bx"]  # every position at once (T, G)
        h = x.new_zeros(1, Hd)
        out = [None] * T
        for t in (reversed(range(T)) if d == "bwd" else range(T)):
            if self.gru:
                gh = h @ p["wh"] + p["bh"]
                r = torch.sigmoid(gx[t:t + 1, :Hd] + gh[:, :Hd])
                z = torch.sigmoid(gx[t:t + 1, Hd:2 * Hd] + gh[:, Hd:2 * Hd])
                n = torch.tanh(gx[t:t + 1, 2 * Hd:] + r * gh[:, 2 * Hd:])
                h = (1 - z) * n + z * h
            else:
                h = torch.tanh(gx[t:t + 1] + h @ p["wh"])
            out[t] = h
        return torch.cat(out) if T else x.new_zeros(0, Hd)

    def forward(self, x, allow=None):  # allow: a graph's edges, which this model does not read
        x = self.input(x)
        s = torch.cat([self.run(x, d) for d in self.dirs], dim=1)
        return s @ self.head_w + self.head_b


MODELS = {"attention": AttentionTagger, "window": WindowTagger, "cnn": CnnTagger, "rnn": RnnTagger}


# ------------------------------------------------------------------------------------------- loading


def load(directory=HERE, dtype=torch.float32):
    """The model (an nn.Module in eval mode) and the export's JSON (vocab, tags, example). Raises ExportError
    when a file is missing or damaged."""
    meta_path = os.path.join(directory, NAME + ".json")
    weights_path = os.path.join(directory, NAME + ".weights")
    for path in (meta_path, weights_path):
        if not os.path.isfile(path):
            raise ExportError("the file %s is missing (attnlab export-torch writes it next to %s.py)" % (path, NAME))
    try:
        with open(meta_path, encoding="utf-8") as f:
            meta = json.load(f)
    except ValueError as e:
        raise ExportError("%s is damaged: it is not valid JSON (%s)" % (meta_path, e))
    keys = ("weights_bytes", "weights_crc32", "tensors", "tags", "vocab", "example")
    missing = [k for k in keys if not isinstance(meta, dict) or k not in meta]
    if missing:
        raise ExportError("%s is damaged: it has no %s" % (meta_path, ", ".join(missing)))
    with open(weights_path, "rb") as f:
        data = f.read()
    if len(data) != meta["weights_bytes"]:
        raise ExportError("%s is damaged: %d bytes, the export wrote %d" % (weights_path, len(data),
                                                                          meta["weights_bytes"]))
    if zlib.crc32(data) != meta["weights_crc32"]:
        raise ExportError("%s is damaged: its CRC-32 checksum does not match" % weights_path)
    values = np.frombuffer(data, dtype="<f4")
    w = {}
    for t in meta["tensors"]:
        rows, cols = t["shape"]
        w[t["name"]] = torch.tensor(values[t["offset"]:t["offset"] + rows * cols].reshape(rows, cols).copy())
    model = MODELS[CONFIG["kind"]](CONFIG, w).to(dtype)
    model.eval()
    return model, meta


# ------------------------------------------------------------------------------------------- words


# engine/data/words.cpp: the endings of the shape tokens, <unk-E> and <unk-Cap-E>
ENDINGS = ["s", "ss", "us", "is", "'s", "ed", "ing", "ings", "ly", "est", "er", "ers", "or", "ion",
           "ions", "ness", "ment", "ity", "ance", "ence", "ism", "ist", "ship", "ure", "age", "ery", "able",
           "ible", "al", "ous", "ful", "ive", "ic", "ics", "less", "ish", "ary", "ant", "ent", "ian", "y",
           "ize", "ise", "ate", "fy", "en"]
SHAPES = ["<unk>", "<unk-Cap>", "<unk-num>", "<unk-punct>", "<unk-CAPS>", "<unk-hyphen>", "<unk-Cap-hyphen>"] + \
    [n for e in ENDINGS for n in ("<unk-%s>" % e, "<unk-Cap-%s>" % e)]
LEGACY_SHAPES = ["<unk>", "<unk-Cap>", "<unk-CAPS>", "<unk-num>", "<unk-punct>", "<unk-hyphen>", "<unk-ing>",
                 "<unk-ed>", "<unk-ly>", "<unk-s>", "<unk-tion>", "<unk-adj>"]


def spelling(word):
    b = word.encode("utf-8")
    digit = any(48 <= c <= 57 for c in b)
    lower = any(97 <= c <= 122 for c in b)
    upper = any(65 <= c <= 90 for c in b)
    letter = lower or upper or any(c >= 0x80 for c in b)
    low = normalize_word(word).encode("utf-8")
    return b, digit, lower, upper, letter, (lambda s: len(low) > len(s) + 1 and low.endswith(s))


def word_shape(word, legacy=False):
    # engine/data/words.cpp: the "unknown word" token of a word the vocabulary does not have, by its spelling
    if legacy:
        return legacy_word_shape(word)
    b, digit, lower, upper, letter, ends = spelling(word)
    if not letter and not digit:
        return 3
    if digit:
        return 2
    if upper and not lower and len(b) > 1:
        return 4
    cap = 1 if 65 <= b[0] <= 90 else 0
    if b"-" in b:
        return 5 + cap
    best = -1
    for e, end in enumerate(ENDINGS):
        if ends(end.encode("utf-8")) and (best < 0 or len(end) > len(ENDINGS[best])):
            best = e
    return cap if best < 0 else 7 + 2 * best + cap


def legacy_word_shape(word):
    # the 12 shape tokens of model files saved before the endings
    b, digit, lower, upper, letter, ends = spelling(word)
    if digit:
        return 3
    if not letter:
        return 4
    if upper and not lower and len(b) > 1:
        return 2
    if 65 <= b[0] <= 90:
        return 1
    if b"-" in b:
        return 5
    if ends(b"ing"):
        return 6
    if ends(b"ed"):
        return 7
    if ends(b"ly"):
        return 8
    if any(ends(s) for s in (b"tion", b"sion", b"ment", b"ness")):
        return 10
    if any(ends(s) for s in (b"able", b"ible", b"al", b"ous", b"ful", b"ive", b"ic", b"less")):
        return 11
    if ends(b"s"):
        return 9
    return 0


def normalize_word(word):
    # ASCII letters only, as the engine
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in word)


def split_words(text):
    # engine/data/words.cpp: on whitespace, and . , ; : ! ? ( ) " as words of their own
    out, cur = [], ""
    for c in text:
        if c in " \t\n\r":
            out, cur = (out + [cur] if cur else out), ""
        elif c in '.,;:!?()"':
            out, cur = (out + [cur] if cur else out) + [c], ""
        else:
            cur += c
    return out + [cur] if cur else out


def split_chars(text):
    # engine/data/segmentation.cpp (seg_zh): one token per character, a run of ASCII letters/digits as one,
    # whitespace (and the ideographic space) dropped
    return re.findall(r"[A-Za-z0-9]+|[^\s\u3000]", text)


def token_ids(meta, text):
    """Words (pos), characters (seg_zh) or token names (the synthetic token tasks) → (shown tokens, ids)."""
    if CONFIG["input"] != "tokens":
        raise ExportError("the %s task reads feature vectors, not words" % CONFIG["task"])
    vocab = meta["vocab"]
    if CONFIG["task"] in ("pos", "seg_zh"):
        words = split_words(text) if CONFIG["task"] == "pos" else split_chars(text)
        legacy = vocab[2] == LEGACY_SHAPES[2]  # a model file saved before the endings: 12 shape tokens
        shapes = len(LEGACY_SHAPES) if legacy else len(SHAPES)
        index = {w: i for i, w in enumerate(vocab) if i >= shapes}  # the first ids are the shape tokens
        norm = normalize_word if meta["lowercase"] else (lambda w: w)
        return words, [index.get(norm(w), word_shape(w, legacy)) for w in words]
    names = split_words(text.replace(",", " "))
    unknown = [n for n in names if n not in vocab]
    if unknown:
        raise ExportError("'%s' is not a token of the %s task (tokens are %s .. %s)"
                          % (unknown[0], CONFIG["task"], vocab[0], vocab[-1]))
    return names, [vocab.index(n) for n in names]


def tag(model, meta, text):
    """[(token, tag), ...] for a sentence (pos) or a list of token names."""
    shown, ids = token_ids(meta, text)
    with torch.no_grad():
        logits = model(torch.tensor(ids, dtype=torch.long))
    return [(s, meta["tags"][int(i)]) for s, i in zip(shown, logits.argmax(dim=1))]


def logits(model, x, allow=None):
    """The logits (T, C) for a list of T token ids, or of T feature vectors (a graph: with its (T, T) 0/1 edges,
    row = node)."""
    dtype = torch.long if CONFIG["input"] == "tokens" else next(model.parameters()).dtype
    with torch.no_grad():
        return model(torch.as_tensor(x, dtype=dtype), allow=allow)


def example_input(meta, dtype=torch.float32):
    """The saved example as the model reads it: (x, allow)."""
    ex = meta["example"]
    if CONFIG["input"] == "tokens":
        x = torch.tensor(ex["tokens"], dtype=torch.long)
    else:
        x = torch.tensor(ex["features"], dtype=torch.float32).to(dtype)
    return x, ex.get("allow")


# ------------------------------------------------------------------------------------------- run alone


def main(argv):
    try:
        model, meta = load()
    except ExportError as e:
        print("%s: %s" % (NAME, e), file=sys.stderr)
        return 2
    ex = meta["example"]
    print("%s: %s (%s task), %d parameters" % (NAME, CONFIG["describe"], CONFIG["task"],
                                                sum(p.numel() for p in model.parameters())))
    x, allow = example_input(meta)
    with torch.no_grad():
        logits = model(x, allow=allow)
    tags = [meta["tags"][int(i)] for i in logits.argmax(dim=1)]
    width = max([4] + [len(s) for s in ex["shown"]])
    print("the saved example, tagged in PyTorch (the engine's tag shown where it differs):")
    for s, t, e in zip(ex["shown"], tags, ex["tags"]):
        print(("  %-*s  %-8s %s" % (width, s, t, "" if t == e else "(engine: %s)" % e)).rstrip())
    engine = torch.tensor(ex["logits"], dtype=logits.dtype)
    diff = (logits - engine).abs().max().item() if logits.numel() else 0.0
    largest = engine.abs().max().item() if engine.numel() else 0.0
    bound = TOLERANCE * max(1.0, largest)
    print("max abs diff from the engine's logits: %.3g (tolerance %.3g = %g x max(1, largest logit %.3g))"
          % (diff, bound, TOLERANCE, largest))
    for text in argv:
        try:
            print("  ".join("%s %s" % (s, t) for s, t in tag(model, meta, text)))
        except ExportError as e:
            print("%s: %s" % (NAME, e), file=sys.stderr)
            return 2
    if not diff <= bound:
        print("%s: the logits differ from the engine's by %.3g, more than %.3g" % (NAME, diff, bound),
              file=sys.stderr)
        return 1
    print("ok: PyTorch and the engine agree")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
