#!/usr/bin/env bash
# tablerender's two entry points (see README.md):
#   ./render.sh                 install what is missing, build release, render every scene in
#                               scenes/ into out/NAME/ with a preview out/NAME.mp4 (--video)
#   ./render.sh test            install (also Chromium, Playwright and jsonschema for the report
#                               and schema tests), build, run every test (release build, plus a
#                               debug build that must give the same pixels)
#   ./render.sh install         install, build release, copy tablerender to PREFIX/bin
#                               (PREFIX=/usr/local unless set)
#   ./render.sh record-goldens  re-record the golden pixel hashes, on purpose only, after you
#                               have looked at the frames (never run by CI)
set -euo pipefail
cd "$(dirname "$0")"

APT_PACKAGES=(pkg-config libpng-dev zlib1g-dev libssl-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libicu-dev
  fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji ffmpeg)
# For `test` only: the browser test of the verify report (Debian's Chromium driven by Playwright
# for Python; no browser download) and the JSON Schema test (jsonschema).
TEST_APT_PACKAGES=(chromium python3)
PIP_PACKAGES=(jsonschema==4.26.0 playwright==1.65.2 pyyaml==6.0.3)

install_test_tools() {
  install_packages "${TEST_APT_PACKAGES[@]}"
  if ! python3 -c 'import jsonschema, playwright, yaml' >/dev/null 2>&1; then
    echo "== installing ${PIP_PACKAGES[*]} (pip)"
    python3 -m pip install --quiet --disable-pip-version-check "${PIP_PACKAGES[@]}"
  fi
}

# Installs the given Debian packages that are missing (apt-get update once, only when needed).
install_packages() {
  local missing=()
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  command -v swift >/dev/null || { echo "swift is not on PATH (Swift 6 toolchain needed)"; exit 1; }
}

# Runs a command, hiding output lines that match a pattern; returns the command's status.
filtered() {
  local pattern=$1; shift
  set +e
  "$@" 2>&1 | grep -vE "$pattern"
  local status=${PIPESTATUS[0]}
  set -e
  return "$status"
}

build_release() {
  echo "== building (release)"
  filtered '^\[[0-9]+/[0-9]+\]' swift build -c release
}

# Only the command-line tool (what `install` needs): not the libraries' other products.
build_tool() {
  echo "== building tablerender (release)"
  filtered '^\[[0-9]+/[0-9]+\]' swift build -c release --product tablerender
}

render_all() {
  local bin=.build/release/tablerender
  mkdir -p out
  for scene in scenes/*.json; do
    local name frames
    name=$(basename "$scene" .json)
    rm -rf "out/$name"
    # A preview video (tablerender runs ffmpeg) for every animated scene; a still gets none.
    frames=$("$bin" validate "$scene" | sed -n 's/.*: valid (\([0-9]*\) frame.*/\1/p')
    if [ "${frames:-1}" -gt 1 ]; then
      "$bin" "$scene" "out/$name" --video "out/$name.mp4" --contact-sheet "out/$name-sheet.png"
    else
      "$bin" "$scene" "out/$name"
    fi
  done
}

run_tests() {
  echo "== unit, differential and golden tests (release)"
  # XCTest and Swift Testing (TableRenderTesting's assertFrames is tested in both).
  filtered '^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)' swift test -c release -Xswiftc -enable-testing \
    || { echo "tests failed"; exit 1; }

  echo "== install: the README's install step into a temporary prefix"
  local prefix
  prefix=$(mktemp -d)
  install_binary "$prefix" | grep -q "installed $prefix/bin/tablerender" || { echo "install failed"; exit 1; }
  "$prefix/bin/tablerender" validate scenes/fold.json >/dev/null || { echo "the installed binary does not run"; exit 1; }
  # It draws text with the Inter installed beside it: a file swapped there shows in the manifest.
  cp fonts/inter/Inter-Bold.otf "$prefix/share/tablerender/fonts/inter/Inter-Regular.otf"
  "$prefix/bin/tablerender" scenes/fold.json "$prefix/out" --frames 0 --quiet
  grep -q "\"file\": \"Inter-Regular.otf\", \"sha256\": \"$(sha256sum fonts/inter/Inter-Bold.otf | cut -c1-64)\"" "$prefix/out/manifest.json" \
    || { echo "the installed binary does not draw with the Inter installed beside it"; exit 1; }
  rm -rf "$prefix"

  # Examples/ depends on this package by path; here a copy of it outside the repository depends
  # on it by URL and version, as another project would: a clone of the committed HEAD tagged with
  # the version the code says (Version.swift) stands for the release (uncommitted changes are not in it).
  local ex release version
  version=$(sed -n 's/.*static let tablerender = "\([0-9.]*\)".*/\1/p' Sources/TableRender/Version.swift)
  echo "== examples: the articles' code ported to Swift, as a package outside the repository depending on tablerender $version by URL"
  [ -n "$version" ] || { echo "examples: no version in Sources/TableRender/Version.swift"; exit 1; }
  ex=$(mktemp -d)
  release="$(mktemp -d)/tablerender"
  git clone -q "$PWD" "$release"
  git -C "$release" tag "$version"
  cp -r Examples/. "$ex/"
  rm -rf "$ex/.build" "$ex/Package.resolved"
  sed -i "s|.package(name: \"tablerender\", path: \"..\"),|.package(url: \"file://$release\", from: \"$version\"),|" "$ex/Package.swift"
  grep -q "file://$release\", from: \"$version\"" "$ex/Package.swift" || { echo "examples: could not point the copy at the release"; exit 1; }
  (cd "$ex" && export TABLERENDER_SCENES="$OLDPWD/scenes" && filtered '^\[[0-9]+/[0-9]+\]|^Test Case .* (started|passed)' swift test -c release -Xswiftc -enable-testing) \
    || { echo "examples failed"; exit 1; }
  grep -q "\"version\" : \"$version\"" "$ex/Package.resolved" || { echo "examples: tablerender $version was not resolved by its version"; exit 1; }
  rm -rf "$ex" "$(dirname "$release")"

  echo "== CI docs: docs/ci.md's GitHub Actions and GitLab jobs, run as written on a fresh clone (a team repository, the tool at its version)"
  local cidocs
  cidocs=$(mktemp -d)
  python3 Tests/Docs/run-ci-docs.py . .build/release/tablerender "$cidocs/work" > "$cidocs/log" 2>&1 \
    || { tail -40 "$cidocs/log"; echo "CI docs failed"; exit 1; }
  grep -E '^run-ci-docs: (github|gitlab|docs)' "$cidocs/log"
  rm -rf "$cidocs"

  echo "== determinism matrix: 3 runs x --jobs 1, 2, 4 x release and debug, every scene in scenes/"
  filtered '^\[[0-9]+/[0-9]+\]|^Compiling|^Building|^Write' swift build
  local tmp
  tmp=$(mktemp -d)
  pixels() { grep -o '"index": [0-9]*,.*"pixelsSha256": "[0-9a-f]*"' "$1/manifest.json" | sed 's/"time".*"pixelsSha256"//'; }
  local ok=1 checks=0
  for scene in scenes/*.json; do
    local name
    name=$(basename "$scene" .json)
    .build/release/tablerender "$scene" "$tmp/ref" >/dev/null
    (cd "$tmp/ref" && sha256sum -c --quiet SHA256SUMS) || { echo "FAIL: $name: SHA256SUMS does not verify"; ok=0; }
    local count
    count=$(grep -c '"index"' "$tmp/ref/manifest.json")
    # The (slow) debug build renders three frames: the first, the middle and the last.
    local mid=$((count / 2)) last=$((count - 1))
    for build in release debug; do
      for jobs in 1 2 4; do
        for run in 1 2 3; do
          if [ "$build" = release ]; then
            .build/release/tablerender "$scene" "$tmp/run" --jobs "$jobs" >/dev/null
            diff <(pixels "$tmp/ref") <(pixels "$tmp/run") >/dev/null \
              || { echo "FAIL: $name: release --jobs $jobs run $run differs"; ok=0; }
          else
            for f in 0 "$mid" "$last"; do
              .build/debug/tablerender "$scene" "$tmp/run" --jobs "$jobs" --frames "$f" >/dev/null
              diff <(pixels "$tmp/ref" | sed -n "$((f + 1))p" | sed 's/"index": [0-9]*,//') \
                   <(pixels "$tmp/run" | sed 's/"index": [0-9]*,//') >/dev/null \
                || { echo "FAIL: $name: debug --jobs $jobs run $run frame $f differs"; ok=0; }
            done
          fi
          checks=$((checks + 1))
          rm -rf "$tmp/run"
        done
      done
    done
    rm -rf "$tmp/ref"
  done
  rm -rf "$tmp"
  if [ "$ok" -eq 1 ]; then echo "determinism: $checks passed, 0 failed"; else echo "determinism: failed"; exit 1; fi

  echo "== documentation: every public symbol of the libraries has a doc comment, and DocC builds them"
  python3 Tests/Docs/check-doc-comments.py . || { echo "undocumented public symbols"; exit 1; }
  filtered '^\[[0-9]+/[0-9]+\]' swift package --disable-sandbox generate-documentation \
    --target TableRenderQuartz --target TableRenderTesting --target TableRenderSnapshotTesting --warnings-as-errors || { echo "DocC failed"; exit 1; }

  echo "== bad scenes, hostile files, extreme animations (the built binary)"
  Tests/Corpus/check-bad-scenes.sh .build/release/tablerender || { echo "bad-scene corpus failed"; exit 1; }
  echo "== the same corpus with the debug build (its runtime exclusivity and overflow checks trap where release may not)"
  Tests/Corpus/check-bad-scenes.sh .build/debug/tablerender || { echo "bad-scene corpus (debug build) failed"; exit 1; }
  echo "== the output folder never misleads (refusals, reruns, kill -9 at several points)"
  Tests/Corpus/check-output-folder.sh .build/release/tablerender || { echo "output folder checks failed"; exit 1; }
  echo "== fuzzing under libFuzzer and AddressSanitizer (${FUZZ_SECONDS:-180} s): scenes, tables simulated, scripts made from bytes, golden manifests verified, shard manifests merged"
  fuzz_status=0
  Fuzz/run.sh "${FUZZ_SECONDS:-180}" > fuzz.log 2>&1 || fuzz_status=$?
  if [ "$fuzz_status" = 2 ]; then tail -60 fuzz.log; echo "the fuzz target does not build"; exit 1; fi
  if [ "$fuzz_status" != 0 ]; then tail -60 fuzz.log; echo "fuzzing found a problem (input in Fuzz/artifacts/)"; exit 1; fi
  grep -E '^(== fuzz target|Done|stat::number_of_executed_units)' fuzz.log
  echo "fuzzing: 1 passed, 0 failed"
}

# Copies the release binary to PREFIX/bin (PREFIX defaults to /usr/local) and runs it once.
install_binary() {
  local prefix=${1:-/usr/local}
  install -D -m 755 .build/release/tablerender "$prefix/bin/tablerender" || { echo "install: cannot write $prefix/bin"; exit 1; }
  # The default face (Inter, OFL) tablerender ships, found beside the binary as ../share/.
  install -d "$prefix/share/tablerender/fonts/inter"
  install -m 644 fonts/inter/* "$prefix/share/tablerender/fonts/inter/" || { echo "install: cannot write $prefix/share"; exit 1; }
  "$prefix/bin/tablerender" --version | head -1
  echo "installed $prefix/bin/tablerender"
}

record_goldens() {
  local file=Tests/TableRenderTests/Goldens/pixels.txt
  local tmp
  tmp=$(mktemp -d)
  : > "$file.new"
  for scene in scenes/*.json; do
    .build/release/tablerender "$scene" "$tmp/out" >/dev/null
    grep -o '"index": [0-9]*,.*"pixelsSha256": "[0-9a-f]*"' "$tmp/out/manifest.json" \
      | sed "s|\"index\": \([0-9]*\),.*\"pixelsSha256\": \"\([0-9a-f]*\)\"|$(basename "$scene") \1 \2|" >> "$file.new"
    rm -rf "$tmp/out"
  done
  mv "$file.new" "$file"
  rm -rf "$tmp"
  echo "recorded $(wc -l < "$file") frame hashes in $file; review the frames and the diff before committing"
}

case "${1:-render}" in
  render) install_packages "${APT_PACKAGES[@]}"; build_release; render_all ;;
  test) install_packages "${APT_PACKAGES[@]}"; install_test_tools; build_release; run_tests ;;
  record-goldens) install_packages "${APT_PACKAGES[@]}"; build_release; record_goldens ;;
  generate) swift run -c release generate-properties "$PWD" ;;
  install) install_packages "${APT_PACKAGES[@]}"; build_tool; install_binary "${PREFIX:-/usr/local}" ;;
  *) echo "usage: ./render.sh [test|install|record-goldens|generate]"; exit 64 ;;
esac
