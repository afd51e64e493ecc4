"""People read names, not codes: every option the stepper offers in every game names its cards
(the code only as the notation in brackets), and Isle of Trains' log names cards too. The log
opens with the deal folded into one line, and a click on nothing says why nothing happened."""

from __future__ import annotations

import re

import pytest

import sandbox
from sandbox.bots import GreedyBot
from sandbox.isle_of_trains.components import card_name, card_types
from widgets import GameStepper

CODES = {
    "isle_of_trains": re.compile(r"\b(" + "|".join(sorted(card_types(), key=len, reverse=True)) + r")\b"),
    # a card of the 54-card deck as a code ("7H", "QS", "JK1") rather than as it reads ("7♥")
    "everyone_on_board": re.compile(r"\b([2-9TJQKA]|10)[HDSC]\b|\bJK[12]\b"),
}


def _options_seen(game: str, players: int, plies: int) -> list[str]:
    match = sandbox.new_game(game, players=players, seed=3)
    stepper = GameStepper(match, seats=dict.fromkeys(range(1, players + 1), "human"), reveal=True)
    bots = {p: GreedyBot() for p in range(1, players + 1)}
    words = []
    for _ in range(plies):
        if match.is_over:
            break
        stepper.refresh()
        words += [b.description for b in stepper.option_buttons]
        match.step(bots)
    return words


@pytest.mark.parametrize("game", sorted(CODES))
def test_every_option_names_its_cards(game):
    words = _options_seen(game, players=2, plies=160)
    assert len(words) > 200, "the walk should see many decisions"
    coded = [w for w in words if CODES[game].search(w)]
    assert not coded, f"options showing a bare card code: {sorted(set(coded))[:5]}"


def test_isle_of_trains_log_names_the_cards_with_their_code():
    match = sandbox.new_game("isle_of_trains", players=2, seed=7)
    for _ in range(400):
        match.step({1: GreedyBot(), 2: GreedyBot()})
    log = match.log(viewer=1)
    loads = [line for line in log.splitlines() if " loads " in line and " as " in line]
    assert loads, "the game should load cargo"
    for line in loads:
        assert not CODES["isle_of_trains"].search(line.split("(")[0].split(" as ")[0]), line
    assert card_name("H1") == "Level 1 Hopper" and card_name("H1", with_code=True) == "Level 1 Hopper"
    assert card_name("??") == "??"


@pytest.mark.parametrize("game", sorted(CODES))
def test_the_deal_is_one_folded_line_of_the_log(game):
    match = sandbox.new_game(game, players=3, seed=7)
    stepper = GameStepper(match, seats={1: "greedy", 2: "random"})
    first = match.ply  # the match starts at the first decision: every ply so far dealt
    log = stepper.log_view.value
    assert log.count("<details class='ts-setup'>") == 1
    assert f"Setup: the deal, plies 1-{first}" in log
    assert log.index("<details") < log.index("ts-log-line")  # nothing outside the fold yet
    stepper.step()  # the bot's first move shows above the fold
    log = stepper.log_view.value
    assert log.index("ts-log-line") < log.index("<details")


def test_a_click_on_the_felt_says_why_nothing_happened():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    stepper = GameStepper(match, seats={2: "greedy", 3: "random"})  # P1 decides now
    ply = match.ply
    assert stepper.click(1, 1) is None  # the top-left corner: felt
    assert match.ply == ply and "Nothing there can be chosen" in stepper.message
    assert "Nothing there can be chosen" in stepper.status_line.value
