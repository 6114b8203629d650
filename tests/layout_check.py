#!/usr/bin/env python3
"""layout_check: reads the boxes a frame drew (studpoker's script verb BOXES) and says what a
player could not read. Written from the rules below, not from the program's layout code.

usage: layout_check.py [--summary] [--fits] [--lang LANG [--allow WORD,...]] FILE...   exit
status 1 when a rule is broken (--allow: words of the test's own data, a table's name, that the
language rule takes as names)

A file is "screen W H", then one box a line, in the order drawn:
"KIND X Y W H PX GROUP|TEXT" (pixels of the window; PX a text's font size).

A "view X Y W H" box says that what follows is drawn in that part of the window as if it were
the window (a terminal's tables two by two: each a quarter); a view is checked as a screen of its
own, W x H at X, Y, until the next view (the whole window's again after the last quarter).

The rules, within one view and one layer (a "modal" box starts a new layer: a pop-up covers what
was drawn before it on purpose):
  overlap   no text box overlaps another text box
  screen    no text box leaves the window (in a view: the view)
  size      no text is smaller than 24 px at 1080 lines, scaled with the window: 24 x s, where
            s = min(H / 1080, W / 1440) (24 px at 1920x1080, 16 at 1280x720, 17 at 1024x768,
            21 at 1280x1024); in a view, with the view's W and H (a quarter of 1920x1080,
            960x540: 12 px)
  on-art    no text lies on a card or a chip
  covered   no panel drawn after a text, a card or a chip lies over it
  glyphs    every character of a text is drawn by its font (a "missing" line: the program
            found characters its font has no glyph for, shown as empty boxes)
  fits      (--fits) a text whose middle lies in a panel drawn before it (a button, a box)
            stays inside that panel: a long word of another language does not spill out
  language  (--lang zh_CN, zh_TW or es) no text is left in English: in Chinese no word of two
            Latin letters or more but the currencies' marks (US$, HK$, MOP$, NT$, CN¥) and UTC;
            in Spanish none of ENGLISH_WORDS below (English words that are no Spanish words).
            The group "record" is excepted: the audit log's rows shown as the machine recorded
            them (its records are English, as its printed log is)
Boxes touching edge to edge do not overlap. Two texts whose common part lies wholly under a
panel drawn between them do not overlap either: the first is hidden (that is the covered rule's
business). The exceptions are EXCEPTIONS below, each with its reason.
"""
import re
import sys

# (rule, group a, group b, why): a pair of groups a rule lets overlap.
EXCEPTIONS = [
    ("covered", "felt", "middle",
     "the dealer's rule is printed on the felt across the middle row; the verdict, the prompts "
     "and the timer stand over it on panels of their own, as a dealer's markers lie on the print"),
]


# Latin words a Chinese screen may show: the currencies' own marks, and the time zone's name
ZH_LATIN = {"US", "HK", "MOP", "NT", "CN", "UTC"}
# English words that are not Spanish words: one of them on a Spanish screen is a text left in
# English (Spanish casinos say "jackpot" and "ticket" too, and "has" and "no" are Spanish)
ENGLISH_WORDS = set("""the and of is are was were be been your you this that these those with from
have it its for on at by to an or all any will when what which there here after before into only
than then each every while until press bet bets win wins won paid pays pay play player players
credits cash out machine table tables game games round rounds hand limit limits break session
page meters meter please cannot could would should must yet already again now just more less
none off link down connected waiting leaving joined join back next prev test sound display
touch settings clear shut close open closed door pool pools seed reset audit log recall
button buttons printer printed reprint void voided redeemed expired refused returned""".split())
LANG = None
ALLOW = set()


def english(text):
    """The words of text that say it was left in English (in LANG's screen)."""
    if LANG and LANG.startswith("zh"):
        return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in ZH_LATIN | ALLOW]
    if LANG == "es":
        return [w for w in re.findall(r"[^\W\d_]+", text)
                if w.lower() in ENGLISH_WORDS and w not in ALLOW]
    return []


def read(path):
    boxes, screen = [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f):
            line = line.rstrip("\n")
            if n == 0:
                _, w, h = line.split()
                screen = (int(w), int(h))
                continue
            head, _, text = line.partition("|")
            kind, x, y, w, h, px, group = head.split(" ", 6)
            boxes.append({"kind": kind, "x": int(x), "y": int(y), "w": int(w), "h": int(h),
                          "px": int(px), "group": group, "text": text, "i": n})
    return screen, boxes


def overlap(a, b):
    return (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and
            a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


def inside(box, outer):
    return (outer["x"] <= box[0] and outer["y"] <= box[1] and
            box[0] + box[2] <= outer["x"] + outer["w"] and box[1] + box[3] <= outer["y"] + outer["h"])


def hidden_between(a, b, panels):
    """The part a and b share lies under a panel drawn after a and before b: a is not seen."""
    first, second = (a, b) if a["i"] < b["i"] else (b, a)
    x0, y0 = max(a["x"], b["x"]), max(a["y"], b["y"])
    x1 = min(a["x"] + a["w"], b["x"] + b["w"])
    y1 = min(a["y"] + a["h"], b["y"] + b["h"])
    common = (x0, y0, x1 - x0, y1 - y0)
    return any(first["i"] < p["i"] < second["i"] and inside(common, p) for p in panels)


def excepted(rule, a, b):
    for r, ga, gb, _ in EXCEPTIONS:
        if r == rule and {a["group"], b["group"]} == {ga, gb}:
            return True
    return False


def name(b):
    what = b["text"] if b["text"] else b["kind"]
    return f'"{what}" [{b["group"]}] at {b["x"]},{b["y"]} {b["w"]}x{b["h"]}'


FITS = False


def holds(p, x, y):
    return p["x"] <= x < p["x"] + p["w"] and p["y"] <= y < p["y"] + p["h"]


def views(screen, boxes):
    """The boxes split by the view they are drawn in: (x, y, w, h, boxes) each."""
    out, cur = [], (0, 0, screen[0], screen[1], [])
    for b in boxes:
        if b["kind"] == "view":
            if cur[4]:
                out.append(cur)
            cur = (b["x"], b["y"], b["w"], b["h"], [])
        else:
            cur[4].append(b)
    out.append(cur)
    return out


def check(path):
    screen, boxes = read(path)
    problems = []
    texts_all = [b for b in boxes if b["kind"] == "text"]
    sizes = []
    for vx, vy, W, H, vboxes in views(screen, boxes):
        check_view(vx, vy, W, H, vboxes, problems)
        if any(b["kind"] == "text" for b in vboxes):
            sizes.append((W, H))
    return screen, texts_all, problems, sizes


def check_view(vx, vy, W, H, boxes, problems):
    s = min(H / 1080, W / 1440)
    least = round(24 * s)
    where = "window" if (vx, vy) == (0, 0) else f"view at {vx},{vy}"
    layers, cur = [], []
    for b in boxes:
        if b["kind"] == "modal":
            layers.append(cur)
            cur = []
        else:
            cur.append(b)
    layers.append(cur)
    for b in boxes:
        if b["kind"] != "text":
            continue
        if b["x"] < vx or b["y"] < vy or b["x"] + b["w"] > vx + W or b["y"] + b["h"] > vy + H:
            problems.append(("screen", f"{name(b)} leaves the {W}x{H} {where}"))
        if b["px"] < least:
            problems.append(("size", f"{name(b)} is {b['px']} px, under {least} px"))
        words = english(b["text"]) if b["group"] != "record" else []
        if words:
            problems.append(("language", f"{name(b)} is in English ({' '.join(words[:4])})"))
    for b in boxes:
        if b["kind"] == "missing":
            problems.append(("glyphs", f"{name(b)} has {b['px']} characters its font lacks"))
    for layer in layers:
        texts = [b for b in layer if b["kind"] == "text"]
        arts = [b for b in layer if b["kind"] == "art"]
        panels = [b for b in layer if b["kind"] == "panel"]
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if (overlap(a, b) and not excepted("overlap", a, b) and
                        not hidden_between(a, b, panels)):
                    problems.append(("overlap", f"{name(a)} overlaps {name(b)}"))
            for c in arts:
                if overlap(a, c) and not excepted("on-art", a, c):
                    problems.append(("on-art", f"{name(a)} lies on {name(c)}"))
        for t in texts if FITS else []:
            cx, cy = t["x"] + t["w"] / 2, t["y"] + t["h"] / 2
            holders = [p for p in panels if p["i"] < t["i"] and holds(p, cx, cy)]
            if not holders:
                continue
            p = min(holders, key=lambda q: q["w"] * q["h"])
            if (t["x"] < p["x"] - 2 or t["x"] + t["w"] > p["x"] + p["w"] + 2 or
                    t["y"] < p["y"] - 2 or t["y"] + t["h"] > p["y"] + p["h"] + 2):
                problems.append(("fits", f"{name(t)} spills out of {name(p)}"))
        for p in panels:
            for b in texts + arts:
                if b["i"] < p["i"] and overlap(p, b) and not excepted("covered", p, b):
                    problems.append(("covered", f"{name(b)} is covered by {name(p)}"))


def main(argv):
    global FITS, LANG, ALLOW
    summary = "--summary" in argv
    FITS = "--fits" in argv
    if "--allow" in argv:
        ALLOW = set(argv[argv.index("--allow") + 1].split(","))
        argv = argv[:argv.index("--allow")] + argv[argv.index("--allow") + 2:]
    if "--lang" in argv:
        LANG = argv[argv.index("--lang") + 1]
        argv = argv[:argv.index("--lang")] + argv[argv.index("--lang") + 2:]
    files = [a for a in argv if a not in ("--summary", "--fits")]
    bad = 0
    for path in files:
        screen, texts, problems, sizes = check(path)
        smallest = min((b["px"] for b in texts), default=0)
        if summary:
            kinds = {}
            for k, _ in problems:
                kinds[k] = kinds.get(k, 0) + 1
            parts = sorted({f"{w}x{h}" for w, h in sizes if (w, h) != tuple(screen)})
            within = f" in views {' '.join(parts)}" if parts else ""
            print(f"{path}: {screen[0]}x{screen[1]} texts {len(texts)} smallest {smallest} px"
                  f"{within} problems {len(problems)} {kinds}")
        for k, msg in problems:
            print(f"{path}: {k}: {msg}")
        bad += len(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
