"""Write an Isle of Trains position down and play on (or score) from it.

>>> from sandbox.isle_of_trains.config import Config
>>> state = position(Config.make(2), {
...     "players": {1: {"train": ["E2", {"card": "H2", "loads": ["coal:H1", "coal:T1"]},
...                               {"card": "C1", "loads": ["passenger:BI"]}],
...                     "hand": "C1 X1", "buildings": ["BANK"], "supply": "AL",
...                     "islands": [{"island": "Billington's", "side": None}], "tokens": 10}},
... })
>>> [car.card for car in state.player(1).train], state.progress
(['E2', 'H2', 'C1'], 1)

The spec is plain JSON-able data. Top-level keys:

- `players` {seat: player spec}; a seat left out has only its Level 1 Engine [setup.engines].
- `current` (whose turn, default 1), `turn` (default 1), `actions_left` (default 2).
- `tickets` {code: tile id or {"tile": id, "filled": n or "BI BI"}}: the tile under each
  destination; unnamed tiles go in id order; `filled` defaults to the passengers the players
  `delivered` there.
- `progress`: checked against what moved it (islands taken, full ticket tiles) [progress.advance];
  computed when left out.
- `display` "C1 -- X1" ("--" or "" an empty slot; default all empty), `discard` (last on top).
- `deck`: the cards of the train deck (its order is unknown: any order). Left out, the deck is
  every card not placed. Written, the cards placed nowhere else go to the discard pile (in id
  order) when `discard` is left out, or out of the game when `discard` is written too
  (`State.removed`: counted with the rest, so all 71 cards are still accounted for). So
  `"deck": "", "discard": ""` sets up a train deck and discard pile that have run out
  [end.trigger-deck] without placing 71 cards by hand.
- `ending` "", "progress" or "deck"; `final_left` (final turns still to play, default all);
  `over` (the game has ended; `ending` is then worked out when left out).

A player spec: `train` [card or {"card": id, "loads": [load, ...]}], the engine first; `hand`,
`buildings`, `supply` (passengers beside the engine), `delivered` (passengers this player
placed on ticket tiles), as strings of codes or lists; `islands` [name or code, or {"island":
..., "side": null | 0 | 1}]; `tokens`; `progress_train`. A load is "coal:H1" (the card H1 loaded
as coal), "coal:H1:down" (loaded face down) or "passenger:BI" (a passenger for Billington's).

Cards not placed make the train deck (unless `deck` is written, see above) and passengers not
placed are in the bag. A position that no game could reach raises ValueError naming the rule it
breaks.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sandbox.core.errors import quote
from sandbox.core.words import plural
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.actions import CODE, DESTINATIONS
from sandbox.isle_of_trains.config import Config
from sandbox.isle_of_trains.model import Car, Held, Load, Player, Ticket, capacity, weight
from sandbox.isle_of_trains.solo import contract_rules, laid_out, scenario
from sandbox.isle_of_trains.state import ACTIONS, DISPLAY, HAND_LIMIT, State

CARDS = data.card_types()
PLAYER_KEYS = {"train", "hand", "buildings", "supply", "islands", "tokens", "delivered",
               "progress_train"}
KEYS = {"players", "current", "turn", "actions_left", "tickets", "progress", "display", "discard",
        "deck", "ending", "final_left", "over"}
PASSENGER_CODES = tuple(CODE[d.name] for d in data.destinations())


def _codes(value: Any, where: str = "codes") -> list[str]:
    """Codes written as one string ("C1 X1") or a list of strings."""
    if value is None:
        return []
    if isinstance(value, str):
        return value.split()
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ValueError(f"{where}: write codes as a string ('C1 X1') or a list of strings, not {quote(value)}")


def _dict(value: Any, where: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected a dict, not {quote(value)}")
    return value


def _list(value: Any, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{where}: expected a list, not {quote(value)}")
    return list(value)


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where}: expected a whole number, not {quote(value)}")
    return value


def _card(card: Any, where: str) -> str:
    if not isinstance(card, str) or card not in CARDS:
        raise ValueError(f"{where}: {quote(card)} is not a train card of this game [components]")
    return card


def _dest(code: Any, where: str) -> str:
    if not isinstance(code, str) or code not in PASSENGER_CODES:
        raise ValueError(f"{where}: {quote(code)} is not a destination with passengers "
                         f"({' '.join(PASSENGER_CODES)}) [setup.passengers]")
    return code


def _load(spec: Any, car: str, where: str) -> Load:
    """One load, checked against the car it is on [load.space] [load.cargo-type]."""
    if isinstance(spec, dict):
        kind, what, down = spec.get("kind"), spec.get("card") or spec.get("dest"), spec.get("face_down")
        if not isinstance(down, (bool, type(None))):
            raise ValueError(f"{where}: face_down is true or false, not {quote(down)}")
    else:
        parts = spec.split(":") if isinstance(spec, str) else []
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] != "down"):
            raise ValueError(f"{where}: a load is 'kind:card', 'kind:card:down' or "
                             f"'passenger:CODE', not {quote(spec)}")
        kind, what, down = parts[0], parts[1], len(parts) == 3
    t = CARDS[car]
    if kind == "passenger":
        if down:
            raise ValueError(f"{where}: only cargo is loaded face down [load.face-down]")
        if t.holds != "passenger":
            raise ValueError(f"{where}: {t.name} has no passenger space [load.space]")
        return Load("passenger", dest=_dest(what, where))
    if kind not in data.CARGO_TYPES and not (t.holds == "any" and kind == "any"):
        raise ValueError(f"{where}: {quote(kind)} is not a cargo type ({', '.join(data.CARGO_TYPES)}) "
                         "or passenger [load.space]")
    card = _card(what, where)
    icon = CARDS[card].cargo
    if t.holds == "any":  # Caboose 3: a card stored as the type it shows [ruling.caboose-3-goods]
        if down or kind != icon:
            raise ValueError(f"{where}: {t.name} stores {card} as the type it shows ({icon}), "
                             "never face down [ruling.caboose-3-goods]")
    elif t.holds != kind:
        raise ValueError(f"{where}: {t.name} holds {t.holds or 'nothing'}, not {kind} [load.space]")
    elif not down and icon not in (kind, "any"):
        raise ValueError(f"{where}: {card} shows {icon}; load it face down ('{kind}:{card}:down') "
                         f"to count as {kind} [load.cargo-type] [load.face-down]")
    return Load(kind, card=card, face_down=bool(down))


def _train(spec: Any, p: int) -> tuple[Car, ...]:
    cars = []
    for i, entry in enumerate(_list(spec, f"P{p}'s train"), 1):
        where = f"P{p}'s train card {i}"
        if isinstance(entry, dict):
            if unknown := set(entry) - {"card", "loads"}:
                raise ValueError(f"{where}: a car is {{'card': id, 'loads': [...]}}, not with "
                                 f"{sorted(map(str, unknown))}")
            card, loads = _card(entry.get("card"), where), _list(entry.get("loads"), f"{where}'s loads")
        elif isinstance(entry, str):
            card, loads = entry, []
        else:
            raise ValueError(f"{where}: a car is a card id or {{'card': id, 'loads': [...]}}, "
                             f"not {quote(entry)}")
        t = CARDS[_card(card, where)]
        if t.is_building:
            raise ValueError(f"{where}: {t.name} is a building, not a train car [build.from-hand]")
        if (t.category == "engine") != (i == 1):
            raise ValueError(f"{where}: a train has exactly 1 engine, and it comes first "
                             "[build.one-engine]")
        if len(loads) > t.spaces:
            raise ValueError(f"{where}: {t.name} has {plural(t.spaces, 'space')}, not {len(loads)} "
                             "[load.space]")
        cars.append(Car(card, tuple(_load(ld, card, where) for ld in loads)))
    if not cars:
        raise ValueError(f"P{p} has no engine: each player starts with a Level 1 Engine "
                         "[setup.engines]")
    train = tuple(cars)
    if weight(train) > capacity(train):
        raise ValueError(f"P{p}'s train weighs {weight(train)}, more than its engine capacity "
                         f"{capacity(train)} [build.capacity]")
    return train


def _island(spec: Any, islands: dict[str, data.Island], where: str) -> Held:
    name, side = (spec.get("island"), spec.get("side")) if isinstance(spec, dict) else (spec, None)
    if isinstance(name, str):
        name = DESTINATIONS.get(name, name)
    if not isinstance(name, str) or name not in islands:
        raise ValueError(f"{where}: {quote(name)} is not an island of this game "
                         f"({', '.join(islands)}) [setup.islands]")
    sides = range(len(islands[name].secondaries))
    if side is not None and (isinstance(side, bool) or not isinstance(side, int) or side not in sides):
        raise ValueError(f"{where}: {name} has secondary contracts {list(sides)}, not {quote(side)} "
                         "[deliver.secondary-flip]")
    return Held(name, side)


def _player(spec: dict[str, Any], p: int, islands: dict[str, data.Island], config: Config) -> Player:
    """One player's area. Solo chapters may allow more: any number of buildings (Chapters 2 and
    7 [scenario.no-building-limit]), island cards waiting beside the engine together (Chapter 8
    [ruling.chapter-8])."""
    chapter = scenario(config)
    spec = _dict(spec, f"P{p}")
    if unknown := set(spec) - PLAYER_KEYS:
        raise ValueError(f"P{p}: unknown keys {sorted(map(str, unknown))}; known: {sorted(PLAYER_KEYS)}")
    train = _train(spec.get("train", ["E1"]), p)
    hand = [_card(c, f"P{p}'s hand") for c in _codes(spec.get("hand"), f"P{p}'s hand")]
    built = [_card(c, f"P{p}'s buildings") for c in _codes(spec.get("buildings"), f"P{p}'s buildings")]
    for b in built:
        if not CARDS[b].is_building:
            raise ValueError(f"P{p}'s buildings: {CARDS[b].name} is not a building [build.from-hand]")
    allowed = 1 + sum(c.card == "K4" for c in train)
    if len(built) > allowed and not (chapter and chapter.unlimited_buildings):
        raise ValueError(f"P{p} has {len(built)} buildings; only {allowed} allowed "
                         "[build.one-building] [caboose.4]")
    where = f"P{p}'s islands"
    held = tuple(_island(h, islands, where) for h in _list(spec.get("islands"), where))
    if len({h.island for h in held}) < len(held):
        raise ValueError(f"P{p} holds the same island card twice [deliver.island-owner]")
    if sum(h.side is None for h in held) > 1 and not contract_rules(config).piles_up:
        raise ValueError(f"P{p} has more than one island card beside the engine "
                         "[deliver.primary-once]")
    tokens = spec.get("tokens", 0)
    if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 0:
        raise ValueError(f"P{p}'s VP tokens must be a whole number >= 0, not {quote(tokens)} "
                         "[ruling.vp-tokens]")
    progress_train = spec.get("progress_train", False)
    if not isinstance(progress_train, bool):
        raise ValueError(f"P{p}'s progress_train is true or false, not {quote(progress_train)}")
    supply = _codes(spec.get("supply"), f"P{p}'s supply")
    delivered = _codes(spec.get("delivered"), f"P{p}'s delivered passengers")
    return Player(
        hand=tuple(sorted(hand)),
        train=train,
        buildings=tuple(built),
        supply=tuple(sorted(_dest(d, f"P{p}'s supply") for d in supply)),
        islands=held,
        tokens=tokens,
        delivered=tuple(sorted(_dest(d, f"P{p}'s delivered passengers") for d in delivered)),
        progress_train=progress_train,
    )


def _tickets(spec: Any, players: list[Player]) -> tuple[Ticket, ...]:
    spec = dict(_dict(spec, "tickets"))
    if unknown := set(spec) - set(PASSENGER_CODES):
        raise ValueError(f"tickets: {sorted(map(str, unknown))} are not destinations with a ticket tile "
                         "[setup.tickets]")
    delivered = Counter(d for pl in players for d in pl.delivered)
    given = {code: (v if isinstance(v, dict) else {"tile": v}) for code, v in spec.items()}
    ids = [t.id for t in data.ticket_tiles()]
    for code, v in given.items():
        if unknown := set(v) - {"tile", "filled"}:
            raise ValueError(f"tickets: {code} is a tile id or {{'tile': id, 'filled': n}}, not with "
                             f"{sorted(map(str, unknown))}")
    named = [v["tile"] for v in given.values() if v.get("tile") is not None]
    if any(isinstance(t, bool) or t not in ids for t in named) or len(set(named)) != len(named):
        raise ValueError(f"tickets: each destination has one of the tiles {ids}, each used once, "
                         f"not {quote(named)} [setup.tickets]")
    spare = iter(t for t in ids if t not in named)
    out = []
    for code in PASSENGER_CODES:
        v = given.get(code, {})
        tile = v["tile"] if v.get("tile") is not None else next(spare)
        filled = v.get("filled", delivered[code])
        if isinstance(filled, int) and not isinstance(filled, bool) and 0 <= filled <= 3:
            filled = [code] * filled
        elif isinstance(filled, (str, list, tuple)):
            filled = _codes(filled, f"tickets: {code}'s filled spaces")
        else:
            raise ValueError(f"tickets: {code}'s filled spaces are 0-3 or passenger codes, "
                             f"not {quote(filled)}")
        if any(f != code for f in filled):
            raise ValueError(f"tickets: only passengers for {DESTINATIONS[code]} go on its ticket "
                             "tile [deliver.ticket]")
        if len(filled) > 3:
            raise ValueError(f"tickets: the {DESTINATIONS[code]} tile has 3 spaces, not "
                             f"{len(filled)} [deliver.ticket-leftmost]")
        if len(filled) != delivered[code]:
            raise ValueError(f"tickets: {plural(len(filled), 'passenger')} on the "
                             f"{DESTINATIONS[code]} tile but the players delivered {delivered[code]} "
                             "there [deliver.ticket]")
        out.append(Ticket(code, tile, tuple(filled)))
    return tuple(out)


def position(config: Config, spec: dict[str, Any]) -> State:
    """Build a state from a readable spec; ValueError names the rule a bad spec breaks."""
    spec = _dict(spec, "position")
    if unknown := set(spec) - KEYS:
        raise ValueError(f"unknown position keys {sorted(map(str, unknown))}; known: {sorted(KEYS)}")
    n = config.players
    laid = set(laid_out(config))
    islands = {i.name: i for i in data.all_islands() if i.name in laid}
    specs: dict[int, dict[str, Any]] = {}
    for key, value in _dict(spec.get("players"), "players").items():
        p = int(key) if isinstance(key, str) and key.isdigit() else key
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= n:
            raise ValueError(f"players: there is no P{quote(key)} in a {n}-player game")
        if p in specs:
            raise ValueError(f"players: P{p} is written twice")
        specs[p] = value
    players = [_player(specs.get(p, {}), p, islands, config) for p in range(1, n + 1)]

    current = _int(spec.get("current", 1), "current")
    if not 1 <= current <= n:
        raise ValueError(f"current: there is no P{current} in a {n}-player game")
    over = spec.get("over", False)
    if not isinstance(over, bool):
        raise ValueError(f"over is true or false, not {quote(over)}")
    actions_left = _int(spec.get("actions_left", ACTIONS), "actions_left")
    if not over and not 1 <= actions_left <= ACTIONS:
        raise ValueError(f"actions_left: a turn has {ACTIONS} actions, so 1-{ACTIONS} are left "
                         "[turn.two-actions]")
    for p, pl in enumerate(players, 1):
        if len(pl.hand) > HAND_LIMIT and (over or p != current):
            raise ValueError(f"P{p} holds {len(pl.hand)} cards; a turn ends with at most "
                             f"{HAND_LIMIT} [end.hand-limit]")

    owners: dict[str, int] = {}
    for p, pl in enumerate(players, 1):
        for h in pl.islands:
            if h.island in owners:
                raise ValueError(f"{h.island} is held by P{owners[h.island]} and P{p}: only one "
                                 "player takes an island card [deliver.island-owner]")
            owners[h.island] = p
    tickets = _tickets(spec.get("tickets"), players)

    shown = _codes(spec.get("display"), "display")
    display = [("" if c in ("", "--") else _card(c, "display")) for c in shown]
    if len(display) > DISPLAY:
        raise ValueError(f"display: {DISPLAY} face-up cards at most, not {len(display)} [setup.deal]")
    display += [""] * (DISPLAY - len(display))
    discard = [_card(c, "discard") for c in _codes(spec.get("discard"), "discard")]
    written_deck = "deck" in spec
    deck_cards = [_card(c, "deck") for c in _codes(spec.get("deck"), "deck")]

    placed = Counter(display) + Counter(discard) + Counter(deck_cards)
    passengers: Counter[str] = Counter(t for tk in tickets for t in tk.filled)
    for pl in players:
        placed.update([*pl.hand, *pl.buildings])
        placed.update(c.card for c in pl.train)
        placed.update(ld.card for c in pl.train for ld in c.loads if ld.card)
        passengers.update(pl.supply)
        passengers.update(ld.dest for c in pl.train for ld in c.loads if ld.kind == "passenger")
    del placed[""]
    full = Counter(data.deck())
    too_many = [f"{c} x{k} (the game has {full[c]})" for c, k in sorted(placed.items()) if k > full[c]]
    if too_many:
        raise ValueError(f"more cards placed than the deck holds: {', '.join(too_many)} [components]")
    full_bag = Counter(CODE[name] for name in data.passengers())
    too_many = [f"{d} x{k}" for d, k in sorted(passengers.items()) if k > full_bag[d]]
    if too_many:
        raise ValueError(f"more passengers placed than there are ({', '.join(too_many)}; 3 per "
                         "destination) [components]")
    rest = tuple(sorted((full - placed).elements()))
    removed: tuple[str, ...] = ()
    if not written_deck:
        deck = rest
    else:
        deck = tuple(sorted(deck_cards))
        if "discard" in spec:
            removed = rest
        else:
            discard = list(rest)
    bag = tuple(sorted((full_bag - passengers).elements()))

    moved = sum(len(pl.islands) for pl in players) + sum(len(t.filled) == 3 for t in tickets)
    progress = min(data.progress_length(), moved) if n > 1 else 0  # solo: no track [solo.no-progress]
    if n == 1:
        return _solo(config, spec, players, deck, discard, display, bag, islands, owners, tickets, removed,
                     actions_left, over)
    if "progress" in spec and (isinstance(spec["progress"], bool) or spec["progress"] != progress):
        raise ValueError(f"progress: the progress train is on space {progress} (one space per "
                         f"island card taken and per full ticket tile), not {quote(spec['progress'])} "
                         "[progress.advance]")
    end = data.end_space(n)
    holders = [p for p, pl in enumerate(players, 1) if pl.progress_train]
    ending = spec.get("ending", "")
    if not isinstance(ending, str) or ending not in ("", "progress", "deck"):
        raise ValueError(f"ending is '', 'progress' or 'deck', not {quote(ending)} [end.check]")
    if over and not ending:
        ending = "progress" if progress >= end else "deck" if not deck and not discard else ""
        if not ending:
            raise ValueError("over: the game ends only after the progress train reaches space "
                             f"{end} or the deck and discard pile run out [end.check]")
    if ending not in ("", "progress", "deck"):
        raise ValueError(f"ending is '', 'progress' or 'deck', not {ending!r} [end.check]")
    if ending == "progress" and progress < end:
        raise ValueError(f"ending 'progress': the progress train is on space {progress}, not yet "
                         f"{end} [end.trigger-progress]")
    if len(holders) > 1:
        raise ValueError(f"{_names(holders)} all hold the one progress train [setup.progress]")
    if holders and progress < end:
        raise ValueError(f"P{holders[0]} holds the progress train, which is taken only on space "
                         f"{end} [end.trigger-progress]")
    if holders and not ending:
        raise ValueError(f"P{holders[0]} holds the progress train but the end has not been "
                         "triggered [end.final-turns]")
    if ending == "progress" and not holders:
        raise ValueError("ending 'progress': the active player took the progress train "
                         "[end.final-turns]")
    final_left = 0 if over or not ending else _int(spec.get("final_left", n), "final_left")
    if ending and not over and not 1 <= final_left <= n:
        raise ValueError(f"final_left: 1-{n} final turns are left once the end is triggered "
                         "[end.final-turns]")

    turn = _int(spec.get("turn", 1), "turn")
    if turn < 1:
        raise ValueError(f"turn: turns count from 1, not {turn} [turn.next]")
    return State(
        config, tuple(players), deck, tuple(discard), tuple(display), bag,
        tuple(name for name in islands if name not in owners), tickets, progress=progress,
        current=current, turn=turn, actions_left=actions_left, removed=removed,
        ending=ending, final_left=final_left, over=over,
    )


def _solo(config: Config, spec: dict[str, Any], players: list[Player], deck: tuple[str, ...],
          discard: list[str], display: list[str], bag: tuple[str, ...], islands: dict[str, Any],
          owners: dict[str, int], tickets: tuple[Ticket, ...], removed: tuple[str, ...], actions_left: int,
          over: bool) -> State:
    """A solo position: no progress track, and written in play (a solo game ends by itself)."""
    if spec.get("progress", 0) != 0:
        raise ValueError("progress: the solo mode does not use the progress track [solo.no-progress]")
    if over or spec.get("ending") or spec.get("final_left") or players[0].progress_train:
        raise ValueError("a solo position is written in play: its end comes with the empty deck or the "
                         "objective [solo.end] [scenario.win]")
    if not deck:
        raise ValueError("deck: a solo game ends when the train deck is empty; write a position with "
                         "cards left in it [solo.end]")
    turn = _int(spec.get("turn", 1), "turn")
    if turn < 1:
        raise ValueError(f"turn: days count from 1, not {turn} [solo.day]")
    return State(config, tuple(players), deck, tuple(discard), tuple(display), bag,
                 tuple(name for name in islands if name not in owners), tickets, turn=turn,
                 actions_left=actions_left, removed=removed)


EXAMPLES: tuple[dict[str, Any], ...] = (
    {"players": 2, "spec": {
        "players": {1: {"train": ["E2", {"card": "H2", "loads": ["coal:H1", "coal:T1"]},
                                  {"card": "C1", "loads": ["passenger:BI"]}],
                        "hand": "C1 X1", "buildings": ["BANK"], "supply": "AL",
                        "islands": [{"island": "Billington's", "side": None}], "tokens": 10}},
        "display": "C2 -- X3", "discard": "T2", "tickets": {"BI": {"tile": 3, "filled": 0}}}},
    {"players": 4, "spec": {
        "players": {"2": {"train": ["E3", "K4", {"card": "X2", "loads": ["box:X1:down"]}],
                          "hand": ["T1"], "buildings": "GRAND TOWN", "delivered": "CE"}},
        "current": 2, "actions_left": 1, "tickets": {"CE": 4}}},
)
"""Written positions the contract tests start from and mutate (`GameInfo.position_examples`)."""


def _names(players: list[int]) -> str:
    return " and ".join(f"P{p}" for p in players)
