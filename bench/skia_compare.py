#!/usr/bin/env python3
"""Draws the frames tablerender exported with `bench --export-draws FILE` with Skia's CPU raster
backend (skia-python), and times it.

The export holds, per frame, every command tablerender draws in device pixels, in order:
fills (polygons, text outlines included, already flattened and projected; a solid colour, a
linear gradient or an image with its perspective device-from-layer matrix; the draw's alpha and
clip rectangle), scopes (a clip rectangle and path, an offscreen group with its alpha, shadow
and mask), shadows from paths, and each image's pixels once. Skia draws exactly that content
with anti-aliasing: a group is a saveLayer (a shadow is its drop-shadow image filter), a mask a
saveLayer in DstIn, a path's shadow a blur mask filter. Paths, paints and images are built
before the clock starts, so the time is Skia's drawing alone.

Usage: skia_compare.py DRAWS.jsonl REPEAT [PNG_OUT [TABLERENDER_PNG]]
Prints one JSON line: milliseconds per frame (best of REPEAT passes), frames, pixel size, and
the mean absolute difference per channel between Skia's last frame and tablerender's (when
PNG_OUT and the matching tablerender PNG are given, see compare-skia.sh).
"""
import base64
import json
import sys
import time

import numpy
import skia


def unpremultiplied(r, g, b, a, alpha):
    """SkColor from premultiplied 8-bit components, times the draw's alpha."""
    if a == 0:
        return skia.ColorSetARGB(0, 0, 0, 0)
    ur, ug, ub = (min(255, round(v * 255 / a)) for v in (r, g, b))
    return skia.ColorSetARGB(round(a * alpha / 255), ur, ug, ub)


def straight(c, alpha=1.0):
    """SkColor from straight 0...1 components, the alpha scaled."""
    return skia.Color4f(c[0], c[1], c[2], c[3] * alpha).toColor()


def path_of(contours, rule="nonzero"):
    path = skia.Path()
    for c in contours:
        path.moveTo(c[0], c[1])
        for i in range(2, len(c), 2):
            path.lineTo(c[i], c[i + 1])
        path.close()
    path.setFillType(skia.PathFillType.kWinding if rule == "nonzero" else skia.PathFillType.kEvenOdd)
    return path


def matrix(h):
    """SkMatrix of a row-vector homography ([X Y W] = [x y 1] * H)."""
    return skia.Matrix.MakeAll(h[0], h[3], h[6], h[1], h[4], h[7], h[2], h[5], h[8])


def fill_paint(d, images):
    paint = skia.Paint(AntiAlias=not d.get("aliased", False))
    if "solid" in d:
        paint.setColor(unpremultiplied(*d["solid"], d["alpha"]))
    elif "gradient" in d:
        g = d["gradient"]
        colors = [skia.Color4f(s[1], s[2], s[3], s[4]).toColor() for s in g["stops"]]
        positions = [s[0] for s in g["stops"]]
        paint.setShader(skia.GradientShader.MakeLinear(
            [skia.Point(*g["start"]), skia.Point(*g["end"])], colors, positions,
            skia.TileMode.kClamp, 0, matrix(g["deviceFromLayer"])))
        paint.setAlphaf(d["alpha"] / 255)
    else:
        im = d["image"]
        image = images[im["key"]]
        x, y, w, h = im["rect"]
        # Texel space -> layer (the rectangle) -> device.
        local = skia.Matrix.Concat(matrix(im["deviceFromLayer"]),
                                   skia.Matrix.MakeAll(w / image.width(), 0, x, 0, h / image.height(), y, 0, 0, 1))
        sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
        paint.setShader(image.makeShader(skia.TileMode.kClamp, skia.TileMode.kClamp, sampling, local))
        paint.setAlphaf(d["alpha"] / 255)
    return paint


def prepare(frame, images):
    """The frame's commands as closures over prebuilt Skia objects."""
    full = [0, 0, frame["width"], frame["height"]]
    out = []
    # Open scopes' items, whose layer bounds (what their fills and inner shadows cover, as an
    # application passes saveLayer) are known at their end.
    open_scopes = []

    def cover(rect):
        for item in open_scopes:
            item[5] = rect if item[5] is None else skia.Rect.MakeLTRB(
                min(item[5].left(), rect.left()), min(item[5].top(), rect.top()),
                max(item[5].right(), rect.right()), max(item[5].bottom(), rect.bottom()))

    for d in frame["draws"]:
        op = d.get("op", "fill")
        if op == "image":
            pixels = numpy.frombuffer(base64.b64decode(d["rgba"]), dtype=numpy.uint8).reshape(d["height"], d["width"], 4)
            images[d["key"]] = skia.Image.fromarray(pixels, colorType=skia.kRGBA_8888_ColorType,
                                                    alphaType=skia.kPremul_AlphaType).withDefaultMipmaps()
        elif op == "fill":
            clip = None if d["clip"] == full else skia.Rect.MakeLTRB(*d["clip"])
            path = path_of(d["contours"], d["rule"])
            cover(path.computeTightBounds())
            out.append(("fill", path, fill_paint(d, images), clip))
        elif op == "begin":
            clip_path = path_of(d["clipPath"]) if d["clipPath"] else None
            layer = None
            if d["group"]:
                g = d["group"]
                layer = skia.Paint(Alphaf=g["alpha"] / 255)
                if g["shadow"]:
                    s = g["shadow"]
                    layer.setImageFilter(skia.ImageFilters.DropShadow(s["offset"][0], s["offset"][1], s["sigma"], s["sigma"],
                                                                      straight(s["color"])))
            item = ["begin", skia.Rect.MakeLTRB(*d["clip"]), clip_path, not d["aliased"], layer, None]
            open_scopes.append(item)
            out.append(item)
        elif op == "shadow":
            s = d["shadow"]
            paint = skia.Paint(AntiAlias=True, Color=straight(s["color"], d["alpha"] / 255))
            if s["sigma"] > 0:
                paint.setMaskFilter(skia.MaskFilter.MakeBlur(skia.BlurStyle.kNormal_BlurStyle, s["sigma"]))
            path = path_of(d["contours"])
            reach = 3 * s["sigma"] + 1
            cover(path.computeTightBounds().makeOffset(*s["offset"]).makeOutset(reach, reach))
            out.append(("shadow", path, paint, skia.Rect.MakeLTRB(*s["clip"]), s["offset"]))
        else:
            if op == "end" and open_scopes:
                open_scopes.pop()
            out.append((op,))
    return out


DST_IN = skia.Paint(BlendMode=skia.BlendMode.kDstIn)


def draw(canvas, background, items):
    canvas.clear(background)
    saves = []
    for item in items:
        op = item[0]
        if op == "fill":
            _, path, paint, clip = item
            if clip is None:
                canvas.drawPath(path, paint)
            else:
                canvas.save()
                canvas.clipRect(clip)
                canvas.drawPath(path, paint)
                canvas.restore()
        elif op == "begin":
            _, clip, clip_path, aa, layer, bounds = item
            canvas.save()
            canvas.clipRect(clip)
            if clip_path is not None:
                canvas.clipPath(clip_path, skia.ClipOp.kIntersect, aa)
            if layer is not None:
                canvas.saveLayer(bounds, layer)
            saves.append(1 if layer is None else 2)
        elif op == "mask":
            canvas.saveLayer(None, DST_IN)
            if saves:
                saves[-1] += 1
        elif op == "end":
            for _ in range(saves.pop() if saves else 0):
                canvas.restore()
        elif op == "shadow":
            _, path, paint, clip, offset = item
            canvas.save()
            canvas.clipRect(clip)
            canvas.translate(offset[0], offset[1])
            canvas.drawPath(path, paint)
            canvas.restore()
    while saves:
        for _ in range(saves.pop()):
            canvas.restore()


def main():
    draws_file, repeat = sys.argv[1], int(sys.argv[2])
    png_out = sys.argv[3] if len(sys.argv) > 3 else None
    frames = [json.loads(line) for line in open(draws_file)]
    w, h = frames[0]["width"], frames[0]["height"]
    surface = skia.Surface(w, h)
    canvas = surface.getCanvas()
    prepared = []
    images = {}
    for f in frames:
        r, g, b, a = f["background"]
        prepared.append((skia.Color4f(r, g, b, a).toColor(), prepare(f, images)))
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
            ours = skia.Image.open(sys.argv[4]).convert(alphaType=skia.kUnpremul_AlphaType, colorType=skia.kRGBA_8888_ColorType).toarray()
            theirs = skia.Image.open(png_out).convert(alphaType=skia.kUnpremul_AlphaType, colorType=skia.kRGBA_8888_ColorType).toarray()
            diff = numpy.abs(ours.astype(int) - theirs.astype(int))
            result["meanAbsDiff"] = round(float(diff.mean()), 4)
            result["pixelsDifferingBy8OrMore"] = int((diff.max(axis=2) >= 8).sum())
    print(json.dumps(result))


if __name__ == "__main__":
    main()
