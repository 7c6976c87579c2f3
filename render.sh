#!/usr/bin/env bash
# tablerender's two entry points (see README.md):
#   ./render.sh                 install what is missing, build release, render every scene in
#                               scenes/ into out/NAME/, and stitch out/NAME.mp4 with ffmpeg
#   ./render.sh test            install, build, run every test (release build, plus a debug
#                               build that must give the same pixels)
#   ./render.sh record-goldens  re-record the golden pixel hashes, on purpose only, after you
#                               have looked at the frames (never run by CI)
set -euo pipefail
cd "$(dirname "$0")"

APT_PACKAGES=(pkg-config libpng-dev zlib1g-dev libssl-dev libfreetype-dev libharfbuzz-dev fonts-inter ffmpeg)

install_packages() {
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  command -v swift >/dev/null || { echo "swift is not on PATH (Swift 6 toolchain needed)"; exit 1; }
}

# Runs a command, hiding output lines that match a pattern; returns the command's status.
filtered() {
  local pattern=$1; shift
  set +e
  "$@" 2>&1 | grep -vE "$pattern"
  local status=${PIPESTATUS[0]}
  set -e
  return "$status"
}

build_release() {
  echo "== building (release)"
  filtered '^\[[0-9]+/[0-9]+\]' swift build -c release
}

render_all() {
  local bin=.build/release/tablerender
  mkdir -p out
  for scene in scenes/*.json; do
    local name
    name=$(basename "$scene" .json)
    rm -rf "out/$name"
    "$bin" "$scene" "out/$name"
    local fps
    fps=$(sed -n 's/^  "fps": \([0-9.]*\),$/\1/p' "out/$name/manifest.json")
    local count
    count=$(ls "out/$name"/frame-*.png | wc -l)
    if [ "$count" -gt 1 ]; then
      local pattern
      pattern=$(ls "out/$name"/frame-*.png | head -1 | sed 's/.*frame-\([0-9]*\)\.png/\1/' | awk '{print "frame-%0" length($0) "d.png"}')
      ffmpeg -loglevel error -y -framerate "$fps" -i "out/$name/$pattern" \
        -vf "pad=ceil(iw/2)*2:ceil(ih/2)*2" -c:v libx264 -pix_fmt yuv420p "out/$name.mp4"
      echo "   out/$name.mp4"
    fi
  done
}

run_tests() {
  echo "== unit, differential and golden tests (release)"
  filtered '^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)' swift test -c release -Xswiftc -enable-testing --disable-swift-testing \
    || { echo "tests failed"; exit 1; }

  echo "== determinism: debug build against release build, --jobs 1 against default"
  filtered '^\[[0-9]+/[0-9]+\]|^Compiling|^Building|^Write' swift build
  local tmp
  tmp=$(mktemp -d)
  pixels() { grep -o '"index": [0-9]*,.*"pixelsSha256": "[0-9a-f]*"' "$1/manifest.json" | sed 's/"time".*"pixelsSha256"//'; }
  local ok=1 checks=0
  # scene, frames for the (slow) debug build
  for pair in flip:24..36 content:9..12; do
    local name=${pair%%:*} range=${pair#*:}
    .build/release/tablerender "scenes/$name.json" "$tmp/$name-release" >/dev/null
    .build/release/tablerender "scenes/$name.json" "$tmp/$name-jobs1" --jobs 1 >/dev/null
    .build/debug/tablerender "scenes/$name.json" "$tmp/$name-debug" --frames "$range" >/dev/null
    local first=$(( ${range%%..*} + 1 )) last=$(( ${range##*..} + 1 ))
    diff <(pixels "$tmp/$name-release") <(pixels "$tmp/$name-jobs1") >/dev/null || { echo "FAIL: $name: --jobs 1 differs from default jobs"; ok=0; }
    diff <(pixels "$tmp/$name-release" | sed -n "${first},${last}p") <(pixels "$tmp/$name-debug") >/dev/null || { echo "FAIL: $name: debug build differs from release"; ok=0; }
    (cd "$tmp/$name-release" && sha256sum -c --quiet SHA256SUMS) || { echo "FAIL: $name: SHA256SUMS does not verify"; ok=0; }
    checks=$((checks + 3))
  done
  rm -rf "$tmp"
  if [ "$ok" -eq 1 ]; then echo "determinism: $checks passed, 0 failed"; else echo "determinism: failed"; exit 1; fi
}

record_goldens() {
  local file=Tests/TableRenderTests/Goldens/pixels.txt
  local tmp
  tmp=$(mktemp -d)
  : > "$file.new"
  for scene in scenes/*.json; do
    .build/release/tablerender "$scene" "$tmp/out" >/dev/null
    grep -o '"index": [0-9]*,.*"pixelsSha256": "[0-9a-f]*"' "$tmp/out/manifest.json" \
      | sed "s|\"index\": \([0-9]*\),.*\"pixelsSha256\": \"\([0-9a-f]*\)\"|$(basename "$scene") \1 \2|" >> "$file.new"
    rm -rf "$tmp/out"
  done
  mv "$file.new" "$file"
  rm -rf "$tmp"
  echo "recorded $(wc -l < "$file") frame hashes in $file; review the frames and the diff before committing"
}

case "${1:-render}" in
  render) install_packages; build_release; render_all ;;
  test) install_packages; build_release; run_tests ;;
  record-goldens) install_packages; build_release; record_goldens ;;
  *) echo "usage: ./render.sh [test|record-goldens]"; exit 64 ;;
esac
