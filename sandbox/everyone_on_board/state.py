"""The rules of Everyone On Board‽ as an immutable state machine.

A turn is a stack of small decisions: chance draws up to five cards (an All Aboard! card is
played at once and every train answers the signal, a Queen by a coin), then two Moves, then
optional discards and the end of the turn. The draw pile is kept unordered: which card comes off
it is a chance decision, recorded in the log, so a tutorial can force any card.
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
from sandbox.everyone_on_board.actions import Coin, Discard, Draw, EndTurn, Move, Spot, parse
from sandbox.everyone_on_board.cards import FULL_DECK, HIDDEN, PLAY_DECK, Card
from sandbox.everyone_on_board.config import Config

HAND_SIZE = 5
MOVES_PER_TURN = 2


@dataclass(frozen=True)
class Train:
    collector: Card
    controller: int
    aboard: tuple[Card, ...] = ()

    @property
    def value(self) -> int:
        """Passengers score their face value when the train leaves [passenger.score]."""
        return sum(c.rank for c in self.aboard)


@dataclass(frozen=True)
class Track:
    platform: tuple[Card, ...] = ()
    train: Train | None = None


@dataclass(frozen=True)
class Departure:
    track: int
    controller: int
    collector: Card
    passengers: tuple[Card, ...]
    points: int

    @property
    def label(self) -> str:
        if self.track == 0:  # written into a position (see position.py), details unknown
            return "a train that left before this position"
        aboard = "+".join(str(c.rank) for c in self.passengers) or "empty"
        return f"train {self.collector} on track {self.track}: {aboard}"


def _e(kind: str, text: str, rule: str, actor: int | None = None, **data: Any) -> Event:
    return Event(kind, text, rule, actor, data)


@dataclass(frozen=True)
class State(GameState):
    config: Config
    phase: str  # deal, draw, signal, move, discard, over
    player: int  # whose turn it is (during the deal: who is being dealt to)
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]  # the draw pile, unordered (kept sorted)
    discard: tuple[Card, ...]  # face up; the last card is on top
    tracks: tuple[Track, ...]
    scores: tuple[int, ...]
    departures: tuple[Departure, ...] = ()
    moves: int = 0  # Moves made this turn
    moved: tuple[Card, ...] = ()  # Passengers Moved this turn
    signalled: bool = False  # an All Aboard! card was played this turn
    set_aside: tuple[Card, ...] = ()  # All Aboard! cards waiting to go back into the deck
    owed: int = 0  # non-All Aboard! draws still due before they go back
    signal: tuple[int, ...] = ()  # tracks still to answer the current signal
    signal_card: Card | None = None  # the All Aboard! card being played

    game_id = "everyone_on_board"
    title = "Everyone On Board‽"

    # --- setting up ------------------------------------------------------------------------
    @classmethod
    def start(cls, config: Config) -> State:
        """The table before the deal: train cards set aside, 42 cards to deal from."""
        n = config.players
        return cls(config, "deal", 1, 0, ((),) * n, PLAY_DECK, (), (Track(),) * config.tracks,
                   (0,) * n)

    # --- reading ---------------------------------------------------------------------------
    def hand(self, player: int) -> tuple[Card, ...]:
        return self.hands[player - 1]

    @property
    def trains_gone(self) -> int:
        return len(self.departures)

    def where(self, card: Card) -> tuple[str, int]:
        """Where a card is: ("hand", player), ("platform", n), ("train", n), ("collector", n),
        ("deck", 0), ("discard", 0), ("set aside", 0), ("signal", 0) or ("train cards", 0)."""
        for p, hand in enumerate(self.hands, 1):
            if card in hand:
                return "hand", p
        for n, track in enumerate(self.tracks, 1):
            if card in track.platform:
                return "platform", n
            if track.train:
                if card == track.train.collector:
                    return "collector", n
                if card in track.train.aboard:
                    return "train", n
        for name, pile in (("deck", self.deck), ("discard", self.discard),
                           ("set aside", self.set_aside)):
            if card in pile:
                return name, 0
        if card == self.signal_card:
            return "signal", 0
        return "train cards", 0

    @property
    def pending(self) -> Pending:
        return self._pending

    @cached_property
    def _pending(self) -> Pending:
        p = self.player
        if self.phase in ("deal", "draw"):
            cards = tuple(dict.fromkeys(self.deck)) or (HIDDEN,)
            counts = [self.deck.count(c) for c in cards] if len(cards) < len(self.deck) else None
            chances = tuple(k / len(self.deck) for k in counts) if counts else (1 / len(cards),) * len(cards)
            rule = "aa.deal" if self.phase == "deal" else "turn.draw"
            prompt = f"Draw a card for P{p} ({len(self.hand(p))} of {HAND_SIZE} in hand)"
            return Pending(CHANCE, "draw", prompt, rule, tuple(Draw(c) for c in cards), chances)
        if self.phase == "signal":
            n = self.signal[0]
            return Pending(CHANCE, "coin", f"Does the Quirky Queen's train on track {n} leave? (50%)",
                           "collector.queen", (Coin(True), Coin(False)), (0.5, 0.5))
        if self.phase == "move":
            return Pending(p, "move", f"P{p}: Move {self.moves + 1} of {MOVES_PER_TURN}",
                           "turn.moves", self.legal_actions())
        if self.phase == "discard":
            return Pending(p, "discard", f"P{p}: discard any cards, then end the turn",
                           "turn.discard", self.legal_actions())
        return Pending(None, "over", "The game is over", "end.schedule")

    # --- legality: one source of truth -----------------------------------------------------
    def candidate_actions(self) -> Iterator[Any]:
        if self.phase in ("deal", "draw"):
            yield from (Draw(c) for c in dict.fromkeys(self.deck))
        elif self.phase == "signal":
            yield from (Coin(True), Coin(False))
        elif self.phase == "move":
            spots = [Spot(k, n) for n in range(1, len(self.tracks) + 1) for k in "PT"]
            cards = list(self.hand(self.player))
            cards += [c for t in self.tracks for c in t.platform]
            for card in cards:
                for spot in spots:
                    yield Move(card, spot)
        elif self.phase == "discard":
            yield EndTurn()  # first: discarding is optional
            yield from (Discard(c) for c in self.hand(self.player))

    def _violations(self, action: Any) -> list[Violation]:
        phase = self.phase
        if phase == "over":
            return [Violation("end.schedule", "the game is over: all scheduled trains have left")]
        if isinstance(action, Draw):
            if phase not in ("deal", "draw"):
                return [Violation("turn.draw", f"no card is being drawn now ({self.pending.prompt})")]
            if action.card not in self.deck:
                return [Violation("turn.draw", f"{action.card} is not in the draw pile")]
            return []
        if isinstance(action, Coin):
            if phase != "signal":
                return [Violation("collector.queen", "no Quirky Queen is deciding whether to leave")]
            return []
        if phase in ("deal", "draw", "signal"):
            return [Violation("turn.draw", f"chance decides now: {self.pending.prompt}")]
        if isinstance(action, Move):
            if phase != "move":
                return [Violation("turn.discard", f"P{self.player} has made both Moves; "
                                  "only discards and the end of the turn are left")]
            return self._move_violations(action)
        if isinstance(action, Discard):
            out = []
            if phase != "discard":
                out.append(Violation("turn.moves", f"discards come after the two Moves; "
                                     f"P{self.player} has made {self.moves}"))
            if action.card not in self.hand(self.player):
                where, _n = self.where(action.card)
                out.append(Violation("turn.discard", f"only cards from your hand are discarded; "
                                     f"{action.card} is not in P{self.player}'s hand ({where})"))
            return out
        if isinstance(action, EndTurn):
            if phase != "discard":
                return [Violation("turn.moves", f"P{self.player} must Move 2 cards before the turn "
                                  f"ends ({self.moves} made)")]
            return []
        return [Violation("notation", f"{action!r} is not an action of this game")]

    def _move_violations(self, move: Move) -> list[Violation]:
        card, to = move.card, move.to
        out: list[Violation] = []
        if not 1 <= to.n <= len(self.tracks):
            out.append(Violation("setup.station", f"the station has {len(self.tracks)} "
                                 f"track{'s' * (len(self.tracks) != 1)}; there is no {to}"))
        where, n = self.where(card)
        if card not in FULL_DECK:  # "??" (a face-down card) or no card of this deck at all
            return [*out, Violation("setup.deck", f"{card} is not one of the 54 cards: name the "
                                    "card to Move, like 7H")]
        mine = where == "hand" and n == self.player
        target = self.tracks[to.n - 1] if 1 <= to.n <= len(self.tracks) else None
        if card.is_all_aboard:
            return [*out, Violation("move.all-aboard", f"{card} is an All Aboard! card: it goes "
                                    "from the deck to the discard pile only and is never Moved")]
        if card.is_train_card:
            return [*out, Violation("setup.train-cards", f"{card} is a Train Card, set aside to "
                                    "show who controls a train; it is never Moved")]
        if where == "discard":
            out.append(Violation("move.discard-pile", f"{card} is in the discard pile"))
        elif where in ("hand",) and not mine:
            out.append(Violation("turn.moves", f"{card} is in P{n}'s hand, not P{self.player}'s"))
        elif where in ("deck", "set aside", "signal"):
            out.append(Violation("turn.moves", f"{card} is not in play ({where})"))
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
        if target is not None:
            if target.train is None:
                out.append(Violation("move.passenger", f"there is no train on track {to.n} to board"))
            elif target.train.collector.suit != card.suit:
                out.append(Violation("passenger.suit", f"{card}'s suit does not match the Ticket "
                                     f"Collector {target.train.collector} on track {to.n}"))
        return out

    # --- transitions -----------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        return parse(text)

    def _transition(self, action: Any) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        if isinstance(action, Draw):
            state = self._draw(action.card, events)
        elif isinstance(action, Coin):
            state = self._queen(action.leaves, events)
        elif isinstance(action, Move):
            state = self._move(action, events)
        elif isinstance(action, Discard):
            state = self._discard(action.card, events)
        else:
            state = self._end_turn(events)
        return state._settle(events), tuple(events)

    def _with_hand(self, player: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
        hands = list(self.hands)
        hands[player - 1] = tuple(sorted(hand))
        return tuple(hands)

    def _with_track(self, n: int, track: Track) -> tuple[Track, ...]:
        return self.tracks[: n - 1] + (track,) + self.tracks[n:]

    def _draw(self, card: Card, events: list[Event]) -> State:
        p = self.player
        deck = tuple(c for c in self.deck if c != card)
        if self.phase == "deal":
            if card.is_all_aboard:
                events.append(_e("reveal", f"P{p} is dealt {card}, an All Aboard! card: revealed "
                                 f"and set aside; P{p} draws again", "aa.deal", p,
                                 card=card.notation))
                return replace(self, deck=deck, set_aside=(*self.set_aside, card))
            events.append(Event("deal", f"P{p} is dealt {card}", "turn.draw", p,
                                {"card": card.notation}, p, f"P{p} is dealt a card"))
            state = replace(self, deck=deck, hands=self._with_hand(p, (*self.hand(p), card)))
            if self.set_aside:
                events.append(_e("return", f"{_cards(self.set_aside)} shuffled back into the deck",
                                 "aa.deal", p))
                state = replace(state, deck=tuple(sorted(deck + self.set_aside)), set_aside=())
            return state
        if card.is_all_aboard and not self.signalled:
            events.append(_e("all-aboard", f"P{p} draws {card}: ALL ABOARD! Every train at the "
                             "station gets the signal to leave (not a Move)", "aa.drawn", p,
                             card=card.notation))
            waiting = tuple(n for n, t in enumerate(self.tracks, 1) if t.train)
            if not waiting:
                events.append(_e("signal", "No train is at the station to answer the signal",
                                 "aa.signal", p))
            return replace(self, deck=deck, phase="signal", signalled=True, signal=waiting,
                           signal_card=card)
        if card.is_all_aboard:
            events.append(_e("ignore", f"P{p} draws {card}, another All Aboard! card this turn: "
                             f"ignored and set aside until P{p} has drawn as many other cards",
                             "aa.several", p, card=card.notation))
            return replace(self, deck=deck, set_aside=(*self.set_aside, card), owed=self.owed + 1)
        events.append(Event("draw", f"P{p} draws {card}", "turn.draw", p, {"card": card.notation},
                            p, f"P{p} draws a card"))
        state = replace(self, deck=deck, hands=self._with_hand(p, (*self.hand(p), card)))
        if self.owed:
            owed = self.owed - 1
            state = replace(state, owed=owed)
            if owed == 0 and self.set_aside:
                events.append(_e("return", f"{_cards(self.set_aside)} shuffled back into the deck",
                                 "aa.several", p))
                state = replace(state, deck=tuple(sorted(deck + self.set_aside)), set_aside=())
        return state

    def _queen(self, leaves: bool, events: list[Event]) -> State:
        n = self.signal[0]
        train = self.tracks[n - 1].train
        assert train is not None
        if leaves:
            events.append(_e("coin", f"The Quirky Queen {train.collector} on track {n} decides "
                             "to leave (50% chance)", "collector.queen", CHANCE, track=n))
            state = self._depart(n, events)
        else:
            events.append(_e("coin", f"The Quirky Queen {train.collector} on track {n} stays "
                             "(50% chance)", "collector.queen", CHANCE, track=n))
            state = self
        return replace(state, signal=self.signal[1:])

    def _answer_signal(self, events: list[Event]) -> State:
        """Trains answer the signal in track order until a Queen's coin is needed."""
        state = self
        while state.signal:
            n = state.signal[0]
            train = state.tracks[n - 1].train
            assert train is not None, "every train has a Ticket Collector [ruling.no-collector]"
            rank = train.collector.rank
            if rank == 12:
                return state  # a coin decides
            if rank == 13:  # king="waits" or "boards" [ruling.king]
                waiting = tuple(c for c in state.tracks[n - 1].platform
                                if c.suit == train.collector.suit)
                if waiting and state.config.rulings.king == "waits":
                    events.append(_e("stay", f"The Kind King {train.collector} on track {n} "
                                     f"won't leave {_cards(waiting)} on the platform: the train "
                                     "stays", "collector.king", None, track=n))
                    state = replace(state, signal=state.signal[1:])
                    continue
                if waiting:
                    track = state.tracks[n - 1]
                    platform = tuple(c for c in track.platform if c not in waiting)
                    train = replace(train, aboard=train.aboard + waiting)
                    events.append(_e("board", f"The Kind King {train.collector} on track {n} "
                                     f"takes {_cards(waiting)} aboard before leaving",
                                     "collector.king", None, track=n))
                    state = replace(state, tracks=state._with_track(n, Track(platform, train)))
                events.append(_e("leave", f"The Kind King {train.collector} on track {n} leaves",
                                 "collector.king", None, track=n))
            else:
                events.append(_e("leave", f"The Jerky Jack {train.collector} on track {n} leaves "
                                 "at once", "collector.jack", None, track=n))
            state = replace(state._depart(n, events), signal=state.signal[1:])
        events.append(_e("signal-done", f"{state.signal_card} goes to the discard pile",
                         "move.all-aboard", state.player))
        return replace(state, discard=(*state.discard, state.signal_card), signal_card=None,
                       phase="draw")

    def _depart(self, n: int, events: list[Event]) -> State:
        track = self.tracks[n - 1]
        train = track.train
        assert train is not None
        points = train.value
        p = train.controller  # whoever Moved the last Ticket Collector scores [collector.control]
        scores = list(self.scores)
        scores[p - 1] += points
        aboard = _cards(train.aboard) if train.aboard else "nobody aboard"
        events.append(_e("score", f"The train on track {n} leaves with {aboard}: P{p} scores "
                         f"{points}", "aa.score", p, track=n, points=points, player=p))
        gone = train.aboard + (train.collector,)
        verb = "goes" if len(gone) == 1 else "go"
        events.append(_e("clear", f"{_cards(gone)} {verb} to the discard "
                         f"pile; P{p} takes back the Train Card", "move.train-discard", None, track=n))
        departure = Departure(n, p, train.collector, train.aboard, points)
        return replace(self, tracks=self._with_track(n, Track(track.platform, None)),
                       scores=tuple(scores), discard=self.discard + train.aboard + (train.collector,),
                       departures=(*self.departures, departure))

    def _move(self, move: Move, events: list[Event]) -> State:
        p, card, n = self.player, move.card, move.to.n
        where, src = self.where(card)
        state = self
        if where == "hand":
            state = replace(state, hands=self._with_hand(p, tuple(c for c in self.hand(p) if c != card)))
        elif where == "platform":
            t = state.tracks[src - 1]
            state = replace(state, tracks=state._with_track(
                src, Track(tuple(c for c in t.platform if c != card), t.train)))
        track = state.tracks[n - 1]
        if card.is_collector:
            if track.train is None:
                events.append(_e("arrive", f"P{p} Moves {card} to empty track {n}: a train arrives, "
                                 f"controlled by P{p}", "collector.arrive", p, card=card.notation, track=n))
                train = Train(card, p)
            else:
                old = track.train
                events.append(_e("replace", f"P{p} Moves {card} onto the train on track {n}, "
                                 f"replacing {old.collector} (discarded); P{p} now controls it",
                                 "move.collector-replace", p, card=card.notation, track=n))
                events.append(_e("control", f"The Train Card on track {n} is switched to P{p}, who "
                                 "now controls the Ticket Collector and the train", "collector.switch",
                                 p, track=n))
                train = Train(card, p, old.aboard)
                state = replace(state, discard=(*state.discard, old.collector))
            state = replace(state, tracks=state._with_track(n, Track(track.platform, train)))
        elif move.to.kind == "P":
            origin = "hand" if where == "hand" else f"platform {src}"
            events.append(_e("move", f"P{p} Moves {card} from {origin} to platform {n}",
                             "move.passenger", p, card=card.notation, to=move.to.notation))
            platform = tuple(sorted((*track.platform, card)))
            state = replace(state, tracks=state._with_track(n, Track(platform, track.train)),
                            moved=tuple(sorted((*self.moved, card))))
        else:
            assert track.train is not None
            events.append(_e("board", f"P{p} Moves {card} aboard the train on track {n} "
                             f"(suit matches {track.train.collector})", "passenger.suit", p,
                             card=card.notation, track=n))
            train = replace(track.train, aboard=(*track.train.aboard, card))
            state = replace(state, tracks=state._with_track(n, Track(track.platform, train)),
                            moved=tuple(sorted((*self.moved, card))))
        moves = self.moves + 1
        return replace(state, moves=moves, phase="discard" if moves == MOVES_PER_TURN else "move")

    def _discard(self, card: Card, events: list[Event]) -> State:
        p = self.player
        events.append(_e("discard", f"P{p} discards {card}", "turn.discard", p, card=card.notation))
        return replace(self, hands=self._with_hand(p, tuple(c for c in self.hand(p) if c != card)),
                       discard=(*self.discard, card))

    def _end_turn(self, events: list[Event]) -> State:
        p = self.player
        state = self
        if self.config.rulings.jack == "turn-end":  # [ruling.jack]
            for n, track in enumerate(self.tracks, 1):
                if track.train and track.train.collector.rank == 11 and track.train.aboard:
                    events.append(_e("leave", f"The Jerky Jack {track.train.collector} on track {n} "
                                     "leaves at the end of the turn", "collector.jack", None, track=n))
                    state = state._depart(n, events)
        if state.set_aside:
            events.append(_e("return", f"{_cards(state.set_aside)} shuffled back into the deck at "
                             "the end of the turn", "ruling.set-aside", p))
            state = replace(state, deck=tuple(sorted(state.deck + state.set_aside)), set_aside=())
        if state._schedule_done(events):
            return state._over()
        nxt = p % self.config.players + 1
        events.append(_e("turn", f"P{p} ends the turn; P{nxt} is next", "turn.discard", p))
        return replace(state, phase="draw", player=nxt, turn=self.turn + 1, moves=0, moved=(),
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
        return replace(self, phase="over", signal=(), signal_card=None)

    def _settle(self, events: list[Event]) -> State:
        """Carry out what needs no decision: the next deal, a reshuffle, trains answering the
        signal, the end of the game, skipping Moves that cannot be made."""
        state = self
        while True:
            p = state.player
            if state.phase == "deal":
                if len(state.hand(p)) < HAND_SIZE:
                    return state
                if p < state.config.players:
                    state = replace(state, player=p + 1)
                    continue
                events.append(_e("start", "Every player has 5 cards; P1 takes the first turn",
                                 "ruling.deal", None))
                state = replace(state, phase="draw", player=1, turn=1)
                continue
            if state.phase == "signal":
                state = state._answer_signal(events)
                if state.phase == "signal":
                    return state  # a Queen's coin is pending
                if state._schedule_done(events):
                    return state._over()
                continue
            if state.phase == "draw":
                if len(state.hand(p)) >= HAND_SIZE:
                    state = replace(state, phase="move")
                    continue
                if state.deck:
                    return state
                if state.discard:
                    events.append(_e("reshuffle", f"The draw pile is empty: the discard pile "
                                     f"({len(state.discard)} cards) is flipped and shuffled",
                                     "deck.reshuffle", None))
                    state = replace(state, deck=tuple(sorted(state.discard)), discard=())
                    return state
                events.append(_e("dry", f"The draw pile and the discard pile are empty: P{p} "
                                 "stops drawing", "ruling.empty-piles", p))
                state = replace(state, phase="move")
                continue
            # a card in hand can always Move (to a platform, or to a track), so only an empty
            # hand can leave a player without a legal Move
            if state.phase == "move" and not state.hand(p) and not state.legal_actions():
                events.append(_e("no-move", f"P{p} has no legal Move left and skips "
                                 f"{MOVES_PER_TURN - state.moves}", "ruling.no-move", p))
                state = replace(state, phase="discard")
            return state

    # --- the end ---------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        best = max(self.scores)
        winners = tuple(p for p, s in enumerate(self.scores, 1) if s == best)
        breakdown = {p: tuple((d.label, d.points) for d in self.departures if d.controller == p)
                     for p in range(1, self.config.players + 1)}
        return Outcome(
            winners=winners,
            scores={p: s for p, s in enumerate(self.scores, 1)},
            breakdown=breakdown,
            reason=self._gone(),
            rule="end.schedule",
            tiebreak="tied players share the win [ruling.tie]" if len(winners) > 1 else "",
        )

    # --- hidden information ----------------------------------------------------------------
    def view(self, player: int | None) -> State:
        """Other hands and the draw pile become face-down cards; all else is open, the discard
        pile included [ruling.discard-open]."""
        if player is None:
            return self
        hands = tuple(h if p == player else (HIDDEN,) * len(h) for p, h in enumerate(self.hands, 1))
        return replace(self, hands=hands, deck=(HIDDEN,) * len(self.deck))

    # --- pictures and text -----------------------------------------------------------------
    def picture_size(self) -> tuple[int, int]:
        from sandbox.everyone_on_board.draw import size

        return size(self)

    def draw(self, painter: Any, viewer: int | None = None) -> None:
        from sandbox.everyone_on_board.draw import draw

        draw(self, painter, viewer)

    def assess(self, player: int) -> dict[str, float]:
        from sandbox.everyone_on_board.strategy import assess

        return assess(self, player)

    def __str__(self) -> str:
        lines = [f"Everyone On Board‽ ({self.config.describe()})",
                 f"Turn {self.turn}, {self.pending.prompt}",
                 "Scores: " + ", ".join(f"P{p} {s}" for p, s in enumerate(self.scores, 1))
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


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)
