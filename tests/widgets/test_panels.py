"""The stepper's panels: every option reachable, counts said right, an honest score column, a
What-if answer that goes with its position, and the page's words (issue 27)."""

from __future__ import annotations

import ast
import base64
import random
import re
from pathlib import Path

import sandbox
from widgets import GameStepper, PlayApp
from widgets.chooser import SHOWN_OPTIONS, count_words
from widgets.ui import _CSS, rule_words

PANELS = ("seating", "chooser", "log", "scores", "advice", "saving", "curtain", "ui")


def test_panels_never_import_the_stepper():
    for name in PANELS:
        tree = ast.parse((Path(__file__).parents[2] / "widgets" / f"{name}.py").read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert "widgets.stepper" not in imported and "widgets.app" not in imported, name


def _many_options(seed: int = 2):
    """A Traintopia match at a human decision with more than two pages of options."""
    match = sandbox.new_game("traintopia", players=3, seed=seed)
    rng = random.Random(seed)
    while len(match.state.legal_actions()) < 2 * SHOWN_OPTIONS + 1:
        legal = match.state.legal_actions()
        match.play(rng.choice([a for a in legal if a.notation != "discard"] or list(legal)))
    stepper = GameStepper(match)
    if stepper.curtain is not None:
        stepper.take_screen()
    return match, stepper


def test_every_option_is_reachable_page_by_page():
    match, s = _many_options()
    legal = match.legal_actions()
    assert len(s.option_buttons) == SHOWN_OPTIONS and s.chooser.pager.layout.display is None
    seen = list(s.options)
    while not s.chooser.next_button.disabled:
        s.chooser.next_button.click()
        seen += s.options
    assert sorted(seen, key=str) == sorted(legal, key=str)  # every one, once
    assert f"of {len(legal)}" in s.chooser.page_note.value
    s.chooser.prev_button.click()
    assert s.chooser.page == s.chooser.pages - 2
    s.choose(s.options[0])  # a new decision starts on its first page
    assert s.chooser.page == 0


def test_the_count_is_said_as_a_person_would():
    assert count_words(1) == "the only allowed option" and count_words(3) == "one of 3 allowed options"
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match, reveal=True)  # every seat human, the whole table
    s.pick("platform:1")
    s.pick("card:10D")
    legal = match.legal_actions()
    lone = sorted(t for a in legal for t in a.targets() if sum(t in b.targets() for b in legal) == 1)
    s.pick(lone[0])
    assert "choose the only allowed option (narrowed by your clicks" in s.chooser_title.value
    assert "of 1 allowed" not in s.chooser_title.value
    assert not s.message.startswith("Selected") and "Click it again" in s.message


def test_the_humans_hidden_points_are_shown_apart():
    match = sandbox.new_game("trains_and_stations", players=3, seed=7)
    s = GameStepper(match, seats={1: "greedy", 2: "greedy", 3: "human"})
    s.jump_to_end()
    rows = {r.player: r for r in s.score_rows()}
    mine = rows["P3"]
    public = match.state.scores(1)[3]  # P3's score as another seat counts it
    assert mine.hidden > 0 and mine.public == public and mine.score == match.state.scores(3)[3]
    assert mine.hidden_parts and all("monopoly" in part for part in mine.hidden_parts)
    assert f"{public} + {mine.hidden} hidden" in s.score_table.value
    assert "your own hidden cards" in s.score_table.value
    assert rows["P1"].hidden == 0 and f"<td>{rows['P1'].score}</td>" in s.score_table.value


def test_a_what_if_answer_goes_when_its_position_does():
    match = sandbox.new_game("everyone_on_board", players=2, seed=3)
    s = GameStepper(match, seats={2: "greedy"})
    s.jump_to_end()
    ply = match.ply
    s.what_if(games=2, executor="serial")
    assert "<table" in s.what_if_table.value and f"(ply {ply})" in s.what_if_table.value
    assert s.adviser.box.layout.max_height and s.adviser.box.layout.overflow == "auto"
    s.refresh()  # the same position: the answer stays
    assert "<table" in s.what_if_table.value
    s.choose(s.options[0])
    assert s.what_if_table.value == "" and s.adviser.box.layout.display == "none"
    assert f"was for ply {ply}" in s.advice.value
    s.back()
    assert s.advice.value == ""  # the note goes at the next change too
    s.hint()
    text = s.advice.value
    s.back()
    assert text and s.advice.value == ""  # a hint is for its position too


def test_save_warns_that_the_file_holds_every_hand():
    match = sandbox.new_game("everyone_on_board", players=3, seed=5)
    s = GameStepper(match, seats={1: "greedy", 2: "random"})
    s.save_button.click()
    assert "The file holds every card, yours and the others': share it when the game is over" in \
        s.save_link.value.replace("&#x27;", "'")
    data = re.search(r"base64,([^']+)'", s.save_link.value).group(1)
    assert sandbox.load(base64.b64decode(data).decode()).state == s.match.state


def test_the_load_button_shows_no_file_count():
    """The file upload writes "Load game (0)": the page's style shows "Load game" alone."""
    s = GameStepper(sandbox.new_game("everyone_on_board", players=3, seed=5))
    css = s.children[0].value
    assert css == _CSS and "ts-load" in s.load_control._dom_classes
    assert re.search(r"\.ts-load\.jupyter-button \{ font-size: 0; \}", css)
    assert 'content: "Load game"' in css


def test_a_quoted_rule_never_ends_in_a_colon():
    game = sandbox.get_game("isle_of_trains")
    assert game.cite("solo.day").endswith(":") and rule_words(game, "solo.day").endswith("changes …")
    match = sandbox.new_game("isle_of_trains", players=1, seed=5)
    s = GameStepper(match)
    assert "[solo.day]" in s.chooser_title.value
    assert "changes:" not in s.chooser_title.value


def test_the_play_page_says_which_seat_is_yours():
    app = PlayApp("everyone_on_board", players=4, seats={1: "greedy", 2: "random", 3: "human"}, seed=7)
    assert app.stepper.humans == (3,) and "you play P3" in app.about.value
    app.players_control.value = 2
    app.new_button.click()
    assert app.stepper.humans == (2,) and "you play P2" in app.about.value
