"""Tiny geometry kit for the glyphs: contours of lines, circular arcs and cubics,
exact outward offsets of line/arc contours, exact bounds, SVG emission (M L A C Z only)."""
import math

EPS = 1e-9


def fmt(v):
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class Line:
    def __init__(self, p0, p1):
        self.p0, self.p1 = tuple(p0), tuple(p1)

    def start(self): return self.p0
    def end(self): return self.p1

    def tan_start(self):
        dx, dy = self.p1[0] - self.p0[0], self.p1[1] - self.p0[1]
        l = math.hypot(dx, dy)
        return (dx / l, dy / l)
    tan_end = tan_start

    def bounds_pts(self): return [self.p0, self.p1]

    def transformed(self, f): return Line(f(self.p0), f(self.p1))

    def svg(self, f): return f"L{fmt(f(self.p1)[0])} {fmt(f(self.p1)[1])}"


class Arc:
    """Circle centre c, radius r, from angle a0 to a1 (radians, y down: increasing = clockwise on screen)."""
    def __init__(self, c, r, a0, a1):
        self.c, self.r, self.a0, self.a1 = tuple(c), r, a0, a1

    def pt(self, a): return (self.c[0] + self.r * math.cos(a), self.c[1] + self.r * math.sin(a))
    def start(self): return self.pt(self.a0)
    def end(self): return self.pt(self.a1)

    def _tan(self, a):
        s = 1 if self.a1 > self.a0 else -1
        return (-math.sin(a) * s, math.cos(a) * s)
    def tan_start(self): return self._tan(self.a0)
    def tan_end(self): return self._tan(self.a1)

    def bounds_pts(self):
        pts = [self.start(), self.end()]
        lo, hi = min(self.a0, self.a1), max(self.a0, self.a1)
        k = math.ceil(lo / (math.pi / 2))
        while k * math.pi / 2 <= hi:
            pts.append(self.pt(k * math.pi / 2)); k += 1
        return pts

    def transformed(self, f):
        # only rigid motions / uniform scales / mirrors are used
        c2 = f(self.c); p0 = f(self.start()); p1 = f(self.end())
        r2 = math.hypot(p0[0] - c2[0], p0[1] - c2[1])
        b0 = math.atan2(p0[1] - c2[1], p0[0] - c2[0])
        b1 = math.atan2(p1[1] - c2[1], p1[0] - c2[0])
        # direction: compare a mid point
        m = f(self.pt((self.a0 + self.a1) / 2))
        bm = math.atan2(m[1] - c2[1], m[0] - c2[0])
        span = abs(self.a1 - self.a0)
        # choose direction that passes through bm
        for sgn in (1, -1):
            e = b0 + sgn * span
            mid = b0 + sgn * span / 2
            if abs(math.remainder(mid - bm, 2 * math.pi)) < 1e-6:
                return Arc(c2, r2, b0, e)
        raise ValueError("arc transform")

    def svg(self, f):
        # split arcs longer than 180 degrees so the flags are never ambiguous
        out = []
        n = max(1, math.ceil(abs(self.a1 - self.a0) / (math.pi * 0.999)))
        for i in range(n):
            b0 = self.a0 + (self.a1 - self.a0) * i / n
            b1 = self.a0 + (self.a1 - self.a0) * (i + 1) / n
            p = f(self.pt(b1))
            sweep = 1 if b1 > b0 else 0
            # radius after transform f (f is translation only at emit time)
            out.append(f"A{fmt(self.r)} {fmt(self.r)} 0 0 {sweep} {fmt(p[0])} {fmt(p[1])}")
        return " ".join(out)


class Cubic:
    def __init__(self, p0, c1, c2, p1):
        self.p0, self.c1, self.c2, self.p1 = map(tuple, (p0, c1, c2, p1))
    def start(self): return self.p0
    def end(self): return self.p1
    def pt(self, t):
        u = 1 - t
        return tuple(u**3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t**3 * d
                     for a, b, c, d in zip(self.p0, self.c1, self.c2, self.p1))
    def tan_start(self):
        q = self.c1 if math.dist(self.c1, self.p0) > EPS else self.c2
        dx, dy = q[0] - self.p0[0], q[1] - self.p0[1]; l = math.hypot(dx, dy); return (dx / l, dy / l)
    def tan_end(self):
        q = self.c2 if math.dist(self.c2, self.p1) > EPS else self.c1
        dx, dy = self.p1[0] - q[0], self.p1[1] - q[1]; l = math.hypot(dx, dy); return (dx / l, dy / l)
    def bounds_pts(self): return [self.pt(i / 400) for i in range(401)]
    def transformed(self, f): return Cubic(f(self.p0), f(self.c1), f(self.c2), f(self.p1))
    def svg(self, f):
        a, b, c = f(self.c1), f(self.c2), f(self.p1)
        return f"C{fmt(a[0])} {fmt(a[1])} {fmt(b[0])} {fmt(b[1])} {fmt(c[0])} {fmt(c[1])}"


class Path:
    """A list of subpaths; each subpath (segments, closed)."""
    def __init__(self, subs=None):
        self.subs = subs or []

    def add(self, segs, closed=False):
        self.subs.append((list(segs), closed)); return self

    def extend(self, other):
        self.subs += other.subs; return self

    def transformed(self, f):
        return Path([([s.transformed(f) for s in segs], cl) for segs, cl in self.subs])

    def bounds(self):
        pts = [p for segs, _ in self.subs for s in segs for p in s.bounds_pts()]
        xs = [p[0] for p in pts]; ys = [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    def svg(self, dx=0, dy=0):
        f = lambda p: (p[0] + dx, p[1] + dy)
        out = []
        for segs, closed in self.subs:
            p = f(segs[0].start())
            out.append(f"M{fmt(p[0])} {fmt(p[1])}")
            for s in segs:
                out.append(s.svg(f))
            if closed:
                out.append("Z")
        return " ".join(out)


# ---------- builders ----------

def polyline(pts):
    return [Line(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]


def circle(c, r, start=-math.pi / 2):
    return [Arc(c, r, start, start + math.pi), Arc(c, r, start + math.pi, start + 2 * math.pi)]


def ang(c, p): return math.atan2(p[1] - c[1], p[0] - c[0])


def arc_between(c, r, p0, p1, cw=True):
    """Arc around c from the direction of p0 to the direction of p1; cw = clockwise on screen (angle increasing)."""
    a0, a1 = ang(c, p0), ang(c, p1)
    if cw:
        while a1 <= a0 + EPS: a1 += 2 * math.pi
    else:
        while a1 >= a0 - EPS: a1 -= 2 * math.pi
    return Arc(c, r, a0, a1)


def fillet_path(pts, radii, closed=True):
    """Polygon through pts with a circular fillet of radius radii[i] at vertex i (0: sharp).
    Returns segments (lines and arcs)."""
    n = len(pts)
    segs = []
    corners = []  # (enter point, arc or None, exit point)
    for i in range(n):
        if not closed and (i == 0 or i == n - 1):
            corners.append((pts[i], None, pts[i])); continue
        r = radii[i] if isinstance(radii, (list, tuple)) else radii
        p, a, b = pts[i], pts[i - 1], pts[(i + 1) % n]
        if r <= 0:
            corners.append((p, None, p)); continue
        u = norm(sub(a, p)); v = norm(sub(b, p))
        th = math.acos(max(-1, min(1, dot(u, v))))
        t = r / math.tan(th / 2)
        e0 = add(p, mul(u, t)); e1 = add(p, mul(v, t))
        bis = norm(add(u, v))
        c = add(p, mul(bis, r / math.sin(th / 2)))
        # direction of travel e0 -> e1 around c: take shorter arc
        a0, a1 = ang(c, e0), ang(c, e1)
        d = math.remainder(a1 - a0, 2 * math.pi)
        corners.append((e0, Arc(c, r, a0, a0 + d), e1))
    m = n if closed else n - 1
    for i in range(m):
        _, arc, out = corners[i]
        if arc: segs.append(arc)
        nxt = corners[(i + 1) % n][0]
        if math.dist(out, nxt) > 1e-7:
            segs.append(Line(out, nxt))
    if closed and corners[0][1] is None:
        pass
    if closed:
        # rotate so that the path starts at a line start (nice M)
        pass
    return segs


def rrect(x, y, w, h, r):
    return fillet_path([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], r)


def sub(a, b): return (a[0] - b[0], a[1] - b[1])
def add(a, b): return (a[0] + b[0], a[1] + b[1])
def mul(a, k): return (a[0] * k, a[1] * k)
def dot(a, b): return a[0] * b[0] + a[1] * b[1]
def cross(a, b): return a[0] * b[1] - a[1] * b[0]
def norm(a):
    l = math.hypot(*a); return (a[0] / l, a[1] / l)
def rot(p, deg, c=(0, 0)):
    t = math.radians(deg); x, y = p[0] - c[0], p[1] - c[1]
    return (c[0] + x * math.cos(t) - y * math.sin(t), c[1] + x * math.sin(t) + y * math.cos(t))


# ---------- offsetting closed line/arc contours ----------

def signed_area(segs):
    pts = []
    for s in segs:
        if isinstance(s, Line): pts.append(s.p0)
        elif isinstance(s, Arc):
            for i in range(16): pts.append(s.pt(s.a0 + (s.a1 - s.a0) * i / 16))
        else:
            for i in range(16): pts.append(s.pt(i / 16))
    a = 0
    for i in range(len(pts)):
        x0, y0 = pts[i]; x1, y1 = pts[(i + 1) % len(pts)]
        a += x0 * y1 - x1 * y0
    return a / 2


def _outward(t, s):
    return (t[1], -t[0]) if s > 0 else (-t[1], t[0])


def _offset_seg(seg, d, s):
    if isinstance(seg, Line):
        n = _outward(seg.tan_start(), s)
        return Line(add(seg.p0, mul(n, d)), add(seg.p1, mul(n, d)))
    n = _outward(seg.tan_start(), s)
    u = norm(sub(seg.start(), seg.c))
    r = seg.r + d if dot(n, u) > 0 else seg.r - d
    assert r > 0, "arc collapses"
    return Arc(seg.c, r, seg.a0, seg.a1)


def _intersect(a, b, near):
    """Intersection points of the supports of segments a and b, the one nearest `near`."""
    cands = []
    if isinstance(a, Line) and isinstance(b, Line):
        d1 = sub(a.p1, a.p0); d2 = sub(b.p1, b.p0)
        den = cross(d1, d2)
        if abs(den) < 1e-12: return None
        t = cross(sub(b.p0, a.p0), d2) / den
        return add(a.p0, mul(d1, t))
    if isinstance(a, Arc) and isinstance(b, Line): a, b = b, a
    if isinstance(a, Line) and isinstance(b, Arc):
        d = norm(sub(a.p1, a.p0)); f = sub(a.p0, b.c)
        B = dot(f, d); C = dot(f, f) - b.r ** 2
        disc = B * B - C
        if disc < 0: return None
        for t in (-B + math.sqrt(disc), -B - math.sqrt(disc)):
            cands.append(add(a.p0, mul(d, t)))
    else:
        c0, r0, c1, r1 = a.c, a.r, b.c, b.r
        D = math.dist(c0, c1)
        if D < 1e-12 or D > r0 + r1 or D < abs(r0 - r1): return None
        x = (D * D + r0 * r0 - r1 * r1) / (2 * D)
        h = math.sqrt(max(0, r0 * r0 - x * x))
        e = norm(sub(c1, c0)); m = add(c0, mul(e, x))
        cands = [add(m, mul((-e[1], e[0]), h)), add(m, mul((e[1], -e[0]), h))]
    return min(cands, key=lambda p: math.dist(p, near))


def _set_end(seg, p):
    if isinstance(seg, Line): seg.p1 = p; return
    a = ang(seg.c, p); seg.a1 = a + 2 * math.pi * round((seg.a1 - a) / (2 * math.pi))


def _set_start(seg, p):
    if isinstance(seg, Line): seg.p0 = p; return
    a = ang(seg.c, p); seg.a0 = a + 2 * math.pi * round((seg.a0 - a) / (2 * math.pi))


def offset_contour(segs, d):
    """Exact outward offset (Minkowski sum with a disc of radius d) of a closed contour made of
    lines and arcs, as long as no segment vanishes. Degenerate back-and-forth spokes become round caps."""
    s = signed_area(segs)
    if abs(s) < 1e-9:
        # a degenerate 'spoke' contour: orientation from the turn direction at the hub; take +1
        s = 1
    n = len(segs)
    off = [_offset_seg(g, d, s) for g in segs]
    joins = [None] * n  # arc inserted after segment i
    for i in range(n):
        a, b = segs[i], segs[(i + 1) % n]
        t1, t2 = a.tan_end(), b.tan_start()
        V = a.end()
        cr, dt = cross(t1, t2), dot(t1, t2)
        if abs(cr) < 1e-7 and dt > 0:
            continue  # tangent
        if (cr * s > 0) or (abs(cr) < 1e-7 and dt < 0):
            n1, n2 = _outward(t1, s), _outward(t2, s)
            a0 = math.atan2(n1[1], n1[0]); a1 = math.atan2(n2[1], n2[0])
            if s > 0:
                while a1 <= a0 + 1e-9: a1 += 2 * math.pi
            else:
                while a1 >= a0 - 1e-9: a1 -= 2 * math.pi
            joins[i] = Arc(V, d, a0, a1)
        else:
            p = _intersect(off[i], off[(i + 1) % n], V)
            _set_end(off[i], p); _set_start(off[(i + 1) % n], p)
    out = []
    for i in range(n):
        out.append(off[i])
        if joins[i]: out.append(joins[i])
    return out


def spoke_contour(hub, ends):
    """A degenerate closed contour hub->end->hub for each end (in angular order): offsetting it
    gives the outline of round-capped strokes from the hub (a plus, an x, a capsule)."""
    ends = sorted(ends, key=lambda e: math.atan2(e[1] - hub[1], e[0] - hub[0]))
    segs = []
    for e in ends:
        segs += [Line(hub, e), Line(e, hub)]
    return segs


def stroke_outline(pts, d):
    """Outline of an open polyline stroked with round caps and joins (width 2d): a closed contour."""
    back = list(reversed(pts))
    segs = polyline(pts) + polyline(back)
    s = 0
    # orientation: decide from the first turn
    return offset_contour(segs, d)


def reverse_segs(segs):
    out = []
    for s in reversed(segs):
        if isinstance(s, Line): out.append(Line(s.p1, s.p0))
        elif isinstance(s, Arc): out.append(Arc(s.c, s.r, s.a1, s.a0))
        else: out.append(Cubic(s.p1, s.c2, s.c1, s.p0))
    return out


def orient(segs, cw=True):
    """Clockwise on screen (positive area in y-down coordinates) for cw=True; counter-clockwise for holes."""
    a = signed_area(segs)
    return segs if (a > 0) == cw else reverse_segs(segs)
