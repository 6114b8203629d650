#!/usr/bin/env python3
"""Writes studpoker's application icon (the desktop's launcher and menus) as SVG.

    python3 tools/assets/make_icon.py [OUT]      (default: dist/icons/studpoker.svg)

A square of green felt in a gold rim with two fanned cards: a red back behind and the ace of
spades in front. It is drawn big and plain so that it still reads at 48 px. The PNG sizes
beside it are the game's own rasteriser's pictures of it (svg2png, see assets/README.md):

    /tmp/svg2png 256 256 dist/icons/studpoker.svg dist/icons/studpoker-256.png
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svgkit as K  # noqa: E402

S = 256
CW, CH, CR = 104, 146, 11  # a card, 5:7 like the game's


def card_outline(cx, cy, w, h, r, rot):
    """A rounded rectangle centred on (cx, cy), turned rot degrees, as path data."""
    xf = K.Xf(1, 1, rot, cx, cy)
    x0, y0, x1, y1 = -w / 2, -h / 2, w / 2, h / 2
    cmds = [("M", x0 + r, y0), ("L", x1 - r, y0), ("A", r, r, 0, 1, x1, y0 + r),
            ("L", x1, y1 - r), ("A", r, r, 0, 1, x1 - r, y1), ("L", x0 + r, y1),
            ("A", r, r, 0, 1, x0, y1 - r), ("L", x0, y0 + r), ("A", r, r, 0, 1, x0 + r, y0),
            ("Z",)]
    return K.path_d(cmds, xf)


def at(cx, cy, rot, x, y):
    """A point of a card's own frame (origin at its centre) on the icon."""
    return K.Xf(1, 1, rot, cx, cy).pt(x, y)


def icon():
    defs = "\n".join([
        K.rad_grad("felt", [(0, "#22995a"), (0.6, "#157a40"), (1, "#0a4a25")], cx=128, cy=100,
                   r=190, units="userSpaceOnUse"),
        K.lin_grad("rim", [(0, "#fbe7a2"), (0.5, "#d2a53a"), (1, "#7f5d14")]),
        K.lin_grad("back", [(0, "#c0182f"), (1, "#6a0616")], x1=0, y1=0, x2=1, y2=1),
        K.lin_grad("face", [(0, "#ffffff"), (1, "#ece8dc")]),
    ])
    out = [
        f'<rect x="6" y="6" width="{S - 12}" height="{S - 12}" rx="46" fill="url(#felt)" '
        'stroke="url(#rim)" stroke-width="9"/>',
    ]
    # the back card, behind and to the left
    bx, by, brot = 104, 134, -13
    out.append(f'<path d="{card_outline(bx + 3, by + 5, CW, CH, CR, brot)}" fill="#000000" '
               'fill-opacity="0.28"/>')
    out.append(f'<path d="{card_outline(bx, by, CW, CH, CR, brot)}" fill="#fbfaf6" '
               'stroke="#3a3a3a" stroke-opacity="0.35" stroke-width="1.5"/>')
    out.append(f'<path d="{card_outline(bx, by, CW - 16, CH - 16, 6, brot)}" fill="url(#back)"/>')
    out.append(f'<path d="{card_outline(bx, by, CW - 30, CH - 30, 4, brot)}" fill="none" '
               'stroke="#f0d27a" stroke-width="3"/>')
    # the ace of spades, in front and to the right
    fx, fy, frot = 150, 124, 11
    out.append(f'<path d="{card_outline(fx + 4, fy + 6, CW, CH, CR, frot)}" fill="#000000" '
               'fill-opacity="0.32"/>')
    out.append(f'<path d="{card_outline(fx, fy, CW, CH, CR, frot)}" fill="url(#face)" '
               'stroke="#3a3a3a" stroke-opacity="0.45" stroke-width="1.5"/>')
    px, py = at(fx, fy, frot, 0, 6)
    out.append(K.suit("s", px, py, 70, rot=frot))
    ix, iy = at(fx, fy, frot, -CW / 2 + 17, -CH / 2 + 21)
    out.append(K.text("A", ix, iy, 24, 6.5, K.BLACK, rot=frot))
    sx, sy = at(fx, fy, frot, -CW / 2 + 17, -CH / 2 + 46)
    out.append(K.suit("s", sx, sy, 17, rot=frot))
    return K.svg_doc(S, S, "\n".join(out), defs=defs, title="studpoker")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "dist", "icons",
                                                             "studpoker.svg")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    K.write(out, icon())
    print(f"make_icon: wrote {os.path.normpath(out)}")


if __name__ == "__main__":
    main()
