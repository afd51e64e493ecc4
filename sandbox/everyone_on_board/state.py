"""The rules of Everyone On Board‽ as an immutable state machine.

A turn is a stack of core `Frame`s, the top one pending (see `frames.py`): chance draws up to
five cards (an All Aboard! card is played at once and every train answers the signal, a Queen
by a coin), then two Moves, then optional discards and the end of the turn. The draw pile is
kept unordered: which card comes off it is a chance decision, recorded in the log, so a
tutorial can force any card.

Two paths to legality, kept in agreement by a property test: `generate_legal` builds the legal
actions straight from the hand, the platforms and the trains, handing out the interned actions
of `actions.py` and formatting nothing; `_violations` says every rule an action breaks, in
words, from a per-state index of where each card is.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any, ClassVar

from sandbox.core.decision import Frame
from sandbox.core.errors import Violation, quote
from sandbox.core.events import Event
from sandbox.core.outcome import Outcome
from sandbox.core.pending import CHANCE, LazyPending, Pending
from sandbox.core.state import GameState, evolve, handed
from sandbox.everyone_on_board import frames, legal, told
from sandbox.everyone_on_board.actions import (
    DISCARDS,
    DRAWS,
    END,
    LEAVES,
    MOVES,
    SPOTS,
    STAYS,
    Coin,
    Discard,
    Draw,
    EndTurn,
    Move,
    parse,
)
from sandbox.everyone_on_board.cards import (
    BY_KEY,
    FULL_DECK,
    HIDDEN,
    PLAY_DECK,
    Card,
    holds,
    sorted_cards,
    with_card,
    without_card,
)
from sandbox.everyone_on_board.config import Config
from sandbox.everyone_on_board.frames import (
    COIN,
    DEAL,
    DISCARD,
    DRAW,
    MOVE,
    MOVES_PER_TURN,
    SIGNAL,
)
from sandbox.everyone_on_board.model import Departure, Scores, Track, Train

HAND_SIZE = 5
_ACTION_TYPES = frozenset((Move, Discard, EndTurn, Draw, Coin))
__all__ = ["HAND_SIZE", "MOVES_PER_TURN", "Departure", "Scores", "State", "Track", "Train"]


def _e(kind: str, text: str, rule: str, actor: int | None = None, **data: Any) -> Event:
    return Event.of(kind, text, rule, actor, data)


_DRAW_PROMPTS = {(p, held): f"Draw a card for P{p} ({held} of {HAND_SIZE} in hand)"
                 for p in range(1, frames.MAX_PLAYERS + 1) for held in range(HAND_SIZE)}
_MOVE_PROMPTS = {(p, k): f"P{p}: Move {k} of {MOVES_PER_TURN}"
                 for p in range(1, frames.MAX_PLAYERS + 1) for k in range(1, MOVES_PER_TURN + 1)}


@dataclass(frozen=True)
class State(GameState):
    config: Config
    stack: tuple[Frame, ...]  # the decisions to come, the pending one last; () once the game is over
    player: int  # whose turn it is (during the deal: who is being dealt to)
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]  # the draw pile, unordered (kept sorted)
    discard: tuple[Card, ...]  # face up; the last card is on top
    tracks: tuple[Track, ...]
    points: tuple[int, ...]  # banked per seat (see `scores`)
    departures: tuple[Departure, ...] = ()
    moved: tuple[Card, ...] = ()  # Passengers Moved this turn
    signalled: bool = False  # an All Aboard! card was played this turn
    set_aside: tuple[Card, ...] = ()  # All Aboard! cards waiting to go back into the deck
    owed: int = 0  # non-All Aboard! draws still due before they go back
    seen_by: int | None = None  # a view: the player it is seen by (None: the whole table)

    game_id = "everyone_on_board"
    title = "Everyone On Board‽"
    chance_actions = (Draw, Coin)
    memos = ("_pending",)  # the whole prompt, worked out once (`_whole_pending`)
    click_hint: ClassVar[str] = ("click a card, then a platform or a track to Move it there "
                                 "(or the discard pile to discard it)")

    # --- setting up ------------------------------------------------------------------------
    @classmethod
    def start(cls, config: Config) -> State:
        """The table before the deal: train cards set aside, 42 cards to deal from."""
        n = config.players
        return cls(config, frames.deal(n), 1, 0, ((),) * n, PLAY_DECK, (),
                   (Track(),) * config.tracks, (0,) * n)

    # --- reading ---------------------------------------------------------------------------
    def hand(self, player: int) -> tuple[Card, ...]:
        return self.hands[player - 1]

    @property
    def trains_gone(self) -> int:
        return len(self.departures)

    @property
    def scores(self) -> Scores:
        """The points each seat has banked (a tuple; called with a viewer, {player: points})."""
        return Scores(self.points)

    def breakdown(self, player: int) -> tuple[tuple[str, int], ...]:
        """`player`'s points train by train: the trains they controlled when they left."""
        return tuple((d.label, d.points) for d in self.departures if d.controller == player)

    def score_parts(self, player: int) -> dict[str, int]:
        """One category, the Passengers on the trains `player` controlled when they left (the
        breakdown lists each train; the lab's tables want the same columns in every game)."""
        return {"trains": self.points[player - 1]}

    def turn_marker(self) -> tuple[int, int | None]:
        return self.turn, self.player

    @property
    def to_move(self) -> int | None:
        stack = self.stack
        return stack[-1].player if stack else None

    @property
    def is_over(self) -> bool:
        return not self.stack

    @property
    def step(self) -> Frame | None:
        """The decision pending, as a frame (None once the game is over)."""
        return self.stack[-1] if self.stack else None

    @property
    def moves(self) -> int:
        """Moves made this turn (or skipped for want of a legal Move)."""
        top = self.step
        if top is None:
            return 0
        if top.kind == MOVE:
            return int(top.get("number")) - 1
        if top.kind == DISCARD:
            return int(top.get("moves"))
        return 0

    @property
    def signal(self) -> tuple[int, ...]:
        """Tracks whose trains are still to answer the All Aboard! card being played (the
        Queen's waiting for her coin first)."""
        out: tuple[int, ...] = ()
        for frame in reversed(self.stack):
            if frame.kind == COIN:
                out = (frame.get("track"),)
            elif frame.kind == SIGNAL:
                return out + tuple(frame.get("tracks"))
        return out

    @property
    def signal_card(self) -> Card | None:
        """The All Aboard! card being played, if any."""
        for frame in reversed(self.stack):
            if frame.kind == SIGNAL:
                card: Card = frame.get("card")
                return card
        return None

    @cached_property
    def _places(self) -> dict[Card, tuple[str, int]]:
        """Where each card is (the first place that names it), built once per state."""
        places: dict[Card, tuple[str, int]] = {}
        put = places.setdefault
        for p, hand in enumerate(self.hands, 1):
            for c in hand:
                put(c, ("hand", p))
        for n, track in enumerate(self.tracks, 1):
            for c in track.platform:
                put(c, ("platform", n))
            if track.train:
                put(track.train.collector, ("collector", n))
                for c in track.train.aboard:
                    put(c, ("train", n))
        for name, pile in (("deck", self.deck), ("discard", self.discard),
                           ("set aside", self.set_aside)):
            for c in pile:
                put(c, (name, 0))
        signal_card = self.signal_card
        if signal_card is not None:
            put(signal_card, ("signal", 0))
        return places

    def where(self, card: Card) -> tuple[str, int]:
        """Where a card is: ("hand", player), ("platform", n), ("train", n), ("collector", n),
        ("deck", 0), ("discard", 0), ("set aside", 0), ("signal", 0), ("train cards", 0), or
        ("unseen", 0) for a card face down in a view (or no card of the deck)."""
        place = self._places.get(card)
        if place is not None:
            return place
        return ("train cards", 0) if card.is_train_card else ("unseen", 0)

    @property
    def pending(self) -> Pending:
        """Who decides and the kind of decision, at once; the prompt, the rule and the options
        when first read (then kept by the state, see `LazyPending`)."""
        found: Pending | None = self.__dict__.get("_pending")
        if found is not None:
            return found
        stack = self.stack
        if not stack:
            return LazyPending(None, "over", self._whole_pending)
        kind = stack[-1].kind
        if kind in (DRAW, DEAL):
            return LazyPending(CHANCE, "draw", self._whole_pending)
        if kind == MOVE:
            return LazyPending(self.player, "move", self._whole_pending)
        if kind == DISCARD:
            return LazyPending(self.player, "discard", self._whole_pending)
        return LazyPending(CHANCE, "coin", self._whole_pending)

    def _whole_pending(self) -> Pending:
        found: Pending | None = self.__dict__.get("_pending")
        if found is None:  # built once per state (a plain cache: cached_property takes a lock)
            found = self.__dict__["_pending"] = self._make_pending()
        return found

    def _make_pending(self) -> Pending:
        """The pending decision. Its options are worked out when first read, from the very
        fields they depend on (never from the state itself: a state that caches a Pending
        holding the state would be a reference cycle, left for the garbage collector)."""
        if not self.stack:
            return Pending(None, "over", "The game is over", "end.schedule")
        top = self.stack[-1]
        kind, p = top.kind, self.player
        known: tuple[Any, ...] | None = self.__dict__.get("_legal")
        if kind in (DRAW, DEAL):
            held = len(self.hands[p - 1])
            prompt = _DRAW_PROMPTS.get((p, held)) or \
                f"Draw a card for P{p} ({held} of {HAND_SIZE} in hand)"
            rule = "turn.draw" if kind == DRAW else "ruling.deal"
            k = len(self.deck)
            if self.seen_by is not None or not k:  # the pile is face down in a view: no card to name
                return Pending(CHANCE, "draw", prompt, rule)
            # cards are unique: each is one outcome, of chance 1/k
            return Pending(CHANCE, "draw", prompt, rule, known or partial(legal.draws, self.deck),
                           legal.chances(k))
        if kind == MOVE:
            number = top.get("number")
            prompt = _MOVE_PROMPTS.get((p, number)) or f"P{p}: Move {number} of {MOVES_PER_TURN}"
            return Pending(p, "move", prompt, "turn.moves",
                           known or partial(legal.moves, self.hands[p - 1], self.tracks, self.moved))
        if kind == DISCARD:
            return Pending(p, "discard", f"P{p}: discard any cards, then end the turn",
                           "turn.discard", known or partial(legal.discards, self.hands[p - 1]))
        return Pending(CHANCE, "coin", f"Does the Quirky Queen's train on track "
                       f"{top.get('track')} leave? (50%)", "collector.queen", (LEAVES, STAYS),
                       (0.5, 0.5))

    def forcing_violations(self, outcome: Any) -> list[Violation]:
        """A forced draw must be a card still to draw: in the draw pile, or in the discard pile
        that is shuffled into it when it runs out [deck.reshuffle]."""
        out = super().forcing_violations(outcome)
        if not out and isinstance(outcome, Draw) and outcome.card not in self.deck \
                and outcome.card not in self.discard:
            out.append(Violation("turn.draw", f"{outcome.card} is not in the draw pile"))
        return out

    def sample_chance(self, rng: Any) -> Any:
        """The dealer's draw, with the very `random()` and arithmetic `random.choices` would
        use over the pending chances, without building them: the same seed, the same card."""
        kind = self.stack[-1].kind if self.stack else None
        if kind == COIN:
            return LEAVES if rng.random() < 0.5 else STAYS  # choices over (0.5, 0.5)
        deck = self.deck
        if kind not in (DRAW, DEAL) or self.seen_by is not None or not deck:
            return super().sample_chance(rng)
        return legal.sample_draw(deck, rng)

    # --- legality: the fast path -------------------------------------------------------------
    def apply(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        """As the core's `apply`: an action object of this game that is legal goes straight to
        the rules (nothing to read); anything else is read, checked and refused as usual."""
        if type(action) in _ACTION_TYPES and self.is_legal(action):
            return self._transition(action)
        return super().apply(action)

    def is_legal(self, action: Any) -> bool:
        """Whether `action` is one of the legal actions, as the core answers it, sooner: a draw
        is legal exactly when its card is in the draw pile of a full table that is drawing
        (the draws are not built); an action handed out by the engine (the interned objects
        the legal actions are made of) is legal when it is one of them, found by identity.
        Anything else gets the core's answer (membership of the set of legal actions)."""
        if type(action) is Draw and type(action.card) is Card:
            if type(action.card.rank) is not int:  # Card(6.0, "D") equals 6D, yet no card (`shape`)
                return False
            stack = self.stack
            return bool(stack) and stack[-1].kind in (DRAW, DEAL) and self.seen_by is None \
                and holds(self.deck, action.card)
        if handed(action, self.legal_actions()):
            return True
        return super().is_legal(action)

    def generate_legal(self) -> Any:
        top = self.step
        if top is None:
            return ()
        kind = top.kind
        if kind == MOVE:
            return legal.moves(self.hands[self.player - 1], self.tracks, self.moved)
        if kind == DISCARD:
            return legal.discards(self.hands[self.player - 1])
        if kind == COIN:
            return (LEAVES, STAYS)
        if self.seen_by is not None:  # a view's pile is face down: the match deals draws
            return ()
        return legal.draws(self.deck)

    # --- legality: the explaining path -------------------------------------------------------
    def candidate_actions(self) -> Iterator[Any]:
        top = self.step
        kind = top.kind if top is not None else None
        if kind in (DEAL, DRAW):
            if self.seen_by is None:  # a view's pile is face down: the match deals draws
                yield from (_draw_of(c) for c in dict.fromkeys(self.deck))
        elif kind == COIN:
            yield from (LEAVES, STAYS)
        elif kind == MOVE:
            spots = 2 * len(self.tracks)
            cards = list(self.hand(self.player))
            cards += [c for t in self.tracks for c in t.platform]
            for card in cards:
                if card.key >= 0:
                    yield from MOVES[card.key][:spots]
                else:
                    yield from (Move(card, spot) for spot in SPOTS[:spots])
        elif kind == DISCARD:
            yield END  # first: discarding is optional
            yield from (DISCARDS[c.key] if c.key >= 0 else Discard(c) for c in self.hand(self.player))

    @property
    def _chance_rule(self) -> str:
        """The rule chance follows now: the deal, a draw, or a Queen's coin."""
        top = self.step
        if top is not None and top.kind == DEAL:
            return "ruling.deal"
        if top is not None and top.kind == COIN:
            return "collector.queen"
        return "turn.draw"

    def _violations(self, action: Any) -> list[Violation]:
        """Every rule `action` breaks, in words the player deciding may read: a card they
        cannot see (another hand, the draw pile) is never placed, on the full table or a view."""
        top = self.step
        if top is None:
            return [Violation("end.schedule", "the game is over: all scheduled trains have left")]
        kind = top.kind
        if isinstance(action, Draw):
            if kind not in (DEAL, DRAW):
                return [Violation(self._chance_rule, f"no card is being drawn now ({self.pending.prompt})")]
            if self.seen_by is not None:
                return [Violation(self._chance_rule, f"the draw pile is hidden in P{self.seen_by}'s "
                                  "view: draws are dealt by the match")]
            if action.card not in self.deck:
                return [Violation(self._chance_rule, f"{action.card} is not in the draw pile")]
            return []
        if isinstance(action, Coin):
            if kind != COIN:
                return [Violation("collector.queen", "no Quirky Queen is deciding whether to leave")]
            return []
        if kind in frames.CHANCE_KINDS:
            return [Violation(self._chance_rule, f"chance decides now: {self.pending.prompt}")]
        if isinstance(action, Move):
            if kind != MOVE:
                done = "has made both Moves" if self.moves == MOVES_PER_TURN else \
                    f"has no Move left this turn ({self.moves} made)"
                return [Violation("turn.discard", f"P{self.player} {done}; only discards and the "
                                  "end of the turn are left", {"moves": self.moves})]
            return self._move_violations(action)
        if isinstance(action, Discard):
            return self._discard_violations(action.card)
        if isinstance(action, EndTurn):
            if kind != DISCARD:
                return [Violation("turn.moves", f"P{self.player} must Move 2 cards before the turn "
                                  f"ends ({self.moves} made)", {"moves": self.moves})]
            return []
        return [Violation("notation", f"{quote(action)} is not an action of this game")]

    def _locate(self, card: Card) -> tuple[str, int]:
        """Where `card` is as the reader may know it: the player deciding (on the full table)
        or the seat a view is seen by. Their own hand ("hand", p) and the open table by name
        (platform, train, collector, discard, set aside, signal); ("unseen", 0) for a card they
        cannot see: in another hand or the draw pile (on the full table), face down (in a view)."""
        reader = self.player if self.seen_by is None else self.seen_by
        where, n = self.where(card)
        if where == "hand" and n == reader:
            return where, n
        if where in ("hand", "deck", "unseen"):
            return "unseen", 0
        return where, n

    def _unseen(self, card: Card, rule: str, verb: str) -> Violation:
        """The refusal for a card the deciding player cannot see: it is not theirs to play, and
        where it is stays unsaid. On a view seen by another seat the decider's own hand is
        face down too, so that view cannot tell and says so."""
        p = self.player
        if self.seen_by is not None and self.seen_by != p:
            return Violation(rule, f"P{p}'s hand is hidden in P{self.seen_by}'s view: whether P{p} "
                             f"may {verb} {card} cannot be told from it")
        return Violation(rule, f"{card} is not in P{p}'s hand" + (
            " or on a platform" if rule == "move.passenger" else ""))

    def _discard_violations(self, card: Card) -> list[Violation]:
        out = []
        top = self.step
        if top is None or top.kind != DISCARD:
            out.append(Violation("turn.moves", f"discards come after the two Moves; "
                                 f"P{self.player} has made {self.moves}", {"moves": self.moves}))
        if card not in FULL_DECK:  # "??" (a face-down card) or no card of this deck at all
            return [*out, Violation("setup.deck", f"{card} is not one of the 54 cards: name the "
                                    "card to discard, like 7H")]
        where, n = self._locate(card)
        if where == "unseen":
            out.append(self._unseen(card, "turn.discard", "discard"))
        elif where != "hand" or n != self.player:
            out.append(Violation("turn.discard", f"only cards from your hand are discarded; "
                                 f"{card} is {_place(where, n)}"))
        return out

    def _move_violations(self, move: Move) -> list[Violation]:
        card, to = move.card, move.to
        out: list[Violation] = []
        tracks = len(self.tracks)
        if not 1 <= to.n <= tracks:
            out.append(Violation("setup.station", f"the station has {tracks} "
                                 f"track{'s' * (tracks != 1)}; there is no {to}",
                                 {"tracks": tracks, "track": to.n}))
        if card not in FULL_DECK:  # "??" (a face-down card) or no card of this deck at all
            return [*out, Violation("setup.deck", f"{card} is not one of the 54 cards: name the "
                                    "card to Move, like 7H")]
        if card.is_all_aboard:
            return [*out, Violation("move.all-aboard", f"{card} is an All Aboard! card: it goes "
                                    "from the deck to the discard pile only and is never Moved")]
        if card.is_train_card:
            return [*out, Violation("setup.train-cards", f"{card} is a Train Card, set aside to "
                                    "show who controls a train; it is never Moved")]
        where, n = self._locate(card)
        rule = "move.collector" if card.is_collector else "move.passenger"
        if where == "unseen":  # not the mover's to Move, and where it is stays unsaid
            return [*out, self._unseen(card, rule, "Move")]
        if where == "hand" and n != self.player:  # the hand of the seat this view is seen by
            return [*out, Violation(rule, f"{card} is in P{n}'s hand, not P{self.player}'s")]
        target = self.tracks[to.n - 1] if 1 <= to.n <= tracks else None
        if where == "discard":
            out.append(Violation("move.discard-pile", f"{card} is in the discard pile"))
        if card.is_collector:
            if where == "collector":
                out.append(Violation("move.collector-once", f"{card} is already the Ticket "
                                     f"Collector on track {n}"))
            if to.kind == "P":
                out.append(Violation("move.collector", f"Ticket Collectors go to a train or an "
                                     f"empty track, not to {to}"))
            return out
        # a Passenger: from a hand, or from any platform by any player [passenger.anyone]
        if where == "train":
            out.append(Violation("move.boarded", f"{card} has boarded the train on track {n}"))
            return out
        if card in self.moved:
            out.append(Violation("move.passenger-once", f"{card} was already Moved this turn"))
        if target is None:  # no such track or platform: nothing more to say about it
            return out
        if to.kind == "P":
            if where == "platform" and n == to.n:
                out.append(Violation("move.passenger", f"{card} is already on {to}"))
            return out
        if where == "hand":
            out.append(Violation("passenger.platform-first", f"{card} must wait on platform "
                                 f"{to.n} before boarding; it is in the hand"))
        elif where == "platform" and n != to.n:
            out.append(Violation("passenger.platform-first", f"{card} is on platform {n}; it can "
                                 f"board only the train beside it, not the one on track {to.n}"))
        if target.train is None:
            out.append(Violation("move.passenger", f"there is no train on track {to.n} to board"))
        elif target.train.collector.suit != card.suit:
            out.append(Violation("passenger.suit", f"{card}'s suit does not match the Ticket "
                                 f"Collector {target.train.collector} on track {to.n}"))
        return out

    # --- reading an action as a seat may -----------------------------------------------------
    def describe(self, action: Any, viewer: int | None = None) -> str:
        """`action` as `viewer` may read it. Every draw into a hand is secret from the other
        seats: "P2 draws a card" ("P2 is dealt a card" in the deal). That holds for a draw
        that turns out to be an All Aboard! card too: this text is read before the outcome's
        consequences, and the public event that follows ("P2 draws A♠: ALL ABOARD!") reveals
        such a card anyway, so hiding every draw is the simple rule that never leaks."""
        top = self.step
        if isinstance(action, Draw) and viewer is not None and viewer != self.player \
                and top is not None and top.kind in (DEAL, DRAW):
            p = self.player
            return f"P{p} is dealt a card" if top.kind == DEAL else f"P{p} draws a card"
        return str(action)

    # --- transitions -----------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        return parse(text)

    def _transition(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        kind = type(action)
        # The commonest steps leave nothing for `_settle` to carry out (no departure, no
        # empty pile, no frame to take off): a draw that leaves the draw going on, a Move
        # with the next Move or the discards pending, a discard.
        if kind is Draw:
            state = self._draw(action.card, events)
            if state.stack is self.stack and self.stack[-1].kind == DRAW and state.deck:
                return state, told.alone(events)
        elif kind is Move:
            state = self._move(action, events)
            if state.hands[self.player - 1] or state.stack[-1].kind == DISCARD:
                return state, told.alone(events)
        elif kind is Discard:
            return self._discard(action.card, events), told.alone(events)
        elif kind is Coin:
            state = self._queen(action.leaves, events)
        else:
            state = self._end_turn(events)
        return state._settle(events), told.alone(events)

    def _with_hand(self, player: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
        hands = self.hands
        return hands[:player - 1] + (hand,) + hands[player:]

    def _pile(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """The draw pile made of `cards`: kept sorted (it is unordered), face down in a view."""
        return sorted_cards(cards) if self.seen_by is None else (HIDDEN,) * len(cards)

    def _with_track(self, n: int, track: Track) -> tuple[Track, ...]:
        return self.tracks[: n - 1] + (track,) + self.tracks[n:]

    def _draw(self, card: Card, events: list[Event]) -> State:
        p = self.player
        deck = self.deck  # `without_card` and `with_card` inlined: the hottest path there is
        i = bisect_left(deck, card.key, key=BY_KEY)
        if i == len(deck) or (deck[i] is not card and deck[i] != card):
            i = deck.index(card)
        deck = deck[:i] + deck[i + 1:]
        if card.rank <= 1:  # an All Aboard! card (an Ace or a Joker)
            return self._all_aboard(card, deck, events)
        if self.stack[-1].kind == DEAL:
            events.append(told.dealt(p, card))
            hands = self._with_hand(p, with_card(self.hands[p - 1], card))
            if self.set_aside:
                events.append(Event.lazy("return", "{} shuffled back into the deck",
                                         _Cards(self.set_aside), rule="aa.deal", actor=p))
                return evolve(self, deck=sorted_cards(deck + self.set_aside), hands=hands, set_aside=())
            return evolve(self, deck=deck, hands=hands)
        events.append(told.drawn(p, card))
        hand = list(self.hands[p - 1])
        insort(hand, card, key=BY_KEY)
        hands = self.hands
        hands = (*hands[:p - 1], tuple(hand), *hands[p:])
        # a full hand ends the draw: its frame comes off here (what `_settle` would do next)
        stack = self.stack if len(hand) < HAND_SIZE else self.stack[:-1]
        if self.owed:
            owed = self.owed - 1
            if owed == 0 and self.set_aside:
                events.append(Event.lazy("return", "{} shuffled back into the deck",
                                         _Cards(self.set_aside), rule="aa.several", actor=p))
                return evolve(self, deck=sorted_cards(deck + self.set_aside), hands=hands,
                               owed=owed, set_aside=(), stack=stack)
            return evolve(self, deck=deck, hands=hands, owed=owed, stack=stack)
        return evolve(self, deck=deck, hands=hands, stack=stack)

    def _all_aboard(self, card: Card, deck: tuple[Card, ...], events: list[Event]) -> State:
        """An All Aboard! card comes off the draw pile (`deck`: the pile without it)."""
        p = self.player
        if self.stack[-1].kind == DEAL:
            events.append(Event.lazy("reveal", "P{0} is dealt {1}, an All Aboard! card: revealed "
                                     "and set aside; P{0} draws again", p, card, rule="aa.deal",
                                     actor=p, card=card.notation))
            return evolve(self, deck=deck, set_aside=(*self.set_aside, card))
        if not self.signalled:
            events.append(Event.lazy("all-aboard", "P{} draws {}: ALL ABOARD! Every train at the "
                                     "station gets the signal to leave (not a Move)", p, card,
                                     rule="aa.drawn", actor=p, card=card.notation))
            waiting = tuple(n for n, t in enumerate(self.tracks, 1) if t.train)
            if not waiting:
                events.append(_e("signal", "No train is at the station to answer the signal",
                                 "aa.signal", p))
            return evolve(self, deck=deck, signalled=True,
                           stack=(*self.stack, frames.signal(p, card, waiting)))
        events.append(Event.lazy("ignore", "P{0} draws {1}, another All Aboard! card this turn: "
                                 "ignored and set aside until P{0} has drawn as many other cards",
                                 p, card, rule="aa.several", actor=p, card=card.notation))
        return evolve(self, deck=deck, set_aside=(*self.set_aside, card), owed=self.owed + 1)

    def _queen(self, leaves: bool, events: list[Event]) -> State:
        n = self.stack[-1].get("track")
        train = self.tracks[n - 1].train
        assert train is not None
        if leaves:
            events.append(Event.lazy("coin", "The Quirky Queen {} on track {} decides to leave "
                                     "(50% chance)", train.collector, n, rule="collector.queen",
                                     actor=CHANCE, track=n))
            table = _Table(self)
            table.depart(n, events)
            return evolve(self, stack=self.stack[:-1], **table.changes())
        events.append(Event.lazy("coin", "The Quirky Queen {} on track {} stays (50% chance)",
                                 train.collector, n, rule="collector.queen", actor=CHANCE, track=n))
        return evolve(self, stack=self.stack[:-1])

    def _answer_signal(self, events: list[Event]) -> State:
        """Trains answer the signal (the frame on top) in track order until a Queen's coin is
        needed: then her coin goes on top of what is left of the signal."""
        frame = self.stack[-1]
        card: Card = frame.get("card")
        tracks: tuple[int, ...] = frame.get("tracks")
        table = _Table(self)
        while tracks:
            n = tracks[0]
            train = table.tracks[n - 1].train
            assert train is not None, "every train has a Ticket Collector [ruling.no-collector]"
            rank = train.collector.rank
            if rank == 12:  # a coin decides
                rest = frames.signal(frame.player, card, tracks[1:])
                return evolve(self, stack=(*self.stack[:-1], rest, frames.coin(n)),
                               **table.changes())
            tracks = tracks[1:]
            if rank == 13:  # king="waits" or "boards" [ruling.king]
                platform = table.tracks[n - 1].platform
                waiting = tuple(c for c in platform if c.suit == train.collector.suit)
                if waiting and self.config.rulings.king == "waits":
                    events.append(Event.lazy("stay", "The Kind King {} on track {} won't leave {} "
                                             "on the platform: the train stays", train.collector,
                                             n, _Cards(waiting), rule="collector.king", track=n))
                    continue
                if waiting:
                    train = Train(train.collector, train.controller, train.aboard + waiting)
                    events.append(Event.lazy("board", "The Kind King {} on track {} takes {} aboard "
                                             "before leaving", train.collector, n, _Cards(waiting),
                                             rule="collector.king", track=n))
                    table.tracks[n - 1] = Track(tuple(c for c in platform if c not in waiting), train)
                events.append(Event.lazy("leave", "The Kind King {} on track {} leaves",
                                         train.collector, n, rule="collector.king", track=n))
            else:
                events.append(Event.lazy("leave", "The Jerky Jack {} on track {} leaves at once",
                                         train.collector, n, rule="collector.jack", track=n))
            table.depart(n, events)
        events.append(Event.lazy("signal-done", "{} goes to the discard pile", card,
                                 rule="move.all-aboard", actor=self.player))
        table.discard.append(card)
        return evolve(self, stack=self.stack[:-1], **table.changes())

    def _move(self, move: Move, events: list[Event]) -> State:
        p, card, n = self.player, move.card, move.to.n
        hand = self.hands[p - 1]
        tracks = list(self.tracks)
        hands = self.hands
        discard = self.discard
        moved = self.moved
        if holds(hand, card):  # hands and platforms are sorted: found by bisection
            src = 0
            hands = self._with_hand(p, without_card(hand, card))
        else:  # on a platform
            src = next(m for m, t in enumerate(tracks, 1) if holds(t.platform, card))
            t = tracks[src - 1]
            tracks[src - 1] = Track(without_card(t.platform, card), t.train)
        track = tracks[n - 1]
        if card.is_collector:
            old = track.train
            if old is None:
                events.append(told.arrived(p, card, n))
                train = Train(card, p)
            else:
                control = "keeps control" if old.controller == p else "now controls it"
                events.append(Event.lazy("replace", "P{0} Moves {1} onto the train on track {2}, "
                                         "replacing {3} (discarded); P{0} {4}", p, card, n,
                                         old.collector, control, rule="move.collector-replace",
                                         actor=p, card=card.notation, track=n))
                if old.controller == p:
                    events.append(Event.lazy("control", "The Train Card on track {} stays with "
                                             "P{}, who still controls the Ticket Collector and "
                                             "the train", n, p, rule="collector.switch", actor=p,
                                             track=n))
                else:
                    events.append(Event.lazy("control", "The Train Card on track {} is switched "
                                             "to P{}, who now controls the Ticket Collector and "
                                             "the train", n, p, rule="collector.switch", actor=p,
                                             track=n))
                train = Train(card, p, old.aboard)
                discard = (*discard, old.collector)
            tracks[n - 1] = Track(track.platform, train)
        elif move.to.kind == "P":
            events.append(told.to_platform(p, card, src, n, move.to.notation))
            tracks[n - 1] = Track(with_card(track.platform, card), track.train)
            moved = with_card(moved, card)
        else:
            boarding = track.train
            assert boarding is not None
            events.append(told.boarded(p, card, n, boarding.collector))
            tracks[n - 1] = Track(track.platform, Train(boarding.collector, boarding.controller,
                                                        (*boarding.aboard, card)))
            moved = with_card(moved, card)
        return evolve(self, hands=hands, tracks=tuple(tracks), discard=discard, moved=moved,
                      stack=self.stack[:-1])

    def _discard(self, card: Card, events: list[Event]) -> State:
        p = self.player
        events.append(told.discarded(p, card))
        return evolve(self, hands=self._with_hand(p, without_card(self.hands[p - 1], card)),
                      discard=(*self.discard, card))

    def _end_turn(self, events: list[Event]) -> State:
        p = self.player
        state = self
        if self.config.rulings.jack == "turn-end":  # [ruling.jack]
            table = _Table(self)
            for n, track in enumerate(self.tracks, 1):
                if track.train and track.train.collector.rank == 11 and track.train.aboard:
                    events.append(_e("leave", f"The Jerky Jack {track.train.collector} on track {n} "
                                     "leaves at the end of the turn", "collector.jack", None, track=n))
                    table.depart(n, events)
            if len(table.departures) > len(self.departures):
                state = evolve(state, **table.changes())
        if state.set_aside:
            events.append(Event.lazy("return", "{} shuffled back into the deck at the end of the "
                                     "turn", _Cards(state.set_aside), rule="ruling.set-aside", actor=p))
            state = evolve(state, deck=state._pile(state.deck + state.set_aside), set_aside=())
        if state._schedule_done(events):
            return state._over()
        nxt = p % self.config.players + 1
        events.append(told.turn_ends(p, nxt))
        return evolve(state, stack=frames.turn(nxt), player=nxt, turn=self.turn + 1, moved=(),
                      signalled=False, owed=0)

    def _schedule_done(self, events: list[Event]) -> bool:
        """Trains that have left count; all trains answer a signal first [ruling.schedule]."""
        if len(self.departures) >= self.config.schedule:
            events.append(_e("end", f"{self._gone()}: the game is over", "end.schedule", None))
            return True
        return False

    def _gone(self) -> str:
        gone, schedule = len(self.departures), self.config.schedule
        if gone == schedule:
            return f"all {schedule} scheduled trains have gone through the station"
        return f"{gone} trains have gone through the station (schedule: {schedule})"

    def _over(self) -> State:
        return evolve(self, stack=())

    def _settle(self, events: list[Event]) -> State:
        """Carry out what needs no decision, frame by frame, until a decision is on top: the
        next deal, a reshuffle, trains answering the signal, the end of the game, skipping
        Moves that cannot be made."""
        state = self
        schedule = self.config.schedule
        while True:
            stack = state.stack
            if not stack:
                return state
            top = stack[-1]
            kind = top.kind
            p = state.player
            if kind in (DRAW, MOVE, DISCARD):
                if len(state.departures) >= schedule:
                    state._schedule_done(events)  # only a written position gets here (see position.py)
                    return state._over()
                if kind == DRAW:
                    if len(state.hands[p - 1]) >= HAND_SIZE:
                        state = evolve(state, stack=stack[:-1])
                        continue
                    if state.deck:
                        return state
                    if state.discard:
                        k = len(state.discard)
                        events.append(_e("reshuffle", f"The draw pile is empty: the discard pile "
                                         f"({k} card{'s' * (k != 1)}) is flipped and shuffled",
                                         "deck.reshuffle", None))
                        return evolve(state, deck=state._pile(state.discard), discard=())
                    events.append(_e("dry", f"The draw pile and the discard pile are empty: P{p} "
                                     "stops drawing", "ruling.empty-piles", p))
                    state = evolve(state, stack=stack[:-1])
                    continue
                # a card in hand can always Move (to a platform, or to a track), so only an
                # empty hand can leave a player without a legal Move
                if kind == MOVE and not state.hands[p - 1] and not state.legal_actions():
                    made = int(top.get("number")) - 1
                    left = MOVES_PER_TURN - made
                    events.append(_e("no-move", f"P{p} has no legal Move left and skips {left} "
                                     f"Move{'s' * (left != 1)}", "ruling.no-move", p))
                    rest = stack
                    while rest[-1].kind == MOVE:
                        rest = rest[:-1]
                    return evolve(state, stack=(*rest[:-1], *frames.discarding(p, made)))
                return state
            if kind == DEAL:
                if len(state.hands[p - 1]) < HAND_SIZE:
                    return state
                below = stack[-2]
                if below.kind == DEAL:
                    state = evolve(state, stack=stack[:-1], player=below.get("seat"))
                    continue
                events.append(_e("start", "Every player has 5 cards; P1 takes the first turn",
                                 "ruling.deal", None))
                state = evolve(state, stack=stack[:-1], player=1, turn=1)
                continue
            if kind == SIGNAL:
                state = state._answer_signal(events)
                if state.stack[-1].kind == COIN:
                    return state  # a Queen's coin is pending
                if state._schedule_done(events):
                    return state._over()
                continue
            return state  # a Queen's coin

    # --- the end ---------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if self.stack:
            return None
        points = self.points
        best = max(points)
        winners = tuple(p for p, s in enumerate(points, 1) if s == best)
        return Outcome(
            winners=winners,
            scores=self.scores(),
            breakdown={p: self.breakdown(p) for p in range(1, self.config.players + 1)},
            reason=self._gone(),
            rule="end.schedule",
            tiebreak="tied players share the win [ruling.tie]" if len(winners) > 1 else "",
        )

    # --- hidden information ----------------------------------------------------------------
    def view(self, player: int | None) -> State:
        """Other hands and the draw pile become face-down cards; all else is open, the discard
        pile included [ruling.discard-open]. Once the game is over the hands are shown too
        (`sees`); the draw pile stays face down."""
        if not self.wants_view(player, self.config.players):  # a seat that exists, or ValueError
            return self
        hands = tuple(h if self.sees(player, p) else (HIDDEN,) * len(h) for p, h in enumerate(self.hands, 1))
        return evolve(self, hands=hands, deck=(HIDDEN,) * len(self.deck), seen_by=player)

    def census(self) -> Counter[Card]:
        """Every card in play once, wherever it is (face-down cards count as HIDDEN)."""
        found = [*self.deck, *self.discard, *self.set_aside, *(c for h in self.hands for c in h)]
        for t in self.tracks:
            found += t.platform
            if t.train:
                found += [t.train.collector, *t.train.aboard]
        signal_card = self.signal_card
        if signal_card is not None:
            found.append(signal_card)
        return Counter(found)

    @cached_property
    def _unknown_cards(self) -> tuple[Card, ...]:
        """The cards this view has not seen, sorted: the same for every world a search deals
        from it, so worked out once."""
        return tuple(sorted((Counter(PLAY_DECK) - (self.census() - Counter({HIDDEN: 10**6}))).elements()))

    def determinize(self, rng: Any) -> State:
        """A full table consistent with this view: the cards the viewer has not seen dealt at
        random into the hands it does not see and the draw pile (All Aboard! cards only into the
        pile: a hand never holds one)."""
        viewer = self.seen_by
        if viewer is None:
            return self
        unknown = list(self._unknown_cards)
        rng.shuffle(unknown)
        plain = [c for c in unknown if not c.is_all_aboard]
        hands = []
        for p, hand in enumerate(self.hands, 1):
            if self.sees(viewer, p):
                hands.append(hand)
            else:
                hands.append(sorted_cards(plain[:len(hand)]))
                del plain[:len(hand)]
        deck = sorted_cards(plain + [c for c in unknown if c.is_all_aboard])
        return evolve(self, hands=tuple(hands), deck=deck, seen_by=None)

    # --- text (the picture and the greedy bot's `assess`: the hooks `__init__.py` registers) --
    def __str__(self) -> str:
        lines = [f"Everyone On Board‽ ({self.config.describe()})",
                 f"Turn {self.turn}, {self.pending.prompt}",
                 "Scores: " + ", ".join(f"P{p} {s}" for p, s in enumerate(self.points, 1))
                 + f"; trains gone {len(self.departures)}/{self.config.schedule}"]
        for n, t in enumerate(self.tracks, 1):
            train = (f"{t.train.collector} (P{t.train.controller}) aboard: {_cards(t.train.aboard) or '-'}"
                     if t.train else "empty track")
            lines.append(f"  track {n}: {train} | platform: {_cards(t.platform) or '-'}")
        for p, h in enumerate(self.hands, 1):
            lines.append(f"  P{p} hand: {_cards(h) or '-'}")
        top = self.discard[-1] if self.discard else "-"
        lines.append(f"  draw pile {len(self.deck)}, discard {len(self.discard)} (top {top})"
                     + (f", set aside {_cards(self.set_aside)}" if self.set_aside else ""))
        return "\n".join(lines)


class _Table:
    """What trains leaving change (tracks, banked points, the discard pile, departures), as
    lists: any number of trains leave, and the state is copied once."""

    __slots__ = ("departures", "discard", "points", "tracks")

    def __init__(self, state: State) -> None:
        self.tracks = list(state.tracks)
        self.points = list(state.points)
        self.discard = list(state.discard)
        self.departures = list(state.departures)

    def depart(self, n: int, events: list[Event]) -> None:
        """The train on track n leaves: its controller scores its Passengers [aa.score], its
        cards go to the discard pile [move.train-discard]."""
        track = self.tracks[n - 1]
        train = track.train
        assert train is not None
        points = train.value
        p = train.controller  # whoever Moved the last Ticket Collector scores [collector.control]
        self.points[p - 1] += points
        aboard = _Cards(train.aboard) if train.aboard else "nobody aboard"
        events.append(Event.lazy("score", "The train on track {} leaves with {}: P{} scores {}", n,
                                 aboard, p, points, rule="aa.score", actor=p, track=n,
                                 points=points, player=p))
        gone = _Cards(train.aboard + (train.collector,))
        verb = "goes" if len(gone) == 1 else "go"
        events.append(Event.lazy("clear", "{} {} to the discard pile; P{} takes back the Train Card",
                                 gone, verb, p, rule="move.train-discard", track=n))
        self.departures.append(Departure(n, p, train.collector, train.aboard, points))
        self.tracks[n - 1] = Track(track.platform, None)
        self.discard += gone

    def changes(self) -> dict[str, Any]:
        return {"tracks": tuple(self.tracks), "points": tuple(self.points),
                "discard": tuple(self.discard), "departures": tuple(self.departures)}


def _draw_of(card: Card) -> Draw:
    return DRAWS[card.key] if card.key >= 0 else Draw(card)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


class _Cards(tuple[Card, ...]):
    """Cards as an event's text names them ("5♠ 6♠"), written only when the text is read."""

    __slots__ = ()

    def __str__(self) -> str:
        return _cards(self)


def _place(where: str, n: int) -> str:
    """An open place on the table in words, as `State.where` names it."""
    return {
        "hand": f"in P{n}'s hand",
        "platform": f"on platform {n}",
        "train": f"aboard the train on track {n}",
        "collector": f"the Ticket Collector on track {n}",
        "discard": "in the discard pile",
        "set aside": "set aside (an All Aboard! card)",
        "signal": "the All Aboard! card being played",
    }.get(where, "not in play")
