#!/usr/bin/env bash
# A benchmark table of every scene in scenes/: `tablerender bench` at each scale and job count,
# printed as Markdown rows (phases in ms a frame, summed over workers; fps is wall clock).
#   bench/all-scenes.sh BINARY [SCALES] [JOBS] [REPEAT]     (default: "2 3" "1 2" 1)
# Release builds only; nothing else should run on the machine meanwhile.
set -euo pipefail
bin=$1
scales=${2:-2 3}
jobs=${3:-1 2}
repeat=${4:-1}
cd "$(dirname "$0")/.."
echo "| scene | scale | jobs | frames | simulate | build | composite | raster | simulate..raster | encode | hash | write | sim..raster / encode | fps | peak MB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for scene in scenes/*.json; do
  for scale in $scales; do
    for j in $jobs; do
      line=$("$bin" bench "$scene" --scale "$scale" --jobs "$j" --repeat "$repeat" 2>/dev/null | tail -1) || { echo "| $(basename "$scene" .json) | $scale | $j | failed |"; continue; }
      python3 - "$line" "$(basename "$scene" .json)" "$scale" "$j" <<'PY'
import json, sys
d = json.loads(sys.argv[1]); m = d["msPerFrame"]
ratio = d["simulateToRaster"] / m["encode"] if m["encode"] else 0
print(f"| {sys.argv[2]} | {sys.argv[3]} | {sys.argv[4]} | {d['frames']} | {m['simulate']:.3f} | {m['build']:.3f} | {m['composite']:.3f} | "
      f"{m['raster']:.3f} | {d['simulateToRaster']:.3f} | {m['encode']:.3f} | {m['hash']:.3f} | {m['write']:.3f} | {ratio:.2f} | "
      f"{d['framesPerSecond']:.1f} | {d['peakMemoryMB']} |")
PY
    done
  done
done
