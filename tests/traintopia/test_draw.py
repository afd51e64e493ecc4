"""The Traintopia table drawing: deterministic, every legal action clickable by the names its
targets use (spots and turns of a lay, tracks of a put, the offer of a draft...), objectives
hidden from the other players, and the stepper playing a lay from two clicks or saying why a
spot takes no tile."""

from __future__ import annotations

import random

import pytest

import sandbox
from sandbox.core.paint import SvgPainter
from sandbox.core.pending import CHANCE
from sandbox.core.registry import notice_of
from sandbox.traintopia import draw
from sandbox.traintopia.actions import Keep, Lay, Put, Take
from sandbox.traintopia.components import OBJECTIVES
from widgets import GameStepper


def played(players: int = 3, seed: int = 1, until=None, plies: int = 10_000):
    """A match played by a seeded random hand (avoiding discards when it can) until `until(state)`
    holds at a decision, or for `plies` plies."""
    match = sandbox.new_game("traintopia", players=players, seed=seed)
    rng = random.Random(seed)
    while not match.state.is_over and match.ply < plies:
        if until is not None and until(match.state):
            return match
        legal = match.state.legal_actions()
        keep = [a for a in legal if a.notation != "discard"] or list(legal)
        match.play(rng.choice(keep))
    assert until is None, "the game ended before the position looked for"
    return match


def targets(state, viewer=None) -> set[str]:
    seen = state if viewer is None else state.view(viewer)
    painter = SvgPainter(*seen.picture_size())
    seen.paint(painter, viewer)
    return {h.target for h in painter.hotspots}


def round_lay(state) -> bool:
    top = state.top
    return state.phase == "round" and top is not None and top.kind == "lay" and not top.get("railhead")


def big_put(state) -> bool:
    return state.pending.kind == "put" and len(state.seat(state.to_move).network.tiles) > 3


def test_the_picture_is_deterministic_and_landscape_for_every_player_count():
    a = played(3, seed=4, plies=80).state
    b = played(3, seed=4, plies=80).state
    assert a.svg() == b.svg() and a.svg(2) == b.svg(2)
    assert a.svg().startswith("<svg") and " id=" not in a.svg()
    width, height = draw.size(a)
    assert width / height > 1.35  # shaped like a window, so it is drawn as wide as the page allows
    assert draw.size(played(2, plies=0).state) == (width, height) == draw.size(played(4, plies=0).state)


def words(svg: str) -> list[tuple[float, str]]:
    """(font size, text) of every text drawn with a word in it (not a "$", a "?" or a number)."""
    import re

    found = re.findall(r'<text [^>]*font-size="([0-9.]+)"[^>]*>([^<]*)</text>', svg)
    return [(float(size), text) for size, text in found if re.search("[A-Za-z]{2}", text)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_is_big_enough_for_a_projector_and_the_decider_is_large(players):
    """The words are drawn at 13 or more (11 px on a 1400 x 900 window); the player deciding
    gets the large panel (their network and tools), the others compact ones."""
    match = played(players, seed=2, until=round_lay)
    state = match.state
    decider = state.to_move
    for viewer in (None, decider, decider % players + 1):
        svg = state.view(viewer).svg(viewer) if viewer is not None else state.svg()
        notice = notice_of("traintopia")[:40]  # the core's footer; the header says it at 13
        assert not [(size, text) for size, text in words(svg) if size < 13 and not text.startswith(notice)]
        assert draw.focus(state, viewer) == (decider if viewer in (None, decider) else viewer)


def test_every_spot_and_turn_of_a_legal_lay_is_clickable():
    setup = played(2, seed=3, until=lambda s: s.pending.kind == "lay")
    for match in (played(3, seed=2, until=round_lay), setup):
        state = match.state
        lays = [a for a in state.legal_actions() if isinstance(a, Lay)]
        assert lays
        for viewer in (None, state.to_move):
            found = targets(state, viewer)
            for lay in lays:
                assert {f"spot:{lay.x},{lay.y}", f"turn:{lay.turn}"} <= found
            if len(state.top.get("tiles")) == 2:
                assert {f"hand:{lay.tile}" for lay in lays} <= found
        other = state.to_move % state.players + 1
        assert not any(t.startswith(("spot:", "turn:")) for t in targets(state, other))


def test_every_track_of_a_legal_put_is_clickable():
    match = played(3, seed=5, until=big_put)
    state = match.state
    puts = [a for a in state.legal_actions() if isinstance(a, Put)]
    assert len({p.track for p in puts}) > 1
    found = targets(state, state.to_move)
    assert {f"track:{p.track}" for p in puts} <= found
    assert "discard" in found  # a drafted element may go for 1 VP


def test_every_take_of_a_draft_is_clickable():
    for kind in ("pick", "turn"):
        state = played(4, seed=6, until=lambda s, k=kind: s.pending.kind == k).state
        takes = [a for a in state.legal_actions() if isinstance(a, Take)]
        assert takes
        offers = {f"offer:{t.item}" for t in takes}
        assert offers <= targets(state) and offers <= targets(state, state.to_move)
        other = state.to_move % 4 + 1
        assert offers <= targets(state, other)  # the middle of the table is the same for all


def test_every_legal_action_of_a_whole_game_has_its_hotspots():
    match = played(2, seed=8)
    assert match.state.is_over
    checked = set()
    for node in match.history:
        state = node.parent.state
        if state.to_move in (None, CHANCE):
            continue
        checked.add(state.pending.kind)
        found = targets(state, state.to_move)
        for action in state.legal_actions():
            wanted = set(state.targets(action))
            if isinstance(action, Lay) and len(state.top.get("tiles")) < 2:
                wanted.discard(f"hand:{action.tile}")  # one tile to lay: no hand to choose from
            assert wanted <= found, (state.pending.prompt, action, wanted - found)
    assert {"pick", "lay", "turn", "put", "pay", "after", "keep", "choose-bonus"} <= checked


def test_no_view_shows_another_players_objective():
    state = played(3, seed=1, plies=60).state
    def name(p):  # the card as the header reads it: its name, never its id
        return OBJECTIVES[state.seat(p).objective].name

    for viewer in (1, 2, 3):
        svg = state.svg(viewer)
        assert f"objective: {name(viewer)}" in svg and state.seat(viewer).objective not in svg
        for other in (1, 2, 3):
            if other != viewer and name(other) != name(viewer):
                assert name(other) not in svg
    whole = state.svg()
    assert all(name(p) in whole for p in (1, 2, 3))


def test_objective_cards_to_keep_are_named_to_their_holder_only():
    state = played(3, seed=5, until=lambda s: s.pending.kind == "keep").state
    p = state.to_move
    cards = sorted(a.card for a in state.legal_actions() if isinstance(a, Keep))
    assert len(cards) == 2
    assert {f"card:{c}" for c in cards} <= targets(state, p)
    assert all(OBJECTIVES[c].name in state.svg(p) for c in cards)  # by name, never by id
    for other in (q for q in (1, 2, 3) if q != p):
        svg = state.svg(other)
        own = OBJECTIVES[state.seat(other).objective].name if state.seat(other).objective else ""
        assert not any(OBJECTIVES[c].name in svg for c in cards if OBJECTIVES[c].name != own)
        assert not any(t.startswith("card:") for t in targets(state, other))


def _stepper(match):
    stepper = GameStepper(match)
    if stepper.curtain is not None:
        stepper.take_screen()
    return stepper


def test_the_stepper_lays_a_tile_from_a_spot_and_a_turn():
    """A click on a spot places the tile's ghost there, a turn preview turns it, and a second
    click on the ghost lays it (tests/widgets/test_ghost.py: the ghost's whole flow)."""
    match = played(3, seed=2, until=round_lay)
    stepper = _stepper(match)
    lay = sorted(a for a in match.legal_actions() if isinstance(a, Lay))[-1]
    ply = match.ply
    stepper.click(*stepper.table.centre_of(f"spot:{lay.x},{lay.y}"))
    assert match.ply == ply and stepper.picked == (f"spot:{lay.x},{lay.y}",)
    stepper.click(*stepper.table.centre_of(f"turn:{lay.turn}"))
    assert match.ply == ply and stepper.table.ghost.action == lay
    stepper.click(*stepper.table.centre_of(f"spot:{lay.x},{lay.y}"))
    assert match.ply > ply and match.history[ply].action == lay


def test_an_illegal_spot_says_why():
    match = played(3, seed=2, until=round_lay)
    stepper = _stepper(match)
    state = match.state
    legal = {(a.x, a.y) for a in state.legal_actions() if isinstance(a, Lay)}
    spots = sorted(t for t in targets(state, state.to_move) if t.startswith("spot:"))
    bad = next(t for t in spots if tuple(int(v) for v in t[5:].split(",")) not in legal)
    why = state.why_not(bad)
    assert why
    ply = match.ply
    stepper.pick(bad)
    assert match.ply == ply and stepper.picked == ()
    assert stepper.message.startswith("Nothing there can be chosen now.") and why in stepper.message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hotspots_stay_on_the_table(players):
    state = played(players, seed=9, plies=120).state
    w, h = state.picture_size()
    painter = SvgPainter(w, h)
    state.paint(painter, state.to_move if state.to_move not in (None, CHANCE) else None)
    assert painter.hotspots
    assert all(s.x >= 0 and s.x + s.w <= w and s.y >= 0 and s.y + s.h <= h for s in painter.hotspots)


def test_hundreds_of_placements_are_narrowed_by_a_filter_and_by_clicks():
    """A tile with many legal places: the chooser shows a filter and at most SHOWN_OPTIONS
    buttons; typing part of an option narrows them; a click on a spot narrows to its turns."""
    from widgets.stepper import MANY_OPTIONS, SHOWN_OPTIONS

    match = played(3, seed=2, until=lambda s: round_lay(s) and len(s.legal_actions()) >= 2 * SHOWN_OPTIONS)
    stepper = _stepper(match)
    lays = [a for a in match.legal_actions() if isinstance(a, Lay)]
    assert len(lays) >= MANY_OPTIONS and stepper.filter.layout.display is None
    assert len(stepper.option_buttons) == SHOWN_OPTIONS
    assert f"of {len(match.legal_actions())} options match" in stepper.filter_note.value
    spot = f"{lays[-1].x},{lays[-1].y}"
    stepper.filter.value = f"{spot} "
    shown = [b.description for b in stepper.option_buttons]
    assert shown and all(spot in d for d in shown)
    assert len(shown) == sum(1 for a in lays if f"{a.x},{a.y}" == spot)
    stepper.filter.value = ""
    stepper.pick(f"spot:{spot}")
    assert 1 <= len(stepper.option_buttons) <= 4 and stepper.filter.layout.display == "none"
