#!/usr/bin/env bash
# The lecture's comparisons, from real training runs with fixed seeds: prints one table per claim.
#
#   scripts/results.sh [path/to/attnlab]        (default: build/native/attnlab; `make results` builds it)
#
# Every number below comes from `attnlab train --json` / `attnlab eval --json` / `attnlab speed --json`
# with the settings shown, so each line can be re-run by hand. About 30 minutes on one core (seg_zh on real
# Chinese about 6 of them; the data-size sweeps at the end, `attnlab sweep --task image` and `--task pos`, about
# 3.5 and 7).
set -euo pipefail
cd "$(dirname "$0")/.."
ATTNLAB=${1:-build/native/attnlab}
[[ -x $ATTNLAB ]] || { echo "results.sh: $ATTNLAB not found (build it: cmake --preset native && cmake --build --preset native)" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# field FIELD JSON: one field of a JSON object
field() { python3 -c 'import json,sys; v=json.loads(sys.argv[2])[sys.argv[1]]; print(f"{100*v:6.2f}%" if isinstance(v,float) and sys.argv[1].endswith("acc") else (f"{v:7.2f}" if isinstance(v,float) else v))' "$1" "$2"; }
# train ARGS...: the final JSON line of a training run
train() { "$ATTNLAB" train --json --eval-every 500 "$@" | tail -n 1; }
row() {  # row LABEL ARGS...: one table row with dev, test, ms/step (and the attention's scores per step)
  local label=$1; shift
  local j; j=$(train "$@")
  printf "  %-44s dev %s  test %s  %s\n" "$label" "$(field dev_acc "$j")" "$(field test_acc "$j")" \
    "$(python3 -c 'import json,sys; j=json.loads(sys.argv[1]); s=j.get("scores_per_step", 0)
print("%7.2f ms/step" % j["ms_per_step"] + ("  %9.0f scores/step" % s if s else ""))' "$j")"
}

# prow LABEL ARGS...: a pos row: dev, test, the test's unknown words and genre groups (attnlab eval --json)
prow() {
  local label=$1; shift
  local j; j=$(train "$@" --save "$TMP/prow.model")
  local e; e=$("$ATTNLAB" eval --load "$TMP/prow.model" --json)
  python3 -c 'import json,sys
j, e = json.loads(sys.argv[2]), json.loads(sys.argv[3])
g = "  ".join("%s %.2f%%" % (k, 100 * v["accuracy"]) for k, v in sorted(e["per_genre"].items()))
print("  %-36s dev %6.2f%%  test %6.2f%%  unknown words %6.2f%%  %6.2f ms/step  (%s)" % (sys.argv[1], 100 * j["dev_acc"],
      100 * e["accuracy"], 100 * e["unknown"]["accuracy"], j["ms_per_step"], g))' "$label" "$j" "$e"
}

echo "== pos: English part of speech on the Brown Corpus (12 universal tags; test = 52 held-out documents, 120,269 words; seed 1)"
"$ATTNLAB" train --task pos --steps 1 --eval-every 1 --eval-max 1 --save "$TMP/any.model" >/dev/null
"$ATTNLAB" eval --load "$TMP/any.model" --json | python3 -c 'import json,sys
e = json.load(sys.stdin)
print("  %-36s test %6.2f%%  unknown words %6.2f%%  (each word'"'"'s most frequent training tag; unknown: of its shape)" % (
      "most-frequent-tag baseline", 100 * e["baseline"]["accuracy"], 100 * e["baseline"]["unknown_accuracy"]))'
prow "the page's default (D32, 3000 steps)" --task pos --dim 32 --batch 16 --warmup 50 --constant-lr --steps 3000 \
  --lr 0.006000000052154064  # the page's lr, a float
for steps in 2500 5000; do
  prow "attention L2 H4 D64, $steps steps" --task pos --steps $steps
done
prow "the CLI's default (L2 H4 D64, 10000)" --task pos
cp "$TMP/prow.model" "$TMP/pos.model"
prow "window FC k=3, 3000 steps" --task pos --model window --window 3 --steps 3000
prow "CNN k=3, 2 layers, 3000 steps" --task pos --model cnn --kernel 3 --cnn-layers 2 --steps 3000
prow "RNN GRU bidirectional, 3000 steps" --task pos --model rnn --rnn gru --bidirectional --steps 3000
for text in "I saw a saw" "She saw a blicket"; do
  printf "  %-20s \"%s\" -> %s\n" "the CLI's default" "$text" \
    "$("$ATTNLAB" tag --load "$TMP/pos.model" --json "$text" | python3 -c 'import json,sys; print(" ".join(json.load(sys.stdin)["tags"]))')"
done

echo
echo "== seg_zh: Chinese word segmentation, one B/M/E/S label per character, on the lecture's template sentences"
echo "   (--data engine/data/seg_zh.txt, 1500 steps, seed 1)"
echo "   (chance: always B, about 35%; 研究生命的起源 is 研究/生命/的/起源 = B E B E S B E)"
row "attention L2 H4 D64 sinusoidal" --task seg_zh --data engine/data/seg_zh.txt --steps 1500 --save "$TMP/seg.model"
row "window FC k=3" --task seg_zh --data engine/data/seg_zh.txt --model window --window 3 --steps 1500
row "CNN k=3, 2 layers" --task seg_zh --data engine/data/seg_zh.txt --model cnn --kernel 3 --cnn-layers 2 --steps 1500
row "RNN GRU bidirectional" --task seg_zh --data engine/data/seg_zh.txt --model rnn --rnn gru --bidirectional --steps 1500
for text in 研究生命的起源 南京市长江大桥 他说的确实在理; do
  printf "  %-20s %s -> %s\n" "attention" "$text" \
    "$("$ATTNLAB" tag --load "$TMP/seg.model" --json "$text" | python3 -c 'import json,sys; print(" ".join(json.load(sys.stdin)["tags"]))')"
done

echo
echo "== seg_zh on real Chinese: the hand-made test set (tests/fixtures/seg_zh_handmade, 330 sentences, never trained on)"
echo "   and its development set (dev.txt, 150 sentences, used to choose the corpus's recipe); training: .deps/seg_zh.txt, the default"
echo "   (Debian's Chinese documentation and sequences of jieba's dictionary words, jieba's silver segmentation; make setup)"
HAND="$TMP/hand.txt" DEV="$TMP/dev.txt"
cat tests/fixtures/seg_zh_handmade/{everyday,news,textbook}.txt | grep -v '^#' >"$HAND"
grep -v '^#' tests/fixtures/seg_zh_handmade/dev.txt >"$DEV"
# hrow LABEL MODEL [--segmented-by jieba]: word F1 (precision, recall), per-character accuracy, unseen-word recall and
# the characters read as an unknown vector on the test set, and the F1 on the development set
hrow() {
  local label=$1 model=$2 test dev
  if [[ ${3:-} == --segmented-by ]]; then
    test=$("$ATTNLAB" eval --load "$model" --data "$HAND" --json --segmented "$TMP/jieba_hand.txt")
    dev=$("$ATTNLAB" eval --load "$model" --data "$DEV" --json --segmented "$TMP/jieba_dev.txt")
  else
    test=$("$ATTNLAB" eval --load "$model" --data "$HAND" --json)
    dev=$("$ATTNLAB" eval --load "$model" --data "$DEV" --json)
  fi
  python3 -c 'import json,sys
e, d = json.loads(sys.argv[2]), json.loads(sys.argv[3])
w = e["words"]
unk = "" if sys.argv[4] else "  unknown characters %4.1f%%" % (100 * e["unknown_chars"] / e["tokens"])
print("  %-46s F1 %5.1f  (P %5.1f  R %5.1f)  characters %5.1f%%  unseen words: recall %5.1f%% of %d%s  | dev F1 %5.1f" % (
      sys.argv[1], 100 * w["f1"], 100 * w["precision"], 100 * w["recall"], 100 * e["accuracy"], 100 * w["unseen_recall"],
      w["unseen"], unk, 100 * d["words"]["f1"]))' "$label" "$test" "$dev" "${3:-}"
}
hrow "before: templates, attention (seg.model)" "$TMP/seg.model"
# real text that no training source holds, segmented by other conventions: 300 sentences of the Chinese manual
# pages (manpages-zh) as jieba cuts them alone, and as the corpus's rules would (both silver: no person cut them)
OTHER="$TMP/other"
/usr/bin/python3 scripts/make_zh_corpus.py --other "$OTHER" >/dev/null
orow() {  # orow LABEL MODEL [--segmented-by-rules]: the model's F1 (or the rules' cut's) on the other real text
  local j r='{}'
  j=$("$ATTNLAB" eval --load "$2" --data "$OTHER/other_jieba.txt" --json ${3:+--segmented "$OTHER/other_rules.txt"})
  [[ -z ${3:-} ]] && r=$("$ATTNLAB" eval --load "$2" --data "$OTHER/other_rules.txt" --json)
  python3 -c 'import json,sys
j, r = json.loads(sys.argv[2]), json.loads(sys.argv[3])
print("      %s F1 %5.1f against jieba'"'"'s own cut%s" % (sys.argv[1], 100 * j["words"]["f1"],
      "" if sys.argv[4] else ", %5.1f against the corpus'"'"'s rules" % (100 * r["words"]["f1"])))' "$1" "$j" "$r" "${3:-}"
}
orow "other real text (manpages-zh, 300 sentences, never trained on):" "$TMP/seg.model"
for m in "attention L2 H4 D64|" "window FC k=3|--model window --window 3" "CNN k=3, 2 layers|--model cnn --kernel 3 --cnn-layers 2" \
         "RNN GRU bidirectional|--model rnn --rnn gru --bidirectional"; do
  # shellcheck disable=SC2086
  train --task seg_zh --data .deps/seg_zh.txt --steps 6000 ${m#*|} --save "$TMP/real.model" >/dev/null
  hrow "real text: ${m%%|*}, 6000 steps" "$TMP/real.model"
  orow "other real text (manpages-zh, 300 sentences, never trained on):" "$TMP/real.model"
  # the lecture's examples, as this model cuts them (the lecture: 研究 生命 的 起源, 研究生 命 苦, 乒乓球拍 卖 完 了)
  for text in 研究生命的起源 研究生命苦 南京市长江大桥 乒乓球拍卖完了; do
    "$ATTNLAB" tag --load "$TMP/real.model" "$text" | sed -n 's/^words: //p'
  done | paste -sd '|' | sed 's/|/   |   /g; s/^/      /'
  [[ $m == attention* ]] && cp "$TMP/real.model" "$TMP/real_attention.model"
done
if /usr/bin/python3 -c 'import jieba' 2>/dev/null; then
  for f in hand dev; do
    /usr/bin/python3 -c 'import jieba, logging, sys
jieba.setLogLevel(logging.WARNING)
for line in open(sys.argv[1], encoding="utf-8"):
    print(" ".join(w for w in jieba.cut("".join(line.split())) if w.strip()))' "$TMP/$f.txt" >"$TMP/jieba_$f.txt"
  done
  hrow "jieba 0.42.1 (a dictionary segmenter)" "$TMP/real_attention.model" --segmented-by jieba
  orow "the corpus's rules on the other real text:" "$TMP/real_attention.model" --segmented-by-rules
fi

echo
echo "== seen / count: content lookup at any distance (600 steps; chance: seen 50%, count ~35% majority)"
row "seen   attention L2 H4 D64" --task seen --steps 600
row "seen   window FC k=3" --task seen --model window --window 3 --steps 600
row "count  attention softmax" --task count --steps 600
row "count  attention sigmoid (weights need not sum to 1)" --task count --steps 600 --norm sigmoid
row "count  window FC k=3" --task count --model window --window 3 --steps 600

echo
echo "== reverse / sort: position arithmetic (vocabulary 16, lengths 6..16; uniform chance 6.25%)"
row "reverse sinusoidal PE (1000 steps)" --task reverse --steps 1000
row "reverse learned PE (3000 steps)" --task reverse --steps 3000 --pe learned
row "reverse no PE (1000 steps)" --task reverse --steps 1000 --pe none
row "sort    sinusoidal PE (1000 steps)" --task sort --steps 1000
row "sort    learned PE (1000 steps)" --task sort --steps 1000 --pe learned
row "sort    no PE (1000 steps)" --task sort --steps 1000 --pe none

echo
echo "== frames: speech-like segments; truncated attention w=3 vs full (600 steps)"
echo "   (scores/step = (query, key) scores the attention layers computed per step, over layers, heads, batch)"
row "full attention, lengths 24..64" --task frames --steps 600
row "truncated attention w=3, lengths 24..64" --task frames --steps 600 --window-mask 3
row "window FC k=7, lengths 24..64" --task frames --model window --window 7 --steps 600
row "full attention, lengths 128..256 (400 steps)" --task frames --lengths 128:256 --steps 400
row "truncated w=3, lengths 128..256 (400 steps)" --task frames --lengths 128:256 --steps 400 --window-mask 3
echo "  ms per training step as T grows (batch 8, random input):"
for args in "" "--window-mask 3"; do
  # shellcheck disable=SC2086
  "$ATTNLAB" speed $args --lens 64,256,1024 --steps 10 --json | python3 -c '
import json,sys
j=json.load(sys.stdin)
print("  %-44s" % j["model"] + "".join("  T=%-4d %7.1f ms %5.1f%% of T^2" % (r["T"], r["ms_per_step"], 100*r["scores_per_step"]/r["dense_scores_per_step"]) for r in j["results"]))'
done

echo
echo "== graph: attention along the edges is a graph network (majority class of the neighbours, 300 steps)"
row "attention, mask = the graph's edges" --task graph --steps 300
row "attention, full mask (edges ignored)" --task graph --steps 300 --mask full
row "window FC k=3 (node order is meaningless)" --task graph --model window --window 3 --steps 300
row "RNN GRU bidirectional" --task graph --model rnn --bidirectional --steps 300

echo
echo "== RNN vs attention: ms per training step as T grows (batch 8, D = Hd = 64, one core)"
for args in "--model rnn --rnn gru" "--model rnn --rnn gru --bidirectional" "--model attention --layers 2 --heads 4" "--model attention --layers 1 --heads 4"; do
  # shellcheck disable=SC2086
  "$ATTNLAB" speed $args --lens 16,64,256 --steps 5 --json | python3 -c '
import json,sys
j=json.load(sys.stdin)
print("  %-44s" % j["model"] + "".join("  T=%-4d %8.2f ms" % (r["T"], r["ms_per_step"]) for r in j["results"]))'
done
echo "  (sequential steps per layer: RNN T, attention 1; work: RNN ~T*Hd^2, attention ~T^2*D + T*D^2)"

echo
echo "== learned vs sinusoidal PE on sequences longer than training (reverse, trained on 6..16, tested on 17..32)"
"$ATTNLAB" train --task reverse --steps 1000 --pe sinusoidal --quiet --save "$TMP/rev_sin.model"
"$ATTNLAB" train --task reverse --steps 3000 --pe learned --quiet --save "$TMP/rev_learned.model"
for m in rev_sin rev_learned; do
  for len in 6:16 17:32; do
    if out=$("$ATTNLAB" eval --load "$TMP/$m.model" --lengths "$len" --json 2>&1); then
      printf "  %-12s lengths %-6s accuracy %s\n" "$m" "$len" "$(field accuracy "$out" | awk '{printf "%.2f%%", $1*100}')"
    else
      printf "  %-12s lengths %-6s ERROR: %s\n" "$m" "$len" "${out#attnlab: }"
    fi
  done
done

echo
echo "== image: CNN vs self-attention as the training set grows (12x12 images, one label per pixel, seed 1)"
# attnlab sweep: both models on the first N training images for each N, the same steps and seed for every N, the
# same 200 dev images; the verdict line is computed from these numbers by the engine (engine/train/sweep.h).
# sweep_table ITEMS ARGS...: one `attnlab sweep --json` as a table and its verdict
sweep_table() {
  local items=$1; shift
  "$ATTNLAB" sweep "$@" --json | tail -n 1 | python3 -c '
import json, sys
items, j = sys.argv[1], json.load(sys.stdin)
c, steps, batch = j["curves"], j["steps"], j["batch"]
print("   %s vs %s; the same budget for every size: %d steps of %d %s (%d seen per run:" % (
    j["attention"], j["baseline"], steps, batch, items, steps * batch))
print("   " + ", ".join("%.1f epochs of %d" % (steps * min(batch, n) / n, n) for n in c["sizes"]) + ")")
print("  %-12s" % items + "".join("%9d" % n for n in c["sizes"]))
for name, key in (("attention", "attention"), ("CNN", "baseline"), ("chance", "majority_acc")):
    print("  %-12s" % name + "".join("%8.2f%%" % (100 * v) if v is not None else "%9s" % "-" for v in c[key]))
print("  verdict: " + j["sentence"])' "$items"
}
sweep_table images --task image --sizes 50,200,1000,5000

echo
echo "== pos: CNN vs self-attention as the training set grows (the Brown Corpus; sentences drawn by the seed, each size"
echo "   with the vocabulary of its own sentences; the same dev documents; seed 1)"
sweep_table sentences --task pos --sizes 500,2000,10000,all --steps 6000
