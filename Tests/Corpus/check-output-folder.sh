#!/usr/bin/env bash
# The output folder never misleads (issue 13): runs the built binary and checks
#  - a folder with files tablerender did not write is refused with exit 73 and left untouched,
#    and --force renders beside them;
#  - a rerun into an earlier render (at another scale) leaves exactly the new frames,
#    manifest.json and SHA256SUMS;
#  - after SIGKILL at several points of a rerun, and at every instant sampled during a run:
#    when manifest.json is present, SHA256SUMS lists exactly the frames present and
#    `sha256sum -c` passes; the next run leaves no temporary file.
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

echo "output folder: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
