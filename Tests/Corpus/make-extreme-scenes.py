#!/usr/bin/env python3
"""Writes Tests/Corpus/good/extreme-*.json: valid scenes whose animations drive every numeric
animatable key path to +-1e300 (and a spring that overshoots), on a layer with a gradient,
shadow, border, rounded corners, a path and text. They must render (exit 0) without a trap;
check-bad-scenes.sh renders them. Run from the repo root."""
import json, os
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "good")
number = ["opacity", "position.x", "position.y", "bounds.size.width", "bounds.size.height", "cornerRadius",
          "borderWidth", "shadowOpacity", "shadowRadius", "zPosition", "anchorPointZ", "transform.rotation.x",
          "transform.rotation.y", "transform.rotation.z", "transform.rotation", "transform.scale",
          "transform.scale.x", "transform.scale.y", "transform.scale.z", "transform.translation.x",
          "transform.translation.y", "transform.translation.z"]
vector = ["position", "bounds.origin", "bounds.size", "shadowOffset", "anchorPoint", "gradient.startPoint",
          "gradient.endPoint", "transform.translation"]
for sign, big in (("plus", 1e300), ("minus", -1e300), ("tiny", 1e-300)):
    anims = []
    for k in number:
        anims.append({"layer": "x", "keyPath": k, "from": 0, "to": big, "duration": 1, "fillMode": "both"})
    for k in vector:
        anims.append({"layer": "x", "keyPath": k, "from": [0, 0], "to": [big, -big], "duration": 1})
    anims.append({"layer": "x", "keyPath": "bounds", "from": [0, 0, 10, 10], "to": [big, big, big, big], "duration": 1})
    anims.append({"layer": "x", "keyPath": "sublayerTransform", "from": [{"perspective": 500}],
                  "to": [{"translate": [big, big, big]}, {"rotate": [big, 1, 1, 0]}], "duration": 1})
    anims.append({"layer": "x", "keyPath": "gradient.locations", "from": [0, 1], "to": [0, 1], "duration": 1})
    anims.append({"layer": "y", "keyPath": "transform", "from": [1e300] * 16, "to": [-1e300] * 16, "duration": 1,
                  "timingFunction": {"spring": {"mass": 1e-300, "stiffness": 1e300, "damping": 0, "initialVelocity": 1e300}}})
    anims.append({"layer": "y", "keyPath": "opacity", "by": big, "duration": 0.1, "repeatCount": 1e300, "autoreverses": True,
                  "speed": big, "timeOffset": big, "beginTime": -big})
    scene = {"version": 1, "canvas": {"size": [60, 40], "scale": 1, "background": "#ffffff"}, "fps": 4, "duration": 1,
             "layers": [{"name": "x", "bounds": [0, 0, 20, 20], "position": [30, 20], "backgroundColor": "#ff0000",
                         "cornerRadius": 3, "borderWidth": 1, "shadowOpacity": 1, "shadowRadius": 2,
                         "gradient": {"colors": ["#ff0000", "#0000ff"]},
                         "sublayers": [{"name": "y", "frame": [0, 0, 10, 10], "backgroundColor": "#00ff00",
                                        "path": {"d": "M0 0 C 5 20 10 -20 15 0 Z", "strokeColor": "#000000", "lineWidth": 2,
                                                 "lineJoin": "round", "lineCap": "round"},
                                        "text": {"string": "Extreme", "font": {"size": 6}}}]}],
             "animations": anims}
    with open(os.path.join(OUT, f"extreme-{sign}.json"), "w") as f:
        json.dump(scene, f)
print("wrote extreme scenes")
