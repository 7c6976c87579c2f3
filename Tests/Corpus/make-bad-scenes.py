#!/usr/bin/env python3
"""Writes the bad-scene corpus: Tests/Corpus/bad/NAME.json (or .png/.otf helpers) from one valid
base scene and a list of mutations. Each case's exact message lives in bad/NAME.expected,
recorded with --record after a person has read them, and checked by BadSceneCorpusTests and
by `Tests/Corpus/check-bad-scenes.sh` (which runs the built binary). Run from the repo root:
    python3 Tests/Corpus/make-bad-scenes.py            # write the scenes
Hostile files that cannot live in git (a FIFO, a device, a folder named like a PNG) are made
by the test itself."""
import copy, json, os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "bad")

BASE = {
    "version": 1,
    "canvas": {"size": [100, 80], "scale": 1, "background": "#ffffff"},
    "fps": 10,
    "duration": 0.5,
    "layers": [
        {"name": "box", "bounds": [0, 0, 40, 30], "position": [50, 40], "anchorPoint": [0.5, 0.5],
         "anchorPointZ": 0, "zPosition": 0, "transform": [{"rotate": [10, 0, 0, 1]}],
         "sublayerTransform": [{"perspective": 500}], "opacity": 1, "hidden": False,
         "allowsGroupOpacity": True, "backgroundColor": "#ff0000", "cornerRadius": 4,
         "borderWidth": 1, "borderColor": "#000000", "masksToBounds": False, "doubleSided": True,
         "shadowColor": "#000000", "shadowOpacity": 0.5, "shadowOffset": [0, 2], "shadowRadius": 3,
         "sublayers": [
             {"name": "grad", "frame": [0, 0, 40, 10],
              "gradient": {"colors": ["#ff0000", "#0000ff"], "locations": [0, 1],
                           "startPoint": [0, 0], "endPoint": [1, 1]}},
             {"name": "shape", "frame": [0, 10, 40, 10],
              "path": {"d": "M0 0 L40 0 L20 10 Z", "fillColor": "#00ff00", "strokeColor": "#000000",
                       "lineWidth": 1, "lineCap": "round", "lineJoin": "bevel", "miterLimit": 4,
                       "fillRule": "evenOdd"}},
             {"name": "label", "frame": [0, 20, 40, 10],
              "text": {"string": "Hi", "font": {"size": 8, "weight": "bold"}, "color": "#000000",
                       "alignment": "center", "lines": 1, "truncation": "tail"}},
             {"name": "pic", "frame": [0, 0, 8, 8],
              "image": {"file": "../../../scenes/assets/logo.png", "contentsGravity": "center",
                        "contentsScale": 2}},
         ]},
    ],
    "animations": [
        {"layer": "box", "keyPath": "opacity", "from": 1, "to": 0.5, "duration": 0.5,
         "timingFunction": "easeInEaseOut", "beginTime": 0, "fillMode": "both"},
    ],
}
# The image above is outside bad/: cases that need a valid image pass --assets in the check.
# Keep the base free of files: cases add them.
del BASE["layers"][0]["sublayers"][3]["image"]
BASE["layers"][0]["sublayers"][3]["backgroundColor"] = "#123456"

cases = {}
flags = {}

def case(name, mutate=None, raw=None, extra=None):
    assert name not in cases, name
    if extra: flags[name] = extra
    if raw is not None:
        cases[name] = raw if isinstance(raw, bytes) else raw.encode()
        return
    s = copy.deepcopy(BASE)
    mutate(s)
    cases[name] = (json.dumps(s, indent=1) + "\n").encode()

def layer(s): return s["layers"][0]
def sub(s, i): return s["layers"][0]["sublayers"][i]

# 1. Every layer key with a wrong type.
wrong = {"name": 5, "bounds": "big", "position": [1], "anchorPoint": True, "anchorPointZ": "0",
         "zPosition": [0], "transform": 3, "sublayerTransform": {"rotate": 1}, "opacity": "1",
         "hidden": 0, "allowsGroupOpacity": "yes", "backgroundColor": 255, "cornerRadius": None,
         "borderWidth": [1], "borderColor": "red-ish", "masksToBounds": 1, "doubleSided": "no", "allowsEdgeAntialiasing": "yes",
         "shadowColor": [0, 0, 0], "shadowOpacity": False, "shadowOffset": 2, "shadowRadius": "3",
         "sublayers": {"a": 1}}
for k, v in wrong.items():
    case(f"layer-type-{k}", lambda s, k=k, v=v: layer(s).__setitem__(k, v))
case("layer-type-gradient", lambda s: sub(s, 0).__setitem__("gradient", [1, 2]))
case("layer-type-path", lambda s: sub(s, 1).__setitem__("path", "M0 0"))
case("layer-type-text", lambda s: sub(s, 2).__setitem__("text", "Hi"))
case("layer-type-image", lambda s: sub(s, 3).__setitem__("image", "logo.png"))
case("layer-type-frame", lambda s: sub(s, 0).__setitem__("frame", [0, 0, 1]))

# 2. Top-level and canvas.
case("top-not-object", raw="[1, 2, 3]\n")
case("top-version-2", lambda s: s.__setitem__("version", 2))
case("top-version-string", lambda s: s.__setitem__("version", "1"))
case("top-no-canvas", lambda s: s.pop("canvas"))
case("top-no-fps", lambda s: s.pop("fps"))
case("top-no-duration", lambda s: s.pop("duration"))
case("top-fps-zero", lambda s: s.__setitem__("fps", 0))
case("top-fps-huge", lambda s: s.__setitem__("fps", 1001))
case("top-duration-negative", lambda s: s.__setitem__("duration", -1))
case("top-duration-huge", lambda s: s.__setitem__("duration", 3601))
case("top-too-many-frames", lambda s: s.update({"fps": 1000, "duration": 200}))
case("top-layers-object", lambda s: s.__setitem__("layers", {"a": 1}))
case("top-animations-string", lambda s: s.__setitem__("animations", "fade"))
case("top-unknown-key", lambda s: s.__setitem__("layer", []))
case("top-script-object", lambda s: s.__setitem__("script", {}))
case("top-table-array", lambda s: s.__setitem__("table", []))
case("canvas-not-object", lambda s: s.__setitem__("canvas", [100, 80]))
case("canvas-size-zero", lambda s: s["canvas"].__setitem__("size", [0, 80]))
case("canvas-size-negative", lambda s: s["canvas"].__setitem__("size", [100, -5]))
case("canvas-content-size-bad", lambda s: s["canvas"].__setitem__("contentSizeCategory", "huge"))
case("canvas-appearance-bad", lambda s: s["canvas"].__setitem__("appearance", "dim"))
case("canvas-size-huge", lambda s: s["canvas"].__setitem__("size", [20000, 80]))
case("canvas-size-one", lambda s: s["canvas"].__setitem__("size", [100]))
case("canvas-scale-zero", lambda s: s["canvas"].__setitem__("scale", 0))
case("canvas-scale-nine", lambda s: s["canvas"].__setitem__("scale", 9))
case("canvas-pixel-budget", lambda s: s["canvas"].update({"size": [5000, 5000], "scale": 1}))
case("canvas-side-budget", lambda s: s["canvas"].update({"size": [9000, 1], "scale": 2}))
case("canvas-background-bad", lambda s: s["canvas"].__setitem__("background", "#12345"))
case("canvas-background-typo", lambda s: s["canvas"].__setitem__("background", "systemBackgrund"))
case("canvas-edgeantialiasing-string", lambda s: s["canvas"].__setitem__("edgeAntialiasing", "true"))
case("canvas-unknown-key", lambda s: s["canvas"].__setitem__("colour", "#fff"))

# 3. Out-of-range layer values.
for k, v in [("opacity", 2), ("opacity", -0.5), ("shadowOpacity", 1.5), ("shadowRadius", 501),
             ("cornerRadius", -1), ("borderWidth", -2), ("bounds", [0, 0, -40, 30]),
             ("anchorPoint", [0.5]), ("shadowOffset", [0, 2, 3])]:
    case(f"layer-range-{k}-{str(v).replace(' ', '').replace('[', '').replace(']', '').replace(',', '_')}",
         lambda s, k=k, v=v: layer(s).__setitem__(k, v))
case("layer-frame-and-bounds", lambda s: layer(s).__setitem__("frame", [0, 0, 10, 10]))
# maskedCorners: corner names, each once.
case("layer-maskedcorners-not-array", lambda s: layer(s).__setitem__("maskedCorners", 15))
case("layer-maskedcorners-typo", lambda s: layer(s).__setitem__("maskedCorners", ["layerMinXMinYCorner", "layerMaxXMinCorner"]))
case("layer-maskedcorners-twice", lambda s: layer(s).__setitem__("maskedCorners", ["layerMinXMaxYCorner", "layerMinXMaxYCorner"]))
case("layer-frame-negative", lambda s: sub(s, 0).__setitem__("frame", [0, 0, -1, 10]))
case("layer-mask-not-object", lambda s: layer(s).__setitem__("mask", "circle"))
case("layer-shadowpath-number", lambda s: layer(s).__setitem__("shadowPath", 4))
case("layer-shadowpath-bad", lambda s: layer(s).__setitem__("shadowPath", "M0 0 L10"))
case("layer-shadowpath-budget", lambda s: layer(s).__setitem__("shadowPath", "M0 0" + " L1 1" * 20), extra=["--max-path-points", "10"])
case("layer-backdrop-blur-negative", lambda s: layer(s).__setitem__("backdropBlur", -4))
case("layer-backdrop-blur-budget", lambda s: layer(s).__setitem__("backdropBlur", 5000))
case("layer-cornercurve-typo", lambda s: layer(s).__setitem__("cornerCurve", "squircle"))
case("layer-cornercurve-number", lambda s: layer(s).__setitem__("cornerCurve", 1))
case("layer-mask-array", lambda s: layer(s).__setitem__("mask", [{"frame": [0, 0, 10, 10]}]))
case("layer-mask-bad-key", lambda s: layer(s).__setitem__("mask", {"frame": [0, 0, 10, 10], "cornerRadius": -4}))
case("layer-mask-duplicate-name", lambda s: layer(s).__setitem__("mask", {"name": "grad", "frame": [0, 0, 10, 10]}))
case("layer-mask-nesting", lambda s: layer(s).__setitem__("mask", {"mask": {"mask": {"mask": {}}}}), extra=["--max-nesting", "3"])
case("layer-duplicate-name", lambda s: sub(s, 1).__setitem__("name", "grad"))
case("layer-unknown-key-typo", lambda s: layer(s).__setitem__("opactiy", 1))
case("layer-unknown-key-long", lambda s: layer(s).__setitem__("x" * 5000, 1))
case("layer-unknown-keys-many", lambda s: layer(s).update({f"k{i}": i for i in range(120)}))
case("layer-string-long-control", lambda s: layer(s).__setitem__("backgroundColor", "\u001b[31m" + "r" * 500))

# 4. Transforms.
case("transform-op-two-keys", lambda s: layer(s).__setitem__("transform", [{"rotate": [1, 0, 0, 1], "scale": [1, 1, 1]}]))
case("transform-op-unknown", lambda s: layer(s).__setitem__("transform", [{"spin": 1}]))
case("transform-rotate-short", lambda s: layer(s).__setitem__("transform", [{"rotate": [1, 0, 0]}]))
case("transform-translate-string", lambda s: layer(s).__setitem__("transform", [{"translate": "1,2,3"}]))
case("transform-perspective-zero", lambda s: layer(s).__setitem__("transform", [{"perspective": 0}]))
case("transform-matrix-15", lambda s: layer(s).__setitem__("transform", [1] * 15))
case("transform-entry-string", lambda s: layer(s).__setitem__("transform", [{"m34": "-0.002"}]))

# 5. Gradient, path, text.
case("gradient-no-colors", lambda s: sub(s, 0)["gradient"].pop("colors"))
case("gradient-color-bad", lambda s: sub(s, 0)["gradient"].__setitem__("colors", ["#ff0000", "blu"]))
case("gradient-locations-count", lambda s: sub(s, 0)["gradient"].__setitem__("locations", [0, 0.5, 1]))
case("gradient-locations-decrease", lambda s: sub(s, 0)["gradient"].__setitem__("locations", [0.8, 0.2]))
case("gradient-locations-range", lambda s: sub(s, 0)["gradient"].__setitem__("locations", [0, 1.5]))
case("gradient-startpoint-bad", lambda s: sub(s, 0)["gradient"].__setitem__("startPoint", [0]))
case("gradient-unknown-key", lambda s: sub(s, 0)["gradient"].__setitem__("type", "radial"))
case("path-no-d", lambda s: sub(s, 1)["path"].pop("d"))
case("path-d-bad-command", lambda s: sub(s, 1)["path"].__setitem__("d", "M0 0 Q 1"))
case("path-d-letter", lambda s: sub(s, 1)["path"].__setitem__("d", "M0 0 X 5 5"))
case("path-linecap-bad", lambda s: sub(s, 1)["path"].__setitem__("lineCap", "rounded"))
case("path-linejoin-bad", lambda s: sub(s, 1)["path"].__setitem__("lineJoin", "mitre"))
case("path-fillrule-bad", lambda s: sub(s, 1)["path"].__setitem__("fillRule", "evenodd"))
case("path-linewidth-negative", lambda s: sub(s, 1)["path"].__setitem__("lineWidth", -1))
case("path-miterlimit-low", lambda s: sub(s, 1)["path"].__setitem__("miterLimit", 0.5))
case("path-strokeend-high", lambda s: sub(s, 1)["path"].__setitem__("strokeEnd", 1.5))
case("path-strokestart-string", lambda s: sub(s, 1)["path"].__setitem__("strokeStart", "0.2"))
case("path-dashes-not-array", lambda s: sub(s, 1)["path"].__setitem__("lineDashPattern", 4))
case("path-dashes-negative", lambda s: sub(s, 1)["path"].__setitem__("lineDashPattern", [4, -2]))
case("path-dashes-budget", lambda s: sub(s, 1)["path"].__setitem__("lineDashPattern", [1] * 20), extra=["--max-path-points", "10"])
case("path-dashes-tiny", lambda s: sub(s, 1)["path"].update({"lineDashPattern": [1e-9, 1e-9], "strokeColor": "#000000"}))
case("path-points-budget", lambda s: sub(s, 1)["path"].__setitem__("d", "M0 0" + " L1 1" * 20), extra=["--max-path-points", "10"])
case("text-length-budget", lambda s: sub(s, 2)["text"].__setitem__("string", "x" * 300), extra=["--max-text-length", "200"])
case("layers-budget", lambda s: layer(s)["sublayers"].extend({"bounds": [0, 0, 1, 1]} for _ in range(20)), extra=["--max-layers", "10"])
case("frames-budget", lambda s: s.__setitem__("duration", 10), extra=["--max-frames", "50"])
case("frames-budget-fps-flag", lambda s: None, extra=["--fps", "1000", "--max-frames", "50"])
case("canvas-budget-scale-flag", lambda s: None, extra=["--scale", "8", "--max-canvas-pixels", "100000"])
case("edges-budget", lambda s: None, extra=["--max-edges", "20"])
case("offscreen-budget", lambda s: None, extra=["--max-offscreen-pixels", "1000"])
case("frame-pixels-budget", lambda s: None, extra=["--max-frame-pixels", "5000"])
# Issue 28's probe: a tiny layer with a wide shadow blurs a large area; the budget pays for it.
def wide_shadows(s):
    s["canvas"]["scale"] = 3
    s["layers"] = [{"name": "dot%d" % i, "frame": [i, i, 1, 1], "backgroundColor": "#000000",
                    "shadowOpacity": 1, "shadowRadius": 500} for i in range(60)]
    s["animations"] = []
case("shadow-radius-budget", wide_shadows)
case("path-work-budget", lambda s: sub(s, 1)["path"].__setitem__("d", "M0 0" + "".join(f" L{40 * (i % 2)} {i * 0.01}" for i in range(400)) + " Z"), extra=["--max-path-work", "1000"])
case("text-no-string", lambda s: sub(s, 2)["text"].pop("string"))
case("text-string-number", lambda s: sub(s, 2)["text"].__setitem__("string", 42))
case("text-size-zero", lambda s: sub(s, 2)["text"]["font"].__setitem__("size", 0))
case("text-weight-bad", lambda s: sub(s, 2)["text"]["font"].__setitem__("weight", "heavy"))
case("text-file-and-weight", lambda s: sub(s, 2)["text"]["font"].__setitem__("file", "x.otf"))
case("text-alignment-bad", lambda s: sub(s, 2)["text"].__setitem__("alignment", "centre"))
case("text-lines-fraction", lambda s: sub(s, 2)["text"].__setitem__("lines", 1.5))
case("text-truncation-bad", lambda s: sub(s, 2)["text"].__setitem__("truncation", "end"))
case("text-minimum-scale-factor-above-1", lambda s: sub(s, 2)["text"].__setitem__("minimumScaleFactor", 1.5))
case("text-minimum-scale-factor-string", lambda s: sub(s, 2)["text"].__setitem__("minimumScaleFactor", "half"))

# 6. Animations.
def anim(s): return s["animations"][0]
case("anim-unknown-layer", lambda s: anim(s).__setitem__("layer", "bx"))
case("anim-no-layer", lambda s: anim(s).pop("layer"))
case("anim-unknown-keypath", lambda s: anim(s).__setitem__("keyPath", "opactiy"))
case("anim-no-keypath", lambda s: anim(s).pop("keyPath"))
case("anim-strokeend-string", lambda s: anim(s).update({"keyPath": "strokeEnd", "from": "0", "to": 1}))
case("anim-no-values", lambda s: [anim(s).pop(k) for k in ("from", "to")])
case("anim-values-and-from", lambda s: anim(s).__setitem__("values", [0, 1]))
case("anim-values-empty", lambda s: [anim(s).pop(k) for k in ("from", "to")] and anim(s).__setitem__("values", []))
case("anim-keytimes-count", lambda s: ([anim(s).pop(k) for k in ("from", "to")], anim(s).update({"values": [0, 1, 0.5], "keyTimes": [0, 1]})))
case("anim-keytimes-without-values", lambda s: anim(s).__setitem__("keyTimes", [0, 1]))
case("anim-timingfunctions-count", lambda s: ([anim(s).pop(k) for k in ("from", "to")], anim(s).update({"values": [0, 1, 0.5], "timingFunctions": ["linear"]})))
case("anim-timing-name-bad", lambda s: anim(s).__setitem__("timingFunction", "easeInOut"))
case("anim-timing-cubic-range", lambda s: anim(s).__setitem__("timingFunction", [1.5, 0, 0.5, 1]))
case("anim-timing-spring-bad", lambda s: anim(s).__setitem__("timingFunction", {"spring": {"mass": 0}}))
case("anim-timing-object-bad", lambda s: anim(s).__setitem__("timingFunction", {"bounce": 1}))
case("anim-fillmode-bad", lambda s: anim(s).__setitem__("fillMode", "forward"))
case("anim-duration-negative", lambda s: anim(s).__setitem__("duration", -1))
case("anim-repeat-negative", lambda s: anim(s).__setitem__("repeatCount", -1))
case("anim-to-wrong-kind", lambda s: anim(s).__setitem__("to", "#fff"))
case("anim-contentsrect-short", lambda s: anim(s).update({"keyPath": "image.contentsRect", "from": [0, 0, 1], "to": [0, 0, 1, 1]}))
case("anim-color-to-number", lambda s: anim(s).update({"keyPath": "backgroundColor", "from": 1, "to": 0}))
case("anim-hidden-number", lambda s: anim(s).update({"keyPath": "hidden", "from": 1, "to": 0}))
case("anim-hidden-by", lambda s: (anim(s).update({"keyPath": "hidden", "from": False, "by": True}), anim(s).pop("to")))
case("anim-hidden-additive", lambda s: anim(s).update({"keyPath": "hidden", "from": False, "to": True, "additive": True}))
case("anim-calculation-bad", lambda s: anim(s).__setitem__("calculationMode", "cubic"))
case("anim-unknown-key", lambda s: anim(s).__setitem__("delay", 1))
case("anim-not-object", lambda s: s.__setitem__("animations", [5]))

# 7. Budgets checked at validation.
def nest(s, depth):
    l = {"bounds": [0, 0, 1, 1]}
    top = l
    for _ in range(depth - 1):
        child = {"bounds": [0, 0, 1, 1]}
        l["sublayers"] = [child]
        l = child
    s["layers"] = [top]
    s.pop("animations")
case("budget-nesting", lambda s: nest(s, 65))

# 8. JSON syntax.
case("json-empty", raw="")
case("json-truncated", raw='{"version": 1, "canvas": {"size": [10, 10]')
case("json-trailing-comma", raw='{"version": 1, "fps": 10,}\n')
case("json-duplicate-key", raw='{"fps": 10, "fps": 20}\n')
case("json-nan", raw='{"fps": NaN}\n')
case("json-infinite", raw='{"fps": 1e400}\n')
case("json-control-char", raw='{"fps": "\x01"}\n')
case("json-single-quotes", raw="{'fps': 10}\n")
case("json-deep", raw="[" * 300 + "]" * 300)
case("json-bad-escape", raw='{"a": "\\q"}\n')
case("json-lone-surrogate", raw='{"a": "\\ud800"}\n')
case("json-invalid-utf8", raw=b'{"a": "\xff\xfe"}\n')
case("json-bom-then-garbage", raw=b'\xef\xbb\xbf{"fps": }')
case("json-comment", raw='// scene\n{"fps": 10}\n')

# 9. Files (relative to bad/): escape, absolute, NUL, missing, not PNG, huge PNG, font.
def img(file):
    return lambda s: sub(s, 3).__setitem__("image", {"file": file})
case("image-contentsrect-negative", lambda s: sub(s, 3).__setitem__("image", {"file": "helpers/tiny.png", "contentsRect": [0, 0, -0.5, 1]}))
case("image-contentscenter-negative", lambda s: sub(s, 3).__setitem__("image", {"file": "helpers/tiny.png", "contentsCenter": [0.4, 0.4, -0.2, 0.2]}))
case("anim-contentscenter-short", lambda s: anim(s).update({"keyPath": "image.contentsCenter", "from": [0, 0, 1], "to": [0.4, 0.4, 0.2, 0.2]}))
case("anim-contentscenter-negative", lambda s: anim(s).update({"keyPath": "contentsCenter", "from": [0, 0, 1, 1], "to": [0.4, 0.4, 0.2, -0.2]}))
case("anim-contentsrect-keyframe-negative", lambda s: [anim(s).pop(k) for k in ("from", "to")] and anim(s).update({"keyPath": "contentsRect", "values": [[0, 0, 1, 1], [0, 0, -1, 1]]}))
case("image-contentsrect-string", lambda s: sub(s, 3).__setitem__("image", {"file": "helpers/tiny.png", "contentsRect": "0 0 1 1"}))
case("file-image-escapes", img("../../../../etc/passwd"))
case("file-image-absolute", img("/etc/hostname"))
case("file-image-nul", img("helpers/tiny.png\u0000.txt"))
case("file-image-missing", img("helpers/nothing-here.png"))
case("file-image-not-png", img("helpers/not-a-png.png"))
case("file-image-truncated", img("helpers/truncated.png"))
case("file-image-huge", img("helpers/huge-16384.png"))
case("file-image-total-budget", lambda s: [sub(s, 3).__setitem__("image", {"file": "helpers/huge-4096.png"})] + [
    layer(s)["sublayers"].append({"frame": [0, 0, 4, 4], "image": {"file": f}})
    for f in ["./helpers/huge-4096.png", "helpers//huge-4096.png", "helpers/huge-4096b.png"]],
    extra=["--max-total-image-pixels", "20000000"])
case("file-image-folder", img("helpers"))
case("file-image-empty-name", img(""))
case("file-font-escapes", lambda s: sub(s, 2)["text"].__setitem__("font", {"file": "../../Package.swift"}))
case("file-font-not-font", lambda s: sub(s, 2)["text"].__setitem__("font", {"file": "helpers/not-a-png.png"}))
case("file-font-missing", lambda s: sub(s, 2)["text"].__setitem__("font", {"file": "helpers/Missing.otf"}))

# 10. Table and script.
def table(s, t):
    s["table"] = t
case("table-unknown-key", lambda s: table(s, {"rows": []}))
case("table-style-bad", lambda s: table(s, {"style": "inset"}))
case("table-rowheight-zero", lambda s: table(s, {"rowHeight": 0}))
# Self-sizing rows: "auto" is the one word a height takes.
case("table-rowheight-word", lambda s: table(s, {"rowHeight": "tall"}))
case("table-row-height-word", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "height": "big"}]}]}))
case("table-rowcount-huge", lambda s: table(s, {"rowCount": 100001}))
case("table-titleformat-alone", lambda s: table(s, {"titleFormat": "Row %d"}))
# Issue 53.4: made text is priced before it is made (each case took 30 s to 60 s, or 2 GB and more).
case("table-rowcount-long-titles", lambda s: table(s, {"rowCount": 100000, "titleFormat": "x" * 100000}))
case("table-rowcount-many-numbers", lambda s: table(s, {"rowCount": 100000, "titleFormat": "%d" * 50000}))
case("table-rowcount-budget-then-taps", lambda s: (table(s, {"rowCount": 5000}), s.__setitem__("script", [{"at": 0.1 + i * 0.01, "tap": {"row": i}} for i in range(30)])), extra=["--max-layers", "1000"])
case("template-text-made-past-budget", lambda s: table(s, {"sections": [{"rows": [{"title": "t" * 100000}]}],
    "cell": {"template": {"layers": [{"frame": [0, 0, 10, 10], "text": {"string": "{title}" * 14000}}]}}}))
case("template-missing-value-repeated", lambda s: table(s, {"sections": [{"rows": [{"title": "a"}] * 3}],
    "cell": {"template": {"layers": [{"frame": [0, 0, 10, 10], "text": {"string": "{v}" * 14000}}]}}}))
case("table-row-height-negative", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "height": -60}]}]}))
case("table-row-accessory-bad", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "accessory": "chevron"}]}]}))
case("table-section-not-object", lambda s: table(s, {"sections": [1]}))
case("table-header-logo-escapes", lambda s: table(s, {"header": {"logo": {"image": "../../../etc/passwd"}}}))
case("script-tap-out-of-range", lambda s: (table(s, {"sections": [{"rows": [{"title": "A"}]}]}), s.__setitem__("script", [{"at": 0.1, "tap": {"section": 0, "row": 3}}])))
case("script-two-actions", lambda s: (table(s, {"sections": [{"rows": [{"title": "A"}]}]}), s.__setitem__("script", [{"at": 0.1, "tap": {"row": 0}, "release": {}}])))
case("script-no-table", lambda s: s.__setitem__("script", [{"at": 0.1, "tap": {"row": 0}}]))
case("script-tap-hold-before-start", lambda s: (table(s, {"sections": [{"rows": [{"title": "A"}]}]}), s.__setitem__("script", [{"at": 0.1, "tap": {"row": 0, "hold": 0.3}}])))
case("script-tap-hold-negative", lambda s: (table(s, {"sections": [{"rows": [{"title": "A"}]}]}), s.__setitem__("script", [{"at": 0.1, "tap": {"row": 0, "hold": -1}}])))
case("table-accessory-highlighted-bad", lambda s: table(s, {"cell": {"accessoryHighlightedColor": "glow"}, "sections": [{"rows": [{"title": "A"}]}]}))

# Issue 28: table updates, scroll to row and swipes name rows of the data at their time.
abc = {"sections": [{"rows": [{"title": t} for t in "ABC"]}]}
def script(s, events): table(s, abc); s["script"] = events
case("script-insert-out-of-range", lambda s: script(s, [{"at": 0.1, "insertRows": {"indexPaths": [[0, 5]], "rows": [{"title": "x"}]}}]))
case("script-delete-twice", lambda s: script(s, [{"at": 0.1, "deleteRows": {"indexPaths": [[0, 1], [0, 1]]}}]))
case("script-delete-section-missing", lambda s: script(s, [{"at": 0.1, "deleteSections": {"indexes": [3]}}]))
case("script-tap-after-delete", lambda s: script(s, [{"at": 0.1, "deleteRows": {"indexPaths": [[0, 2]]}}, {"at": 0.2, "tap": {"row": 2}}]))
case("script-swipe-after-reload", lambda s: script(s, [{"at": 0.1, "reloadData": {"sections": []}}, {"at": 0.2, "swipe": {"row": 0}}]))
case("script-insert-rows-count", lambda s: script(s, [{"at": 0.1, "insertRows": {"indexPaths": [[0, 0], [0, 1]], "rows": [{"title": "x"}]}}]))
case("script-update-animation-unknown", lambda s: script(s, [{"at": 0.1, "deleteRows": {"indexPaths": [[0, 0]], "animation": "fadeOut"}}]))
case("script-batch-reload-data", lambda s: script(s, [{"at": 0.1, "performBatchUpdates": {"updates": [{"reloadData": {"sections": []}}]}}]))
case("script-move-to-missing-section", lambda s: script(s, [{"at": 0.1, "moveRow": {"from": [0, 0], "to": [2, 0]}}]))
# Issue 53.10: a batch that deletes a section and moves a row out of it (UIKit raises).
two = {"sections": [{"rows": [{"title": t} for t in "AB"]}, {"rows": [{"title": "C"}]}]}
case("script-move-from-deleted-section", lambda s: (table(s, two), s.__setitem__("script", [{"at": 0.1, "performBatchUpdates": {"updates": [
    {"deleteSections": {"indexes": [0]}}, {"moveRow": {"from": [0, 1], "to": [0, 1]}}]}}])))
# moveSection(_:toSection:): a section that is not there, and one deleted and moved in one batch.
case("script-move-section-missing", lambda s: script(s, [{"at": 0.1, "moveSection": {"from": 1, "to": 0}}]))
case("script-move-deleted-section", lambda s: (table(s, two), s.__setitem__("script", [{"at": 0.1, "performBatchUpdates": {"updates": [
    {"deleteSections": {"indexes": [0]}}, {"moveSection": {"from": 0, "to": 1}}]}}])))
case("script-swipe-no-actions", lambda s: script(s, [{"at": 0.1, "swipe": {"row": 0, "actions": []}}]))
case("script-heights-negative", lambda s: script(s, [{"at": 0.1, "rowHeights": {"indexPaths": [[0, 0]], "heights": [-5]}}]))
case("script-updates-budget", lambda s: (table(s, {"rowCount": 20000}), s.__setitem__("script", [{"at": 0.1, "deleteRows": {"indexPaths": [[0, 5]]}}] * 600)))
# Issue 53.3: each fling and release is priced at its settle search (flags lower the budget).
case("script-flings-budget", lambda s: (table(s, {"sections": [{"rows": [{"title": "A"}]}]}),
    s.__setitem__("script", [{"at": 0.1, "fling": {"velocity": 1000 + i}} for i in range(200)])), extra=["--max-simulation-work", "10000000"])
# A helper's probe of round 3: sections count in --max-layers (a million empty ones took 2.5 GB),
# and a template's placeholders cost at least a byte each (empty values made 3e9 steps of work).
case("table-sections-past-layers", lambda s: (table(s, {"sections": [{"rows": []} for _ in range(60)]}), s.__setitem__("animations", [])), extra=["--max-layers", "50"])
case("template-empty-values-priced", lambda s: table(s, {"sections": [{"rows": [{"title": "a", "values": {"e": ""}}] * 300}],
    "cell": {"template": {"layers": [{"frame": [0, 0, 10, 10], "text": {"string": "{e}" * 1000}}]}}}), extra=["--max-text-length", "100000"])
# Issue 53.3: every frame a reorder drag is under way is priced (thousands at once took a minute).
case("script-reorder-drags-budget", lambda s: (table(s, {"editing": True, "sections": [{"rows": [{"title": "R%d" % i, "canMove": True} for i in range(20)]}]}),
    s.__setitem__("script", [{"at": 0.1 + i * 0.001, "reorder": {"from": [0, i % 20], "to": [0, (i * 7 + 3) % 20], "duration": 0.3}} for i in range(300)])),
    extra=["--max-simulation-work", "3200000"])
# Issue 53 (a probe's items 2 and 3): a table laid out whole lays itself out again at every tap
# (19,000 taps on collapsible sections took 117 s unpriced), and a folding row's frame costs twice
# what it was priced.
case("script-collapsible-taps-budget", lambda s: (table(s, {"expansion": {"effect": "rows", "duration": 0.3},
    "sections": [{"collapsible": True, "rows": [{"title": "R%d" % i} for i in range(50)]} for _ in range(2)]}),
    s.__setitem__("script", [{"at": round(0.1 + i * 0.001, 4), "tap": {"section": i % 2, "row": 0}} for i in range(400)])),
    extra=["--max-simulation-work", "1000000"])
case("table-fold-frames-budget", lambda s: (table(s, {"rowCount": 200, "titleFormat": "Row %d", "expansion": {"effect": "fold", "duration": 0.3}}),
    s.__setitem__("script", [{"at": 0.1, "tap": {"row": 0}}])), extra=["--max-simulation-work", "60000"])
# Issue 53.1 and 53.2: each update priced per row and section it keeps; sections found once.
case("script-section-updates-budget", lambda s: (table(s, {"sections": [{"rows": []} for _ in range(2000)]}),
    s.__setitem__("script", [{"at": 0.1 + i * 0.01, "deleteSections": {"indexes": [i]}} for i in range(19)])), extra=["--max-simulation-work", "10000000"])
# Issue 53 (a probe): after an invalid update, later problems may follow from it: three said, the rest counted.
case("script-invalid-update-follow-on", lambda s: script(s, [{"at": 0.1, "insertSections": {"indexes": [3], "sections": [{"rows": [{"title": "x"}]}]}}]
    + [{"at": 0.2 + i * 0.01, "tap": {"section": 1, "row": 0}} for i in range(49)]))
# Issue 53 (a probe on a5f35e4): what the simulation costs, priced before it runs.
case("script-row-heights-tiny-priced", lambda s: (table(s, {"sections": [{"rows": [{"title": "a"} for _ in range(200)]}]}), s.__setitem__("duration", 1),
    s.__setitem__("script", [{"at": 0, "rowHeights": {"indexPaths": [[0, i] for i in range(200)], "heights": [0.01] * 200, "duration": 0}}])), extra=["--max-simulation-work", "2000000"])
case("table-tiny-header-views-priced", lambda s: (table(s, {"sections": [{"headerView": {"frame": [0, 0, 375, 0.01], "backgroundColor": "red"}, "rows": []} for _ in range(200)]}),
    s.__setitem__("duration", 1)), extra=["--max-simulation-work", "2000000"])
case("table-move-section-sections-priced", lambda s: (table(s, {"sections": [{"rows": [{"title": "a"}]} for _ in range(200)]}), s.__setitem__("duration", 1),
    s.__setitem__("script", [{"at": 0.2, "moveSection": {"from": 0, "to": 1}}])), extra=["--max-simulation-work", "900000"])
# Issue 53 (the eleventh session's probe): a large title over a table laid out whole looks back at
# the scroll on a grid of 1/600 s, a layout a moment: priced (1 s: 750 moments).
case("nav-large-title-whole-priced", lambda s: (table(s, {"sections": [{"rows": [{"title": "a"}]} for _ in range(200)]}), s.__setitem__("duration", 1),
    s.__setitem__("navigationBar", {"title": "T", "prefersLargeTitles": True}),
    s.__setitem__("script", [{"at": 0.2, "moveSection": {"from": 0, "to": 1}}])), extra=["--max-simulation-work", "5000000"])
case("script-insert-twice", lambda s: script(s, [{"at": 0.1, "insertRows": {"indexPaths": [[0, 1], [0, 1]], "rows": [{"title": "x"}, {"title": "y"}]}}]))
# Issue 33: the value1 style, the check mark and a selection that stays.
case("table-selection-multiple-not-bool", lambda s: table(s, {"selection": {"deselect": "never", "multiple": "yes"}, "sections": [{"rows": [{"title": "A"}]}]}))
case("table-cell-style-uikit-default", lambda s: table(s, {"cell": {"style": "default"}, "sections": [{"rows": [{"title": "A"}]}]}))
case("table-cell-style-value3", lambda s: table(s, {"cell": {"style": "value3"}, "sections": [{"rows": [{"title": "A"}]}]}))
case("script-move-path-negative", lambda s: script(s, [{"at": 0.1, "moveRow": {"from": [0, 0], "to": [0, -1]}}]))
# Issue 33: a cell's accessory view, and new content for rows in view (reconfigureRows).
case("script-reconfigure-rows-count", lambda s: script(s, [{"at": 0.1, "reconfigureRows": {"indexPaths": [[0, 0], [0, 1]], "rows": [{"title": "x"}]}}]))
case("script-reconfigure-after-delete", lambda s: script(s, [{"at": 0.1, "deleteRows": {"indexPaths": [[0, 2]]}}, {"at": 0.1, "reconfigureRows": {"indexPaths": [[0, 2]], "rows": [{"title": "x"}]}}]))
case("script-reconfigure-in-batch", lambda s: script(s, [{"at": 0.1, "performBatchUpdates": {"updates": [{"reconfigureRows": {"indexPaths": [[0, 0]], "rows": [{"title": "x"}]}}]}}]))
case("table-section-header-view-flat", lambda s: table(s, {"sections": [{"rows": [{"title": "A"}], "headerView": {"frame": [0, 0, 375, 0]}}]}))
case("table-section-footer-not-string", lambda s: table(s, {"sections": [{"rows": [{"title": "A"}], "footer": 3}]}))
case("table-section-footer-view-bad", lambda s: table(s, {"sections": [{"rows": [{"title": "A"}], "footerView": {"frame": [0, 0, 375, 20], "cornerRadius": -1}}]}))
case("script-set-editing-no-value", lambda s: script(s, [{"at": 0.1, "setEditing": {"animated": True}}]))
case("script-end-refreshing-no-control", lambda s: script(s, [{"at": 0.1, "endRefreshing": {}}]))
case("script-begin-refreshing-with-keys", lambda s: (table(s, {"refreshControl": {}, "sections": [{"rows": [{"title": "A"}]}]}), s.__setitem__("script", [{"at": 0.1, "beginRefreshing": {"animated": True}}])))
case("table-refresh-control-tint-bad", lambda s: table(s, {"refreshControl": {"tintColor": "greyish"}, "sections": [{"rows": [{"title": "A"}]}]}))
case("table-refresh-control-with-header", lambda s: table(s, {"refreshControl": {}, "header": {"maxHeight": 120, "minHeight": 44}, "sections": [{"rows": [{"title": "A"}]}]}))
case("table-refresh-control-not-object", lambda s: table(s, {"refreshControl": True, "sections": [{"rows": [{"title": "A"}]}]}))
case("table-row-editing-style-bad", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "editingStyle": "remove"}]}]}))
case("table-editing-not-bool", lambda s: table(s, {"editing": "yes", "sections": [{"rows": [{"title": "A"}]}]}))
case("table-row-accessory-view-bad", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "accessoryView": {"frame": [0, 0, 15, 15], "opacity": 2}}]}]}))
# Issue 51: the table's header and footer views.
case("table-header-view-flat", lambda s: table(s, {"tableHeaderView": {"frame": [0, 0, 375, 0]}, "sections": [{"rows": [{"title": "A"}]}]}))
case("table-row-title-color-bad", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "titleColor": "reddish"}]}]}))
case("table-row-image-corner-radius-negative", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "image": {"symbol": "star", "cornerRadius": -4}}]}]}))
case("table-row-image-maximum-size-short", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "image": {"file": "x.png", "maximumSize": [40]}}]}]}))
case("table-row-image-maximum-size-negative", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "image": {"symbol": "star", "maximumSize": [40, -1]}}]}]}))
case("table-row-title-font-size-zero", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "titleFont": {"size": 0}}]}]}))
case("table-row-detail-font-weight-bad", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "detailFont": {"weight": "heavy"}}]}]}))
case("table-row-title-lines-negative", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "titleLines": -1}]}]}))
case("table-row-detail-alignment-bad", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "detailAlignment": "middle"}]}]}))
case("table-row-title-font-file-missing", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "titleFont": {"file": "nowhere.ttf"}}]}]}))
case("table-row-style-unknown", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "style": "value3"}]}]}))
case("table-index-title-long", lambda s: table(s, {"sections": [{"rows": [{"title": "A"}]}], "sectionIndexTitles": ["A", "Everything"]}))
case("table-row-cell-separator-inset-negative", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "cell": {"separatorInsetLeft": -4}}]}]}))
case("table-footer-view-not-layer", lambda s: table(s, {"tableFooterView": "banner", "sections": [{"rows": [{"title": "A"}]}]}))

# Issue 50 step 6: a row's own cell (what a Swift data source's cell writes).
case("table-row-cell-layers-not-array", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "cell": {"layers": {"frame": [0, 0, 10, 10]}}}]}]}))
case("table-row-cell-unknown-key", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "cell": {"layers": [], "template": {}}}]}]}))
case("table-row-cell-background-bad", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "cell": {"backgroundColor": "mauve-ish"}}]}]}))
case("table-row-cell-animations-alone", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "cell": {"animations": []}}]}]}))
case("table-row-cell-animation-unknown-layer", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "cell": {"layers": [{"name": "dot", "frame": [0, 0, 4, 4]}], "animations": [{"layer": "spot", "keyPath": "opacity", "from": 0, "to": 1, "duration": 1}]}}]}]}))
case("table-row-cell-duplicate-name", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "cell": {"layers": [{"name": "dot", "frame": [0, 0, 4, 4]}, {"name": "dot", "frame": [0, 0, 4, 4]}]}}]}]}))

# Issue 33: a table the delegate's code moves (its layer's name, its frame's animations, the offsets it left).
offsets_rows = {"sections": [{"rows": [{"title": "A"}]}]}
case("table-content-offsets-no-rate", lambda s: table(s, {"contentOffsets": {"values": [0, 10]}, **offsets_rows}))
case("table-content-offsets-rate-huge", lambda s: table(s, {"contentOffsets": {"rate": 1e9, "values": [0, 10]}, **offsets_rows}))
case("table-content-offsets-empty", lambda s: table(s, {"contentOffsets": {"rate": 240, "values": []}, **offsets_rows}))
case("table-content-offsets-value-huge", lambda s: table(s, {"contentOffsets": {"rate": 240, "values": [0, 1e300]}, **offsets_rows}))
case("table-content-offsets-value-string", lambda s: table(s, {"contentOffsets": {"rate": 240, "values": [0, "10"]}, **offsets_rows}))
case("table-content-offsets-budget", lambda s: table(s, {"contentOffsets": {"rate": 240, "values": list(range(20))}, **offsets_rows}),
     extra=["--max-keyframe-values", "10"])
case("table-name-taken", lambda s: table(s, {"name": "box", **offsets_rows}))
def table_animated(s, key):
    table(s, {"name": "list", **offsets_rows})
    s["animations"] = [{"layer": "list", "keyPath": key, "from": 0, "to": 1, "duration": 0.2}]
case("table-animation-keypath", lambda s: table_animated(s, "opacity"))
case("table-content-offsets-with-header", lambda s: table(s, {"header": {}, "contentOffsets": {"rate": 10, "values": [0, 100]}, "rowCount": 30}))
# Issue 29: the navigation bar's buttons.
def nav(s, bar): table(s, {"sections": [{"rows": [{"title": "A"}]}]}); s["navigationBar"] = bar
case("nav-large-title-with-header", lambda s: (table(s, {"header": {"maxHeight": 200, "minHeight": 60}, "rowCount": 30}), s.__setitem__("navigationBar", {"title": "T", "prefersLargeTitles": True})))
case("nav-search-bar-not-bool", lambda s: nav(s, {"title": "T", "searchBar": 3}))
case("nav-search-bar-unknown-key", lambda s: nav(s, {"title": "T", "searchBar": {"placehold": "Find"}}))
case("nav-search-bar-placeholder-not-string", lambda s: nav(s, {"title": "T", "searchBar": {"placeholder": 7}}))
case("nav-search-bar-with-header", lambda s: (table(s, {"header": {"maxHeight": 200, "minHeight": 60}, "rowCount": 30}), s.__setitem__("navigationBar", {"title": "T", "searchBar": True})))
case("nav-right-symbol-unknown", lambda s: nav(s, {"title": "T", "rightButtonSymbol": "plus.app"}))
case("nav-left-button-with-back", lambda s: nav(s, {"title": "T", "backButton": "Lists", "leftButton": "Close"}))
case("nav-edit-and-right-button", lambda s: nav(s, {"title": "T", "editButton": True, "rightButton": "Add"}))
case("nav-right-button-style-bad", lambda s: nav(s, {"title": "T", "rightButton": "Add", "rightButtonStyle": "bold"}))
case("nav-back-button-not-string", lambda s: nav(s, {"title": "T", "backButton": True}))
# Issue 33: a reorder drag.
reorder_rows = {"editing": True, "sections": [{"rows": [{"title": "A", "canMove": True}, {"title": "B"}]}, {"rows": [{"title": "C"}]}]}
case("script-reorder-other-section", lambda s: (script(s, [{"at": 0.1, "reorder": {"from": [0, 0], "to": [1, 0]}}]), table(s, reorder_rows)))
case("script-reorder-duration-zero", lambda s: (script(s, [{"at": 0.1, "reorder": {"from": [0, 0], "to": [0, 1], "duration": 0}}]), table(s, reorder_rows)))
case("script-reorder-row-missing", lambda s: (script(s, [{"at": 0.1, "reorder": {"from": [0, 5], "to": [0, 1]}}]), table(s, reorder_rows)))
# Issue 33: a built-in cell's image.
def row_image(s, image):
    table(s, {"sections": [{"rows": [{"title": "A", "image": image}]}]})
case("table-row-image-missing", lambda s: row_image(s, {"file": "helpers/missing.png"}))
case("table-row-image-escapes", lambda s: row_image(s, {"file": "../../../../etc/passwd"}))
case("table-row-image-no-file", lambda s: row_image(s, {"size": [29, 29]}))
case("table-row-image-size-zero", lambda s: row_image(s, {"file": "../../../scenes/assets/icon-wifi.png", "size": [0, 29]}))
case("table-row-image-not-png", lambda s: row_image(s, {"file": "helpers/not-a-png.png"}))
case("table-row-image-bare-name-missing", lambda s: row_image(s, {"file": "avatar"}))
case("table-row-symbol-unknown", lambda s: row_image(s, {"symbol": "star.filled"}))
case("table-row-symbol-bad-weight", lambda s: row_image(s, {"symbol": "gear", "weight": "extraBold", "pointSize": 0}))

# Issue 28.1: display effects as Core Animation animations, per table and per row.
def display_anim(**kw):
    a = {"layer": "cell", "keyPath": "opacity", "from": 0, "to": 1}
    a.update(kw)
    return a
case("display-anim-unknown-layer", lambda s: table(s, {**abc, "display": {"effect": {"animations": [display_anim(layer="badge")]}}}))
case("display-anim-and-start-state", lambda s: table(s, {**abc, "display": {"effect": {"animations": [display_anim()], "opacity": 0}}}))
case("display-anim-bad-value", lambda s: table(s, {**abc, "display": {"effect": {"animations": [display_anim(keyPath="position", **{"from": 3})]}}}))
case("row-display-unknown-effect", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "display": "spin"}]}]}))
case("row-display-card-without-card", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "display": {"animations": [display_anim(layer="card")]}}]}]}))
case("template-anim-unknown-layer", lambda s: table(s, {**abc, "cell": {"template": {"layers": [{"name": "dot", "frame": [0, 0, 4, 4]}],
    "animations": [display_anim(layer="cell")]}}}))
# Issue 29.1: devices and the status bar.
def device(s, name, size=None):
    s["canvas"] = {"device": name}
    if size: s["canvas"]["size"] = size
case("canvas-device-unknown", lambda s: device(s, "iPhone 15 Pr"))
case("canvas-device-size-mismatch", lambda s: device(s, "iPhone 15", [390, 844]))
case("statusbar-style-bad", lambda s: s.__setitem__("statusBar", {"style": "dark"}))
case("statusbar-time-long", lambda s: s.__setitem__("statusBar", {"time": "12:34:56 PM"}))
case("navigationbar-without-table", lambda s: s.__setitem__("navigationBar", {"title": "Inbox"}))
case("navigationbar-title-not-string", lambda s: (table(s, abc), s.__setitem__("navigationBar", {"title": 3})))
case("statusbar-not-bool-or-object", lambda s: s.__setitem__("statusBar", "yes"))
case("display-keepsframe-not-bool", lambda s: table(s, {**abc, "display": {"effect": {"anchorPoint": [0, 0.5], "keepsFrame": "no"}}}))
case("display-target-card-without-card", lambda s: table(s, {**abc, "display": {"effect": {"target": "card", "opacity": 0}}}))
case("row-display-wrapped", lambda s: table(s, {"sections": [{"rows": [{"title": "A", "display": {"effect": "cards", "once": False}}]}]}))
case("display-anim-budget", lambda s: (table(s, {"rowCount": 400, "rowHeight": 1, "display": {"effect": {"animations": [display_anim()] * 3000}}})),
     extra=["--max-simulation-work", "10000000"])

# Issue 26: every loop and allocation a scene drives is bounded, and validate says so.
rows40 = {"sections": [{"rows": [{"title": "Row %d" % i} for i in range(40)]}]}
case("table-frame-huge", lambda s: table(s, {"frame": [0, 0, 100, 1e300], **rows40}))
case("script-fling-velocity-huge", lambda s: (table(s, rows40), s.__setitem__("script", [{"at": 0.1, "fling": {"velocity": 1e20}}])))
case("table-simulation-budget", lambda s: table(s, rows40), extra=["--max-simulation-work", "100"])
case("table-header-simulation-budget", lambda s: (table(s, {"header": {"minHeight": 40, "maxHeight": 100}, **rows40}), s.__setitem__("duration", 60)),
     extra=["--max-simulation-work", "100000"])
case("anim-keyframe-values-budget", lambda s: ([anim(s).pop(k) for k in ("from", "to")], anim(s).__setitem__("values", [0, 0.5, 1, 0.5, 0])),
     extra=["--max-keyframe-values", "4"])
# Every problem of an animation, not only the first.
case("anim-unknown-layer-and-more", lambda s: anim(s).update({"layer": "bx", "duration": -1, "fillMode": "sideways"}))
case("anim-unknown-keypath-and-more", lambda s: anim(s).update({"keyPath": "opactiy", "repeatCount": -2}))
case("anim-unknown-keypath-keyframes", lambda s: ([anim(s).pop(k) for k in ("from", "to")], anim(s).update({"keyPath": "opactiy", "values": [0, 1], "keyTimes": [0, 1], "timingFunctions": ["linear"]})))

# Changes: properties of named layers set at scene times (issue 50).
def change(**kw): return {"at": 0.2, "layer": "box", "key": "masksToBounds", "value": True, **kw}
case("change-unknown-layer", lambda s: s.__setitem__("changes", [change(layer="bx")]))
case("change-unknown-key", lambda s: s.__setitem__("changes", [change(key="masksToBound")]))
case("change-value-type", lambda s: s.__setitem__("changes", [change(value=1)]))
case("change-value-range", lambda s: s.__setitem__("changes", [change(key="opacity", value=1.5)]))
case("change-key-not-settable", lambda s: s.__setitem__("changes", [change(layer="shape", key="path.d", value="M0 0")]))
case("change-key-no-content", lambda s: s.__setitem__("changes", [change(key="path.lineCap", value="round")]))
case("change-at-negative", lambda s: s.__setitem__("changes", [change(at=-0.5)]))
# A text's keys: on a layer without text; the font, which a change cannot set.
case("change-text-without-text", lambda s: s.__setitem__("changes", [change(key="text.string", value="Done")]))
case("change-text-font", lambda s: (layer(s).__setitem__("text", {"string": "A"}), s.__setitem__("changes", [change(key="text.font", value={"size": 20})])))
case("change-missing-keys", lambda s: s.__setitem__("changes", [{"layer": "box"}]))
case("change-not-array", lambda s: s.__setitem__("changes", {"at": 0}))
case("change-keyframe-values-budget", lambda s: s.__setitem__("changes", [change(), change(), change()]), extra=["--max-keyframe-values", "2"])

def png(width, height, depth=1, color=0, rows=None):
    raw = zlib.compress(rows if rows is not None else b"".join(b"\x00" + b"\x00" * ((width * depth + 7) // 8) for _ in range(height)), 9)
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")

# iOS 15's room above plain headers, and the tints (issue 54.5, 51).
case("table-header-padding-negative", lambda s: table(s, {"sectionHeaderTopPadding": -1, "sections": [{"title": "A", "rows": [{"title": "a"}]}]}))
case("table-tint-not-colour", lambda s: table(s, {"tintColor": "tomato", "sections": [{"rows": [{"title": "a", "cell": {"tintColor": 3}}]}]}))
def main():
    os.makedirs(os.path.join(OUT, "helpers"), exist_ok=True)
    for name, data in cases.items():
        with open(os.path.join(OUT, name + ".json"), "wb") as f:
            f.write(data)
    h = os.path.join(OUT, "helpers")
    open(os.path.join(h, "not-a-png.png"), "w").write("this is text, not a PNG\n")
    open(os.path.join(h, "tiny.png"), "wb").write(png(1, 1, 8, 0, b"\x00\x80"))
    open(os.path.join(h, "truncated.png"), "wb").write(png(4, 4, 8, 0)[:40])
    # 1-bit images: tiny files that decode to many pixels (the decompression-bomb shape).
    open(os.path.join(h, "huge-16384.png"), "wb").write(png(16384, 16384))
    open(os.path.join(h, "huge-4096.png"), "wb").write(png(4096, 4096))
    open(os.path.join(h, "huge-4096b.png"), "wb").write(png(4096, 4096, 1, 0, zlib.decompress(zlib.compress(b"".join(b"\x00" + b"\xff" * 512 for _ in range(4096))))))
    for name, extra in flags.items():
        with open(os.path.join(OUT, name + ".flags"), "w") as f:
            f.write(" ".join(extra) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")

if __name__ == "__main__":
    main()
