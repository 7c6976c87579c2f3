"""Build sheet.json: every glyph in black on white at 17 pt beside 17 pt "Ag", its name under it."""
import json, sys

syms = json.load(open("symbols.json"))
guides = "--guides" in sys.argv
COLS, CW, CH, M = 6, 104, 66, 12
names = list(syms)
rows = (len(names) + COLS - 1) // COLS
layers = []
for i, n in enumerate(names):
    g = syms[n]
    x0 = M + (i % COLS) * CW
    y0 = M + (i // COLS) * CH
    yc = y0 + 24          # the cap-height middle of the 17 pt text (= the text layer's centre)
    gx = x0 + 26          # glyph centre x
    if guides:
        for y in (yc - 6.125, yc + 6.125):   # cap top and baseline of the 17 pt text
            layers.append({"frame": [x0 + 4, y - 0.17, CW - 12, 0.34], "backgroundColor": "#C8DCFF"})
        layers.append({"frame": [gx - g["width"] / 2 - 0.17, yc - g["height"] / 2 - 0.17, g["width"] + 0.34, g["height"] + 0.34],
                       "borderWidth": 0.34, "borderColor": "#FFB0B0"})
    frame = [round(gx - g["width"] / 2, 3), round(yc - g["height"] / 2, 3), g["width"], g["height"]]
    if g["fill"]:
        layers.append({"frame": frame, "path": {"d": g["fill"], "fillColor": "black", "fillRule": g["fillRule"]}})
    if g["stroke"]:
        layers.append({"frame": frame, "path": {"d": g["stroke"], "fillColor": None, "strokeColor": "black",
                                                "lineWidth": g["lineWidth"], "lineCap": "round", "lineJoin": "round"}})
    layers.append({"frame": [x0 + 50, yc - 20, 44, 40], "text": {"string": "Ag", "font": {"size": 17}, "color": "black"}})
    layers.append({"frame": [x0, y0 + 44, CW - 4, 14],
                   "text": {"string": n, "font": {"size": 9}, "color": "#666666", "alignment": "center"}})

# a few table-like rows: symbol, 17 pt title, chevron, to judge the glyphs in context
demo = [("star.fill", "Favourites"), ("gear", "Settings"), ("bell", "Notifications"), ("person.circle", "Account"),
        ("folder", "Documents"), ("trash", "Recently Deleted")]
ty = M + rows * CH + 8
for j, (n, title) in enumerate(demo):
    x0 = M + (j % 2) * 312; y0 = ty + (j // 2) * 44
    layers.append({"frame": [x0, y0, 300, 44], "backgroundColor": "#F4F4F6", "cornerRadius": 8})
    g = syms[n]; yc = y0 + 22
    fr = [round(x0 + 16 + 14 - g["width"] / 2, 3), round(yc - g["height"] / 2, 3), g["width"], g["height"]]
    if g["fill"]: layers.append({"frame": fr, "path": {"d": g["fill"], "fillColor": "systemBlue", "fillRule": g["fillRule"]}})
    if g["stroke"]: layers.append({"frame": fr, "path": {"d": g["stroke"], "fillColor": None, "strokeColor": "systemBlue",
                                   "lineWidth": g["lineWidth"], "lineCap": "round", "lineJoin": "round"}})
    layers.append({"frame": [x0 + 52, yc - 20, 200, 40], "text": {"string": title, "font": {"size": 17}, "color": "black"}})
    c = syms["chevron.right"]
    cf = [x0 + 300 - 16 - c["width"], round(yc - c["height"] / 2, 3), c["width"], c["height"]]
    layers.append({"frame": cf, "path": {"d": c["stroke"], "fillColor": None, "strokeColor": "systemGray3",
                                         "lineWidth": c["lineWidth"], "lineCap": "round", "lineJoin": "round"}})
height = ty + 3 * 44 + M
scene = {"version": 1, "canvas": {"size": [M * 2 + COLS * CW, height], "scale": 3, "background": "white"},
         "fps": 1, "duration": 0, "layers": layers}
args = [a for a in sys.argv[1:] if not a.startswith("--")]
out = args[0] if args else "sheet.json"
json.dump(scene, open(out, "w"), indent=1)
