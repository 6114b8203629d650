"""svgkit: the small drawing kit behind studpoker's SVG art (Python 3 stdlib only).

Everything it emits stays inside what nanosvg (SDL2_image's IMG_LoadSizedSVG_RW)
renders: <path>, <rect>, <circle>, <ellipse>, <line>, <polygon>, linear and
radial gradients in <defs>, solid fills and strokes, opacity attributes.
No <text>, no filters, masks, clip paths, CSS classes or <use>.

Letters and digits come from a stroke font drawn here (centre lines stroked
with round caps and joins); suit symbols are filled vector paths. Both are
kept as command lists and transformed in Python, so the SVG files carry plain
absolute coordinates.
"""

import math

# ----------------------------------------------------------------------------
# numbers and path commands
# ----------------------------------------------------------------------------


def fmt(v):
    """Compact number: at most 2 decimals, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class Xf:
    """p' = R(rot) * S(sx, sy) * (p - origin) + (tx, ty)."""

    def __init__(self, sx=1.0, sy=None, rot=0.0, tx=0.0, ty=0.0, ox=0.0, oy=0.0):
        self.sx, self.sy = sx, (sx if sy is None else sy)
        self.rot, self.tx, self.ty, self.ox, self.oy = rot, tx, ty, ox, oy
        r = math.radians(rot)
        self.c, self.s = math.cos(r), math.sin(r)

    def pt(self, x, y):
        x, y = (x - self.ox) * self.sx, (y - self.oy) * self.sy
        return (self.c * x - self.s * y + self.tx, self.s * x + self.c * y + self.ty)


def path_d(cmds, xf=None):
    """Command list -> SVG path data. Commands: ('M',x,y) ('L',x,y)
    ('C',x1,y1,x2,y2,x,y) ('A',rx,ry,large,sweep,x,y) ('Z',)."""
    xf = xf or Xf()
    out = []
    mirror = (xf.sx * xf.sy) < 0
    for c in cmds:
        k = c[0]
        if k in "ML":
            x, y = xf.pt(c[1], c[2])
            out.append(f"{k}{fmt(x)} {fmt(y)}")
        elif k == "C":
            pts = [xf.pt(c[i], c[i + 1]) for i in (1, 3, 5)]
            out.append("C" + " ".join(f"{fmt(x)} {fmt(y)}" for x, y in pts))
        elif k == "A":
            _, rx, ry, large, sweep, x, y = c
            x, y = xf.pt(x, y)
            if mirror:
                sweep = 1 - sweep
            out.append(
                f"A{fmt(abs(rx * xf.sx))} {fmt(abs(ry * xf.sy))} {fmt(xf.rot % 360)} "
                f"{large} {sweep} {fmt(x)} {fmt(y)}"
            )
        elif k == "Z":
            out.append("Z")
    return "".join(out)


class Pen:
    """Builds command lists; arcs are given by centre, radii and angles in
    degrees (screen coordinates: 0 = right, 90 = down)."""

    def __init__(self):
        self.cmds = []
        self.cur = None

    def M(self, x, y):
        self.cmds.append(("M", x, y))
        self.cur = (x, y)
        return self

    def L(self, x, y):
        self.cmds.append(("L", x, y))
        self.cur = (x, y)
        return self

    def C(self, x1, y1, x2, y2, x, y):
        self.cmds.append(("C", x1, y1, x2, y2, x, y))
        self.cur = (x, y)
        return self

    def Z(self):
        self.cmds.append(("Z",))
        return self

    def arc(self, cx, cy, rx, ry, a0, a1, move=False):
        def at(a):
            r = math.radians(a)
            return (cx + rx * math.cos(r), cy + ry * math.sin(r))

        sx, sy = at(a0)
        if move or self.cur is None:
            self.M(sx, sy)
        elif math.hypot(sx - self.cur[0], sy - self.cur[1]) > 1e-6:
            self.L(sx, sy)
        n = max(1, math.ceil(abs(a1 - a0) / 120.0))
        sweep = 1 if a1 > a0 else 0
        for i in range(1, n + 1):
            x, y = at(a0 + (a1 - a0) * i / n)
            self.cmds.append(("A", rx, ry, 0, sweep, x, y))
            self.cur = (x, y)
        return self

    def circle(self, cx, cy, r):
        self.arc(cx, cy, r, r, 0, 360, move=True)
        return self.Z()


# ----------------------------------------------------------------------------
# stroke font: cap height 100, y down, x from 0 to the glyph's width
# ----------------------------------------------------------------------------

FONT = {}  # char -> (width, cmds, dots)


def _glyph(ch, width, dots=()):
    def deco(fn):
        p = Pen()
        fn(p)
        FONT[ch] = (width, p.cmds, list(dots))
        return fn

    return deco


def _stadium(p, w, top=0.0, bottom=100.0):
    r = w / 2
    p.arc(r, top + r, r, r, 180, 360, move=True)
    p.L(w, bottom - r)
    p.arc(r, bottom - r, r, r, 0, 180)
    p.Z()


@_glyph("A", 60)
def _(p):
    p.M(0, 100).L(30, 0).L(60, 100).M(10.5, 68).L(49.5, 68)


@_glyph("B", 57)
def _(p):
    p.M(0, 0).L(28, 0).arc(28, 24, 24, 24, 270, 450).L(31, 48)
    p.arc(31, 74, 26, 26, 270, 450).L(0, 100).Z()
    p.M(0, 48).L(28, 48)


@_glyph("C", 56)
def _(p):
    p.arc(28, 28, 28, 28, 325, 180, move=True).L(0, 72).arc(28, 72, 28, 28, 180, 35)


@_glyph("D", 56)
def _(p):
    p.M(0, 0).L(22, 0).arc(22, 34, 34, 34, 270, 360).L(56, 66)
    p.arc(22, 66, 34, 34, 0, 90).L(0, 100).Z()


@_glyph("E", 50)
def _(p):
    p.M(50, 0).L(0, 0).L(0, 100).L(50, 100).M(0, 50).L(42, 50)


@_glyph("F", 50)
def _(p):
    p.M(50, 0).L(0, 0).L(0, 100).M(0, 50).L(42, 50)


@_glyph("G", 56)
def _(p):
    p.arc(28, 28, 28, 28, 325, 180, move=True).L(0, 72).arc(28, 72, 28, 28, 180, 0)
    p.L(56, 54).L(32, 54)


@_glyph("H", 56)
def _(p):
    p.M(0, 0).L(0, 100).M(56, 0).L(56, 100).M(0, 50).L(56, 50)


@_glyph("I", 0)
def _(p):
    p.M(0, 0).L(0, 100)


@_glyph("J", 46)
def _(p):
    p.M(46, 0).L(46, 75).arc(23, 75, 23, 25, 0, 165)


@_glyph("K", 56)
def _(p):
    p.M(0, 0).L(0, 100).M(54, 0).L(0, 64).M(18, 42.7).L(56, 100)


@_glyph("L", 48)
def _(p):
    p.M(0, 0).L(0, 100).L(48, 100)


@_glyph("M", 66)
def _(p):
    p.M(0, 100).L(0, 0).L(33, 62).L(66, 0).L(66, 100)


@_glyph("N", 56)
def _(p):
    p.M(0, 100).L(0, 0).L(56, 100).L(56, 0)


@_glyph("O", 56)
def _(p):
    _stadium(p, 56)


@_glyph("P", 54)
def _(p):
    p.M(0, 100).L(0, 0).L(28, 0).arc(28, 26, 26, 26, 270, 450).L(0, 52)


@_glyph("Q", 58)
def _(p):
    _stadium(p, 56)
    p.M(34, 72).L(58, 104)


@_glyph("R", 56)
def _(p):
    p.M(0, 100).L(0, 0).L(28, 0).arc(28, 26, 26, 26, 270, 450).L(0, 52)
    p.M(30, 52).L(56, 100)


@_glyph("S", 56)
def _(p):
    p.arc(28, 25, 25, 25, 335, 120, move=True)
    p.arc(28, 73, 27, 27, -60, 155)


@_glyph("T", 56)
def _(p):
    p.M(0, 0).L(56, 0).M(28, 0).L(28, 100)


@_glyph("U", 56)
def _(p):
    p.M(0, 0).L(0, 72).arc(28, 72, 28, 28, 180, 0).L(56, 0)


@_glyph("V", 58)
def _(p):
    p.M(0, 0).L(29, 100).L(58, 0)


@_glyph("W", 76)
def _(p):
    p.M(0, 0).L(17, 100).L(38, 30).L(59, 100).L(76, 0)


@_glyph("X", 56)
def _(p):
    p.M(0, 0).L(56, 100).M(56, 0).L(0, 100)


@_glyph("Y", 58)
def _(p):
    p.M(0, 0).L(29, 52).L(58, 0).M(29, 52).L(29, 100)


@_glyph("Z", 54)
def _(p):
    p.M(2, 0).L(54, 0).L(0, 100).L(54, 100)


@_glyph("0", 54)
def _(p):
    _stadium(p, 54)


@_glyph("1", 24)
def _(p):
    p.M(0, 20).L(24, 0).L(24, 100)


@_glyph("2", 56)
def _(p):
    p.arc(28, 27, 27, 27, 195, 395, move=True).L(1, 100).L(56, 100)


@_glyph("3", 54)
def _(p):
    p.arc(27, 24, 24, 24, 205, 450, move=True).L(15, 48).M(15, 48).L(27, 48)
    p.arc(27, 74, 26, 26, 270, 515)


@_glyph("4", 58)
def _(p):
    p.M(43, 100).L(43, 0).L(0, 67).L(58, 67)


@_glyph("5", 56)
def _(p):
    p.M(51, 0).L(7, 0).L(4, 50)
    p.C(11, 44, 19, 42, 27, 42)
    p.arc(27, 71, 29, 29, 270, 510)


@_glyph("6", 56)
def _(p):
    p.M(45, 0).L(4, 60)
    p.arc(28, 72, 28, 28, 205, 565)


@_glyph("7", 56)
def _(p):
    p.M(0, 0).L(56, 0).L(16, 100)


@_glyph("8", 56)
def _(p):
    p.circle(28, 24, 24)
    p.circle(28, 73, 27)


@_glyph("9", 56)
def _(p):
    p.arc(28, 28, 28, 28, 25, 385, move=True)
    p.L(11, 100)


@_glyph("+", 54)
def _(p):
    p.M(27, 24).L(27, 76).M(1, 50).L(53, 50)


@_glyph("-", 40)
def _(p):
    p.M(0, 54).L(40, 54)


@_glyph("/", 40)
def _(p):
    p.M(0, 100).L(40, 0)


@_glyph("$", 56)
def _(p):
    p.arc(28, 27, 25, 23, 335, 120, move=True)
    p.arc(28, 73, 27, 23, -60, 155)
    p.M(28, -10).L(28, 110)


FONT["."] = (0, [], [(0, 100)])
FONT[":"] = (0, [], [(0, 34), (0, 100)])
FONT["!"] = (0, [("M", 0, 0), ("L", 0, 66)], [(0, 100)])
FONT[" "] = (30, [], [])


def text_width(s, size, sw, track=0.0, condense=1.0):
    """Ink width of s at cap height `size` with stroke width sw and extra
    letter spacing `track` (outer stroke halves included)."""
    k = size / 100.0
    w = 0.0
    for i, ch in enumerate(s):
        w += FONT[ch][0] * k * condense
        if i:
            w += sw + track
    return w + sw


def text(s, cx, cy, size, sw, color, track=0.0, condense=1.0, anchor="middle",
         extra="", rot=0.0):
    """SVG for s, centred on (cx, cy) (anchor start/middle/end on x), cap
    height `size` (ink is size + sw tall), stroked with width sw."""
    k = size / 100.0
    total = text_width(s, size, sw, track, condense)
    if anchor == "middle":
        x0 = -total / 2
    elif anchor == "end":
        x0 = -total
    else:
        x0 = 0.0
    x = x0 + sw / 2
    d, dots = [], []
    r = math.radians(rot)
    cr, sr = math.cos(r), math.sin(r)
    for ch in s:
        gw, cmds, gdots = FONT[ch]
        # local glyph frame -> text frame (x, -50..50) -> rotated -> (cx, cy)
        ox = x
        gx = Xf(k * condense, k, rot, cx + cr * ox - sr * (-size / 2),
                cy + sr * ox + cr * (-size / 2))
        if cmds:
            d.append(path_d(cmds, gx))
        for (dx, dy) in gdots:
            dots.append(gx.pt(dx, dy))
        x += gw * k * condense + sw + track
    out = []
    if d:
        out.append(
            f'<path d="{"".join(d)}" fill="none" stroke="{color}" stroke-width="{fmt(sw)}" '
            f'stroke-linecap="round" stroke-linejoin="round"{extra}/>'
        )
    for (px, py) in dots:
        out.append(f'<circle cx="{fmt(px)}" cy="{fmt(py)}" r="{fmt(sw * 0.62)}" fill="{color}"{extra}/>')
    return "\n".join(out)


def text_arc(s, cx, cy, radius, size, sw, color, track=0.0, bottom=False, extra="",
             condense=1.0):
    """s set along a circle of the given radius (glyph centres on it), reading
    left to right across the top (or across the bottom if bottom=True)."""
    k = size / 100.0
    advs = []
    for i, ch in enumerate(s):
        advs.append(FONT[ch][0] * k * condense)
    total = sum(advs) + (len(s) - 1) * (sw + track)
    d, dots = [], []
    pos = -total / 2
    for ch, a in zip(s, advs):
        mid = pos + a / 2
        theta = mid / radius  # radians along the arc from the apex
        if not bottom:
            ang = -math.pi / 2 + theta
            rot = math.degrees(theta)
        else:
            ang = math.pi / 2 - theta
            rot = -math.degrees(theta)
        gx_c, gy_c = cx + radius * math.cos(ang), cy + radius * math.sin(ang)
        gw, cmds, gdots = FONT[ch]
        xf = Xf(k * condense, k, rot, gx_c, gy_c, ox=gw / 2, oy=50)
        if cmds:
            d.append(path_d(cmds, xf))
        for (dx, dy) in gdots:
            dots.append(xf.pt(dx, dy))
        pos += a + sw + track
    out = []
    if d:
        out.append(
            f'<path d="{"".join(d)}" fill="none" stroke="{color}" stroke-width="{fmt(sw)}" '
            f'stroke-linecap="round" stroke-linejoin="round"{extra}/>'
        )
    for (px, py) in dots:
        out.append(f'<circle cx="{fmt(px)}" cy="{fmt(py)}" r="{fmt(sw * 0.62)}" fill="{color}"{extra}/>')
    return "\n".join(out)


# ----------------------------------------------------------------------------
# suit symbols: filled shapes in a box of -50..50 around (0, 0)
# ----------------------------------------------------------------------------


def _suit_cmds():
    heart = Pen()
    heart.M(0, 46).C(-10, 34, -50, 10, -50, -16).C(-50, -36, -36, -46, -23, -46)
    heart.C(-11, -46, -3, -38, 0, -28).C(3, -38, 11, -46, 23, -46)
    heart.C(36, -46, 50, -36, 50, -16).C(50, 10, 10, 34, 0, 46).Z()

    diamond = Pen()
    diamond.M(0, -50).C(10, -33, 24, -15, 39, 0).C(24, 15, 10, 33, 0, 50)
    diamond.C(-10, 33, -24, 15, -39, 0).C(-24, -15, -10, -33, 0, -50).Z()

    spade = Pen()
    spade.M(0, -50).C(9, -36, 50, -16, 50, 11).C(50, 29, 37, 39, 23, 39)
    spade.C(13, 39, 6, 34, 3, 29).C(4, 39, 9, 45, 18, 50).L(-18, 50)
    spade.C(-9, 45, -4, 39, -3, 29).C(-6, 34, -13, 39, -23, 39)
    spade.C(-37, 39, -50, 29, -50, 11).C(-50, -16, -9, -36, 0, -50).Z()

    club = [Pen().circle(0, -25, 23).cmds, Pen().circle(-25, 11, 23).cmds,
            Pen().circle(25, 11, 23).cmds]
    core = Pen().M(0, -22).L(22, 12).L(-22, 12).Z()  # clockwise like the circles
    stem = Pen().M(3.5, 4).C(3.5, 28, 8, 42, 19, 50).L(-19, 50)
    stem.C(-8, 42, -3.5, 28, -3.5, 4).Z()  # clockwise too (nonzero fill)
    club += [core.cmds, stem.cmds]
    return {"h": [heart.cmds], "d": [diamond.cmds], "s": [spade.cmds], "c": club}


SUITS = _suit_cmds()
RED = "#c8102e"
BLACK = "#15151a"
SUIT_COLOR = {"h": RED, "d": RED, "s": BLACK, "c": BLACK}


def suit_d(suit, cx, cy, size, rot=0.0):
    """Path data for a suit symbol `size` units tall centred on (cx, cy)."""
    xf = Xf(size / 100.0, size / 100.0, rot, cx, cy)
    return "".join(path_d(c, xf) for c in SUITS[suit])


def suit(suit_, cx, cy, size, color=None, rot=0.0, extra=""):
    color = color or SUIT_COLOR[suit_]
    return f'<path d="{suit_d(suit_, cx, cy, size, rot)}" fill="{color}"{extra}/>'


# ----------------------------------------------------------------------------
# documents
# ----------------------------------------------------------------------------


def svg_doc(w, h, body, defs="", title=""):
    t = f"<title>{title}</title>\n" if title else ""
    d = f"<defs>\n{defs}\n</defs>\n" if defs else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}">\n{t}{d}{body}\n</svg>\n'
    )


def lin_grad(gid, stops, x1=0, y1=0, x2=0, y2=1, units=None):
    s = "".join(
        f'<stop offset="{fmt(o)}" stop-color="{c}"'
        + (f' stop-opacity="{fmt(a)}"' if a is not None else "")
        + "/>"
        for o, c, a in (st if len(st) == 3 else (st[0], st[1], None) for st in stops)
    )
    # nanosvg reads unitless gradient coordinates as user-space pixels even in
    # objectBoundingBox mode, so bounding-box fractions are written as percentages
    p = (lambda v: fmt(v)) if units else (lambda v: fmt(v * 100) + "%")
    u = f' gradientUnits="{units}"' if units else ""
    return (f'<linearGradient id="{gid}" x1="{p(x1)}" y1="{p(y1)}" x2="{p(x2)}" '
            f'y2="{p(y2)}"{u}>{s}</linearGradient>')


def rad_grad(gid, stops, cx=0.5, cy=0.5, r=0.5, units=None):
    s = "".join(
        f'<stop offset="{fmt(o)}" stop-color="{c}"'
        + (f' stop-opacity="{fmt(a)}"' if a is not None else "")
        + "/>"
        for o, c, a in (st if len(st) == 3 else (st[0], st[1], None) for st in stops)
    )
    u = f' gradientUnits="{units}"' if units else ""
    p = (lambda v: fmt(v)) if units else (lambda v: fmt(v * 100) + "%")
    return (f'<radialGradient id="{gid}" cx="{p(cx)}" cy="{p(cy)}" r="{p(r)}"{u}>'
            f"{s}</radialGradient>")


def write(path, content):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(content)
