"""Write a Traintopia position down and play on (or score) from it.

>>> from sandbox.traintopia.config import Config
>>> state = position(Config.make(2), {
...     "players": {1: {"tiles": [["S1", 0, 0, 0], ["M01", 0, 2, 0]], "vp": 4}},
...     "offer": ["M12", "M20", "tourist"],
... })
>>> state.pending.prompt
'P1: draft a tile or an element'

The spec is plain JSON-able data; the position is the start of `current`'s draft turn. Keys:

- `players` {seat: player spec}: `tiles` (the network in the order laid: [tile, x, y, turn],
  x, y the tile's top-left cell; the first is the starting tile, at 0, 0 unturned by default),
  `pieces` ([piece, track] in the order placed; a track by its name, "t0r0", in the network as
  written), `vp`, `objective` (a card id; default the first card no other seat holds),
  `money` (cells [x, y] whose money symbol holds a
  token; default every money symbol of the network). A seat left out has starting tile S<n>.
- `offer` (tiles and elements in the middle), `card` (this round's card, default the first
  unplayed), `round` (default 1), `starter` (default 1), `current` (default the starter),
  `bonus_tiles` (face up; default every bonus tile nobody laid), `rounds_left` (round cards
  still in the deck, default as many as a game of this size has left after `round`).

Every tile is laid as the rules allow (a tile that could not be laid there raises ValueError
naming the rule), every piece put where it may go; anything no game could reach is refused.
"""

from __future__ import annotations

from typing import Any, NoReturn

from sandbox.core.chance import Pile
from sandbox.core.decision import Frame
from sandbox.core.errors import quote
from sandbox.traintopia.actions import DRAFTED, PIECES
from sandbox.traintopia.components import (
    BONUS_TILES,
    MAP_TILES,
    OBJECTIVES,
    ROUND_CARDS,
    START_TILES,
    SUPPLY,
    TILES,
)
from sandbox.traintopia.config import Config
from sandbox.traintopia.geometry import Network, Placed
from sandbox.traintopia.model import LIMITED, MONEY_TOKENS, Seat
from sandbox.traintopia.state import State

KEYS = {"players", "offer", "card", "round", "starter", "current", "bonus_tiles", "rounds_left"}
PLAYER_KEYS = {"tiles", "pieces", "vp", "objective", "money"}


def _refuse(message: str) -> NoReturn:
    raise ValueError(message)


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _refuse(f"{what} is a whole number from {low} to {high}, not {quote(value)}")
    return value


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str):
        _refuse(f"{what} is named by its id (text), not {quote(value)}")
    return value


def _network(p: int, tiles: Any, used: set[str]) -> Network:
    if not isinstance(tiles, list) or not tiles:
        _refuse(f"P{p}'s tiles are a list of [tile, x, y, turn], the starting tile first")
    network = Network()
    for i, entry in enumerate(tiles):
        if not (isinstance(entry, (list, tuple)) and len(entry) == 4 and isinstance(entry[0], str)
                and entry[0] in TILES):
            _refuse(f"P{p}'s tile {i + 1} is [tile id, x, y, turn], not {quote(entry)}")
        tile = entry[0]
        x, y, turn = (_int(v, f"P{p}'s tile {tile} {k}", -99 if k != "turn" else 0, 99 if k != "turn" else 3)
                      for v, k in zip(entry[1:], ("x", "y", "turn")))
        if tile in used:
            _refuse(f"tile {tile} is laid twice (each tile is in the game once)")
        used.add(tile)
        kind = TILES[tile].set
        if (i == 0) != (kind == "start"):
            _refuse(f"P{p}'s network starts with its starting tile (S1-S4) and has one only "
                    "[setup.starting-tile]")
        placed = Placed(tile, x, y, turn)
        faults = network.faults(placed)
        if kind == "railhead":
            faults = [] if placed in network.railhead_placements(tile) else [
                ("bonus.railhead", "the Railhead goes against an open end of an unfinished track")]
        if faults:
            rule, why = faults[0]
            _refuse(f"P{p}'s tile {tile} cannot be at {x},{y} turned {turn * 90}°: {why} [{rule}]")
        network = network.with_tile(placed)
    return network


def _pieces(p: int, network: Network, pieces: Any) -> tuple[tuple[str, int, int], ...]:
    out: list[tuple[str, int, int]] = []
    if not isinstance(pieces, (list, tuple)):
        _refuse(f"P{p}'s pieces are a list of [piece, track], not {quote(pieces)}")
    for entry in pieces:
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and isinstance(entry[0], str)
                and entry[0] in PIECES):
            _refuse(f"P{p}'s piece is [piece, track] with a piece among {', '.join(PIECES)}, "
                    f"not {quote(entry)}")
        track = network.track(str(entry[1]))
        if track is None:
            names = ", ".join(t.name for t in network.tracks) or "none"
            _refuse(f"P{p} has no track {quote(entry[1])} (tracks: {names})")
        here = [q for q, t, r in out if network.track_of[(t, r)].name == track.name]
        if entry[0] in LIMITED and entry[0] in here:
            _refuse(f"track {track.name} of P{p} would hold two of {entry[0]}: one of each per track "
                    "[elements.commuter-limit]")
        out.append((entry[0], *track.rails[0]))
    return tuple(out)


def position(config: Config, spec: dict[str, Any]) -> State:
    """The state written in `spec` (see the module docstring); ValueError says what is wrong."""
    if not isinstance(spec, dict):
        _refuse(f"a position is a dict with keys among {', '.join(sorted(KEYS))}, not {quote(spec)}")
    if unknown := sorted(set(spec) - KEYS):
        _refuse(f"a position has no key {quote(unknown[0])}; its keys: {', '.join(sorted(KEYS))}")
    n = config.players
    players = spec.get("players", {}) or {}
    if not isinstance(players, dict):
        _refuse("players is {seat: {...}}")
    given = {}
    for key, value in players.items():
        seat = _int(int(key) if isinstance(key, str) and key.isdigit() else key, "a seat", 1, n)
        if not isinstance(value, dict) or set(value) - PLAYER_KEYS:
            _refuse(f"P{seat}'s spec is a dict with keys among {', '.join(sorted(PLAYER_KEYS))}")
        given[seat] = value
    used: set[str] = set()
    seats = []
    held_objectives = {v.get("objective") for v in given.values() if v.get("objective")}
    spare = iter(o for o in sorted(OBJECTIVES) if o not in held_objectives)
    money_total = 0
    for p in range(1, n + 1):
        own = given.get(p, {})
        network = _network(p, own.get("tiles", [[START_TILES[p - 1], 0, 0, 0]]), used)
        symbols = tuple(c for c in network.cells_with("money"))
        given_money = own.get("money", symbols)
        if not isinstance(given_money, (list, tuple)) or not all(
                isinstance(c, (list, tuple)) and len(c) == 2 and all(type(v) is int for v in c)
                for c in given_money):
            _refuse(f"P{p}'s money is a list of cells [x, y], not {quote(given_money)}")
        money = tuple(sorted({(c[0], c[1]) for c in given_money}))
        if not set(money) <= set(symbols):
            _refuse(f"P{p}'s money tokens must cover money symbols of the network ({symbols})")
        money_total += len(money)
        objective = _name(own.get("objective") or next(spare), f"P{p}'s objective")
        if objective not in OBJECTIVES:
            _refuse(f"{quote(objective)} is not an objective card ({', '.join(sorted(OBJECTIVES))})")
        vp = _int(own.get("vp", 0), f"P{p}'s vp", 0, 500)
        seats.append(Seat(network=network, pieces=_pieces(p, network, own.get("pieces", [])), money=money,
                          vp=vp, objective=objective))
    if money_total > MONEY_TOKENS:
        _refuse(f"there are {MONEY_TOKENS} money tokens, not {money_total} [components.money]")
    offer = spec.get("offer", [])
    if not isinstance(offer, list) or len(offer) < 2:
        _refuse("the offer is a list of at least 2 tiles and elements (a round ends at one left) "
                "[draft.turn]")
    for item in offer:
        _name(item, "an item in the middle")
        if item in TILES:
            if item in used or TILES[item].set != "map":
                _refuse(f"tile {item} cannot be in the middle: it is laid, or not a map tile")
            used.add(item)
        elif item not in DRAFTED:
            _refuse(f"{quote(item)} is not a map tile or a drafted element ({', '.join(DRAFTED)})")
    round_no = _int(spec.get("round", 1), "round", 1, 9)
    deck = 8 if n != 3 else 9
    if round_no > deck:
        _refuse(f"a {n}-player game has {deck} rounds, not {round_no} [setup.round-deck]")
    card = _name(spec.get("card", sorted(ROUND_CARDS)[round_no - 1]), "the round card")
    if card not in ROUND_CARDS:
        _refuse(f"{quote(card)} is not a round card ({', '.join(sorted(ROUND_CARDS))})")
    others = [c for c in sorted(ROUND_CARDS) if c != card]
    left = _int(spec.get("rounds_left", deck - round_no), "rounds_left", 0, deck - round_no)
    played = (*others[left:][:round_no - 1], card)
    starter = _int(spec.get("starter", 1), "starter", 1, n)
    current = _int(spec.get("current", starter), "current", 1, n)
    bonus = spec.get("bonus_tiles", [b for b in BONUS_TILES if b not in used])
    if not isinstance(bonus, list) or not all(isinstance(b, str) for b in bonus) \
            or len(set(bonus)) != len(bonus) or not set(bonus) <= set(BONUS_TILES) - used:
        _refuse("bonus tiles face up are bonus tiles nobody has laid")
    supply = (("mailbag", SUPPLY["mailbag"] - 1 - offer.count("mailbag")),
              ("tourist", SUPPLY["tourist"] - offer.count("tourist")),
              ("train", SUPPLY["train"] - 1 - offer.count("train")))
    bag = [c for c in ("grey", "yellow", "green")
           for _ in range(SUPPLY[f"commuter.{c}"] - offer.count(f"commuter.{c}"))]
    objectives = [o for o in sorted(OBJECTIVES) if o not in {s.objective for s in seats}]
    return State(config=config, seats=tuple(seats), frames=(Frame.make("turn", current),), phase="round",
                 round=round_no, starter=starter, current=current, offer=tuple(sorted(offer)), card=card,
                 rounds=Pile.of(others[:left]), tiles=Pile.of(t for t in MAP_TILES if t not in used),
                 starts=Pile.of(t for t in START_TILES if t not in used), objectives=Pile.of(objectives),
                 bag=Pile.of(bag), supply=supply, bonus_tiles=tuple(bonus),
                 money_left=MONEY_TOKENS - money_total, played=played)


EXAMPLES: tuple[dict[str, Any], ...] = (
    {"players": 2, "spec": {"players": {1: {"tiles": [["S1", 0, 0, 0], ["M01", 0, 2, 0]], "vp": 4}},
                            "offer": ["M12", "M20", "tourist"]}},
    {"players": 4, "spec": {"offer": ["M05", "commuter.grey", "train"], "round": 5, "starter": 3}},
)
"""Written positions the contract tests start from and mutate (`GameInfo.position_examples`)."""
