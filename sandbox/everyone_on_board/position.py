"""Write a position down and play on from it: for what-ifs, tutorials and tests.

>>> from sandbox.everyone_on_board.config import Config
>>> state = position(Config.make(2), {
...     "player": 1,
...     "hands": {1: "7H 9H QS", 2: "5C 6C"},
...     "tracks": {1: {"platform": "8H", "train": "QH", "by": 2, "aboard": "10H"}},
...     "gone": [[1, 12]],
... })
>>> print(state.tracks[0].train)
Train(collector=Card(rank=12, suit='H'), controller=2, aboard=(Card(rank=10, suit='H'),))

Cards not placed anywhere make up the draw pile. The spec is plain JSON-able data, so a match
started from it saves and loads like any other.
"""

from __future__ import annotations

from typing import Any

from sandbox.everyone_on_board.cards import PLAY_DECK, Card
from sandbox.everyone_on_board.config import Config
from sandbox.everyone_on_board.state import HAND_SIZE, MOVES_PER_TURN, Departure, State, Track, Train


def _cards(value: Any) -> tuple[Card, ...]:
    if isinstance(value, str):
        value = value.split()
    return tuple(Card.parse(v) if isinstance(v, str) else v for v in value or ())


def _by_player(data: dict[Any, Any] | None, players: int, what: str) -> dict[int, Any]:
    out = {}
    for key, value in (data or {}).items():
        p = int(key)
        if not 1 <= p <= players:
            raise ValueError(f"{what}: there is no player {p} in a {players}-player game")
        out[p] = value
    return out


def position(config: Config, spec: dict[str, Any]) -> State:
    """Build a state from a readable spec; ValueError names the rule a bad spec breaks.

    Keys: player (whose turn, default 1), phase ("move" or "discard"), moves (Moves made this
    turn), turn, hands {player: "7H QS"}, tracks {n: {"platform": "...", "train": "QH", "by": p,
    "aboard": "..."}}, discard "..." (last on top), gone [[player, points], ...] (trains that
    already left, which make the scores)."""
    known = {"player", "phase", "moves", "turn", "hands", "tracks", "discard", "gone"}
    if unknown := set(spec) - known:
        raise ValueError(f"unknown position keys {sorted(unknown)}; known: {sorted(known)}")
    n = config.players
    player = int(spec.get("player", 1))
    if not 1 <= player <= n:
        raise ValueError(f"player {player} is not in a {n}-player game")
    phase = spec.get("phase", "move")
    if phase not in ("move", "discard"):
        raise ValueError(f"a position starts at a player's 'move' or 'discard' decision, not {phase!r}")
    moves = int(spec.get("moves", 0 if phase == "move" else MOVES_PER_TURN))
    if not 0 <= moves <= MOVES_PER_TURN or (phase == "move" and moves == MOVES_PER_TURN):
        raise ValueError(f"moves made this turn must be 0-{MOVES_PER_TURN - 1} when moving [turn.moves]")
    placed: list[Card] = []
    hands = [()] * n
    for p, cards in _by_player(spec.get("hands"), n, "hands").items():
        hand = _cards(cards)
        if len(hand) > HAND_SIZE:
            raise ValueError(f"P{p} holds {len(hand)} cards; a hand is at most {HAND_SIZE} [turn.draw]")
        hands[p - 1] = tuple(sorted(hand))
        placed += hand
    tracks = [Track()] * config.tracks
    for key, t in (spec.get("tracks") or {}).items():
        k = int(key)
        if not 1 <= k <= config.tracks:
            raise ValueError(f"the station has {config.tracks} tracks; there is no track {k} [setup.station]")
        platform = _cards(t.get("platform"))
        aboard = _cards(t.get("aboard"))
        train = None
        if t.get("train"):
            (collector,) = _cards(t["train"])
            if not collector.is_collector:
                raise ValueError(f"{collector} cannot lead a train: only J, Q, K are Ticket Collectors")
            by = int(t.get("by", player))
            if not 1 <= by <= n:
                raise ValueError(f"track {k}: there is no player {by}")
            train = Train(collector, by, aboard)
            placed.append(collector)
        elif aboard:
            raise ValueError(f"track {k} has passengers aboard but no train [ruling.no-collector]")
        for c in platform + aboard:
            if not c.is_passenger:
                raise ValueError(f"{c} is not a Passenger (5-10) and cannot wait or ride [move.passenger]")
        placed += platform + aboard
        tracks[k - 1] = Track(tuple(sorted(platform)), train)
    discard = _cards(spec.get("discard"))
    placed += discard
    for c in placed:
        if c.is_train_card or c.is_hidden:
            raise ValueError(f"{c} is not in play: 2s, 3s and 4s are set aside [setup.train-cards]")
        if c.is_all_aboard and c not in discard:
            raise ValueError(f"{c} is an All Aboard! card: never held or placed [move.all-aboard]")
    dupes = sorted({str(c) for c in placed if placed.count(c) > 1})
    if dupes:
        raise ValueError(f"cards placed twice: {' '.join(dupes)} [setup.deck]")
    departures = []
    for who, points in spec.get("gone") or ():
        departures.append(Departure(0, int(who), Card(0, "1"), (), int(points)))
    scores = tuple(sum(d.points for d in departures if d.controller == p) for p in range(1, n + 1))
    deck = tuple(c for c in PLAY_DECK if c not in placed)
    return State(config, phase, player, int(spec.get("turn", 1)), tuple(hands), deck, discard,
                 tuple(tracks), scores, tuple(departures), moves)
