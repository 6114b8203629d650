#!/usr/bin/env python3
"""Writes studpoker's table art as SVG (Python 3 standard library only).

    python3 tools/assets/make_table.py [ASSETSDIR]      (default: assets)

Files (under ASSETSDIR):
  logo.svg                    "STUDPOKER" wordmark, gold on dark (900 x 260)
  table/felt.svg              green felt with printed arc and logo (1920 x 1080)
  table/felt_plain.svg        the same felt without print (1920 x 1080)
  table/meter.svg             jackpot meter frame, dark display in gold bezel (640 x 150)
  table/spots/circle_*.svg    round betting spots with lettered labels (200 x 200)
  table/spots/rect_*.svg      rounded-rectangle betting spots (240 x 160)
  table/spots/glow_circle.svg, glow_rect.svg   highlight rings drawn over a spot
  table/rays.svg              a burst of light rays fading out from the centre, turned slowly
                              behind a MEGA WIN's or a jackpot's celebration (600 x 600)
  table/sparkle.svg           a four-pointed glint with a soft halo, twinkling around it (100 x 100)
  table/emblem.svg            the game's emblem, printed on the felt beside the dealer's rule and
                              the game's name: a gold crest, a crown over the four suits (200 x 200)
  buttons/<colour>_<state>.svg  pill buttons, colours green red gold blue,
                              states normal hover pressed disabled (248 x 88)
Labels on buttons are left to the game (UI font); everything lettered here is
drawn with the stroke font in svgkit.py.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svgkit as K  # noqa: E402

GOLD_STOPS = [(0, "#fff4c4"), (0.35, "#f1cd5e"), (0.6, "#d7a93a"), (1, "#8f6a18")]

# ----------------------------------------------------------------------------
# logo
# ----------------------------------------------------------------------------


def wordmark(cx, cy, size, sw, track, keyline="#1b0d02", opacity=None):
    """STUDPOKER in gold with a dark keyline and a bevel highlight."""
    extra = f' stroke-opacity="{K.fmt(opacity)}"' if opacity is not None else ""
    word = "STUDPOKER"
    return "\n".join([
        K.text(word, cx, cy + sw * 0.12, size, sw + sw * 0.55, keyline, track=track - sw * 0.55,
               extra=extra),
        K.text(word, cx, cy, size, sw, "url(#gold)", track=track, extra=extra),
        K.text(word, cx, cy - sw * 0.22, size, sw * 0.22, "#fffbe8", track=track + sw * 0.78,
               extra=f' stroke-opacity="{K.fmt(0.55 * (opacity or 1))}"'),
    ])


def logo():
    W, H = 900, 260
    defs = "\n".join([
        K.lin_grad("gold", GOLD_STOPS),
        K.lin_grad("panel", [(0, "#2a0b12"), (0.5, "#17060a"), (1, "#070203")]),
        K.lin_grad("rim", [(0, "#f7e3a0"), (0.5, "#c69a2e"), (1, "#7a5a12")]),
    ])
    out = [
        f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="34" fill="url(#panel)" '
        'stroke="url(#rim)" stroke-width="6"/>',
        f'<rect x="16" y="16" width="{W - 32}" height="{H - 32}" rx="24" fill="none" '
        'stroke="#d9b54a" stroke-width="1.5" stroke-opacity="0.6"/>',
    ]
    out.append(wordmark(W / 2, 112, 104, 23, 9))
    # suit row with rules either side
    y = 210
    out.append(f'<path d="M120 {y}L{W / 2 - 90} {y}M{W / 2 + 90} {y}L{W - 120} {y}" '
               'stroke="#d9b54a" stroke-width="2.5" stroke-linecap="round"/>')
    for i, s in enumerate("shdc"):
        x = W / 2 - 60 + i * 40
        col = "#e0303f" if s in "hd" else "#f3e2a6"
        out.append(K.suit(s, x, y, 28, color=col))
    return K.svg_doc(W, H, "\n".join(out), defs=defs, title="STUDPOKER")


# ----------------------------------------------------------------------------
# felt
# ----------------------------------------------------------------------------


def felt(printed=True):
    W, H = 1920, 1080
    defs = [
        K.rad_grad("felt", [(0, "#1f8e4e"), (0.45, "#167a40"), (0.8, "#0d5a2e"),
                            (1, "#083d1f")], cx=960, cy=470, r=1150, units="userSpaceOnUse"),
        K.lin_grad("gold", [(0, "#f3dc8c"), (1, "#c9a13a")]),
    ]
    out = [f'<rect x="0" y="0" width="{W}" height="{H}" fill="url(#felt)"/>']
    # a very faint woven lattice gives the cloth some grain
    d = []
    step = 24
    for i in range(-H // step, W // step + 1):
        x0 = i * step
        d.append(f"M{x0} 0L{x0 + H} {H}")
    out.append(f'<path d="{"".join(d)}" stroke="#000000" stroke-opacity="0.05" '
               'stroke-width="1.5" fill="none"/>')
    if printed:
        ink = "#e9cf7a"
        # printed arc: two gold lines on a wide circle, text between them
        R, cx, cy = 1400, 960, -930
        for rr, w in ((R, 3), (R + 62, 3)):
            a = math.degrees(math.asin(900 / rr))
            p = K.Pen().arc(cx, cy, rr, rr, 90 + a, 90 - a, move=True)
            out.append(f'<path d="{K.path_d(p.cmds)}" fill="none" stroke="{ink}" '
                       f'stroke-width="{w}" stroke-opacity="0.55"/>')
        out.append(K.text_arc("BEAT THE DEALER", cx, cy, R + 31, 30, 6, ink, track=10,
                              bottom=True, extra=' stroke-opacity="0.55"'))
        # suits along the band either side of the text
        for k, s in enumerate("shdcshdc"):
            side = -1 if k < 4 else 1
            j = k % 4
            ang = math.radians(90 + side * (14 + j * 5.0))
            x = cx + (R + 31) * math.cos(ang)
            y = cy + (R + 31) * math.sin(ang)
            rot = math.degrees(ang) - 90
            out.append(K.suit(s, x, y, 26, color=ink, rot=rot, extra=' fill-opacity="0.5"'))
        # printed logo in the middle of the table
        out.append(f'<ellipse cx="960" cy="620" rx="300" ry="92" fill="#000000" '
                   'fill-opacity="0.10" stroke="#e9cf7a" stroke-opacity="0.35" stroke-width="3"/>')
        out.append(f'<ellipse cx="960" cy="620" rx="286" ry="80" fill="none" stroke="#e9cf7a" '
                   'stroke-opacity="0.25" stroke-width="1.5"/>')
        out.append(K.text("STUDPOKER", 960, 620, 64, 13, "url(#gold)", track=8,
                          extra=' stroke-opacity="0.45"'))
    title = "Table felt" + ("" if printed else " (plain)")
    return K.svg_doc(W, H, "\n".join(out), defs="\n".join(defs), title=title)


def meter():
    W, H = 640, 150
    defs = "\n".join([
        K.lin_grad("rim", [(0, "#fff1b8"), (0.45, "#e2b946"), (0.55, "#b98b22"), (1, "#6e4f0e")]),
        K.lin_grad("glass", [(0, "#1a0206"), (0.5, "#0a0103"), (1, "#1d0408")]),
        K.lin_grad("sheen", [(0, "#ffffff", 0.16), (1, "#ffffff", 0)]),
    ])
    out = [
        f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="22" fill="url(#rim)" '
        'stroke="#4a3308" stroke-width="3"/>',
        f'<rect x="14" y="14" width="{W - 28}" height="{H - 28}" rx="14" fill="url(#glass)" '
        'stroke="#3a2a06" stroke-width="2"/>',
        f'<rect x="20" y="18" width="{W - 40}" height="{(H - 28) // 2 - 6}" rx="10" '
        'fill="url(#sheen)"/>',
    ]
    # small studs on the bezel
    for x in (9, W - 9):
        for y in (H / 2 - 30, H / 2, H / 2 + 30):
            out.append(f'<circle cx="{x}" cy="{K.fmt(y)}" r="2.4" fill="#fff6d0" fill-opacity="0.8"/>')
    return K.svg_doc(W, H, "\n".join(out), defs=defs, title="Jackpot meter frame")


# ----------------------------------------------------------------------------
# betting spots
# ----------------------------------------------------------------------------

SPOT_LABELS = {
    "ante": ("ANTE", "main"),
    "play": ("PLAY", "main"),
    "raise": ("RAISE", "main"),
    "bonus": ("BONUS", "side"),
    "jackpot": ("JACKPOT", "jackpot"),
    "5plus1_bonus": ("5+1 BONUS", "side"),
    "board_bonus": ("BOARD BONUS", "side"),
    "pocket_bonus": ("POCKET BONUS", "side"),
    "lo_ball": ("LO BALL", "side"),
}

THEMES = {
    # ring/text colour, inner fill, inner fill opacity
    "main": ("#f4ecd2", "#000000", 0.16),
    "side": ("#ecc956", "#000000", 0.16),
    "jackpot": ("#f6d46a", "#b3122c", 1.0),
}


def split_label(label):
    """Top and bottom lines for a round spot."""
    if label.endswith(" BONUS"):
        return label[: -len(" BONUS")], "BONUS"
    return label, ""


def circle_spot(label, theme):
    S = 200
    c = S / 2
    ink, fill, fo = THEMES[theme]
    defs = [K.rad_grad("jp", [(0, "#e0283f"), (0.7, "#b3122c"), (1, "#6e0614")])]
    out = []
    if theme == "jackpot":
        out.append(f'<circle cx="{c}" cy="{c}" r="94" fill="url(#jp)" stroke="{ink}" '
                   'stroke-width="5"/>')
    else:
        out.append(f'<circle cx="{c}" cy="{c}" r="94" fill="{fill}" fill-opacity="{fo}" '
                   f'stroke="{ink}" stroke-width="4.5"/>')
    out.append(f'<circle cx="{c}" cy="{c}" r="86" fill="none" stroke="{ink}" stroke-width="1.5" '
               'stroke-opacity="0.7"/>')
    out.append(f'<circle cx="{c}" cy="{c}" r="52" fill="none" stroke="{ink}" stroke-width="1.5" '
               'stroke-opacity="0.45" stroke-dasharray="4 5"/>')
    if label:
        top, bottom = split_label(label)
        size, sw = 19, 4.6
        out.append(K.text_arc(top, c, c, 69, size, sw, ink, track=3.5))
        if bottom:
            out.append(K.text_arc(bottom, c, c, 69, size, sw, ink, track=3.5, bottom=True))
        else:
            # three small suit pips at the bottom when there is no second word
            for i, s in enumerate("hsd" if theme != "jackpot" else "scd"):
                a = math.radians(90 + (i - 1) * 17)
                out.append(K.suit(s, c + 69 * math.cos(a), c + 69 * math.sin(a), 15,
                                  color=ink, rot=math.degrees(a) - 90))
    return K.svg_doc(S, S, "\n".join(out), defs="\n".join(defs) if theme == "jackpot" else "",
                     title=f"Betting spot {label or '(blank)'}")


def rect_spot(label, theme):
    W, H = 240, 160
    ink, fill, fo = THEMES[theme]
    out = []
    defs = ""
    if theme == "jackpot":
        defs = K.lin_grad("jp", [(0, "#d8243a"), (1, "#7e0817")])
        out.append(f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="24" fill="url(#jp)" '
                   f'stroke="{ink}" stroke-width="5"/>')
    else:
        out.append(f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="24" fill="{fill}" '
                   f'fill-opacity="{fo}" stroke="{ink}" stroke-width="4.5"/>')
    out.append(f'<rect x="12" y="12" width="{W - 24}" height="{H - 24}" rx="17" fill="none" '
               f'stroke="{ink}" stroke-width="1.5" stroke-opacity="0.7"/>')
    if label:
        size, sw = 21, 5
        while K.text_width(label, size, sw, 3) > W - 56:
            size *= 0.95
            sw *= 0.97
        ty = H - 34
        out.append(f'<path d="M30 {ty - 22}L{W - 30} {ty - 22}" stroke="{ink}" stroke-width="1.2" '
                   'stroke-opacity="0.5"/>')
        out.append(K.text(label, W / 2, ty, size, sw, ink, track=3))
    return K.svg_doc(W, H, "\n".join(out), defs=defs,
                     title=f"Betting spot {label or '(blank)'} (rectangle)")


def glow(shape):
    if shape == "circle":
        S = 200
        defs = K.rad_grad("g", [(0, "#ffe27a", 0), (0.78, "#ffe27a", 0), (0.9, "#ffe27a", 0.85),
                                (1, "#ffe27a", 0)], cx=100, cy=100, r=100,
                          units="userSpaceOnUse")
        body = ('<circle cx="100" cy="100" r="100" fill="url(#g)"/>\n'
                '<circle cx="100" cy="100" r="94" fill="none" stroke="#fff3b0" stroke-width="4"/>')
        return K.svg_doc(S, S, body, defs=defs, title="Spot highlight (circle)")
    W, H = 240, 160
    out = []
    for i, (o, a) in enumerate([(0, 0.10), (2, 0.18), (4, 0.3), (6, 0.45)]):
        out.append(f'<rect x="{o}" y="{o}" width="{W - 2 * o}" height="{H - 2 * o}" '
                   f'rx="{28 - o}" fill="none" stroke="#ffe27a" stroke-width="3" '
                   f'stroke-opacity="{a}"/>')
    out.append(f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="24" fill="none" '
               'stroke="#fff3b0" stroke-width="4"/>')
    return K.svg_doc(W, H, "\n".join(out), title="Spot highlight (rectangle)")


# ----------------------------------------------------------------------------
# buttons
# ----------------------------------------------------------------------------

BUTTON_COLOURS = {
    # light, mid, dark
    "green": ("#5fd88a", "#1f9a4c", "#0b5226"),
    "red": ("#ff6b78", "#d01f35", "#7a0716"),
    "gold": ("#fff0a8", "#e8b931", "#99680a"),
    "blue": ("#7fb2ff", "#2f6fd0", "#123a7a"),
}


def mix(c1, c2, t):
    a = [int(c1[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(c2[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def button(colour, state):
    W, H = 248, 88
    light, mid, dark = BUTTON_COLOURS[colour]
    if state == "disabled":
        light, mid, dark = "#a7abb0", "#6e7378", "#3e4246"
    if state == "hover":  # lit: every stop a step brighter
        light, mid, dark = mix(light, "#ffffff", 0.12 if colour == "gold" else 0.3), light, mid
    dy = 2 if state == "pressed" else 0
    defs = [
        K.lin_grad("rim", [(0, "#fff1b8"), (0.5, "#c99b2b"), (1, "#5e430a")])
        if state != "disabled" else K.lin_grad("rim", [(0, "#b9bcc0"), (1, "#4b4f53")]),
    ]
    if state == "pressed":
        defs.append(K.lin_grad("body", [(0, dark), (0.6, mid), (1, mid)]))
    elif state == "hover":
        defs.append(K.lin_grad("body", [(0, light), (0.5, mid), (1, dark)]))
    else:
        defs.append(K.lin_grad("body", [(0, light), (0.5, mid), (1, dark)]))
    gloss_a = {"normal": 0.5, "hover": 0.6, "pressed": 0.18, "disabled": 0.25}[state]
    defs.append(K.lin_grad("gloss", [(0, "#ffffff", gloss_a), (1, "#ffffff", 0)]))
    out = []
    if state == "hover":
        for o, a in ((0, 0.22), (2, 0.4)):
            out.append(f'<rect x="{o}" y="{o}" width="{W - 2 * o}" height="{H - 2 * o}" '
                       f'rx="{(H - 2 * o) / 2}" fill="#ffe27a" fill-opacity="{a}"/>')
    # drop shadow under the button (not when pressed)
    if state != "pressed":
        out.append(f'<rect x="6" y="9" width="{W - 12}" height="{H - 12}" rx="{(H - 12) / 2}" '
                   'fill="#000000" fill-opacity="0.35"/>')
    y0 = 4 + dy
    out.append(f'<rect x="4" y="{y0}" width="{W - 8}" height="{H - 10}" rx="{(H - 10) / 2}" '
               f'fill="url(#rim)" stroke="#2a1d04" stroke-width="1.5"/>')
    out.append(f'<rect x="9" y="{y0 + 5}" width="{W - 18}" height="{H - 20}" '
               f'rx="{(H - 20) / 2}" fill="url(#body)" stroke="{dark}" stroke-width="1.5"/>')
    out.append(f'<rect x="20" y="{y0 + 8}" width="{W - 40}" height="{(H - 20) * 0.42:.1f}" '
               f'rx="{(H - 20) * 0.21:.1f}" fill="url(#gloss)"/>')
    if state == "disabled":
        out.append(f'<rect x="4" y="{y0}" width="{W - 8}" height="{H - 10}" rx="{(H - 10) / 2}" '
                   'fill="#30343a" fill-opacity="0.25"/>')
    return K.svg_doc(W, H, "\n".join(out), defs="\n".join(defs),
                     title=f"Button {colour} ({state})")


# ----------------------------------------------------------------------------
# the celebration's light
# ----------------------------------------------------------------------------


def rays():
    """Eighteen wedges of warm light from the centre, fading out towards the rim."""
    W = 600
    c = W / 2
    defs = K.rad_grad("light", [(0, "#fff6c8", 0.95), (0.35, "#ffd75e", 0.6), (0.75, "#f2a81c", 0.18),
                                (1, "#f2a81c", 0)], cx=c, cy=c, r=c, units="userSpaceOnUse")
    d = []
    for k in range(18):
        a0 = math.radians(k * 20 - 5)
        a1 = math.radians(k * 20 + 5)
        d.append(f"M{K.fmt(c)} {K.fmt(c)}L{K.fmt(c + c * math.cos(a0))} {K.fmt(c + c * math.sin(a0))}"
                 f"L{K.fmt(c + c * math.cos(a1))} {K.fmt(c + c * math.sin(a1))}Z")
    body = (f'<circle cx="{K.fmt(c)}" cy="{K.fmt(c)}" r="{K.fmt(c * 0.42)}" fill="url(#light)" '
            'fill-opacity="0.7"/>\n'
            f'<path d="{"".join(d)}" fill="url(#light)"/>')
    return K.svg_doc(W, W, body, defs=defs, title="Light rays")


def sparkle():
    """A four-pointed glint: two thin crossed diamonds over a soft round halo."""
    W = 100
    c = W / 2
    defs = K.rad_grad("halo", [(0, "#ffffff", 0.9), (0.3, "#fff1a8", 0.45), (1, "#fff1a8", 0)],
                      cx=c, cy=c, r=c, units="userSpaceOnUse")

    def star(long, short):
        return (f"M{c} {c - long}L{c + short} {c - short}L{c + long} {c}L{c + short} {c + short}"
                f"L{c} {c + long}L{c - short} {c + short}L{c - long} {c}L{c - short} {c - short}Z")

    body = (f'<circle cx="{c}" cy="{c}" r="{c}" fill="url(#halo)"/>\n'
            f'<path d="{star(48, 6)}" fill="#fffbe6"/>\n'
            f'<path d="{star(14, 3)}" fill="#ffffff" transform="rotate(45 {c} {c})"/>')
    return K.svg_doc(W, W, body, defs=defs, title="Sparkle")


def emblem():
    """A gold crest printed on the felt: a beaded double ring, a five-point crown over the four
    suits set as a diamond, gold ink on a faintly darker ground."""
    W = 200
    c = W / 2
    defs = K.lin_grad("gold", GOLD_STOPS)
    out = [f'<circle cx="{c}" cy="{c}" r="94" fill="#000000" fill-opacity="0.16" '
           'stroke="url(#gold)" stroke-width="6"/>',
           f'<circle cx="{c}" cy="{c}" r="82" fill="none" stroke="url(#gold)" stroke-width="2"/>']
    beads = []
    for k in range(40):
        a = math.radians(k * 9)
        x, y = c + 88 * math.cos(a), c + 88 * math.sin(a)
        beads.append(f"M{K.fmt(x - 1.8)} {K.fmt(y)}a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0 -3.6 0Z")
    out.append(f'<path d="{"".join(beads)}" fill="#f1cd5e"/>')
    # the crown: a band and five points with a bead on each
    out.append('<path d="M62 74L138 74L144 40L122 58L100 30L78 58L56 40Z" fill="url(#gold)" '
               'stroke="#5a3c08" stroke-width="2" stroke-linejoin="round"/>')
    for x, y in ((56, 38), (78, 56), (100, 27), (122, 56), (144, 38)):
        out.append(f'<circle cx="{x}" cy="{y}" r="4.5" fill="#fff4c4" stroke="#5a3c08" '
                   'stroke-width="1.2"/>')
    out.append('<rect x="60" y="72" width="80" height="9" rx="3" fill="url(#gold)" '
               'stroke="#5a3c08" stroke-width="1.5"/>')
    # the suits below it, a diamond of four
    for s_, (x, y) in zip("shdc", [(100, 104), (130, 128), (100, 154), (70, 128)]):
        col = "#e0303f" if s_ in "hd" else "#f3e2a6"
        out.append(K.suit(s_, x, y, 30, color=col))
    return K.svg_doc(W, W, "\n".join(out), defs=defs, title="Emblem")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "assets")
    for sub in ("table/spots", "buttons"):
        os.makedirs(os.path.join(root, sub), exist_ok=True)
    n = 0

    def put(rel, content):
        nonlocal n
        K.write(os.path.join(root, rel), content)
        n += 1

    put("logo.svg", logo())
    put("table/felt.svg", felt(True))
    put("table/felt_plain.svg", felt(False))
    put("table/meter.svg", meter())
    put("table/rays.svg", rays())
    put("table/sparkle.svg", sparkle())
    put("table/emblem.svg", emblem())
    for key, (label, theme) in SPOT_LABELS.items():
        put(f"table/spots/circle_{key}.svg", circle_spot(label, theme))
        put(f"table/spots/rect_{key}.svg", rect_spot(label, theme))
    put("table/spots/circle_blank.svg", circle_spot("", "main"))
    put("table/spots/rect_blank.svg", rect_spot("", "main"))
    put("table/spots/glow_circle.svg", glow("circle"))
    put("table/spots/glow_rect.svg", glow("rect"))
    for colour in BUTTON_COLOURS:
        for state in ("normal", "hover", "pressed", "disabled"):
            put(f"buttons/{colour}_{state}.svg", button(colour, state))
    print(f"make_table: wrote {n} files under {os.path.normpath(root)}")


if __name__ == "__main__":
    main()
