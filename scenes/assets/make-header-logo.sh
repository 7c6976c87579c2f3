#!/usr/bin/env bash
# Renders the collapsing header's logo (scenes/header.json) with tablerender itself, at 1x, 2x
# and 3x: header-logo.png, header-logo@2x.png, header-logo@3x.png. A scene names the 1x file; the
# loader picks the file for the canvas scale, as UIImage(named:) does.
#   scenes/assets/make-header-logo.sh [path/to/tablerender]
set -euo pipefail
cd "$(dirname "$0")"
bin=${1:-../../.build/release/tablerender}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for s in 1 2 3; do
  "$bin" header-logo.json "$tmp/$s" --scale "$s" --quiet
  suffix=""; [ "$s" -gt 1 ] && suffix="@${s}x"
  cp "$tmp/$s/frame-0000.png" "header-logo$suffix.png"
done
