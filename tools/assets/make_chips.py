#!/usr/bin/env python3
"""Writes studpoker's casino chips as SVG (Python 3 standard library only).

    python3 tools/assets/make_chips.py [OUTDIR]      (default: assets/chips)

Files are named by value in cents, as the game counts money (draw_chip() loads
chips/chip_<cents>.svg): chip_25.svg ($0.25, white), chip_100.svg ($1, blue),
chip_500.svg ($5, red), chip_2500.svg ($25, green), chip_10000.svg ($100, black),
chip_50000.svg ($500, purple), chip_100000.svg ($1000, yellow, printed "1K"),
chip_generic.svg (no value printed: the game writes one on it
with the UI font), stack_<cents>.svg (the same chip seen from the side of the table,
its face an ellipse over an edge 22 units thick, so that chips laid one over another
make a stack with a visible height: the game draws each next chip 22 units higher,
scaled) and chip_select.svg (gold halo for the selected tray chip: draw it
centred on the chip at 1.2 times the chip's size, so its ring falls just outside
the chip's rim). Each is a 200 x 200 top view: base colour, eight edge spots,
an inner ring, a cream inlay with the value drawn as path digits.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svgkit as K  # noqa: E402

S = 200
C = S / 2

# value label, base colour (light, dark), edge spot colour, ink of the value
# file name (the value in cents, as the game counts money), printed value,
# base colour (light, dark), edge spot colour, ink of the value
CHIPS = [
    ("25", "0.25", ("#f4f2ec", "#c9c5ba"), "#1d4f9c", "#1a1a1f"),
    ("100", "1", ("#2f6fd0", "#143a7c"), "#ffffff", "#143a7c"),
    ("500", "5", ("#d8243a", "#87091b"), "#ffffff", "#9c0b1f"),
    ("2500", "25", ("#1f9a4c", "#0b5226"), "#ffffff", "#0c5a2a"),
    ("10000", "100", ("#34343c", "#0b0b0e"), "#ffffff", "#15151a"),
    ("50000", "500", ("#7d3fc0", "#3c1470"), "#ffe08a", "#4a1a86"),
    ("100000", "1K", ("#f2c230", "#b07c0a"), "#7a1020", "#6b4300"),
    ("generic", "", ("#ee7a22", "#a4460a"), "#ffffff", "#8a3a08"),
]


def ring_sector(r0, r1, a0, a1):
    """Annular sector between radii r0 < r1 and angles a0..a1 (degrees)."""
    p = K.Pen()
    p.arc(C, C, r1, r1, a0, a1, move=True)
    p.arc(C, C, r0, r0, a1, a0)
    p.Z()
    return K.path_d(p.cmds)


def chip(value, label, base, spot, ink):
    defs, out = chip_parts(label, base, spot, ink)
    return K.svg_doc(S, S, "\n".join(out), defs=defs, title=f"Chip {label or 'generic'}")


# the stacked chip: the face squashed to an ellipse of EDGE_RY over an edge EDGE_T thick
EDGE_RY = 48
EDGE_T = 22
STACK_H = 2 * EDGE_RY + EDGE_T + 4


def edge_point(a, dy):
    r = math.radians(a)
    return f"{K.fmt(C + 98 * math.cos(r))} {K.fmt(EDGE_RY + 2 + EDGE_RY * 98 / 100 * math.sin(r) + dy)}"


def stack_chip(value, label, base, spot, ink):
    """The chip seen from the side of the table: the edge (its colour, the inserts as
    stripes where they come round the rim) under the face, the top view squashed."""
    light, dark = base
    defs, face = chip_parts(label, base, spot, ink)
    defs += "\n" + K.lin_grad("edge", [(0, light), (0.55, dark), (1, dark)])
    cy = EDGE_RY + 2
    ry = EDGE_RY * 98 / 100
    out = [
        # the edge: the lower half of the rim, and the same EDGE_T lower
        f'<path d="M2 {K.fmt(cy)}A98 {K.fmt(ry)} 0 0 0 198 {K.fmt(cy)}L198 {K.fmt(cy + EDGE_T)}'
        f'A98 {K.fmt(ry)} 0 0 1 2 {K.fmt(cy + EDGE_T)}Z" fill="url(#edge)" stroke="{dark}" '
        'stroke-width="2"/>',
    ]
    # the inserts on the visible half of the rim (angles 0..180 are the near side)
    d = []
    for i in range(8):
        a = i * 45 + 22.5
        a0, a1 = max(a - 9, 2), min(a + 9, 178)
        if a1 <= a0:
            continue
        d.append(f"M{edge_point(a0, 0)}L{edge_point(a1, 0)}L{edge_point(a1, EDGE_T)}"
                 f"L{edge_point(a0, EDGE_T)}Z")
    out.append(f'<path d="{"".join(d)}" fill="{spot}" fill-opacity="0.92"/>')
    out.append(f'<g transform="translate(0 2) scale(1 {K.fmt(EDGE_RY / 100)})">')
    out.extend(face)
    out.append("</g>")
    return K.svg_doc(S, STACK_H, "\n".join(out), defs=defs,
                     title=f"Stacked chip {label or 'generic'}")


def chip_parts(label, base, spot, ink):
    light, dark = base
    defs = "\n".join([
        K.rad_grad("body", [(0, light), (0.75, light), (1, dark)], cx=0.5, cy=0.5, r=0.5),
        K.rad_grad("shine", [(0, "#ffffff", 0.28), (1, "#ffffff", 0)], cx=0.35, cy=0.28, r=0.6),
        K.lin_grad("inlay", [(0, "#fffdf6"), (1, "#ece6d6")]),
    ])
    out = [
        f'<circle cx="{C}" cy="{C}" r="98" fill="url(#body)" stroke="{dark}" stroke-width="2"/>',
    ]
    # eight edge spots, each a block split by a thin line like moulded inserts
    d = []
    for i in range(8):
        a = i * 45 + 22.5
        d.append(ring_sector(72, 97, a - 9, a + 9))
    out.append(f'<path d="{"".join(d)}" fill="{spot}"/>')
    d = []
    for i in range(8):
        a = i * 45 + 22.5
        for off in (-4.5, 4.5):
            r = math.radians(a + off)
            d.append(f"M{K.fmt(C + 75 * math.cos(r))} {K.fmt(C + 75 * math.sin(r))}"
                     f"L{K.fmt(C + 95 * math.cos(r))} {K.fmt(C + 95 * math.sin(r))}")
    out.append(f'<path d="{"".join(d)}" fill="none" stroke="{light if spot != "#ffffff" else dark}" '
               'stroke-width="1.6" stroke-opacity="0.55"/>')
    # inner rings
    out.append(f'<circle cx="{C}" cy="{C}" r="71" fill="none" stroke="{dark}" stroke-width="2.5"/>')
    out.append(f'<circle cx="{C}" cy="{C}" r="65" fill="none" stroke="{spot}" stroke-width="3" '
               'stroke-dasharray="6 5"/>')
    # inlay
    out.append(f'<circle cx="{C}" cy="{C}" r="58" fill="url(#inlay)" stroke="{dark}" '
               'stroke-width="3"/>')
    out.append(f'<circle cx="{C}" cy="{C}" r="52" fill="none" stroke="{dark}" stroke-width="1.2" '
               'stroke-opacity="0.45"/>')
    if label:
        n = len(label.replace(".", ""))
        size, sw, cond = {1: (58, 13.5, 1.0), 2: (50, 12.5, 0.92), 3: (44, 11.5, 0.84),
                          4: (40, 10.5, 0.76)}[n]
        if "." in label:
            size, sw, cond = 40, 10.5, 0.8
        track = 3.0 if "K" in label else -1.0
        while K.text_width(label, size, sw, track, cond) > 94:
            size *= 0.96
            sw *= 0.97
        out.append(K.text(label, C, C, size, sw, ink, track=track, condense=cond))
        # small stars either side, like printed chip inlays
        out.append(f'<path d="{K.suit_d("s", C, C - 38, 10)}{K.suit_d("s", C, C + 39, 10, 180)}" '
                   f'fill="{ink}" fill-opacity="0.7"/>')
    out.append(f'<circle cx="{C}" cy="{C}" r="98" fill="url(#shine)"/>')
    return defs, out


def select_ring():
    """Gold halo drawn behind/around the chip that is selected in the tray."""
    defs = K.rad_grad("g", [(0, "#ffe27a", 0), (0.8, "#ffe27a", 0), (0.88, "#ffe27a", 0.9),
                            (1, "#ffe27a", 0)], cx=C, cy=C, r=C, units="userSpaceOnUse")
    body = (f'<circle cx="{C}" cy="{C}" r="{C}" fill="url(#g)"/>\n'
            f'<circle cx="{C}" cy="{C}" r="{C - 12}" fill="none" stroke="#fff3b0" '
            'stroke-width="4"/>')
    return K.svg_doc(S, S, body, defs=defs, title="Selected chip halo")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "assets", "chips")
    os.makedirs(out, exist_ok=True)
    for name, label, base, spot, ink in CHIPS:
        K.write(os.path.join(out, f"chip_{name}.svg"), chip(name, label, base, spot, ink))
        K.write(os.path.join(out, f"stack_{name}.svg"), stack_chip(name, label, base, spot, ink))
    K.write(os.path.join(out, "chip_select.svg"), select_ring())
    print(f"make_chips: wrote {2 * len(CHIPS) + 1} files to {os.path.normpath(out)}")


if __name__ == "__main__":
    main()
