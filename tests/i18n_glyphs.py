#!/usr/bin/env python3
"""i18n_glyphs: every string of every catalog (po/LANG.po, and the English texts themselves) is
drawn without a missing glyph ("tofu") by the font the game picks for it.

The game's rule (src/app/ui_gfx.c): a text every character of which its face of Roboto (the
bundled regular, bold and display faces) has is drawn with it; any other with Noto Sans CJK
(fonts-noto-cjk; regular for the regular face, bold for the others), the collection's
Simplified face (index 2) for zh_CN and English and Spanish, the Traditional one (3) for zh_TW.
This test reads the fonts' character maps with fontTools, independently of SDL_ttf, and asserts
that the chosen font maps every character of every string in each of the three faces; the
languages' own names (the language button) too.

usage: i18n_glyphs.py PO_DIR FONTS_DIR   exit 77 (skipped) without fontTools or the CJK font,
outside CI
"""
import os
import re
import sys

CJK_DIR = "/usr/share/fonts/opentype/noto"


def skip(why):
    if os.environ.get("CI"):
        print(f"FAIL: {why} (scripts/deps.sh installs it)")
        sys.exit(1)
    print(f"SKIP: {why}")
    sys.exit(77)


try:
    from fontTools.ttLib import TTCollection, TTFont
except ImportError:
    # a Python of its own (pyenv) first on the PATH: Debian's has python3-fonttools
    if os.path.exists("/usr/bin/python3") and sys.executable != "/usr/bin/python3":
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    skip("fontTools (python3-fonttools) is not installed")


def po_strings(path):
    """The translations of a catalog (every plural form), and its msgids."""
    text = open(path, encoding="utf-8").read()
    out, ids = [], []
    for entry in text.split("\n\n"):
        if entry.lstrip().startswith("#~"):
            continue  # obsolete
        fields = {}
        key = None
        for line in entry.splitlines():
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', line)
            if m:
                key = m.group(1)
                fields[key] = m.group(2)
            elif line.startswith('"') and key:
                fields[key] += line[1:-1]
        if fields.get("msgid", "") == "":
            continue  # the header
        esc = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
        un = lambda s: re.sub(r'\\(.)', lambda m: esc.get(m.group(1), m.group(1)), s)
        ids.append(un(fields["msgid"]))
        if "msgid_plural" in fields:
            ids.append(un(fields["msgid_plural"]))
        out += [un(v) for k, v in fields.items() if k.startswith("msgstr") and v]
    return out, ids


def cmap_of(font):
    return set(font.getBestCmap().keys())


def main(po_dir, fonts_dir):
    regular = os.path.join(CJK_DIR, "NotoSansCJK-Regular.ttc")
    bold = os.path.join(CJK_DIR, "NotoSansCJK-Bold.ttc")
    if not os.path.exists(regular) or not os.path.exists(bold):
        skip("the CJK font (fonts-noto-cjk) is not installed")
    names = {"regular": ["Condensed-Regular.ttf", "Regular.ttf"],
             "bold": ["Condensed-Bold.ttf", "Bold.ttf"], "display": ["Black.ttf"]}
    files = sorted(os.listdir(fonts_dir))
    latin = {}
    for face, want in names.items():
        path = next((os.path.join(fonts_dir, f) for w in want for f in files if f.endswith(w)),
                    None)
        if not path:
            print(f"FAIL: no {face} face in {fonts_dir}")
            return 1
        latin[face] = cmap_of(TTFont(path, lazy=True))
    cjk = {}
    for weight, path in (("regular", regular), ("bold", bold)):
        coll = TTCollection(path, lazy=True)
        cjk[(weight, 2)] = cmap_of(coll.fonts[2])  # Noto Sans CJK SC
        cjk[(weight, 3)] = cmap_of(coll.fonts[3])  # Noto Sans CJK TC
    catalogs = {}
    english = set()
    for f in sorted(os.listdir(po_dir)):
        if f.endswith(".po"):
            tr, ids = po_strings(os.path.join(po_dir, f))
            catalogs[f[:-3]] = tr
            english.update(ids)
    if set(catalogs) < {"zh_CN", "zh_TW", "es"}:
        print(f"FAIL: the catalogs are {sorted(catalogs)}, not zh_CN, zh_TW and es")
        return 1
    catalogs["en"] = sorted(english)
    # the language button shows each language's name in itself, whatever the language
    native = ["English", "\u7b80\u4f53\u4e2d\u6587", "\u7e41\u9ad4\u4e2d\u6587", "Espa\u00f1ol"]
    problems = 0
    # the check itself: a character no font here has (a private-use one) is found missing
    if 0xE000 in latin["regular"] or 0xE000 in cjk[("regular", 2)]:
        print("FAIL: U+E000 should be in no font: the character maps were not read")
        return 1
    for lang, strings in sorted(catalogs.items()):
        index = 3 if lang == "zh_TW" else 2
        chars = set()
        if lang.startswith("zh") and all({ord(c) for c in s} <= latin["regular"] for s in strings):
            print(f"FAIL: {lang}: no string needs the CJK font: the catalog is not Chinese")
            problems += 1
        for s in strings + native:
            cps = {ord(c) for c in s if ord(c) >= 0x20}
            chars |= cps
            for face in ("regular", "bold", "display"):
                if cps <= latin[face]:
                    continue
                weight = "regular" if face == "regular" else "bold"
                lack = cps - cjk[(weight, index)]
                if lack:
                    problems += 1
                    shown = "".join(chr(c) for c in sorted(lack))
                    print(f"FAIL: {lang}: {s!r} ({face}): no glyph for {shown!r}")
        print(f"{lang}: {len(strings)} strings, {len(chars)} distinct characters, every glyph "
              f"drawn" if not problems else f"{lang}: {len(strings)} strings")
    print(f"{0 if problems else 1} passed, {1 if problems else 0} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
