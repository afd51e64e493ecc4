"""Bot levels by name (easy, medium, strong), each saying what it is, in the seat menus and on
the play page; the bots' own names still seat them; the Hint asks the strongest bot that answers
within its second or two, and says which."""

from __future__ import annotations

import pytest

import sandbox
from sandbox.bots import GreedyBot, RandomBot
from sandbox.mcts import MCTSBot
from widgets import GameStepper, PlayApp
from widgets.seating import STRONG_SECONDS, hint_bot, seat_choices, strong_bot


def stepper(game: str, players: int, **seats: str) -> GameStepper:
    match = sandbox.new_game(game, players=players, seed=3)
    return GameStepper(match, seats={int(p[1:]): kind for p, kind in seats.items()}, reveal=True)


def test_the_seat_menus_offer_the_levels_by_name_saying_what_each_is_then_the_bots():
    info = sandbox.get_game("everyone_on_board")
    choices = dict((kind, label) for label, kind in seat_choices(info, 2))
    assert list(choices)[:4] == ["human", "easy", "medium", "strong"]
    assert choices["easy"] == "easy (random bot: any legal move)"
    assert choices["medium"] == "medium (greedy bot: the best move one step ahead)"
    assert choices["strong"].startswith("strong (MCTS: plays many short games ahead, about 1 s a move")
    assert {"random", "greedy", "mcts"} <= set(choices)  # pages, saves and authors' seats use them
    # where MCTS was measured weaker than the greedy bot, strong says it seats the greedy bot
    weaker = dict((kind, label) for label, kind in seat_choices(sandbox.get_game("trains_and_stations"), 3))
    assert weaker["strong"] == "strong (the greedy bot, as medium: MCTS was measured weaker in this game)"


def test_each_level_seats_its_bot():
    s = stepper("everyone_on_board", 2, P1="easy", P2="strong")
    assert isinstance(s.bot_for(1), RandomBot)
    strong = s.bot_for(2)
    assert isinstance(strong, MCTSBot) and strong.seconds == STRONG_SECONDS
    assert s.bot_for(2) is strong  # kept between decisions (its seed, its state)
    s.seat(1, "medium")
    assert isinstance(s.bot_for(1), GreedyBot)
    # a game's own greedy bot (Traintopia's) at medium; strong is MCTS where it was measured stronger
    topia = stepper("traintopia", 3, P1="medium", P2="strong")
    own = type(sandbox.bots.by_name("greedy", game=sandbox.get_game("traintopia")))
    assert type(topia.bot_for(1)) is own and isinstance(topia.bot_for(2), MCTSBot)
    # and the greedy bot where MCTS was measured weaker (3-player Trains & Stations: 1 of 6)
    stations = stepper("trains_and_stations", 3, P2="strong")
    greedy = type(sandbox.bots.by_name("greedy", game=sandbox.get_game("trains_and_stations")))
    assert type(stations.bot_for(2)) is greedy
    assert strong_bot("isle_of_trains", 2) == "greedy" and strong_bot("traintopia", 2) == "mcts"
    # Traintopia at 3 and 4 players: MCTS alone won 18 of 24 and 23.5 of 48 against greedy bots
    assert strong_bot("traintopia", 3) == strong_bot("traintopia", 4) == "mcts"
    # solo the greedy bot looks two days ahead and outscores MCTS at 1 s a decision
    assert strong_bot("isle_of_trains", 1) == "greedy"


def test_the_bots_own_names_still_seat_them():
    s = stepper("everyone_on_board", 2, P1="greedy", P2="mcts")
    assert s.seats == {1: "greedy", 2: "mcts"}
    assert isinstance(s.bot_for(1), GreedyBot)
    mcts = s.bot_for(2)
    assert isinstance(mcts, MCTSBot) and mcts.seconds is None and mcts.iterations == 200
    s.seat(2, "strong")  # the same kind of bot, another budget: a new bot
    assert s.bot_for(2) is not mcts and s.bot_for(2).seconds == STRONG_SECONDS
    with pytest.raises(ValueError, match="a seat is one of"):
        s.seat(1, "hard")


def test_the_play_page_deals_the_next_game_with_the_level_chosen():
    app = PlayApp("everyone_on_board", players=3, seats={1: "greedy", 2: "random", 3: "human"}, seed=7)
    assert app.level_control in [c.children[-1] for c in app.bar.children if hasattr(c, "children")]
    labels = [label for label, _ in app.level_control.options]
    assert labels[0] == "as set for this page" and "easy (random bot: any legal move)" in labels
    assert app.stepper.seats == {1: "greedy", 2: "random", 3: "human"}
    app.level_control.value = "easy"
    app.new_button.click()
    assert app.stepper.seats == {1: "easy", 2: "easy", 3: "human"}
    app.players_control.value = 2
    app.new_button.click()
    assert app.level_control.value == "easy" and app.stepper.seats == {1: "easy", 2: "human"}
    assert isinstance(app.stepper.bot_for(1), RandomBot)


def test_a_solo_page_has_no_bot_level():
    from sandbox.isle_of_trains import solo

    app = PlayApp("isle_of_trains", seats={1: "human"}, seed=3, setups=solo.setups())
    shown = [c.children[-1] for c in app.bar.children if hasattr(c, "children")]
    assert app.level_control not in shown and app.players_control in shown


def test_the_hint_names_the_strongest_bot_within_its_budget():
    # 2-player Traintopia: MCTS at 1 s a decision won 6 of 6 against the greedy bot
    assert hint_bot("traintopia", 2) == "mcts" and hint_bot("isle_of_trains", 1) == "greedy"
    match = sandbox.new_game("traintopia", players=2, seed=3)
    s = GameStepper(match, seats={1: "human", 2: "greedy"})
    s.jump_to_end()
    ply = match.ply
    text = s.hint()
    assert text.startswith("Hint (MCTS bot, 1 s of search): ") and match.ply == ply
    assert hint_bot("traintopia", 3) == "mcts"
    # elsewhere the greedy bot (a game's own), and an author may ask a level or a bot by name
    t = stepper("trains_and_stations", 3, P2="greedy", P3="greedy")
    t.jump_to_end()
    assert t.hint().startswith("Hint (greedy bot): ")
    t.hint_bot = "easy"
    assert t.hint().startswith("Hint (random bot): at random among ")


def test_what_if_says_it_is_played_on_by_greedy_bots():
    match = sandbox.new_game("everyone_on_board", players=2, seed=3)
    s = GameStepper(match, seats={2: "greedy"})
    s.jump_to_end()
    s.what_if(games=2, executor="serial")
    assert "times by greedy bots with the same luck" in s.what_if_table.value
