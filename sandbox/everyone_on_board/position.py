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

Every field is checked, types included: a spec that could not arise in play is refused with a
ValueError that names the field and the rule it breaks (never a TypeError or KeyError). The table
built is then settled by the very code a played state goes through after every action
(`State._settle`): a turn that starts at the draw deals nothing by itself but waits for chance
(reshuffling an empty draw pile first), a player with no legal Move left skips it, and a schedule
already met ends the game. So a position never leaves a player a decision with no legal action.

Cards not placed anywhere make up the draw pile, unless the spec gives the pile itself ("deck"):
then every one of the 42 cards in play must be placed exactly once. The spec is plain JSON-able
data (keys may be numbers or their text), so a match started from it saves and loads like any
other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from sandbox.core.errors import InvalidNotation, quote
from sandbox.everyone_on_board import frames
from sandbox.everyone_on_board.cards import PLAY_DECK, Card
from sandbox.everyone_on_board.config import Config
from sandbox.everyone_on_board.model import Departure, Track, Train
from sandbox.everyone_on_board.state import HAND_SIZE, MOVES_PER_TURN, State

KEYS = ("player", "phase", "turn", "moves", "moved", "hands", "tracks", "discard", "deck", "gone")
TRACK_KEYS = ("platform", "train", "by", "aboard")
PHASES = ("draw", "move", "discard")
MAX_TRAIN_POINTS = 4 * sum(range(5, 11))
"""The most a train can score: every Passenger (5-10 of each suit) aboard [passenger.score]."""
MAX_TURN = 10**6


def _refuse(field: str, why: str, rule: str = "") -> ValueError:
    return ValueError(f"position {field}: {why}" + (f" [{rule}]" if rule else ""))


def _whole(value: Any, field: str, lo: int, hi: int, rule: str = "") -> int:
    """`value` as a whole number from lo to hi. Only dict keys may be digits as text (JSON
    writes them so); a value must be a number."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(field, f"a whole number from {lo} to {hi}, not {quote(value)} "
                             f"({type(value).__name__})", rule)
    if not lo <= value <= hi:
        raise _refuse(field, f"must be from {lo} to {hi}, not {value}", rule)
    return value


def _key(key: Any, field: str, lo: int, hi: int, rule: str) -> int:
    """A dict key naming a player or a track: a number, or its digits as text (JSON)."""
    if isinstance(key, str) and key.strip().isdigit() and len(key) <= 6:
        key = int(key)
    return _whole(key, field, lo, hi, rule)


def _mapping(value: Any, field: str, example: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _refuse(field, f"a dict like {example}, not {quote(value)} ({type(value).__name__})")
    return value


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    """Cards written as text ("7H QS") or a list of card texts (or Cards)."""
    if value is None:
        return ()
    if isinstance(value, str):
        value = value.split()
    elif not isinstance(value, (list, tuple)):
        raise _refuse(field, f"cards are written as text like '7H QS' or a list like ['7H', 'QS'], "
                             f"not {quote(value)} ({type(value).__name__})")
    if len(value) > len(PLAY_DECK):
        raise _refuse(field, f"{len(value)} cards, but only {len(PLAY_DECK)} are in play", "setup.deck")
    out = []
    for v in value:
        if isinstance(v, Card):
            card = v
        elif isinstance(v, str):
            try:
                card = Card.parse(v)
            except InvalidNotation as e:
                raise _refuse(field, e.violations[0].message, "setup.deck") from None
        else:
            raise _refuse(field, f"a card is written as text like '7H', not {quote(v)} "
                                 f"({type(v).__name__})")
        if card.is_hidden:
            raise _refuse(field, "?? is a face-down card: a position names every card", "setup.deck")
        if card not in PLAY_DECK and not card.is_train_card:
            raise _refuse(field, f"{quote(v)} is not one of the 54 cards", "setup.deck")
        if card.is_train_card:
            raise _refuse(field, f"{card} is not in play: 2s, 3s and 4s are set aside as Train Cards",
                          "setup.train-cards")
        out.append(card)
    return tuple(out)


def _held(cards: tuple[Card, ...], field: str) -> None:
    """Cards in a hand, on a platform or aboard: never an All Aboard! card."""
    for c in cards:
        if c.is_all_aboard:
            raise _refuse(field, f"{c} is an All Aboard! card: it goes from the deck to the discard "
                                 "pile only, never held or placed", "move.all-aboard")


def position(config: Config, spec: dict[str, Any]) -> State:
    """Build a state from a readable spec, settled as play would settle it; ValueError names
    the field and the rule a bad spec breaks.

    Keys (all optional):
      player   whose turn it is (default 1)
      phase    "draw" (the player draws to 5 next: chance decides), "move" (default) or
               "discard" (both Moves made: discards and the end of the turn are left)
      turn     the turn number (default 1)
      moves    Moves made this turn: 0 at "draw", 0 or 1 at "move" (default 0), 2 at "discard"
      moved    Passengers Moved this turn (now on a platform or aboard), at most `moves`
      hands    {player: "7H QS"}, at most 5 cards each
      tracks   {n: {"platform": "8H 9C", "train": "QH", "by": player, "aboard": "10H"}}
      discard  "AS 5D" (the last card on top)
      deck     the draw pile (default: every card placed nowhere else)
      gone     [[player, points], ...]: trains that already left, which make the scores
    """
    if not isinstance(spec, Mapping):
        raise _refuse("spec", f"a position is a dict of {', '.join(KEYS)}, not {quote(spec)} "
                              f"({type(spec).__name__})")
    if unknown := [k for k in spec if k not in KEYS]:
        raise _refuse("keys", f"unknown {', '.join(quote(k) for k in unknown[:5])}; a position "
                              f"may give {', '.join(KEYS)}")
    n, schedule = config.players, config.schedule
    player = _whole(spec.get("player", 1), "player", 1, n)
    phase = spec.get("phase", "move")
    if not isinstance(phase, str) or phase not in PHASES:
        raise _refuse("phase", f"a position starts at the player's 'draw', 'move' or 'discard', "
                               f"not {quote(phase)}", "turn.draw")
    turn = _whole(spec.get("turn", 1), "turn", 1, MAX_TURN)
    moves = _whole(spec.get("moves", MOVES_PER_TURN if phase == "discard" else 0), "moves", 0,
                   MOVES_PER_TURN, "turn.moves")
    need = {"draw": (0,), "move": tuple(range(MOVES_PER_TURN)), "discard": (MOVES_PER_TURN,)}[phase]
    if moves not in need:
        raise _refuse("moves", f"at '{phase}' the player has made {' or '.join(map(str, need))} "
                               f"Moves, not {moves} (a player with no Move left: write the 'move' "
                               "position, it skips them)", "turn.moves")

    placed: list[Card] = []
    hands: list[tuple[Card, ...]] = [()] * n
    for key, value in _mapping(spec.get("hands"), "hands", "{1: '7H QS'}").items():
        p = _key(key, "hands (a player)", 1, n, "")
        field = f"hands P{p}"
        hand = _cards(value, field)
        _held(hand, field)
        if len(hand) > HAND_SIZE:
            raise _refuse(field, f"{len(hand)} cards; a hand holds at most {HAND_SIZE}", "turn.draw")
        hands[p - 1] = tuple(sorted(hand))
        placed += hand

    tracks = [Track()] * config.tracks
    example = "{1: {'platform': '8H', 'train': 'QH', 'by': 1, 'aboard': '10H'}}"
    for key, t in _mapping(spec.get("tracks"), "tracks", example).items():
        k = _key(key, "tracks", 1, config.tracks, "setup.station")
        field = f"track {k}"
        t = _mapping(t, field, "{'platform': '8H', 'train': 'QH', 'by': 1, 'aboard': '10H'}")
        if unknown := [x for x in t if x not in TRACK_KEYS]:
            raise _refuse(field, f"unknown {', '.join(quote(x) for x in unknown[:5])}; a track "
                                 f"may give {', '.join(TRACK_KEYS)}")
        platform = _cards(t.get("platform"), f"{field} platform")
        aboard = _cards(t.get("aboard"), f"{field} aboard")
        _held(platform + aboard, field)
        for c in platform + aboard:
            if not c.is_passenger:
                raise _refuse(field, f"{c} is not a Passenger (5-10): only Passengers wait on a "
                                     "platform or ride a train", "move.passenger")
        train = None
        collector = _cards(t.get("train"), f"{field} train")
        if len(collector) > 1:
            raise _refuse(f"{field} train", "a train has one Ticket Collector, not "
                                            f"{len(collector)}", "move.collector-replace")
        if collector:
            (lead,) = collector
            if not lead.is_collector:
                raise _refuse(f"{field} train", f"{lead} cannot lead a train: only J, Q, K are "
                                                "Ticket Collectors", "collector.arrive")
            by = _whole(t.get("by", player), f"{field} by", 1, n, "collector.control")
            train = Train(lead, by, aboard)
            placed.append(lead)
        else:
            if aboard:
                raise _refuse(field, "passengers aboard but no train", "ruling.no-collector")
            if t.get("by") is not None:
                raise _refuse(f"{field} by", "names who controls a train, but there is no train "
                                             "on this track", "collector.control")
        placed += platform + aboard
        tracks[k - 1] = Track(tuple(sorted(platform)), train)

    discard = _cards(spec.get("discard"), "discard")
    placed += discard
    explicit = spec.get("deck") is not None
    pile = _cards(spec.get("deck"), "deck")
    placed += pile
    if dupes := sorted(c for c, k in Counter(placed).items() if k > 1):
        raise _refuse("cards", f"placed twice: {' '.join(c.notation for c in dupes)}", "setup.deck")
    seen = set(placed)
    if explicit:
        if missing := [c for c in PLAY_DECK if c not in seen]:
            shown = " ".join(c.notation for c in missing[:12]) + (" …" if len(missing) > 12 else "")
            raise _refuse("deck", f"{len(missing)} of the 42 cards in play are placed nowhere: "
                                  f"{shown} (with an explicit deck, every card goes somewhere: "
                                  "add them to 'deck' or 'discard')", "setup.deck")
    else:
        pile = tuple(c for c in PLAY_DECK if c not in seen)

    moved = _cards(spec.get("moved"), "moved")
    on_table = {c for t in tracks for c in t.platform} | {
        c for t in tracks if t.train for c in t.train.aboard}
    for c in moved:
        if c not in on_table:
            raise _refuse("moved", f"{c} is not on a platform or aboard a train, where a Passenger "
                                   "Moved this turn would be", "move.passenger-once")
    if len(set(moved)) != len(moved) or len(moved) > moves:
        raise _refuse("moved", f"{len(moved)} Passenger{'s' * (len(moved) != 1)} Moved (each "
                               f"once), but {moves} Move{'s' * (moves != 1)} made this turn",
                      "move.passenger-once")

    gone = spec.get("gone") or ()
    if not isinstance(gone, (list, tuple)):
        raise _refuse("gone", f"a list of [player, points] pairs, not {quote(gone)}")
    most = schedule + config.tracks - 1  # the last signal can take every train at once
    if len(gone) > most:
        raise _refuse("gone", f"{len(gone)} trains gone, but at most {most} can leave in a game "
                              f"with a schedule of {schedule} and {config.tracks} track"
                              f"{'s' * (config.tracks != 1)}", "ruling.schedule")
    departures = []
    for i, entry in enumerate(gone, 1):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise _refuse(f"gone #{i}", f"a [player, points] pair, not {quote(entry)}")
        who = _whole(entry[0], f"gone #{i} player", 1, n, "collector.control")
        points = _whole(entry[1], f"gone #{i} points", 0, MAX_TRAIN_POINTS, "passenger.score")
        departures.append(Departure(0, who, Card(0, "1"), (), points))
    scores = tuple(sum(d.points for d in departures if d.controller == p) for p in range(1, n + 1))

    stack = {"draw": frames.turn(player), "move": frames.at_move(player, moves),
             "discard": frames.discarding(player, moves)}[phase]
    state = State(config, stack, player, turn, tuple(hands), tuple(sorted(pile)), discard,
                  tuple(tracks), scores, tuple(departures), tuple(sorted(moved)))
    return state._settle([])
