"""The rules of Trains & Stations (3-5 players) as an immutable state machine.

A turn is a stack of small decisions (`Frame`s): gather the dice, choose saved dice to roll,
each die's face (chance, one die at a time, forceable: "suppose it shows a Locked Train"), the
dice to reroll for a Coin (a subset: toggles, then confirm), each Train die onto a route space,
the buildings to erect, the dice to save (a subset), the order of deliveries, ties and short
payouts the active player settles, the stack to upgrade, and the Upgrade Speculation: a secret
simultaneous trade of every player, revealed together. Setup deals three power cards to each
player (chance) and each keeps two (a decision nobody else sees).

Deliveries live in `delivery.py`, goods upgrades and speculation in `goods.py`, final scoring
in `scoring.py`. Legal actions come straight from the position (`generate_legal`); the
`_violations` family says why any other action is refused, with its numbers, and a property
test keeps the two in agreement.

The turn follows the rulebook's overview and its five steps [turn.overview] [turn.order]
[ruling.missing-overview] [ruling.missing-reference] (the two passages missing from our copy add no
rule we know of; the Turn Reference and the body agree). Players talk as they like, but no action
moves cards or dice from one player to another, and nothing binds a deal [negotiation.open]
[negotiation.no-gifts] [negotiation.not-binding] [ruling.negotiation].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, fields
from functools import cached_property
from itertools import chain, combinations, compress
from operator import itemgetter
from typing import Any

from sandbox.core.decision import (
    SEALED,
    Commit,
    Confirm,
    Frame,
    Toggle,
    chosen,
    commit_violations,
    sealed,
    subset,
    subset_options,
    subset_violations,
    toggled,
    waiting,
)
from sandbox.core.errors import Violation, quote, shown
from sandbox.core.events import Event
from sandbox.core.outcome import Outcome
from sandbox.core.pending import CHANCE, Pending
from sandbox.core.state import GameState, amend, evolve, handed
from sandbox.core.words import plural
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations import delivery, goods, scoring
from sandbox.trains_and_stations.actions import (
    ACTION_TYPES,
    BUILDINGS,
    FACE_NAMES,
    FACES,
    Award,
    Deliver,
    Done,
    DrawPower,
    Erect,
    Face,
    Gather,
    Keep,
    Place,
    Reclaim,
    Upgrade,
    city_name,
    parse,
    power_name,
    route_text,
    space_text,
)
from sandbox.trains_and_stations.config import Config
from sandbox.trains_and_stations.model import (
    BONUS_DICE,
    COIN_DIE,
    COINS_MAX,
    DICE_EACH,
    DIE,
    POWER_DEALT,
    POWER_KEPT,
    ROLL_UP_TO,
    SAVEABLE,
    SET_SIZE,
    START_GOODS,
    STRIKE_LOCKED,
    STRIKE_VP,
    TRAINS,
    VP_START,
    Die,
    Seat,
)
from sandbox.trains_and_stations.model import event as _e

HIDDEN = "?"
"""A power card another player holds, or one in the face-down stack, as a view shows it."""
BONUS = "B"
"""The owner code of a white bonus die on the board."""

_PROMPTS = {
    "keep": ("choose the two power cards to keep (the third goes back to the stack)", "setup.power-deal"),
    "gather": ("gather your dice and roll (or reclaim your dice from the board)", "gather.five"),
    "roll-saved": ("choose the saved dice to roll with the others (the rest keep their faces), "
                   "then confirm", "roll.saved"),
    "reroll": ("choose dice to reroll for 1 Coin, then confirm (confirm with none chosen to stop)",
               "roll.reroll"),
    "place": ("place each Train and Locked Train die on a route space next to a station or a train",
              "resolve.train"),
    "build": ("erect a building with three matching faces, or done", "resolve.set-of-three"),
    "save": ("choose the dice to save for your next turn (Building and Coin faces), then confirm; "
             "Coin dice not saved pay 2 Coins each", "resolve.save"),
    "order": ("choose the completed route to deliver next", "delivery.order"),
    "majority": ("players tie for the majority on {route}: award the bonuses", "delivery.majority"),
    "goods": ("too few {good} cards for every {building} at the route's stations: award the next card",
              "delivery.goods"),
    "upgrade": ("choose the depleted goods stack to upgrade", "goods.one-upgrade"),
    "speculate": ("Upgrade Speculation: trade goods 2 for 1 {good}, in secret", "speculation.secret"),
    "allot": ("too few {good} cards for every trade: award the next card", "speculation.shortage"),
}


def place_code(player: int, locked: bool) -> str:
    """A die on a route space: its owner ("1".."5", or "B" for a bonus die), "L" if locked."""
    return f"{player or BONUS}{'L' if locked else ''}"


def code_owner(code: str) -> int:
    """The player whose die a board code is (0 for a bonus die or an empty space)."""
    return int(code[0]) if code and code[0] != BONUS else 0


class _Listed(tuple[str, ...]):
    """Names that read as "d1, d3" when an event's text is built."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return ", ".join(self)


class _FaceList(tuple[str, ...]):
    """Die faces that read as their names ("Coin, Hotel") when an event's text is built."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return ", ".join(FACE_NAMES[f] for f in self)


class _Counted(tuple[str, int, str, str]):
    """A count that reads as `plural` words ("1 die", " and 3 bonus dice") when an event's text
    is built."""

    __slots__ = ()

    def __new__(cls, lead: str, n: int, word: str, many: str) -> _Counted:
        return tuple.__new__(cls, (lead, n, word, many))

    def __format__(self, spec: str) -> str:
        lead, n, word, many = self
        return lead + plural(n, word, many)


class _SpaceWords(str):
    """A route space id that reads as words when an event's text is built (bots never read it)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return space_text(str(self))


@dataclass(frozen=True)
class State(GameState):
    config: Config
    seats: tuple[Seat, ...]
    board: tuple[str, ...]  # per route space (data.SPACES order): "" or a die's code
    buildings: tuple[tuple[tuple[int, str], ...], ...]  # per city (data.CITIES order): (player, kind)
    stacks: tuple[tuple[str, int], ...]  # per building (BUILDINGS order): the good and cards left
    used: tuple[str, ...]  # goods that have entered play on a building space (sorted)
    power_deck: tuple[str, ...]  # face down, unordered (kept sorted)
    vp_stack: int  # VP left in the stacks on the board
    pool: int = BONUS_DICE  # bonus dice in the common pool
    current: int = 1
    turn: int = 0  # 0 during setup
    tray: tuple[Die, ...] = ()  # the dice rolled this turn, in the order gathered
    struck: bool = False  # three Locked Trains this turn
    delivered: tuple[str, ...] = ()  # routes delivered this turn (missions read them)
    ever: tuple[str, ...] = ()  # every route delivered in the game, sorted (mission_link="ever")
    revealed: tuple[str, ...] = ()  # missions revealed this turn, "P:city-city" [delivery.mission-duplicate]
    upgraded: bool = False  # the one upgrade of this turn's end is done
    ending: bool = False  # the VP stacks ran out: the round is the last
    final_round: bool = False  # last_round="extra-round": the extra round is being played
    over: bool = False
    stack: tuple[Frame, ...] = ()
    seen_by: int | None = None
    box: tuple[str, ...] = ()  # goods and power cards traded away (out of the game), sorted

    game_id = "trains_and_stations"
    memos = ("_free", "_out")  # the free spaces and the dice on the board, worked out once
    title = "Trains & Stations"
    chance_actions = (Face, DrawPower)
    click_hint = ("click a die to toggle it; a route space to place a Train; a city to erect a building; "
                  "a seat to award")

    # --- setting up -------------------------------------------------------------------------
    @classmethod
    def start(cls, config: Config) -> State:
        """The board [setup.board], VP cards by player count, 3 coins and three 1-VP cards each from
        the board's stack [setup.vp-stacks] [setup.coins-vp] [ruling.setup-vp] [ruling.vp-points],
        8 dice each and the bonus dice beside the board [setup.dice], goods on their buildings
        [setup.goods], then three power cards dealt to each player
        (chance) who keeps two [setup.power-deal]."""
        n = config.players
        stacks = tuple((START_GOODS[b], data.GOODS_EACH[START_GOODS[b]]) for b in BUILDINGS)
        frames = [Frame.make("keep", p) for p in range(n, 0, -1)]
        frames += [Frame.make("power", CHANCE, to=p, n=POWER_DEALT, rule="setup.power-deal")
                   for p in range(n, 0, -1)]
        return cls(config, tuple(Seat() for _ in range(n)), ("",) * len(data.SPACES),
                   ((),) * len(data.CITIES), stacks, tuple(sorted(START_GOODS.values())),
                   tuple(sorted(c.id for c in data.POWER_CARDS)), data.VP_TOTAL[n] - VP_START * n,
                   stack=tuple(frames))

    # --- reading ----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.config.players

    def seat(self, p: int) -> Seat:
        return self.seats[p - 1]

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_move(self) -> int | None:
        if self.over or not self.stack:
            return None
        top = self.stack[-1]
        return waiting(top)[0] if top.kind == "speculate" else top.player

    @property
    def simultaneous(self) -> bool:
        stack = self.stack
        return bool(stack) and stack[-1].kind == "speculate" and not self.over

    def actor(self, action: Any) -> int | None:
        """The core's `actor` read straight off the top frame (a match asks at every play)."""
        stack = self.stack
        if self.over or not stack:
            return None
        top = stack[-1]
        if top.kind == "speculate":
            return getattr(action, "player", waiting(top)[0])
        return top.player

    def turn_marker(self) -> tuple[int, int | None]:
        return self.turn, self.current

    def _dice_out(self) -> str:
        """Every die code on the route spaces run together ("11LB3"), worked out once per state:
        a code's only digit or "B" is its owner, so counting a player's dice is one `count`."""
        own = self.__dict__
        out = own.get("_out")
        if out is None:
            out = own["_out"] = "".join(self.board)
        return out

    def on_board(self, p: int) -> int:
        """P`p`'s dice on route spaces."""
        return self._dice_out().count(str(p))

    def bonus_out(self) -> int:
        return self._dice_out().count(BONUS)

    @property
    def pending(self) -> Pending:
        player, kind, prompt, rule = self._asking
        if player == CHANCE:
            return Pending(CHANCE, kind, prompt, rule, self.legal_actions, self._odds())
        players = waiting(self.stack[-1]) if kind == "speculate" else None
        return Pending(player, kind, prompt, rule, self.legal_actions, players=players)

    @cached_property
    def _asking(self) -> tuple[int | None, str, str, str]:
        if self.over:
            return None, "over", "The game is over", "end.last-round"
        top = self.stack[-1]
        if top.player == CHANCE:
            if top.kind == "roll":
                i = top.get("dice")[0]
                return CHANCE, "roll", f"Die d{i + 1} is rolled ({self.tray[i].name})", top.get("rule")
            to = top.get("to")
            return CHANCE, "power", f"A power card is drawn for P{to}", top.get("rule")
        prompt, rule = _PROMPTS[top.kind]
        words = dict(top.data)
        if "building" in words:
            words["building"] = words["building"].title()
        if "good" in words:
            words["good"] = words["good"].title()
        if "route" in words:
            words["route"] = route_text(words["route"])
        if top.kind == "speculate":
            who = waiting(top)
            names = ", ".join(f"P{p}" for p in who)
            return who[0], top.kind, f"{names}: {prompt.format(**words)}", rule
        return top.player, top.kind, f"P{top.player}: {prompt.format(**words)}", rule

    # --- chance -----------------------------------------------------------------------------
    def _odds(self) -> tuple[float, ...]:
        top = self.stack[-1]
        if top.kind == "roll":
            return (1 / 6,) * 6
        deck = self.power_deck
        counts = Counter(deck)
        return tuple(counts[c] / len(deck) for c in dict.fromkeys(deck))

    def sample_chance(self, rng: Any) -> Any:
        top = self.stack[-1] if self.stack and not self.over else None
        if top is None or top.player != CHANCE:
            return super().sample_chance(rng)
        if top.kind == "roll":
            return FACE[FACES[int(rng.random() * 6)]]
        deck = self.power_deck
        if not deck or HIDDEN in deck:
            return super().sample_chance(rng)
        return DRAW_POWER[deck[int(rng.random() * len(deck))]]

    def forcing_violations(self, outcome: Any) -> list[Violation]:
        out = super().forcing_violations(outcome)
        if out:
            return out
        if isinstance(outcome, Face) and outcome.face not in FACES:
            out.append(Violation("components.dice-faces", f"a die has no face {quote(outcome.face)} (its "
                                                          "faces: "
                                                    f"{', '.join(FACES)})"))
        if isinstance(outcome, DrawPower) and outcome.card not in self.power_deck:
            out.append(Violation("setup.power-deal", f"power card {quote(outcome.card)} is not in the stack"))
        return out

    # --- legality: the fast path -------------------------------------------------------------
    def generate_legal(self) -> Iterable[Any]:
        if self.over:
            return ()
        top = self.stack[-1]
        kind, p = top.kind, top.player
        if kind == "roll":
            return FACE_OPTIONS
        if kind == "power":
            if HIDDEN in self.power_deck:
                return ()
            return [DRAW_POWER[c] for c in dict.fromkeys(self.power_deck)]
        if kind == "keep":
            return list(dict.fromkeys(Keep(pair) for pair in combinations(self.seat(p).power, POWER_KEPT)))
        if kind == "gather":
            return self._gather_options(p)
        if kind in ("roll-saved", "reroll", "save"):
            return _subset_options(top)
        if kind == "place":
            return self._place_options()
        if kind == "build":
            erect = self._erect_options(p)
            return erect if erect and top.get("required") else [*erect, DONE]
        if kind == "order":
            return [Deliver(r) for r in top.get("routes")]
        if kind in ("majority", "goods", "allot"):
            return [Award(q) for q in dict.fromkeys(top.get("among"))]
        if kind == "upgrade":
            return goods.upgrade_options(self)
        if kind == "speculate":
            return [Commit(q, choice) for q in waiting(top) for choice in goods.trade_options(self, q)]
        raise AssertionError(f"no options for a {kind} decision")

    def _gather_options(self, p: int) -> list[Any]:
        """Gather with each number of bonus dice allowed [gather.bonus-dice] [gather.bonus-minimum]
        [gather.bonus-empty-pool], or Reclaim with 5 or more dice on the board [gather.reclaim]."""
        lo, hi = self.bonus_range(p)
        out: list[Any] = [GATHERS[k] for k in range(lo, hi + 1)]
        if self.on_board(p) >= ROLL_UP_TO:
            out.append(RECLAIM)
        return out

    def own_gathered(self, p: int) -> int:
        """Player dice gathered: of the 8, those not on the board, saved ones first, up to 5
        [gather.eight-dice] [gather.five] [gather.saved] [ruling.gather]."""
        return min(ROLL_UP_TO, DICE_EACH - self.on_board(p))

    def bonus_range(self, p: int) -> tuple[int, int]:
        """The fewest and most bonus dice P`p` may roll [gather.bonus-minimum] [ruling.bonus-dice-gather]."""
        held = self.seat(p).bonus
        if self.pool == 0:  # an empty pool: all of them [gather.bonus-empty-pool]
            return held, held
        return min(held, max(0, ROLL_UP_TO - self.own_gathered(p))), held

    def _free_spaces(self) -> tuple[int, ...]:
        """Empty route spaces next to a station or to a space with a Train die [resolve.train]
        (worked out once per state)."""
        own = self.__dict__
        free = own.get("_free")
        if free is None:  # from the few dice on the board, not from every space's neighbours
            taken = list(compress(_SPACE_NUMBERS, self.board))
            near = set(chain.from_iterable(map(data.BESIDE.__getitem__, taken)))
            near.update(_BY_STATIONS)
            near.difference_update(taken)
            free = own["_free"] = tuple(sorted(near))
        return free

    def trains_left(self) -> list[Die]:
        return [d for d in self.tray if d.face in TRAINS]

    def _place_options(self) -> tuple[Any, ...] | list[Any]:
        kinds = {(d.bonus, d.face == "locked") for d in self.tray if d.face in TRAINS}
        spaces = self._free_spaces()
        if len(spaces) == 1:
            return [PLACES_AT[kind][spaces[0]] for kind in sorted(kinds)]
        pick = itemgetter(*spaces)  # the placements on the free spaces, picked in C
        if len(kinds) == 1:
            return pick(PLACES_AT[kinds.pop()])
        return list(chain.from_iterable(map(pick, map(PLACES_AT.__getitem__, sorted(kinds)))))

    def building_sets(self) -> dict[str, int]:
        """Sets of three matching Building faces in the tray, per building (extra matching dice
        go with the last set, building_sets="all-matching") [resolve.building]
        [resolve.set-of-three] [ruling.building-sets]."""
        faces = [d.face for d in self.tray]
        return {b: n // SET_SIZE for b in BUILDINGS if (n := faces.count(b)) >= SET_SIZE}

    def open_cities(self) -> list[int]:
        """Cities where a building may go now: a free location (San Antonio has 2), on the lowest
        level not yet complete everywhere [resolve.building-limits] [resolve.locations]
        [example.san-antonio] [resolve.levels] [ruling.building-levels]."""
        level = min(min(len(b), c.slots) if len(b) < c.slots else 99
                    for b, c in zip(self.buildings, data.CITIES))
        return [i for i, (b, c) in enumerate(zip(self.buildings, data.CITIES)) if len(b) == level < c.slots]

    def _erect_options(self, p: int) -> list[Any]:
        me = self.seat(p)
        sets = [b for b in self.building_sets() if me.left(b)]
        if not sets:
            return []
        cities = self.open_cities()
        return [ERECTS[b, data.CITIES[i].id] for b in sets for i in cities]

    def is_legal(self, action: Any) -> bool:
        """A die's face by its value (no list of six is made for it); otherwise, first, the legal
        objects themselves, which loops and bots pass back, by identity."""
        stack = self.stack
        if stack and not self.over:
            if stack[-1].kind == "roll":
                return type(action) is Face and action.face in FACES
            if handed(action, self.legal_actions()):
                return True
        return super().is_legal(action)

    def apply(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        """The core's `apply`, with nothing to read for this game's own action objects."""
        if type(action) in ACTION_TYPES and self.is_legal(action):
            return self._transition(action)
        return super().apply(action)

    # --- legality: the explaining path -------------------------------------------------------
    def candidate_actions(self) -> Iterable[Any]:
        """What the chooser offers to ask about: the legal actions, and the placements and
        buildings that are not allowed now (so "why not there?" has an answer)."""
        legal = self.legal_actions()
        yield from legal
        if self.over:
            return
        top = self.stack[-1]
        if top.kind == "place":
            seen = set(legal)
            for bonus, locked in dict.fromkeys((d.bonus, d.face == "locked") for d in self.trains_left()):
                for s in data.SPACES:
                    if (a := PLACES[s.id, bonus, locked]) not in seen:
                        yield a
        elif top.kind == "build":
            seen = set(legal)
            for b in BUILDINGS:
                for c in data.CITIES:
                    if (e := ERECTS[b, c.id]) not in seen:
                        yield e

    def _violations(self, action: Any) -> list[Violation]:
        if self.over:
            return [Violation("end.last-round", "the game is over")]
        top = self.stack[-1]
        kind, p = top.kind, top.player
        rule = self._asking[3]
        want = _WANTS.get(kind, ())
        if type(action) not in want:
            return [Violation(rule, f"{shown(action)} does not answer this decision: "
                                    f"{self._asking[2]}")]
        if kind == "roll":
            if action.face in FACES:
                return []
            return [Violation("components.dice-faces", f"no face {quote(action.face)}")]
        if kind == "power":
            return [] if action.card in self.power_deck else [
                Violation("setup.power-deal", f"power card {quote(action.card)} is not in the stack")]
        if kind == "keep":
            return self._keep_violations(p, action)
        if kind == "gather":
            return self._gather_violations(p, action)
        if kind in ("roll-saved", "reroll", "save"):
            if kind == "reroll" and isinstance(action, Toggle) and self._face_of(action.item) == "locked":
                return [Violation("roll.locked-train", f"{action.item} shows a Locked Train: Locked Trains "
                                                       "are never rerolled")]
            return subset_violations(top, action, rule)
        if kind == "place":
            return self._place_violations(action)
        if kind == "build":
            if not isinstance(action, Done):
                return self._erect_violations(p, action)
            if top.get("required") and self._erect_options(p):
                return [Violation("ruling.erect", "a set of three matching faces must be erected while a "
                                                  "building and a location are free (erect='required')")]
            return []
        if kind == "order":
            routes = top.get("routes")
            return [] if action.route in routes else [
                Violation(rule, f"{route_text(action.route)} is not one of the completed routes still to "
                                f"deliver ({', '.join(map(route_text, routes))})")]
        if kind in ("majority", "goods", "allot"):
            among = top.get("among")
            return [] if action.player in among else [
                Violation(rule, f"P{action.player} is not among those to choose from "
                                f"({', '.join(f'P{q}' for q in dict.fromkeys(among))})")]
        if kind == "upgrade":
            return goods.upgrade_violations(self, action)
        if kind == "speculate":
            return commit_violations(top, action, rule) or goods.trade_violations(self, action)
        return [Violation(rule, f"{shown(action)} is not allowed now")]

    def _face_of(self, item: Any) -> str:
        """The face of this turn's die named `item` ("d3"), or "" if there is none."""
        number = item[1:] if isinstance(item, str) and item[:1] == "d" else ""
        if number.isdigit() and 0 < int(number) <= len(self.tray):
            return self.tray[int(number) - 1].face
        return ""

    def _keep_violations(self, p: int, keep: Keep) -> list[Violation]:
        cards = keep.cards
        hand = self.seat(p).power
        if not isinstance(cards, tuple) or len(cards) != POWER_KEPT:
            return [Violation("setup.power-deal", f"keep exactly {POWER_KEPT} of the {POWER_DEALT} power "
                                                  "cards dealt")]
        if Counter(cards) - Counter(hand):
            dealt = ", ".join(hand)
            return [Violation("setup.power-deal", f"keep two of the cards you were dealt ({dealt})")]
        if tuple(sorted(cards)) != cards:
            return [Violation("notation", "name the cards in sorted order")]
        return []

    def _gather_violations(self, p: int, action: Any) -> list[Violation]:
        if isinstance(action, Reclaim):
            n = self.on_board(p)
            return [] if n >= ROLL_UP_TO else [
                Violation("gather.reclaim", f"you may reclaim with 5 or more dice on the board; P{p} has "
                                            f"{n}")]
        k = action.bonus
        lo, hi = self.bonus_range(p)
        if not isinstance(k, int) or isinstance(k, bool) or k < 0 or k > hi:
            dice = "die" if hi == 1 else "dice"
            return [Violation("gather.bonus-dice", f"P{p} holds {hi} bonus {dice}, so "
                                              f"gather 0 to {hi} of them, not {quote(k)}")]
        if k < lo:
            rule = "gather.bonus-empty-pool" if self.pool == 0 else "gather.bonus-minimum"
            why = ("the bonus pool is empty, so all of them are rolled" if self.pool == 0 else
                   f"with {self.own_gathered(p)} of your own dice you must bring the roll to 5")
            return [Violation(rule, f"roll at least {lo} bonus dice: {why}")]
        return []

    def _place_violations(self, place: Place) -> list[Violation]:
        out = []
        kinds = {(d.bonus, d.face == "locked") for d in self.trains_left()}
        if (place.bonus, place.locked) not in kinds:
            die = ("bonus " if place.bonus else "own ") + ("Locked Train" if place.locked else "Train")
            out.append(Violation("resolve.train", f"you have no {die} die left to place"))
        i = data.SPACE_INDEX.get(place.space)
        if i is None:
            return [*out, Violation("resolve.train", f"{quote(place.space)} is not a route space")]
        if self.board[i]:
            out.append(Violation("resolve.train", f"{space_text(place.space)} already holds a die"))
        elif not data.NEXT_TO_CITY[i] and not any(self.board[j] for j in data.NEIGHBOURS[i]):
            out.append(Violation("resolve.train", f"{space_text(place.space)} is next to neither a station "
                                                  "nor a space with a Train die"))
        return out

    def _erect_violations(self, p: int, erect: Erect) -> list[Violation]:
        out = []
        sets = self.building_sets()
        if erect.building not in sets:
            n = sum(d.face == erect.building for d in self.tray)
            out.append(Violation("resolve.set-of-three", f"a {erect.building.title()} takes three matching "
                                                         f"faces; you have {n}"))
        if erect.building in BUILDINGS and not self.seat(p).left(erect.building):
            out.append(Violation("resolve.set-of-three", f"no {erect.building.title()} is left in P{p}'s "
                                                         "supply"))
        i = data.CITY_INDEX.get(erect.city)
        if i is None:
            return [*out, Violation("resolve.locations", f"{quote(erect.city)} is not a city")]
        city = data.CITIES[i]
        have = len(self.buildings[i])
        if have >= city.slots:
            out.append(Violation("resolve.locations", f"{city.name} has {city.slots} building locations, "
                                                      "all taken"))
        elif i not in self.open_cities():
            out.append(Violation("resolve.levels", f"{city.name} has {have} building"
                                                   f"{'s' * (have != 1)}; every station needs {have} "
                                                   "before any gets another"))
        return out

    # --- transitions ------------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        return parse(text)

    def read(self, action: Any) -> Any:
        if type(action) in ACTION_TYPES:
            return action
        return super().read(action)

    def _transition(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        top = self.stack[-1]
        rest = self.stack[:-1]
        if type(action) is Toggle:  # the commonest: the same choice asked again, nothing to settle
            frame = _toggled(top, action.item)
            state = evolve(self, stack=(*rest, frame))
            state.__dict__["_legal"] = _subset_options(frame)
            return state, ()
        events: list[Event] = []
        kind = top.kind
        if kind == "roll":
            state = self._roll(top, action.face, events)
            if state.stack and state.stack[-1].kind == "roll":  # the next die: nothing to settle
                return state, tuple(events)
        elif kind == "power":
            state = self._draw_power(top, action.card, events)
        elif kind == "keep":
            state = self._keep(top.player, action, events)
        elif kind == "gather":
            state = self._gather(top.player, action, events)
        elif kind in ("roll-saved", "reroll", "save"):
            state = self._confirm(top, events)
        elif kind == "place":
            state = self._place(top.player, action, events)
        elif kind == "build":
            if isinstance(action, Done):
                state = evolve(self, stack=rest)
            else:
                state = self._erect(top.player, action, events)
        else:
            if kind in ("order", "majority", "goods"):
                state = delivery.decide(self, top, action, events)
            else:
                state = goods.decide(self, top, action, events)
        if state is self:  # settling changes the new state in place: never this one
            state = evolve(self)
        return state._settle(events), tuple(events)

    def with_seat(self, p: int, **changes: Any) -> tuple[Seat, ...]:
        seats = self.seats
        return (*seats[:p - 1], evolve(seats[p - 1], **changes), *seats[p:])

    def gain_vp(self, p: int, n: int) -> State:
        """P`p` takes `n` VP from the stacks, from the box once they are empty [end.vp-reserve]."""
        if n <= 0:
            return self
        return evolve(self, seats=self.with_seat(p, vp=self.seat(p).vp + n),
                      vp_stack=max(0, self.vp_stack - n))

    def _draw_power(self, top: Frame, card: str, events: list[Event]) -> State:
        to, n = top.get("to"), top.get("n", 1)
        deck = list(self.power_deck)
        deck.remove(card)
        rest = self.stack[:-1] if n <= 1 else (*self.stack[:-1], top.with_(n=n - 1))
        events.append(Event("power", f"P{to} draws a power card: {power_name(card)}", top.get("rule"), to,
                            {"card": card}, to, f"P{to} draws a power card"))
        me = self.seat(to)
        return evolve(self, power_deck=tuple(deck), stack=rest,
                      seats=self.with_seat(to, power=tuple(sorted((*me.power, card)))))

    def _keep(self, p: int, keep: Keep, events: list[Event]) -> State:
        """Two kept, in secret; the third goes back into the face-down stack, which is unordered
        (shuffled) [setup.power-deal] [setup.power-stack] [ruling.power-setup]."""
        hand = list(self.seat(p).power)
        for c in keep.cards:
            hand.remove(c)
        back = hand[0]
        kept = " and ".join(map(power_name, keep.cards))
        events.append(Event("keep", f"P{p} keeps {kept} and returns {power_name(back)} to the stack",
                            "setup.power-deal", p, {}, p,
                            f"P{p} keeps two power cards and returns one to the stack"))
        return evolve(self, stack=self.stack[:-1], seats=self.with_seat(p, power=keep.cards),
                      power_deck=tuple(sorted((*self.power_deck, back))))

    def _gather(self, p: int, action: Any, events: list[Event]) -> State:
        """Saved dice first, on their faces, then fresh dice and the bonus dice chosen
        [example.saved-dice]; or Reclaim, which skips Steps 2-4 [gather.reclaim] [ruling.reclaim-turn]."""
        rest = self.stack[:-1]
        if isinstance(action, Reclaim):
            n = self.on_board(p)
            mine = str(p)
            board = tuple("" if code[:1] == mine else code for code in self.board)
            events.append(_e("reclaim", f"P{p} reclaims {n} dice from the board and ends the turn",
                             "gather.reclaim", p, dice=n))
            end = (goods.END_TURN,) if self.config.rulings.reclaim_skips == "steps-2-4" else ()
            return evolve(self, board=board, stack=(*rest, *end))
        me = self.seat(p)
        own = self.own_gathered(p)
        saved = tuple(DIE[False, f] for f in me.saved)
        fresh = (DIE[False, ""],) * (own - len(saved)) + (DIE[True, ""],) * action.bonus
        tray = (*saved, *fresh)
        extra = _Counted(" and ", action.bonus, "bonus die", "bonus dice") if action.bonus else ""
        keeps = f" ({len(saved)} saved)" if saved else ""
        dice = _Counted("", own, "die", "dice")
        events.append(Event.lazy("gather", "P{} gathers {}{}{}", p, dice, keeps, extra, rule="gather.five",
                                 actor=p, own=own, saved=len(saved), bonus=action.bonus))
        to_roll = tuple(range(len(saved), len(tray)))
        frames: list[Frame] = [_RESOLVE]
        if saved:
            items = DIE_NAMES[:len(saved)]
            frames.append(_subset_frame("roll-saved", p, items, then=to_roll))
        elif to_roll:
            frames.append(_roll_frame(to_roll, "roll.dice"))
        return evolve(self, tray=tray, seats=self.with_seat(p, saved=(), bonus=me.bonus - action.bonus),
                      stack=(*rest, *frames))

    def _roll(self, top: Frame, face: str, events: list[Event]) -> State:
        i, rule, after = _of_frame(top, _roll_step)
        tray = self.tray
        die = tray[i]
        events.append(Event.lazy("roll", "d{} ({}) shows {}", i + 1, "bonus die" if die.bonus else "own die",
                                 FACE_NAMES[face], rule=rule, die=i + 1, face=face))
        tray = (*tray[:i], DIE[die.bonus, face], *tray[i + 1:])
        stack = self.stack
        if after is not None:
            return evolve(self, tray=tray, stack=(*stack[:-1], after))
        return evolve(self, tray=tray, stack=stack[:-1])._after_roll(events)

    def _after_roll(self, events: list[Event]) -> State:
        """Three Locked Trains strike [roll.strike] [example.strike] [ruling.strike-count]
        [ruling.strike-vp]; else a reroll for a Coin while there are Coins and dice to reroll,
        Locked Trains never among them [roll.reroll] [roll.locked-train] [ruling.reroll]
        [ruling.locked-trains]. `self` is this transition's new state (changed in place)."""
        p = self.current
        own_only = self.config.rulings.strike_dice == "player-dice"
        locked = sum(d.face == "locked" and not (own_only and d.bonus) for d in self.tray)
        if locked >= STRIKE_LOCKED and not self.struck:
            me = self.seat(p)
            lost = min(STRIKE_VP, me.vp)
            back = lost if self.config.rulings.strike_vp == "to-stack" else 0
            events.append(_e("strike", f"Strike! P{p} has {locked} Locked Trains: no more rerolls, and P{p} "
                             f"loses {lost} VP", "roll.strike", p, locked=locked, lost=lost))
            return amend(self, struck=True, seats=self.with_seat(p, vp=me.vp - lost),
                          vp_stack=self.vp_stack + back)
        if self.struck or not self.seat(p).coins:
            return self
        items = tuple(name for name, d in zip(DIE_NAMES, self.tray) if d.face != "locked")
        if not items:
            return self
        return amend(self, stack=(*self.stack, _subset_frame("reroll", p, items)))

    def _confirm(self, top: Frame, events: list[Event]) -> State:
        p, kind = top.player, top.kind
        picked = chosen(top)
        rest = self.stack[:-1]
        dice = tuple(int(item[1:]) - 1 for item in picked)
        if kind == "roll-saved":
            kept = len(top.get("items")) - len(picked)
            if kept:
                events.append(_e("keep-faces", f"P{p} keeps {kept} saved {'die' if kept == 1 else 'dice'} on "
                                 "their faces", "roll.saved", p, kept=kept))
            to_roll = tuple(sorted((*dice, *top.get("then"))))
            if not to_roll:
                return evolve(self, stack=rest)._after_roll(events)
            return evolve(self, stack=(*rest, _roll_frame(to_roll, "roll.dice")))
        if kind == "reroll":
            if not picked:
                return evolve(self, stack=rest)
            me = self.seat(p)
            events.append(Event.lazy("reroll", "P{} pays 1 Coin to reroll {}", p, _Listed(picked),
                                     rule="roll.reroll", actor=p, dice=list(picked)))
            return evolve(self, seats=self.with_seat(p, coins=me.coins - 1),
                          stack=(*rest, _roll_frame(dice, "roll.reroll")))
        return evolve(self, stack=rest)._save(p, picked, events)

    def _place(self, p: int, place: Place, events: list[Event]) -> State:
        face = "locked" if place.locked else "train"
        tray = list(self.tray)
        tray.remove(DIE[place.bonus, face])
        i = data.SPACE_INDEX[place.space]
        board = list(self.board)
        board[i] = place_code(0 if place.bonus else p, place.locked)
        free = self._free_spaces()  # the new die opens the empty spaces beside it [resolve.train]
        k = free.index(i)
        free = free[:k] + free[k + 1:]
        if opened := [j for j in data.BESIDE[i] if not board[j]]:
            free = tuple(sorted({*free, *opened}))
        events.append(Event.lazy("place", _PLACE_TEXT[place.bonus, place.locked], p, _SpaceWords(place.space),
                                 rule="resolve.train", actor=p, space=place.space,
                                 bonus=place.bonus, locked=place.locked))
        state = evolve(self, tray=tuple(tray), board=tuple(board))
        state.__dict__["_free"] = free
        return state

    def _erect(self, p: int, erect: Erect, events: list[Event]) -> State:
        tray = list(self.tray)
        matching = [d for d in tray if d.face == erect.building]
        extra = len(matching) - SET_SIZE
        whole = self.config.rulings.building_sets == "all-matching" and extra < SET_SIZE
        taken = matching if whole else matching[:SET_SIZE]  # the set's dice [resolve.set-of-three]
        for d in taken:
            tray.remove(d)
        back = sum(d.bonus for d in taken)  # bonus dice go back to the pool [ruling.bonus-dice-faces]
        i = data.CITY_INDEX[erect.city]
        me = self.seat(p)
        k = BUILDINGS.index(erect.building)
        supply = (*me.supply[:k], me.supply[k] - 1, *me.supply[k + 1:])
        buildings = (*self.buildings[:i], (*self.buildings[i], (p, erect.building)), *self.buildings[i + 1:])
        events.append(Event.lazy("erect", "P{} erects a {} at {}", p, erect.building.title(),
                                 city_name(erect.city), rule="resolve.set-of-three", actor=p,
                                 building=erect.building, city=erect.city))
        return evolve(self, tray=tuple(tray), buildings=buildings, seats=self.with_seat(p, supply=supply),
                      pool=self.pool + back)

    def _save(self, p: int, picked: tuple[str, ...], events: list[Event]) -> State:
        """Saved dice keep their faces for next turn [resolve.save]; Coin dice not saved pay 2
        Coins each, up to 5 [resolve.coin]; the rest go back, bonus dice to the pool
        [resolve.bonus-return].
        [ruling.coin-limit] [ruling.unused-dice] [ruling.bonus-dice-faces]
        `self` is this transition's new state (changed in place)."""
        keep = {int(item[1:]) - 1 for item in picked}
        me = self.seat(p)
        saved = tuple(sorted(self.tray[i].face for i in keep))
        left = [d for i, d in enumerate(self.tray) if i not in keep]
        pays = self.config.rulings.bonus_coins == "pay"
        coin_dice = sum(d.face == "coin" and (pays or not d.bonus) for d in left)
        coins = min(COINS_MAX, me.coins + COIN_DIE * coin_dice)
        bonus_back = sum(d.bonus for d in left)
        if saved:
            events.append(Event.lazy("save", "P{} saves {} for the next turn", p, _FaceList(saved),
                                     rule="resolve.save", actor=p, faces=list(saved)))
        if coin_dice:
            events.append(Event.lazy("coins", "P{} cashes {} Coin {}: {} → {} Coins (at most {})", p,
                                     coin_dice, "die" if coin_dice == 1 else "dice", me.coins, coins,
                                     COINS_MAX, rule="resolve.coin", actor=p, dice=coin_dice,
                                     before=me.coins, after=coins))
        state = amend(self, tray=(), pool=self.pool + bonus_back,
                       seats=self.with_seat(p, saved=saved, coins=coins))
        return delivery.start_deliveries(state, events)

    # --- what needs no decision --------------------------------------------------------------
    def _settle(self, events: list[Event]) -> State:
        """Run the frames that need no decision until one does. `self` is the new state this
        transition built and has not handed out: their frames are popped from it in place
        (`change`), not copied once each."""
        state = self
        while not state.over:
            stack = state.stack
            if not stack:
                state = state._next_turn(events)
                continue
            top = stack[-1]
            kind = top.kind
            if kind in _ASKS:  # a decision, whatever the position
                return state
            if kind == "power":
                if state.power_deck:
                    return state
                events.append(_e("no-power", f"No power card is left for P{top.get('to')}",
                                 "delivery.bonus-unavailable", top.get("to")))
                state = amend(state, stack=stack[:-1])
                continue
            if kind == "to-save":  # the dice left after the buildings: save some, or cash the Coins
                state = amend(state, stack=stack[:-1])
                items = tuple(name for name, d in zip(DIE_NAMES, state.tray)
                              if d.face in SAVEABLE and not d.bonus)
                if items:
                    return amend(state, stack=(*state.stack, _subset_frame("save", state.current, items)))
                state = state._save(state.current, (), events)
                continue
            if kind == "resolve":
                state = amend(state, stack=stack[:-1])._resolve(events)
                continue
            if kind == "place":
                if not state.trains_left():
                    state = amend(state, stack=stack[:-1])
                    continue
                if not state._free_spaces():
                    state = state._unplaceable(events)
                    continue
                return state
            if kind == "build":
                if state._erect_options(top.player):
                    return state
                state = amend(state, stack=stack[:-1])
                continue
            if kind in delivery.STEPS:
                state = delivery.step(amend(state, stack=stack[:-1]), top, events)
                continue
            if kind in goods.STEPS:
                state = goods.step(amend(state, stack=stack[:-1]), top, events)
                continue
            return state
        return state

    def _resolve(self, events: list[Event]) -> State:
        """Step 3 in order: place the trains (a full route is delivered in Step 4), erect buildings,
        then save dice and cash Coins (offered only when there is something to choose)
        [resolve.apply] [resolve.route-complete] [ruling.resolve-order] [ruling.erect].
        Run by `_settle` on its new state (changed in place)."""
        p = self.current
        build = _BUILD_REQUIRED[p] if self.config.rulings.erect == "required" else _BUILD[p]
        return amend(self, stack=(*self.stack, _TO_SAVE, build, _PLACE[p]))

    def _unplaceable(self, events: list[Event]) -> State:
        """No route space may take a Train: the dice left go back unplaced; placing is compulsory
        while a space is free [resolve.train] [ruling.route-adjacency]."""
        p = self.current
        left = self.trains_left()
        events.append(_e("no-space", f"No route space can take a Train die: {len(left)} "
                         f"{'die goes' if len(left) == 1 else 'dice go'} back unplaced",
                         "ruling.route-adjacency", p))
        tray = tuple(d for d in self.tray if d.face not in TRAINS)
        return evolve(self, tray=tray, pool=self.pool + sum(d.bonus for d in left), stack=self.stack[:-1])

    def _next_turn(self, events: list[Event]) -> State:
        """The next player's turn; once the VP stacks ran out, the game ends when the Conductor's
        turn would begin [end.last-round]. P1 holds the Conductor's Hat and starts
        [components.hat] [setup.conductor] [ruling.conductor]. Run by `_settle` on its new state
        (changed in place)."""
        n = self.players
        if self.turn == 0:
            events.append(_e("start", "Setup is done: P1, the Conductor, takes the first turn",
                             "setup.conductor"))
            return evolve(self, turn=1, current=1, stack=(_GATHER[1],))
        nxt = self.current % n + 1
        if self.ending and nxt == 1:
            if self.config.rulings.last_round == "extra-round" and not self.final_round:
                events.append(_e("extra", "The round is over: every player has one more turn",
                                 "ruling.end-trigger"))
                return evolve(self, final_round=True, turn=self.turn + 1, current=1, delivered=(),
                              revealed=(), upgraded=False, struck=False, stack=(_GATHER[1],))
            back = goods.back_on_board(self)
            stacks = f"The VP stacks ran out{back}" if back else "The VP stacks are empty"
            events.append(_e("end", f"{stacks} and the round is over: the game ends before the Conductor's "
                             "turn", "end.last-round"))
            return evolve(self, over=True)
        return amend(self, turn=self.turn + 1, current=nxt, delivered=(), revealed=(), upgraded=False,
                      struck=False, stack=(_GATHER[nxt],))

    # --- reading the end ---------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return scoring.outcome(self)

    def scores(self, viewer: int | None = None) -> dict[int, int]:
        """VP cards and missions are face up; goods count only for their owner until the end
        (a viewer sees their own monopolies as they stand)."""
        return scoring.running(self, viewer)

    def breakdown(self, player: int) -> tuple[tuple[str, int], ...]:
        return scoring.breakdown(self, player)

    def describe(self, action: Any, viewer: int | None = None) -> str:
        """Dice choices in words ("Select d3 (Hotel) to reroll"); a Keep names its cards to its
        player only, a drawn power card likewise."""
        if isinstance(action, Keep) and viewer is not None and viewer != self.to_move:
            return f"P{self.to_move} keeps two power cards"
        if isinstance(action, DrawPower) and viewer is not None and self.stack and \
                viewer != self.stack[-1].get("to"):
            return "A power card is drawn"
        top = self.stack[-1] if self.stack and not self.over else None
        if top is not None and top.kind in _SUBSET_WORDS and isinstance(action, (Toggle, Confirm)):
            verb, done = _SUBSET_WORDS[top.kind]
            picked = chosen(top)
            if isinstance(action, Confirm):
                return done(len(picked))
            face = FACE_NAMES.get(self._face_of(action.item), "?")
            return f"{'Unselect' if action.item in picked else 'Select'} {action.item} ({face}) {verb}"
        return super().describe(action, viewer)

    # --- views --------------------------------------------------------------------------------
    def view(self, player: int | None) -> State:
        """Other players' goods are left out (neither how many nor which), their power cards and
        the power stack become "?", secret trades are sealed [public-knowledge.hidden]
        [speculation.secret] [ruling.hidden-cards]. VP cards, missions revealed, coins and dice
        are face up [public-knowledge.vp]; what happens openly (a card taken from a goods stack,
        the cards revealed in a trade) is in the log, as at the table. Once the game is over,
        scoring has shown every player's goods and power cards (`sees`); the power stack stays
        face down."""
        if not self.wants_view(player, self.players):
            return self
        seats = tuple(s if self.sees(player, i) else evolve(s, power=(HIDDEN,) * len(s.power), goods=())
                      for i, s in enumerate(self.seats, 1))
        stack = tuple(sealed(f, player) if f.kind == "speculate" else f for f in self.stack)
        return evolve(self, seats=seats, power_deck=(HIDDEN,) * len(self.power_deck), stack=stack,
                      seen_by=player)

    def determinize(self, rng: Any) -> State:
        """A full table consistent with this view: the power cards the viewer has not seen dealt
        again at random, and the goods in play that are neither on a stack, nor shown to the
        viewer, nor out of the game dealt at random among the players whose goods are face down;
        others' sealed trades are left to be chosen again (never guessed)."""
        if self.seen_by is None:
            return self
        viewer = self.seen_by
        unseen = [p for p in range(1, self.players + 1) if not self.sees(viewer, p)]
        held: dict[int, list[str]] = {p: [] for p in unseen}
        out = Counter({g: data.GOODS_EACH[g] for g in self.used})
        out -= Counter({g: n for g, n in self.stacks if g})
        out -= Counter(g for p, s in enumerate(self.seats, 1) if p not in held for g in s.goods)
        out -= Counter(c for c in self.box if c not in data.POWER)
        for card in sorted(out.elements()):
            held[rng.choice(unseen)].append(card)
        known = Counter(c for s in self.seats for c in (*s.power, *s.missions) if c != HIDDEN)
        known += Counter(c for c in self.box if c in data.POWER)
        unknown = sorted((Counter(c.id for c in data.POWER_CARDS) - known).elements())
        rng.shuffle(unknown)
        deal = iter(unknown)
        seats = tuple(evolve(s, power=tuple(sorted(next(deal) if c == HIDDEN else c for c in s.power)),
                             goods=tuple(sorted(held[p])) if p in held else s.goods)
                      for p, s in enumerate(self.seats, 1))
        stack = tuple(_unseal(f) if f.kind == "speculate" else f for f in self.stack)
        return evolve(self, seats=seats, power_deck=tuple(sorted(deal)), stack=stack, seen_by=None)

    def __getstate__(self) -> dict[str, Any]:
        own = self.__dict__
        return {f.name: own[f.name] for f in fields(self)}

    # --- pictures and bots (the picture and `assess`: the hooks `__init__.py` registers) ----------
    def targets(self, action: Any) -> tuple[str, ...]:
        """A placement or a building also answers a click on a die of this turn's roll that it
        uses, so a die, then a route space or a city, chooses it."""
        if isinstance(action, Place):
            face = "locked" if action.locked else "train"
            dice = tuple(f"d{i + 1}" for i, d in enumerate(self.tray)
                         if d.face == face and d.bonus == action.bonus)
            return (*dice, *action.targets())
        if isinstance(action, Erect):
            dice = tuple(f"d{i + 1}" for i, d in enumerate(self.tray) if d.face == action.building)
            return (*dice, *action.targets())
        return super().targets(action)

    def __str__(self) -> str:
        lines = [f"{self.title} ({self.config.describe()})",
                 f"Turn {self.turn}: {self.pending.prompt}" if not self.over else "Game over",
                 f"VP stacks {self.vp_stack}; bonus pool {self.pool}; power stack {len(self.power_deck)}; "
                 "goods " + ", ".join(f"{b} {g or '-'} {n}" for b, (g, n) in zip(BUILDINGS, self.stacks))]
        for p, s in enumerate(self.seats, 1):
            lines.append(f"  P{p}: {s.vp} VP, {s.coins} coins, {self.on_board(p)} dice on the board, saved "
                         f"{' '.join(s.saved) or '-'}, bonus dice {s.bonus}, "
                         f"goods {' '.join(s.goods) or '-'}, "
                         f"power {' '.join(s.power) or '-'}, missions {' '.join(s.missions) or '-'}")
        if self.tray:
            lines.append("  tray: " + " ".join(f"d{i + 1}={d.name}" for i, d in enumerate(self.tray)))
        return "\n".join(lines)


def _unseal(frame: Frame) -> Frame:
    """A speculation frame with the sealed commitments of others taken back: they choose again."""
    mine = tuple((p, c) for p, c in frame.get("commitments", ()) if c != SEALED)
    others = tuple(p for p, c in frame.get("commitments", ()) if c == SEALED)
    return frame.with_(commitments=mine, waiting=tuple(sorted((*frame.get("waiting"), *others))))


_FRAMES: dict[Any, Any] = {}
"""Frames and what they offer, made once and shared (frames are immutable): the rolls and the
dice choices of every turn repeat the same few. Keyed by value, or by a frame's identity (an
int key: the entry holds the frame itself, so its id is not reused while the entry lives)."""


def _shared(key: Any, make: Any) -> Any:
    found = _FRAMES.get(key)
    if found is None:
        if len(_FRAMES) >= 20_000:
            _FRAMES.clear()
        found = _FRAMES[key] = make()
    return found


def _of_frame(frame: Frame, make: Any) -> Any:
    """`make(frame)`, worked out once per frame object: found by identity, no hashing of the
    frame's payload at every step."""
    found = _FRAMES.get(id(frame))
    if found is None or found[0] is not frame:
        if len(_FRAMES) >= 20_000:
            _FRAMES.clear()
        found = _FRAMES[id(frame)] = (frame, make(frame))
    return found[1]


def _roll_frame(dice: tuple[int, ...], rule: str) -> Frame:
    dice = tuple(dice)
    return _shared(("roll", dice, rule), lambda: Frame.make("roll", CHANCE, dice=dice, rule=rule))


def _roll_step(frame: Frame) -> tuple[int, str, Frame | None]:
    """A roll's next die, its rule, and the roll that follows (None once it is the last die)."""
    dice, rule = frame.get("dice"), frame.get("rule")
    return dice[0], rule, _roll_frame(dice[1:], rule) if len(dice) > 1 else None


def _subset_frame(kind: str, player: int, items: tuple[str, ...], **data: Any) -> Frame:
    """A dice choice, the same object for the same choice (so what it offers is found by identity)."""
    return _shared(("subset", kind, player, items, *data.items()),
                   lambda: subset(kind, player, items, **data))


def _toggled(frame: Frame, item: str) -> Frame:
    toggles = _of_frame(frame, _subset_choice)[1]
    found = toggles.get(item)
    if found is None:  # one object per selection, whatever the order of the toggles
        new = toggled(frame, item)
        found = toggles[item] = _shared(new, lambda: new)
    return found


def _subset_options(frame: Frame) -> tuple[Any, ...]:
    options: tuple[Any, ...] = _of_frame(frame, _subset_choice)[0]
    return options


def _subset_choice(frame: Frame) -> tuple[tuple[Any, ...], dict[str, Frame]]:
    """The toggles and Confirm of a subset choice, Confirm first (a bot that sees no gain in a
    selection keeps the dice as they are), and the frames its toggles lead to, filled as played."""
    options = subset_options(frame)
    if isinstance(options[-1], Confirm):
        options = (options[-1], *options[:-1])
    return options, {}


_SUBSET_WORDS = {  # (what selecting a die does, what confirming n chosen dice does)
    "roll-saved": ("to roll it", lambda n: f"Roll {n} saved {'die' if n == 1 else 'dice'} with the others"
                   if n else "Keep the saved dice on their faces and roll the others"),
    "reroll": ("to reroll it", lambda n: f"Pay 1 Coin and reroll {n} {'die' if n == 1 else 'dice'}"
               if n else "Stop rolling: keep these faces"),
    "save": ("to save it", lambda n: f"Save {n} {'die' if n == 1 else 'dice'} for the next turn"
             if n else "Save no dice (Coin dice pay 2 Coins each)"),
}
_RESOLVE = Frame.make("resolve", CHANCE)
_GATHER = {p: Frame.make("gather", p) for p in range(1, 6)}
_PLACE_TEXT = {(False, False): "P{}'s Train die goes on {}",
               (False, True): "P{}'s Locked Train die goes on {}",
               (True, False): "a bonus Train die goes on {1}",
               (True, True): "a bonus Locked Train die goes on {1}"}
"""A placement's words by (bonus, locked): the player, then the space."""
_PLACE = {p: Frame.make("place", p) for p in range(1, 6)}
_BUILD = {p: Frame.make("build", p) for p in range(1, 6)}
_BUILD_REQUIRED = {p: Frame.make("build", p, required=True) for p in range(1, 6)}
DIE_NAMES = tuple(f"d{i + 1}" for i in range(ROLL_UP_TO + BONUS_DICE))
"""The names of this turn's dice in the order gathered: "d1", "d2"..."""
_TO_SAVE = Frame.make("to-save", CHANCE)
DONE = Done()
RECLAIM = Reclaim()
FACE = {f: Face(f) for f in FACES}
FACE_OPTIONS = tuple(FACE[f] for f in FACES)
GATHERS = {k: Gather(k) for k in range(BONUS_DICE + 1)}
_SPACE_NUMBERS = range(len(data.SPACES))
_BY_STATIONS = tuple(i for i in _SPACE_NUMBERS if data.NEXT_TO_CITY[i])
PLACES = {(s.id, b, lk): Place(s.id, b, lk)
          for s in data.SPACES for b in (False, True) for lk in (False, True)}
PLACES_AT = {(b, lk): tuple(PLACES[s.id, b, lk] for s in data.SPACES)
             for b in (False, True) for lk in (False, True)}
"""Per kind of Train die (bonus, locked), its placement on each route space by index."""
ERECTS = {(b, c.id): Erect(b, c.id) for b in BUILDINGS for c in data.CITIES}
DRAW_POWER = {c.id: DrawPower(c.id) for c in data.POWER_CARDS}
_WANTS: dict[str, tuple[type, ...]] = {
    "roll": (Face,), "power": (DrawPower,), "keep": (Keep,), "gather": (Gather, Reclaim),
    "roll-saved": (Toggle, Confirm), "reroll": (Toggle, Confirm), "save": (Toggle, Confirm),
    "place": (Place,), "build": (Erect, Done), "order": (Deliver,), "majority": (Award,),
    "goods": (Award,), "allot": (Award,), "upgrade": (Upgrade,), "speculate": (Commit,),
}
_ASKS = frozenset(_WANTS) - {"power", "place", "build"}
"""Frame kinds that always ask for a decision (the others may settle without one)."""
