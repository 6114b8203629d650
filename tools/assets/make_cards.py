#!/usr/bin/env python3
"""Writes studpoker's playing cards as SVG (Python 3 standard library only).

    python3 tools/assets/make_cards.py [OUTDIR]      (default: assets/cards)

Files: <rank><suit>.svg for the 52 cards (ranks A K Q J T 9..2, suits s h d c:
As.svg, Td.svg, 7c.svg ...), Jk.svg (joker), back.svg (red back) and
back_blue.svg, plus ../icons/suit_<s>.svg and suit_<s>_white.svg (100 x 100
suit symbols for UI text). Cards are 250 x 350 (5:7), rounded corners, drawn only with what
nanosvg renders (see svgkit.py): every letter, digit and pip is a path.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svgkit as K  # noqa: E402

W, H, R = 250, 350, 16
CX, CY = W / 2, H / 2
RANKS = "AKQJT98765432"
SUITS = "shdc"
GOLD_DARK = "#8a6a1c"

# pip grid (pip height 46): three columns, rows top/bottom and a 4-row grid
PIP = 46
COLS = (79, CX, W - 79)
YT, YB = 66, H - 66
ROW4 = [YT + (YB - YT) * i / 3 for i in range(4)]
YM = CY


def rank_label(r):
    return "10" if r == "T" else r


# ----------------------------------------------------------------------------
# common parts
# ----------------------------------------------------------------------------


def face_defs():
    return K.lin_grad("paper", [(0, "#ffffff"), (0.6, "#fdfcf9"), (1, "#f4f2ec")])


def card_base(fill="url(#paper)"):
    return (f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="{R}" ry="{R}" '
            f'fill="{fill}" stroke="#7a7a80" stroke-width="2"/>')


def index(rank, suit_):
    """Corner index top-left and the same turned 180 degrees bottom-right."""
    col = K.SUIT_COLOR[suit_]
    lab = rank_label(rank)
    size, sw = 44, 9.5
    cond, track = (0.72, 2.0) if lab == "10" else (1.0, 0)
    if lab == "10":
        sw = 8.8
    x, y = 30, 45
    sy = 97
    out = [
        K.text(lab, x, y, size, sw, col, track=track, condense=cond),
        K.text(lab, W - x, H - y, size, sw, col, track=track, condense=cond, rot=180),
        K.suit(suit_, x, sy, 33),
        K.suit(suit_, W - x, H - sy, 33, rot=180),
    ]
    return "\n".join(out)


def pip_positions(n):
    L, C, Rt = COLS
    r = ROW4
    if n == 2:
        return [(C, YT), (C, YB)]
    if n == 3:
        return [(C, YT), (C, YM), (C, YB)]
    if n == 4:
        return [(L, YT), (Rt, YT), (L, YB), (Rt, YB)]
    if n == 5:
        return pip_positions(4) + [(C, YM)]
    if n == 6:
        return [(x, y) for x in (L, Rt) for y in (YT, YM, YB)]
    if n == 7:
        return pip_positions(6) + [(C, (YT + YM) / 2)]
    if n == 8:
        return pip_positions(6) + [(C, (YT + YM) / 2), (C, (YM + YB) / 2)]
    if n == 9:
        return [(x, y) for x in (L, Rt) for y in r] + [(C, YM)]
    if n == 10:
        return [(x, y) for x in (L, Rt) for y in r] + [
            (C, (r[0] + r[1]) / 2), (C, (r[2] + r[3]) / 2)]
    raise ValueError(n)


def spot_card(n, suit_):
    out = []
    d = []
    for (x, y) in pip_positions(n):
        rot = 180 if y > YM + 1 else 0
        d.append(K.suit_d(suit_, x, y, PIP, rot))
    out.append(f'<path d="{"".join(d)}" fill="{K.SUIT_COLOR[suit_]}"/>')
    return "\n".join(out)


def ace(suit_):
    if suit_ == "s":
        # the ace of spades gets the traditional big ornate pip
        return "\n".join([
            f'<ellipse cx="{CX}" cy="{CY}" rx="78" ry="84" fill="none" stroke="#c9a227" '
            'stroke-width="2.5"/>',
            f'<ellipse cx="{CX}" cy="{CY}" rx="72" ry="78" fill="none" stroke="#c9a227" '
            'stroke-width="1" stroke-opacity="0.7"/>',
            K.suit("s", CX, CY + 2, 128),
            f'<path d="{K.suit_d("s", CX, CY + 2, 104)}" fill="none" stroke="#ffffff" '
            'stroke-width="2.2" stroke-opacity="0.85"/>',
            K.suit("s", CX, CY + 8, 22, color="#c9a227"),
        ])
    return K.suit(suit_, CX, CY, 112)


# ----------------------------------------------------------------------------
# court cards
# ----------------------------------------------------------------------------

PANEL = (56, 28, W - 112, H - 56)  # x, y, w, h


def court_defs(suit_):
    red = suit_ in "hd"
    top, bot = ("#d42a40", "#7e0817") if red else ("#2e3a5c", "#0b1120")
    return "\n".join([
        K.lin_grad("panel", [(0, top), (1, bot)]),
        K.rad_grad("glow", [(0, "#ffffff", 0.33), (1, "#ffffff", 0)], cx=0.5, cy=0.5, r=0.5),
        K.lin_grad("gold", [(0, "#fff1b8"), (0.45, "#e9c55a"), (0.55, "#d4a93a"), (1, "#9c7420")]),
        K.lin_grad("goldh", [(0, "#fbe7a1"), (1, "#b8891f")]),
    ])


def crown_king(cx, top):
    s = 1.0
    pts = [(-41, 58), (-47, 14), (-33, 34), (-24, 10), (-12, 32), (0, 0), (12, 32),
           (24, 10), (33, 34), (47, 14), (41, 58)]
    poly = " ".join(f"{K.fmt(cx + x * s)},{K.fmt(top + y * s)}" for x, y in pts)
    out = [f'<polygon points="{poly}" fill="url(#goldh)" stroke="{GOLD_DARK}" '
           'stroke-width="2" stroke-linejoin="round"/>']
    for (x, y) in [(-47, 14), (-24, 10), (0, 0), (24, 10), (47, 14)]:
        out.append(f'<circle cx="{K.fmt(cx + x)}" cy="{K.fmt(top + y - 4)}" r="5.5" '
                   f'fill="#fff4cc" stroke="{GOLD_DARK}" stroke-width="1.5"/>')
    out.append(f'<rect x="{K.fmt(cx - 44)}" y="{K.fmt(top + 52)}" width="88" height="14" rx="3" '
               f'fill="url(#gold)" stroke="{GOLD_DARK}" stroke-width="2"/>')
    for x, c in ((-26, "#c8102e"), (0, "#1f4fa8"), (26, "#c8102e")):
        out.append(f'<circle cx="{K.fmt(cx + x)}" cy="{K.fmt(top + 59)}" r="4" fill="{c}" '
                   'stroke="#fff4cc" stroke-width="1"/>')
    return "\n".join(out)


def crown_queen(cx, top):
    p = K.Pen()
    p.M(cx - 40, top + 58).L(cx - 44, top + 22)
    p.C(cx - 34, top + 34, cx - 24, top + 30, cx - 20, top + 16)
    p.C(cx - 14, top + 30, cx - 6, top + 30, cx, top + 6)
    p.C(cx + 6, top + 30, cx + 14, top + 30, cx + 20, top + 16)
    p.C(cx + 24, top + 30, cx + 34, top + 34, cx + 44, top + 22)
    p.L(cx + 40, top + 58).Z()
    out = [f'<path d="{K.path_d(p.cmds)}" fill="url(#goldh)" stroke="{GOLD_DARK}" '
           'stroke-width="2" stroke-linejoin="round"/>']
    for (x, y, r) in [(-44, 18, 5), (-20, 12, 5), (0, 1, 6.5), (20, 12, 5), (44, 18, 5)]:
        out.append(f'<circle cx="{K.fmt(cx + x)}" cy="{K.fmt(top + y)}" r="{r}" fill="#fff4cc" '
                   f'stroke="{GOLD_DARK}" stroke-width="1.5"/>')
    out.append(f'<path d="{K.suit_d("h", cx, top + 38, 16)}" fill="#c8102e" stroke="#fff4cc" '
               'stroke-width="1.2"/>')
    out.append(f'<rect x="{K.fmt(cx - 42)}" y="{K.fmt(top + 52)}" width="84" height="14" '
               f'rx="7" fill="url(#gold)" stroke="{GOLD_DARK}" stroke-width="2"/>')
    for x in (-28, -14, 0, 14, 28):
        out.append(f'<circle cx="{K.fmt(cx + x)}" cy="{K.fmt(top + 59)}" r="2.6" fill="#fff4cc"/>')
    return "\n".join(out)


def sword(cx, cy, ang):
    """A sword along the y axis, turned by ang degrees about (cx, cy)."""
    xf = K.Xf(1, 1, ang, cx, cy)

    def poly(pts):
        p = K.Pen()
        p.M(*pts[0])
        for q in pts[1:]:
            p.L(*q)
        p.Z()
        return K.path_d(p.cmds, xf)

    blade = poly([(0, -44), (5, -36), (5, 18), (-5, 18), (-5, -36)])
    fuller = poly([(0, -34), (1.2, -30), (1.2, 14), (-1.2, 14), (-1.2, -30)])
    guard = poly([(-19, 18), (19, 18), (21, 22), (19, 26), (-19, 26), (-21, 22)])
    grip = poly([(-3.5, 26), (3.5, 26), (3.5, 40), (-3.5, 40)])
    px, py = xf.pt(0, 45)
    return "\n".join([
        f'<path d="{blade}" fill="#eef1f6" stroke="#5d6470" stroke-width="1.5" '
        'stroke-linejoin="round"/>',
        f'<path d="{fuller}" fill="#aab2bf"/>',
        f'<path d="{guard}" fill="url(#gold)" stroke="{GOLD_DARK}" stroke-width="1.5" '
        'stroke-linejoin="round"/>',
        f'<path d="{grip}" fill="#5a3a1a" stroke="{GOLD_DARK}" stroke-width="1"/>',
        f'<circle cx="{K.fmt(px)}" cy="{K.fmt(py)}" r="5.5" fill="url(#gold)" '
        f'stroke="{GOLD_DARK}" stroke-width="1.5"/>',
    ])


def crest_jack(cx, top):
    return "\n".join([sword(cx, top + 36, -38), sword(cx, top + 36, 38)])


def court(rank, suit_):
    x, y, w, h = PANEL
    red = suit_ in "hd"
    out = [
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="url(#panel)" '
        'stroke="#c9a227" stroke-width="3"/>',
        f'<rect x="{x + 6}" y="{y + 6}" width="{w - 12}" height="{h - 12}" rx="6" fill="none" '
        'stroke="#f3d98a" stroke-width="1.2" stroke-opacity="0.7"/>',
        f'<ellipse cx="{CX}" cy="{CY - 4}" rx="66" ry="82" fill="url(#glow)"/>',
    ]
    # small suit marks in the panel corners
    d = []
    for (px, py, rot) in [(x + 17, y + 18, 0), (x + w - 17, y + 18, 0),
                          (x + 17, y + h - 18, 180), (x + w - 17, y + h - 18, 180)]:
        d.append(K.suit_d(suit_, px, py, 14, rot))
    out.append(f'<path d="{"".join(d)}" fill="#ffffff" fill-opacity="0.55"/>')
    # emblem
    etop = y + 22
    out.append({"K": crown_king, "Q": crown_queen, "J": crest_jack}[rank](CX, etop))
    # the big letter, gold with a dark keyline
    ly, size, sw = CY + 4, 86, 15
    dark = "#3d0710" if red else "#04070f"
    out.append(K.text(rank, CX, ly, size, sw + 8, dark))
    out.append(K.text(rank, CX, ly, size, sw, "url(#gold)"))
    # suit medallion
    my = y + h - 50
    out.append(f'<circle cx="{CX}" cy="{my}" r="27" fill="#ffffff" stroke="#c9a227" '
               'stroke-width="3"/>')
    out.append(K.suit(suit_, CX, my + 1, 30))
    return "\n".join(out)


# ----------------------------------------------------------------------------
# joker and backs
# ----------------------------------------------------------------------------


def joker():
    out = []
    defs = [face_defs(),
            K.lin_grad("gold", [(0, "#fff1b8"), (0.5, "#e2b946"), (1, "#9c7420")]),
            K.rad_grad("burst", [(0, "#ffe9a0", 0.9), (1, "#ffe9a0", 0)])]
    out.append(card_base())
    # vertical JOKER indices
    for rot, (x0, y0) in ((0, (25, 30)), (180, (W - 25, H - 30))):
        sgn = 1 if rot == 0 else -1
        for i, ch in enumerate("JOKER"):
            col = K.RED if i % 2 == 0 else K.BLACK
            out.append(K.text(ch, x0, y0 + sgn * i * 27, 19, 5, col, rot=rot))
        out.append(K.suit("s", x0, y0 + sgn * 5 * 27 + sgn * 4, 18, color="#c9a227", rot=rot))
    # sunburst
    out.append(f'<circle cx="{CX}" cy="150" r="92" fill="url(#burst)"/>')
    # jester hat: three floppy points with bells
    hat = []
    cols = ["#c8102e", "#1f3f9a", "#c8102e"]
    shapes = [
        [(-46, 196), (-58, 142), (-80, 122), (-62, 100), (-30, 116), (-16, 176)],
        [(-22, 180), (-30, 110), (0, 64), (30, 110), (22, 180)],
        [(46, 196), (58, 142), (80, 122), (62, 100), (30, 116), (16, 176)],
    ]
    for pts, col in zip(shapes, cols):
        p = K.Pen()
        (x0, y0) = pts[0]
        p.M(CX + x0, y0)
        rest = pts[1:]
        # smooth: quadratic-like curves through the points using cubic segments
        for i in range(0, len(rest) - 1, 2):
            (ax, ay), (bx, by) = rest[i], rest[i + 1]
            p.C(CX + ax, ay, CX + ax, ay, CX + bx, by)
        if len(rest) % 2:
            p.L(CX + rest[-1][0], rest[-1][1])
        p.Z()
        hat.append(f'<path d="{K.path_d(p.cmds)}" fill="{col}" stroke="#15151a" '
                   'stroke-width="2.5" stroke-linejoin="round"/>')
    out.extend(hat)
    for (bx, by) in [(-80, 122), (0, 64), (80, 122)]:
        out.append(f'<circle cx="{K.fmt(CX + bx)}" cy="{by}" r="10" fill="url(#gold)" '
                   'stroke="#6b4c10" stroke-width="2"/>')
        out.append(f'<circle cx="{K.fmt(CX + bx - 3)}" cy="{by - 3}" r="3" fill="#fffbe6"/>')
    # band
    out.append(f'<rect x="{CX - 56}" y="176" width="112" height="26" rx="13" fill="url(#gold)" '
               'stroke="#6b4c10" stroke-width="2.5"/>')
    dd = "".join(K.suit_d("d", CX + dx, 189, 16) for dx in (-36, -18, 0, 18, 36))
    out.append(f'<path d="{dd}" fill="#c8102e"/>')
    # word
    out.append(K.text("JOKER", CX, 250, 34, 12, "#15151a", track=1))
    out.append(K.text("JOKER", CX, 250, 34, 6.5, "#c8102e", track=6.5))
    # stars
    for sx, sy, sz in [(CX - 70, 296, 13), (CX, 300, 16), (CX + 70, 296, 13)]:
        out.append(f'<polygon points="{star(sx, sy, sz)}" fill="#c9a227"/>')
    return K.svg_doc(W, H, "\n".join(out), defs="\n".join(defs), title="Joker")


def star(cx, cy, r, n=5, inner=0.45):
    import math
    pts = []
    for i in range(2 * n):
        a = math.radians(-90 + i * 180 / n)
        rr = r if i % 2 == 0 else r * inner
        pts.append(f"{K.fmt(cx + rr * math.cos(a))},{K.fmt(cy + rr * math.sin(a))}")
    return " ".join(pts)


def clip_line(x0, y0, x1, y1, left, top, right, bottom):
    """The part of a segment inside a rectangle (Liang-Barsky), or None."""
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if t0 > t1:
        return None
    return (x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy)


def back(theme="red"):
    """A classic back: a white border, the deck's colour under an all-over lattice of fine
    crossing lines with a small diamond bead at every crossing, a gold double frame with corner fleurons,
    and a medallion: a compass star in a beaded ring with the four suits round it. It looks
    the same turned round (180 degrees), as a real back does, and carries no letters."""
    import math
    if theme == "red":
        top, bot, mid, deep = "#b3122c", "#6a0616", "#7d0a1c", "#2a0a06"
    else:
        top, bot, mid, deep = "#1d4fa0", "#0b2452", "#0f2d66", "#02081a"
    m = 13  # white margin
    ix, iy, iw, ih = m, m, W - 2 * m, H - 2 * m
    defs = [
        K.lin_grad("bk", [(0, top), (1, bot)], x1=0, y1=0, x2=1, y2=1),
        K.lin_grad("gold", [(0, "#fff1b8"), (0.5, "#e2b946"), (1, "#9c7420")]),
        K.rad_grad("med", [(0, top), (0.7, mid), (1, bot)]),
    ]
    out = [card_base("#fbfaf6"),
           f'<rect x="{ix}" y="{iy}" width="{iw}" height="{ih}" rx="9" fill="url(#bk)"/>']
    # the lattice: two sets of parallel lines at +-60 degrees from the horizontal, clipped to
    # the panel inside the frame, symmetric about the card's centre
    left, right, top_, bottom = ix + 4, ix + iw - 4, iy + 4, iy + ih - 4
    gap, slope = 13.0, math.tan(math.radians(60))
    d, beads = [], []
    for k in range(-40, 41):
        for sgn in (1, -1):
            # the line through (CX + k * gap, CY) with slope +-60 degrees
            x = CX + k * gap
            seg = clip_line(x - 400 / slope * sgn, CY - 400, x + 400 / slope * sgn, CY + 400,
                            left, top_, right, bottom)
            if seg:
                d.append(f"M{K.fmt(seg[0])} {K.fmt(seg[1])}L{K.fmt(seg[2])} {K.fmt(seg[3])}")
    out.append(f'<path d="{"".join(d)}" stroke="#ffffff" stroke-opacity="0.22" '
               'stroke-width="1" fill="none"/>')
    # a bead at each crossing: the lines k and j cross at x = CX + (k + j) * gap / 2,
    # y = CY + (j - k) * gap / 2 * slope
    for a in range(-40, 41):
        for b in range(-40, 41):
            if (a + b) % 2:
                continue
            x = CX + a * gap / 2
            y = CY + b * gap / 2 * slope
            if left + 3 < x < right - 3 and top_ + 3 < y < bottom - 3:
                # a small diamond: four straight edges rasterise far faster than a circle's arcs
                beads.append(f"M{K.fmt(x - 2.2)} {K.fmt(y)}l2.2 -2.2l2.2 2.2l-2.2 2.2Z")
    out.append(f'<path d="{"".join(beads)}" fill="#ffffff" fill-opacity="0.32"/>')
    # frames: gold, then a fine white line inside it
    out.append(f'<rect x="{ix + 7}" y="{iy + 7}" width="{iw - 14}" height="{ih - 14}" rx="6" '
               'fill="none" stroke="url(#gold)" stroke-width="3"/>')
    out.append(f'<rect x="{ix + 12}" y="{iy + 12}" width="{iw - 24}" height="{ih - 24}" rx="4" '
               'fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="1"/>')
    # corner fleurons: a gold quarter rosette in each corner, pointing in
    for (x, y, rot) in [(ix + 12, iy + 12, 0), (ix + iw - 12, iy + 12, 90),
                        (ix + iw - 12, iy + ih - 12, 180), (ix + 12, iy + ih - 12, 270)]:
        petals = []
        for k in range(3):
            ang = math.radians(rot + 15 + k * 30)
            px, py = x + 15 * math.cos(ang), y + 15 * math.sin(ang)
            petals.append(f'<ellipse cx="{K.fmt(px)}" cy="{K.fmt(py)}" rx="7" ry="3" '
                          f'transform="rotate({K.fmt(math.degrees(ang))} {K.fmt(px)} {K.fmt(py)})" '
                          'fill="url(#gold)"/>')
        out.append("".join(petals))
        out.append(f'<circle cx="{K.fmt(x)}" cy="{K.fmt(y)}" r="5" fill="url(#gold)"/>')
    # the medallion: a ring of beads, the deck's colour inside, a compass star with a gold
    # centre, the four suits at the compass points (spade up, diamond down)
    out.append(f'<circle cx="{CX}" cy="{CY}" r="70" fill="url(#med)" stroke="url(#gold)" '
               'stroke-width="4"/>')
    ring = []
    for k in range(36):
        ang = math.radians(k * 10)
        x, y = CX + 62 * math.cos(ang), CY + 62 * math.sin(ang)
        ring.append(f"M{K.fmt(x - 2)} {K.fmt(y)}a2 2 0 1 0 4 0a2 2 0 1 0 -4 0Z")
    out.append(f'<path d="{"".join(ring)}" fill="#f0d27a"/>')
    out.append(f'<polygon points="{star(CX, CY, 50, n=8, inner=0.38)}" fill="url(#gold)" '
               f'stroke="{deep}" stroke-width="1.2" stroke-opacity="0.6"/>')
    out.append(f'<polygon points="{star(CX, CY, 30, n=4, inner=0.3)}" fill="{deep}" '
               'fill-opacity="0.35" transform="rotate(45 125 175)"/>')
    out.append(f'<circle cx="{CX}" cy="{CY}" r="11" fill="{top}" stroke="url(#gold)" '
               'stroke-width="3"/>')
    for s_, (dx, dy, rot) in zip("shdc", [(0, -88, 0), (88, 0, 90), (0, 88, 180), (-88, 0, 270)]):
        out.append(K.suit(s_, CX + dx, CY + dy * (1.25 if dx == 0 else 0.9), 22, color="#f0d27a",
                          rot=rot))
    return K.svg_doc(W, H, "\n".join(out), defs="\n".join(defs), title=f"Card back ({theme})")


def card(rank, suit_):
    body = [card_base(), index(rank, suit_)]
    defs = [face_defs()]
    if rank == "A":
        body.append(ace(suit_))
    elif rank in "KQJ":
        defs.append(court_defs(suit_))
        body.append(court(rank, suit_))
    else:
        n = 10 if rank == "T" else int(rank)
        body.append(spot_card(n, suit_))
    names = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    title = f"{rank_label(rank)} of {names[suit_]}"
    return K.svg_doc(W, H, "\n".join(body), defs="\n".join(defs), title=title)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "assets", "cards")
    os.makedirs(out, exist_ok=True)
    n = 0
    for s in SUITS:
        for r in RANKS:
            K.write(os.path.join(out, f"{r}{s}.svg"), card(r, s))
            n += 1
    K.write(os.path.join(out, "Jk.svg"), joker())
    K.write(os.path.join(out, "back.svg"), back("red"))
    K.write(os.path.join(out, "back_blue.svg"), back("blue"))
    print(f"make_cards: wrote {n + 3} files to {os.path.normpath(out)}")
    # stand-alone suit symbols for UI text (the UI font has no suit glyphs)
    icons = os.path.join(out, "..", "icons")
    os.makedirs(icons, exist_ok=True)
    names = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
    for s in SUITS:
        K.write(os.path.join(icons, f"suit_{s}.svg"),
                K.svg_doc(100, 100, K.suit(s, 50, 50, 96), title=names[s]))
        K.write(os.path.join(icons, f"suit_{s}_white.svg"),
                K.svg_doc(100, 100, K.suit(s, 50, 50, 96, color="#ffffff"),
                          title=f"{names[s]} (white, for colour modulation)"))
    print(f"make_cards: wrote 8 suit icons to {os.path.normpath(icons)}")


if __name__ == "__main__":
    main()
