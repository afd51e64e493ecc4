"""Write sandbox/traintopia/data/tiles.json: our reconstruction of Traintopia's 65 tiles.

None of the tiles was ever published where we could read it (shared/research/component-data.md
§3, component-data-2.md §2), so the 50 map tiles, 4 starting tiles, 10 bonus tiles and the
railhead are designed here, in the tables below, one row a tile. The script only expands the
rows into records and writes each record's reasoning (`why`); it uses no randomness, so running
it again writes the same file. The game reads the JSON, never this script: edit the rows and run
`python tools/make_traintopia_tiles.py` (it prints the tile mix), or replace the JSON outright.

Row notation. Cells (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) are four tokens:
`.` park, `gy` grey, `ye` yellow, `gn` green, `mx` mixed, `l1`/`l2`/`l3` a landmark worth 1-3,
`$` a money symbol, `st` the station's cell. A rail is `a-b/cells`: ports a and b (0-7
clockwise from the top edge of cell 0; `s` for the station) and the cells it runs through.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "sandbox" / "traintopia" / "data" / "tiles.json"

FEATURE = {".": "", "st": "", "gy": "grey", "ye": "yellow", "gn": "green", "mx": "mixed",
           "l1": "landmark1", "l2": "landmark2", "l3": "landmark3", "$": "money"}

# (kind of piece, rails, station "kind@cell" or "", cells)
MAP = [
    # 9 straights: the commonest piece, a track goes on in a line
    ("straight", "0-5/02", "", "gy . l2 $"),
    ("straight", "0-5/02", "", "ye l1 ye ."),
    ("straight", "0-5/02", "", "gn . gn $"),
    ("straight", "0-5/02", "", "gy . ye ."),
    ("straight", "0-5/02", "", "mx . gn l1"),
    ("straight", "0-5/02", "", "ye $ gy ."),
    ("straight", "0-5/02", "", "gn l2 . ."),
    ("straight", "0-5/02", "", "gy . gy ."),
    ("straight", "0-5/02", "", "ye . gn ."),
    # 8 curves: 4 tight (within one cell), 4 wide (over two cells)
    ("tight curve", "0-7/0", "", "gy l1 . ."),
    ("tight curve", "0-7/0", "", "ye . $ ."),
    ("tight curve", "0-7/0", "", "gn . . l1"),
    ("tight curve", "0-7/0", "", "mx l1 . $"),
    ("wide curve", "0-6/02", "", "gy . ye ."),
    ("wide curve", "0-6/02", "", "gn . gn ."),
    ("wide curve", "0-6/02", "", "ye . gy l3"),
    ("wide curve", "0-6/02", "", "gy . gn ."),
    # 6 S-bends: shift a track by half a tile (tiles may touch by half a side)
    ("S-bend", "0-4/023", "", "gy . ye gn"),
    ("S-bend", "0-4/013", "", "ye gn . gy"),
    ("S-bend", "0-4/023", "", "mx . gn ."),
    ("S-bend", "1-5/012", "", ". gn gy l2"),
    ("S-bend", "1-5/123", "", "$ gy . ye"),
    ("S-bend", "1-5/012", "", "gn ye gy ."),
    # 9 tiles with two rails: 3 parallel straights, 3 pairs of curves, 3 crossings
    ("parallel straights", "0-5/02 1-4/13", "", "gy ye gn $"),
    ("parallel straights", "0-5/02 1-4/13", "", "gn . mx ye"),
    ("parallel straights", "0-5/02 1-4/13", "", "ye gy . l3"),
    ("opposite curves", "0-7/0 3-4/3", "", "gy l1 . gn"),
    ("opposite curves", "0-7/0 3-4/3", "", "ye . l2 ye"),
    ("adjacent curves", "0-7/0 1-2/1", "", "gn gy . ."),
    ("crossing", "0-5/02 7-2/01", "", "gy gn ye ."),
    ("crossing", "0-5/02 7-2/01", "", "ye $ gn ."),
    ("crossing", "0-5/02 7-2/01", "", "mx gy . $"),
    # 3 tiles without a rail
    ("no rail", "", "", "l1 . l1 ."),
    ("no rail", "", "", "$ l1 . $"),
    ("no rail", "", "", "l1 $ . ."),
    # 15 station tiles, 5 per kind: a stub, two straights or a straight and a second bend, a bend,
    # a stub beside a through-rail
    ("station stub", "0-s/0", "circle@0", "st l1 . $"),
    ("station straight", "5-s/02", "circle@0", "st . gy ."),
    ("station straight", "5-s/02", "circle@0", "st $ ye ."),
    ("station bend", "4-s/023", "circle@0", "st . gn ye"),
    ("station stub and through-rail", "0-s/0 6-3/23", "circle@0", "st . mx gy"),
    ("station stub", "0-s/0", "square@0", "st . l1 $"),
    ("station straight", "5-s/02", "square@0", "st l1 ye ."),
    ("station straight", "5-s/02", "square@0", "st . gn ."),
    ("station bend", "3-s/013", "square@0", "st gy . gn"),
    ("station stub and through-rail", "0-s/0 6-3/23", "square@0", "st . ye mx"),
    ("station stub", "0-s/0", "diamond@0", "st l2 . ."),
    ("station bend", "4-s/023", "diamond@0", "st . ye gy"),
    ("station straight", "5-s/02", "diamond@0", "st l1 mx ."),
    ("station bend", "4-s/023", "diamond@0", "st . gy gn"),
    ("station stub and through-rail", "0-s/0 6-3/23", "diamond@0", "st . gn ye"),
]

START = [  # a station, one rail to an edge, a couple of features: "all slightly different"
    ("station straight", "5-s/02", "circle@0", "st . gy l1"),
    ("station straight", "5-s/02", "square@0", "st l1 ye ."),
    ("station straight", "5-s/02", "diamond@0", "st $ gn ."),
    ("station bend", "4-s/023", "circle@0", "st . mx $"),
]

BONUS = [  # each a little stronger than an average map tile: it costs a Money token
    ("station straight with money", "5-s/02", "circle@0", "st $ gy $"),
    ("straight beside a landmark worth 3", "0-5/02", "", "ye l3 ye ."),
    ("straight through two mixed districts", "0-5/02", "", "mx $ mx ."),
    ("parallel straights", "0-5/02 1-4/13", "", "gy gn ye l2"),
    ("station bend", "4-s/023", "square@0", "st l1 mx ye"),
    ("station bend", "3-s/013", "diamond@0", "st gn l2 gn"),
    ("S-bend through three districts", "0-4/023", "", "gy l2 gy mx"),
    ("crossing", "0-5/02 7-2/01", "", "mx ye gn l1"),
    ("opposite curves between landmarks", "0-7/0 3-4/3", "", "ye l3 l2 gn"),
    ("no rail", "", "", "l3 $ l2 ."),
]

RAILHEAD = ("railhead", "5-s/02", "railhead@0", "st . . .")

WHY = {
    "straight": "A straight through-rail, one of the 9 straights: the commonest piece, which "
                "extends a track in a line.",
    "tight curve": "A tight curve within one cell, one of 8 curves (4 tight, 4 wide): turns a "
                   "track so that networks can bend around each other and close on stations.",
    "wide curve": "A wide curve over two cells, one of 8 curves (4 tight, 4 wide): turns a track "
                  "while passing two cells' features.",
    "S-bend": "An S-bend, one of 6: shifts a track by half a tile, which the half-side placement "
              "rule ('at least half of one of its sides touches the side of another Tile') makes "
              "useful.",
    "parallel straights": "Two parallel straights, one of the 9 two-rail tiles: carries two tracks "
                          "side by side.",
    "opposite curves": "Two tight curves in opposite corners, one of the 9 two-rail tiles: turns "
                       "two tracks at once.",
    "adjacent curves": "Two tight curves in neighbouring corners, one of the 9 two-rail tiles.",
    "crossing": "Two rails crossing (they share cell 0), one of the 9 two-rail tiles: two "
                "tracks pass the same tile without joining.",
    "no rail": "No rail, one of 3 such tiles: 'You are also allowed to add new Tiles to your "
               "Network without extending an existing Track'. Its landmarks and money still count "
               "for tracks on neighbouring tiles (a Tourist's landmarks may be 'printed on "
               "neighbouring Tiles', diagonally too; a Train counts adjacent Money Tokens).",
    "station stub": "A station with a short rail straight out of its own cell, one of 15 station "
                    "tiles, 5 of each kind (circle, square, diamond): three kinds make finishing "
                    "with identical stations reachable but not automatic.",
    "station straight": "A station with a straight rail across the tile, one of 15 station tiles, "
                        "5 of each kind (circle, square, diamond).",
    "station bend": "A station whose rail bends to the far corner, one of 15 station tiles, 5 of "
                    "each kind (circle, square, diamond).",
    "station stub and through-rail": "A station with a short rail beside a separate through-rail, "
                                     "one of 15 station tiles, 5 of each kind: it can end one "
                                     "track and extend another.",
}

START_WHY = ("A starting tile: 'a starting train station and a combination of a few other potential "
             "features', the four 'all slightly different' (research, component-data-2.md §2.3). "
             "Kinds circle, square, diamond and circle again (four tiles, three kinds); each has "
             "one rail to an edge, one district and one landmark or money, so no seat starts "
             "much stronger.")
BONUS_WHY = ("A bonus tile, bought for 1 Money Token (rulebook, Purchase a Bonus Tile), so a little "
             "stronger than an average map tile: {here} cells with a district, landmark or money against "
             "{average:.1f} on an average map tile; the ten vary the kind of strength (stations, "
             "a 3-landmark, mixed districts, two rails, money).")
RAILHEAD_WHY = ("The rulebook: 'This Tile is a special Station you can add to any unfinished "
                "Track. As long as it does not overlap any other Tile, its placement is always "
                "considered correct.' Its own station kind (railhead), so it finishes a track with "
                "'different' stations; one rail from the station (cell 0) to the bottom edge "
                "(port 5), nothing else printed.")


def rails(spec: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for part in spec.split():
        ends, cells = part.split("/")
        a, b = ends.split("-")
        out.append({"ends": [int(a), "station" if b == "s" else int(b)],
                    "cells": sorted(int(c) for c in cells)})
    return out


def scoring(row: tuple[str, str, str, str]) -> int:
    """How many of a row's cells hold a district, landmark or money symbol."""
    return sum(t not in (".", "st") for t in row[3].split())


def features(cells: list[str]) -> str:
    """The features in words, for the reasoning."""
    names = [f"{c} (cell {i})" for i, c in enumerate(cells) if c]
    return ", ".join(names) if names else "none"


def record(tid: str, tset: str, row: tuple[str, str, str, str], why: str,
           then: str = "") -> dict[str, Any]:
    _, rail_spec, station, cell_spec = row
    tokens = cell_spec.split()
    assert len(tokens) == 4, (tid, cell_spec)
    cells = [FEATURE[t] for t in tokens]
    st = None
    if station:
        k, c = station.split("@")
        st = {"kind": k, "cell": int(c)}
        assert tokens[int(c)] == "st", tid
    rs = rails(rail_spec)
    on_rail = sorted({c for r in rs for c in r["cells"]})
    routes = "; ".join(f"Rail {r['ends'][0]}-{r['ends'][1]} through cells "
                       f"{', '.join(map(str, r['cells']))}" for r in rs) or "No rail"
    detail = (f" {routes}. Features: {features(cells)}; cells on a rail: "
              f"{', '.join(map(str, on_rail)) or 'none'}.")
    return {"id": tid, "set": tset, "cells": cells, "rails": rs, "station": st,
            "source": "reconstructed", "why": why + detail + then}


MIX_WHY = (" The mix over the 50 map tiles (15 station tiles, 9 straights, 8 curves, 6 S-bends, "
           "9 two-rail tiles, 3 without rail; {gy} grey, {ye} yellow, {gn} green and {mx} mixed "
           "districts, {l} landmarks ({l1} worth 1, {l2} worth 2, {l3} worth 3), {money} money "
           "symbols) is explained in docs/traintopia_components.md.")


def build() -> list[dict[str, Any]]:
    n = Counter(t for row in MAP for t in row[3].split())
    mix = MIX_WHY.format(gy=n["gy"], ye=n["ye"], gn=n["gn"], mx=n["mx"], l=n["l1"] + n["l2"] + n["l3"],
                         l1=n["l1"], l2=n["l2"], l3=n["l3"], money=n["$"])
    out = [record(f"M{i:02d}", "map", row, WHY[row[0]], mix) for i, row in enumerate(MAP, 1)]
    out += [record(f"S{i}", "start", row, START_WHY) for i, row in enumerate(START, 1)]
    average = sum(scoring(row) for row in MAP) / len(MAP)
    out += [record(f"B{i:02d}", "bonus", row,
                   BONUS_WHY.format(average=average, here=scoring(row)) + f" This one: {row[0]}.")
            for i, row in enumerate(BONUS, 1)]
    out.append(record("RH", "railhead", RAILHEAD, RAILHEAD_WHY))
    return out


def dump(doc: dict[str, Any]) -> str:
    """JSON with one line per field of a record, so that a tile reads at a glance."""
    lines = ["{", f'  "about": {json.dumps(doc["about"], ensure_ascii=False)},', '  "records": [']
    rows = doc["records"]
    assert isinstance(rows, list)
    for n, r in enumerate(rows):
        fields = [f'     "{k}": {json.dumps(v, ensure_ascii=False)}' for k, v in r.items()]
        lines.append("    {" + ",\n".join(fields)[5:] + ("}," if n < len(rows) - 1 else "}"))
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


ABOUT = ("Traintopia's tiles, all reconstructed (none was published where we could read it): 50 map, "
         "4 starting, 10 bonus tiles and the railhead. A tile is a square of 2 x 2 cells (0 top-left, "
         "1 top-right, 2 bottom-left, 3 bottom-right) with one feature each; a rail leaves at one of "
         "8 ports numbered clockwise from the top edge of cell 0, or ends at the tile's station. "
         "Written by tools/make_traintopia_tiles.py; see docs/traintopia_components.md.")


def main() -> None:
    records = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(dump({"about": ABOUT, "records": records}), encoding="utf-8")
    maps = [r for r in records if r["set"] == "map"]
    mix = Counter(row[0] for row in MAP)
    feats = Counter(c for r in maps for c in r["cells"])
    kinds = Counter(r["station"]["kind"] for r in maps if r["station"])
    print(f"wrote {OUT} ({len(records)} tiles)")
    print("pieces:", dict(mix))
    print("station kinds:", dict(kinds))
    print("features:", dict(sorted(feats.items())))


if __name__ == "__main__":
    main()
