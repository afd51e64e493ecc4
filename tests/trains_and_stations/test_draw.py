"""The drawn map stays readable: every city's name and majority bonus are written where they
cover no route space (nor the die on it), station, building location, route name or other label,
and inside the map."""

import itertools

import pytest

from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations import draw


def _overlap(a, b):
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def test_city_labels_cover_nothing_on_the_map():
    labels = draw.city_labels()
    assert set(labels) == {c.id for c in data.CITIES}
    obstacles = draw.map_obstacles()
    for c in data.CITIES:
        for box in labels[c.id].boxes(c):
            assert not [o for o in obstacles if _overlap(box, o)], c.name
            assert box[0] >= draw.M and box[2] <= draw.W - draw.M and box[1] >= 0 and box[3] <= draw.MAP_H
    for a, b in itertools.combinations(data.CITIES, 2):
        for box_a, box_b in itertools.product(labels[a.id].boxes(a), labels[b.id].boxes(b)):
            assert not _overlap(box_a, box_b), (a.name, b.name)


def test_a_label_goes_below_its_station_when_nothing_is_there():
    """Below is the first choice: San Antonio has nothing under it."""
    c = data.CITY["san_antonio"]
    assert draw.city_labels()["san_antonio"] == draw.Label(c.x, c.y + draw._BELOW, "middle")


def test_labels_are_drawn_where_they_were_placed():
    import sandbox

    svg = sandbox.new_game("trains_and_stations", players=3, seed=1).state.svg()
    for c in data.CITIES:
        label = draw.city_labels()[c.id]
        assert f'y="{round(label.y, 1):g}"' in svg.split(f">{c.name}<")[0].rsplit("<text", 1)[1]


def test_the_spaces_a_die_may_go_to_are_ringed_for_the_player_placing():
    import random

    import sandbox
    from sandbox.trains_and_stations.actions import Place

    match = sandbox.new_game("trains_and_stations", players=3, seed=7)
    rng = random.Random(7)
    while match.state.pending.kind != "place":
        match.play(rng.choice(match.legal_actions()))
    state = match.state
    spaces = {a.space for a in match.legal_actions() if isinstance(a, Place)}
    ring = f'stroke="{draw.LEGAL}"'
    placing = state.to_move
    assert spaces and state.svg().count(ring) == len(spaces)
    assert state.view(placing).svg(placing).count(ring) == len(spaces)
    other = placing % 3 + 1
    assert ring not in state.view(other).svg(other)


def words(svg: str) -> list[tuple[float, str]]:
    """(font size on the page, text) of every text drawn with a word in it (not a "d1", a
    building's letter or a number); the map's words are scaled by its transform."""
    import math
    import re

    found = []
    for attrs, text in re.findall(r"<text ([^>]*)>([^<]*)</text>", svg):
        size = float(re.search(r'font-size="([0-9.]+)"', attrs).group(1))
        matrix = re.search(r'transform="matrix\(([^)]*)\)"', attrs)
        if matrix:
            a, b = (float(v) for v in matrix.group(1).split()[:2])
            size *= math.hypot(a, b)
        if re.search("[A-Za-z]{2}", text):
            found.append((size, text))
    return found


def _played(players: int, seed: int = 7, until=None, plies: int = 400):
    import random

    import sandbox

    match = sandbox.new_game("trains_and_stations", players=players, seed=seed)
    rng = random.Random(seed)
    while not match.state.is_over and match.ply < plies:
        if until is not None and until(match.state):
            break
        match.play(rng.choice(match.legal_actions()))
    return match.state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_word_is_big_enough_for_a_projector_and_the_table_is_landscape(players):
    """Every word, the map's city names, bonuses and route names too, is drawn at 13 or more
    on the page (11 px on a 1400 x 900 window), in a landscape picture whatever the players."""
    from sandbox.core.registry import notice_of

    state = _played(players, plies=60)
    width, height = draw.size(state)
    assert width / height > 1.35 and draw.size(_played(5, plies=0)) == (width, height)
    notice = notice_of("trains_and_stations")[:40]  # the core's footer; the header says it at 15
    for viewer in (None, *range(1, players + 1)):
        svg = state.view(viewer).svg(viewer) if viewer is not None else state.svg()
        small = [(size, text) for size, text in words(svg) if size < 13 and not text.startswith(notice)]
        assert not small, small
        assert all(f">{c.name}<" in svg for c in data.CITIES)


def test_the_deciding_seat_is_large_and_no_view_names_another_seats_power_cards():
    state = _played(3, until=lambda s: s.pending.kind == "place")
    decider = state.to_move
    assert draw.focus(state, None) == draw.focus(state, decider) == decider
    other = decider % 3 + 1
    assert draw.focus(state, other) == other  # your own seat's panel, large
    for viewer in (1, 2, 3):
        svg = state.view(viewer).svg(viewer)
        for seat in (1, 2, 3):
            for card in state.seat(seat).power:
                named = f"power:{card}" in _targets(state, viewer)
                assert named == (seat == viewer), (viewer, seat, card)
        assert "power card" in svg or not any(state.seat(s).power for s in (1, 2, 3) if s != viewer)


def _targets(state, viewer=None) -> set[str]:
    from sandbox.core.paint import SvgPainter

    seen = state if viewer is None else state.view(viewer)
    painter = SvgPainter(*seen.picture_size())
    seen.paint(painter, viewer)
    return {h.target for h in painter.hotspots}


def test_every_legal_action_on_the_table_is_clickable_and_on_the_table():
    from sandbox.core.paint import SvgPainter

    state = _played(3, until=lambda s: s.pending.kind == "place")
    found = _targets(state, state.to_move)
    for action in state.legal_actions():
        on_table = ("space:", "city:", "stack:", "route:", "d")  # gather, confirm...: the chooser's buttons
        drawn = [t for t in state.targets(action) if t.startswith(on_table)]
        assert set(drawn) <= found, action
    w, h = state.picture_size()
    painter = SvgPainter(w, h)
    state.paint(painter, None)
    assert all(0 <= s.x <= s.x + s.w <= w + 0.5 and 0 <= s.y <= s.y + s.h <= h for s in painter.hotspots)
    spaces = [s for s in painter.hotspots if s.target.startswith("space:")]
    assert min(min(s.w, s.h) for s in spaces) >= 19  # as large as the spaces' spacing allows


def test_a_mission_card_writes_both_cities_and_its_vp_whole():
    """A power card face in the deciding seat's panel: where the two cities do not fit on one
    line, the second goes on the second line with the VP at its right, and nothing is cut."""
    import html
    import re

    from sandbox.core.paint import SvgPainter

    width = (draw.PW - 16 - 2 * 6) / 3  # three cards a row, as `_player` lays them out
    missions = [c for c in data.POWER_CARDS if c.kind == "mission"]
    assert missions
    split = 0
    for card in missions:
        painter = SvgPainter(400, 60)
        draw._power_card(painter, 0, 0, width, card.id)
        words = [html.unescape(t) for t in re.findall(r">([^<>]+)</text>", painter.svg())]
        a, b = (data.CITY[k].name for k in card.cities)
        assert not any("…" in w for w in words), words
        assert f"{card.vp} VP" in " ".join(words) and a in " ".join(words) and b in " ".join(words), words
        split += words[0] == f"{a} –"
    assert split  # some cities are too long for one line (Seattle – Los Angeles)
