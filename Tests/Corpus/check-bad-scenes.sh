#!/usr/bin/env bash
# Runs the built binary on every case of the bad-scene corpus (Tests/Corpus/bad, made by
# make-bad-scenes.py) and on hostile files made here, and checks for each: exit status 64, the
# exact message in NAME.expected (the corpus folder is shown as <corpus>), and that nothing was
# written. Prints "bad scenes: N passed, M failed".
#   Tests/Corpus/check-bad-scenes.sh BINARY            check
#   Tests/Corpus/check-bad-scenes.sh BINARY --record   write NAME.expected (read them before committing)
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
record=${2:-}
cd "$(dirname "$0")/bad"
corpus=$(pwd -P)
tmp=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# check NAME EXPECTED_STATUS -- ARGS...: runs the binary with ARGS, output folder $tmp/out.
check() {
  local name=$1 want=$2; shift 3
  rm -rf "$tmp/out"
  "$bin" "$@" "$tmp/out" >"$tmp/stdout" 2>"$tmp/stderr"
  local status=$?
  local got
  got=$(sed "s|$corpus|<corpus>|g; s|$tmp|<tmp>|g" "$tmp/stderr")
  if [ "$record" = "--record" ]; then printf '%s\n' "$got" > "$name.expected"; fi
  local why=""
  [ "$status" -eq "$want" ] || why="exit $status, expected $want"
  [ -z "$why" ] && [ "$got" != "$(cat "$name.expected" 2>/dev/null)" ] && why="message differs:
--- expected
$(cat "$name.expected" 2>/dev/null)
--- got
$got"
  [ -z "$why" ] && [ -e "$tmp/out" ] && why="the output folder was created"
  if [ -z "$why" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name: $why"; fi
}

for scene in *.json; do
  name=${scene%.json}
  extra=()
  [ -f "$name.flags" ] && read -r -a extra < "$name.flags"
  check "$name" 64 -- "$scene" "${extra[@]}"
done

# Hostile files that cannot live in git.
mkfifo "$tmp/fifo.json"
truncate -s 33M "$tmp/large.json"
check hostile-scene-too-large 64 -- "$tmp/large.json"
mkdir -p "$tmp/folder.json"
check hostile-scene-fifo 64 -- "$tmp/fifo.json"
check hostile-scene-dev-zero 64 -- /dev/zero
check hostile-scene-folder 64 -- "$tmp/folder.json"
check hostile-scene-missing 64 -- "$tmp/none.json"
printf '{"version":1,"canvas":{"size":[10,10]},"fps":1,"duration":0,"layers":[{"frame":[0,0,5,5],"image":{"file":"fifo.json"}}]}' > "$tmp/fifo-image.json"
check hostile-image-fifo 64 -- "$tmp/fifo-image.json"
ln -s /etc/hostname "$tmp/link.png"
printf '{"version":1,"canvas":{"size":[10,10]},"fps":1,"duration":0,"layers":[{"frame":[0,0,5,5],"image":{"file":"link.png"}}]}' > "$tmp/link-image.json"
check hostile-image-link-out 64 -- "$tmp/link-image.json"
check usage-frames-reversed 64 -- "$corpus/../good/minimal.json" --frames 5..3
check usage-frames-out-of-range 64 -- "$corpus/../good/minimal.json" --frames 0..99
check usage-fps-zero 64 -- "$corpus/../good/minimal.json" --fps 0
# Issue 26: a message never echoes megabytes of input (long tokens cut to about 80 characters).
python3 -c 'import sys; k = "k" * 1000000; sys.stdout.write("{\"version\":1,\"canvas\":{\"size\":[10,10]},\"fps\":1,\"duration\":0,\"%s\":1}" % k)' > "$tmp/long-key.json"
check hostile-long-key 64 -- "$tmp/long-key.json"
python3 -c 'import sys; v = "x" * 1000000; sys.stdout.write("{\"version\":1,\"canvas\":{\"size\":[10,10]},\"fps\":1,\"duration\":0,\"layers\":[{\"name\":\"a\",\"bounds\":[0,0,1,1]}],\"animations\":[{\"layer\":\"%s\",\"keyPath\":\"opacity\",\"to\":0}]}" % v)' > "$tmp/long-name.json"
check hostile-long-layer-name 64 -- "$tmp/long-name.json"
# The contact sheet's canvas and the frames it decodes are budgeted before anything renders.
check usage-contact-sheet-every-budget 64 -- "$corpus/../good/minimal.json" --fps 200 --contact-sheet "$tmp/sheet.png" --contact-sheet-every 1 --max-canvas-pixels 100000

# Valid scenes that push every animated value to extremes: they render, exit 0, no trap.
for scene in "$corpus"/../good/*.json; do
  rm -rf "$tmp/out"
  if "$bin" "$scene" "$tmp/out" >/dev/null 2>"$tmp/stderr"; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL $(basename "$scene"): exit $?: $(head -5 "$tmp/stderr")"; fi
done

echo "bad scenes: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
