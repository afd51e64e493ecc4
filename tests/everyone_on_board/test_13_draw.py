"""The Everyone On Board‽ table drawing, sized for a projector: a picture shaped to fit the room
beside the chooser, every word drawn at 13 or more (11 px on a 1400 x 900 window), the hand in
focus in a full row, other hands' cards never named, and every legal Move clickable."""

from __future__ import annotations

import random
import re

import pytest

import sandbox
from sandbox.core.paint import SvgPainter
from sandbox.core.pending import CHANCE
from sandbox.everyone_on_board import draw


def played(players: int, seed: int = 3, plies: int = 40):
    match = sandbox.new_game("everyone_on_board", players=players, seed=seed)
    rng = random.Random(seed)
    while not match.state.is_over and match.ply < plies:
        match.play(rng.choice(list(match.state.legal_actions())))
    return match


def words(svg: str) -> list[tuple[float, str]]:
    """(font size, text) of every text drawn with a word in it (not a rank, a suit or a number)."""
    found = re.findall(r'<text [^>]*font-size="([0-9.]+)"[^>]*>([^<]*)</text>', svg)
    return [(float(size), text) for size, text in found if re.search("[A-Za-z]{2}", text)]


def targets(state, viewer=None) -> set[str]:
    seen = state if viewer is None else state.view(viewer)
    painter = SvgPainter(*seen.picture_size())
    seen.paint(painter, viewer)
    return {h.target for h in painter.hotspots}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_is_big_enough_for_a_projector_and_the_picture_fits_the_room(players):
    state = played(players).state
    w, h = draw.size(state)
    assert w <= 820 and h <= 660  # the room beside the chooser: 1:1 on a 1400 x 900 window
    for viewer in (None, *range(1, players + 1)):
        svg = state.view(viewer).svg(viewer) if viewer is not None else state.svg()
        assert words(svg) and not [(s, t) for s, t in words(svg) if s < 13]


def test_the_deciding_hand_is_in_focus_and_its_cards_clickable():
    state = played(3, plies=25).state
    decider = state.to_move
    assert decider not in (None, CHANCE)
    assert draw.focus(state, None) == draw.focus(state, decider) == decider
    other = decider % 3 + 1
    assert draw.focus(state, other) == other
    cards = {f"card:{c.notation}" for c in state.hand(decider)}
    assert cards <= targets(state) and cards <= targets(state, decider)
    assert not cards & targets(state, other)
    on_table = ("card:", "platform:", "track:", "discard", "deck")  # ending a turn is a button
    for action in state.legal_actions():
        wanted = {t for t in state.targets(action) if t.startswith(on_table)}
        assert wanted <= targets(state, decider), action


def test_no_view_names_another_hands_cards():
    state = played(3, plies=25).state
    for viewer in (1, 2, 3):
        svg = state.view(viewer).svg(viewer)
        for other in (1, 2, 3):
            if other != viewer:
                assert not {f"card:{c.notation}" for c in state.hand(other)} & targets(state, viewer)
        assert len(re.findall(r'fill="#34495e"', svg)) >= sum(
            len(state.hand(o)) for o in (1, 2, 3) if o != viewer)


def test_hotspots_are_big_enough_to_click_and_stay_on_the_table():
    state = played(4, plies=30).state
    w, h = state.picture_size()
    painter = SvgPainter(w, h)
    state.paint(painter, None)
    assert all(s.x >= 0 and s.x + s.w <= w and s.y >= 0 and s.y + s.h <= h for s in painter.hotspots)
    assert all(min(s.w, s.h) >= 24 for s in painter.hotspots if s.target.startswith(("platform", "track")))
