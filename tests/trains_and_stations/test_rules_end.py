"""Rulebook order, part 7: The End of the Game (the VP stacks run out, the last turns up to the
Conductor, VP from the reserve) and Scoring (VP cards, Missions, monopolies with ties all
scoring, Power cards counting one of each good, Coins worth nothing, the Gold tie-break). Seats:
Eric is P1 (the Conductor), Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

import pytest

from tests.trains_and_stations.ts_rules import (
    BRYAN,
    ERIC,
    SARAH,
    game,
    of,
    play_all,
    quiet_turn,
    shows,
    texts,
    vps,
)

# Billings - Denver one space short: the active player's Train on s17 completes it, for 2
# completion VP and Denver's +2 VP majority bonus (and Billings' bonus die).
ALMOST = {"s15": "B", "s16": "B"}


def complete_r3(m) -> list:
    m.force(*shows("train", "coin", "coin", "coin", "coin"))
    return play_all(m, "gather", "confirm", "place s17", "confirm")


def test_end_trigger_when_the_board_runs_out_of_vp():
    """[end.trigger] [ruling.end-trigger] Bryan's delivery takes the board's last 3 VP (he gains
    4): the endgame begins, announced at the end of his turn; he still gains all 4 VP, the one
    the board lacks coming from the reserve [end.vp-reserve] [ruling.vp-points]."""
    m = game({"board": ALMOST, "current": BRYAN, "turn": 2, "vp_stack": 3}, players=3)
    events = complete_r3(m)
    assert texts(events, "ending") == ["The VP stacks on the board are empty: the endgame begins, and the "
                                       "game ends before the Conductor's next turn"]
    assert of(events, "ending")[0].rule == "end.trigger"
    assert m.state.ending and m.state.vp_stack <= 0
    assert vps(m) == [3, 3 + 4, 3]


def test_vp_reserve_pays_what_the_board_lacks_and_the_board_stays_at_zero():
    """[ruling.vp-points] [end.vp-reserve] the board holds 3 VP and Bryan gains 4: the board pays
    3 and is at 0, the reserve pays 1."""
    m = game({"board": ALMOST, "current": BRYAN, "turn": 2, "vp_stack": 3}, players=3)
    complete_r3(m)
    assert m.state.vp_stack == 0


def test_end_last_turns_up_to_the_conductor_then_the_game_ends():
    """[end.last-round] [ruling.end-trigger] [setup.conductor] triggered on Bryan's turn (turn 5,
    his second): Sarah plays her last turn, then the game ends without the Conductor (Eric)
    taking another turn; every player has had 2 turns (6 in all)."""
    m = game({"board": ALMOST, "current": BRYAN, "turn": 5, "vp_stack": 2}, players=3)
    complete_r3(m)
    assert m.pending.player == SARAH and not m.is_over
    events = quiet_turn(m)
    assert texts(events, "end") == ["The VP stacks are empty and the round is over: the game ends before the "
                                    "Conductor's turn"]
    assert m.is_over and m.state.turn == 6 == 2 * 3
    assert m.outcome.rule == "end.last-round"


def test_end_triggered_by_the_last_seat_ends_the_game_at_once():
    """[end.last-round] triggered on Sarah's turn (the seat before the Conductor), the game ends
    at the end of that turn."""
    m = game({"board": ALMOST, "current": SARAH, "turn": 3, "vp_stack": 2}, players=3)
    complete_r3(m)
    assert m.is_over and m.state.turn == 3


def test_end_triggered_by_the_conductor_every_other_player_plays_once_more():
    """[end.last-round] triggered on Eric's own turn (turn 4): Bryan and Sarah play turns 5 and 6,
    and the game ends before Eric's turn 7."""
    m = game({"board": ALMOST, "current": ERIC, "turn": 4, "vp_stack": 2}, players=3)
    complete_r3(m)
    seen = []
    while not m.is_over:
        seen.append((m.state.turn, m.state.current))
        quiet_turn(m)
    assert seen == [(5, BRYAN), (6, SARAH)]


def test_end_trigger_holds_when_vp_go_back_to_the_board():
    """[ruling.end-trigger] [ruling.strike-vp] Sarah strikes in her last turn: her 3 VP go back to
    the board, which has VP again, but the endgame stands and the game ends after her turn."""
    m = game({"current": SARAH, "turn": 3, "vp_stack": 0}, players=3)
    assert m.state.ending
    m.force(*shows("locked", "locked", "locked", "coin", "coin"))
    events = play_all(m, "gather", "place s1 locked", "place s2 locked", "place s3 locked", "confirm")
    assert of(events, "strike") and m.state.vp_stack == 3
    assert m.is_over


@pytest.mark.parametrize("strike_vp, back", [("to-stack", 3), ("to-box", 0)])
def test_end_reason_says_when_a_strike_put_vp_back_on_the_board(strike_vp, back):
    """[ruling.strike-vp] [ruling.end-trigger] the game ends with Sarah's last turn, struck: under
    'to-stack' her 3 VP are on the board again, and the end's event and the outcome say so
    instead of claiming the stacks are out; under 'to-box' the board stays empty."""
    m = game({"current": SARAH, "turn": 3, "vp_stack": 0}, players=3, strike_vp=strike_vp)
    m.force(*shows("locked", "locked", "locked", "coin", "coin"))
    events = play_all(m, "gather", "place s1 locked", "place s2 locked", "place s3 locked", "confirm")
    assert m.is_over and m.state.vp_stack == back
    if back:
        assert texts(events, "end") == ["The VP stacks ran out (3 VP lost to strikes have gone back on the "
                                        "board since) and the round is over: the game ends before the "
                                        "Conductor's turn"]
        assert m.outcome.reason == ("the VP stacks ran out (3 VP lost to strikes have gone back on the board "
                                    "since) and the last round is over")
    else:
        assert texts(events, "end")[0].startswith("The VP stacks are empty and the round is over")
        assert m.outcome.reason == "the VP stacks ran out and the last round is over"


def test_end_vp_still_paid_after_the_stacks_are_empty():
    """[end.vp-reserve] "players still gain VPs as normal": in the last round, with the board at 0,
    Sarah's delivery pays her 2 completion VP and Denver's 2 VP."""
    m = game({"board": ALMOST, "current": SARAH, "turn": 3, "vp_stack": 0}, players=3)
    complete_r3(m)
    assert vps(m) == [3, 3, 3 + 4]


def final(spec: dict, players: int = 3, **rulings):
    """The game's end: the last turn (Sarah's, before the Conductor) played with Coins only."""
    m = game({**spec, "current": players, "turn": 3 * players, "vp_stack": 0}, players=players, **rulings)
    quiet_turn(m)
    assert m.is_over
    return m.outcome


SCORING = {"players": {
    ERIC: {"vp": 10, "missions": ["p01"], "goods": "gold gold cattle", "power": ["p05"]},
    BRYAN: {"vp": 12, "goods": "cattle worker worker worker"},
    SARAH: {"vp": 5, "coins": 5, "power": ["p11"]}}}


def test_scoring_vp_missions_and_monopolies():
    """[score.vp] [score.monopoly] [ruling.monopoly] [object.vp] Eric: 10 VP + 7 (his scored
    Seattle - Detroit Mission) + Gold 9 + Cattle 6 = 32; his unrevealed Mission p05 counts
    nothing. [score.monopoly-tie] Eric and Bryan tie on Cattle (1 each): both score the full 6.
    Bryan: 12 + Cattle 6 + Worker 4 = 22. [power.monopoly] Sarah's p11 (Gold and Silver) counts 1
    Gold and 1 Silver: Silver 7, but Eric's 2 Gold beat her 1. Sarah: 5 + 7 = 12.
    [score.coins] her 5 Coins are worth nothing. [score.winner] Eric wins."""
    out = final(SCORING)
    assert dict(out.scores) == {ERIC: 32, BRYAN: 22, SARAH: 12}
    assert out.breakdown[ERIC] == (("VP cards", 10), ("missions", 7), ("cattle monopoly", 6),
                                   ("gold monopoly", 9))
    assert out.breakdown[BRYAN] == (("VP cards", 12), ("missions", 0), ("cattle monopoly", 6),
                                    ("worker monopoly", 4))
    assert out.breakdown[SARAH] == (("VP cards", 5), ("missions", 0), ("silver monopoly", 7))
    assert out.winners == (ERIC,)


def test_scoring_nobody_scores_a_good_nobody_holds():
    """[ruling.monopoly] the "highest quantity" of a good nobody has is no monopoly: with no Goods
    and no Power cards, the score is the VP alone."""
    out = final({"players": {ERIC: {"vp": 4}}})
    assert dict(out.scores) == {ERIC: 4, BRYAN: 3, SARAH: 3}


TIED = {"players": {ERIC: {"vp": 20, "goods": "gold"}, BRYAN: {"vp": 5, "goods": "gold", "power": ["p12"]}}}


def test_scoring_tie_broken_by_most_gold():
    """[score.tiebreak] [ruling.tiebreak-gold] Eric has 20 VP and 1 Gold card; Bryan 5 VP, 1 Gold
    card and a Power card showing Gold and Cattle (p12): Bryan's 2 Gold take the Gold monopoly
    (9) and his Cattle the Cattle one (6), 20 in all. Tied on 20, Bryan has the most Gold (the
    Power card counts) and wins."""
    out = final(TIED)
    assert out.scores[ERIC] == 20 and out.scores[BRYAN] == 5 + 9 + 6 == 20
    assert out.winners == (BRYAN,) and out.tiebreak == "tied on 20: most Gold (P1 1, P2 2)"


def test_scoring_still_tied_all_tied_players_win():
    """[score.tiebreak] tied on score and on Gold: Eric and Bryan share the win."""
    spec = {"players": {ERIC: {"vp": 8, "goods": "gold"}, BRYAN: {"vp": 8, "goods": "gold"}}}
    out = final(spec)
    assert out.winners == (ERIC, BRYAN)
    assert out.tiebreak == "tied on 17: most Gold (P1 1, P2 1), still tied: shared"
