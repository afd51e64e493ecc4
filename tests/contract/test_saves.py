"""Saved games of every registered game load back exactly, or are refused with a LoadError that
says what is wrong: malformed, tampered, oversized or wrongly typed files alike."""

from __future__ import annotations

import json
import random

import pytest

import sandbox
from sandbox.bots import GreedyBot, RandomBot
from sandbox.core.save import MAX_BYTES, MAX_NOTE, VERSION, digest
from tests.contract.games import GAMES, SETUPS


def played(game: str, players: int, seed: int = 1, steps: int = 150) -> sandbox.Match:
    m = sandbox.new_game(game, players=players, seed=seed)
    bots = {p: RandomBot(seed=seed + p) for p in range(1, players + 1)}
    bots[1] = GreedyBot()
    for _ in range(steps):
        if m.step(bots) is None:
            break
    return m


@pytest.mark.parametrize("game, players", SETUPS)
def test_a_save_loads_back_exactly_at_any_ply(game, players):
    m = played(game, players)
    rng = random.Random(players)
    for ply in sorted(rng.sample(range(m.last_ply + 1), 4)):
        m.goto(ply)
        text = m.to_json()
        again = sandbox.load(text)
        assert again.state == m.state and again.ply == m.ply and again.last_ply == m.last_ply
        assert again.log() == m.log() and again.log(viewer=1) == m.log(viewer=1)
        assert [n.note for n in again.line()] == [n.note for n in m.line()]
        assert again.to_json() == text
        assert sandbox.load(text.encode()).state == m.state  # bytes as read from a file


def sealed(record: dict) -> str:
    """A record with its digest recomputed (as a deliberate editor could), so that the checks
    after the digest are the ones tested."""
    record = dict(record)
    record["digest"] = digest(record)
    return json.dumps(record)


def illegal_after(record: dict, plies: int) -> str:
    """A notation from the saved game that is not legal after its first `plies` actions."""
    m = sandbox.new_game(record["game"], players=record["config"]["players"], seed=record["seed"],
                         auto_chance=False)
    for entry in record["actions"][:plies]:
        m.replay(entry["do"])
    return next(e["do"] for e in record["actions"] if not m.state.is_legal(m.state.read(e["do"])))


def corruptions(record: dict) -> list[tuple[str, object, str]]:
    """(what, the text or bytes of a bad save, words the refusal must contain)."""
    text = json.dumps(record)
    actions = record["actions"]
    cut = max(1, min(10, len(actions) // 2))  # a short game (the solo toy) keeps some actions

    def edit(**changes):
        r = json.loads(text)
        for key, value in changes.items():
            if value is KeyError:
                r.pop(key, None)
            else:
                r[key] = value
        return r

    noted = [dict(a) for a in actions]
    noted[0]["note"] = {"why": "a dict"}
    long_note = [dict(a) for a in actions]
    long_note[0]["note"] = "n" * (MAX_NOTE + 1)
    bad_by = [dict(a) for a in actions]
    bad_by[0]["by"] = 7
    extra_key = [dict(a) for a in actions]
    extra_key[0]["eval"] = "x"
    return [
        ("deep list", "[" * 100_000, "nested too deeply"),
        ("deep object", '{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
        ("invalid UTF-8", b"\xff\xfe" + text.encode(), "not UTF-8"),
        ("oversized", " " * (MAX_BYTES + 1), "at most"),
        ("not JSON", text[:-3], "not JSON"),
        ("a number", "5", "not a saved game of this package"),
        ("huge seed", sealed(edit(seed=int("9" * 4300))), "seed"),
        ("seed as text", sealed(edit(seed="7")), "seed should be a whole number"),
        ("seed as list", sealed(edit(seed=[1])), "seed should be a whole number"),
        ("seed as bool", sealed(edit(seed=True)), "seed should be a whole number"),
        ("seed as float", sealed(edit(seed=1.0)), "seed should be a whole number"),
        ("version 0", sealed(edit(version=0)), "format version 0"),
        ("version -1", sealed(edit(version=-1)), "format version -1"),
        ("version true", sealed(edit(version=True)), "format version True"),
        ("version text", sealed(edit(version=str(VERSION))), "format version"),
        ("version next", sealed(edit(version=VERSION + 1)), f"format version {VERSION + 1}"),
        ("no digest", json.dumps(edit(digest=KeyError)), "lacks 'digest'"),
        ("changed seed", json.dumps(edit(seed=record["seed"] + 1)), "digest mismatch"),
        ("last actions cut", json.dumps(edit(actions=actions[:-cut], ply=len(actions) - cut)),
         "digest mismatch"),
        ("changed note", json.dumps(edit(actions=[{**actions[0], "note": "x"}, *actions[1:]])),
         "digest mismatch"),
        ("note a dict", sealed(edit(actions=noted)), "'note' should be a text"),
        ("note too long", sealed(edit(actions=long_note)), "'note' should be a text"),
        ("by a number", sealed(edit(actions=bad_by)), "'by' should be a short text"),
        ("action with extra key", sealed(edit(actions=extra_key)), "is not of the form"),
        ("actions an object", sealed(edit(actions={"0": "end"})), "'actions' should be a list"),
        ("config a list", sealed(edit(config=[2])), "'config' should be an object"),
        ("config players text", sealed(edit(config={**record["config"], "players": "2"})),
         "setup is not valid"),
        ("config empty", sealed(edit(config={})), "setup is not valid"),
        ("game unknown", sealed(edit(game="chess")), "not a game of this package"),
        ("game a number", sealed(edit(game=3)), "'game' should be a text"),
        ("unknown field", sealed(edit(extra=1)), "unknown fields"),
        ("ply a bool", sealed(edit(ply=True)), "not in the saved history"),
        ("ply beyond", sealed(edit(ply=len(actions) + 1)), "not in the saved history"),
        ("position garbage", sealed(edit(position={"zz": [1, 2]})), "starting position is not valid"),
        ("position a list", sealed(edit(position=[1])), "'position' should be an object"),
        ("auto_chance text", sealed(edit(auto_chance="yes")), "'auto_chance' should be true or false"),
        ("action unreadable", sealed(edit(actions=[{"do": "zz" * 200}], ply=1)), "cannot be replayed"),
        ("action illegal", sealed(edit(actions=[*actions[:5], {"do": illegal_after(record, 5)}], ply=6)),
         "cannot be replayed"),
        ("not a text", 12345, "a saved game is text"),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_bad_file_is_refused_with_a_load_error_naming_the_problem(game):
    m = played(game, sandbox.get_game(game).players[0], steps=80)
    record = json.loads(m.to_json())
    for what, data, says in corruptions(record):
        with pytest.raises(sandbox.LoadError) as info:
            sandbox.load(data)
        assert says in str(info.value), f"{what}: {info.value}"
        assert len(str(info.value)) < 400, what


@pytest.mark.parametrize("game", GAMES)
def test_a_match_started_from_a_state_refuses_to_save_clearly(game):
    state = sandbox.new_game(game, players=sandbox.get_game(game).players[0]).state
    m = sandbox.Match.from_state(state)
    with pytest.raises(ValueError, match="written position"):
        m.to_json()
