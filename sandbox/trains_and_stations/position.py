"""Write a Trains & Stations position down and play on (or score) from it.

>>> from sandbox.trains_and_stations.config import Config
>>> state = position(Config.make(3), {
...     "players": {1: {"coins": 4, "saved": "hotel hotel", "goods": "cattle cattle coal"}},
...     "board": {"s1": "2", "s2": "B"}, "buildings": {"seattle": "1:ranch"},
... })
>>> state.pending.prompt
'P1: gather your dice and roll (or reclaim your dice from the board)'

The spec is plain JSON-able data; the position is the start of `current`'s turn (Step 1).
Top-level keys:

- `players` {seat: player spec}: `coins` (0-5), `vp` (VP cards), `saved` (faces saved last
  turn: "hotel hotel" or a list), `bonus` (bonus dice held), `goods` ("cattle coal" or a list or
  {good: n}), `power` (power card ids held), `missions` (power card ids revealed). A seat left
  out is as at setup, with no power cards.
- `board` {route space: die}: a die is "2" (P2's Train), "2L" (P2's Locked Train), "B" or "BL"
  (a bonus die). No route may be complete: its delivery would have taken the dice back.
- `buildings` {city: "1:ranch 2:mine" or [[1, "ranch"], ...]}, in the order built.
- `stacks` {building: [good, cards left]} (default: each building's first good, the cards no
  player holds);
  `["", 0]` is a space left empty for good. `used` lists the goods that entered play (default:
  the stacks' goods, the ones they came through, and any good a player holds).
- `current` (whose turn, default 1), `turn` (default 1), `vp_stack` (default: the stacks' VP less
  every VP card the players hold), `ending` (the VP stacks ran out: the round is the last).

The power cards nobody holds make the face-down stack; the bonus dice nobody holds or placed
are in the pool. A position no game could reach raises ValueError naming the rule it breaks.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

from sandbox.core.decision import Frame
from sandbox.core.errors import quote
from sandbox.core.words import plural
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations.actions import BUILDINGS, GOODS
from sandbox.trains_and_stations.config import Config
from sandbox.trains_and_stations.model import (
    BONUS_DICE,
    BUILDINGS_EACH,
    COINS_MAX,
    DICE_EACH,
    ROLL_UP_TO,
    SAVEABLE,
    START_GOODS,
    Seat,
)
from sandbox.trains_and_stations.state import State

KEYS = {"players", "board", "buildings", "stacks", "used", "current", "turn", "vp_stack", "ending"}
PLAYER_KEYS = {"coins", "vp", "saved", "bonus", "goods", "power", "missions"}
CODES = {f"{p}{lock}" for p in ("1", "2", "3", "4", "5", "B") for lock in ("", "L")}


class _Refused(ValueError):
    pass


def _fail(rule: str, text: str) -> NoReturn:
    raise _Refused(f"{text} [{rule}]")


def _int(value: Any, what: str, rule: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        top = "" if hi is None else f" to {hi}"
        _fail(rule, f"{what} is a whole number from {lo}{top}, not {quote(value)}")
    return value


def _words(value: Any, what: str, rule: str, allowed: Any) -> list[str]:
    """A list of names from "a b c", ["a", "b"] or {name: count}."""
    if isinstance(value, str):
        words = value.split()
    elif isinstance(value, dict):
        words = []
        for k, n in value.items():  # no more than there are cards of anything (60 goods)
            words += [k] * _int(n, f"the number of {k} in {what}", rule, 0, 60)
    elif isinstance(value, list):
        words = value
    else:
        _fail(rule, f"{what} is a list of names, not {quote(value)}")
    for w in words:
        if not isinstance(w, str) or w not in allowed:
            _fail(rule, f"{quote(w)} in {what} is not one of {', '.join(sorted(allowed))}")
    return list(words)


def position(config: Config, spec: dict[str, Any]) -> State:
    """The state `spec` describes (see the module docstring), checked."""
    try:
        return _position(config, spec)
    except _Refused:
        raise
    except (TypeError, AttributeError, KeyError, IndexError) as e:
        raise ValueError(f"the position cannot be read ({type(e).__name__}: {str(e)[:120]})") from None


def _position(config: Config, spec: dict[str, Any]) -> State:
    if not isinstance(spec, dict):
        _fail("position", f"a position is a dict of {', '.join(sorted(KEYS))}, not {quote(spec)}")
    if unknown := sorted(set(spec) - KEYS, key=str):
        _fail("position", f"a position has no {quote(unknown[0])}; its keys are {', '.join(sorted(KEYS))}")
    n = config.players
    current = _int(spec.get("current", 1), "current", "turn.order", 1, n)
    turn = _int(spec.get("turn", 1), "turn", "turn.order", 1)
    board = _board(spec.get("board", {}))
    buildings = _buildings(spec.get("buildings", {}), n)
    specs = spec.get("players", {})
    if not isinstance(specs, dict):
        _fail("position", f"players is {{seat: player spec}}, not {quote(specs)}")
    seats = []
    held_power: list[str] = []
    for p in range(1, n + 1):
        given = specs.get(p, specs.get(str(p), {}))
        seat = _seat(given, p, board, buildings)
        held_power += [*seat.power, *seat.missions]
        seats.append(seat)
    if bad := [k for k in specs if str(k) not in {str(p) for p in range(1, n + 1)}]:
        _fail("position", f"there is no seat {quote(bad[0])} in a {n}-player game")
    if dup := [c for c, k in Counter(held_power).items() if k > 1]:
        _fail("components.cards", f"power card {dup[0]} is held twice")
    stacks, used = _stacks(spec, seats)
    on_board_bonus = sum(1 for code in board if code[:1] == "B")
    held_bonus = sum(s.bonus for s in seats)
    if on_board_bonus + held_bonus > BONUS_DICE:
        _fail("components.dice", f"{on_board_bonus} bonus dice on the board and {held_bonus} held: there are "
                                 f"only {BONUS_DICE}")
    for r in data.ROUTES:
        if all(board[i] for i in data.ROUTE_SPACES[r.id]):
            _fail("delivery.trigger", f"route {r.id} is complete: its delivery would already have taken the "
                                      "dice back")
    spent = sum(s.vp for s in seats)
    vp_stack = spec.get("vp_stack", data.VP_TOTAL[n] - spent)
    if isinstance(vp_stack, bool) or not isinstance(vp_stack, int):
        _fail("setup.vp-stacks", f"vp_stack is a whole number, not {quote(vp_stack)}")
    ending = spec.get("ending", vp_stack <= 0)
    if not isinstance(ending, bool):
        _fail("end.trigger", f"ending is true or false, not {quote(ending)}")
    deck = tuple(sorted((Counter(c.id for c in data.POWER_CARDS) - Counter(held_power)).elements()))
    return State(config, tuple(seats), board, buildings, stacks, used, deck, vp_stack,
                 pool=BONUS_DICE - on_board_bonus - held_bonus, current=current, turn=turn,
                 ending=ending, stack=(Frame.make("gather", current),))


def _board(given: Any) -> tuple[str, ...]:
    if not isinstance(given, dict):
        _fail("resolve.train", f"board is {{route space: die}}, not {quote(given)}")
    board = [""] * len(data.SPACES)
    for space, code in given.items():
        i = data.SPACE_INDEX.get(space) if isinstance(space, str) else None
        if i is None:
            _fail("resolve.train", f"{quote(space)} is not a route space")
        if code not in CODES:
            _fail("resolve.train", f"{quote(code)} on {space} is not a die: write '2', '2L', 'B' or 'BL'")
        board[i] = code
    return tuple(board)


def _buildings(given: Any, n: int) -> tuple[tuple[tuple[int, str], ...], ...]:
    if not isinstance(given, dict):
        _fail("resolve.building", f"buildings is {{city: '1:ranch 2:mine'}}, not {quote(given)}")
    out: list[tuple[tuple[int, str], ...]] = [()] * len(data.CITIES)
    for city, row in given.items():
        i = data.CITY_INDEX.get(city) if isinstance(city, str) else None
        if i is None:
            _fail("resolve.locations", f"{quote(city)} is not a city")
        items = row.split() if isinstance(row, str) else row
        if not isinstance(items, list):
            _fail("resolve.building", f"the buildings at {city} are '1:ranch 2:mine', not {quote(row)}")
        built = []
        for item in items:
            if isinstance(item, str) and item.count(":") == 1:
                owner, kind = item.split(":")
            elif isinstance(item, list) and len(item) == 2:
                owner, kind = item
            else:
                owner, kind = None, None
            try:
                p = int(owner)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                p = 0
            if not 1 <= p <= n or kind not in BUILDINGS:
                _fail("resolve.building", f"{quote(item)} at {city} is not 'seat:building' (seats 1-{n}; "
                                          f"{', '.join(BUILDINGS)})")
            built.append((p, kind))
        slots = data.CITIES[i].slots
        if len(built) > slots:
            _fail("resolve.locations", f"{data.CITIES[i].name} has {slots} building locations, not "
                                       f"{len(built)}")
        out[i] = tuple(built)
    counts = [len(b) for b in out]
    if (max(counts) >= 2 and min(counts) < 1) or (max(counts) >= 3 and min(counts) < 2):
        _fail("resolve.levels", "a station got a further building before every station had one more")
    return tuple(out)


def _seat(given: Any, p: int, board: tuple[str, ...],
          buildings: tuple[tuple[tuple[int, str], ...], ...]) -> Seat:
    if not isinstance(given, dict):
        _fail("position", f"P{p}'s spec is a dict of {', '.join(sorted(PLAYER_KEYS))}, not {quote(given)}")
    if unknown := sorted(set(given) - PLAYER_KEYS, key=str):
        keys = ", ".join(sorted(PLAYER_KEYS))
        _fail("position", f"a player spec has no {quote(unknown[0])}; its keys are {keys}")
    coins = _int(given.get("coins", 3), f"P{p}'s coins", "resolve.coin", 0, COINS_MAX)
    vp = _int(given.get("vp", 3), f"P{p}'s VP", "score.vp")
    saved = tuple(sorted(_words(given.get("saved", []), f"P{p}'s saved dice", "resolve.save", SAVEABLE)))
    if len(saved) > ROLL_UP_TO:
        _fail("resolve.save", f"P{p} saved {len(saved)} dice; at most {ROLL_UP_TO} are rolled")
    mine = str(p)
    placed = sum(1 for code in board if code[:1] == mine)
    if placed + len(saved) > DICE_EACH:
        _fail("components.dice", f"P{p} has {plural(placed, 'die', 'dice')} on the board and "
                                 f"{len(saved)} saved: only {DICE_EACH}")
    bonus = _int(given.get("bonus", 0), f"P{p}'s bonus dice", "gather.bonus-dice", 0, BONUS_DICE)
    goods = tuple(sorted(_words(given.get("goods", []), f"P{p}'s goods", "delivery.goods", set(GOODS))))
    power = tuple(sorted(_words(given.get("power", []), f"P{p}'s power cards", "setup.power-deal",
                                data.POWER)))
    missions = tuple(_words(given.get("missions", []), f"P{p}'s missions", "delivery.mission", data.POWER))
    if not_missions := [c for c in missions if data.POWER[c].kind != "mission"]:
        _fail("delivery.mission", f"{not_missions[0]} is not a mission card")
    built = Counter(kind for row in buildings for q, kind in row if q == p)
    for kind, k in built.items():
        if k > BUILDINGS_EACH:
            _fail("components.buildings", f"P{p} has {k} {kind}es on the board; each player has "
                                          f"{BUILDINGS_EACH}")
    supply = tuple(BUILDINGS_EACH - built[b] for b in BUILDINGS)
    return Seat(coins, vp, saved, bonus, goods, power, missions, supply)  # type: ignore[arg-type]


def _stacks(spec: dict[str, Any], seats: list[Seat]) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    given = spec.get("stacks", {})
    if not isinstance(given, dict):
        _fail("setup.goods", f"stacks is {{building: [good, cards left]}}, not {quote(given)}")
    if bad := [b for b in given if b not in BUILDINGS]:
        _fail("setup.goods", f"{quote(bad[0])} is not a building ({', '.join(BUILDINGS)})")
    stacks = []
    used: set[str] = set()
    held = Counter(g for s in seats for g in s.goods)
    for b in BUILDINGS:
        first = START_GOODS[b]
        row = given.get(b, [first, max(0, data.GOODS_EACH[first] - held[first])])
        if not isinstance(row, list) or len(row) != 2:
            _fail("setup.goods", f"the {b} stack is [good, cards left], not {quote(row)}")
        good, left = row
        levels = data.CHART[b]
        chart = [g for level in levels for g in level]
        if good != "" and good not in chart:
            levels_text = ", ".join(chart)
            _fail("goods.upgrade", f"the {b.title()} never holds {quote(good)} (its chart: {levels_text})")
        limit = data.GOODS_EACH[good] if good else 0
        left = _int(left, f"the {b} stack's cards", "components.cards", 0, limit)
        stacks.append((good, left))
        # the goods the stack came through are in play: its first, and the one it holds
        used.add(START_GOODS[b])
        if good:
            used.add(good)
    used |= set(held)
    if "used" in spec:
        used |= set(_words(spec["used"], "used", "goods.skip-used", set(GOODS)))
    goods_on = Counter(g for g, _ in stacks if g)
    if dup := [g for g, k in goods_on.items() if k > 1]:
        _fail("goods.skip-used", f"{dup[0]} is on two building spaces")
    for g, k in held.items():
        on_board = sum(left for good, left in stacks if good == g)
        if k + on_board > data.GOODS_EACH[g]:
            _fail("components.cards", f"{k} {g} held and {on_board} in its stack: there are "
                                      f"{data.GOODS_EACH[g]}")
    return tuple(stacks), tuple(sorted(used))


EXAMPLES: tuple[dict[str, Any], ...] = (
    {"players": 3, "spec": {
        "players": {1: {"coins": 4, "saved": "hotel hotel", "goods": "cattle cattle coal",
                        "power": ["p01", "p11"]},
                    2: {"vp": 7, "bonus": 2, "missions": ["p05"]}},
        "board": {"s1": "2", "s2": "B", "s9": "1L"}, "buildings": {"seattle": "1:ranch", "detroit": "2:mine"},
        "stacks": {"ranch": ["cattle", 4]}}},
    {"players": 5, "spec": {
        "players": {"3": {"goods": {"worker": 2, "food": 1}, "saved": ["coin"]}},
        "current": 3, "turn": 9, "stacks": {"hotel": ["food", 6]}, "vp_stack": 2}},
)
"""Written positions the contract tests start from and mutate (`GameInfo.position_examples`)."""
