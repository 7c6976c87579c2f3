#!/usr/bin/env bash
# Renders the settings icons of scenes/settings-icons.json with tablerender itself, at 1x, 2x and
# 3x: icon-NAME.png, icon-NAME@2x.png, icon-NAME@3x.png (29 x 29 pt rounded squares with a white
# glyph drawn as our own paths: no Apple artwork). A scene names the 1x file; the loader picks the
# file for the canvas scale, as UIImage(named:) does.
#   scenes/assets/make-icons.sh [path/to/tablerender]
set -euo pipefail
cd "$(dirname "$0")"
bin=${1:-../../.build/release/tablerender}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
icon() { # name colour glyph-layers-json
  cat > "$tmp/$1.json" <<JSON
{ "version": 1, "canvas": { "size": [29, 29], "background": "clear" }, "fps": 1, "duration": 0,
  "layers": [ { "frame": [0, 0, 29, 29], "cornerRadius": 6.5, "cornerCurve": "continuous", "backgroundColor": "$2",
                "sublayers": [ $3 ] } ] }
JSON
  for s in 1 2 3; do
    "$bin" "$tmp/$1.json" "$tmp/$1-$s" --scale "$s" --quiet
    suffix=""; [ "$s" -gt 1 ] && suffix="@${s}x"
    cp "$tmp/$1-$s/frame-0000.png" "icon-$1$suffix.png"
  done
}
# Wi-Fi: a dot and two arcs.
icon wifi "#007AFF" '{ "frame": [0, 0, 29, 29], "path": { "d": "M7.5 13.5 A10 10 0 0 1 21.5 13.5 M10.3 16.6 A6 6 0 0 1 18.7 16.6", "fillColor": null, "strokeColor": "white", "lineWidth": 2.2, "lineCap": "round" } },
  { "frame": [12.6, 18.6, 3.8, 3.8], "cornerRadius": 1.9, "backgroundColor": "white" }'
# Notifications: a bell.
icon bell "#FF3B30" '{ "frame": [0, 0, 29, 29], "path": { "d": "M14.5 6.5 C10.8 6.5 9 9.2 9 12.5 L9 16.5 L7.5 19 L21.5 19 L20 16.5 L20 12.5 C20 9.2 18.2 6.5 14.5 6.5 Z M12.4 20.3 A2.2 2.2 0 0 0 16.6 20.3 Z", "fillColor": "white" } }'
# Focus: a crescent moon.
icon moon "#5856D6" '{ "frame": [0, 0, 29, 29], "path": { "d": "M17.5 7.2 A7.5 7.5 0 1 0 21.8 18.6 A6.2 6.2 0 1 1 17.5 7.2 Z", "fillColor": "white" } }'
# General: a ring with a hub.
icon gear "#8E8E93" '{ "frame": [0, 0, 29, 29], "path": { "d": "M14.5 7 A7.5 7.5 0 1 1 14.49 7 Z M14.5 11.5 A3 3 0 1 0 14.51 11.5 Z", "fillColor": "white", "fillRule": "evenOdd" } }'
