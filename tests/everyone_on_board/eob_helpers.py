"""Shared helpers for the Everyone On Board‽ tests: cards from text, positions set up directly,
matches with a forced deal, and the card census used by the conservation checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace

import sandbox
from sandbox.everyone_on_board import (
    FULL_DECK,
    PLAY_DECK,
    TRAIN_CARDS,
    Card,
    Config,
    State,
    Track,
    Train,
    frames,
)

GAME = "everyone_on_board"


def C(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(C(t) for t in text.split())


def position(players: int = 2, *, tracks: int | None = None, schedule: int | None = None,
             king: str = "waits", jack: str = "signal", hands: Iterable[str] = (),
             platforms: Mapping[int, str] | None = None,
             trains: Mapping[int, tuple[str, int, str]] | None = None, discard: str = "",
             deck: str | None = None, rest: str = "deck", phase: str = "move", player: int = 1,
             scores: tuple[int, ...] | None = None, moves: int | None = None,
             signal: tuple[int, ...] = (), signal_card: Card | None = None, **fields) -> State:
    """A table set up directly (not settled). Cards not placed anywhere go to `rest` ("deck"
    or "discard") unless `deck` is given; trains are {track: (collector, controller,
    "passengers aboard")}. `phase` says which frames of `player`'s turn are left: "draw" (all),
    "move" (after `moves` Moves, default 0), "discard" (after `moves`, default 2), or "signal"
    (`signal_card` being played during the draw: a Queen's coin for the first of the `signal`
    tracks pending, the others still to answer)."""
    cfg = Config.make(players, schedule=schedule, tracks=tracks, king=king, jack=jack)
    hand_list = [tuple(sorted(cards(h))) for h in hands]
    hand_list += [()] * (players - len(hand_list))
    platforms = dict(platforms or {})
    trains = dict(trains or {})
    table = []
    for n in range(1, cfg.tracks + 1):
        train = None
        if n in trains:
            collector, controller, aboard = trains[n]
            train = Train(C(collector), controller, cards(aboard))
        table.append(Track(tuple(sorted(cards(platforms.get(n, "")))), train))
    placed = [c for h in hand_list for c in h]
    placed += [c for t in table for c in t.platform]
    placed += [c for t in table if t.train for c in (t.train.collector, *t.train.aboard)]
    placed += list(cards(discard))
    placed += list(fields.get("set_aside", ()))
    if signal_card:
        placed.append(signal_card)
    pile = cards(deck) if deck is not None else ()
    placed += list(pile)
    left = [c for c in PLAY_DECK if c not in placed]
    disc = cards(discard)
    if deck is None and rest == "deck":
        pile = tuple(left)
    else:
        disc = disc + tuple(left)
    if phase == "signal":
        assert signal_card is not None and signal, "a signal names its card and its tracks"
        stack = (*frames.turn(player), frames.signal(player, signal_card, signal[1:]),
                 frames.coin(signal[0]))
    else:
        stack = {"draw": lambda: frames.turn(player),
                 "move": lambda: frames.at_move(player, moves or 0),
                 "discard": lambda: frames.discarding(player, 2 if moves is None else moves)}[phase]()
    state = replace(State.start(cfg), stack=stack, player=player, turn=1, hands=tuple(hand_list),
                    deck=tuple(sorted(pile)), discard=disc, tracks=tuple(table),
                    points=scores or (0,) * players, **fields)
    assert_conserved(state)
    return state


def census(state: State) -> Counter:
    """Every card once: the piles, hands, platforms, trains, set aside, signal and Train Cards."""
    found = list(state.deck) + list(state.discard) + list(state.set_aside)
    found += [c for h in state.hands for c in h]
    for t in state.tracks:
        found += list(t.platform)
        if t.train:
            found += [t.train.collector, *t.train.aboard]
    if state.signal_card is not None:
        found.append(state.signal_card)
    found += list(TRAIN_CARDS)
    return Counter(found)


def assert_conserved(state: State) -> None:
    count = census(state)
    assert sum(count.values()) == 54, f"{sum(count.values())} cards on the table, not 54"
    assert count == Counter(FULL_DECK), f"cards twice or missing: {count - Counter(FULL_DECK)}, " \
                                        f"{Counter(FULL_DECK) - count}"


def play(state: State, *actions: str):
    """Apply actions in order; the last state and every event."""
    events = []
    for a in actions:
        state, evs = state.apply(a)
        events += evs
    return state, events


def rules_of(events) -> list[str]:
    return [e.rule for e in events]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def dealt(players: int = 2, hands: Iterable[str] = (), *, then: Iterable[str] = (), seed: int = 0,
          **options) -> sandbox.Match:
    """A match whose deal is forced: each hand (5 cards, seat order), then `then`."""
    force = [c for h in hands for c in h.split()] + list(then)
    return sandbox.new_game(GAME, players=players, seed=seed, force=force, **options)


def violation_rules(state_or_match, action) -> list[str]:
    return [v.rule for v in state_or_match.explain(action).violations]
