#!/usr/bin/env bash
# Builds the libFuzzer target with AddressSanitizer and runs it on each kind of input in turn.
#   Fuzz/run.sh SECONDS [extra libFuzzer flags]
# SECONDS is shared: half for scenes (decode, validate, three small frames; reading their seeds
# alone takes about a minute), a sixth each for tables (every frame of a table and script
# simulated) and scripts (bytes that choose a table and its updates and touches, simulated
# likewise), and a twelfth each for goldens (a manifest beside real frames, read and verified
# with a report) and shards (a part's manifest, merged), which run thousands of inputs a second.
# Seeds come from scenes/ and Tests/Corpus (and, for goldens and shards, manifests the fuzzer
# renders itself); new inputs go to Fuzz/corpus-TARGET (ignored by git); a crash is written to
# Fuzz/artifacts/ and the run exits non-zero.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-120}; shift || true
# A target that does not build is reported as that, not as something the fuzzer found.
# The build plan is made anew each time: a cached one does not see a source file added to the
# main package (a path dependency here), which then fails with "cannot find ... in scope".
# The target's own objects are made anew each time too: SwiftPM does not always rebuild a target
# of this package when a struct of the main package changes size, and the stale code (a Scene
# copied with its old size) is then reported by AddressSanitizer as a stack buffer overflow.
rm -rf "$(swift build -c release -Xswiftc -sanitize=fuzzer,address --show-bin-path)/tablerender_fuzz.build"
if ! swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --disable-build-manifest-caching > build.log 2>&1; then
  grep -vE '^\[[0-9]+/[0-9]+\]' build.log >&2 || true
  echo "Fuzz/run.sh: the fuzz target does not build (above)" >&2
  exit 2
fi
bin=$(swift build -c release -Xswiftc -sanitize=fuzzer,address --show-bin-path)/tablerender-fuzz
rm -rf seeds seeds-table seeds-script work
mkdir -p artifacts seeds seeds-table seeds-script work
# The script target's first inputs: a few byte strings (any bytes make a table and a script).
printf '\x03\x05\x02\x04\x01\x00\x02\x03\x01\x01\x04\x02\x00\x06\x09\x03' > seeds-script/updates
printf '\x01\x06\x00\x03\x08\x02\x01\x04\x05\x02\x01\x07\x00\x09\x01' > seeds-script/touches
cp ../scenes/*.json seeds/ 2>/dev/null || true
if [ -d ../Tests/Corpus ]; then find ../Tests/Corpus -name '*.json' -exec cp {} seeds/ \; ; fi
grep -l '"table"' seeds/*.json | xargs -I{} cp {} seeds-table/
export ASAN_OPTIONS=detect_leaks=0
export TABLERENDER_FUZZ_ASSETS="$PWD/../scenes"
scene_seconds=$((seconds / 2)) other_seconds=$((seconds / 6 > 0 ? seconds / 6 : 1)) small_seconds=$((seconds / 12 > 0 ? seconds / 12 : 1))
for target in scene table script golden merge; do
  case $target in
    scene) seeds=seeds; time=$scene_seconds ;;
    table) seeds=seeds-table; time=$other_seconds ;;
    script) seeds=seeds-script; time=$other_seconds ;;
    *) seeds=seeds-$target; time=$small_seconds ;;
  esac
  mkdir -p "corpus-$target" "$seeds"
  echo "== fuzz target $target: $time s"
  # -rss_limit_mb: the budgets keep any scene under 1 GB; ASan's shadow memory comes on top.
  # -detect_leaks=0: Swift's one-time global initialisers look like leaks to LeakSanitizer.
  TABLERENDER_FUZZ_TARGET=$target TABLERENDER_FUZZ_WORK="$PWD/work/$target" TABLERENDER_FUZZ_SEEDS="$PWD/$seeds" \
    "$bin" "corpus-$target" "$seeds" -max_total_time="$time" -rss_limit_mb=3072 -timeout=60 -max_len=65536 \
    -detect_leaks=0 -artifact_prefix=artifacts/ -print_final_stats=1 "$@"
done
