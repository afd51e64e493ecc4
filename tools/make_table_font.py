"""Write widgets/fonts/: the live table's font, DejaVu Sans cut down to the characters a table
draws (Latin, punctuation with the interrobang of "Everyone On Board‽", arrows, shapes, card
suits, stars) and renamed "Table Sans", as the DejaVu licence asks of a modified font.

The canvas then draws the same letters on every machine (the SVG pictures name DejaVu Sans and
fall back to the viewer's fonts). Source: matplotlib's copy of DejaVu Sans 2.x.
Usage: python tools/make_table_font.py   (needs matplotlib and fonttools)
"""

from __future__ import annotations

import shutil
from pathlib import Path

import matplotlib
from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "widgets" / "fonts"
SOURCE = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
FAMILY = "Table Sans"
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2190, 0x21FF),
          (0x2212, 0x2212), (0x25A0, 0x25FF), (0x2600, 0x26FF)]


def cut(source: str, target: str, style: str) -> None:
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]
    options.name_IDs = []  # names are set below
    font = TTFont(SOURCE / source)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[c for lo, hi in RANGES for c in range(lo, hi + 1)])
    sub.subset(font)
    names = font["name"]
    for pid, eid, lang in ((3, 1, 0x409), (1, 0, 0)):
        names.setName(FAMILY, 1, pid, eid, lang)
        names.setName(style, 2, pid, eid, lang)
        names.setName(f"{FAMILY} {style}", 4, pid, eid, lang)
        names.setName(f"{FAMILY.replace(' ', '')}-{style}", 6, pid, eid, lang)
        names.setName("A subset of DejaVu Sans, renamed; see LICENSE-DejaVu.txt", 10, pid, eid, lang)
    font.flavor = "woff"
    font.save(OUT / target)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    cut("DejaVuSans.ttf", "table-sans.woff", "Regular")
    cut("DejaVuSans-Bold.ttf", "table-sans-bold.woff", "Bold")
    shutil.copy(SOURCE / "LICENSE_DEJAVU", OUT / "LICENSE-DejaVu.txt")
    for f in sorted(OUT.iterdir()):
        print(f.relative_to(ROOT), f.stat().st_size)


if __name__ == "__main__":
    main()
