#!/usr/bin/env python3
"""Draws the frames tablerender exported with `bench --export-draws FILE` with Skia's CPU raster
backend (skia-python), and times it.

The export holds, per frame, every fill tablerender makes in device pixels: the polygons (text
outlines included, already flattened and projected), the fill rule, the paint (a solid colour, or
a linear gradient with its perspective device-from-layer matrix and straight-alpha stops), the
draw's alpha and its clip rectangle. Skia draws exactly that content with anti-aliasing; paths
and paints are built before the clock starts, so the time is Skia's rasterization alone.

Usage: skia_compare.py DRAWS.jsonl REPEAT [PNG_OUT [TABLERENDER_PNG]]
Prints one JSON line: milliseconds per frame (best of REPEAT passes), frames, pixel size, and
the mean absolute difference per channel between Skia's last frame and tablerender's (when
PNG_OUT and the matching tablerender PNG are given, see compare-skia.sh).
"""
import json
import sys
import time

import skia


def unpremultiplied(r, g, b, a, alpha):
    """SkColor from premultiplied 8-bit components, times the draw's alpha."""
    if a == 0:
        return skia.ColorSetARGB(0, 0, 0, 0)
    ur, ug, ub = (min(255, round(v * 255 / a)) for v in (r, g, b))
    return skia.ColorSetARGB(round(a * alpha / 255), ur, ug, ub)


def prepare(frame):
    """(path, paint, clip or None) for every draw of one frame."""
    full = [0, 0, frame["width"], frame["height"]]
    out = []
    for d in frame["draws"]:
        path = skia.Path()
        for c in d["contours"]:
            path.moveTo(c[0], c[1])
            for i in range(2, len(c), 2):
                path.lineTo(c[i], c[i + 1])
            path.close()
        path.setFillType(skia.PathFillType.kWinding if d["rule"] == "nonzero" else skia.PathFillType.kEvenOdd)
        paint = skia.Paint(AntiAlias=True)
        if "solid" in d:
            paint.setColor(unpremultiplied(*d["solid"], d["alpha"]))
        else:
            g = d["gradient"]
            h = g["deviceFromLayer"]  # row-vector form: [X Y W] = [x y 1] * H
            m = skia.Matrix.MakeAll(h[0], h[3], h[6], h[1], h[4], h[7], h[2], h[5], h[8])
            colors = [skia.Color4f(s[1], s[2], s[3], s[4]).toColor() for s in g["stops"]]
            positions = [s[0] for s in g["stops"]]
            paint.setShader(skia.GradientShader.MakeLinear(
                [skia.Point(*g["start"]), skia.Point(*g["end"])], colors, positions,
                skia.TileMode.kClamp, 0, m))
            paint.setAlphaf(d["alpha"] / 255)
        clip = None if d["clip"] == full else skia.Rect.MakeLTRB(*d["clip"])
        out.append((path, paint, clip))
    return out


def draw(canvas, background, items):
    canvas.clear(background)
    for path, paint, clip in items:
        if clip is None:
            canvas.drawPath(path, paint)
        else:
            canvas.save()
            canvas.clipRect(clip)
            canvas.drawPath(path, paint)
            canvas.restore()


def main():
    draws_file, repeat = sys.argv[1], int(sys.argv[2])
    png_out = sys.argv[3] if len(sys.argv) > 3 else None
    frames = [json.loads(line) for line in open(draws_file)]
    w, h = frames[0]["width"], frames[0]["height"]
    surface = skia.Surface(w, h)
    canvas = surface.getCanvas()
    prepared = []
    for f in frames:
        r, g, b, a = f["background"]
        prepared.append((skia.Color4f(r, g, b, a).toColor(), prepare(f)))
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        for background, items in prepared:
            draw(canvas, background, items)
        surface.flushAndSubmit()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    result = {"renderer": "skia-python " + skia.__version__ + " (CPU raster)", "frames": len(frames),
              "width": w, "height": h, "msPerFrame": round(best * 1000 / len(frames), 3)}
    if png_out:
        # The last frame, for a look and for the pixel comparison.
        draw(canvas, prepared[-1][0], prepared[-1][1])
        surface.makeImageSnapshot().save(png_out, skia.kPNG)
        result["lastFrame"] = frames[-1]["frame"]
        if len(sys.argv) > 4:
            import numpy
            ours = skia.Image.open(sys.argv[4]).convert(alphaType=skia.kUnpremul_AlphaType, colorType=skia.kRGBA_8888_ColorType).toarray()
            theirs = skia.Image.open(png_out).convert(alphaType=skia.kUnpremul_AlphaType, colorType=skia.kRGBA_8888_ColorType).toarray()
            diff = numpy.abs(ours.astype(int) - theirs.astype(int))
            result["meanAbsDiff"] = round(float(diff.mean()), 4)
            result["pixelsDifferingBy8OrMore"] = int((diff.max(axis=2) >= 8).sum())
    print(json.dumps(result))


if __name__ == "__main__":
    main()
