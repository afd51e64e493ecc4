"""The Isle of Trains table drawing: deterministic, every clickable thing named, hidden hands
hidden, and a picture that grows with the table."""

from dataclasses import replace

import pytest

from sandbox.core.paint import Painter, SvgPainter
from sandbox.isle_of_trains import draw
from sandbox.isle_of_trains.actions import CODE, Build, Take
from sandbox.isle_of_trains.config import Config
from sandbox.isle_of_trains.model import Car, Held, Load, Player
from sandbox.isle_of_trains.state import State


def busy(players: int = 4) -> State:
    """A mid-game table: loaded trains, buildings, island cards held, tickets partly filled."""
    s = State.start(Config.make(players))
    cast = [
        Player(hand=("BANK", "C1", "H2", "T1", "X1"),
               train=(Car("E2", (Load("passenger", dest="BI"),)), Car("C1"), Car("H1", (Load("coal", "T1"),)),
                      Car("T2", (Load("oil", "C1"), Load("oil", "X1", face_down=True)))),
               buildings=("GRAND",), supply=("CE", "DC"), tokens=7, delivered=("FB",),
               islands=(Held("Flint Beach", 0), Held("Camp Eagle"))),
        Player(hand=("K9", "X3", "SOUTH"), train=(Car("E1"), Car("K3", (Load("any", "E1"),))),
               supply=("FB",), tokens=3, islands=(Held("Devon City"),)),
        Player(hand=("H1", "T3"), train=(Car("E3"), Car("C3", (Load("passenger", dest="DC"),)), Car("X2")),
               buildings=("MIDDLE",), tokens=12, progress_train=True),
        Player(hand=(), train=(Car("E1"),), supply=("AL", "BI", "CM")),
    ][:players]
    tickets = tuple(replace(t, tile=i + 1, filled=("CE", "CE") if t.destination == "CE" else ())
                    for i, t in enumerate(s.tickets))
    taken = {"Flint Beach", "Camp Eagle", "Devon City"}
    return replace(s, players=tuple(cast), stack=(), turn=9, current=1, progress=3,
                   display=("C2", "", "COALF"), discard=("H1", "T2"), deck=s.deck[:30],
                   islands=tuple(n for n in s.islands if n not in taken), tickets=tickets)


def paint(state: State, viewer: int | None = None) -> SvgPainter:
    p = SvgPainter(*draw.size(state))
    draw.draw(state, p, viewer)
    return p


def targets(state: State, viewer: int | None = None) -> list[str]:
    return [h.target for h in paint(state, viewer).hotspots]


def test_the_svg_is_deterministic():
    a, b = paint(busy(), 1).svg(), paint(busy(), 1).svg()
    assert a == b
    assert draw.svg(busy(), 1) == a
    assert " id=" not in a
    assert a.startswith("<svg") and a.endswith("</svg>")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hotspots_name_every_car_display_slot_and_destination(players):
    state = busy(players)
    found = targets(state, 1)
    for p, pl in enumerate(state.players, 1):
        for pos in range(1, len(pl.train) + 1):
            assert f"car:P{p}.{pos}" in found
    for slot in (1, 2, 3):
        assert f"display:{slot}" in found
    for t in state.tickets:
        assert f"destination:{t.destination}" in found
    assert ("destination:RS" in found) == (players == 4)
    assert {"deck", "passenger", "train-end"} <= set(found)
    assert found.count("train-end") == 1


def test_hotspots_for_every_card_and_passenger_of_the_viewer():
    state = busy()
    for viewer in (1, 2):
        found = targets(state, viewer)
        me = state.player(viewer)
        assert {f"card:{c}" for c in me.hand} == {t for t in found if t.startswith("card:")}
        assert {f"passenger:{d}" for d in me.supply} == {t for t in found if t.startswith("passenger:")}


def test_the_whole_table_makes_the_deciding_hand_clickable():
    found = targets(busy(), None)
    assert {t for t in found if t.startswith("card:")} == {f"card:{c}" for c in busy().player(1).hand}


def test_the_legal_takes_and_extensions_can_be_clicked():
    state = busy()
    found = set(targets(state, 1))
    for action in state.legal_actions():
        if isinstance(action, Take) or (isinstance(action, Build) and not action.up):
            assert set(action.targets()) <= found, action


def test_hidden_hands_show_no_card_ids():
    state = busy()
    seen_by_1 = paint(state, 1).svg()
    for owner, secret in ((2, "K9"), (2, "X3"), (2, "SOUTH"), (3, "T3")):  # nowhere else on the table
        assert f">{secret}<" not in seen_by_1
        assert f">{secret}<" in paint(state, owner).svg()  # the owner's hand, in focus, face up
    assert ">BANK<" in seen_by_1  # the viewer's own hand is face up
    assert paint(state.view(1), 1).svg() == seen_by_1


def test_a_click_maps_back_to_the_card_under_it():
    state = busy()
    p = paint(state, 1)
    spot = next(h for h in p.hotspots if h.target == "car:P1.3")
    assert p.hit(spot.x + 5, spot.y + 5) == "car:P1.3"
    assert p.hit(1, 1) is None


def test_size_is_landscape_and_a_long_train_or_hand_stays_clickable():
    """The picture is as wide whatever the trains (shaped like a window, so drawn as large as
    the room allows); a train of 11 cars and a hand of 9 stay within it, every card clickable,
    the hand's cards side by side without overlap."""
    two, four = draw.size(busy(2)), draw.size(busy(4))
    assert four[1] > two[1] and four[0] == two[0] == 1000 and four[0] / four[1] > 1.2
    state = busy()
    long_train = tuple(Car(c) for c in ("E3", "C1", "C1", "C1", "C3", "C3", "C2", "C2", "C2", "K6", "K8"))
    hand = ("BANK", "C1", "H2", "T1", "X1", "C2", "H1", "T2", "X2")
    first = replace(state.player(1), train=long_train, hand=hand)
    longer = replace(state, players=(first, *state.players[1:]))
    assert draw.size(longer) == four
    spots = paint(longer, 1).hotspots
    found = [h.target for h in spots]
    assert all(f"car:P1.{pos}" in found for pos in range(1, len(long_train) + 1))
    cards = sorted((h for h in spots if h.target.startswith("card:")), key=lambda h: h.x)
    assert len(cards) == len(hand) and all(a.x + a.w <= b.x for a, b in zip(cards, cards[1:]))
    assert all(h.x + h.w <= four[0] for h in spots)


class Bounds(Painter):
    """Records how far the drawing reaches."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self.xs: list[float] = []
        self.ys: list[float] = []

    def rect(self, x, y, w, h, **kw):
        self.xs += [x, x + w]
        self.ys += [y, y + h]

    def line(self, x1, y1, x2, y2, **kw):
        self.xs += [x1, x2]
        self.ys += [y1, y2]

    def circle(self, cx, cy, r, **kw):
        self.xs += [cx - r, cx + r]
        self.ys += [cy - r, cy + r]

    def polygon(self, points, **kw):
        self.xs += [x for x, _ in points]
        self.ys += [y for _, y in points]

    def text(self, x, y, text, **kw):
        self.xs.append(x)
        self.ys.append(y)

    def path(self, commands, **kw):
        for cmd in commands:
            self.xs += list(cmd[1::2])
            self.ys += list(cmd[2::2])


@pytest.mark.parametrize("state", [busy(2), busy(4), State.start(Config.make(3))],
                         ids=["2p", "4p", "setup"])
def test_everything_is_drawn_inside_the_picture(state):
    w, h = draw.size(state)
    p = Bounds(w, h)
    draw.draw(state, p, None)
    assert 0 <= min(p.xs) <= max(p.xs) <= w
    assert 0 <= min(p.ys) <= max(p.ys) <= h
    assert all(0 <= s.x <= s.x + s.w <= w and 0 <= s.y <= s.y + s.h <= h for s in p.hotspots)


def test_setup_and_the_end_draw_too():
    start = State.start(Config.make(2))
    svg = paint(start).svg()
    assert "setup" in svg
    assert {f"destination:{CODE[n]}" for n in start.islands} <= set(targets(start))
    over = replace(busy(), over=True)
    assert "The game is over" in paint(over).svg()
    assert "train-end" not in targets(over)


def test_caboose_10_label_says_what_it_does():
    """[caboose.10] the card face reads "any passenger here" (a passenger delivered to the
    current destination even if it does not match), not the old "pax to any tile"."""
    s = busy(2)
    players = list(s.players)
    players[1] = replace(players[1], train=(*players[1].train, Car("K10")))
    svg = paint(replace(s, players=tuple(players)), 2).svg()  # P2's train, in focus
    import re

    texts = " ".join(re.findall(r">([^<>]+)</text>", svg))
    assert "any passenger here" in texts and "pax to any tile" not in texts


def words(svg: str) -> list[tuple[float, str]]:
    """(font size, text) of every text drawn with a word in it (not a cube's letter, "W2" or a
    number)."""
    import re

    found = re.findall(r'<text [^>]*font-size="([0-9.]+)"[^>]*>([^<]*)</text>', svg)
    return [(float(size), text) for size, text in found if re.search("[A-Za-z]{2}", text)]


@pytest.mark.parametrize("state", [busy(2), busy(4), State.start(Config.make(3)),
                                   State.start(Config.make(1))], ids=["2p", "4p", "setup", "solo"])
def test_every_word_is_big_enough_for_a_projector_and_the_one_deciding_is_in_focus(state):
    """Every word is drawn at 13 or more (11 px on a 1400 x 900 window), in a picture shaped
    like a window; the player whose clicks count is drawn large, else the viewer."""
    w, h = draw.size(state)
    assert w == 1000 and h <= 800
    for viewer in (None, *range(1, len(state.players) + 1)):
        small = [(size, text) for size, text in words(paint(state, viewer).svg()) if size < 13]
        assert not small, (viewer, small)
    deciding = draw._deciding(state)
    if deciding is not None and len(state.players) > 1:
        assert draw.focus(state, None) == draw.focus(state, deciding) == deciding
        other = deciding % len(state.players) + 1
        assert draw.focus(state, other) == other
