#!/usr/bin/python3
"""Regenerate the golden fixtures of the whole tagger (engine/models/attention_tagger.h) from PyTorch (float64 + autograd).

Run with Debian's Python, which sees Debian's torch (`apt-get install -y python3-torch`):

    /usr/bin/python3 tests/golden/make_tagger_golden.py            # rewrite tests/golden/tagger_*.json
    /usr/bin/python3 tests/golden/make_tagger_golden.py --dry-run  # only compute and cross-check

CI does not have torch: the fixtures are checked in, tests/engine/golden_tagger_test.cpp reads them, and this
script is only for regenerating them. It is seeded and single-threaded, so rerunning it reproduces the same
files byte for byte (same torch).

The tagger is written here in plain torch ops, in the engine's parameter layout (right-multiplication,
`q = x.wq`, heads = consecutive column blocks of Dh = D/H columns):

    x = tok_emb[ids]  or  features.in_proj.w + in_proj.b;        x += PE (sinusoidal table | pos_emb[:T])
    sinusoidal table: PE(p, 2i) = s.sin(p / 10000^(2i/D)), PE(p, 2i+1) = s.cos(p / 10000^(2i/D)), s = pe_scale
    per block (pre-LayerNorm):  x += MHA(LN1(x));  x += FFN(LN2(x)) = act(LN2(x).w1 + b1).w2 + b2
    logits = LN_f(x).head.w + head.b ;  loss = mean cross-entropy over the tokens whose tag is not -1

MHA: S_h = Q_h.K_h^T / sqrt(Dh) (- m_h |i - j| with ALiBi), weights = norm(S_h) over the keys a query may
see (padding: a padded key is never seen, a padded query sees nothing and its attention output row is 0;
causal / window as in engine/attention/mask.h), out = concat(O_h).wo + bo. Then 5 steps of torch.optim.Adam.

Before anything is written, every case is checked more ways, and the script stops on any disagreement:
  * the softmax cases against a model built from torch's own nn.TransformerEncoderLayer(norm_first=True)
    (nn.MultiheadAttention inside; masks, padding and ALiBi passed as a per-sequence float attn_mask),
    nn.LayerNorm, nn.Linear, F.cross_entropy(ignore_index=-1), loaded with the same numbers: logits, loss,
    every gradient and the 5 Adam losses;
  * every case's gradients against finite differences (torch.autograd.gradcheck over all parameters);
  * torch.optim.Adam against the engine's update written out by hand (engine/train/optim.h).
"""
import argparse
import json
import math
import os

# One thread: the same summation order every run, so rerunning reproduces the files byte for byte.
os.environ["OMP_NUM_THREADS"] = os.environ["OPENBLAS_NUM_THREADS"] = os.environ["MKL_NUM_THREADS"] = "1"
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

torch.set_default_dtype(torch.float64)
torch.set_num_threads(1)
HERE = os.path.dirname(os.path.abspath(__file__))
IN_DIGITS = 9     # significant digits of the inputs (parameters, features); expected values use these
OUT_DIGITS = 14   # significant digits of the expected values
# ModelConfig::ln_eps is a float: AttentionTagger<double> uses (double)1e-5f, so the reference does too.
LN_EPS = float(np.float32(1e-5))
ADAM = dict(lr=1e-2, beta1=0.9, beta2=0.999, eps=1e-8, steps=5)
RELU_MARGIN = 1e-3  # every ReLU input at a real token stays this far from 0 through all Adam steps

BASE = dict(input="tokens", vocab=11, input_dim=0, tags=5, dim=8, heads=2, layers=2, ffn=16, activation="relu",
            max_len=5, max_batch=3, pe="sinusoidal", pe_scale=8.0, norm="softmax", relevance="dot",
            mask=dict(causal=False, window=-1), attn_bias=True, ln_eps=1e-5)
CASES = [
    dict(name="sinusoidal_softmax", cfg=dict(),
         about="the reference architecture (bench-tagger) in small: sinusoidal PE of amplitude s = 8 (as the pos task), "
               "softmax attention with biases, ReLU feed-forward, no mask; padding + one real token with tag -1"),
    dict(name="learned_gelu", cfg=dict(pe="learned", activation="gelu", max_len=7),
         about="learned positional table of 7 rows (rows 5, 6 unused: zero gradient), exact (erf) GELU"),
    dict(name="nope_causal", cfg=dict(pe="none", mask=dict(causal=True, window=-1)),
         about="no positional encoding, causal mask (query i sees keys j <= i), ReLU"),
    dict(name="alibi_window_h4", cfg=dict(pe="alibi", heads=4, mask=dict(causal=False, window=1),
                                          activation="gelu"),
         about="ALiBi (slopes 1/4, 1/16, 1/64, 1/256), window 1, 4 heads of width 2; padded queries that see "
               "no key"),
    dict(name="sigmoid_nobias_l1", cfg=dict(norm="sigmoid", attn_bias=False, layers=1, ffn=12),
         about="sigmoid attention sigmoid(S - ln n), no attention biases, one block, F = 12"),
    dict(name="features_l3", cfg=dict(input="features", vocab=0, input_dim=4, layers=3, heads=1, ffn=8, pe_scale=1.0),
         about="features mode (x = features.in_proj.w + in_proj.b, Din = 4), 3 blocks, 1 head, F = 8; also checks "
               "d loss / d features; sinusoidal amplitude s = 1 (the paper's table, as in version-1 model files)"),
]
B, T, LENGTHS = 3, 5, [5, 3, 4]
IGNORED_REAL = (0, 2)  # (sequence, position) of a real token whose tag is -1


# ----------------------------------------------------------------------------------------- parameters
def param_list(c):
    """The engine's parameter tensors, in Tagger::walk order: (name, rows, cols, kind of random draw)."""
    D, F_, C = c["dim"], c["ffn"], c["tags"]
    out = []
    if c["input"] == "tokens":
        out.append(("tok_emb", c["vocab"], D, ("normal", 1.0)))
    else:
        a = 1 / math.sqrt(c["input_dim"])
        out += [("in_proj.w", c["input_dim"], D, ("uniform", a)), ("in_proj.b", 1, D, ("uniform", a))]
    if c["pe"] == "learned":
        out.append(("pos_emb", c["max_len"], D, ("normal", 0.5)))
    for l in range(c["layers"]):
        p = f"block{l}."
        out += [(p + "ln1.gamma", 1, D, ("gamma", 0.2)), (p + "ln1.beta", 1, D, ("normal", 0.1))]
        for w in "qkvo":
            out.append((p + f"attn.w{w}", D, D, ("normal", 0.5)))
            if c["attn_bias"]:
                out.append((p + f"attn.b{w}", 1, D, ("normal", 0.1)))
        out += [(p + "ln2.gamma", 1, D, ("gamma", 0.2)), (p + "ln2.beta", 1, D, ("normal", 0.1)),
                (p + "ffn.w1", D, F_, ("uniform", 1 / math.sqrt(D))), (p + "ffn.b1", 1, F_, ("normal", 0.1)),
                (p + "ffn.w2", F_, D, ("uniform", 1 / math.sqrt(F_))), (p + "ffn.b2", 1, D, ("normal", 0.1))]
    out += [("ln_f.gamma", 1, D, ("gamma", 0.2)), ("ln_f.beta", 1, D, ("normal", 0.1)),
            ("head.w", D, C, ("uniform", 1 / math.sqrt(D))), ("head.b", 1, C, ("normal", 0.1))]
    return out


def rnd(t, digits):
    """Round every value to `digits` significant digits (what the JSON carries)."""
    return torch.tensor([float(f"{v:.{digits}g}") for v in t.reshape(-1).tolist()]).reshape(t.shape)


def draw(c, seed):
    g = torch.Generator().manual_seed(seed)
    params = {}
    for name, r, k, (kind, s) in param_list(c):
        if kind == "normal":
            v = s * torch.randn(r, k, generator=g)
        elif kind == "gamma":
            v = 1 + s * torch.randn(r, k, generator=g)
        else:
            v = (2 * torch.rand(r, k, generator=g) - 1) * s
        params[name] = rnd(v, IN_DIGITS)
    batch = {"lengths": LENGTHS}
    ids = torch.randint(0, max(c["vocab"], 1), (B, T), generator=g)
    tags = torch.randint(0, c["tags"], (B, T), generator=g)
    for b in range(B):
        tags[b, LENGTHS[b]:] = -1
    tags[IGNORED_REAL] = -1
    batch["tags"] = tags
    if c["input"] == "tokens":
        batch["tokens"] = ids  # entries at padded positions are arbitrary: the engine must ignore them
    else:
        batch["features"] = rnd(torch.randn(B * T, c["input_dim"], generator=g), IN_DIGITS)
    return params, batch


# ---------------------------------------------------------------------------------------------- model
def allowed_mask(c):
    """(B, T, T) bool, engine/attention/mask.h: padding, causal, window; row = query."""
    a = torch.zeros(B, T, T, dtype=torch.bool)
    for b in range(B):
        for i in range(LENGTHS[b]):
            for j in range(LENGTHS[b]):
                ok = not (c["mask"]["causal"] and j > i)
                ok = ok and not (c["mask"]["window"] >= 0 and abs(i - j) > c["mask"]["window"])
                a[b, i, j] = ok
    return a


def alibi_slope(h, H):  # engine/attention/posenc.cpp
    P = 1
    while P * 2 <= H:
        P *= 2
    if h < P:
        return 2.0 ** (-8.0 * (h + 1) / P)
    return 2.0 ** (-8.0 * (2 * (h - P) + 1) / (2 * P))


def alibi_bias(c):
    """(H, T, T) -m_h |i - j|, or None."""
    if c["pe"] != "alibi":
        return None
    d = torch.tensor([[abs(i - j) for j in range(T)] for i in range(T)], dtype=torch.float64)
    return torch.stack([-alibi_slope(h, c["heads"]) * d for h in range(c["heads"])])


def sinusoidal(rows, D, s):  # engine/attention/posenc.cpp
    pe = torch.zeros(rows, D)
    for p in range(rows):
        for j in range(D):
            freq = math.pow(10000.0, -float(j - j % 2) / D)
            pe[p, j] = s * (math.sin(p * freq) if j % 2 == 0 else math.cos(p * freq))
    return pe


def layernorm(x, g, b):
    mu = x.mean(-1, keepdim=True)
    var = ((x - mu) ** 2).mean(-1, keepdim=True)  # biased
    return (x - mu) / torch.sqrt(var + LN_EPS) * g.reshape(-1) + b.reshape(-1)


def input_vectors(c, P, batch, features=None):
    D = c["dim"]
    if c["input"] == "tokens":
        ids = batch["tokens"].clone()
        for b in range(B):
            ids[b, LENGTHS[b]:] = 0  # padded positions: token 0, as the engine
        x = P["tok_emb"][ids]
    else:
        f = batch["features"] if features is None else features
        x = (f @ P["in_proj.w"] + P["in_proj.b"].reshape(-1)).reshape(B, T, D)
    if c["pe"] == "sinusoidal":
        x = x + sinusoidal(T, D, c["pe_scale"])
    elif c["pe"] == "learned":
        x = x + P["pos_emb"][:T]
    return x


def forward(c, P, batch, features=None):
    """Plain-ops tagger. Returns logits (B, T, C), loss, and the ReLU inputs of every block (for margins)."""
    D, H, C = c["dim"], c["heads"], c["tags"]
    Dh = D // H
    allowed = allowed_mask(c)[:, None]  # (B, 1, T, T)
    n_allowed = allowed.sum(-1, keepdim=True).to(torch.float64)
    any_key = n_allowed > 0
    real = torch.tensor([[t < LENGTHS[b] for t in range(T)] for b in range(B)], dtype=torch.float64)[..., None]
    bias = alibi_bias(c)
    x = input_vectors(c, P, batch, features)
    pres = []
    for l in range(c["layers"]):
        p = f"block{l}."
        h = layernorm(x, P[p + "ln1.gamma"], P[p + "ln1.beta"])

        def proj(w):
            y = h @ P[p + "attn.w" + w]
            if c["attn_bias"]:
                y = y + P[p + "attn.b" + w].reshape(-1)
            return y

        q, k, v = [proj(w).reshape(B, T, H, Dh).transpose(1, 2) for w in "qkv"]  # (B, H, T, Dh)
        S = q @ k.transpose(-1, -2) / math.sqrt(Dh)
        if bias is not None:
            S = S + bias  # S += -m_h |i - j|
        if c["norm"] == "softmax":
            Sm = S.masked_fill(~allowed, float("-inf"))
            Sm = torch.where(any_key, Sm, torch.zeros_like(Sm))  # a row with no key: no NaN, weights 0 below
            A = torch.softmax(Sm, dim=-1) * allowed
        elif c["norm"] == "sigmoid":
            A = torch.sigmoid(S - torch.log(n_allowed.clamp(min=1))) * allowed
        else:
            A = F.relu(S) / n_allowed.clamp(min=1) * allowed
        O = (A @ v).transpose(1, 2).reshape(B, T, D)
        att = O @ P[p + "attn.wo"]
        if c["attn_bias"]:
            att = att + P[p + "attn.bo"].reshape(-1)
        x = x + att * real  # padded queries: no attention output at all (not even bo)
        h2 = layernorm(x, P[p + "ln2.gamma"], P[p + "ln2.beta"])
        pre = h2 @ P[p + "ffn.w1"] + P[p + "ffn.b1"].reshape(-1)
        pres.append(pre)
        act = F.relu(pre) if c["activation"] == "relu" else F.gelu(pre)  # gelu: exact erf form
        x = x + act @ P[p + "ffn.w2"] + P[p + "ffn.b2"].reshape(-1)
    logits = layernorm(x, P["ln_f.gamma"], P["ln_f.beta"]) @ P["head.w"] + P["head.b"].reshape(-1)
    loss = F.cross_entropy(logits.reshape(-1, C), batch["tags"].reshape(-1), ignore_index=-1)
    return logits, loss, pres


# --------------------------------------------------------------------------------- reference + Adam
def leaves(P):
    return {n: t.clone().requires_grad_(True) for n, t in P.items()}


def run(c, P0, batch):
    """Forward + backward at P0, then 5 steps of torch.optim.Adam. Returns the expected values."""
    P = leaves(P0)
    feats = batch["features"].clone().requires_grad_(True) if c["input"] == "features" else None
    opt = torch.optim.Adam(list(P.values()), lr=ADAM["lr"], betas=(ADAM["beta1"], ADAM["beta2"]), eps=ADAM["eps"])
    out, losses, margins, grad_scale = {}, [], [], {}
    for step in range(ADAM["steps"] + 1):
        opt.zero_grad(set_to_none=True)
        if feats is not None:
            feats.grad = None
        logits, loss, pres = forward(c, P, batch, feats)
        losses.append(loss.item())
        real = torch.tensor([[t < LENGTHS[b] for t in range(T)] for b in range(B)])
        margins.append(min(pre[real].abs().min().item() for pre in pres) if pres else math.inf)
        if step == ADAM["steps"]:
            break
        loss.backward()
        for n, t in P.items():  # largest |gradient| of each tensor over the steps
            grad_scale[n] = max(grad_scale.get(n, 0.0), t.grad.abs().max().item())
        if step == 0:
            out["logits"] = logits.detach().reshape(B * T, -1)
            out["loss"] = loss.item()
            out["grads"] = {n: t.grad.detach().clone() for n, t in P.items()}
            if feats is not None:
                out["grad_features"] = feats.grad.detach().clone()
        opt.step()
    out["losses"] = losses
    out["final"] = {n: t.detach().clone() for n, t in P.items()}
    out["relu_margin"] = min(margins)
    out["grad_scale"] = grad_scale
    return out


def adam_by_hand(c, P0, batch):
    """engine/train/optim.h, written out: m = b1 m + (1-b1) g; v = b2 v + (1-b2) g^2; p -= lr m^ / (sqrt(v^) + eps)."""
    P = leaves(P0)
    m = {n: torch.zeros_like(t) for n, t in P.items()}
    v = {n: torch.zeros_like(t) for n, t in P.items()}
    losses = []
    b1, b2, lr, eps = ADAM["beta1"], ADAM["beta2"], ADAM["lr"], ADAM["eps"]
    for step in range(1, ADAM["steps"] + 2):
        for t in P.values():
            t.grad = None
        _, loss, _ = forward(c, P, batch)
        losses.append(loss.item())
        if step == ADAM["steps"] + 1:
            break
        loss.backward()
        with torch.no_grad():
            for n, t in P.items():
                g = t.grad
                m[n] = b1 * m[n] + (1 - b1) * g
                v[n] = b2 * v[n] + (1 - b2) * g * g
                t -= lr * (m[n] / (1 - b1 ** step)) / (torch.sqrt(v[n] / (1 - b2 ** step)) + eps)
    return losses, {n: t.detach() for n, t in P.items()}


# ------------------------------------------------------------------------------------ cross-checks
INPUT_TENSORS = {"tok_emb": "tok_emb", "in_proj.w": "in_proj_w", "in_proj.b": "in_proj_b", "pos_emb": "pos_emb"}


class TorchModuleTagger(nn.Module):
    """The same tagger from torch's own modules (softmax attention only)."""

    def __init__(self, c, P):
        super().__init__()
        D, H = c["dim"], c["heads"]
        self.c = c
        self.emb = nn.ParameterDict()  # the input tensors under the engine's names ('.' is not allowed here)
        for n in INPUT_TENSORS:
            if n in P:
                self.emb[INPUT_TENSORS[n]] = nn.Parameter(P[n].clone())
        self.blocks = nn.ModuleList()
        act = "relu" if c["activation"] == "relu" else "gelu"
        for l in range(c["layers"]):
            p = f"block{l}."
            blk = nn.TransformerEncoderLayer(D, H, dim_feedforward=c["ffn"], dropout=0.0, activation=act,
                                             layer_norm_eps=LN_EPS, batch_first=True, norm_first=True)
            with torch.no_grad():
                blk.self_attn.in_proj_weight.copy_(torch.cat([P[p + f"attn.w{w}"].T for w in "qkv"]))
                blk.self_attn.out_proj.weight.copy_(P[p + "attn.wo"].T)
                if c["attn_bias"]:
                    blk.self_attn.in_proj_bias.copy_(torch.cat([P[p + f"attn.b{w}"].reshape(-1) for w in "qkv"]))
                    blk.self_attn.out_proj.bias.copy_(P[p + "attn.bo"].reshape(-1))
                else:  # the module always has biases: zero and frozen
                    blk.self_attn.in_proj_bias.zero_()
                    blk.self_attn.out_proj.bias.zero_()
                    blk.self_attn.in_proj_bias.requires_grad_(False)
                    blk.self_attn.out_proj.bias.requires_grad_(False)
                blk.norm1.weight.copy_(P[p + "ln1.gamma"].reshape(-1))
                blk.norm1.bias.copy_(P[p + "ln1.beta"].reshape(-1))
                blk.norm2.weight.copy_(P[p + "ln2.gamma"].reshape(-1))
                blk.norm2.bias.copy_(P[p + "ln2.beta"].reshape(-1))
                blk.linear1.weight.copy_(P[p + "ffn.w1"].T)
                blk.linear1.bias.copy_(P[p + "ffn.b1"].reshape(-1))
                blk.linear2.weight.copy_(P[p + "ffn.w2"].T)
                blk.linear2.bias.copy_(P[p + "ffn.b2"].reshape(-1))
            self.blocks.append(blk)
        self.ln_f = nn.LayerNorm(D, eps=LN_EPS)
        self.head = nn.Linear(D, c["tags"])
        with torch.no_grad():
            self.ln_f.weight.copy_(P["ln_f.gamma"].reshape(-1))
            self.ln_f.bias.copy_(P["ln_f.beta"].reshape(-1))
            self.head.weight.copy_(P["head.w"].T)
            self.head.bias.copy_(P["head.b"].reshape(-1))
        # per-sequence float mask (B*H, T, T): -inf where not allowed, + ALiBi. A padded query (no key in the
        # engine) is given key 0 so torch yields no NaN; its output never reaches the loss.
        allowed = allowed_mask(c).clone()
        for b in range(B):
            for i in range(LENGTHS[b], T):
                allowed[b, i, 0] = True
        m = torch.zeros(B, H, T, T).masked_fill(~allowed[:, None], float("-inf"))
        if c["pe"] == "alibi":
            m = m + alibi_bias(c)[None]
        self.register_buffer("attn_mask", m.reshape(B * H, T, T))

    def forward(self, batch):
        c = self.c
        x = input_vectors(c, {n: self.emb[k] for n, k in INPUT_TENSORS.items() if k in self.emb}, batch)
        for blk in self.blocks:
            x = blk(x, src_mask=self.attn_mask)
        return self.head(self.ln_f(x))

    def engine_grads(self):
        """Gradients under the engine's names and shapes."""
        c, D = self.c, self.c["dim"]
        g = {n: self.emb[k].grad for n, k in INPUT_TENSORS.items() if k in self.emb}
        for l, blk in enumerate(self.blocks):
            p = f"block{l}."
            g[p + "ln1.gamma"], g[p + "ln1.beta"] = blk.norm1.weight.grad, blk.norm1.bias.grad
            for i, w in enumerate("qkv"):
                g[p + f"attn.w{w}"] = blk.self_attn.in_proj_weight.grad[i * D:(i + 1) * D].T
                if c["attn_bias"]:
                    g[p + f"attn.b{w}"] = blk.self_attn.in_proj_bias.grad[i * D:(i + 1) * D]
            g[p + "attn.wo"] = blk.self_attn.out_proj.weight.grad.T
            if c["attn_bias"]:
                g[p + "attn.bo"] = blk.self_attn.out_proj.bias.grad
            g[p + "ln2.gamma"], g[p + "ln2.beta"] = blk.norm2.weight.grad, blk.norm2.bias.grad
            g[p + "ffn.w1"], g[p + "ffn.b1"] = blk.linear1.weight.grad.T, blk.linear1.bias.grad
            g[p + "ffn.w2"], g[p + "ffn.b2"] = blk.linear2.weight.grad.T, blk.linear2.bias.grad
        g["ln_f.gamma"], g["ln_f.beta"] = self.ln_f.weight.grad, self.ln_f.bias.grad
        g["head.w"], g["head.b"] = self.head.weight.grad.T, self.head.bias.grad
        return g


def close(what, got, want, tol):
    got, want = torch.as_tensor(got, dtype=torch.float64), torch.as_tensor(want, dtype=torch.float64)
    scale = max(want.abs().max().item(), 1e-300)
    err = (got.reshape(want.shape) - want).abs().max().item() / scale
    if not err <= tol:
        raise SystemExit(f"cross-check failed: {what}: max error {err:.3e} (relative to max |value|) > {tol}")
    return err


def cross_check_modules(c, P0, batch, exp, real_rows):
    mod = TorchModuleTagger(c, P0)
    logits = mod(batch)
    loss = F.cross_entropy(logits.reshape(-1, c["tags"]), batch["tags"].reshape(-1), ignore_index=-1)
    loss.backward()
    worst = close("module logits", logits.detach().reshape(B * T, -1)[real_rows], exp["logits"][real_rows], 1e-13)
    worst = max(worst, close("module loss", loss.item(), exp["loss"], 1e-13))
    gscale = max(t.abs().max().item() for t in exp["grads"].values())
    for n, gm in mod.engine_grads().items():
        want = exp["grads"][n]
        err = (gm.reshape(want.shape) - want).abs().max().item() / gscale
        if not err <= 1e-12:
            raise SystemExit(f"cross-check failed: module gradient {n}: error {err:.3e} of the largest gradient")
        worst = max(worst, err)
    # the same 5 Adam steps on the module's parameters
    mod = TorchModuleTagger(c, P0)
    opt = torch.optim.Adam([p for p in mod.parameters() if p.requires_grad], lr=ADAM["lr"],
                           betas=(ADAM["beta1"], ADAM["beta2"]), eps=ADAM["eps"])
    losses = []
    for step in range(ADAM["steps"] + 1):
        opt.zero_grad(set_to_none=True)
        lg = mod(batch)
        loss = F.cross_entropy(lg.reshape(-1, c["tags"]), batch["tags"].reshape(-1), ignore_index=-1)
        losses.append(loss.item())
        if step < ADAM["steps"]:
            loss.backward()
            opt.step()
    # (the module's frozen zero biases of a no-bias case, and bk whose gradient is 0 only up to rounding,
    # make Adam differ in the last digits: 1e-10 is still far below anything the engine test checks)
    worst_adam = close("module Adam losses", losses, exp["losses"], 1e-10)
    return worst, worst_adam


def cross_check_gradcheck(c, P0, batch):
    names = list(P0)
    sizes = [P0[n].numel() for n in names]

    def f(flat, *rest):
        parts = torch.split(flat, sizes)
        P = {n: p.reshape(P0[n].shape) for n, p in zip(names, parts)}
        return forward(c, P, batch, rest[0] if rest else None)[1]

    flat = torch.cat([P0[n].reshape(-1) for n in names]).requires_grad_(True)
    args = (flat,) + ((batch["features"].clone().requires_grad_(True),) if c["input"] == "features" else ())
    torch.autograd.gradcheck(f, args, eps=1e-6, atol=1e-7, rtol=1e-5, raise_exception=True)


# ------------------------------------------------------------------------------------------ writing
def num(v, digits):
    return float(f"{v:.{digits}g}")


def flat(t, digits):
    return [num(v, digits) for v in t.reshape(-1).tolist()]


def dumps(obj, indent=0):
    """JSON with one line per list of numbers (the tensors), objects spread over lines."""
    pad = " " * indent
    if isinstance(obj, dict):
        items = [f'{pad} {json.dumps(k)}: {dumps(v, indent + 1).lstrip()}' for k, v in obj.items()]
        return pad + "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list) and obj and any(isinstance(v, (list, dict)) for v in obj):
        return pad + "[\n" + ",\n".join(dumps(v, indent + 1) for v in obj) + "\n" + pad + "]"
    if isinstance(obj, list):
        return pad + "[" + ",".join(json.dumps(v) for v in obj) + "]"
    return pad + json.dumps(obj)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dry-run", action="store_true", help="compute and cross-check, write nothing")
    ap.add_argument("--out-dir", default=HERE)
    ap.add_argument("-k", help="only the cases whose name contains this")
    args = ap.parse_args()
    for case in CASES:
        if args.k and args.k not in case["name"]:
            continue
        c = json.loads(json.dumps(BASE))
        c.update(case["cfg"])
        seed = 1000 * (CASES.index(case) + 1)
        while True:  # ReLU cases: redraw until no ReLU input at a real token is near its kink
            P0, batch = draw(c, seed)
            exp = run(c, P0, batch)
            if c["activation"] != "relu" or exp["relu_margin"] >= RELU_MARGIN:
                break
            seed += 1
        real_rows = [b * T + t for b in range(B) for t in range(LENGTHS[b])]
        # cross-checks
        notes = []
        hand_losses, hand_final = adam_by_hand(c, P0, batch)
        e_loss = close("Adam by hand: losses", hand_losses, exp["losses"], 1e-12)
        # (a tensor whose gradient is 0 up to rounding, e.g. bk under softmax, moves by noise: not compared)
        gmax = max(exp["grad_scale"].values())
        zero = [n for n, s in exp["grad_scale"].items() if s <= 1e-12 * gmax]
        e_par = max((hand_final[n] - exp["final"][n]).abs().max().item() for n in P0 if n not in zero)
        if e_par > 1e-12:
            raise SystemExit(f"Adam by hand vs torch.optim.Adam: parameters differ by {e_par:.3e}")
        notes.append(f"Adam by hand vs torch.optim.Adam: losses {e_loss:.1e}, params {e_par:.1e}")
        if c["norm"] == "softmax":
            w, wa = cross_check_modules(c, P0, batch, exp, real_rows)
            notes.append(f"nn.TransformerEncoderLayer model: {w:.1e} (Adam losses {wa:.1e})")
        cross_check_gradcheck(c, P0, batch)
        notes.append("gradcheck ok")
        print(f"{case['name']}: seed {seed}, loss {exp['loss']:.6f} -> {exp['losses'][-1]:.6f}, relu margin "
              f"{exp['relu_margin']:.2e}, zero-gradient tensors {zero or '-'}; " + "; ".join(notes))

        fixture = {
            "about": case["about"],
            "generator": f"tests/golden/make_tagger_golden.py, torch {torch.__version__}, float64, seed {seed}",
            "config": c,
            "batch": {"B": B, "T": T, "lengths": LENGTHS, "tags": batch["tags"].reshape(-1).tolist()},
            "params": {n: {"shape": list(t.shape), "values": flat(t, IN_DIGITS)} for n, t in P0.items()},
            "expected": {
                "loss": num(exp["loss"], OUT_DIGITS),
                "logits": [flat(exp["logits"][r], OUT_DIGITS) if r in real_rows else None for r in range(B * T)],
                "grads": {n: flat(g, OUT_DIGITS) for n, g in exp["grads"].items()},
            },
            "adam": {
                "lr": ADAM["lr"], "beta1": ADAM["beta1"], "beta2": ADAM["beta2"], "eps": ADAM["eps"],
                "losses": [num(v, OUT_DIGITS) for v in exp["losses"]],
                "delta_norms": {n: num((exp["final"][n] - P0[n]).norm().item(), OUT_DIGITS) for n in P0
                                if n not in zero},
                "zero_gradient": zero,
            },
        }
        if c["input"] == "tokens":
            fixture["batch"]["tokens"] = batch["tokens"].reshape(-1).tolist()
        else:
            fixture["batch"]["features"] = flat(batch["features"], IN_DIGITS)
            fixture["expected"]["grad_features"] = flat(exp["grad_features"], OUT_DIGITS)
        text = dumps(fixture) + "\n"
        path = os.path.join(args.out_dir, f"tagger_{case['name']}.json")
        if args.dry_run:
            print(f"  (dry run) {path}: {len(text)} bytes")
        else:
            with open(path, "w") as f:
                f.write(text)
            print(f"  wrote {path}: {len(text)} bytes")


if __name__ == "__main__":
    main()
