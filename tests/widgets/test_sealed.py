"""Classroom-safe steppers: a human seat sees only what that seat may know, in every channel.

The "hidden twin" technique: two matches that differ only in a card hidden from the viewer must
give the viewer exactly the same page (status, chooser, refusals, tooltips, scores, log, table),
also after Back, when the chooser names the recorded move that Step replays.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W
import pytest
import traitlets

import sandbox
from widgets import GameStepper
from widgets.canvas import COVER

GAMES = sandbox.games()
README_SEATS = {2: "greedy", 3: "random"}  # the README's example: P1 is the only human


def page_strings(widget: Any) -> list[str]:
    """Every string the browser receives for `widget` and everything inside it."""
    out: list[str] = []

    def strings(value: Any) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, (list, tuple)):
            for v in value:
                strings(v)
        elif isinstance(value, dict):
            for v in value.values():
                strings(v)

    def walk(w: Any) -> None:
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, W.Widget):
                walk(value)
            elif isinstance(value, (list, tuple)) and value and isinstance(value[0], W.Widget):
                for child in value:
                    walk(child)
            else:
                strings(value)

    walk(widget)
    return out


def page_text(stepper: GameStepper) -> str:
    return "\n".join(page_strings(stepper))


def texts(s: GameStepper) -> dict[str, Any]:
    """Everything the stepper shows that the game could leak through."""
    return {
        "status": s.status,
        "status line": s.status_line.value,
        "chooser": s.chooser_title.value,
        "options": [b.description for b in s.option_buttons],
        "tooltips": s.option_tooltips(),
        "refused": s.refused.value,
        "refused title": s.refused_box.get_title(0),
        "scores": s.score_table.value,
        "log": s.log_view.value,
        "curtain": s.curtain_text.value,
        "table": s.table.svg(),
        "page": page_text(s),
    }


# --- the default is sealed ---------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_readme_stepper_shows_only_p1s_view(game):
    match = sandbox.new_game(game, players=3, seed=7)
    s = GameStepper(match, seats=README_SEATS)
    assert s.viewer == 1 and not s.reveal and s.curtain is None
    assert s.table.svg() == match.state.svg(viewer=1)
    assert s._repr_mimebundle_()["image/svg+xml"] == match.state.svg(viewer=1)
    assert s.viewer_control is None
    text = page_text(s)
    assert "Whole table" not in text and "Seen by" not in text
    assert all(c.disabled for c in s.seat_controls.values())
    s.jump_to_end()  # bots move, and P1's view follows
    assert s.viewer == 1 and s.table.svg() == match.state.svg(viewer=1)
    assert "Whole table" not in page_text(s)


@pytest.mark.parametrize("game", GAMES)
def test_reveal_is_todays_authors_view(game):
    match = sandbox.new_game(game, players=3, seed=7)
    s = GameStepper(match, seats=README_SEATS, reveal=True)
    assert s.viewer is None and s.table.svg() == match.state.svg()
    assert [label for label, _ in s.viewer_control.options][:1] == ["Whole table"]
    assert "Whole table" in page_text(s) and "Seen by" in page_text(s)
    assert not any(c.disabled for c in s.seat_controls.values())
    s.viewer_control.value = 2
    assert s.table.svg() == match.state.svg(viewer=2)


def test_a_sealed_page_cannot_change_seats_or_viewer():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match, seats=README_SEATS)
    s.seat_controls[2].value = "human"  # as a forged message from the page would do
    assert s.seats[2] == "greedy" and s.seat_controls[2].value == "greedy"
    assert s.viewer == 1
    for other in (None, 2, 3):
        with pytest.raises(traitlets.TraitError):
            s.viewer = other
    assert s.viewer == 1 and s.table.svg() == match.state.svg(viewer=1)


def test_viewer_argument_must_fit_the_seats():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    with pytest.raises(ValueError, match="reveal=True"):
        GameStepper(match, seats=README_SEATS, viewer=2)
    assert GameStepper(match, seats=README_SEATS, viewer=1).viewer == 1
    with pytest.raises(ValueError):
        GameStepper(match, seats=README_SEATS, viewer=4)
    assert GameStepper(match, seats=README_SEATS, viewer=2, reveal=True).viewer == 2


def test_bots_only_show_p1_or_the_seat_given():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    bots = {1: "greedy", 2: "random", 3: "greedy"}
    s = GameStepper(match, seats=bots)
    assert s.viewer == 1 and s.table.svg() == match.state.svg(viewer=1)
    s3 = GameStepper(match, seats=bots, viewer=3)
    assert s3.viewer == 3 and s3.table.svg() == match.state.svg(viewer=3)
    s3.step()
    assert s3.curtain is None and "Whole table" not in page_text(s3)


def test_seats_changed_from_code_keep_the_view_on_the_human():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match, seats=README_SEATS)
    s.seat(1, "greedy")
    s.seat(3, "human")
    assert s.viewer == 3 and s.table.svg() == match.state.svg(viewer=3)


def test_the_single_humans_moves_are_played_from_the_page():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match, seats=README_SEATS)
    s.option_buttons[0].click()
    assert match.ply == 23 and s.viewer == 1 and s.curtain is None


# --- the hot seat ------------------------------------------------------------------------------
def covered(s: GameStepper, match) -> None:
    """The curtain is up: nothing of the table, the choices or the log is on the page."""
    seat = s.curtain
    assert seat is not None
    svg = s.table.svg()
    assert f'fill="{COVER}"' in svg and f"Pass the screen to P{seat}" in svg
    for p in (None, 1, 2, 3):
        assert svg != match.state.svg(viewer=p)
    assert s.table.hotspots == ()  # the live canvas drew no table either (a table has hotspots)
    assert "Pass the screen" in s.table._label() or "covered" in repr(s.table)
    assert s.options == () and s.option_buttons == () and s.refused.value == ""
    assert "hidden until" in s.log_view.value and "ts-log-line" not in s.log_view.value
    assert s.curtain_box.layout.display is None
    assert s.curtain_button.description == f"I am P{seat}: show my view"
    assert s.back_button.disabled and s.reset_button.disabled and s.step_button.disabled
    assert s.play.disabled
    # no card of any hand is named anywhere on the page
    text = page_text(s)
    for hand in match.state.hands:
        for card in hand:
            assert f"card:{card.notation}" not in text and str(card) not in s.log_view.value


def test_hot_seat_curtain_between_two_humans():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match)  # three humans at one screen
    assert s.viewer == 1 and s.curtain is None and "Whole table" not in page_text(s)
    assert all(c.disabled for c in s.seat_controls.values())
    for _ in range(2):
        s.choose(s.options[0])
    s.choose("end")
    assert match.pending.player == 2
    assert s.curtain == 2
    covered(s, match)
    # nothing moves and nothing is chosen while it is up
    s.command("back")
    s.key_strip.press("Home")
    assert match.ply == s.ply and match.pending.player == 2 and s.curtain == 2
    assert s.pick("platform:1") is None
    with pytest.raises(sandbox.IllegalAction):
        s.choose(match.legal_actions()[0])
    s.curtain_button.click()  # "I am P2: show my view"
    assert s.viewer == 2 and s.curtain is None
    assert s.table.svg() == match.state.svg(viewer=2)
    assert s.options == match.legal_actions() and s.table.hotspots
    assert "P2 draws" not in s.log_view.value or match.state.hand(2)
    # Back to P1's decision: the curtain asks for P1 again
    s.back_button.click()
    while match.pending.player != 1:
        s.back()
    assert s.curtain == 1
    covered(s, match)


def test_bots_between_two_humans_show_nothing_new():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match, seats={2: "greedy"})  # P1 and P3 share the screen
    for _ in range(2):
        s.choose(s.options[0])
    s.choose("end")
    assert match.pending.player == 2 and s.curtain is None
    assert s.viewer == 1 and s.table.svg() == match.state.svg(viewer=1)  # still P1's own view
    s.jump_to_end()
    assert match.pending.player == 3 and s.curtain == 3
    covered(s, match)
    s.take_screen()
    assert s.viewer == 3 and s.table.svg() == match.state.svg(viewer=3)


# --- hidden twins ------------------------------------------------------------------------------
DEAL = ["7H", "9H", "KH", "6S", "10D",   # P1
        "QS", "8S", "5C", "7S", "JC",    # P2: the J♣ is the twins' difference
        "JD", "9D", "6D", "10S", "5H"]   # P3


def eob_twin(jack: str, second_draw: str, reveal: bool = False) -> tuple[Any, GameStepper]:
    """P1 (human) against two bots; P2 holds `jack` and later draws `second_draw`, both hidden
    from P1. The bots' moves are played for them, the same in both twins."""
    deal = [jack if c == "JC" else c for c in DEAL]
    match = sandbox.new_game("everyone_on_board", players=3, seed=3,
                             force=[f"draw {c}" for c in deal])
    s = GameStepper(match, seats=README_SEATS, reveal=reveal)
    for a in ("7H>P1", "KH>T1", "end"):
        s.choose(a)
    for a in ("8S>P1", "QS>T1", "end", "JD>T2", "7H>P2"):
        match.play(a)
    match.force("draw 8D", "draw 6H")
    match.play("end")
    s.refresh()
    return match, s


def test_eob_twins_read_the_same_from_p1s_seat():
    a, sa = eob_twin("JC", "9C")
    b, sb = eob_twin("JH", "6C")
    assert a.state.hand(2) != b.state.hand(2)
    assert texts(sa) == texts(sb)  # P1 decides: options, tooltips, refusals
    assert sa.options and sa.refused.value
    for s, m, draw in ((sa, a, "9C"), (sb, b, "6C")):
        s.choose("6S>P1")
        s.choose("9H>P1")
        m.force("draw 5D", f"draw {draw}")
        s.choose("end")  # P2 draws two cards, hidden from P1
    assert a.state.hand(2) != b.state.hand(2)
    assert texts(sa) == texts(sb)
    assert "P2 draws a card" in sa.log_view.value
    for _ in range(2):  # after Back the chooser names the recorded draw, as P1 may read it
        sa.back()
        sb.back()
        assert texts(sa) == texts(sb)
        assert "Step replays the recorded move: P2 draws a card" in sa.chooser_title.value
        assert "9♣" not in sa.chooser_title.value + sa.log_view.value
    sa.back()
    sb.back()
    assert a.pending.player == 1 and texts(sa) == texts(sb)
    sa.reset()
    sb.reset()
    assert texts(sa) == texts(sb)
    # the technique sees a leak: the authors' view does tell the twins apart
    _, ra = eob_twin("JC", "9C", reveal=True)
    _, rb = eob_twin("JH", "6C", reveal=True)
    assert texts(ra)["table"] != texts(rb)["table"]


def iot_twin(hand: str, drawn: str) -> tuple[Any, GameStepper]:
    """P1 (human) against two bots in Isle of Trains; P2's hand and P2's draw differ, hidden."""
    position = {"current": 1, "players": {1: {"train": ["E2", "C1"], "hand": "C3 X1 H1"},
                                          2: {"train": ["E1"], "hand": hand},
                                          3: {"train": ["E1"], "hand": "T1"}}}
    match = sandbox.new_game("isle_of_trains", players=3, seed=1, position=position)
    s = GameStepper(match, seats=README_SEATS)
    assert s.viewer == 1
    texts_at_start = texts(s)
    s.choose("take passenger")
    match.force("draw K3")
    s.choose("take deck")
    assert match.pending.player == 2
    match.force(f"draw {drawn}")
    match.play("take deck")  # P2 (a bot seat) draws a card hidden from P1
    s.refresh()
    return match, s, texts_at_start


def test_iot_twins_read_the_same_from_p1s_seat():
    a, sa, start_a = iot_twin("C1 X1", "K1")
    b, sb, start_b = iot_twin("C1 X2", "K2")
    assert start_a == start_b and start_a["options"] and start_a["refused"]
    assert a.state.player(2).hand != b.state.player(2).hand
    assert texts(sa) == texts(sb)
    assert sa.table.svg() == a.state.svg(viewer=1)
    sa.back()
    sb.back()
    assert "Step replays the recorded move" in sa.chooser_title.value
    assert texts(sa) == texts(sb)
    assert "K1" not in sa.chooser_title.value


# --- bots' reasons ------------------------------------------------------------------------------
def test_a_bots_reason_is_read_only_from_its_own_seat():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match, seats={1: "greedy", 2: "random", 3: "human"})
    s.step()
    node = match.history[-1]
    assert node.by == "greedy" and node.actor == 1 and node.note
    assert s.viewer == 3 and "ts-note" not in s.log_view.value
    assert node.note not in page_text(s)
    author = GameStepper(match, seats={1: "greedy", 2: "random"}, reveal=True)
    assert node.note in author.log_view.value
    own = GameStepper(match, seats={1: "greedy", 2: "random", 3: "greedy"})  # bots: P1's seat
    assert own.viewer == 1 and node.note in own.log_view.value


def test_the_log_is_read_from_the_end():
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    s = GameStepper(match, seats={1: "greedy", 2: "random", 3: "greedy"})
    s.log_lines = 5
    s.refresh()
    assert s.log_view.value.count("ts-log-line") == 5
    assert "earlier lines" in s.log_view.value
    assert s.log_entries() == match.log_entries(1)
