"""Values of the wrong kind are refused clearly in every registered game, and nothing a match
accepts can make its save fail: actions equal to legal ones yet carrying a float or a bool where
a whole number belongs (2.0 == 2 and True == 1 in Python), fields of any other wrong kind or
length, lone surrogates in a save, seats that do not exist, and bots that are not bots."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

import sandbox
from sandbox.bots import RandomBot
from sandbox.core import CHANCE
from sandbox.core.errors import MESSAGE_LIMIT
from tests.contract.games import GAMES

FUZZ = [None, True, False, 2.5, -1.0, "x" * 5000, "", (), (1, 2), ("a",), [], {}, object()]
CAP = 1_000
"""Characters a refusal of a hand-built action may print, whatever its fields hold."""


def fewest(game: str) -> int:
    return sandbox.get_game(game).players[0]


def walk(game: str, seed: int, plies: int, every: int) -> Iterator[sandbox.Match]:
    """Seeded random matches (chance left to the test: auto_chance off; a match that ends is
    followed by another), yielded every `every` plies, at player and chance decisions alike."""
    players = fewest(game)
    rng = random.Random(seed)
    m = sandbox.new_game(game, players=players, seed=seed, auto_chance=False)
    for ply in range(plies):
        if m.state.is_over:
            m = sandbox.new_game(game, players=players, seed=seed + ply, auto_chance=False)
        if ply % every == 0:
            yield m
        if m.state.to_move == CHANCE:
            m.deal()
        else:
            m.play(rng.choice(m.legal_actions()))


def options(m: sandbox.Match, rng: random.Random, count: int) -> list[Any]:
    """Some actions legal now (a chance outcome drawn when chance decides)."""
    legal = list(m.legal_actions())
    if m.state.to_move == CHANCE:
        legal.append(m.state.sample_chance(rng))
    return rng.sample(legal, min(count, len(legal)))


def numbers_retyped(action: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """(field name, copy) for each whole-number or true/false field of `action`, at any depth
    (a card's rank, a spot's number), with its value as a float or the other of bool and int:
    copies equal to `action` that are no action."""
    if not dataclasses.is_dataclass(action):
        return
    for f in dataclasses.fields(action):
        if not f.init:
            continue
        value = getattr(action, f.name)
        if type(value) is int:
            swaps = [float(value)] + ([bool(value)] if value in (0, 1) else [])
        elif type(value) is bool:
            swaps = [int(value)]
        else:
            swaps = []
        for swap in swaps:
            yield f.name, dataclasses.replace(action, **{f.name: swap})
        for name, inner in numbers_retyped(value, (*path, f.name)):
            yield name, dataclasses.replace(action, **{f.name: inner})


def fuzzed(action: Any, rng: random.Random) -> Iterator[Any]:
    """Copies of `action` with one field set to a value of another kind, or overlong."""
    if not dataclasses.is_dataclass(action):
        return
    for f in dataclasses.fields(action):
        if not f.init:
            continue
        for value in rng.sample(FUZZ, 5):
            try:
                yield dataclasses.replace(action, **{f.name: value})
            except Exception:  # a constructor that refuses it already
                continue


def snapshot(m: sandbox.Match):
    return m.state, m.ply, m.last_ply, m.forced, len(m.cursor.children)


@pytest.mark.parametrize("game", GAMES)
def test_a_float_or_bool_for_a_whole_number_is_refused_naming_the_field(game):
    """`Lay(x=-2.0)` equals `Lay(x=-2)`: were it recorded, its notation ('r2.0', 'up True')
    would not read back and the match's own save would not load. It is refused, naming the
    field, by play, apply, explain and force alike, and the match is left as it was."""
    rng = random.Random(1)
    tried = 0
    for m in walk(game, seed=5, plies=400, every=9):
        before = snapshot(m)
        for action in options(m, rng, 6):
            for name, bad in numbers_retyped(action):
                assert bad == action and not m.state.is_legal(bad)
                verdict = m.explain(bad)
                assert not verdict.ok and name in str(verdict), str(verdict)
                with pytest.raises(sandbox.IllegalAction, match=name):
                    m.play(bad)
                with pytest.raises(sandbox.IllegalAction):
                    m.state.apply(bad)
                if m.state.to_move == CHANCE:
                    with pytest.raises(sandbox.IllegalAction):
                        m.force(bad)
                tried += 1
        assert snapshot(m) == before
        sandbox.load(m.to_json())
    assert tried > 10, "no action with a whole-number field was tried"


@pytest.mark.parametrize("game", GAMES)
def test_a_verdict_on_any_hand_built_action_prints_and_is_short(game):
    """Whatever a hand-built action's fields hold (None, a tuple, 5,000 characters), its verdict
    and its refusal print, briefly: no quoted value is printed whole."""
    rng = random.Random(2)
    tried = 0
    for m in walk(game, seed=6, plies=300, every=15):
        before = snapshot(m)
        for action in options(m, rng, 5):
            for bad in fuzzed(action, rng):
                if m.state.is_legal(bad):
                    continue
                text = str(m.explain(bad))
                assert all(len(line) <= MESSAGE_LIMIT + 40 for line in text.splitlines()), text[:200]
                assert "x" * 300 not in text
                if not any(" at 0x" in repr(getattr(bad, f.name)) for f in dataclasses.fields(bad)):
                    assert " at 0x" not in text, f"an address differs from run to run: {text[:200]}"
                if m.state.shape_violations(bad):  # no action of any position: one short reason
                    assert len(text) <= CAP, f"{len(text)} characters: {text[:200]}"
                with pytest.raises((sandbox.IllegalAction, TypeError)) as info:
                    m.play(bad)
                assert len(str(info.value)) <= CAP and "x" * 300 not in str(info.value)
                tried += 1
        assert snapshot(m) == before
    assert tried > 30


@pytest.mark.parametrize("game", GAMES)
def test_an_overlong_name_is_refused_with_a_short_message(game):
    """An action naming a 5,000-character card (or tile, or route) is refused in a line or two."""
    tried = 0
    for m in walk(game, seed=7, plies=300, every=10):
        for action in m.legal_actions()[:20]:
            for bad in texts_lengthened(action):
                for message in (str(m.explain(bad)), _refusal(m, bad)):
                    assert len(message) < 600 and "C" * 250 not in message, message[:300]
                tried += 1
    assert tried or game == "ten"


def texts_lengthened(action: Any) -> Iterator[Any]:
    """Copies of `action` with one text field, at any depth, 5,000 characters long."""
    if not dataclasses.is_dataclass(action):
        return
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.init and type(value) is str:
            yield dataclasses.replace(action, **{f.name: "C" * 5000})
        elif f.init:
            for inner in texts_lengthened(value):
                yield dataclasses.replace(action, **{f.name: inner})


def _refusal(m: sandbox.Match, action: Any) -> str:
    with pytest.raises(sandbox.IllegalAction) as info:
        m.play(action)
    return str(info.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_holding_a_lone_surrogate_is_refused_with_a_load_error(game):
    players = fewest(game)
    m = sandbox.new_game(game, players=players, seed=3)
    # a note or a name given to play() that holds one is written as U+FFFD: the save loads
    m.play(m.legal_actions()[0], by="me\ud800", note="because \udc00")
    m.run({p: RandomBot(seed=p) for p in range(1, players + 1)}, max_steps=20)
    text = m.to_json()
    again = sandbox.load(text)
    assert again.state == m.state and "because \ufffd" in [n.note for n in again.line()]
    for bad in ('"\\ud800"', '"a\\udfffb"', '"\ud800"'):
        for where in ('"seed"', '"by"', '"format"'):
            with pytest.raises(sandbox.LoadError):
                sandbox.load(text.replace(where, bad, 1))
        with pytest.raises(sandbox.LoadError):
            sandbox.load(bad)


@pytest.mark.parametrize("game", GAMES)
def test_a_name_or_note_play_accepts_is_saved_so_that_it_loads(game):
    """Who played and why are texts, of any length: the save keeps what it can read back."""
    m = sandbox.new_game(game, players=fewest(game), seed=4)
    before = snapshot(m)
    for by, note in ((5, ""), ("", 7), (None, ""), ("", b"why")):
        with pytest.raises(TypeError, match="text"):
            m.play(m.legal_actions()[0], by=by, note=note)  # type: ignore[arg-type]
    assert snapshot(m) == before
    m.play(m.legal_actions()[0], by="B" * 100, note="N" * 1000)
    again = sandbox.load(m.to_json())
    assert again.state == m.state and again.ply == m.ply


@pytest.mark.parametrize("game", GAMES)
def test_a_view_of_a_seat_that_does_not_exist_is_a_value_error(game):
    players = fewest(game)
    m = sandbox.new_game(game, players=players, seed=1)
    assert m.view(None) == m.state
    for seat in range(1, players + 1):
        assert m.view(seat).seen_by == seat
    for seat in (0, -1, players + 1, 99, "P1", "1", 1.0, True, (1,)):
        with pytest.raises(ValueError, match="view"):
            m.view(seat)
        with pytest.raises(ValueError):
            m.state.view(seat)


@pytest.mark.parametrize("game", GAMES)
def test_bots_that_are_not_bots_are_a_type_error(game):
    players = fewest(game)
    m = sandbox.new_game(game, players=players, seed=1)
    before = snapshot(m)
    for bots in (99, "random", [RandomBot()], {1: 5}, {1: "RandomBot"}, {"P1": RandomBot()}):
        with pytest.raises(TypeError, match="bot"):
            m.step(bots)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="bot"):
            m.run(bots)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="max_steps"):
        m.run({1: RandomBot()}, max_steps="10")  # type: ignore[arg-type]
    assert snapshot(m) == before
