#!/usr/bin/env bash
# Builds the libFuzzer target with AddressSanitizer and runs it.
#   Fuzz/run.sh SECONDS [extra libFuzzer flags]
# The corpus starts from scenes/ and Tests/Corpus (good and bad scenes); new inputs go to
# Fuzz/corpus (ignored by git); a crash is written to Fuzz/artifacts/ and the run exits non-zero.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-120}; shift || true
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
bin=$(swift build -c release -Xswiftc -sanitize=fuzzer,address --show-bin-path)/tablerender-fuzz
mkdir -p corpus artifacts seeds
cp ../scenes/*.json seeds/ 2>/dev/null || true
if [ -d ../Tests/Corpus ]; then find ../Tests/Corpus -name '*.json' -exec cp {} seeds/ \; ; fi
export ASAN_OPTIONS=detect_leaks=0
export TABLERENDER_FUZZ_ASSETS="$PWD/../scenes"
# -rss_limit_mb: the budgets keep any scene under 1 GB; ASan's shadow memory comes on top.
# -detect_leaks=0: Swift's one-time global initialisers look like leaks to LeakSanitizer.
"$bin" corpus seeds -max_total_time="$seconds" -rss_limit_mb=3072 -timeout=60 -max_len=65536 \
  -detect_leaks=0 -artifact_prefix=artifacts/ -print_final_stats=1 "$@"
