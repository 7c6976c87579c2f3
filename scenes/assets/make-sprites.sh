#!/usr/bin/env bash
# Renders the sprite strip of the contentsRect scene (scenes/contents-rect.json) with tablerender
# itself: four 64-point frames side by side (a dot climbing through four colours, numbered), at
# 1x and 2x (sprite-strip.png, sprite-strip@2x.png).
#   scenes/assets/make-sprites.sh [path/to/tablerender]
set -euo pipefail
cd "$(dirname "$0")"
bin=${1:-../../.build/release/tablerender}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
frames=""
colors=("#FF9F0A" "#30D158" "#0A84FF" "#BF5AF2")
for i in 0 1 2 3; do
  x=$((i * 64)); dot=$((40 - i * 10)); n=$((i + 1))
  frames+="${frames:+,}
    { \"frame\": [$x, 0, 64, 64], \"backgroundColor\": \"${colors[$i]}\", \"sublayers\": [
      { \"frame\": [22, $dot, 20, 20], \"cornerRadius\": 10, \"backgroundColor\": \"white\" },
      { \"frame\": [4, 2, 20, 16], \"text\": { \"string\": \"$n\", \"font\": { \"size\": 13, \"weight\": \"bold\" }, \"color\": \"white\" } }
    ] }"
done
cat > "$tmp/strip.json" <<JSON
{
  "version": 1,
  "canvas": { "size": [256, 64], "scale": 1, "background": "clear" },
  "fps": 1,
  "duration": 0,
  "layers": [$frames
  ]
}
JSON
for s in 1 2; do
  "$bin" "$tmp/strip.json" "$tmp/$s" --scale "$s" --quiet
  suffix=""; [ "$s" -gt 1 ] && suffix="@${s}x"
  cp "$tmp/$s/frame-0000.png" "sprite-strip$suffix.png"
done
