"""The greedy bot's judgement of a Traintopia network: every category of the final scoring,
Trains and the objective included, valued on the way to it."""

from __future__ import annotations

import sandbox
from sandbox.core.state import evolve
from sandbox.traintopia.strategy import assess, train_hope
from tests.traintopia.test_rules_end import TRAINS
from tests.traintopia.tt_rules import at, match, seat_spec


def _trains(*pieces: tuple[str, str], **more) -> float:
    return assess(at({"players": {1: seat_spec(*TRAINS, pieces=pieces)}, **more}), 1)["trains"]


def test_assess_values_the_chance_of_a_train_beside_money():
    """[scoring.trains] Tokens at 1,1 2,0 3,1 and -1,1; three beside the S4 track (t0r0). No
    Train yet scores 0 VP, but Trains are still to come: the hope of one on t0r0 (4 VP by the
    table) counts by the chance of getting it; a Train there counts in full, and a Train beside
    one token is worth more than none."""
    state = at({"players": {1: seat_spec(*TRAINS)}})
    assert 0 < train_hope(state) <= 0.5
    hoped = _trains()
    assert hoped == train_hope(state) * 6.5  # three tokens: most of the way to 4+ (10 VP)
    assert _trains(("train", "t0r0")) == 6.5 > _trains(("train", "t4r0")) > hoped > 0
    over = evolve(state, phase="bonus")  # no tile can come: the table's steps, as scored
    assert assess(over, 1)["trains"] == 0.0


def test_greedy_drafts_a_train_and_puts_it_beside_the_money():
    m = match({"players": {1: seat_spec(*TRAINS)}, "offer": ["train", "tourist"]})
    bot = sandbox.bots.by_name("greedy", game=sandbox.get_game("traintopia"))
    take = bot.choose(m.view(1), 1)
    assert take.action.notation == "take train"
    m.play(take.action)
    put = bot.choose(m.view(1), 1)
    assert put.action.notation == "put train t0r0"
    assert put.reason.startswith("Put the Train on the 2-tile track")  # words, not ids


def test_assess_values_progress_towards_the_objective():
    """[ruling.objectives] O5 (a Tourist on 4 tracks, 6 VP): each Tourist placed brings the
    objective nearer, and so counts; met, it is worth its VP."""
    def objective(tracks: int) -> float:
        pieces = [("tourist", t) for t in ("t0r0", "t3r0", "t4r0")[:tracks]]
        return assess(at({"players": {1: seat_spec(*TRAINS, pieces=pieces, objective="O5")}}), 1)["objective"]

    assert objective(0) == 0.0 < objective(1) < objective(2) < objective(3) < 6
    state = at({"players": {1: seat_spec(*TRAINS, objective="O5")}}, objectives="off")
    assert assess(state, 1)["objective"] == 0.0


def test_the_shortlist_is_the_best_placements_of_all_ranked():
    """`best_lays` hashes only the placements that touch at least as much as the SHORTLIST-th best
    (the rest cannot make the list): its list is the one a rank of every placement gives, at
    every lay decision of greedy games, at 2 and 4 players, and its other actions follow as
    they came."""
    import zlib

    from sandbox.traintopia.actions import Lay
    from sandbox.traintopia.strategy import SHORTLIST, best_lays, served_cells, touch

    checked = 0
    for players, seed in ((2, 1), (4, 2)):
        m = sandbox.new_game("traintopia", players=players, seed=seed)
        bots = {p: sandbox.bots.by_name("greedy", seed=p) for p in range(1, players + 1)}
        while not m.is_over:
            state, p = m.state, m.pending.player
            if state.top is not None and state.top.kind == "lay":
                legal = state.legal_actions()
                served = served_cells(state.seat(p))
                ranked = sorted((-touch(state, p, a, served), zlib.crc32(f"5/{a.notation}".encode()), i, a)
                                for i, a in enumerate(legal) if isinstance(a, Lay))  # i: ties as they came
                every = [a for *_, a in ranked]
                rest = [a for a in legal if not isinstance(a, Lay)]
                assert best_lays(state, p, legal, salt=5) == every[:SHORTLIST] + rest
                checked += 1
            m.step(bots)
    assert checked > 40
