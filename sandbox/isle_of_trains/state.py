"""The rules of Isle of Trains: All Aboard (2-4 players) as an immutable state machine.

A turn is two Actions (Take, Build, Load, Deliver), each possibly followed by small decisions
kept on a stack of `Frame`s: pay for a build card by card, discard after a draw, a bonus
action. Chance (the ticket tiles at setup, each card off the train deck, each passenger out of
the bag) is a decision of the chance seat, recorded in the log and forceable.

Load lives in `loading.py`, Deliver in `delivery.py`; final scoring in `scoring.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from sandbox.core.errors import Violation
from sandbox.core.events import Event
from sandbox.core.outcome import Outcome
from sandbox.core.pending import CHANCE, Pending
from sandbox.core.state import GameState
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains import delivery, loading
from sandbox.isle_of_trains.actions import (
    CODE,
    DESTINATIONS,
    Build,
    Deliver,
    Discard,
    Draw,
    DrawPassenger,
    LoadCard,
    LoadPassenger,
    Part,
    Pay,
    PlaceTile,
    Take,
    parse,
)
from sandbox.isle_of_trains.config import Config
from sandbox.isle_of_trains.model import Car, Frame, Player, Ticket

HAND_LIMIT = 5
ACTIONS = 2
DISPLAY = 3
CARDS = data.card_types()
TRAIN_CATEGORIES = ("engine", "coach", "hopper", "tanker", "boxcar", "caboose")


def _e(kind: str, text: str, rule: str, actor: int | None = None, **payload: Any) -> Event:
    return Event(kind, text, rule, actor, payload)


def capacity(train: tuple[Car, ...]) -> int:
    """Engine capacity: the engine's green gauges plus Caboose 6's [build.engine-capacity]
    [caboose.6]."""
    return sum(CARDS[c.card].capacity for c in train)


def weight(train: tuple[Car, ...]) -> int:
    """Every other car's red gauges [build.weight]."""
    return sum(CARDS[c.card].weight for c in train)


@dataclass(frozen=True)
class State(GameState):
    config: Config
    players: tuple[Player, ...]
    deck: tuple[str, ...]  # the train deck, unordered (kept sorted): draws are chance
    discard: tuple[str, ...]  # last on top
    display: tuple[str, ...]  # three slots; "" is an empty slot
    bag: tuple[str, ...]  # passengers (destination codes), sorted
    islands: tuple[str, ...]  # island cards still on the table
    tickets: tuple[Ticket, ...]  # one per destination; tile 0 until placed
    progress: int = 0
    current: int = 1
    turn: int = 0  # 0 during setup
    actions_left: int = ACTIONS
    stack: tuple[Frame, ...] = ()  # pending sub-decisions; the last is on top
    took_display: bool = False
    ending: str = ""  # "", "progress" or "deck": what triggered the end
    final_left: int = 0  # final turns still to play after the trigger
    over: bool = False

    game_id = "isle_of_trains"
    title = "Isle of Trains: All Aboard"
    # a greedy bot mixes in random actions after this many turns (see GreedyBot): the free VP
    # token from an empty bag lets two greedy players loop for ever
    patience = 150
    # decisions that continue the same action; a greedy bot looks through them
    continuations = ("deliver", "contract", "pay", "extra", "discard", "bonus-A", "bonus-B", "bonus-L",
                     "bonus-D", "bonus-L/D")

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
        islands = tuple(i.name for i in data.islands(n))
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
    def player(self, p: int) -> Player:
        return self.players[p - 1]

    @property
    def end_space(self) -> int:
        return data.end_space(self.config.players)

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    def decider(self) -> int | None:
        if self.over:
            return None
        return self.top.player if self.top else self.current

    @property
    def pending(self) -> Pending:
        return self._pending

    @cached_property
    def _pending(self) -> Pending:
        if self.over:
            return Pending(None, "over", "The game is over", "end.final-turns")
        top = self.top
        if top is None:
            prompt = f"P{self.current}: Action {ACTIONS - self.actions_left + 1} of {ACTIONS}"
            return Pending(self.current, "action", prompt, "turn.two-actions", self.legal_actions())
        if top.player == CHANCE:
            options, chances = self._chances(top)
            rule = _CHANCE_RULE[top.kind] if self.turn else _SETUP_RULE[top.kind]
            return Pending(CHANCE, top.kind, self._chance_prompt(top), rule, options, chances)
        prompt, rule = _PROMPTS[top.kind]
        data = dict(top.data)
        if "dest" in data:
            data["dest"] = DESTINATIONS[data["dest"]]
        return Pending(top.player, top.kind, f"P{top.player}: " + prompt.format(**data), rule,
                       self.legal_actions())

    def _chance_prompt(self, top: Frame) -> str:
        if top.kind == "tile":
            return f"Place a ticket tile under {DESTINATIONS[top.get('dest')]}"
        to = top.get("to")
        where = "the display" if to == 0 else f"P{to}"
        what = "a passenger" if top.kind == "passenger" else "a card"
        return f"Draw {what} for {where} ({top.get('n')} to go)"

    def _chances(self, top: Frame) -> tuple[tuple[Any, ...], tuple[float, ...]]:
        if top.kind == "tile":
            placed = {t.tile for t in self.tickets}
            tiles = [t.id for t in data.ticket_tiles() if t.id not in placed]
            return tuple(PlaceTile(t) for t in tiles), (1 / len(tiles),) * len(tiles)
        pool = self.bag if top.kind == "passenger" else self.deck
        kinds = tuple(dict.fromkeys(pool))
        make = DrawPassenger if top.kind == "passenger" else Draw
        return tuple(make(k) for k in kinds), tuple(pool.count(k) / len(pool) for k in kinds)

    # --- legality --------------------------------------------------------------------------
    def candidate_actions(self) -> Iterator[Any]:
        top = self.top
        if self.over:
            return
        if top is not None and top.player == CHANCE:
            yield from self._chances(top)[0]
            return
        p = self.decider()
        assert p is not None
        me = self.player(p)
        me = replace(me, hand=tuple(c for c in me.hand if c in CARDS))  # a view hides others' hands
        kind = top.kind if top else "action"
        if kind in ("pay", "hand-limit", "discard", "extra"):
            make = Discard if kind in ("hand-limit", "discard") else Pay
            yield from (make(c) for c in dict.fromkeys(me.hand))
            return
        if kind in ("deliver", "contract"):
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

    def destinations(self) -> tuple[str, ...]:
        """Where deliveries go: every destination tile, and the Research Station while it is in
        the game [ruling.research-station-destination]."""
        codes = [t.destination for t in self.tickets]
        rs = "Research Station"
        if rs in self.islands or any(h.island == rs for pl in self.players for h in pl.islands):
            codes.append(CODE[rs])
        return tuple(codes)

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

    def _violations(self, action: Any) -> list[Violation]:
        if self.over:
            return [Violation("end.final-turns", "the game is over")]
        top = self.top
        if top is not None and top.player == CHANCE:
            if action in self._chances(top)[0]:
                return []
            return [Violation(_CHANCE_RULE[top.kind], f"chance decides now: {self._chance_prompt(top)}"
                              f"; {action} is not one of its outcomes")]
        p = self.decider()
        assert p is not None
        me = self.player(p)
        kind = top.kind if top else "action"
        if isinstance(action, (Pay, Discard)):
            wanted = {"pay": Pay, "extra": Pay, "hand-limit": Discard, "discard": Discard}.get(kind)
            if wanted is not type(action):
                return [Violation(_PROMPTS.get(kind, ("", "turn.two-actions"))[1],
                                  f"P{p} is not asked to {type(action).__name__.lower()} a card now")]
            if action.card not in me.hand:
                return [Violation("build.pay", f"{action.card} is not in P{p}'s hand")]
            return []
        if isinstance(action, Take):
            if kind not in ("action", "bonus-A"):
                return [Violation("turn.two-actions", f"P{p} must first finish: {self.pending.prompt}")]
            return self._take_violations(action)
        if isinstance(action, Build):
            if kind not in ("action", "bonus-A", "bonus-B"):
                return [Violation("turn.two-actions", f"P{p} must first finish: {self.pending.prompt}")]
            return self._build_violations(me, action)
        if isinstance(action, (LoadCard, LoadPassenger)):
            if kind not in LOADS:
                return [Violation("turn.two-actions", f"P{p} must first finish: {self.pending.prompt}")]
            return loading.violations(self, p, kind, action)
        if isinstance(action, Deliver):
            if kind not in DELIVERS:
                return [Violation("turn.two-actions", f"P{p} must first finish: {self.pending.prompt}")]
            return delivery.deliver_violations(self, p, action)
        if isinstance(action, Part):
            if action.kind == "skip":
                if kind.startswith("bonus-"):
                    return []
                return [Violation("ruling.bonus-optional", "only a bonus action can be skipped")]
            if kind in ("deliver", "contract"):
                return delivery.part_violations(self, top, action)
            return [Violation("deliver.together", f"{action} belongs to a delivery; choose 'deliver' first")]
        return [Violation("notation", f"{action!r} is not an action of this game")]

    def _take_violations(self, take: Take) -> list[Violation]:
        if take.source.isdigit():
            if not self.display[int(take.source) - 1]:
                return [Violation("take.card", f"display slot {take.source} is empty")]
        elif take.source == "deck" and not self.deck and not self.discard:
            return [Violation("take.reshuffle", "the train deck and the discard pile are both empty")]
        return []

    def build_cost(self, me: Player, build: Build) -> int:
        """Step 3: the card's cost when extending (1 less with Caboose 5, never below 0, not for
        upgrades or buildings [caboose.5] [ruling.caboose-5]) or building, the difference when
        upgrading. Costs come from the card data (the Level 1 Engine costs 1 [ruling.l1-engine-cost])."""
        t = CARDS[build.card]
        if build.up:
            return t.cost - CARDS[me.train[build.up - 1].card].cost
        discount = 1 if t.category != "building" and any(c.card == "K5" for c in me.train) else 0
        return max(0, t.cost - discount)

    def _build_violations(self, me: Player, build: Build) -> list[Violation]:
        out: list[Violation] = []
        t = CARDS.get(build.card)
        if t is None:
            return [Violation("notation", f"{build.card} is not a card of this game")]
        if build.card not in me.hand:
            return [Violation("build.from-hand", f"{t.name} is not in the hand")]
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
                if weight(after) > capacity(after):
                    out.append(Violation("build.capacity", f"weight {weight(after)} would exceed "
                                         f"engine capacity {capacity(after)}"))
        if not out:
            cost, payable = self.build_cost(me, build), len(me.hand) - 1
            if cost < 0:
                out.append(Violation("build.extend-or-upgrade", f"{t.name} costs less than the car "
                                     "it would replace"))
            elif cost > payable:
                out.append(Violation("build.pay", f"the build costs {cost} cards; P{self.decider()} "
                                     f"has {payable} other cards in hand"))
        return out

    def _built_train(self, me: Player, build: Build) -> tuple[Car, ...]:
        """The train after the build: a dropped car goes, an upgraded car keeps its loads
        [ruling.upgrade-keeps-load], a new car joins at the right end. Capacity is checked on
        this train [ruling.capacity-after-build]."""
        train = list(me.train)
        if build.up:
            keep = self.config.rulings.upgrade_load == "keep"
            train[build.up - 1] = Car(build.card, train[build.up - 1].loads if keep else ())
        else:
            train.append(Car(build.card))
        if build.drop:
            del train[build.drop - 1]
        return tuple(train)

    # --- transitions -----------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        return parse(text)

    def _transition(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        if isinstance(action, PlaceTile):
            state = self._place_tile(action.tile, events)
        elif isinstance(action, Draw):
            state = self._draw(action.card, events)
        elif isinstance(action, DrawPassenger):
            state = self._draw_passenger(action.dest, events)
        elif isinstance(action, (Pay, Discard)):
            state = self._pay(action, events)
        elif isinstance(action, Part) and action.kind == "skip":
            events.append(_e("skip", f"P{self.top.player} declines the bonus action", "ruling.bonus-optional",
                             self.top.player))
            state = replace(self, stack=self._pop())
        elif isinstance(action, Part):
            state = delivery.apply_part(self, self.top, action, events)
        else:
            state = self._act(action, events)
        return state._settle(events), tuple(events)

    def _with_player(self, p: int, **changes: Any) -> tuple[Player, ...]:
        players = list(self.players)
        players[p - 1] = replace(players[p - 1], **changes)
        return tuple(players)

    def _pop(self) -> tuple[Frame, ...]:
        return self.stack[:-1]

    def _count_down(self) -> tuple[Frame, ...]:
        """One unit of the top frame done: pop it when nothing is left."""
        top = self.top
        assert top is not None
        n = top.get("n", 1) - 1
        return self._pop() if n <= 0 else (*self._pop(), top.with_(n=n))

    def _place_tile(self, tile: int, events: list[Event]) -> State:
        dest = self.top.get("dest")
        tickets = tuple(replace(t, tile=tile) if t.destination == dest else t for t in self.tickets)
        events.append(_e("tile", f"Ticket tile {tile} goes under {DESTINATIONS[dest]}", "setup.tickets",
                         None, dest=dest, tile=tile))
        return replace(self, tickets=tickets, stack=self._pop())

    def _draw(self, card: str, events: list[Event]) -> State:
        to = self.top.get("to")
        deck = list(self.deck)
        deck.remove(card)
        stack = self._count_down()
        if to == 0:
            slot = self.display.index("")
            display = (*self.display[:slot], card, *self.display[slot + 1:])
            events.append(_e("display", f"{CARDS[card].name} ({card}) goes face up in display slot "
                             f"{slot + 1}", "take.display-refill" if self.turn else "setup.deal", None,
                             card=card, slot=slot + 1))
            return replace(self, deck=tuple(deck), display=display, stack=stack)
        me = self.player(to)
        # why the card is drawn: the frame says (a benefit, a reward...); else a Take, or the deal
        rule = self.top.get("rule") or ("take.card" if self.turn else "setup.deal")
        events.append(Event("draw", f"P{to} draws {CARDS[card].name} ({card})", rule, to,
                            {"card": card}, to, f"P{to} draws a card"))
        return replace(self, deck=tuple(deck), stack=stack,
                       players=self._with_player(to, hand=tuple(sorted((*me.hand, card)))))

    def _draw_passenger(self, dest: str, events: list[Event]) -> State:
        to = self.top.get("to")
        bag = list(self.bag)
        bag.remove(dest)
        me = self.player(to)
        rule = self.top.get("rule") or ("take.passenger" if self.turn else "setup.passengers")
        events.append(_e("passenger", f"P{to} draws a passenger for {DESTINATIONS[dest]}", rule,
                         to, dest=dest))
        return replace(self, bag=tuple(bag), stack=self._count_down(),
                       players=self._with_player(to, supply=tuple(sorted((*me.supply, dest)))))

    def _pay(self, action: Pay | Discard, events: list[Event]) -> State:
        p = self.top.player
        me = self.player(p)
        hand = list(me.hand)
        hand.remove(action.card)
        kind = self.top.kind
        rule = {"pay": "build.pay", "hand-limit": "end.hand-limit", "extra": "load.face-down"}.get(
            kind, "load.benefit")
        verb = "pays with" if kind == "pay" else "discards"
        events.append(_e(kind, f"P{p} {verb} {CARDS[action.card].name} ({action.card})", rule, p,
                         card=action.card))
        stack = self._count_down() if kind != "hand-limit" or len(hand) <= HAND_LIMIT else self.stack
        return replace(self, discard=(*self.discard, action.card), stack=stack,
                       players=self._with_player(p, hand=tuple(hand)))

    def _act(self, action: Any, events: list[Event]) -> State:
        """A main or bonus action: a main one counts towards the two [turn.two-actions]; a bonus
        one does not [load.bonus-not-counted] [deliver.ticket-bonus-not-counted]."""
        top = self.top
        p = self.decider()
        state = replace(self, stack=self._pop()) if top else replace(self, actions_left=self.actions_left - 1)
        if isinstance(action, Take):
            return state._take(p, action, events)
        if isinstance(action, (LoadCard, LoadPassenger)):
            return loading.apply(state, p, action, events)
        if isinstance(action, Deliver):
            return delivery.start(state, p, action, events)
        return state._build(p, action, events)

    def _take(self, p: int, take: Take, events: list[Event]) -> State:
        if take.source.isdigit():
            slot = int(take.source) - 1
            card = self.display[slot]
            me = self.player(p)
            events.append(_e("take", f"P{p} takes {CARDS[card].name} ({card}) from the display", "take.card",
                             p, card=card))
            display = (*self.display[:slot], "", *self.display[slot + 1:])
            return replace(self, display=display, took_display=True,
                           players=self._with_player(p, hand=tuple(sorted((*me.hand, card)))))
        if take.source == "deck":
            events.append(_e("take", f"P{p} takes the top card of the train deck", "take.card", p))
            return replace(self, stack=(*self.stack, Frame.make("draw", CHANCE, to=p, n=1)))
        events.append(_e("take", f"P{p} takes a passenger from the bag", "take.passenger", p))
        return replace(self, stack=(*self.stack, Frame.make("passenger", CHANCE, to=p, n=1)))

    def _build(self, p: int, build: Build, events: list[Event]) -> State:
        me = self.player(p)
        t = CARDS[build.card]
        cost = self.build_cost(me, build)
        hand = list(me.hand)
        hand.remove(build.card)
        discard = list(self.discard)
        bag = list(self.bag)
        if t.category == "building":
            buildings = me.buildings
            allowed = 1 + sum(c.card == "K4" for c in me.train)
            if len(buildings) >= allowed:  # the oldest building is replaced [build.one-building]
                events.append(_e("replace", f"P{p}'s {CARDS[buildings[0]].name} is replaced",
                                 "build.one-building", p))
                discard.append(buildings[0])
                buildings = buildings[1:]
            events.append(_e("build", f"P{p} builds the {t.name} for {cost}", "build.cost", p, card=t.id))
            state = replace(self, discard=tuple(discard),
                            players=self._with_player(p, hand=tuple(hand), buildings=(*buildings, t.id)))
        else:
            train = list(me.train)
            if build.drop:
                dropped = train[build.drop - 1]
                events.append(_e("drop", f"P{p} discards {CARDS[dropped.card].name} from the train to make "
                                 "room for the weight", "build.drop-car", p, card=dropped.card))
                discard += [dropped.card] + [ld.card for ld in dropped.loads if ld.card]
                bag += [ld.dest for ld in dropped.loads if ld.kind == "passenger"]
            if build.up:
                old = train[build.up - 1]
                events.append(_e("build", f"P{p} upgrades {CARDS[old.card].name} to {t.name} for {cost} "
                                 f"(the difference of the costs)", "build.upgrade-cost", p, card=t.id))
                discard.append(old.card)  # [build.discard-upgraded]
                if self.config.rulings.upgrade_load == "discard":
                    discard += [ld.card for ld in old.loads if ld.card]
                    bag += [ld.dest for ld in old.loads if ld.kind == "passenger"]
            else:
                events.append(_e("build", f"P{p} extends the train with {t.name} for {cost}", "build.cost",
                                 p, card=t.id))
            after = self._built_train(me, build)
            events.append(_e("capacity", f"Weight {weight(after)} of capacity {capacity(after)}",
                             "build.capacity", p))
            state = replace(self, discard=tuple(discard), bag=tuple(sorted(bag)),
                            players=self._with_player(p, hand=tuple(hand), train=after))
        frames = []
        if t.passengers_on_build:  # step 4 [build.passengers]
            n = t.passengers_on_build
            frames.append(Frame.make("passenger", CHANCE, to=p, n=n, rule="build.passengers"))
        if cost:
            frames.append(Frame.make("pay", p, n=cost, card=t.id))
        return replace(state, stack=(*state.stack, *frames))

    # --- what needs no decision --------------------------------------------------------------
    def _settle(self, events: list[Event]) -> State:
        state = self
        while not state.over:
            top = state.top
            if top is not None and top.kind == "draw" and not state.deck:
                if state.discard:
                    events.append(_e("reshuffle", f"The train deck is empty: the discard pile "
                                     f"({len(state.discard)} cards) is shuffled into a new deck",
                                     "take.reshuffle", None))
                    state = replace(state, deck=tuple(sorted(state.discard)), discard=())
                    continue
                events.append(_e("dry", "No cards left in the train deck or the discard pile",
                                 "ruling.empty-piles", None))
                state = replace(state, stack=state._pop())
                continue
            if top is not None and top.kind == "draw" and top.get("to") == 0 and "" not in state.display:
                state = replace(state, stack=state._pop())
                continue
            if top is not None and top.kind == "passenger" and not state.bag:
                p = top.get("to")
                events.append(_e("token", f"The passenger bag is empty: P{p} takes 1 VP token instead",
                                 "take.empty-bag", p))
                state = replace(state, stack=state._count_down(),
                                players=state._with_player(p, tokens=state.player(p).tokens + 1))
                continue
            if top is not None and top.kind == "discard" and not state.player(top.player).hand:
                # nothing to discard: the draw found dry piles [ruling.empty-piles]
                state = replace(state, stack=state._pop())
                continue
            if top is not None and top.kind == "pay" and not state.player(top.player).hand:
                state = replace(state, stack=state._pop())
                continue
            if top is not None and top.kind == "hand-limit" and len(state.player(top.player).hand) <= 5:
                state = replace(state, stack=state._pop())
                continue
            if top is not None and top.kind == "set-aside":
                state = replace(state, stack=state._pop(), discard=(*state.discard, *top.get("cards")),
                                bag=tuple(sorted((*state.bag, *top.get("passengers")))))
                continue
            if top is not None and top.kind.startswith("bonus-") and state.legal_actions() == (Part("skip"),):
                lost = f"P{top.player} cannot take the bonus {top.kind[6:]} action: it is lost"
                events.append(_e("lost", lost, "load.benefit-order", top.player))
                state = replace(state, stack=state._pop())
                continue
            if top is not None and top.kind == "end-check":
                state = replace(state, stack=state._pop())._end_check(events)
                continue
            if top is not None and top.kind == "next-turn":
                state = replace(state, stack=state._pop())._next_turn(events)
                continue
            if top is None and state.turn == 0:
                events.append(_e("start", "Setup is done: P1 takes the first turn", "ruling.first-player"))
                state = replace(state, turn=1, current=1, actions_left=ACTIONS)
                continue
            if top is None and state.actions_left == 0:
                state = state._end_of_turn(events)
                continue
            return state
        return state

    def _end_of_turn(self, events: list[Event]) -> State:
        """Discard to the hand limit, refill the display, check the end [ruling.end-of-turn-order];
        with end_check="before-cleanup" the check comes first. Frames run top first."""
        p = self.current
        cleanup = []
        if len(self.player(p).hand) > HAND_LIMIT:
            cleanup.append(Frame.make("hand-limit", p))
        if self.took_display and "" in self.display:  # [end.display-refill]
            cleanup.insert(0, Frame.make("draw", CHANCE, to=0, n=self.display.count("")))
        check = [Frame.make("end-check", CHANCE)]
        order = check + cleanup if self.config.rulings.end_check == "after-cleanup" else cleanup + check
        return replace(self, actions_left=-1, stack=(Frame.make("next-turn", CHANCE), *order))

    def _end_check(self, events: list[Event]) -> State:
        """The end triggers [end.trigger-progress] [end.trigger-deck] (both piles empty
        [end.deck-both-empty]), then everyone's final turn [end.final-turns]
        [end.deck-final-turns] [ruling.final-turns]."""
        p, n = self.current, self.config.players
        if self.ending:
            return replace(self, final_left=self.final_left - 1)
        if self.progress >= self.end_space:
            events.append(_e("end", f"The progress train reached space {self.end_space}: P{p} takes it; "
                             "every player takes one final turn", "end.trigger-progress", p))
            return replace(self, ending="progress", final_left=n,
                           players=self._with_player(p, progress_train=True))
        if not self.deck and not self.discard:
            events.append(_e("end", "The train deck and the discard pile are empty: every player takes "
                             "one final turn", "end.trigger-deck", p))
            return replace(self, ending="deck", final_left=n)
        return self

    def _next_turn(self, events: list[Event]) -> State:
        p, n = self.current, self.config.players
        if self.ending and self.final_left <= 0:
            events.append(_e("over", "Every player has taken a final turn: the game is over",
                             "end.final-turns", None))
            return replace(self, over=True)
        nxt = p % n + 1  # to the left [turn.next]
        events.append(_e("turn", f"P{p} ends the turn; P{nxt} is next", "turn.next", p))
        return replace(self, current=nxt, turn=self.turn + 1, actions_left=ACTIONS, took_display=False)

    # --- the end ---------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        from sandbox.isle_of_trains.scoring import outcome

        return outcome(self)

    # --- hidden information ----------------------------------------------------------------
    def view(self, player: int | None) -> State:
        """Other hands, the train deck and cards loaded face down by others become "??"."""
        if player is None:
            return self

        def seen(pl: Player, i: int) -> Player:
            hand = pl.hand if i == player else ("??",) * len(pl.hand)
            train = tuple(Car(c.card, tuple(replace(ld, card="??") if ld.face_down and ld.by != player else ld
                                            for ld in c.loads)) for c in pl.train)
            return replace(pl, hand=hand, train=train)

        players = tuple(seen(pl, i) for i, pl in enumerate(self.players, 1))
        return replace(self, players=players, deck=("??",) * len(self.deck))

    # --- pictures and bots -----------------------------------------------------------------
    def picture_size(self) -> tuple[int, int]:
        from sandbox.isle_of_trains.draw import size

        return size(self)

    def draw(self, painter: Any, viewer: int | None = None) -> None:
        from sandbox.isle_of_trains.draw import draw

        draw(self, painter, viewer)

    def targets(self, action: Any) -> tuple[str, ...]:
        """Cars named by position alone (an upgrade, a delivery step) are the decider's."""
        p = self.decider()
        if isinstance(action, Build):
            return (f"card:{action.card}", f"car:P{p}.{action.up}" if action.up else "train-end")
        if isinstance(action, Part) and action.pos:
            return (f"car:P{p}.{action.pos}",)
        return super().targets(action)

    def assess(self, player: int) -> dict[str, float]:
        from sandbox.isle_of_trains.strategy import assess

        return assess(self, player)

    def __str__(self) -> str:
        lines = [f"{self.title} ({self.config.describe()})", f"Turn {self.turn}: {self.pending.prompt}",
                 f"Progress {self.progress}/{self.end_space}; display: "
                 + " ".join(c or "--" for c in self.display)
                 + f"; deck {len(self.deck)}, discard {len(self.discard)}, bag {len(self.bag)}"]
        for p, pl in enumerate(self.players, 1):
            train = " ".join(c.card + (f"[{','.join(ld.kind[:3] for ld in c.loads)}]" if c.loads else "")
                             for c in pl.train)
            lines.append(f"  P{p}: train {train} | hand {' '.join(pl.hand) or '-'} | supply "
                         f"{' '.join(pl.supply) or '-'} | buildings {' '.join(pl.buildings) or '-'} | "
                         f"{pl.tokens} VP tokens")
        return "\n".join(lines)


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
    "pay": ("pay {n} more card(s) for the {card}", "build.pay"),
    "hand-limit": ("discard down to 5 cards", "end.hand-limit"),
    "discard": ("discard {n} card(s)", "load.benefit"),
    "bonus-A": ("take a bonus Action", "load.benefit"),
    "bonus-B": ("take a bonus Build", "load.benefit"),
}
