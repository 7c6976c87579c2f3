#!/usr/bin/env bash
# Times tablerender and Skia's CPU raster backend (skia-python from PyPI) on the same frames,
# one after the other in one run, single-threaded, best of REPEAT passes each.
#   bench/compare-skia.sh [SCENE] [FRAMES] [SCALE]     (default: scenes/fold.json 13..29 2)
# tablerender exports every command of those frames (device-space fills with solid, gradient
# and image paints; scopes with clips, group alpha, shadows and masks; path shadows; images'
# pixels) and bench/skia_compare.py draws exactly that with Skia, everything built before its
# clock starts. Any scene replays (cards, rotate, scripts included).
# Prints both JSON lines, the ratios, and how far Skia's last frame is from ours.
set -euo pipefail
cd "$(dirname "$0")/.."
scene=${1:-scenes/fold.json}
frames=${2:-13..29}
scale=${3:-2}
repeat=${REPEAT:-5}

command -v python3 >/dev/null && python3 -c 'import venv, ensurepip' 2>/dev/null || {
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3 python3-venv >/dev/null
}
venv=.build/skia-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c 'import skia, numpy' 2>/dev/null || "$venv/bin/pip" install -q skia-python numpy

swift build -c release 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]|^Building|^Build complete|^Compiling|^Write' || true
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=.build/release/tablerender
last=${frames##*..}

ours=$("$bin" bench "$scene" --scale "$scale" --frames "$frames" --jobs 1 --repeat "$repeat" --export-draws "$tmp/draws.jsonl")
uncached=$("$bin" bench "$scene" --scale "$scale" --frames "$frames" --jobs 1 --repeat "$repeat" --no-mask-cache)
"$bin" "$scene" "$tmp/ours" --scale "$scale" --frames "$last..$last" >/dev/null
skia=$("$venv/bin/python" bench/skia_compare.py "$tmp/draws.jsonl" "$repeat" "$tmp/skia.png" "$(ls "$tmp"/ours/frame-*.png)")

echo "tablerender:           $ours"
echo "tablerender, no cache: $uncached"
echo "skia:                  $skia"
python3 - "$ours" "$uncached" "$skia" <<'PY'
import json, sys
ours, uncached, skia = (json.loads(a) for a in sys.argv[1:4])
s = skia["msPerFrame"]
for name, r in (("tablerender", ours), ("tablerender, no cache", uncached)):
    raster = r["msPerFrame"]["raster"]
    print(f"{name}: raster {raster:.3f} ms vs Skia {s:.3f} ms per frame = {raster / s:.2f}x; "
          f"simulate..raster {r['simulateToRaster']:.3f} ms = {r['simulateToRaster'] / s:.2f}x")
PY
