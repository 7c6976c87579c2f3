#!/usr/bin/env bash
# Regenerates the PNG decoding fixtures from scenes/assets/logo.png with ImageMagick
# (apt-get install imagemagick). Each NAME.rgba is ImageMagick's own 8-bit straight RGBA decode
# of NAME.png; the tests check that tablerender's libpng path decodes to the same pixels.
# Run by hand only; the tests never need ImageMagick.
set -euo pipefail
cd "$(dirname "$0")"
src=../../../scenes/assets/logo.png
convert $src -alpha off -colorspace Gray -depth 8 -define png:color-type=0 grey.png
convert $src -colorspace Gray -depth 8 -define png:color-type=4 grey-alpha.png
convert $src -colors 64 PNG8:palette.png
convert $src -depth 16 PNG64:rgba16.png
convert $src -interlace PNG PNG32:interlaced.png
convert $src -alpha off -colorspace Gray -threshold 50% -type Bilevel -depth 1 grey1.png
for f in grey grey-alpha palette rgba16 interlaced grey1; do convert $f.png -depth 8 RGBA:$f.rgba; done
printf 'not a png at all, just text\n' > not-a-png.png
head -c 1000 $src > truncated.png
