"""The rules of Isle of Trains: All Aboard (1-4 players) as an immutable state machine.

A turn is two Actions (Take, Build, Load, Deliver), each possibly followed by small decisions
kept on a stack of `Frame`s: pay for a build card by card, discard after a draw, a bonus
action. Chance (the ticket tiles at setup, each card off the train deck, each passenger out of
the bag) is a decision of the chance seat, recorded in the log and forceable.

Load lives in `loading.py`, Deliver in `delivery.py`; final scoring in `scoring.py`; the solo
Challenge's rating and the Scenario chapters' objectives in `solo.py`. Solo play is this same
machine with a Night phase after each Day's two actions, no reshuffle and no progress train, an
end the moment the deck runs out (or, in a scenario, the objective is met) and one action at any
time: `Return` the top discard onto the deck, which the next draw then takes.

Two paths to legality (see `sandbox.core.state`): `generate_legal` lists the legal actions
straight from the position, formatting nothing, as shared (interned) action objects; the
`_violations` family says why any action is refused, with its numbers. A property test keeps
them in agreement, in the same order (seeded games depend on it). What both read often (a
train's weight and capacity, its cabooses and free places, the builds onto it) is worked out
once per train (`index.py`); where a delivery is open once per state (`memo`).

Speed: `pending` and `to_move` name the decider without working out the options; chance is
sampled in O(1) from the sorted pile, and the outcome just sampled is applied without being
looked up again (`core.state.dealt`); `apply` finds the legal object by identity; a transition
copies the state once (`_evolved`: `core.state.evolve`), the steps after it (an action's own
step, the settling, the end of a turn) change that private copy in place (`_amended`:
`core.state.amend`) before it is handed out, and event text is written only when it is read.
Compiled, the fields are a native class (`table.py`): the rules typed with it read them in C,
and the copy is made and changed slot by slot by C functions (`table.copied`, `table.written`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any

from sandbox.core.decision import frame_of
from sandbox.core.errors import Violation, quote
from sandbox.core.events import Event
from sandbox.core.frozen import made
from sandbox.core.outcome import Outcome
from sandbox.core.pending import CHANCE, Pending
from sandbox.core.state import (
    SAMPLED,
    GameState,
    amend,
    by_fields,
    dealt,
    evolve,
    fields_of,
    handed,
    native_fields,
)
from sandbox.core.words import plural
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains import delivery, loading, scoring, solo
from sandbox.isle_of_trains.actions import (
    CODE,
    DESTINATIONS,
    DISCARDS,
    DRAW_PASSENGERS,
    DRAWS,
    PARTS_WITH_PASSENGER,
    PAYS,
    RETURNS,
    SKIP,
    TAKES,
    TILES,
    Build,
    Deliver,
    Discard,
    Draw,
    DrawPassenger,
    Interned,
    LoadCard,
    LoadPassenger,
    Part,
    Pay,
    PlaceTile,
    Return,
    Spot,
    Take,
    parse,
)
from sandbox.isle_of_trains.components import card_name
from sandbox.isle_of_trains.config import Config
from sandbox.isle_of_trains.index import TrainIndex, index_of
from sandbox.isle_of_trains.model import (
    CACHE_LIMIT,
    Car,
    Player,
    Ticket,
    capacity,
    car_of,
    distinct,
    make_frame,
    weight,
)
from sandbox.isle_of_trains.table import ACTIONS

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

if cython.compiled:  # the native classes, their fields read and copied in C by the rules typed with them
    from cython.cimports.sandbox.core.decision import Frame
    from cython.cimports.sandbox.isle_of_trains.table import Table, copied, written
else:
    from sandbox.core.decision import Frame
    from sandbox.isle_of_trains.table import Table, copied, written

HAND_LIMIT = 5
DISPLAY = 3
CARDS = data.card_types()
TRAIN_CATEGORIES = ("engine", "coach", "hopper", "tanker", "boxcar", "caboose")


TILE_IDS = tuple(t.id for t in data.ticket_tiles())


def _e(kind: str, text: str, rule: str, actor: int | None = None, **payload: Any) -> Event:
    return Event.of(kind, text, rule, actor, payload)


class _Pending(Pending):
    """The pending decision, worked out as it is read: who decides and the kind of decision at
    once (what the match asks at every step); the prompt, the rule, the options and the chances
    of a chance decision when first read."""

    __slots__ = ("_state",)

    def __init__(self, state: State, player: int | None, kind: str) -> None:
        self._state = state
        self.player = player
        self.kind = kind

    @property
    def players(self) -> tuple[int, ...]:  # type: ignore[override]
        return () if self.player is None else (self.player,)

    @property
    def anytime(self) -> tuple[Any, ...]:  # type: ignore[override]
        """Solo: returning the top discard, offered beside the main step [solo.return]."""
        state = self._state
        if state.config.players != 1:
            return ()
        return tuple(a for a in state.legal_actions() if type(a) is Return)

    @property
    def progress(self) -> str:  # type: ignore[override]
        """Solo: where the objective (or the Challenge's rating) stands."""
        state = self._state
        return solo.goal(state).text if state.config.players == 1 and state.turn else ""

    @property
    def options(self) -> tuple[Any, ...]:
        return self._state.legal_actions()

    @property
    def prompt(self) -> str:  # type: ignore[override]
        return self._state._asking[2]

    @property
    def rule(self) -> str:  # type: ignore[override]
        return self._state._asking[3]

    @property
    def chances(self) -> tuple[float, ...]:  # type: ignore[override]
        return self._state._odds() if self.player == CHANCE else ()


class State(Table, GameState):
    game_id = "isle_of_trains"
    title = "Isle of Trains: All Aboard"
    chance_actions = (Draw, DrawPassenger, PlaceTile)
    memos = ("_memo",)  # the memo of worked-out answers
    click_hint = ("click a card in your hand, then a car or the end of a train (build, load); a "
                  "display slot, the deck or the bag (take); a destination (deliver)")
    # decisions that continue the same action; a greedy bot looks through them
    continuations = ("deliver", "contract", "pay", "extra", "discard", "building", "bonus-A", "bonus-B",
                     "bonus-L", "bonus-D", "bonus-L/D")

    def turn_marker(self) -> tuple[int, int | None]:
        return self.turn, self.current

    # --- setting up ------------------------------------------------------------------------
    @classmethod
    def start(cls, config: Config) -> State:
        """Setup steps 1-7: islands [setup.islands], destination and ticket tiles [setup.tickets],
        the progress track [setup.progress], a Level 1 Engine each, the rest shuffled in
        [setup.engines] (drawn as chance), 5 cards each and a 3-card display [setup.deal], 2
        passengers each [setup.passengers]."""
        n = config.players
        deck = list(data.deck())
        for _ in range(n):
            deck.remove("E1")
        islands = solo.laid_out(config)
        tickets = tuple(Ticket(CODE[d.name], 0) for d in data.destinations())
        frames = [Frame.make("tile", CHANCE, dest=t.destination) for t in tickets]
        frames += [Frame.make("draw", CHANCE, to=p, n=HAND_LIMIT) for p in range(1, n + 1)]
        frames += [Frame.make("draw", CHANCE, to=0, n=DISPLAY)]
        frames += [Frame.make("passenger", CHANCE, to=p, n=2) for p in range(1, n + 1)]
        players = tuple(Player(train=(Car("E1"),)) for _ in range(n))
        bag = tuple(sorted(CODE[name] for name in data.passengers()))
        return cls(config, players, tuple(sorted(deck)), (), ("",) * DISPLAY, bag, islands, tickets,
                   stack=tuple(reversed(frames)))

    # --- reading ---------------------------------------------------------------------------
    @cython.locals(self=Table)
    def player(self, p: int) -> Player:
        return self.players[p - 1]

    @property
    @cython.locals(self=Table)
    def end_space(self) -> int:
        """The progress track's end (0 solo: the track is not used [solo.no-progress])."""
        n = self.config.players
        return data.end_space(n) if n > 1 else 0

    @property
    @cython.locals(self=Table)
    def solo(self) -> bool:
        return self.config.players == 1

    @property
    @cython.locals(self=Table)
    def deck_size(self) -> int:
        """Cards in the train deck, those returned on top included."""
        return len(self.deck) + len(self.returned)

    @property
    @cython.locals(self=Table)
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    @cython.locals(top=Frame, self=Table)
    def decider(self) -> int | None:
        if self.over:
            return None
        stack = self.stack
        if stack:
            top = stack[-1]
            return top.player
        return self.current

    @property
    @cython.locals(self=Table)
    def is_over(self) -> bool:
        return self.over

    @property
    @cython.locals(top=Frame, self=Table)
    def to_move(self) -> int | None:
        if self.over:
            return None
        stack = self.stack
        if stack:
            top = stack[-1]
            return top.player
        return self.current

    @cython.locals(self=Table)
    def actor(self, action: Any) -> int | None:
        """The pending decider: nobody ever decides at the same time as another here."""
        return self.to_move

    @property
    @cython.locals(top=Frame, self=Table)
    def pending(self) -> Pending:
        """Who decides and the kind of decision; the rest is worked out when read, and kept by
        the state (never the Pending itself, which points back at the state)."""
        if self.over:
            return _Pending(self, None, "over")
        stack = self.stack
        if stack:
            top = stack[-1]
            return _Pending(self, top.player, top.kind)
        return _Pending(self, self.current, "action")

    @property
    @cython.locals(self=Table)
    def memo(self) -> dict[Any, Any]:
        """What this state has worked out about itself (states never change, so it stays true;
        a copy made with `evolve` or `replace` starts empty)."""
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = self.__dict__["_memo"] = {}
        return memo

    @cython.locals(self=Table)
    def train_index(self, p: int) -> TrainIndex:
        """P`p`'s train in numbers: weight, capacity, cabooses, loads, free places, the legal
        builds onto it (worked out once per train, see `index.py`)."""
        return index_of(self.players[p - 1])

    def __getstate__(self) -> dict[str, Any]:
        """The fields only, never what a state worked out about itself."""
        return fields_of(self)

    __reduce__ = by_fields

    @cached_property
    @cython.locals(self=Table)
    def _asking(self) -> tuple[int | None, str, str, str]:
        """Who decides, the kind of decision, its prompt and its rule: the pending decision
        without its options, so refusals can quote it while the options are worked out."""
        if self.over:
            return None, "over", "The game is over", "end.final-turns"
        top = self.top
        if top is None:
            day = "Day, action" if self.config.players == 1 else "Action"  # [solo.day]
            prompt = f"P{self.current}: {day} {ACTIONS - self.actions_left + 1} of {ACTIONS}"
            return self.current, "action", prompt, "solo.day" if day != "Action" else "turn.two-actions"
        if top.player == CHANCE:  # a draw cites why it is drawn (a benefit, a caboose, a reward)
            rule = top.get("rule") or (_CHANCE_RULE[top.kind] if self.turn else _SETUP_RULE[top.kind])
            return CHANCE, top.kind, self._chance_prompt(top), rule
        if top.kind == "building":
            prompt = self._building_prompt(top)
            rule = "build.one-building" if top.get("card") else "ruling.caboose-4"
        else:
            prompt, rule = _PROMPTS[top.kind]
            data = dict(top.data)
            if "dest" in data:
                data["dest"] = DESTINATIONS[data["dest"]]
            if "n" in data:
                data["s"] = "" if data["n"] == 1 else "s"
            if "card" in data:
                data["card"] = card_name(data["card"])
            prompt = prompt.format(**data)
            if top.kind == "contract":
                rule = f"deliver.{top.get('which')}"
            rule = top.get("rule") or rule  # a bonus says where it came from (a ticket tile)
        return top.player, top.kind, f"P{top.player}: {prompt}", rule

    def _building_prompt(self, top: Frame) -> str:
        """Which building goes: the one a new building replaces [build.one-building], or one of
        two once Caboose 4 has left the train [ruling.caboose-4]."""
        keep = self.building_limit(self.player(top.player).train)
        options = " or ".join(f"'discard {b}'" for b in self._building_choices(top))
        if top.get("card"):
            return (f"the {CARDS[top.get('card')].name} replaces a building: choose the one that goes "
                    f"to the discard pile ({options})")
        return (f"without Caboose 4 you may keep {plural(keep, 'building')}: choose the one that goes "
                f"to the discard pile ({options})")

    @cython.locals(self=Table)
    def _building_choices(self, top: Frame) -> tuple[str, ...]:
        """The buildings that may go: every one but the building just built."""
        return tuple(b for b in self.player(top.player).buildings if b != top.get("card"))

    @cython.locals(self=Table)
    def building_limit(self, train: tuple[Car, ...]) -> int:
        """1 building, 1 more with Caboose 4 [build.one-building] [caboose.4]; no limit in
        chapters 2 and 7 [scenario.no-building-limit]."""
        if self.config.chapter and (chapter := solo.scenario(self.config)) and chapter.unlimited_buildings:
            return 1_000
        return 1 + sum(c.card == "K4" for c in train)

    def _chance_prompt(self, top: Frame) -> str:
        if top.kind == "tile":
            return f"Place a ticket tile under {DESTINATIONS[top.get('dest')]}"
        to = top.get("to")
        if to == BURN:
            return "Night: the top card of the train deck goes face up to the discard pile"
        where = "the display" if to == 0 else f"P{to}"
        what = "a passenger" if top.kind == "passenger" else "a card"
        return f"Draw {what} for {where} ({top.get('n')} to go)"

    @cython.locals(self=Table)
    def _tiles_left(self) -> tuple[int, ...]:
        placed = {t.tile for t in self.tickets}
        return tuple(t for t in TILE_IDS if t not in placed)

    @cython.locals(top=Frame, self=Table)
    def _pool(self, top: Frame) -> tuple[Any, ...]:
        """What chance draws from now, one entry per copy, sorted: the ticket tiles left, the
        passenger bag, or the train deck (nothing in a view, whose deck is the match's to deal)."""
        if top.kind == "tile":
            return self._tiles_left()
        if top.kind == "passenger":
            return self.bag
        if self.returned:  # a returned card is the top of the deck, known [solo.return]
            return self.returned[-1:]
        if self.deck_hidden:
            return ()
        return self.deck

    @cython.locals(top=Frame, self=Table)
    def _chance_options(self, top: Frame) -> list[Any]:
        """Each distinct outcome of the chance decision on top, in sorted order."""
        table = TILES if top.kind == "tile" else DRAW_PASSENGERS if top.kind == "passenger" else DRAWS
        return [table[k] for k in dict.fromkeys(self._pool(top))]

    @cython.locals(self=Table)
    def _odds(self) -> tuple[float, ...]:
        """The probability of each chance outcome, in the order of the options: its copies over
        all that is left."""
        memo = self.memo
        odds = memo.get("odds")
        if odds is None:
            pool = self._pool(self.stack[-1])
            counts = Counter(pool)
            odds = memo["odds"] = tuple(counts[k] / len(pool) for k in dict.fromkeys(pool))
        return odds

    @cython.locals(top=Frame, self=Table)
    def sample_chance(self, rng: Any) -> Any:
        """One outcome of the chance decision, in O(1): the pool is sorted, so the entry at
        `int(rng.random() * len(pool))` is the outcome `rng.choices(distinct, counts)` gives (both
        read one `random()`; with whole cumulative counts bisect and floor agree)."""
        stack = self.stack
        top = stack[-1] if stack and not self.over else None
        if top is None or top.player != CHANCE:
            return super().sample_chance(rng)
        kind = top.kind
        if kind == "draw" and self.seen_by is None and not self.returned:
            pool, table = self.deck, DRAWS
        else:
            pool = self._pool(top)
            table = TILES if kind == "tile" else DRAW_PASSENGERS if kind == "passenger" else DRAWS
        if not pool:
            return super().sample_chance(rng)
        return dealt(self, table[pool[int(rng.random() * len(pool))]])  # `apply` knows it legal

    @cython.locals(top=Frame, self=Table)
    def is_legal(self, action: Any) -> bool:
        """A set lookup, as in the core; chance outcomes are looked up in what is left to draw,
        and the legal action objects themselves (what bots and the match pass back) by identity."""
        stack = self.stack
        if stack and stack[-1].player == CHANCE and not self.over:
            top = stack[-1]
            kind, cls = top.kind, type(action)
            if kind == "tile":
                return cls is PlaceTile and _whole(action.tile) and action.tile in self._tiles_left()
            if kind == "passenger":
                return cls is DrawPassenger and action.dest in self.bag
            if self.returned:
                return cls is Draw and action.card == self.returned[-1]
            return cls is Draw and (self.seen_by is None or not self.deck_hidden) \
                and type(action.card) is str and _holds(self.deck, action.card)
        return super().is_legal(action)

    @cython.locals(self=Table, own=dict)
    def apply(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        """The core's `apply` without detours for what is surely legal: one of the legal objects
        themselves (what loops and bots pass back, found by identity) or an outcome chance may
        give now goes straight to the rules; anything else is read and checked as the core
        does (IllegalAction with every reason)."""
        own = self.__dict__
        if own.get(SAMPLED) is action:  # what chance gave here just now (`sample_chance`)
            return self._transition(action)
        legal = own.get("_legal")
        if legal is not None and handed(action, legal):
            return self._transition(action)
        if type(action) in ACTION_TYPES and self.is_legal(action):
            return self._transition(action)
        return super().apply(action)

    @property
    def deck_hidden(self) -> bool:
        """Whether this is a view, whose train deck its viewer cannot see."""
        return self.seen_by is not None and HIDDEN in self.deck

    def _deck_hidden_violation(self, rule: str) -> Violation:
        return Violation(rule, f"the train deck is hidden in P{self.seen_by}'s view: draws are dealt "
                               "by the match")

    def shape_violations(self, action: Any) -> list[Violation]:
        """The core's check of every field's kind, worded first by the rule the field belongs to."""
        return _malformed(action) or super().shape_violations(action)

    def forcing_violations(self, outcome: Any) -> list[Violation]:
        """A forced card must still be in the train deck or the discard pile (reshuffled into
        it [take.reshuffle]); a forced passenger in the bag; a forced ticket tile not placed."""
        out = super().forcing_violations(outcome) or _malformed(outcome)
        if out:
            return out
        if isinstance(outcome, Draw) and self.returned:
            if outcome.card != self.returned[-1]:
                out.append(Violation("solo.return", f"the top of the train deck is the returned "
                                                    f"{card_name(self.returned[-1], with_code=True)}"))
        elif isinstance(outcome, Draw) and self.deck_hidden:
            out.append(self._deck_hidden_violation("take.card"))
        elif isinstance(outcome, Draw) and outcome.card not in self.deck and (
                self.solo or outcome.card not in self.discard):
            out.append(Violation("take.card", f"no {outcome.card} is left in the train deck"))
        elif isinstance(outcome, DrawPassenger) and outcome.dest not in self.bag:
            out.append(Violation("take.passenger", f"no passenger for {outcome.dest} is left in the bag"))
        elif isinstance(outcome, PlaceTile) and (
                outcome.tile in {t.tile for t in self.tickets}
                or outcome.tile not in {t.id for t in data.ticket_tiles()}):
            out.append(Violation("setup.tickets", f"ticket tile {outcome.tile} is not left to place"))
        return out

    # --- legality --------------------------------------------------------------------------
    def candidate_actions(self) -> Iterator[Any]:
        yield from self._candidates()
        top = self.top
        if self.solo and self.discard and not self.over and (top is None or top.player != CHANCE):
            yield RETURNS[self.discard[-1]]  # at any time [solo.return]

    def _candidates(self) -> Iterator[Any]:
        top = self.top
        if self.over:
            return
        if top is not None and top.player == CHANCE:
            yield from self._chance_options(top)
            return
        p = self.decider()
        assert p is not None
        me = self.player(p)
        me = evolve(me, hand=tuple(c for c in me.hand if c in CARDS))  # a view hides others' hands
        kind = top.kind if top else "action"
        if kind in ("pay", "hand-limit", "discard", "extra"):
            make = Pay if kind == "pay" else Discard
            yield from (make(c) for c in dict.fromkeys(me.hand))
            return
        if kind == "building":
            assert top is not None
            yield from (Discard(b) for b in self._building_choices(top))
            return
        if kind in ("deliver", "contract"):
            assert top is not None
            yield from delivery.part_candidates(self, top)
            return
        if kind in ("action", "bonus-A"):  # +A: any of the four actions [ruling.bonus-any-action]
            yield from (Take(str(i)) for i in range(1, DISPLAY + 1))
            yield from (Take("deck"), Take("passenger"))
        if kind in ("action", "bonus-A", "bonus-B"):
            yield from self._build_candidates(me)
        if kind in LOADS:
            yield from loading.candidates(self, p, kind)
        if kind in DELIVERS:
            yield from (Deliver(code) for code in self.destinations())
        if kind.startswith("bonus-"):
            yield Part("skip")

    @cython.locals(self=Table)
    def generate_legal(self) -> Iterable[Any]:
        """The legal actions straight from the position, in the order of `candidate_actions`
        (which seeded games depend on), as shared action objects; nothing is formatted."""
        out = self._generate()
        if self.config.players == 1 and self._may_return():
            return [*out, RETURNS[self.discard[-1]]]
        return out

    @cython.locals(self=Table)
    def _may_return(self) -> bool:
        """Solo: the top discard may go back on the deck now: a decision of the player's
        (`solo_return_at`: any, or only between actions), a discard pile, the tokens to pay
        [solo.return] [ruling.solo-return-when]."""
        if self.over or not self.discard or self.turn == 0:
            return False
        stack = self.stack
        if stack and (stack[-1].player == CHANCE or self.config.rulings.solo_return_at == "between-actions"):
            return False
        return self.players[0].tokens >= solo.return_cost(self.config)

    @cython.locals(top=Frame, self=Table)
    def _generate(self) -> Iterable[Any]:
        if self.over:
            return ()
        stack = self.stack
        top = stack[-1] if stack else None
        if top is not None and top.player == CHANCE:
            return self._chance_options(top)
        p = top.player if top is not None else self.current
        me = self.players[p - 1]
        kind = top.kind if top is not None else "action"
        if kind in ("pay", "hand-limit", "discard", "extra"):
            table = PAYS if kind == "pay" else DISCARDS
            return [table[c] for c in distinct(me.hand, CARDS)]
        if kind == "building":
            assert top is not None
            return [DISCARDS[b] for b in self._building_choices(top)]
        if kind in ("deliver", "contract"):
            assert top is not None
            return delivery.legal_parts(self, top)
        out: list[Any] = []
        if kind in ("action", "bonus-A"):  # [take.card] [take.reshuffle] [take.passenger]
            display = self.display
            out += [take for take, card in zip(_TAKE_SLOTS, display) if card]
            if self.deck or self.discard:
                out.append(TAKES["deck"])
            out.append(TAKES["passenger"])
        if kind in ("action", "bonus-A", "bonus-B"):
            self._legal_builds(p, me, out)
        if kind in LOADS:
            loading.legal(self, p, kind, out)
        if kind in DELIVERS:
            delivery.legal_delivers(self, p, out)
        if kind.startswith("bonus-"):
            out.append(SKIP)
        return out

    @cython.locals(self=Table)
    def _legal_builds(self, p: int, me: Player, out: list[Any]) -> None:
        """Every legal Build, in candidate order: for each card in hand, those its train's index
        allows with the other cards in hand to pay (`TrainIndex.legal_builds`)."""
        index = index_of(me)
        payable = len(me.hand) - 1
        for card in distinct(me.hand, CARDS):  # not a hidden card
            out += index.legal_builds(card, payable)

    @cython.locals(self=Table)
    def destinations(self) -> tuple[str, ...]:
        """Where deliveries go: every destination tile, and the Research Station while it is in
        the game [ruling.research-station-destination]."""
        codes = tuple([t.destination for t in self.tickets])
        rs = "Research Station"
        if rs in self.islands:
            return (*codes, "RS")
        for pl in self.players:
            for held in pl.islands:
                if held.island == rs:
                    return (*codes, "RS")
        return codes

    def _build_candidates(self, me: Player) -> Iterator[Build]:
        for card in dict.fromkeys(me.hand):
            t = CARDS[card]
            if t.category == "building":
                yield Build(card)
                continue
            ups = [0] + [i for i, car in enumerate(me.train, 1) if CARDS[car.card].category == t.category]
            for up in ups:
                yield Build(card, up)
                for drop in range(2, len(me.train) + 1):
                    if drop != up:
                        yield Build(card, up, drop)

    @cython.locals(top=Frame)
    def _violations(self, action: Any) -> list[Violation]:
        if bad := _malformed(action):  # a hand-built action with fields no notation gives
            return bad
        if self.over:
            return [Violation("end.final-turns", "the game is over")]
        top = self.top
        if top is not None and top.player == CHANCE:
            rule = self._asking[3]
            if top.kind == "draw" and self.deck_hidden and isinstance(action, Draw):
                return [self._deck_hidden_violation(rule)]
            if action in self._chance_options(top):
                return []
            return [Violation(rule, f"chance decides now: {self._chance_prompt(top)}; "
                                    f"{self.describe(action, self.seen_by)} is not one of its outcomes")]
        p = self.decider()
        assert p is not None
        kind = top.kind if top else "action"
        if isinstance(action, (Pay, Discard)):
            wanted = {"pay": Pay, "extra": Discard, "hand-limit": Discard, "discard": Discard,
                      "building": Discard}.get(kind)
            rule = self._asking[3]
            if wanted is not type(action):
                verb = type(action).__name__.lower()
                return [Violation(rule, f"P{p} is not asked to {verb} a card now: {self._asked()}")]
            if kind == "building":
                assert top is not None
                choices = self._building_choices(top)
                if action.card not in choices:
                    return [Violation(rule, f"{action.card} is not a building P{p} may discard now "
                                            f"(choose {' or '.join(choices)})")]
                return []
            return self._in_hand(p, action.card, rule)
        if isinstance(action, Take):
            if kind not in ("action", "bonus-A"):
                return [self._busy(p)]
            return self._take_violations(action)
        if isinstance(action, Build):
            if kind not in ("action", "bonus-A", "bonus-B"):
                return [self._busy(p)]
            return self._build_violations(self.player(p), action)
        if isinstance(action, (LoadCard, LoadPassenger)):
            if kind not in LOADS:
                return [self._busy(p)]
            return loading.violations(self, p, kind, action)
        if isinstance(action, Deliver):
            if kind not in DELIVERS:
                return [self._busy(p)]
            return delivery.deliver_violations(self, p, action)
        if isinstance(action, Part):
            if action.kind == "skip":
                if kind.startswith("bonus-"):
                    return []
                return [Violation("ruling.bonus-optional", "only a bonus action can be skipped")]
            if kind in ("deliver", "contract"):
                assert top is not None
                return delivery.part_violations(self, top, action)
            return [Violation("deliver.together", f"'{action.notation}' is a part of a delivery: choose "
                                                  "'deliver' and a destination first")]
        if isinstance(action, Return):
            return self._return_violations(action)
        if isinstance(action, (Draw, DrawPassenger, PlaceTile)):
            return [Violation(self._asking[3], f"'{action.notation}' is decided by chance, not by a "
                                                 f"player; P{p} decides now: {self._asked()}")]
        return [Violation("notation", f"this {type(action).__name__} is not an action of {self.title}")]

    def _return_violations(self, action: Return) -> list[Violation]:
        """Only solo, only the top card of the discard pile, for its VP tokens, when the timing
        ruling allows [solo.return] [scenario.return-cost] [ruling.solo-return-when]."""
        if not self.solo:
            return [Violation("solo.return", "returning a discard to the deck is a solo rule")]
        if not self.discard:
            return [Violation("solo.return", "the discard pile is empty")]
        top = self.discard[-1]
        if action.card != top:
            return [Violation("solo.return", f"only the top card of the discard pile can be returned: "
                                             f"{card_name(top, with_code=True)}")]
        if self.turn == 0:
            return [Violation("solo.return", "the game has not begun: setup is still dealt")]
        if self.stack and self.config.rulings.solo_return_at == "between-actions":
            return [Violation("ruling.solo-return-when", "with solo_return_at='between-actions' a card is "
                                                         f"returned between actions: first {self._asked()}")]
        cost, rule = solo.return_cost(self.config), solo.return_rule(self.config)
        tokens = self.players[0].tokens
        if tokens < cost:
            return [Violation(rule, f"returning a card costs {plural(cost, 'VP token')}; P1 has {tokens}",
                              {"cost": cost, "tokens": tokens})]
        return []

    def _asked(self) -> str:
        """The pending prompt without the "P1: " it starts with."""
        return self._asking[2].split(": ", 1)[-1]

    def _busy(self, p: int) -> Violation:
        return Violation("turn.two-actions", f"P{p} must first finish: {self._asked()}")

    def _in_hand(self, p: int, card: str, rule: str) -> list[Violation]:
        """Whether `card` is in P`p`'s hand; in a view of another player's hand, that it cannot
        be known (the view never guesses what a hidden hand holds)."""
        hand = self.player(p).hand
        if card in hand:
            return []
        if HIDDEN in hand:
            return [Violation(rule, f"P{p}'s hand is hidden in P{self.seen_by}'s view: only P{p} knows "
                                    f"whether it holds {card}")]
        return [Violation(rule, f"{card} is not in P{p}'s hand")]

    def _take_violations(self, take: Take) -> list[Violation]:
        if take.source.isdigit():  # 1-3 (checked in _malformed)
            if not self.display[int(take.source) - 1]:
                return [Violation("take.card", f"display slot {take.source} is empty")]
        elif take.source == "deck" and not self.deck and not self.discard:
            return [Violation("take.reshuffle", "the train deck and the discard pile are both empty")]
        return []

    def build_cost(self, me: Player, build: Build) -> int:
        """Step 3: the card's cost when extending (1 less with Caboose 5, never below 0, not for
        upgrades or buildings [caboose.5] [ruling.caboose-5]) or building, the difference when
        upgrading. Costs come from the card data (the Level 1 Engine costs 1 [ruling.l1-engine-cost]).
        A car dropped to make weight goes before the build [build.drop-car], so a Caboose 5
        dropped in the same build gives no discount."""
        t = CARDS[build.card]
        if build.up:
            return t.cost - CARDS[me.train[build.up - 1].card].cost
        kept = (c for i, c in enumerate(me.train, 1) if i != build.drop)
        discount = 1 if t.category != "building" and any(c.card == "K5" for c in kept) else 0
        return max(0, t.cost - discount)

    def _build_violations(self, me: Player, build: Build) -> list[Violation]:
        out: list[Violation] = []
        t = CARDS.get(build.card)
        if t is None:
            return [Violation("notation", f"{build.card} is not a card of this game")]
        p = self.decider()
        assert p is not None
        if missing := self._in_hand(p, build.card, "build.from-hand"):
            return missing
        if t.category == "building":
            if build.up or build.drop:
                out.append(Violation("build.building-cost-only", "a building only pays its cost: no "
                                     "upgrade, no car dropped"))
        else:
            train = list(me.train)
            if build.drop and (not 2 <= build.drop <= len(train) or build.drop == build.up):
                out.append(Violation("build.drop-car", f"card {build.drop} is not a car that can "
                                     "be discarded (never the engine, nor the car upgraded)"))
            if build.up:
                if not 1 <= build.up <= len(train):
                    return [*out, Violation("build.extend-or-upgrade", f"there is no card {build.up} "
                                            f"in the train ({len(train)} cards)")]
                old = CARDS[train[build.up - 1].card]
                if t.category == "caboose":
                    out.append(Violation("build.no-upgrade-caboose-building", "cabooses cannot be upgraded"))
                elif old.category != t.category:
                    out.append(Violation("build.extend-or-upgrade", f"{t.name} is not in the same "
                                         f"category as {old.name}"))
                # up only, skipping a level allowed [ruling.upgrade-higher] [build.skip-level]
                elif (t.level or 0) <= (old.level or 0):
                    out.append(Violation("build.extend-or-upgrade", f"{t.name} is not a higher level "
                                         f"than {old.name}"))
            # one engine; cabooses and duplicates have no limit [build.cabooses] [build.duplicates]
            elif t.category == "engine":
                out.append(Violation("build.one-engine", "a train has only ever 1 engine: upgrade it"))
            if not out:
                after = self._built_train(me, build)
                w, c = weight(after), capacity(after)
                if w > c:
                    out.append(Violation("build.capacity", f"weight {w} would exceed engine capacity {c}",
                                         {"weight": w, "capacity": c}))
        if not out:
            cost, payable = self.build_cost(me, build), len(me.hand) - 1
            numbers = {"card": build.card, "cost": cost, "payable": payable}
            if cost < 0:
                out.append(Violation("build.extend-or-upgrade", f"{t.name} costs less than the car "
                                     "it would replace", numbers))
            elif cost > payable:
                out.append(Violation("build.pay", f"the build costs {plural(cost, 'card')}; "
                                     f"P{self.decider()} has {plural(payable, 'other card')} in hand",
                                     numbers))
        return out

    def _built_train(self, me: Player, build: Build) -> tuple[Car, ...]:
        """The train after the build: a dropped car goes, an upgraded car keeps its loads
        [ruling.upgrade-keeps-load], a new car joins at the right end. Capacity is checked on
        this train [ruling.capacity-after-build]."""
        train = list(me.train)
        if build.up:
            keep = self.config.rulings.upgrade_load == "keep"
            train[build.up - 1] = car_of(build.card, train[build.up - 1].loads if keep else ())
        else:
            train.append(car_of(build.card, ()))
        if build.drop:
            del train[build.drop - 1]
        return tuple(train)

    # --- transitions -----------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        return parse(text)

    def read(self, action: Any) -> Any:
        """An action of this game as it is (the common case, checked first), else as the core
        reads it (notation text; anything else refused)."""
        if type(action) in ACTION_TYPES:
            return action
        return super().read(action)

    @cython.locals(top=Frame, self=Table)
    def _transition(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        cls = type(action)
        if cls is Draw:
            state = _draw(self, action.card, events)
        elif cls is DrawPassenger:
            state = _draw_passenger(self, action.dest, events)
        elif cls is PlaceTile:
            state = _place_tile(self, action.tile, events)
        elif cls is Pay or cls is Discard:
            state = _pay(self, action, events)
        elif cls is Return:
            state = _return(self, action.card, events)
        elif cls is Part:
            top = self.stack[-1]
            if action.kind == "skip":
                events.append(Event.lazy("skip", "P{} declines the bonus action", top.player,
                                         rule="ruling.bonus-optional", actor=top.player))
                state = _evolved(self, {"stack": self.stack[:-1]})
            else:
                state = delivery.apply_part(self, top, action, events)
        else:
            state = _act(self, action, events)
        return _settle(state, events), tuple(events)

    @cython.locals(self=Table)
    def _with_player(self, p: int, **changes: Any) -> tuple[Player, ...]:
        players = self.players
        return (*players[:p - 1], evolve(players[p - 1], **changes), *players[p:])

    # --- the end ---------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return scoring.outcome(self)

    def scores(self, viewer: int | None = None) -> dict[int, int]:
        """Every player's points as if the game were scored now [score.winner], worked out on
        `viewer`'s view: every part of the score is on the table (tokens, cars, contracts, how
        many loads, the progress train, buildings), none reads a hand or what a face-down load is."""
        seen = self.view(viewer) if viewer is not None and self.seen_by is None else self
        return {p: scoring.score(seen, p) for p in range(1, len(self.players) + 1)}

    def breakdown(self, player: int) -> tuple[tuple[str, int], ...]:
        """`player`'s points in the six categories of End of Game Scoring, as if the game were
        scored now, for any position (the same parts as the outcome's breakdown)
        [score.tokens] [score.cars] [score.contracts] [score.loaded] [score.progress-train]
        [score.buildings]."""
        return scoring.breakdown(self, player)

    # --- hidden information ----------------------------------------------------------------
    def describe(self, action: Any, viewer: int | None = None) -> str:
        """`action` in words as `viewer` may read it (None: the whole table).

        The rules keep three things secret: the cards in a hand (dealt [setup.deal], drawn
        [take.card], gained), the train deck, and a card loaded face down [load.face-down]. So:

        - a card drawn from the deck into a hand (`Draw`) is named to that hand's owner only;
          drawn into the display it is face up for everyone [take.display-refill];
        - a card loaded face down (`LoadCard(face_down=True)`) is named to its loader only;
        - everything else is public as it happens: a card taken from the display, built, paid or
          discarded (the discard pile is face up), loaded face up, delivered (its cargo goes to
          the discard pile), passengers (drawn into the supply beside the engine, in view),
          ticket tiles, destinations, the parts of a delivery."""
        text = _text(action)
        if isinstance(action, Take) and str(action.source) in ("1", "2", "3"):  # the display is face up
            slot = int(action.source) - 1
            if slot < len(self.display) and self.display[slot]:
                text = f"Take the {card_name(self.display[slot])} from display slot {slot + 1}"
        into = getattr(action, "into", None)
        if isinstance(into, Spot):  # "P2's card 1" reads "P2's Level 2 Engine (card 1)"
            text = text.replace(str(into), self._spot_words(into))
        if viewer is None:
            return text
        if isinstance(action, Draw):
            top = self.top
            to = top.get("to") if top is not None and top.kind == "draw" else None
            if to == 0 or to == viewer:
                return text
            return f"P{to} draws a card from the train deck" if to else "A card is drawn from the train deck"
        if isinstance(action, LoadCard) and action.face_down is not False and viewer != self.decider():
            return f"Load a card face down into {self._spot_words(action.into)}"
        return text

    def _spot_words(self, spot: Spot) -> str:
        """A card of a train by its name and place, as the options and the log name it."""
        try:
            code = self.players[spot.player - 1].train[spot.pos - 1].card
        except (IndexError, TypeError, AttributeError):
            return _text(spot)
        return f"P{spot.player}'s {card_name(code)} (card {spot.pos})"

    def view(self, player: int | None) -> State:
        """Other hands, the train deck and cards loaded face down by others become "??"; once
        the game is over only the train deck does (`sees`).

        A view is what its player knows, no more: its own view again is itself, and it cannot
        show the table to anyone else (ValueError; take that view from the full state)."""
        if not self.wants_view(player, len(self.players)):
            return self
        sees = self.sees

        def seen(pl: Player, i: int) -> Player:
            hand = pl.hand if sees(player, i) else (HIDDEN,) * len(pl.hand)
            train = tuple(Car(c.card, tuple(evolve(ld, card=HIDDEN)
                                            if ld.face_down and not sees(player, ld.by) else ld
                                            for ld in c.loads)) for c in pl.train)
            return evolve(pl, hand=hand, train=train)

        players = tuple(seen(pl, i) for i, pl in enumerate(self.players, 1))
        return _evolved(self, {"players": players, "deck": (HIDDEN,) * len(self.deck), "seen_by": player})

    def determinize(self, rng: Any) -> State:
        """A full table consistent with this view: the cards the viewer has not seen (other
        hands, the train deck, others' face-down loads) dealt again at random."""
        if self.seen_by is None:
            return self
        memo = self.memo
        unseen = memo.get("unseen")
        if unseen is None:  # the same for every world a search deals from this view
            cards, _bag = census(self)
            unseen = memo["unseen"] = tuple(sorted(
                (Counter(data.deck()) - Counter({c: n for c, n in cards.items() if c != HIDDEN})).elements()))
        unknown = list(unseen)
        rng.shuffle(unknown)
        deal = iter(unknown)

        def fill(pl: Player) -> Player:
            hand = tuple(sorted(next(deal) if c == HIDDEN else c for c in pl.hand))
            train = tuple(Car(c.card, tuple(evolve(ld, card=next(deal)) if ld.card == HIDDEN else ld
                                            for ld in c.loads)) for c in pl.train)
            return evolve(pl, hand=hand, train=train)

        players = tuple(fill(pl) for pl in self.players)
        deck = tuple(sorted(deal))
        return _evolved(self, {"players": players, "deck": deck, "seen_by": None})

    # --- pictures and bots (the picture and `assess`: the hooks `__init__.py` registers) --------
    def targets(self, action: Any) -> tuple[str, ...]:
        """Cars named by position alone (an upgrade, a delivery step) are the decider's."""
        p = self.decider()
        if isinstance(action, Build):
            return (f"card:{action.card}", f"car:P{p}.{action.up}" if action.up else "train-end")
        if isinstance(action, Part) and action.pos:
            return (f"car:P{p}.{action.pos}",)
        return super().targets(action)

    def alike(self, action: Any) -> Hashable | None:
        """What the greedy bot's valuation cannot tell apart (`strategy.assess`): which card pays
        or is discarded (it counts the cards in hand, never which) when the player has nothing
        else to do before the next draw (a bonus action still to come would use the cards
        left), and at which destination a delivery is made when only special deliveries are
        open there (the same parts, the same cards drawn [deliver.special-cards]; a ticket, a
        contract or a caboose's ticket part makes a destination its own). Not solo: a
        scenario's objective may name destinations, and putting a discard back on the deck is
        offered beside the cards [solo.return]."""
        if self.config.players == 1:
            return None
        stack = self.stack
        top = stack[-1] if stack else None
        if top is not None and top.kind in _CARDS_ONLY:
            for f in reversed(stack):  # what the player does next, up to a draw (chance)
                if f.player != top.player:
                    break
                if f.kind not in _CARDS_ONLY:
                    return None  # a bonus action would use the cards left (load one, build)
            return top.kind
        if type(action) is Deliver:
            parts = delivery.open_at(self, self.current if top is None else top.player, action.dest)
            if parts and all(part.kind == "special" for part in parts):
                return "special delivery"
        return None

    def __str__(self) -> str:
        track = f"Progress {self.progress}/{self.end_space}; " if not self.solo else ""
        lines = [f"{self.title} ({self.config.describe()})", f"Turn {self.turn}: {self.pending.prompt}",
                 f"{track}display: " + " ".join(c or "--" for c in self.display)
                 + f"; deck {self.deck_size}, discard {len(self.discard)}, bag {len(self.bag)}"
                 + (f"; out of the game {len(self.removed)}" if self.removed else "")]
        for p, pl in enumerate(self.players, 1):
            train = " ".join(c.card + (f"[{','.join(ld.kind[:3] for ld in c.loads)}]" if c.loads else "")
                             for c in pl.train)
            lines.append(f"  P{p}: train {train} | hand {' '.join(pl.hand) or '-'} | supply "
                         f"{' '.join(pl.supply) or '-'} | buildings {' '.join(pl.buildings) or '-'} | "
                         f"{pl.tokens} VP tokens")
        return "\n".join(lines)


# --- the steps of a transition ------------------------------------------------------------
# Module C functions given the table, not methods of `State`: `_transition` and the steps call
# them in C, with no method looked up on the state and no arguments parsed again.
@cython.cfunc
@cython.locals(table=Table)
def _with_hand(table, p: int, hand: tuple[str, ...]) -> tuple[Player, ...]:
    """The players with P`p`'s hand replaced (the commonest change: a draw, a payment)."""
    players = table.players
    own = players[p - 1].__dict__.copy()
    own["hand"] = hand
    return (*players[:p - 1], made(Player, own), *players[p:])


@cython.cfunc
@cython.locals(table=Table)
def _count_down(table) -> tuple[Frame, ...]:
    """One unit of the top frame done: pop it when nothing is left."""
    stack = table.stack
    less = _one_less(stack[-1])
    return stack[:-1] if less is None else (*stack[:-1], less)


@cython.cfunc
@cython.locals(table=Table)
def _return(table, card: str, events: list[Event]) -> State:
    """The top discard goes face down on top of the deck for VP tokens; the action in
    progress goes on [solo.return]."""
    cost, rule = solo.return_cost(table.config), solo.return_rule(table.config)
    events.append(_e("return", f"P1 returns {card_name(card, with_code=True)} from the discard pile to "
                     f"the top of the train deck for {plural(cost, 'VP token')}", rule, 1, card=card))
    me = table.players[0]
    return _evolved(table, {"discard": table.discard[:-1], "returned": (*table.returned, card),
                            "players": table._with_player(1, tokens=me.tokens - cost)})


@cython.cfunc
@cython.locals(table=Table)
def _place_tile(table, tile: int, events: list[Event]) -> State:
    dest = table.stack[-1].get("dest")
    tickets = tuple(evolve(t, tile=tile) if t.destination == dest else t for t in table.tickets)
    events.append(Event.lazy("tile", "Ticket tile {} goes under {}", tile, DESTINATIONS[dest],
                             rule="setup.tickets", dest=dest, tile=tile))
    return _evolved(table, {"tickets": tickets, "stack": table.stack[:-1]})


@cython.cfunc
@cython.locals(table=Table)
def _draw(table, card: str, events: list[Event]) -> State:
    stack = table.stack
    _, less, data = _step(stack[-1])
    stack = stack[:-1] if less is None else (*stack[:-1], less)
    if table.returned:  # the returned card on top comes first [solo.return]
        state = _evolved(table, {"returned": table.returned[:-1]})
        return _draw_from(state, card, data, stack, table.deck, events)
    deck = table.deck
    i = bisect_left(deck, card)  # the deck is sorted: the first copy of `card`
    deck = deck[:i] + deck[i + 1:]
    return _draw_from(table, card, data, stack, deck, events)


@cython.cfunc
@cython.locals(table=Table, data=dict)
def _draw_from(table, card: str, data: dict[str, Any], stack: tuple[Frame, ...], deck: tuple[str, ...],
               events: list[Event]) -> State:
    """`card` came off the deck (now `deck`) for the frame's `to`: a hand, the display (0)
    or, at Night, the discard pile [solo.night-discard]; `stack` is the stack after it."""
    to = data["to"]
    if to == BURN:
        events.append(Event.lazy("burn", "Night: {} comes off the train deck face up onto the "
                                 "discard pile", CARDS[card].name, rule="solo.night-discard",
                                 card=card))
        return _evolved(table, {"deck": deck, "discard": (*table.discard, card), "stack": stack})
    if to == 0:
        slot = table.display.index("")
        display = (*table.display[:slot], card, *table.display[slot + 1:])
        rule = "take.display-refill" if table.turn else "setup.deal"
        events.append(Event.lazy("display", "{} goes face up in display slot {}", CARDS[card].name,
                                 slot + 1, rule=rule, card=card, slot=slot + 1))
        return _evolved(table, {"deck": deck, "display": display, "stack": stack})
    # why the card is drawn: the frame says (a benefit, a reward...); else a Take, or the deal
    rule = data.get("rule") or ("take.card" if table.turn else "setup.deal")
    events.append(_new_tuple(Event, ("draw", "P{} draws {}", rule, to, {"card": card}, to,
                                     _DRAWS_A_CARD[to], (to, CARDS[card].name))))
    hand = _sorted_in(table.players[to - 1].hand, card)
    return _evolved(table, {"deck": deck, "stack": stack, "players": _with_hand(table, to, hand)})


@cython.cfunc
@cython.locals(top=Frame, table=Table)
def _draw_passenger(table, dest: str, events: list[Event]) -> State:
    top = table.stack[-1]
    to = top.get("to")
    bag = table.bag
    i = bag.index(dest)
    me = table.players[to - 1]
    rule = top.get("rule") or ("take.passenger" if table.turn else "setup.passengers")
    events.append(Event.lazy("passenger", "P{} draws a passenger for {}", to, DESTINATIONS[dest],
                             rule=rule, actor=to, dest=dest))
    return _evolved(table, {"bag": bag[:i] + bag[i + 1:], "stack": _count_down(table),
                            "players": table._with_player(to, supply=_sorted_in(me.supply, dest))})


@cython.cfunc
@cython.locals(top=Frame, table=Table)
def _pay(table, action: Pay | Discard, events: list[Event]) -> State:
    top = table.stack[-1]
    p, kind = top.player, top.kind
    if kind == "building":
        return _discard_building(table, p, action.card, events)
    me = table.players[p - 1]
    hand = me.hand
    i = hand.index(action.card)
    hand = hand[:i] + hand[i + 1:]
    rule = _PAY_RULE.get(kind, "load.benefit")
    verb = "pays with" if kind == "pay" else "discards"
    events.append(Event.lazy(kind, "P{} {} {}", p, verb, CARDS[action.card].name,
                             rule=rule, actor=p, card=action.card))
    stack = _count_down(table) if kind != "hand-limit" or len(hand) <= HAND_LIMIT else table.stack
    return _evolved(table, {"discard": (*table.discard, action.card), "stack": stack,
                            "players": _with_hand(table, p, hand)})


@cython.cfunc
@cython.locals(table=Table)
def _discard_building(table, p: int, card: str, events: list[Event]) -> State:
    """The building the player chose goes to the discard pile [build.one-building]
    [ruling.caboose-4]."""
    new = table.stack[-1].get("card")
    name = CARDS[card].name
    if new:
        events.append(_e("replace", f"P{p}'s {name} is replaced by the {CARDS[new].name} and goes to "
                         "the discard pile", "build.one-building", p, card=card))
    else:
        keep = table.building_limit(table.player(p).train)
        events.append(_e("replace", f"P{p} discards the {name}: without Caboose 4 P{p} keeps "
                         f"{plural(keep, 'building')}", "ruling.caboose-4", p, card=card))
    buildings = tuple(b for b in table.player(p).buildings if b != card)
    return _evolved(table, {"discard": (*table.discard, card), "stack": _count_down(table),
                            "players": table._with_player(p, buildings=buildings)})


@cython.cfunc
@cython.locals(table=Table)
def _act(table, action: Any, events: list[Event]) -> State:
    """A main or bonus action: a main one counts towards the two [turn.two-actions]; a bonus
    one does not [load.bonus-not-counted] [deliver.ticket-bonus-not-counted]. The copy made
    here is private until returned: the action's own step changes it in place (`_amended`)."""
    stack = table.stack
    if stack:
        p = stack[-1].player
        state = _evolved(table, {"stack": stack[:-1]})
    else:
        p = table.current
        state = _evolved(table, {"actions_left": table.actions_left - 1})
    cls = type(action)
    if cls is Take:
        return _take(state, p, action, events)
    if cls is LoadCard or cls is LoadPassenger:
        return loading.apply(state, p, action, events, bonus=bool(stack))
    if cls is Deliver:
        return delivery.start(state, p, action, events)
    return _build(state, p, action, events)


@cython.cfunc
@cython.locals(table=Table)
def _take(table, p: int, take: Take, events: list[Event]) -> State:
    source = take.source
    if source == "deck":
        events.append(Event.lazy("take", "P{} takes the top card of the train deck", p, rule="take.card",
                                 actor=p))
        return _amended(table, {"stack": (*table.stack, _draw_frame(p))})
    if source == "passenger":
        events.append(Event.lazy("take", "P{} takes a passenger from the bag", p, rule="take.passenger",
                                 actor=p))
        return _amended(table, {"stack": (*table.stack, _passenger_frame(p))})
    slot = int(source) - 1
    card = table.display[slot]
    me = table.players[p - 1]
    events.append(Event.lazy("take", "P{} takes {} from the display", p, CARDS[card].name,
                             rule="take.card", actor=p, card=card))
    display = (*table.display[:slot], "", *table.display[slot + 1:])
    players = _with_hand(table, p, _sorted_in(me.hand, card))
    return _amended(table, {"display": display, "took_display": True, "players": players})


@cython.cfunc
@cython.locals(table=Table)
def _build(table, p: int, build: Build, events: list[Event]) -> State:
    me = table.players[p - 1]
    t = CARDS[build.card]
    cost = table.build_cost(me, build)
    i = me.hand.index(build.card)
    hand = me.hand[:i] + me.hand[i + 1:]
    discard = list(table.discard)
    bag = list(table.bag)
    choose: list[Frame] = []
    numbers = {"card": t.id, "cost": cost, "up": build.up, "drop": build.drop}
    if t.category == "building":
        buildings = me.buildings
        excess = len(buildings) + 1 - table.building_limit(me.train)
        if excess >= len(buildings):  # no choice: the one building is replaced [build.one-building]
            for gone in buildings:
                events.append(_e("replace", f"P{p}'s {CARDS[gone].name} is replaced",
                                 "build.one-building", p, card=gone))
            discard += buildings
            buildings = ()
        elif excess > 0:  # two buildings with Caboose 4: the player chooses [ruling.caboose-4]
            choose.append(make_frame("building", p, n=excess, card=t.id))
        events.append(Event.lazy("build", "P{} builds the {} for {}", p, t.name, cost, rule="build.cost",
                                 actor=p, **numbers))
        players = table._with_player(p, hand=hand, buildings=(*buildings, t.id))
        state = _amended(table, {"discard": tuple(discard), "players": players})
    else:
        train = me.train
        if build.drop:
            dropped = train[build.drop - 1]
            events.append(_e("drop", f"P{p} discards {CARDS[dropped.card].name} from the train to make "
                             "room for the weight", "build.drop-car", p, card=dropped.card))
            discard += [dropped.card] + [ld.card for ld in dropped.loads if ld.card]
            bag += [ld.dest for ld in dropped.loads if ld.kind == "passenger"]
        if build.up:
            old = train[build.up - 1]
            events.append(Event.lazy("build", "P{} upgrades {} to {} for {} (the difference of the "
                                     "costs)", p, CARDS[old.card].name, t.name, cost,
                                     rule="build.upgrade-cost", actor=p, replaces=old.card, **numbers))
            discard.append(old.card)  # [build.discard-upgraded]
            if table.config.rulings.upgrade_load == "discard":
                discard += [ld.card for ld in old.loads if ld.card]
                bag += [ld.dest for ld in old.loads if ld.kind == "passenger"]
        else:
            events.append(Event.lazy("build", "P{} extends the train with {} for {}", p, t.name, cost,
                                     rule="build.cost", actor=p, **numbers))
        after = table._built_train(me, build)
        w, c = weight(after), capacity(after)
        events.append(Event.lazy("capacity", "Weight {} of capacity {}", w, c, rule="build.capacity",
                                 actor=p, weight=w, capacity=c))
        excess = len(me.buildings) - table.building_limit(after)
        if excess > 0:  # Caboose 4 dropped: one building must go, the player's choice
            events.append(_e("buildings", f"Without Caboose 4 P{p} may keep "
                             f"{plural(table.building_limit(after), 'building')} of "
                             f"{len(me.buildings)}: P{p} chooses which one goes", "ruling.caboose-4", p))
            choose.append(make_frame("building", p, n=excess, card=""))
        state = _amended(table, {"discard": tuple(discard),
                                 "bag": tuple(sorted(bag)) if build.drop or build.up else table.bag,
                                 "players": table._with_player(p, hand=hand, train=after)})
    frames = []
    if t.passengers_on_build:  # step 4 [build.passengers]
        n = t.passengers_on_build
        frames.append(make_frame("passenger", CHANCE, to=p, n=n, rule="build.passengers"))
    if cost:
        frames.append(make_frame("pay", p, n=cost, card=t.id))
    if not frames and not choose:
        return state
    return _amended(state, {"stack": (*state.stack, *frames, *choose)})


# --- what needs no decision --------------------------------------------------------------
@cython.cfunc
@cython.locals(top=Frame, table=Table, state=Table)
def _settle(table, events: list[Event]) -> State:
    """Everything that happens without a decision, until one is pending (or the game is
    over): reshuffles, dry piles, a full display, an empty bag, frames with nothing left to
    do, lost bonus actions, the end of a turn, the end check, the next turn. `table` is the
    private state the transition under way made: each step changes it in place (`_amended`)."""
    state = table
    solo_game = table.config.players == 1
    while not state.over:
        stack = state.stack
        if solo_game and state.turn and (ended := _solo_end(state, events)) is not None:
            state = ended
            continue
        if not stack:
            if state.turn == 0:
                events.append(_e("start", "Setup is done: P1 takes the first turn",
                                 "ruling.first-player"))
                state = _amended(state, {"turn": 1, "current": 1, "actions_left": ACTIONS})
                continue
            if state.actions_left == 0:
                state = _end_of_turn(state, events)
                continue
            return state
        top = stack[-1]
        kind = top.kind
        if kind in _QUIET:
            return state
        if kind == "draw":
            if not state.deck and not state.returned:
                if state.discard and not solo_game:  # never in solo [solo.no-reshuffle]
                    events.append(Event.lazy(
                        "reshuffle", "The train deck is empty: the discard pile ({}) is shuffled into a "
                        "new deck", plural(len(state.discard), "card"), rule="take.reshuffle"))
                    state = _amended(state, {"deck": tuple(sorted(state.discard)), "discard": ()})
                    continue
                if solo_game:  # solo_deck_out="after-action": the action goes on [ruling.solo-deck-out]
                    events.append(_e("dry", "The train deck is empty: the draw gives nothing; the game "
                                     "ends once the action (or the Night) in progress is done",
                                     "ruling.solo-deck-out", None))
                else:
                    events.append(_e("dry", "No cards left in the train deck or the discard pile",
                                     "ruling.empty-piles", None))
                state = _amended(state, {"stack": stack[:-1]})
                continue
            # a draw frame's data is sorted: n, rule, to; "to" 0 is the display
            if top.data[-1] == _TO_DISPLAY and "" not in state.display:
                state = _amended(state, {"stack": stack[:-1]})
                continue
            return state
        if kind == "passenger":
            if not state.bag:
                p = top.get("to")
                events.append(_e("token", f"The passenger bag is empty: P{p} takes 1 VP token instead",
                                 "take.empty-bag", p))
                players = state._with_player(p, tokens=state.player(p).tokens + 1)
                state = _amended(state, {"stack": _count_down(state), "players": players})
                continue
            return state
        if kind == "discard" or kind == "pay":
            # nothing to discard: the draw found dry piles [ruling.empty-piles]
            if not state.players[top.player - 1].hand:
                state = _amended(state, {"stack": stack[:-1]})
                continue
            return state
        if kind == "hand-limit":
            if len(state.players[top.player - 1].hand) <= HAND_LIMIT:
                state = _amended(state, {"stack": stack[:-1]})
                continue
            return state
        if kind == "set-aside":
            state = _amended(state, {"stack": stack[:-1], "discard": (*state.discard, *top.get("cards")),
                                     "bag": tuple(sorted((*state.bag, *top.get("passengers"))))})
            continue
        if kind == "end-check":
            state = _end_check(state, events, stack[:-1])
            continue
        if kind == "next-turn":
            state = _next_turn(state, events, stack[:-1])
            continue
        if kind.startswith("bonus-") and state.legal_actions() == (SKIP,):
            lost = f"P{top.player} cannot take the bonus {kind[6:]} action: it is lost"
            events.append(_e("lost", lost, "load.benefit-order", top.player))
            state = _amended(state, {"stack": stack[:-1]})
            continue
        return state
    return state


@cython.cfunc
@cython.locals(table=Table)
def _end_of_turn(table, events: list[Event]) -> State:
    """Discard to the hand limit, refill the display, check the end [ruling.end-of-turn-order];
    with end_check="before-cleanup" the check comes first. Frames run top first. Solo, this
    is the Night: the hand limit, the display, then the top card of the deck goes to the
    discard pile [solo.night] [solo.night-discard]; no end check (the empty deck ends it)."""
    p = table.current
    cleanup = []
    if len(table.players[p - 1].hand) > HAND_LIMIT:
        cleanup.append(make_frame("hand-limit", p))
    if table.took_display and "" in table.display:  # [end.display-refill]
        cleanup.insert(0, make_frame("draw", CHANCE, to=0, n=table.display.count("")))
    if table.config.players == 1:
        events.append(_e("night", "Night: discard down to 5 cards, refill the display, then the top card "
                         "of the train deck goes to the discard pile", "solo.night", None))
        return _amended(table, {"actions_left": -1, "stack": (_NEXT_TURN, _BURN, *cleanup)})
    after = table.config.rulings.end_check == "after-cleanup"
    order = [_END_CHECK, *cleanup] if after else [*cleanup, _END_CHECK]
    return _amended(table, {"actions_left": -1, "stack": (_NEXT_TURN, *order)})


@cython.cfunc
@cython.locals(table=Table)
def _end_check(table, events: list[Event], stack: tuple[Frame, ...]) -> State:
    """The end triggers [end.trigger-progress] [end.trigger-deck] (both piles empty
    [end.deck-both-empty]), then everyone's final turn [end.final-turns]
    [end.deck-final-turns] [ruling.final-turns]. `stack`: the stack without the check."""
    p, n = table.current, table.config.players
    if table.ending:
        return _amended(table, {"stack": stack, "final_left": table.final_left - 1})
    if table.progress >= table.end_space:
        events.append(_e("end", f"The progress train reached space {table.end_space}: P{p} takes it; "
                         "every player takes one final turn", "end.trigger-progress", p))
        players = table._with_player(p, progress_train=True)
        return _amended(table, {"stack": stack, "ending": "progress", "final_left": n, "players": players})
    if not table.deck and not table.discard:
        events.append(_e("end", "The train deck and the discard pile are empty: every player takes "
                         "one final turn", "end.trigger-deck", p))
        return _amended(table, {"stack": stack, "ending": "deck", "final_left": n})
    return _amended(table, {"stack": stack})


@cython.cfunc
@cython.locals(table=Table)
def _next_turn(table, events: list[Event], stack: tuple[Frame, ...]) -> State:
    """The next player's turn, or the end of the game. `stack`: the stack without this step."""
    p, n = table.current, table.config.players
    if table.ending and table.final_left <= 0:
        events.append(_e("over", "Every player has taken a final turn: the game is over",
                         "end.final-turns", None))
        return _amended(table, {"stack": stack, "over": True})
    nxt = p % n + 1  # to the left [turn.next]
    if n == 1:
        events.append(Event.lazy("turn", "Day {} begins", table.turn + 1, rule="solo.day", actor=p))
    else:
        events.append(Event.lazy("turn", "P{} ends the turn; P{} is next", p, nxt, rule="turn.next",
                                 actor=p))
    return _amended(table, {"stack": stack, "current": nxt, "turn": table.turn + 1, "actions_left": ACTIONS,
                            "took_display": False})


@cython.cfunc
@cython.locals(table=Table)
def _solo_end(table, events: list[Event]) -> State | None:
    """Solo: a scenario is won the moment its objective is met, looked at whenever no step of
    an action waits for the player (a building counts once paid for) [scenario.win]
    [ruling.solo-objective-first]; the game ends when the train deck is empty [solo.end]
    [scenario.lose]: at once, or once the action in progress is done (`solo_deck_out`)
    [ruling.solo-deck-out]. The objective is checked first, also whenever the deck is out
    with steps of the action still queued (a Hopper's draws, a ticket tile's reward, a bonus
    action): the step that met it came before the deck's end. A build still to be paid for
    (`solo_deck_out="after-action"` plays on) is not counted yet."""
    stack = table.stack
    deck_out = not table.deck and not table.returned
    settled = all(f.player == CHANCE for f in stack)
    paying = any(f.kind == "pay" for f in stack)
    if table.config.mode == "scenario" and (settled or (deck_out and not paying)):
        goal = solo.goal(table)
        if goal.met:
            events.append(_e("over", f"Objective met: {goal.text}. P1 wins the scenario", "scenario.win",
                             1))
            return _amended(table, {"over": True, "ending": "objective"})
    if not deck_out:
        return None
    if stack and table.config.rulings.solo_deck_out == "after-action" and stack[-1] is not _NEXT_TURN:
        return None
    rule = "scenario.lose" if table.config.mode == "scenario" else "solo.end"
    events.append(_e("over", "The train deck is empty: the game ends at once", rule, None))
    return _amended(table, {"over": True, "ending": "deck-out"})


_new_tuple = tuple.__new__


if cython.compiled:
    native_fields(State)


@cython.cfunc
@cython.locals(state=Table, changes=dict)
def _evolved(state: Table, changes: dict[str, Any]) -> State:
    """`evolve(state, **changes)` for a state: compiled, its slots copied and the changes written
    in C (`table.copied`, `table.written`), with no keywords packed and no method looked up, at
    the one or two copies a transition makes."""
    if cython.compiled:
        return written(copied(state), changes)
    return evolve(state, **changes)


@cython.cfunc
@cython.locals(state=Table, changes=dict, own=dict)
def _amended(state: Table, changes: dict[str, Any]) -> State:
    """`amend(state, **changes)` (a private copy changed in place, what it worked out about
    itself dropped): compiled, the changes written in C (`table.written`), with no keywords
    packed and no method looked up, at every step that changes the copy a transition made."""
    if cython.compiled:
        own = state.__dict__  # what it worked out: kept here, beside its native fields
        if own:
            own.clear()
        return written(state, changes)
    return amend(state, **changes)


def _holds(items: tuple[str, ...], item: str) -> bool:
    """Whether a sorted tuple holds `item`, found by bisection (a draw pile holds a hundred)."""
    i = bisect_left(items, item)
    return i < len(items) and items[i] == item


def _sorted_in(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """A sorted tuple with one more item, still sorted."""
    i = bisect_right(items, item)
    return (*items[:i], item, *items[i:])


@cython.locals(frame=Frame)
def _counted(frame: Frame, n: int) -> Frame:
    """`frame` with `n` units left (its other data as it is)."""
    data = frame.data
    for i, (key, _) in enumerate(data):
        if key == "n":
            return frame_of(frame.kind, frame.player, (*data[:i], ("n", n), *data[i + 1:]))
    return frame.with_(n=n)


_STEPS: dict[int, tuple[Frame, Frame | None, dict[str, Any]]] = {}


@cython.locals(frame=Frame)
def _step(frame: Frame) -> tuple[Frame, Frame | None, dict[str, Any]]:
    """`frame`, itself with one unit fewer left (a card drawn, a card paid; None when none is
    left) and its data as a dict (read only): worked out once per frame, as draws and payments
    count down the same few shared frames (`make_frame`) again and again. Found by identity
    (an int's hash, not the frame's nested tuples); the entry holds the frame, so its id stays
    its own while the entry lasts."""
    found = _STEPS.get(id(frame))
    if found is not None and found[0] is frame:
        return found
    n = frame.get("n", 1) - 1
    if len(_STEPS) >= CACHE_LIMIT:
        _STEPS.clear()
    found = _STEPS[id(frame)] = (frame, _counted(frame, n) if n > 0 else None, dict(frame.data))
    return found


@cython.locals(frame=Frame)
def _one_less(frame: Frame) -> Frame | None:
    """`frame` with one unit fewer left, None when none is left (see `_step`)."""
    return _step(frame)[1]


_DRAW_FRAMES: dict[int, Frame] = {}
_PASSENGER_FRAMES: dict[int, Frame] = {}


def _draw_frame(p: int) -> Frame:
    """Chance draws one card for P`p` (a Take from the deck)."""
    frame = _DRAW_FRAMES.get(p)
    if frame is None:
        frame = _DRAW_FRAMES[p] = Frame.make("draw", CHANCE, to=p, n=1)
    return frame


def _passenger_frame(p: int) -> Frame:
    """Chance draws one passenger for P`p` (a Take from the bag)."""
    frame = _PASSENGER_FRAMES.get(p)
    if frame is None:
        frame = _PASSENGER_FRAMES[p] = Frame.make("passenger", CHANCE, to=p, n=1)
    return frame


_DRAWS_A_CARD = Interned("P{} draws a card".format)
"""What everyone but its owner reads of a card drawn into a hand."""
_TO_DISPLAY = ("to", 0)
_END_CHECK = Frame.make("end-check", CHANCE)
BURN = -1
"""Where the Night's card off the deck goes (a draw frame's `to`): the discard pile."""
_BURN = Frame.make("draw", CHANCE, to=BURN, n=1)
_NEXT_TURN = Frame.make("next-turn", CHANCE)
_CARDS_ONLY = frozenset({"pay", "extra", "discard", "hand-limit"})
"""Decisions that choose only which card of the hand goes (see `State.alike`)."""
_QUIET = frozenset({"deliver", "contract", "extra", "building"})
"""Decisions that nothing settles before they are taken (`_settle` returns at once)."""
_PAY_RULE = {"pay": "build.pay", "hand-limit": "end.hand-limit", "extra": "load.face-down"}
_TAKE_SLOTS = tuple(TAKES[str(i)] for i in range(1, DISPLAY + 1))
ACTION_TYPES = frozenset({Take, Build, Pay, Discard, LoadCard, LoadPassenger, Deliver, Part, Draw,
                          DrawPassenger, PlaceTile, Return})
_CHANCE_RULE = {"tile": "setup.tickets", "draw": "take.card", "passenger": "take.passenger"}
_SETUP_RULE = {"tile": "setup.tickets", "draw": "setup.deal", "passenger": "setup.passengers"}
LOADS = ("action", "bonus-A", "bonus-L", "bonus-L/D")
DELIVERS = ("action", "bonus-A", "bonus-D", "bonus-L/D")
_PROMPTS = {
    "extra": ("discard one more card for the face-down load", "load.face-down"),
    "bonus-L": ("take a bonus Load into your own train, or skip", "load.benefit"),
    "bonus-D": ("take a bonus Deliver, or skip", "load.benefit"),
    "bonus-L/D": ("take a bonus Load or Deliver, or skip", "load.benefit"),
    "deliver": ("deliver at {dest}: choose a delivery, or done", "deliver.one-destination"),
    "contract": ("pay the {which} contract of {island} with your train's cargo ('use N')", "deliver.primary"),
    "pay": ("pay {n} more card{s} for the {card}", "build.pay"),
    "hand-limit": ("discard down to 5 cards", "end.hand-limit"),
    "discard": ("discard {n} card{s}", "load.benefit"),
    "bonus-A": ("take a bonus Action", "load.benefit"),
    "bonus-B": ("take a bonus Build", "load.benefit"),
}


HIDDEN = "??"
"""A card its viewer cannot see."""

SOURCES = ("1", "2", "3", "deck", "passenger")
PASSENGER_CODES = tuple(CODE[d.name] for d in data.destinations())
PART_RULES = {"primary": "deliver.primary", "secondary": "deliver.secondary", "use": "deliver.primary",
              "ticket": "deliver.ticket", "ticket9": "caboose.9", "ticket10": "caboose.10",
              "special": "deliver.special", "done": "deliver.together", "skip": "ruling.bonus-optional"}


def _text(action: Any) -> str:
    """An action's words, even for a malformed object that cannot print itself."""
    try:
        return str(action)
    except Exception:
        return object.__repr__(action)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _malformed(action: Any) -> list[Violation]:
    """Why a hand-built action can be no action of this game in any position: a field of the
    wrong type, or outside every range (empty for whatever the notation can write). Each reason
    names the rule the field belongs to."""
    def bad(rule: str, text: str) -> list[Violation]:
        return [Violation(rule, text)]

    if isinstance(action, Take):
        if action.source in SOURCES:
            return []
        if isinstance(action.source, str) and action.source.isdigit():
            return bad("take.card", f"there is no display slot {action.source} (slots 1-{DISPLAY})")
        return bad("take.card", f"{quote(action.source)} is not a place to take from: a display slot "
                                f"1-{DISPLAY}, 'deck' or 'passenger'")
    if isinstance(action, (Build, Pay, Discard, Draw, LoadCard)) and not isinstance(action.card, str):
        rule = {Build: "build.from-hand", Pay: "build.pay", Discard: "load.benefit", Draw: "take.card",
                LoadCard: "load.cargo-type"}[type(action)]
        return bad(rule, f"{quote(action.card)} is not a card: name it by its id, e.g. 'C1'")
    if isinstance(action, Build):
        for name, rule in (("up", "build.extend-or-upgrade"), ("drop", "build.drop-car")):
            value = getattr(action, name)
            if not _whole(value) or value < 0:
                return bad(rule, f"'{name}' is the position of a card in the train (0: none), "
                                 f"not {quote(value)}")
        return []
    if isinstance(action, (LoadCard, LoadPassenger)):
        into = action.into
        if not isinstance(into, Spot) or not _whole(into.player) or not _whole(into.pos):
            return bad("load.space", f"{quote(into)} is not a place on a train: Spot(player, card), "
                                     "e.g. Spot(2, 3) for P2.3")
        if isinstance(action, LoadCard) and not isinstance(action.face_down, bool):
            return bad("load.face-down", f"face_down is True or False, not {quote(action.face_down)}")
        if isinstance(action, LoadPassenger) and action.dest not in PASSENGER_CODES:
            return bad("load.passenger", f"{quote(action.dest)} is not where a passenger goes: "
                                         f"{' '.join(PASSENGER_CODES)}")
        return []
    if isinstance(action, Deliver) and (not isinstance(action.dest, str) or action.dest not in DESTINATIONS):
        return bad("deliver.one-destination", f"{quote(action.dest)} is not a destination: "
                                              f"{' '.join(DESTINATIONS)}")
    if isinstance(action, DrawPassenger) and action.dest not in PASSENGER_CODES:
        return bad("take.passenger", f"{quote(action.dest)} is not a passenger's destination: "
                                     f"{' '.join(PASSENGER_CODES)}")
    if isinstance(action, PlaceTile) and not _whole(action.tile):
        return bad("setup.tickets", f"a ticket tile is a number, not {quote(action.tile)}")
    if isinstance(action, Part):
        kind, pos, dest = action.kind, action.pos, action.dest
        if not isinstance(kind, str) or kind not in PART_RULES:
            return bad("deliver.together", f"{quote(kind)} is not a part of a delivery: primary, "
                                           "secondary K, use N, ticket N, ticket9 N, ticket10 N, special N "
                                           "or done (and skip, for a bonus action)")
        rule = PART_RULES[kind]
        if not _whole(pos) or pos < 0:
            return bad(rule, f"the card of '{kind}' is a position in the train, not {quote(pos)}")
        if kind in ("primary", "done", "skip"):
            if pos or dest:
                return bad(rule, f"'{kind}' takes no card number and no passenger")
        elif pos < 1:
            return bad(rule, f"'{kind}' needs a number: '{kind} 2'")
        if dest and (kind not in PARTS_WITH_PASSENGER or dest not in PASSENGER_CODES):
            return bad(rule, f"{quote(dest)} cannot follow '{kind} {pos}': a passenger is named by "
                             f"its destination ({' '.join(PASSENGER_CODES)}) in "
                             f"{', '.join(PARTS_WITH_PASSENGER)}")
    return []


def census(state: State) -> tuple[Counter[str], Counter[str]]:
    """Every card and passenger of the game, wherever it is (deck, discard, display, hands,
    trains, loads, buildings, frames holding things aside, out of the game); unseen cards count
    as "??"."""
    cards: Counter[str] = (Counter(state.deck) + Counter(state.discard) + Counter(state.removed)
                           + Counter(state.returned))
    cards.update(c for c in state.display if c)
    bag: Counter[str] = Counter(state.bag)
    for pl in state.players:
        cards.update(pl.hand)
        cards.update(pl.buildings)
        cards.update(c.card for c in pl.train)
        cards.update(ld.card for c in pl.train for ld in c.loads if ld.card)
        bag.update(pl.supply)
        bag.update(ld.dest for c in pl.train for ld in c.loads if ld.kind == "passenger")
    for t in state.tickets:
        bag.update(t.filled)
    for f in state.stack:
        if f.kind == "deliver":
            aside = f.get("aside") or ()
            cards.update(a for a in aside if a not in CODE.values())
            bag.update(a for a in aside if a in CODE.values())
        if f.kind == "set-aside":
            cards.update(f.get("cards"))
            bag.update(f.get("passengers"))
    return cards, bag
