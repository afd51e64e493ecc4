"""The drawn map stays readable: every city's name and majority bonus are written where they
cover no route space (nor the die on it), station, building location, route name or other label,
and inside the map."""

import itertools

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
    """Below is the first choice: Los Angeles and San Antonio have nothing under them."""
    for city in ("los_angeles", "san_antonio"):
        c = data.CITY[city]
        assert draw.city_labels()[city] == draw.Label(c.x, c.y + 31, "middle")


def test_labels_are_drawn_where_they_were_placed():
    import sandbox

    svg = sandbox.new_game("trains_and_stations", players=3, seed=1).state.svg()
    for c in data.CITIES:
        label = draw.city_labels()[c.id]
        assert f'y="{label.y + draw.MAP_Y:g}"' in svg.split(f">{c.name}<")[0].rsplit("<text", 1)[1]


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
