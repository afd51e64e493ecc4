"""Saved games: round trip by replay, and clear refusals of corrupt, foreign or edited files."""

from __future__ import annotations

import json

import pytest

import sandbox
from sandbox.bots import GreedyBot, RandomBot
from sandbox.core.save import FORMAT, VERSION, digest

GAME = "everyone_on_board"


def played(seed=4, players=3, steps=120, **kw) -> sandbox.Match:
    m = sandbox.new_game(GAME, players=players, seed=seed, **kw)
    bots = {p: RandomBot(seed=p) for p in range(1, players + 1)}
    bots[1] = GreedyBot()
    for _ in range(steps):
        if m.step(bots) is None:
            break
    return m


def same(a: sandbox.Match, b: sandbox.Match) -> None:
    assert a.state == b.state and a.ply == b.ply and a.last_ply == b.last_ply
    assert a.log() == b.log() and a.log(viewer=2) == b.log(viewer=2)
    assert [n.by for n in a.line()] == [n.by for n in b.line()]
    assert [n.note for n in a.line()] == [n.note for n in b.line()]
    assert a.config == b.config and a.seed == b.seed and a.auto_chance == b.auto_chance
    assert a.to_json() == b.to_json()


def test_round_trip_same_state_ply_and_log():
    m = played()
    text = m.to_json()
    record = json.loads(text)
    assert record["format"] == FORMAT and record["version"] == VERSION and record["game"] == GAME
    assert record["ply"] == m.ply and len(record["actions"]) == m.ply
    assert record["digest"] == digest(record)
    again = sandbox.load(text)
    same(m, again)
    assert again.state.svg() == m.state.svg()


def test_round_trip_keeps_the_redo_line_and_the_position():
    m = played(players=2, tracks=2)
    m.undo()
    m.undo()
    again = sandbox.load(m.to_json())
    same(m, again)
    assert again.ply < again.last_ply
    assert again.redo() == m.redo()
    assert again.state == m.state


def test_round_trip_then_play_on_identically():
    m = played(seed=9, players=2)
    again = sandbox.load(m.to_json(indent=None))
    bots = {1: RandomBot(seed=7), 2: RandomBot(seed=8)}
    bots2 = {1: RandomBot(seed=7), 2: RandomBot(seed=8)}
    m.run(bots)
    again.run(bots2)
    same(m, again)


def test_round_trip_finished_game_and_rulings():
    m = sandbox.new_game(GAME, players=4, seed=2, tracks=4, king="boards", jack="turn-end")
    m.run({p: RandomBot(seed=p) for p in range(1, 5)})
    again = sandbox.load(m.to_json())
    same(m, again)
    assert again.outcome == m.outcome and again.config.rulings.king == "boards"


def test_round_trip_without_auto_chance():
    m = sandbox.new_game(GAME, players=2, seed=3, auto_chance=False)
    for _ in range(4):
        m.deal()
    again = sandbox.load(m.to_json())
    same(m, again)
    assert again.pending.is_chance


def _edited(seal: bool = True, **changes) -> str:
    """A save with fields changed; `seal` recomputes the digest (as someone editing the file on
    purpose could), so the check after the digest is the one tested."""
    record = json.loads(played(steps=40).to_json())
    for key, value in changes.items():
        if value is KeyError:
            del record[key]
        else:
            record[key] = value
    if seal and "digest" in record:
        record["digest"] = digest(record)
    return json.dumps(record)


@pytest.mark.parametrize("text, says", [
    ("this is not json", "not a saved game: the text is not JSON"),
    ("[1, 2]", "not a saved game of this package: 'format' should be 'train-sandbox/match'"),
    (json.dumps({"format": "someone-else"}), "'format' should be 'train-sandbox/match'"),
    (_edited(version=VERSION + 1),
     f"saved with format version {VERSION + 1}; this package reads 1 to {VERSION}"),
    (_edited(version="1"), "saved with format version '1'"),
    (_edited(game="chess"), "the saved game's setup is not valid: 'chess' is not a game of this package"),
    (_edited(game="traintopia"), "setup is not valid: a config has only 'players' and 'rulings'"),
    (_edited(game=KeyError), "the saved game lacks 'game'"),
    (_edited(actions=KeyError), "the saved game lacks 'actions'"),
    (_edited(config={"players": 9, "schedule": 4, "tracks": 1}),
     "setup is not valid: Everyone On Board‽ is for 2-4"),
    (_edited(config={"players": 2, "schedule": 4, "tracks": 1, "rulings": {"queen": "x"}}),
     "setup is not valid"),
    (_edited(actions=5), "'actions' should be a list, not int"),
    (_edited(actions=["end"]), "action 1 is not of the form {'do': notation"),
    (_edited(actions=[{"go": "end"}]), "action 1 is not of the form {'do': notation"),
    (_edited(actions=[{"do": "end"}], ply=1),
     "action 1 ('end') cannot be replayed: illegal action End the turn"),
    (_edited(actions=[{"do": "7H>>P1"}], ply=1), "action 1 ('7H>>P1') cannot be replayed"),
    (_edited(seal=False, digest="0" * 16), "digest mismatch"),
    (_edited(seal=False, seed=5), "digest mismatch"),
    (_edited(digest=KeyError), "the saved game lacks 'digest'"),
    (_edited(ply=10_000), "the saved position (ply 10000) is not in the saved history"),
    (_edited(ply=-1), "(ply -1) is not in the saved history"),
])
def test_refuses_with_a_clear_message(text, says):
    with pytest.raises(sandbox.LoadError) as info:
        sandbox.load(text)
    assert says in str(info.value)
    assert isinstance(info.value, ValueError)


def test_refuses_an_illegal_action_mid_replay():
    record = json.loads(played(steps=60).to_json())
    record["actions"][30] = {"do": "KS>P1", "by": "P1"}
    record["digest"] = digest(record)
    with pytest.raises(sandbox.LoadError, match=r"action 31 \('KS>P1'\) cannot be replayed"):
        sandbox.load(json.dumps(record))


def test_refuses_an_edited_chance_outcome_by_digest():
    """Swap a card dealt to P1 with one dealt to P3 (a file saved just after the deal): every
    action replays, but the game is another one."""
    record = json.loads(played(steps=0).to_json())
    acts = record["actions"]
    i = next(k for k, a in enumerate(acts) if a["do"][5] not in "AJ")  # P1's, not All Aboard!
    acts[i]["do"], acts[-1]["do"] = acts[-1]["do"], acts[i]["do"]  # the last one is P3's
    with pytest.raises(sandbox.LoadError, match="digest mismatch"):
        sandbox.load(json.dumps(record))


def test_without_a_digest_the_file_is_refused():
    record = json.loads(played(steps=30).to_json())
    del record["digest"]
    record["actions"] = record["actions"][:-10]
    record["ply"] = len(record["actions"])
    with pytest.raises(sandbox.LoadError, match="lacks 'digest'"):
        sandbox.load(json.dumps(record))
