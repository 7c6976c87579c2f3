#!/usr/bin/env bash
# Renders the contact photos of the drop-in cards scene (scenes/cards.json) with tablerender
# itself: a square of two colours with the person's initials, at 1x and 2x (avatar-XX.png,
# avatar-XX@2x.png; the cell clips it to a circle). The loader picks the file for the canvas
# scale, as UIImage(named:) does.
#   scenes/assets/make-avatars.sh [path/to/tablerender]
set -euo pipefail
cd "$(dirname "$0")"
bin=${1:-../../.build/release/tablerender}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# initials, top colour, bottom colour
people=(
  "AL #FF9F0A #FF375F" "GH #30D158 #0A84FF" "KJ #64D2FF #5E5CE6" "MH #FFD60A #FF9F0A"
  "RF #BF5AF2 #FF375F" "TB #0A84FF #5E5CE6" "GM #FF453A #FF9F0A" "LT #66D4CF #30D158"
)
for p in "${people[@]}"; do
  read -r initials top bottom <<<"$p"
  cat > "$tmp/avatar.json" <<JSON
{
  "version": 1,
  "canvas": { "size": [64, 64], "scale": 1, "background": "clear" },
  "fps": 1,
  "duration": 0,
  "layers": [
    { "frame": [0, 0, 64, 64],
      "gradient": { "colors": ["$top", "$bottom"], "startPoint": [0, 0], "endPoint": [1, 1] },
      "sublayers": [
        { "frame": [0, 16, 64, 32],
          "text": { "string": "$initials", "font": { "size": 24, "weight": "semibold" }, "color": "white", "alignment": "center" } }
      ] }
  ]
}
JSON
  name=$(echo "$initials" | tr 'A-Z' 'a-z')
  for s in 1 2; do
    "$bin" "$tmp/avatar.json" "$tmp/$s" --scale "$s" --quiet
    suffix=""; [ "$s" -gt 1 ] && suffix="@${s}x"
    cp "$tmp/$s/frame-0000.png" "avatar-$name$suffix.png"
  done
done
