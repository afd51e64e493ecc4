"""The Match contract: playing, refusing, time travel (undo, redo, goto, branch) and bots."""

from __future__ import annotations

import gc
import random

import pytest

import sandbox
from sandbox.bots import GreedyBot, RandomBot, by_name
from sandbox.core import CHANCE
from sandbox.core import match as match_module

GAME = "everyone_on_board"
HANDS = ["7H", "8H", "QH", "KS", "5C", "9S", "10S", "JD", "6D", "6C"]


def fresh(**kw) -> sandbox.Match:
    """2 players, 2 tracks, the deal forced, then P1's draws on turn 3 forced too."""
    kw.setdefault("force", [*HANDS, "9D", "10D"])
    return sandbox.new_game(GAME, players=2, seed=11, tracks=2, **kw)


def first_turns(m: sandbox.Match) -> None:
    for a in ("QH>T1", "7H>P1", "end", "6D>P2", "9S>P2", "end"):
        m.play(a)


def test_new_game_settles_the_deal_and_waits_for_p1():
    m = fresh()
    assert m.ply == 10 and m.pending.player == 1 and m.last_ply == 10
    assert [n.by for n in m.history] == ["forced"] * 10
    assert repr(m) == ("<Match everyone_on_board 2 players, schedule 4 trains, 2 tracks, king=waits, "
                       "jack=signal seed=11 ply 10/10>")
    assert m.history[0].state != m.root.state and m.root.ply == 0


def test_play_returns_events_and_records_who():
    m = fresh()
    events = m.play("QH>T1")
    assert events[0].kind == "arrive" and m.ply == 11
    assert m.cursor.by == "P1" and m.cursor.action.notation == "QH>T1"
    m.play("7H>P1", by="teacher", note="shows a platform")
    assert m.cursor.by == "teacher" and "(shows a platform)" in m.log(last=1)


def test_refused_play_leaves_the_match_unchanged():
    m = fresh()
    before = (m.state, m.ply, m.last_ply, m.to_json(), len(m.root.children))
    with pytest.raises(sandbox.IllegalAction) as info:
        m.play("QH>P1")
    assert info.value.violations[0].rule == "move.collector"
    assert "illegal action Move Q♥ to platform 1" in str(info.value)
    assert (m.state, m.ply, m.last_ply, m.to_json(), len(m.root.children)) == before


def test_explain_verdict_text():
    m = fresh()
    ok, bad = m.explain("QH>T1"), m.explain("QH>P1")
    assert ok.ok and bool(ok) and str(ok) == "Move Q♥ to track 1: allowed"
    assert not bad and str(bad) == ("Move Q♥ to platform 1: not allowed\n  - Ticket Collectors go to a "
                                    "train or an empty track, not to platform 1 [move.collector]")
    assert str(bad.violations[0]) == ("Ticket Collectors go to a train or an empty track, not to "
                                      "platform 1 [move.collector]")


def test_undo_goes_back_to_the_previous_decision_with_its_chance_steps():
    m = fresh()
    first_turns(m)
    assert m.ply == 18 and m.pending.player == 1  # 16 + two forced draws
    before_end = m.line()[15]
    assert m.undo().notation == "end"  # the decision undone, not the draw after it
    assert m.cursor is before_end and m.ply == 15 and m.pending.kind == "discard"
    assert m.undo().notation == "9S>P2" and m.ply == 14
    assert m.redo().notation == "9S>P2" and m.ply == 15
    assert m.redo().notation == "end" and m.ply == 18  # the draws come along
    assert m.redo() is None and m.ply == 18


def test_undo_at_the_first_decision_does_nothing():
    m = fresh()
    assert m.undo() is None and m.ply == 10
    m.play("QH>T1")
    assert m.undo().notation == "QH>T1" and m.ply == 10
    assert m.undo() is None and m.ply == 10


def test_undo_without_auto_chance_steps_one_node():
    m = fresh(auto_chance=False)
    assert m.ply == 0 and m.pending.is_chance
    m.deal()
    m.deal()
    assert m.undo().notation == "draw 8H" and m.ply == 1
    assert m.undo().notation == "draw 7H" and m.ply == 0
    assert m.undo() is None


def test_undo_then_a_different_action_branches_and_redo_follows_it():
    m = fresh()
    m.play("QH>T1")
    m.undo()
    m.play("KS>T1")
    node = m.line()[10]
    assert [c.action.notation for c in node.children] == ["QH>T1", "KS>T1"]
    m.undo()
    assert m.redo().notation == "KS>T1"  # the child visited last
    m.undo()
    m.play("QH>T1")  # an existing child is reused, not duplicated
    assert len(node.children) == 2 and m.state.tracks[0].train.collector.notation == "QH"


def test_goto_moves_along_the_line_and_checks_bounds():
    m = fresh()
    first_turns(m)
    assert m.goto(0) is m.root.state and m.ply == 0
    assert m.last_ply == 18  # the line stays for redo
    m.goto(12)
    assert m.ply == 12 and m.pending.kind == "discard"
    for bad in (-1, 19, 100):
        with pytest.raises(IndexError, match=r"ply .* is outside this line \(0\.\.18\)"):
            m.goto(bad)
    assert m.ply == 12
    m.goto(18)
    assert m.ply == 18


def test_branch_is_independent():
    m = fresh()
    first_turns(m)
    m.goto(12)
    b = m.branch()
    assert b.ply == 12 and b.state is m.state and b.last_ply == 12
    b.play("discard 5C")
    b.play("end")
    assert b.ply == 14 and m.ply == 12 and m.last_ply == 18
    assert m.line()[13].action.notation == "end"  # the main line kept its own future
    m.play("discard 8H")
    assert b.state.hand(1) != m.state.hand(1)
    assert [n.action for n in b.history[:12]] == [n.action for n in m.history[:12]]


def _branched() -> sandbox.Match:
    """A match with three children at ply 12, a redo path ahead, and a branch() of it dropped."""
    m = fresh()
    first_turns(m)
    m.goto(12)
    m.branch().play("discard 5C")
    m.play("discard 5C")
    m.goto(12)
    m.play("discard 8H")  # a second child at ply 12
    m.goto(11)
    return m


def test_a_dropped_match_is_freed_without_the_cycle_collector():
    """The history tree links both ways; a match nobody holds unlinks it when it goes, so
    nothing is left for the cycle collector."""
    gc.collect()
    gc.disable()
    try:
        m = _branched()
        del m
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("held", ["root", "cursor", "history", "children"])
def test_nodes_held_after_the_match_goes_keep_their_tree(held):
    """A node (or a list of children) still held keeps the whole tree as it was."""
    m = _branched()
    expected = [(n.ply, getattr(n.action, "notation", None), len(n.children)) for n in m.line()]
    branch_point = m.line()[12]
    keep = {"root": m.root, "cursor": m.cursor, "history": m.history,
            "children": branch_point.children}[held]
    del m, branch_point
    gc.collect()
    node = keep if held in ("root", "cursor") else keep[0]
    root = node.path()[0]
    line = [root]
    while line[-1].next is not None:
        line.append(line[-1].next)
    assert [(n.ply, getattr(n.action, "notation", None), len(n.children)) for n in line] == expected
    assert len(line[12].children) == 3 and line[-1].state.to_move is not None


def test_force_now_and_illegal_forced_outcome():
    m = fresh(force=HANDS, auto_chance=False)
    while m.pending.is_chance:
        m.deal()
    first_turns(m)
    assert m.pending.is_chance
    before = (m.ply, m.forced)
    with pytest.raises(sandbox.IllegalAction, match="7♥ is not in the draw pile"):
        m.force("7H")  # 7♥ is on platform 1: refused when forced, nothing queued
    assert (m.ply, m.forced) == before == (16, ())
    m.force("draw JK1", "leaves", "9D")
    events = m.deal() + m.deal() + m.deal()
    assert [e.kind for e in events][:2] == ["all-aboard", "coin"]
    assert m.state.scores == (0, 0) and len(m.state.departures) == 1


def test_step_and_run():
    m = fresh()
    assert m.step({}) is None  # a human decides: nothing happens
    assert m.step({1: GreedyBot()}) is not None and m.ply == 11
    out = m.run({1: GreedyBot(), 2: RandomBot(seed=4)})
    assert out is not None and m.is_over and m.outcome == out
    assert m.step({1: GreedyBot(), 2: GreedyBot()}) is None
    notes = [n.note for n in m.history if n.by == "greedy"]
    assert notes and all("\n" not in s and s for s in notes)


def test_run_stops_at_a_human_seat():
    m = fresh()
    m.run({2: RandomBot()})
    assert m.pending.player == 1 and m.ply == 10


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_bots_never_stall(players, seed):
    m = sandbox.new_game(GAME, players=players, seed=seed, schedule=2 + seed, tracks=1 + seed % 4)
    bots = {p: (GreedyBot() if (p + seed) % 2 else RandomBot(seed=p)) for p in range(1, players + 1)}
    out = m.run(bots, max_steps=20_000)
    assert out is not None, f"stalled at ply {m.ply}: {m.pending}"
    assert m.pending.player is None


def test_random_bot_is_seeded_and_deterministic():
    def game(seed):
        m = sandbox.new_game(GAME, players=3, seed=2)
        m.run({p: RandomBot(seed=seed) for p in (1, 2, 3)})
        return [n.action for n in m.history]
    assert game(1) == game(1)
    assert game(1) != game(2)
    choice = RandomBot(seed=3).choose(fresh().state.view(1), 1)
    assert choice.reason == f"at random among {len(fresh().legal_actions())} legal actions"
    assert repr(RandomBot(5)) == "RandomBot(seed=5)" and repr(GreedyBot()) == "GreedyBot()"


def test_greedy_bot_gives_a_one_line_reason():
    m = fresh()
    choice = GreedyBot().choose(m.state.view(1), 1)
    assert choice.action in m.legal_actions()
    assert "\n" not in choice.reason and choice.reason.startswith(str(choice.action))
    m.play("QH>T1")
    m.play("7H>P1")
    choice = GreedyBot().choose(m.state.view(1), 1)
    assert choice.reason == f"{choice.action}: nothing better among 4 actions"


def test_greedy_bot_sees_only_its_view():
    """A bot is handed the view: its choice cannot depend on other hands."""
    m = fresh()
    view = m.state.view(1)
    assert all(c.is_hidden for c in view.hand(2))
    assert GreedyBot().choose(view, 1).action == GreedyBot().choose(m.state.view(1), 1).action


def test_by_name():
    assert isinstance(by_name("random", 3), RandomBot) and by_name("random", 3).seed == 3
    assert isinstance(by_name("greedy"), GreedyBot)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        by_name("clever")


def test_log_and_events_per_viewer():
    m = fresh()
    first_turns(m)
    full, p2 = m.log(), m.log(viewer=2)
    assert "P1 draws 9♦" in full and "P1 draws 9♦" not in p2 and "P1 draws a card" in p2
    assert m.log(last=1).endswith("P1 draws 10♦ [turn.draw]")
    assert len(m.events()) == len(full.splitlines())
    assert CHANCE == 0 and str(m.pending) == "P1: Move 1 of 2 [turn.moves] (14 options)"


def test_registry_errors(monkeypatch):
    from sandbox.core import registry

    with pytest.raises(ValueError, match="'chess' is not a game of this package; playable games: "
                                         "everyone_on_board"):
        sandbox.new_game("chess")
    planned = registry.GameInfo(id="planned_toy", title="A planned toy", players=(2, 2), rulebook="",
                                status="planned", listed=False)
    monkeypatch.setitem(registry._GAMES, planned.id, planned)
    with pytest.raises(ValueError, match="'planned_toy' is not playable yet"):
        sandbox.new_game("planned_toy")
    assert {g.id for g in sandbox.catalogue()} >= {"everyone_on_board", "traintopia"}
    assert sandbox.games() == ("everyone_on_board", "isle_of_trains", "trains_and_stations", "traintopia")
    assert sandbox.new_game(GAME).config.players == 2


@pytest.mark.parametrize("game", sandbox.games())
def test_events_let_go_behind_the_window_read_back_the_same(game, monkeypatch):
    """A node more than `EVENTS_KEPT` plies behind the end of the line lets its events go, and
    reading them works out the same events again, for every seat's view; the newest plies keep
    theirs. The same seeded game is played twice: every event kept, then a window of 8."""
    def played() -> sandbox.Match:
        m = sandbox.new_game(game, seed=3)
        rng = random.Random(3)
        while not m.is_over and m.ply < 80:
            m.play(rng.choice(m.legal_actions()))
        return m

    kept = played()
    assert all(n._events is not None for n in kept.history)
    monkeypatch.setattr(match_module, "EVENTS_KEPT", 8)
    m = played()
    nodes = m.history
    assert len(nodes) == len(kept.history) > 20
    assert sum(n._events is None for n in nodes) == len(nodes) - 8 and nodes[-1]._events is not None
    assert [n.events for n in nodes] == [n.events for n in kept.history]
    for viewer in (None, 1, 2):
        assert m.log_entries(viewer) == kept.log_entries(viewer)
    other = m.branch()  # a branch carries the let-go nodes and reads them back the same way
    assert [n.events for n in other.history] == [n.events for n in kept.history]


def test_the_newest_events_are_read_without_replaying(monkeypatch):
    """The stepper's log (the newest lines) reads kept events: no transition runs for it."""
    monkeypatch.setattr(match_module, "EVENTS_KEPT", 48)
    m = fresh()
    first_turns(m)
    m.run({1: RandomBot(seed=1), 2: RandomBot(seed=2)}, max_steps=400)
    assert m.ply > 48 and m.history[0]._events is None
    calls = []
    state_type = type(m.state)
    original = state_type._transition
    monkeypatch.setattr(state_type, "_transition", lambda self, a: calls.append(a) or original(self, a))
    assert m.log(last=40).count("\n") == 39 and calls == []
    assert len(m.events()) > 40 and calls  # the whole log reads the old ones again
