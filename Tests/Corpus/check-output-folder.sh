#!/usr/bin/env bash
# The output folder never misleads (issue 13): runs the built binary and checks
#  - a folder with files tablerender did not write is refused with exit 73 and left untouched,
#    and --force renders beside them;
#  - a rerun into an earlier render (at another scale) leaves exactly the new frames,
#    manifest.json and SHA256SUMS;
#  - after SIGKILL at several points of a rerun, and at every instant sampled during a run:
#    when manifest.json is present, SHA256SUMS lists exactly the frames present and
#    `sha256sum -c` passes; the next run leaves no temporary file and no staging folder;
#  - a render or merge that fails leaves the earlier render in the folder as it was.
# Prints "output folder: N passed, M failed".
#   Tests/Corpus/check-output-folder.sh BINARY
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
scene=scenes/cards.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# The folder's state is consistent: no manifest, or a manifest whose frames are exactly the
# frame files present and whose sums verify.
consistent() {
  local dir=$1
  [ -f "$dir/manifest.json" ] || return 0
  [ -f "$dir/SHA256SUMS" ] || { echo "manifest without SHA256SUMS"; return 1; }
  diff <(awk '{print $2}' "$dir/SHA256SUMS" | sort) <(cd "$dir" && ls frame-*.png 2>/dev/null | sort) >/dev/null \
    || { echo "SHA256SUMS does not list exactly the frames present"; return 1; }
  local listed
  listed=$(grep -c '"index"' "$dir/manifest.json")
  [ "$listed" -eq "$(wc -l < "$dir/SHA256SUMS")" ] || { echo "manifest and SHA256SUMS disagree"; return 1; }
  (cd "$dir" && sha256sum -c --quiet SHA256SUMS >/dev/null 2>&1) || { echo "sha256sum -c fails"; return 1; }
}

# 1. Foreign files: refused, untouched; --force renders beside them.
mkdir -p "$tmp/mine"
echo "my notes" > "$tmp/mine/notes.txt"
before=$(cd "$tmp/mine" && ls -l --time-style=full-iso; stat -c '%y %s' . ; sha256sum notes.txt)
"$bin" "$scene" "$tmp/mine" --frames 0..2 2>"$tmp/err"; status=$?
after=$(cd "$tmp/mine" && ls -l --time-style=full-iso; stat -c '%y %s' . ; sha256sum notes.txt)
[ "$status" -eq 73 ] && ok || bad "foreign file: exit $status, expected 73"
[ "$before" = "$after" ] && ok || bad "foreign file: the folder was touched"
grep -q 'refusing to render into a folder that holds files tablerender did not write ("notes.txt")' "$tmp/err" && ok || bad "foreign file: message: $(cat "$tmp/err")"
"$bin" "$scene" "$tmp/mine" --frames 0..2 --force >/dev/null 2>&1 && [ -f "$tmp/mine/notes.txt" ] && [ -f "$tmp/mine/manifest.json" ] \
  && ok || bad "--force did not render beside the user's file"

# 2. A user's own manifest.json or SHA256SUMS is not ours: refused.
mkdir -p "$tmp/theirs"
echo '{"mine": true}' > "$tmp/theirs/manifest.json"
"$bin" "$scene" "$tmp/theirs" --frames 0..2 2>/dev/null; status=$?
[ "$status" -eq 73 ] && [ "$(cat "$tmp/theirs/manifest.json")" = '{"mine": true}' ] && ok || bad "user's manifest.json: exit $status or overwritten"
mkdir -p "$tmp/sums"
echo "my checksums" > "$tmp/sums/SHA256SUMS"
"$bin" "$scene" "$tmp/sums" --frames 0..2 2>/dev/null; status=$?
[ "$status" -eq 73 ] && ok || bad "user's SHA256SUMS: exit $status"

# 3. A missing parent folder: a plain message, exit 73.
"$bin" "$scene" "$tmp/no/such/parent/out" --frames 0..1 2>"$tmp/err"; status=$?
[ "$status" -eq 73 ] && grep -q "its parent folder .* does not exist" "$tmp/err" && ! grep -q NSCocoaErrorDomain "$tmp/err" \
  && ok || bad "missing parent: exit $status: $(cat "$tmp/err")"

# 4. Rerender at another scale replaces the earlier render as a whole.
"$bin" "$scene" "$tmp/re" --scale 1 >/dev/null 2>&1
first=$(ls "$tmp/re" | wc -l)
"$bin" "$scene" "$tmp/re" --scale 0.5 --frames 0..9 >/dev/null 2>&1
names=$(cd "$tmp/re" && ls -A | sort | tr '\n' ' ')
want=$(printf 'SHA256SUMS\nframe-%04d.png\n' 0 1 2 3 4 5 6 7 8 9 | sort -u; echo manifest.json)
want=$(echo "$want" | sort | tr '\n' ' ')
[ "$first" -gt 12 ] && [ "$names" = "$want" ] && ok || bad "rerun left other files: $names"
consistent "$tmp/re" >/dev/null && ok || bad "rerun: $(consistent "$tmp/re")"

# 5. SIGKILL during a rerun into an earlier render at another scale, at several points; a
#    sampler checks the folder over and over while each run is alive.
for delay in 0.05 0.15 0.3 0.6 1.0 1.6; do
  rm -rf "$tmp/k"
  "$bin" "$scene" "$tmp/k" --scale 1 >/dev/null 2>&1
  "$bin" "$scene" "$tmp/k" --scale 2 --jobs 2 >/dev/null 2>&1 &
  pid=$!
  samples=0 bad_sample=""
  end=$(awk -v d="$delay" 'BEGIN { print d }')
  start=$(date +%s.%N)
  while kill -0 "$pid" 2>/dev/null; do
    # Frozen while it is looked at, so the sample is one instant of the folder.
    kill -STOP "$pid" 2>/dev/null
    why=$(consistent "$tmp/k") || { bad_sample="$why"; kill -CONT "$pid" 2>/dev/null; break; }
    kill -CONT "$pid" 2>/dev/null
    samples=$((samples + 1))
    now=$(date +%s.%N)
    if awk -v s="$start" -v n="$now" -v d="$end" 'BEGIN { exit !(n - s >= d) }'; then kill -9 "$pid" 2>/dev/null; break; fi
  done
  wait "$pid" 2>/dev/null
  [ -z "$bad_sample" ] && [ "$samples" -gt 0 ] && ok || bad "while running (kill at ${delay}s, $samples samples): $bad_sample"
  why=$(consistent "$tmp/k") && ok || bad "after kill -9 at ${delay}s: $why"
  # The next run cleans up: exactly its frames, no temporary files.
  "$bin" "$scene" "$tmp/k" --scale 0.5 --frames 0..4 >/dev/null 2>&1
  leftovers=$(cd "$tmp/k" && ls -A | grep -v -E '^(frame-000[0-4]\.png|manifest\.json|SHA256SUMS)$' | tr '\n' ' ')
  [ -z "$leftovers" ] && consistent "$tmp/k" >/dev/null && ok || bad "after kill at ${delay}s the next run left: $leftovers"
done

# 6. Issue 26: one writer per folder. A second render into a folder being written is refused
#    (exit 73, a message); the first finishes consistent and leaves no lock file behind.
rm -rf "$tmp/two"
"$bin" "$scene" "$tmp/two" --scale 1 --jobs 1 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 200); do [ -e "$tmp/two/.tablerender.lock" ] && break; sleep 0.02; done
kill -STOP "$pid" 2>/dev/null
"$bin" "$scene" "$tmp/two" --scale 1 --frames 0..1 >/dev/null 2>"$tmp/err"; status=$?
kill -CONT "$pid" 2>/dev/null
wait "$pid"; first=$?
[ "$status" -eq 73 ] && grep -q "another tablerender is writing into this output folder now" "$tmp/err" && ok \
  || bad "second writer: exit $status: $(cat "$tmp/err")"
[ "$first" -eq 0 ] && consistent "$tmp/two" >/dev/null && [ ! -e "$tmp/two/.tablerender.lock" ] && ok \
  || bad "first writer: exit $first, lock left: $(ls -A "$tmp/two" | grep lock)"

# 7. A folder removed and made again under a running render: the run fails, no manifest.
rm -rf "$tmp/gone"
"$bin" "$scene" "$tmp/gone" --scale 1 --jobs 1 >/dev/null 2>"$tmp/err" &
pid=$!
for _ in $(seq 1 200); do [ -e "$tmp/gone/.tablerender-staging/frame-0001.png" ] && break; sleep 0.02; done
kill -STOP "$pid" 2>/dev/null
rm -rf "$tmp/gone"; mkdir "$tmp/gone"
kill -CONT "$pid" 2>/dev/null
wait "$pid"; status=$?
[ "$status" -ne 0 ] && [ ! -e "$tmp/gone/manifest.json" ] && grep -q "was removed or replaced while tablerender wrote into it" "$tmp/err" && ok \
  || bad "folder replaced under the run: exit $status, manifest: $(ls "$tmp/gone" | head -3): $(cat "$tmp/err")"

# 8. Links planted at the temporary names while a render runs never redirect a write, and a
#    link at the staging folder's name (beside a killed run's lock) is removed, not followed.
rm -rf "$tmp/links" "$tmp/victim" "$tmp/victimdir"
echo "victim" > "$tmp/victim"
mkdir -p "$tmp/links" "$tmp/victimdir"; echo "victim" > "$tmp/victimdir/frame-0000.png"
touch "$tmp/links/.tablerender.lock"; ln -s "$tmp/victimdir" "$tmp/links/.tablerender-staging"
"$bin" "$scene" "$tmp/links" --scale 1 --jobs 1 >/dev/null 2>"$tmp/err" &
pid=$!
for _ in $(seq 1 200); do [ -d "$tmp/links/.tablerender-staging" ] && [ ! -L "$tmp/links/.tablerender-staging" ] && break; sleep 0.02; done
kill -STOP "$pid" 2>/dev/null
for i in $(seq 0 102); do
  ln -sf "$tmp/victim" "$tmp/links/.tablerender-staging/.frame-$(printf %04d "$i").png.tmp" 2>/dev/null
done
ln -sf "$tmp/victim" "$tmp/links/.manifest.json.tmp"; ln -sf "$tmp/victim" "$tmp/links/.SHA256SUMS.tmp"
kill -CONT "$pid" 2>/dev/null
wait "$pid"; status=$?
[ "$status" -eq 0 ] && [ "$(cat "$tmp/victim")" = "victim" ] && [ "$(cat "$tmp/victimdir/frame-0000.png")" = "victim" ] \
  && consistent "$tmp/links" >/dev/null && [ -z "$(find "$tmp/links" -type l)" ] && [ ! -e "$tmp/links/.tablerender-staging" ] \
  && ok || bad "planted links: exit $status, victim: $(head -c 40 "$tmp/victim"): $(cat "$tmp/err")"

# 9. --video, --contact-sheet and --report cannot land in OUT or the golden through a link.
ln -sfn "$tmp/re" "$tmp/into-out"
"$bin" "$scene" "$tmp/re" --frames 0..1 --video "$tmp/into-out/v.mp4" >/dev/null 2>"$tmp/err"; status=$?
[ "$status" -eq 64 ] && grep -q "expected a file outside the output folder" "$tmp/err" && ok || bad "--video through a link: exit $status: $(cat "$tmp/err")"
"$bin" "$scene" "$tmp/re" --frames 0..1 --contact-sheet "$tmp/into-out/s.png" >/dev/null 2>"$tmp/err"; status=$?
[ "$status" -eq 64 ] && ok || bad "--contact-sheet through a link: exit $status: $(cat "$tmp/err")"
"$bin" verify "$scene" "$tmp/re" --report "$tmp/into-out/report" >/dev/null 2>"$tmp/err"; status=$?
[ "$status" -eq 64 ] && grep -q "expected a folder apart from the golden" "$tmp/err" && ok || bad "--report through a link: exit $status: $(cat "$tmp/err")"

# 10. A folder of the user's own frames (no manifest of tablerender's names them) is refused;
#     --force never replaces the user's own manifest.json.
mkdir -p "$tmp/myframes"
cp "$tmp/re/frame-0000.png" "$tmp/myframes/frame-0000.png"
"$bin" "$scene" "$tmp/myframes" --frames 0..1 2>"$tmp/err"; status=$?
[ "$status" -eq 73 ] && grep -q '("frame-0000.png")' "$tmp/err" && ok || bad "user's frames: exit $status: $(cat "$tmp/err")"
"$bin" "$scene" "$tmp/theirs" --frames 0..2 --force >/dev/null 2>"$tmp/err"; status=$?
[ "$status" -eq 73 ] && [ "$(cat "$tmp/theirs/manifest.json")" = '{"mine": true}' ] && ok || bad "--force and the user's manifest.json: exit $status"

# 11. A user's frame-named file beside an earlier render (not listed in its SHA256SUMS) is the
#     user's: refused with or without --force, and never deleted.
rm -rf "$tmp/beside"
"$bin" "$scene" "$tmp/beside" --frames 0..2 >/dev/null 2>&1
echo "my frame" > "$tmp/beside/frame-0500.png"
"$bin" "$scene" "$tmp/beside" --frames 0..2 2>"$tmp/err"; status=$?
"$bin" "$scene" "$tmp/beside" --frames 0..2 --force 2>>"$tmp/err"; status2=$?
[ "$status" -eq 73 ] && [ "$status2" -eq 73 ] && [ "$(cat "$tmp/beside/frame-0500.png")" = "my frame" ] \
  && grep -q '("frame-0500.png"), which --force does not replace' "$tmp/err" && ok || bad "user's frame beside a render: exit $status/$status2: $(cat "$tmp/err")"

# 12. A render that fails part-way (a budget at frame 5) leaves the earlier render as it was:
#     the same files and bytes, consistent, no staging folder and no lock; the same for a render
#     into a new folder (removed again) and for a merge whose part goes bad.
cat > "$tmp/grow.json" <<'JSON'
{ "version": 1, "canvas": { "size": [200, 200], "scale": 1, "background": "white" }, "fps": 10, "duration": 1,
  "layers": [ { "name": "box", "frame": [0, 0, 200, 200], "backgroundColor": "systemRed" } ],
  "animations": [ { "layer": "box", "keyPath": "transform.scale", "from": 0.1, "to": 1, "duration": 1, "fillMode": "both" } ] }
JSON
rm -rf "$tmp/keep"
"$bin" "$scene" "$tmp/keep" --scale 0.5 --frames 0..3 >/dev/null 2>&1
before=$(cd "$tmp/keep" && ls -A; sha256sum -- *)
"$bin" "$tmp/grow.json" "$tmp/keep" --jobs 1 --max-frame-pixels 12000 >/dev/null 2>"$tmp/err"; status=$?
after=$(cd "$tmp/keep" && ls -A; sha256sum -- *)
[ "$status" -eq 64 ] && grep -q "frame 5 .*--max-frame-pixels" "$tmp/err" && [ "$before" = "$after" ] && consistent "$tmp/keep" >/dev/null \
  && ok || bad "failed render: exit $status, folder changed: $(diff <(echo "$before") <(echo "$after") | head -5): $(cat "$tmp/err")"
rm -rf "$tmp/newfail"
"$bin" "$tmp/grow.json" "$tmp/newfail" --jobs 2 --max-frame-pixels 12000 >/dev/null 2>&1; status=$?
[ "$status" -eq 64 ] && [ ! -e "$tmp/newfail" ] && ok || bad "failed render into a new folder: exit $status, left: $(ls -A "$tmp/newfail" 2>&1)"
rm -rf "$tmp/p1" "$tmp/p2"
"$bin" "$scene" "$tmp/p1" --scale 0.5 --frames 0..3 --shard 1/2 >/dev/null 2>&1
"$bin" "$scene" "$tmp/p2" --scale 0.5 --frames 0..3 --shard 2/2 >/dev/null 2>&1
"$bin" merge "$tmp/keep" "$tmp/p1" "$tmp/p2" >/dev/null 2>&1 && consistent "$tmp/keep" >/dev/null && ok || bad "merge into an earlier render"
before=$(cd "$tmp/keep" && ls -A; sha256sum -- *)
printf 'x' >> "$tmp/p2/$(ls "$tmp/p2" | grep frame- | head -1)"
"$bin" merge "$tmp/keep" "$tmp/p1" "$tmp/p2" >/dev/null 2>"$tmp/err"; status=$?
after=$(cd "$tmp/keep" && ls -A; sha256sum -- *)
[ "$status" -ne 0 ] && [ "$before" = "$after" ] && ok || bad "failed merge: exit $status, folder changed: $(cat "$tmp/err")"

echo "output folder: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
