"""Rulebook order, part 4: the round's Clean-Up, Ending the Game (the End Game Bonus card: its
order, the Railhead, the Railway Inspector, a bonus Train or Mailbag) and Final Scoring
(finished tracks, Mailbags, Trains, the longest track, objectives, the winner)."""

from __future__ import annotations

import pytest

from sandbox.traintopia.geometry import Track, TrackEnd
from sandbox.traintopia.model import finished_vp, train_tokens, train_vp
from sandbox.traintopia.scoring import longest_awards, outcome
from tests.traintopia.tt_rules import at, legal, of, options, play, refused, seat_spec

COMMUTE = (("S4", 0, 0, 0), ("M08", 1, 2, 0))  # grey 2 + mixed 1 along t0r0 (test_rules_elements)
PAIR = (("S1", 0, 0, 0), ("M37", -1, 2, 2))  # S1's track ends at M37's station: circle-circle, 2 tiles
OPEN = (("S1", 0, 0, 0), ("M01", 0, 2, 0))  # S1's track open below 0,3


def test_round_clean_up_last_element_to_the_box_bag_to_the_left():
    """[round.clean-up] once one element is left it goes back to the box with the round card; the
    Commuter bag passes left: P2 starts round 2 and draws the next round card."""
    before = at({"offer": ["M12", "tourist"], "starter": 1}, players=3)
    state, events = play(before, "take M12", "lay M12 0,2 r0")
    (clean,) = of(events, "clean-up")
    assert clean.rule == "round.clean-up" and clean.data["left"] == ("tourist",)
    assert state.offer == () and state.card == "" and state.round == 2 and state.starter == 2
    assert state.pending.kind == "round-card" and state.pending.rule == "round.preparation"
    assert dict(state.supply) == dict(before.supply)  # the Tourist is boxed, not back in the supply
    state, _ = play(at({"offer": ["M12", "tourist"]}, players=3), "take tourist", "put tourist t0r0")
    assert state.boxed == ("M12",)  # a tile left over is boxed face up


def test_draft_order_clockwise_from_the_starting_player():
    """[draft.order] [draft.turn] drafting one item at a time, clockwise from the bag holder, until
    one is left: P3 starts, then P1, P2."""
    state = at({"offer": ["tourist", "tourist", "tourist", "tourist"], "starter": 3}, players=3)
    seen = []
    while state.phase == "round" and state.offer and state.pending.kind == "turn":
        seen.append(state.pending.player)
        state, _ = play(state, "take tourist", "discard")
        if state.pending.kind == "after":  # a player with money may still spend it
            state, _ = state.apply("done")
    assert seen == [3, 1, 2]


def test_end_trigger_after_the_last_round_card():
    """[end.trigger] the last round card played: no next round; [end.bonus-card] the End Game
    Bonus card is resolved before final scoring."""
    state = at({"offer": ["M33", "M35"], "rounds_left": 0, "round": 8})
    state, events = play(state, "take M33", "lay M33 2,0 r0")
    assert state.phase == "bonus" and state.round == 8 and state.starter == 1
    assert of(events, "end")[0].rule == "end.bonus-card"
    assert state.pending.kind == "choose-bonus" and state.pending.rule == "end.bonus-card"


@pytest.mark.parametrize("players, starter, vp, order", [
    (3, 1, {1: 5, 2: 3, 3: 3}, [3, 2, 1]),  # P2 and P3 tied: P3 sits further from P1
    (3, 1, {1: 1, 2: 3, 3: 2}, [1, 3, 2]),  # fewest first
    (4, 3, {1: 0, 2: 0, 3: 0, 4: 0}, [2, 1, 4, 3]),  # all tied: furthest from P3 first
    (2, 2, {1: 4, 2: 4}, [1, 2]),
])
def test_end_bonus_card_order_fewest_points_first_ties_further_from_the_starter(players, starter, vp, order):
    """[end.bonus-card] "Whoever has the fewest points should now select one of the elements ...
    If two or more players are tied, the first to choose will be the player further from the last
    round's Starting Player"; each takes one of the four elements."""
    spec = {"players": {p: {"tiles": [[f"S{p}", 0, 0, 0]], "vp": v} for p, v in vp.items()},
            "offer": ["M33", "M35"], "rounds_left": 0, "starter": starter}
    state = at(spec, players=players)
    spot = next(a for a in state.apply("take M33")[0].legal_actions())
    state, events = play(state, "take M33", spot)
    if state.pending.kind == "after":  # S3 and S4 carry a money token
        state, more = state.apply("done")
        events += more
    assert of(events, "end")[0].data["order"] == tuple(order)
    chosen = []
    for p in order:
        assert state.pending.player == p and state.pending.kind == "choose-bonus"
        pick = sorted(options(state))[0]
        chosen.append(pick)
        state, _ = state.apply(pick)
        refused(state, pick, "end.bonus-card") if state.pending.kind == "choose-bonus" else None
    assert len(set(chosen)) == players


def _bonus(bonus: str, *tiles, pieces=(), **more):
    """A 2-player game at its last draft, P1 to take `bonus` from the End Game Bonus card (P1 has
    the fewest points), P2 then takes the first left; then P1 adds it."""
    spec = {"players": {1: seat_spec(*(tiles or OPEN), pieces=pieces, **more), 2: {"vp": 9}},
            "offer": ["tourist", "tourist"], "rounds_left": 0}
    state, _ = play(at(spec), "take tourist", "discard")
    if state.pending.kind == "after":
        state, _ = state.apply("done")
    assert state.pending.player == 1 and state.pending.kind == "choose-bonus"
    state, _ = state.apply(f"bonus {bonus}")
    state, _ = state.apply(sorted(options(state))[0])
    assert state.pending.player == 1
    return state


def test_bonus_railhead_at_an_open_end_of_an_unfinished_track_only():
    """[bonus.railhead] the Railhead is a special station added to an unfinished track: only
    against an open end (S1's track leaves 0,3 downwards), overlapping nothing; it finishes the
    track (circle - railhead: different stations [ruling.station-kinds], 3 tiles: 4 VP)."""
    state = _bonus("railhead")
    assert state.pending.kind == "lay" and state.pending.rule == "bonus.railhead"
    lays = state.legal_actions()
    assert lays and all(a.tile == "RH" for a in lays)
    refused(state, "lay RH 2,0 r0", "bonus.railhead")  # touches the network, but no open end
    refused(state, "lay RH 0,2 r2", "bonus.railhead")  # overlaps M01
    assert "discard" not in options(state)  # its refusal: test_bonus_railhead_discard_cites_bonus_discard
    for lay in lays:
        after, _ = state.apply(lay)
        track = after.seat(1).network.track("t0r0")
        assert track.finished and not track.identical and track.tiles == 3
        assert finished_vp(track, False) == 4


def test_bonus_railhead_discard_cites_bonus_discard():
    """[ruling.bonus-discard] "An End Game Bonus element must be added to the network: ... the
    Railhead at an open end of an unfinished track": refusing its discard cites that ruling."""
    state = _bonus("railhead")
    refused(state, "discard", "ruling.bonus-discard")


def test_bonus_railhead_not_for_a_finished_track():
    """[bonus.railhead] [ruling.bonus-discard] no unfinished track: the Railhead has no place and
    goes back to the box for 1 VP."""
    state = _bonus("railhead", *PAIR)
    assert options(state) == {"discard"}
    after, _ = state.apply("discard")
    assert after.seat(1).vp == state.seat(1).vp + 1


@pytest.mark.parametrize("colour, vp", [("grey", 3), ("yellow", 1), ("green", 1)])
def test_bonus_inspector_scores_a_chosen_colour_with_mixed(colour, vp):
    """[bonus.inspector] the Railway Inspector goes on any track (one with a Commuter of that colour
    too) and scores the chosen district colour as a Commuter would, mixed included."""
    state = _bonus("inspector", *COMMUTE, pieces=[("commuter.grey", "t0r0"), ("commuter.yellow", "t0r0")])
    assert state.pending.rule == "bonus.inspector"
    refused(state, "put inspector t0r0", "bonus.inspector")
    refused(state, "discard", "ruling.bonus-discard")
    after, events = state.apply(f"put inspector t0r0 as {colour}")
    assert of(events, "put")[0].rule == "bonus.inspector" and after.seat(1).vp - state.seat(1).vp == vp
    assert after.seat(1).money == state.seat(1).money  # no token spent


def test_bonus_train_needs_a_track_without_one_else_one_vp():
    """[ruling.bonus-discard] an End Game Bonus element must be added while a track can take it;
    every track holding a Train already: returned for 1 VP. [elements.mail-train-limit]"""
    state = _bonus("train", *OPEN)
    refused(state, "discard", "ruling.bonus-discard")
    assert options(state) == {"put train t0r0"}
    full = _bonus("train", *OPEN, pieces=[("train", "t0r0")])
    refused(full, "put train t0r0", "elements.mail-train-limit")
    assert options(full) == {"discard"}


def test_end_scoring_full_end_of_a_game():
    """[end.scoring] after the bonuses the game is over: each player's score is their VP tokens,
    finished tracks (doubled by Mailbags), Trains, the longest track and the objective."""
    state = _bonus("mailbag", *PAIR, vp=3)
    state, _ = state.apply("put mailbag t0r0")
    while state.phase != "over":
        state, _ = state.apply(state.legal_actions()[0])
    result = state.outcome
    assert result is not None and result.rule == "end.scoring"
    parts = dict(result.breakdown[1])
    assert parts["VP tokens"] == 4 and parts["finished tracks"] == 2 and parts["mailbags"] == 2
    assert result.scores[1] == sum(parts.values())
    assert state.legal_actions() == () and state.pending.rule == "end.scoring"


# --- final scoring --------------------------------------------------------------------------------

def _track(tiles: int, identical: bool, finished: bool = True) -> Track:
    a = TrackEnd("station", "circle")
    b = TrackEnd("station", "circle" if identical else "square") if finished else TrackEnd("open")
    return Track("t0r0", ((0, 0),), tiles, frozenset(), (a, b))


@pytest.mark.parametrize("tiles, identical, different", [
    (2, 2, 4), (3, 2, 4), (4, 3, 5), (5, 3, 5), (6, 5, 7), (7, 5, 7), (8, 8, 10), (9, 8, 10), (14, 8, 10)])
def test_scoring_finished_table(tiles, identical, different):
    """[scoring.finished-table] identical stations 2/3/5/8, different 4/5/7/10, for 2-3, 4-5, 6-7
    and 8+ tiles; [scoring.finished] only a track with a station at both ends scores;
    [scoring.mailbag] a Mailbag doubles it."""
    assert finished_vp(_track(tiles, True), False) == identical
    assert finished_vp(_track(tiles, False), False) == different
    assert finished_vp(_track(tiles, False), True) == 2 * different
    assert finished_vp(_track(tiles, False, finished=False), True) == 0


def test_scoring_one_tile_track_scores_nothing():
    """[ruling.one-tile-track] the table starts at 2 tiles: a finished one-tile track scores 0."""
    assert finished_vp(_track(1, False), True) == 0 == finished_vp(_track(1, True), False)


def test_scoring_finished_identical_two_tiles_and_a_mailbag():
    """[scoring.finished] [scoring.finished-table] [scoring.mailbag] S1 (circle) to M37 (circle):
    finished, identical, 2 tiles: 2 VP, doubled by a Mailbag to 4; an unfinished track with a
    Mailbag scores nothing."""
    state = at({"players": {1: seat_spec(*PAIR, pieces=[("mailbag", "t0r0")]),
                            2: seat_spec(("S2", 0, 0, 0), ("M01", 0, 2, 0), pieces=[("mailbag", "t0r0")])}})
    track = state.seat(1).network.track("t0r0")
    assert track.finished and track.identical and track.tiles == 2
    parts = dict(state.breakdown(1))
    assert parts["finished tracks"] == 2 and parts["mailbags"] == 2
    other = dict(state.breakdown(2))
    assert other["finished tracks"] == 0 and other["mailbags"] == 0


TRAINS = (("S4", 0, 0, 0), ("M08", 1, 2, 0), ("M34", 2, 0, 0), ("M13", -2, 0, 0), ("M04", 1, -2, 3))


@pytest.mark.parametrize("tokens, vp", [(0, 0), (1, 0), (2, 4), (3, 4), (4, 10), (5, 10), (9, 10)])
def test_scoring_trains_table(tokens, vp):
    """[scoring.trains] money tokens next to tracks with a Train: 0-1 0 VP, 2-3 4 VP, 4+ 10 VP."""
    assert train_vp(tokens) == vp


@pytest.mark.parametrize("trains, tokens, vp", [([], 0, 0), (["t0r0"], 3, 4), (["t4r0"], 1, 0),
                                                (["t0r0", "t4r0"], 3, 4)])
def test_scoring_trains_count_each_token_once(trains, tokens, vp):
    """[scoring.trains] [ruling.adjacency] tokens at 1,1 2,0 3,1 and -1,1; S4's track (0,0 0,1 1,1
    1,2 1,3) is next to 1,1 2,0 and -1,1; M04's track (1,-1 2,-1) next to 2,0 only. Trains on both
    tracks: 3 tokens (2,0 counted once), 4 VP, not 4 tokens and 10."""
    state = at({"players": {1: seat_spec(*TRAINS, pieces=[("train", t) for t in trains])}})
    seat = state.seat(1)
    assert sorted(seat.money) == [(-1, 1), (1, 1), (2, 0), (3, 1)]
    assert [t.name for t in seat.network.tracks] == ["t0r0", "t3r0", "t4r0"]
    assert train_tokens(seat) == tokens and dict(state.breakdown(1))["trains"] == vp


LONG = {  # longest track: P1 3 tiles, P2 1, P3 2, P4 3
    1: [["S1", 0, 0, 0], ["M01", 0, 2, 0], ["M02", 0, 4, 0]],
    2: [["S2", 0, 0, 0]],
    3: [["S3", 0, 0, 0], ["M03", 0, 2, 0]],
    4: [["S4", 0, 0, 0], ["M04", 1, 2, 0], ["M05", 1, 4, 0]],
}


@pytest.mark.parametrize("players, starter, awards", [
    (4, 1, {1: 6, 4: 3, 3: 1, 2: 0}), (4, 4, {4: 6, 1: 3, 3: 1, 2: 0}), (4, 2, {4: 6, 1: 3, 3: 1, 2: 0}),
    (3, 1, {1: 6, 3: 3, 2: 0}), (3, 2, {1: 6, 3: 3, 2: 0}),
    (2, 1, {1: 6, 2: 0})])
def test_scoring_longest_track_awards_and_ties_by_turn_order(players, starter, awards):
    """[scoring.longest] 4 players 6/3/1/0, 3 players 6/3/0, 2 players 6 for the longest only;
    [scoring.longest-ties] ties by turn order, closer to the last round's Starting Player first:
    P1 and P4 tie at 3 (starter P1: P1; starter P4: P4; starter P2: P4 is 2 seats on, P1 3)."""
    spec = {"players": {p: {"tiles": LONG[p]} for p in range(1, players + 1)}, "starter": starter}
    state = at(spec, players=players)
    assert longest_awards(state) == awards
    assert all(dict(state.breakdown(p))["longest track"] == v for p, v in awards.items())


def test_scoring_longest_two_player_tie():
    """[scoring.longest-ties] two players tied: the one closer to the last round's Starting Player
    (the Starting Player) takes the 6."""
    spec = {"players": {1: {"tiles": [["S1", 0, 0, 0]]}, 2: {"tiles": [["S2", 0, 0, 0]]}}, "starter": 2}
    assert longest_awards(at(spec)) == {2: 6, 1: 0}


@pytest.mark.parametrize("objectives, met, vp", [("all-or-nothing", True, 4), ("all-or-nothing", False, 0),
                                                 ("off", True, 0)])
def test_scoring_objective_per_ruling(objectives, met, vp):
    """[ruling.objectives] an objective card met at the end scores its VP (O6: 4 money tokens left
    in the network, 4 VP), not met nothing; ruling 'off': objectives score nothing."""
    tiles = TRAINS[:4] if met else TRAINS[:2]
    state = at({"players": {1: seat_spec(*tiles, objective="O6")}}, objectives=objectives)
    assert len(state.seat(1).money) == (4 if met else 1)
    assert dict(state.breakdown(1))["objective"] == vp


@pytest.mark.parametrize("tiebreak, winners", [("shared", (1, 2)), ("turn-order", (2,))])
def test_winner_highest_score_ties_per_ruling(tiebreak, winners):
    """[end.scoring] the highest score wins; [ruling.tiebreak] tied: shared by default, or the tied
    player closest to the last round's Starting Player (P2 here)."""
    spec = {"players": {1: {"tiles": [["S1", 0, 0, 0]], "vp": 13}, 2: {"tiles": [["S2", 0, 0, 0]], "vp": 7}},
            "starter": 2}  # P2's one-tile track wins the longest-track tie: 7 + 6 = 13
    state = at(spec, tiebreak=tiebreak)
    result = outcome(state)
    assert result.scores[1] == result.scores[2]
    assert result.winners == winners and "ruling.tiebreak" in result.tiebreak
    clear = at({"players": {1: {"tiles": [["S1", 0, 0, 0]], "vp": 30}}}, tiebreak=tiebreak)
    assert outcome(clear).winners == (1,) and outcome(clear).tiebreak == ""


def test_scoring_tokens_are_public():
    """[scoring.tokens] every player must tell their VP total when asked: live scores show every
    seat's tokens in every view."""
    state = at({"players": {1: {"tiles": [["S1", 0, 0, 0]], "vp": 7},
                            2: {"tiles": [["S2", 0, 0, 0]], "vp": 3}}})
    assert state.scores() == {1: 7, 2: 3} == state.view(2).scores() == state.view(1).scores()
    assert legal(state, "take tourist")


def test_empty_stack_reveals_what_is_left():
    """[ruling.empty-stack] [round.preparation] a Map Tile stack with one tile left and an empty
    Commuter bag: round card R2 (Tourist, two Commuters, Mailbag, 5 tiles at 2 players) puts out
    the Tourist, the Mailbag and the one tile; the Commuter spaces stay empty."""
    from sandbox.core.chance import Pile
    from sandbox.core.state import evolve

    state, _ = play(at({"offer": ["M12", "tourist"]}), "take tourist", "discard")
    assert state.pending.kind == "round-card"
    state = evolve(state, tiles=Pile.of(["M40"]), bag=Pile())
    state, events = state.apply("reveal R2")
    assert state.pending.kind == "reveal-tile" and [a.item for a in state.pending.options] == ["M40"]
    state, more = state.apply("reveal M40")
    events += more
    assert state.pending.kind == "turn" and state.pending.player == 2
    assert state.offer == ("M40", "mailbag", "tourist")
    assert of(events, "round")[0].rule == "round.preparation"
