"""Traintopia's things in words, as the table shows them: a tile by its rails and what is on it
("curve (grey, landmark 2, money)"), a card by what it says, a track by its ends and length. The
ids of `data/*.json` ("M13", "O1", "R4", "t0r0") are drawn nowhere, so no text a player reads
names them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sandbox.traintopia.actions import piece_name
from sandbox.traintopia.components import LANDMARK_VALUE, OBJECTIVES, ROUND_CARDS, TILES, Tile
from sandbox.traintopia.geometry import Track

_STRAIGHT = ({0, 5}, {1, 4}, {2, 7}, {3, 6})  # ports on opposite edges, in line
_S_BEND = ({0, 4}, {1, 5}, {2, 6}, {3, 7})  # opposite edges, one cell over


def _shape(tile: Tile) -> str:
    if tile.set == "railhead":
        return "Railhead"
    if tile.station:
        return f"{tile.station} station"
    if not tile.rails:
        return "tile without rail"
    if len(tile.rails) > 1:
        return "two-rail tile"
    ports = set(tile.rails[0].ports)
    return "straight" if ports in _STRAIGHT else "S-bend" if ports in _S_BEND else "curve"


def _feature(feature: str) -> str:
    if feature in LANDMARK_VALUE:
        return f"landmark {LANDMARK_VALUE[feature]}"
    return feature


def tile_words(tile_id: str) -> str:
    """A tile by its rails and the features of its four cells, in reading order:
    "curve (mixed, landmark 1, money)"; the Railhead by name."""
    tile = TILES.get(tile_id)
    if tile is None:
        return str(tile_id)
    features = [_feature(f) for f in tile.cells if f]
    return _shape(tile) + (f" ({', '.join(features)})" if features and tile.set != "railhead" else "")


def tiles_words(tile_ids: Iterable[str], joint: str = " or ") -> str:
    """Tiles in words: "the curve (grey) or the straight (money)"."""
    ids = list(tile_ids)
    return joint.join(f"the {tile_words(t)}" for t in ids)


def item_words(item: str) -> str:
    """What the middle of the table holds: a tile in words, a wooden element by name."""
    return f"the {tile_words(item)}" if item in TILES else f"the {piece_name(item)}"


def objective_words(card: str) -> str:
    """An objective card by its name and VP: "Grand Tour (6 VP)"."""
    found = OBJECTIVES.get(card)
    return f"{found.name} ({found.vp} VP)" if found is not None else "an objective card"


def round_card_words(card: str, players: int) -> str:
    """A round card by what is on it: "tourist, commuter, train; 3 map tiles"."""
    found = ROUND_CARDS.get(card)
    if found is None:
        return "a round card"
    return f"{', '.join(found.elements)}; {found.tiles_for(players)} map tiles"


def _stations(track: Track) -> list[str]:
    return sorted(e.station for e in track.ends if e.kind == "station")


def track_words(track: Track, tracks: Sequence[Track] = ()) -> str:
    """A track by its length and stations ("the 3-tile track from the circle station", "the
    2-tile open track"), with a cell of its own when another of `tracks` would read the same."""
    stations = _stations(track)
    length = f"the {track.tiles}-tile"
    if len(stations) == 2:
        text = f"{length} track {stations[0]} – {stations[1]} station"
    elif stations:
        text = f"{length} track from the {stations[0]} station"
    else:
        text = f"{length} open track"
    twins = [t for t in tracks if t.name != track.name and track_words(t) == text]
    if twins:
        others = set().union(*(t.cells for t in twins))
        own = sorted(track.cells - others) or sorted(track.cells)
        text += f" at {own[0][0]},{own[0][1]}"
    return text
