"""Our own SF-Symbols-like glyphs, drawn from simple geometry (regular weight, medium scale, 17 pt).
Run: python3 glyphs.py  -> symbols.json"""
import json, math
from geom import *

LW = 1.6          # outline stroke weight (pt)
H = LW / 2        # half stroke
G = {}


def glyph(name, fill=None, stroke=None, lw=LW, rule="nonZero", centre=None):
    """centre: (x, y) the box is padded to be symmetric about (the optical centre, e.g. a circle's)."""
    G[name] = dict(fill=fill, stroke=stroke, lw=lw if stroke else None, rule=rule, centre=centre)


def P(*subs):
    p = Path()
    for s in subs:
        if isinstance(s, tuple): p.add(*s)
        else: p.add(s, False)
    return p


def closed(segs): return (segs, True)
def cwc(segs, cw=True): return (orient(segs, cw), True)


def xf(path, f): return path.transformed(f)


# ---------------- chevrons ----------------
chev = P(polyline([(H, H), (7 - H, 6), (H, 12 - H)]))
glyph("chevron.right", stroke=chev)
glyph("chevron.left", stroke=xf(chev, lambda p: (7 - p[0], p[1])))
glyph("chevron.down", stroke=xf(chev, lambda p: (p[1], p[0])))
glyph("chevron.up", stroke=xf(chev, lambda p: (p[1], 7 - p[0])))

# ---------------- plus, minus, xmark, checkmark ----------------
S = 15
glyph("plus", stroke=P(polyline([(H, S / 2), (S - H, S / 2)]), polyline([(S / 2, H), (S / 2, S - H)])))
glyph("minus", stroke=P(polyline([(H, H), (S - H, H)])))
X = 13
glyph("xmark", stroke=P(polyline([(H, H), (X - H, X - H)]), polyline([(X - H, H), (H, X - H)])))
CHECK = [(H, 7.8), (5.6, 13.2), (14.2, H)]
glyph("checkmark", stroke=P(polyline(CHECK)))

# ---------------- trash ----------------
def trash():
    lid_y = 3.6
    body = fillet_path([(1.9, lid_y), (2.9, 16.2), (12.1, 16.2), (13.1, lid_y)], [0, 2.0, 2.0, 0], closed=False)
    handle = fillet_path([(5.0, lid_y), (5.0, H), (10.0, H), (10.0, lid_y)], [0, 1.2, 1.2, 0], closed=False)
    lid = polyline([(H, lid_y), (15 - H, lid_y)])
    lines = []
    for fx in (-1, 0, 1):
        xt, xb = 7.5 + fx * 2.6, 7.5 + fx * 2.2
        lines.append(polyline([(xt, 6.6), (xb, 13.4)]))
    return P(lid, handle, body, *lines)
glyph("trash", stroke=trash())

# ---------------- star ----------------
def star_pts(cx, cy, R, ratio):
    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        r = R if i % 2 == 0 else R * ratio
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts
STAR = fillet_path(star_pts(8.5, 8.6, 9.1, 0.44), [0.6, 1.4] * 5)
glyph("star", stroke=P(closed(STAR)))
glyph("star.fill", fill=P(cwc(offset_contour(STAR, H))))

# ---------------- heart ----------------
def heart(cx=8.7, top=0.8, a=3.75, r=4.15, R=13.5, height=13.4):
    cy = top + r                   # lobe centres' y
    B = (cx, top + height)         # bottom point
    C1 = (cx + a, cy)              # right lobe centre
    # big side circle: |C2-B| = R, |C2-C1| = R - r  (two-circle intersection, take the one on the left)
    d = math.dist(B, C1)
    x = (d * d + R * R - (R - r) ** 2) / (2 * d)
    h = math.sqrt(R * R - x * x)
    e = norm(sub(C1, B)); m = add(B, mul(e, x))
    cands = [add(m, mul((-e[1], e[0]), h)), add(m, mul((e[1], -e[0]), h))]
    C2 = min(cands, key=lambda p: p[0])
    T = add(C1, mul(norm(sub(C1, C2)), r))       # tangency point
    cusp = (cx, cy - math.sqrt(r * r - a * a))
    # right half, clockwise on screen: cusp -> over the right lobe -> T -> B
    a0 = ang(C1, cusp); a1 = ang(C1, T)
    while a1 < a0: a1 += 2 * math.pi
    right_lobe = Arc(C1, r, a0, a1)
    b0 = ang(C2, T); b1 = ang(C2, B)
    b1 = b0 + math.remainder(b1 - b0, 2 * math.pi)
    right_side = Arc(C2, R, b0, b1)
    mir = lambda p: (2 * cx - p[0], p[1])
    left_side = right_side.transformed(mir); left_lobe = right_lobe.transformed(mir)
    # reverse the mirrored arcs so the contour runs on
    left_side = Arc(left_side.c, left_side.r, left_side.a1, left_side.a0)
    left_lobe = Arc(left_lobe.c, left_lobe.r, left_lobe.a1, left_lobe.a0)
    return [right_lobe, right_side, left_side, left_lobe]
HEART = heart()
glyph("heart", stroke=P(closed(HEART)))
glyph("heart.fill", fill=P(cwc(offset_contour(HEART, H))))

# ---------------- ellipsis ----------------
D = 1.45
glyph("ellipsis", fill=P(*[cwc(circle((D + 6.5 * i, D), D)) for i in range(3)]))

# ---------------- person ----------------
def arch(x0, x1, ybase, ytop, r1):
    """Three-centred arch over [x0, x1] from ybase up to ytop, side radius r1; segments left->right
    (clockwise on screen)."""
    w2 = (x1 - x0) / 2; cx = (x0 + x1) / 2; h = ybase - ytop
    r2 = ((w2 - r1) ** 2 + h * h - r1 * r1) / (2 * (h - r1))
    cl = (x0 + r1, ybase); cr = (x1 - r1, ybase); ct = (cx, ytop + r2)
    tl = add(ct, mul(norm(sub(cl, ct)), r2)); tr = add(ct, mul(norm(sub(cr, ct)), r2))
    return [arc_between(cl, r1, (x0, ybase), tl, cw=True),
            arc_between(ct, r2, tl, tr, cw=True),
            arc_between(cr, r1, tr, (x1, ybase), cw=True)]


def body(x0, x1, ytop, ybottom, r1, rc):
    """Person's body: an arch with rounded bottom corners of radius rc and a flat bottom."""
    yb = ybottom - rc
    segs = arch(x0, x1, yb, ytop, r1)
    segs.append(Arc((x1 - rc, yb), rc, 0, math.pi / 2))
    segs.append(Line((x1 - rc, ybottom), (x0 + rc, ybottom)))
    segs.append(Arc((x0 + rc, yb), rc, math.pi / 2, math.pi))
    return segs

HEAD = ((7.5, 4.2), 3.4)
BODY = body(H, 15 - H, 10.5, 15.2, 3.2, 1.0)
glyph("person", stroke=P(closed(circle(*HEAD)), closed(BODY)))
glyph("person.fill", fill=P(cwc(circle(HEAD[0], HEAD[1] + H)), cwc(offset_contour(BODY, H))))

def person_circle():
    c, R = (8.5, 8.5), 8.5 - H
    head = circle((8.5, 6.5), 2.8)
    bc, br = (8.5, 17.6), 5.4
    # intersection of the shoulder circle with the ring
    Dd = math.dist(c, bc)
    x = (Dd * Dd + R * R - br * br) / (2 * Dd); hh = math.sqrt(R * R - x * x)
    pl = (c[0] - hh, c[1] + x); pr = (c[0] + hh, c[1] + x)
    shoulders = arc_between(bc, br, pl, pr, cw=True)
    return P(closed(circle(c, R)), closed(head), [shoulders])
glyph("person.circle", stroke=person_circle())

# ---------------- gear ----------------
def gear(c=(8.5, 8.5), n=8, rt=8.5 - H, rr=6.0, tip_hw=1.05, root_hw=1.25, hole=2.5, phase=-90):
    segs = []
    at = math.asin(tip_hw / rt); ar = math.asin(root_hw / rr)
    step = 2 * math.pi / n
    for i in range(n):
        m = math.radians(phase) + i * step
        p_root_in = (c[0] + rr * math.cos(m - ar), c[1] + rr * math.sin(m - ar))
        p_tip0 = (c[0] + rt * math.cos(m - at), c[1] + rt * math.sin(m - at))
        p_tip1 = (c[0] + rt * math.cos(m + at), c[1] + rt * math.sin(m + at))
        p_root_out = (c[0] + rr * math.cos(m + ar), c[1] + rr * math.sin(m + ar))
        segs.append(Line(p_root_in, p_tip0))
        segs.append(Arc(c, rt, m - at, m + at))
        segs.append(Line(p_tip1, p_root_out))
        segs.append(Arc(c, rr, m + ar, m + step - ar))
    return P(closed(segs), closed(circle(c, hole)))
glyph("gear", stroke=gear())

# ---------------- bell ----------------
def bell_body(cx=8.0, dome_cy=7.3, dome_r=5.1, side_end=9.8, rf=3.0, flare_deg=60):
    xr = cx + dome_r
    fc = (xr + rf, side_end)
    fa1 = math.pi - math.radians(flare_deg)
    corner = (fc[0] + rf * math.cos(fa1), fc[1] + rf * math.sin(fa1))
    mir = lambda p: (2 * cx - p[0], p[1])
    segs = [Arc((cx, dome_cy), dome_r, math.pi, 2 * math.pi),           # dome, left -> right over the top
            Line((xr, dome_cy), (xr, side_end)),
            Arc(fc, rf, math.pi, fa1),                                 # flare out to the lip
            Line(corner, mir(corner)),                                  # the lip, right -> left
            Arc(mir(fc), rf, 2 * math.pi - fa1, 2 * math.pi),
            Line((2 * cx - xr, side_end), (2 * cx - xr, dome_cy))]
    segs[4] = arc_between(mir(fc), rf, mir(corner), (2 * cx - xr, side_end), cw=False)
    return segs, corner[1]
BELL, LIP = bell_body()
KNOB = [(8.0, H), (8.0, 2.2)]
CLAP_C, CLAP_R, CLAP_A = (8.0, LIP + 1.55), 2.2, 22
def clapper_arc():
    return Arc(CLAP_C, CLAP_R, math.radians(180 - CLAP_A), math.radians(CLAP_A))
glyph("bell", stroke=P(closed(BELL), polyline(KNOB), [clapper_arc()]))
def bell_fill():
    ca = clapper_arc()
    cup = [ca, Line(ca.end(), ca.start())]
    return P(cwc(offset_contour(BELL, H)), cwc(stroke_outline(KNOB, H)), cwc(offset_contour(cup, H)))
glyph("bell.fill", fill=bell_fill())

# ---------------- magnifyingglass ----------------
def magnifier():
    c, r = (6.6, 6.6), 6.6 - H
    k = 1 / math.sqrt(2)
    hw = 1.05
    end = (16 - hw, 16 - hw)
    start = (c[0] + (r + 0.3) * k, c[1] + (r + 0.3) * k)
    return P(cwc(circle(c, r + H)), cwc(circle(c, r - H), False), cwc(stroke_outline([start, end], hw)))
glyph("magnifyingglass", fill=magnifier())

# ---------------- info.circle ----------------
def info():
    c = (8.5, 8.5)
    ring = closed(circle(c, 8.5 - H))
    stem = polyline([(7.0, 7.5), (8.5, 7.5), (8.5, 12.3)])
    foot = polyline([(6.7, 12.3), (10.3, 12.3)])
    dot = closed(circle((8.5, 4.95), 1.15))
    return P(ring, stem, foot), P(dot)
s_, f_ = info()
glyph("info.circle", stroke=s_, fill=f_)

# ---------------- square.and.arrow.up ----------------
def share():
    W, top, bot = 15, 6.8, 18.0
    box = fillet_path([(4.3, top), (H, top), (H, bot), (W - H, bot), (W - H, top), (W - 4.3, top)],
                      [0, 2.4, 2.4, 2.4, 2.4, 0], closed=False)
    stem = polyline([(7.5, H), (7.5, 11.8)])
    head = polyline([(4.3, 4.0), (7.5, H), (10.7, 4.0)])
    return P(box, stem, head)
glyph("square.and.arrow.up", stroke=share())

# ---------------- folder ----------------
def folder():
    W, bot = 18, 13.8
    outline = fillet_path([(H, H), (6.3, H), (8.0, 3.2), (W - H, 3.2), (W - H, bot), (H, bot)],
                          [1.6, 1.0, 1.0, 2.2, 2.2, 2.2])
    flap = polyline([(H, 5.9), (W - H, 5.9)])
    return P(closed(outline), flap)
glyph("folder", stroke=folder())

# ---------------- envelope ----------------
def envelope():
    W, Hh, r = 18, 13.4, 2.2
    box = rrect(H, H, W - 2 * H, Hh - 2 * H, r)
    cc = (H + r, H + r)
    p0 = (cc[0] - r * math.cos(math.radians(45)), cc[1] - r * math.sin(math.radians(45)))
    flap = polyline([(p0[0] + 0.25, p0[1] + 0.55), (W / 2, 7.5), (W - p0[0] - 0.25, p0[1] + 0.55)])
    return P(closed(box), flap)
glyph("envelope", stroke=envelope())

# ---------------- pencil ----------------
def pencil(L=16.6, w=2.4, Lt=4.6, band=2.8):
    f = lambda p: rot(p, -45)
    outline = [Line((0, 0), (Lt, -w)), Line((Lt, -w), (L, -w)),
               Arc((L, 0), w, -math.pi / 2, math.pi / 2),
               Line((L, w), (Lt, w)), Line((Lt, w), (0, 0))]
    bandl = polyline([(L - band, -w), (L - band, w)])
    tipl = polyline([(Lt, -w), (Lt, w)])
    return P(closed(outline), bandl, tipl).transformed(f)
glyph("pencil", stroke=pencil())

# ---------------- arrow.clockwise ----------------
def arrow_cw(r=6.9, gap=40, head=3.3, spread=40):
    c = (0, 0)
    a_end = math.radians(-90)            # arrowhead at the top, pointing right
    a_start = a_end + math.radians(gap)  # the arc starts just right of the top
    arc = Arc(c, r, a_start, a_end + 2 * math.pi)
    tip = (0.35, -r)
    back = (-1, 0)
    arm1 = add(tip, mul(rot(back, spread), head))
    arm2 = add(tip, mul(rot(back, -spread), head))
    return P([arc], polyline([arm1, tip, arm2]))
glyph("arrow.clockwise", stroke=arrow_cw(), centre=(0, 0))

# ---------------- house ----------------
ROOF = [(H, 8.3), (9.0, H), (18 - H, 8.3)]
def roof_y(x):
    (x0, y0), (x1, y1) = (ROOF[0], ROOF[1]) if x < 9 else (ROOF[1], ROOF[2])
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
WL, WR, BOT = 3.1, 14.9, 15.2
DL, DR, DT = 7.1, 10.9, 10.2
glyph("house", stroke=P(polyline(ROOF),
      fillet_path([(WL, roof_y(WL)), (WL, BOT), (DL, BOT), (DL, DT), (DR, DT), (DR, BOT), (WR, BOT), (WR, roof_y(WR))],
                  [0, 1.6, 0, 1.0, 1.0, 0, 1.6, 0], closed=False)))
def house_fill():
    xl, xr, yb = WL - H, WR + H, BOT + H
    body = fillet_path([(9.0, H + 0.4), (xr, roof_y(xr) + 0.4), (xr, yb), (DR, yb), (DR, DT), (DL, DT), (DL, yb), (xl, yb),
                        (xl, roof_y(xl) + 0.4)], [0, 0, 2.4, 0, 1.0, 1.0, 0, 2.4, 0])
    return P(cwc(body), cwc(stroke_outline(ROOF, H)))
glyph("house.fill", fill=house_fill())

# ---------------- paperplane ----------------
def paperplane():
    T, Lp, B, M = (17.2, H), (H, 7.6), (9.8, 16.2), (7.7, 10.1)
    # symmetric about the diagonal x + y = 17
    B = (18 - Lp[1], 18 - Lp[0])
    outline = closed(fillet_path([T, Lp, M, B], [0.6, 0.6, 0, 0.6]))
    fold = polyline([M, (M[0] + (T[0] - M[0]) * 0.62, M[1] + (T[1] - M[1]) * 0.62)])
    return P(outline, fold)
glyph("paperplane", stroke=paperplane())


# ================= extras: circle variants, fills, aliases =================
CC, RING = (8.5, 8.5), 8.5 - H
def ring(): return closed(circle(CC, RING))
def disc(): return cwc(circle(CC, 8.5))
IN_CHECK = [(5.0, 8.9), (7.5, 11.5), (12.1, 5.5)]
IN_X = [(8.5 + dx * 2.85, 8.5 + dy * 2.85) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
IN_PLUS = [(8.5 - 3.9, 8.5), (8.5 + 3.9, 8.5), (8.5, 8.5 - 3.9), (8.5, 8.5 + 3.9)]
IN_MINUS = [(8.5 - 3.9, 8.5), (8.5 + 3.9, 8.5)]
I_FLAG, I_JOIN, I_FOOT = (7.0, 7.5), (8.5, 7.5), (8.5, 12.3)
I_FOOT_L, I_FOOT_R = (6.7, 12.3), (10.3, 12.3)
I_DOT = ((8.5, 4.95), 1.15)

glyph("circle", stroke=P(ring()))
glyph("checkmark.circle", stroke=P(ring(), polyline(IN_CHECK)))
glyph("checkmark.circle.fill", fill=P(disc(), cwc(stroke_outline(IN_CHECK, H), False)))
glyph("xmark.circle.fill", fill=P(disc(), cwc(offset_contour(spoke_contour(CC, IN_X), H), False)))
glyph("plus.circle.fill", fill=P(disc(), cwc(offset_contour(spoke_contour(CC, IN_PLUS), H), False)))
glyph("minus.circle.fill", fill=P(disc(), cwc(stroke_outline(IN_MINUS, H), False)))
# the i as one tree outline: flag -> corner -> foot junction -> right foot -> left foot -> back up
i_tour = polyline([I_FLAG, I_JOIN, I_FOOT, I_FOOT_R, I_FOOT, I_FOOT_L, I_FOOT, I_JOIN, I_FLAG])
glyph("info.circle.fill", fill=P(disc(), cwc(offset_contour(i_tour, H), False), cwc(circle(*I_DOT), False)))
glyph("ellipsis.circle", stroke=P(ring()), fill=P(*[cwc(circle((8.5 + 3.7 * k, 8.5), 1.1)) for k in (-1, 0, 1)]))
glyph("line.3.horizontal", stroke=P(*[polyline([(H, H + 4.8 * k), (16 - H, H + 4.8 * k)]) for k in range(3)]))
glyph("chevron.forward", stroke=G["chevron.right"]["stroke"])
glyph("chevron.backward", stroke=G["chevron.left"]["stroke"])

def trash_fill():
    lid_y = 3.6
    lid = cwc(stroke_outline([(H, lid_y), (15 - H, lid_y)], H))
    hseg = fillet_path([(5.0, lid_y), (5.0, H), (10.0, H), (10.0, lid_y)], [0, 1.2, 1.2, 0], closed=False)
    handle = cwc(offset_contour(hseg + reverse_segs(hseg), H))
    body = fillet_path([(1.9, lid_y), (2.9, 16.2), (12.1, 16.2), (13.1, lid_y)], [0, 2.0, 2.0, 0])
    return P(lid, handle, cwc(offset_contour(body, H)))
glyph("trash.fill", fill=trash_fill())

def folder_fill():
    W, bot = 18, 13.8
    outline = fillet_path([(H, H), (6.3, H), (8.0, 3.2), (W - H, 3.2), (W - H, bot), (H, bot)],
                          [1.6, 1.0, 1.0, 2.2, 2.2, 2.2])
    return P(cwc(offset_contour(outline, H)))
glyph("folder.fill", fill=folder_fill())

def envelope_fill():
    W, Hh, r = 18, 13.4, 2.2
    box = rrect(H, H, W - 2 * H, Hh - 2 * H, r)
    v = [(2.4, 2.7), (W / 2, 7.6), (W - 2.4, 2.7)]
    return P(cwc(offset_contour(box, H)), cwc(stroke_outline(v, 0.6), False))
glyph("envelope.fill", fill=envelope_fill())


# ---------------- output ----------------
def finish():
    out = {}
    for name, g in G.items():
        xs0, ys0, xs1, ys1 = [], [], [], []
        if g["stroke"]:
            b = g["stroke"].bounds(); h = g["lw"] / 2
            xs0.append(b[0] - h); ys0.append(b[1] - h); xs1.append(b[2] + h); ys1.append(b[3] + h)
        if g["fill"]:
            b = g["fill"].bounds()
            xs0.append(b[0]); ys0.append(b[1]); xs1.append(b[2]); ys1.append(b[3])
        x0, y0, x1, y1 = min(xs0), min(ys0), max(xs1), max(ys1)
        if g.get("centre"):
            cx, cy = g["centre"]
            ex, ey = max(cx - x0, x1 - cx), max(cy - y0, y1 - cy)
            x0, x1, y0, y1 = cx - ex, cx + ex, cy - ey, cy + ey
        w, hgt = x1 - x0, y1 - y0
        out[name] = {
            "width": round(w, 3), "height": round(hgt, 3),
            "fill": g["fill"].svg(-x0, -y0) if g["fill"] else None,
            "fillRule": g["rule"],
            "stroke": g["stroke"].svg(-x0, -y0) if g["stroke"] else None,
            "lineWidth": g["lw"],
        }
    return out


if __name__ == "__main__":
    out = finish()
    with open("symbols.json", "w") as fh:
        json.dump(out, fh, indent=1)
    for k, v in out.items():
        print(f"{k:22s} {v['width']:7.3f} x {v['height']:7.3f}")
