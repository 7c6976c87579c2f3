#!/bin/sh
# Rebuilds symbols.json from glyphs.py and renders the contact sheet (sheet.json -> out/) with
# the built tablerender, to look at every glyph. Run from the repository's root after
# `swift build -c release --product tablerender`.
set -e
root=$(pwd)
cd tools/symbols
python3 glyphs.py > /dev/null
python3 sheet.py "$@"
"$root/.build/release/tablerender" validate sheet.json
"$root/.build/release/tablerender" sheet.json "${TMPDIR:-/tmp}/symbols-sheet" --frames 0..0 --force --quiet
echo "sheet: ${TMPDIR:-/tmp}/symbols-sheet/frame-0000.png"
