# Attention Lab: the two commands a newcomer needs are `make serve` and `make test` (see README.md).
# Every target installs what is missing first (scripts/setup.sh is quick when everything is there).
SHELL := /bin/bash
.DEFAULT_GOAL := help
export NODE_PATH := /usr/share/nodejs
PORT ?= 8000
JOBS ?= $(shell nproc)

.PHONY: help setup native wasm dist serve desktop test check test-native test-asan test-wasm test-e2e test-docs docs asan-build asan fuzz train results bench bench-page soak format check-format clean

help:
	@echo "make serve    build the WebAssembly app into dist/ and serve it at http://127.0.0.1:$(PORT)/"
	@echo "make test     build everything and run every test (native, native under AddressSanitizer + UBSan,"
	@echo "              WebAssembly under Node, the docs' commands, browser)"
	@echo "make check    the inner loop after a build: the native tests but the slow label, one browser smoke test"
	@echo "make docs     rewrite the generated parts of README.md and docs/ (link keys, every --help)"
	@echo "make desktop  build and start the native desktop app"
	@echo "make dist     build the WebAssembly app into dist/ (static files, host anywhere; examples/ beside it)"
	@echo "make train    train the default POS tagger with the CLI and save it to build/pos.model"
	@echo "make results  train the lecture's comparisons and print the table (about 30 minutes on one core)"
	@echo "make bench    time bench-tagger, then a grid of shapes: engine native + WebAssembly (SIMD128, relaxed SIMD)"
	@echo "              vs PyTorch, TensorFlow.js and jax-js, one table with the ratios (about 15 minutes;"
	@echo "              make bench BENCH_ARGS=--quick: fewer repeats)"
	@echo "make bench-page  time training in the page (headless Chromium) vs headless WebAssembly, and the UI's frame times"
	@echo "make soak     30 minutes of random actions in the page while it trains: heap, JS heap and fps over time"
	@echo "make asan     every native test under AddressSanitizer + UBSan, the long training runs too (about an hour;"
	@echo "              make test runs the rest: ctest --preset asan-quick)"
	@echo "make fuzz     fuzz every parser (libFuzzer + ASan + UBSan, 30 minutes or 10M runs each; make test replays the corpora)"
	@echo "make format        rewrite the C++ files in the style of .clang-format (clang-format 14)"
	@echo "make check-format  list the C++ files that are not in that style (changes nothing)"
	@echo "make clean    remove build/ and dist/"

setup:
	@bash scripts/setup.sh

native: setup
	@cmake --preset native >/dev/null
	@ln -sfn build/native/compile_commands.json compile_commands.json   # for editors and clangd
	@cmake --build --preset native -j $(JOBS)

wasm: setup
	@cmake --preset wasm >/dev/null
	@cmake --build --preset wasm -j $(JOBS)

dist: wasm
	@rm -rf dist && mkdir -p dist
	@cp index.html build/wasm/api.js build/wasm/app.js build/wasm/app.wasm build/wasm/zh_font.ttf build/wasm/brown.pack.gz \
	   build/wasm/seg_zh.txt.gz build/wasm/trainer.js build/wasm/trainer.wasm build/wasm/trainer_worker.js dist/
	@cp -r web/examples dist/examples
	@echo "dist/: $$(du -sh dist | cut -f1) ($$(ls dist | tr '\n' ' '))"

serve: dist
	@echo "Attention Lab at http://127.0.0.1:$(PORT)/, a course page driving it at http://127.0.0.1:$(PORT)/examples/course.html  (Ctrl-C stops it)"
	@cd dist && exec python3 -m http.server $(PORT) --bind 127.0.0.1

desktop: native
	@build/native/attnlab_app

test-native: native
	@ctest --preset native -j $(JOBS)

test-wasm: wasm
	@ctest --preset wasm -j $(JOBS)

test-e2e: dist
	@node tests/e2e/run.mjs

# The commands the docs mark runnable, and the generated references compared with the programs' own output.
test-docs: native wasm
	@python3 scripts/docs.py check
	@python3 scripts/docs.py run

docs: native
	@python3 scripts/docs.py generate

# Every build first (each with both cores), then every suite: the docs' commands need the native and the
# WebAssembly CLI, and no suite waits for a build in between. A failing suite does not stop the others; the end
# lists each step's time (scripts/test.sh).
test: setup
	@JOBS=$(JOBS) bash scripts/test.sh

check: native dist
	@ctest --preset native -j $(JOBS) -LE slow
	@node tests/e2e/run.mjs smoke

asan-build: setup
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)

asan: asan-build
	@ctest --preset asan -j $(JOBS)

test-asan: asan-build
	@ctest --preset asan-quick -j $(JOBS)

fuzz: setup
	@bash scripts/fuzz.sh

train: native
	@build/native/attnlab train --task pos --model attention --layers 2 --heads 4 --dim 64 --pe sinusoidal \
	  --mask full --norm softmax --steps 1500 --seed 1 --save build/pos.model
	@build/native/attnlab tag --load build/pos.model "I saw a saw"

results: native
	@bash scripts/results.sh build/native/attnlab

bench: native wasm
	@bash scripts/bench.sh
	@bash scripts/bench.sh --sweep $(BENCH_ARGS)

bench-page: dist
	@node scripts/bench_page.mjs

soak: dist
	@node scripts/soak.mjs

format: setup
	@bash scripts/format.sh

check-format: setup
	@bash scripts/check_format.sh

clean:
	rm -rf build dist
