"""Laying a Traintopia tile by its ghost: select the tile, point at a cell (the ghost is drawn
there), R turns it to the next legal turn, a click places it, a second click lays it. Every
place, turn and action comes from the engine's legal actions; the widget decides no rule."""

from __future__ import annotations

import pytest

import sandbox
from sandbox.traintopia.actions import Lay
from sandbox.traintopia.state import State
from widgets import GameStepper
from widgets.ghost import GhostFlow, Placements


def _lay_decision(seed: int = 7, setup: bool = True) -> GameStepper:
    """P3 (human) against two greedy bots, at P3's first lay (the setup's two tiles), or at a
    lay in a round (one tile) with `setup=False`."""
    match = sandbox.new_game("traintopia", players=3, seed=seed)
    s = GameStepper(match, seats={1: "greedy", 2: "greedy", 3: "human"})
    for _ in range(200):
        s.jump_to_end()
        top = match.state.top
        if match.pending.kind == "lay" and match.pending.player == 3 and not top.get("railhead") \
                and (setup or match.state.phase == "round"):
            return s
        legal = match.legal_actions()
        s.choose(next((a for a in legal if a.notation not in ("discard", "done")), legal[0]))
    raise AssertionError("no lay of P3's came")


def _lays(s: GameStepper, piece: str | None = None) -> list[Lay]:
    return [a for a in s.match.legal_actions() if isinstance(a, Lay)
            and (piece is None or f"hand:{a.tile}" == piece)]


def _turning_place(s: GameStepper) -> tuple[str, list[int]]:
    """A legal place of the selected tile with at least two legal turns, and those turns."""
    piece = s.table.ghost.piece
    by_place: dict[str, list[int]] = {}
    for a in _lays(s, piece):
        by_place.setdefault(f"spot:{a.x},{a.y}", []).append(a.turn)
    place = next(p for p, turns in sorted(by_place.items()) if len(turns) >= 2)
    return place, by_place[place]


@pytest.fixture
def drawn(monkeypatch):
    """Every ghost drawn: (action, x, y, cell)."""
    seen: list[tuple] = []
    original = State.draw_ghost

    def record(self, painter, action, x, y, cell):
        seen.append((action, x, y, cell))
        original(self, painter, action, x, y, cell)

    monkeypatch.setattr(State, "draw_ghost", record)
    return seen


def test_the_tile_is_selected_and_every_legal_cell_highlighted():
    s = _lay_decision()
    flow = s.table.ghost
    assert flow is not None and flow.piece == f"hand:{_lays(s)[0].tile}"
    assert set(flow.placements.pieces) == {f"hand:{a.tile}" for a in _lays(s)}
    legal = {f"spot:{a.x},{a.y}" for a in _lays(s, flow.piece)}
    assert set(s.table._places) == legal  # outlined, and where the ghost may go
    assert s.table.tools.layout.display is None  # Turn, Lay, Cancel shown beside the chooser
    other = next(p for p in flow.placements.pieces if p != flow.piece)
    s.table.click(*s.table.centre_of(other))  # one click in the hand selects the other tile
    assert s.table.ghost.piece == other and set(s.table._places) == {
        f"spot:{a.x},{a.y}" for a in _lays(s, other)}


def test_hover_r_click_and_click_again_lay_the_ghost(drawn):
    s = _lay_decision()
    table, match = s.table, s.match
    place, turns = _turning_place(s)
    spot = table._places[place]
    ply = match.ply
    table.hover(*spot.centre)
    assert table.ghost.place == place and not table.ghost.placed
    action, x, y, cell = drawn[-1]
    assert (x, y, cell) == (spot.x, spot.y, spot.w) and action == table.ghost.action
    first = table.ghost.turn
    assert first in turns
    assert table.key("r") == "turn"  # the next legal turn at this cell
    second = table.ghost.turn
    assert second == turns[(turns.index(first) + 1) % len(turns)] and drawn[-1][0].turn == second
    table.click(*spot.centre)  # placed: pending confirmation, nothing played
    assert table.ghost.placed and match.ply == ply
    assert "click again" in table.svg() and "Click it again" in table.tools.note.value
    expected = table.ghost.action
    assert expected in match.legal_actions() and (expected.turn, f"spot:{expected.x},{expected.y}") == (
        second, place)
    table.click(spot.x + spot.w * 1.5, spot.y + spot.w * 1.5)  # any quarter of the placed ghost
    assert match.ply > ply and match.history[ply].action == expected


def test_the_first_click_counts_and_moves_the_placed_ghost():
    s = _lay_decision()
    table, match = s.table, s.match
    places = list(table._places)
    ply = match.ply
    table.click(*table.centre_of(places[0]))  # no hover first
    assert table.ghost.placed and table.ghost.place == places[0]
    assert s.picked == (places[0],)  # the chooser narrows to that cell's options too
    assert all(f"spot:{a.x},{a.y}" == places[0] for a in s.options)
    far = next(p for p in places[1:] if not table.hotspots[-1].contains(*table._places[p].centre))
    table.click(*table._places[far].centre)
    assert table.ghost.place == far and match.ply == ply
    table.hover(*table._places[places[0]].centre)  # a placed ghost stays where it was placed
    assert table.ghost.place == far


def test_enter_lays_escape_picks_up_and_the_buttons_work():
    s = _lay_decision(setup=False)
    table, match = s.table, s.match
    place = next(iter(table._places))
    table.click(*table._places[place].centre)
    assert table.key("Escape") == "cancel" and not table.ghost.placed
    assert table.tools.lay_button.disabled
    table.click(*table._places[place].centre)
    table.tools.turn_button.click()  # Turn ⟳: never a turn the engine does not offer here
    assert table.ghost.action in match.legal_actions()
    expected, ply = table.ghost.action, match.ply
    assert table.key("Enter") == "lay"
    assert match.history[ply].action == expected
    s2 = _lay_decision(seed=3, setup=False)
    s2.table.click(*s2.table._places[next(iter(s2.table._places))].centre)
    expected, ply = s2.table.ghost.action, s2.match.ply
    s2.table.tools.lay_button.click()
    assert s2.match.history[ply].action == expected


def test_a_turn_preview_turns_the_ghost_without_playing():
    s = _lay_decision(setup=False)
    table, match = s.table, s.match
    place, turns = _turning_place(s)
    table.click(*table._places[place].centre)
    ply = match.ply
    table.click(*table.centre_of(f"turn:{turns[-1]}"))
    assert table.ghost.turn == turns[-1] and table.ghost.placed and match.ply == ply


def test_the_chooser_still_plays_a_lay_and_a_bot_seat_gets_no_ghost():
    s = _lay_decision(setup=False)
    lay = next(a for a in s.options if isinstance(a, Lay))
    ply = s.match.ply
    s.option_buttons[s.options.index(lay)].click()
    assert s.match.history[ply].action == lay
    match = sandbox.new_game("traintopia", players=2, seed=4)
    bots = GameStepper(match, seats={1: "greedy", 2: "greedy"})
    while match.pending.kind != "lay":
        bots.step()
    assert bots.table.ghost is None and bots.table.tools.layout.display == "none"
    assert bots.table.key("Enter") is None


def test_the_flow_offers_only_legal_places_and_turns():
    lays = [Lay("M01", 0, 0, 1), Lay("M01", 0, 0, 3), Lay("M01", 2, 0, 0)]
    state = sandbox.new_game("traintopia", players=2, seed=1).state
    flow = GhostFlow(Placements.of(state, [*lays, "not a lay"]))
    assert flow.placements.places("hand:M01") == ("spot:0,0", "spot:2,0")
    assert not flow.hover("spot:9,9") and flow.place is None and flow.click("spot:9,9") is None
    flow.hover("spot:0,0")
    assert flow.turn == 1 and flow.turn_next() and flow.turn == 3 and flow.turn_next() and flow.turn == 1
    flow.hover("spot:2,0")
    assert flow.turn == 0 and not flow.turn_next()  # one legal turn there
    assert flow.click("spot:2,0") is None and flow.click("spot:2,0") == lays[2]
    assert not flow.select("hand:M99") and flow.prefer(0) is False
