"""How a greedy bot judges a Traintopia table, and where it lays a tile without trying them all.

`assess` values a network for its player in points, every category of the final scoring: VP
tokens, finished tracks as they would score (Mailbags doubling), half the worth of a track with
one station already (what finishing it would bring), Trains (the money tokens beside a Train,
and what one more Train would add by the chance of getting one), the longest-track award as
things stand, the objective (met: its VP; otherwise a share growing with the progress towards
it), and a little for each money token. `TopiaBot` takes the best
one-step result by that measure, but a tile may go to hundreds of places: it ranks them first
by what they touch (rails joined, stations reached, tracks finished; cheap, from the network's
index) and judges only the best few by `assess`.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from sandbox.bots import Choice, best_step, gain_reason, most
from sandbox.traintopia.actions import COLOURS, COMMUTERS, Buy, Done, Lay, Take
from sandbox.traintopia.components import MONEY, OBJECTIVES, ROUND_CARDS, TILES, Objective
from sandbox.traintopia.geometry import Cell, facing, shape
from sandbox.traintopia.model import Seat, finished_vp, length_vp, longest, objective_met, train_vp
from sandbox.traintopia.scoring import longest_awards

if TYPE_CHECKING:
    from sandbox.traintopia.state import State

SHORTLIST = 6  # placements judged in full, of those ranked best by what they touch
MONEY_VALUE = 0.5  # a money token: a money action later, or a Train's count


TRAINS_ON_CARDS = sum(card.count("train") for card in ROUND_CARDS.values())
HOPE_MOST = 0.5  # the chance of one more Train, at most
TRAIN_CURVE = (0.0, 1.5, 4.0, 6.5, 10.0)
"""Trains' VP by money tokens beside a Train (0, 4, 10 at 0-1, 2-3, 4+ [scoring.trains]) made
a slope while tokens can still come: each token on the way to the next step counts."""


def assess(state: State, p: int) -> dict[str, float]:
    seat = state.seat(p)
    mailbags = seat.has("mailbag")
    finished = partial = 0.0
    for track in seat.network.tracks:
        if track.finished:
            finished += finished_vp(track, mailbags and "mailbag" in seat.on(track))
        elif any(e.kind == "station" for e in track.ends) and any(e.kind == "open" for e in track.ends):
            # half of what one more tile with another station would make of it
            doubled = mailbags and "mailbag" in seat.on(track)
            partial += 0.5 * length_vp(track.tiles + 1, False, doubled) + 0.2 * track.tiles
        else:
            partial += 0.1 * track.tiles
    return {
        "VP tokens": float(seat.vp),
        "finished tracks": finished,
        "tracks to finish": partial,
        "trains": trains_value(state, seat),
        "longest track": float(longest_awards(state)[p]),
        "objective": objective_value(state, seat),
        "money": MONEY_VALUE * len(seat.money),
    }


def train_hope(state: State) -> float:
    """The chance of one more Train for a player: those in the middle now, the End Game Bonus
    card's, and the round cards' still to come (as many per unseen card as are left unseen),
    shared among the players; at most a half, so that a Train in hand is worth more put on a
    track than the hope of another (a hope of 1 made putting it gain nothing over discarding it
    for 1 VP)."""
    seen = sum(ROUND_CARDS[c].count("train") for c in state.played if c in ROUND_CARDS)
    unseen = len(ROUND_CARDS) - len(state.played)
    coming = (TRAINS_ON_CARDS - seen) * len(state.rounds) / unseen if unseen > 0 else 0.0
    expected = coming + state.offer.count("train") + ("train" in state.bonuses)
    return HOPE_MOST * min(1.0, expected / state.players)


def trains_value(state: State, seat: Seat) -> float:
    """Trains [scoring.trains]: the money tokens beside tracks with a Train, and what one more
    Train on the track with most tokens beside it would add, by the chance of getting one.
    Once no tile can come (the End Game Bonus, the end) the table's steps, as scored."""
    tracks = seat.network.tracks
    money = set(seat.money)
    served = served_cells(seat)
    placed = len(money & served)
    if state.phase in ("bonus", "over"):
        return float(train_vp(placed))
    loose = money - served  # tokens no Train counts yet: what a Train on another track could add
    trains = seat.has("train")
    reach = max((placed + len(loose & t.near) for t in tracks if not trains or "train" not in seat.on(t)),
                default=placed) if loose else placed
    now = TRAIN_CURVE[min(placed, 4)]
    return now + train_hope(state) * max(0.0, TRAIN_CURVE[min(reach, 4)] - now)


def objective_value(state: State, seat: Seat) -> float:
    """The objective card [ruling.objectives]: met, its VP; otherwise a share by the progress
    made towards it, which grows as the condition nears (none once the game is over)."""
    card = OBJECTIVES.get(seat.objective)
    if card is None or state.config.rulings.objectives == "off":
        return 0.0
    if objective_met(seat, card.id):
        return float(card.vp)
    if state.phase == "over":
        return 0.0
    return 0.8 * card.vp * objective_progress(seat, card) ** 2


def objective_progress(seat: Seat, card: Objective) -> float:
    """How far `seat` is towards `card`'s condition, 0 to 1 (1: met)."""
    tracks = seat.network.tracks
    finished = [t for t in tracks if t.finished]
    started = [t for t in tracks if not t.finished and any(e.kind == "station" for e in t.ends)]
    kind = card.kind
    if kind == "finished_length":
        done = max((t.tiles for t in finished + started), default=0)
        return min(1.0, done / card.param("tiles"))
    if kind == "finished_count":
        return min(1.0, (len(finished) + 0.5 * len(started)) / card.param("count"))
    if kind == "identical_count":
        done = sum(t.identical for t in finished)
        return min(1.0, (done + 0.4 * bool(started)) / card.param("count"))
    if kind == "all_commuters":
        return max((sum(c in on for c in COMMUTERS) for on in map(seat.on, tracks)), default=0) / 3
    if kind == "tourist_count":
        return min(1.0, sum("tourist" in seat.on(t) for t in tracks) / card.param("count"))
    if kind == "money_left":
        return min(1.0, len(seat.money) / card.param("count"))
    if kind == "district_count":
        cells = [f for _, f in seat.network.index.cells.values()]  # each laid cell's feature
        most = max(cells.count(c) for c in COLOURS) + cells.count("mixed") if cells else 0
        return min(1.0, most / card.param("count"))
    if kind == "landmark_value":
        value = sum(int(f[-1]) for _, f in seat.network.index.cells.values()
                    if f.startswith("landmark"))
        return min(1.0, value / card.param("value"))
    if kind == "track_length":
        return min(1.0, longest(seat) / card.param("tiles"))
    return 0.0


def touch(state: State, p: int, lay: Lay, served: frozenset[Cell] = frozenset()) -> float:
    """A quick rank of a placement: rails joined to tracks, stations brought to open tracks,
    money symbols beside a track with a Train (`served`: the cells beside those tracks)."""
    ports = state.seat(p).network.index.ports
    x, y = lay.x, lay.y
    rails, money, shown = _touching(lay.tile, lay.turn)
    score = 0.0
    for faced, station in rails:
        joined = sum(1 for fx, fy, fd in faced if (x + fx, y + fy, fd) in ports)
        score += 2.0 * joined + (3.0 if station and joined else 0.0)
    score += 2.0 * sum(1 for dx, dy in money if (x + dx, y + dy) in served)
    return score + 0.01 * shown


@cache
def _touching(tile: str, turn: int) -> tuple[tuple[tuple[tuple[tuple[int, int, int], ...], bool], ...],
                                             tuple[Cell, ...], int]:
    """What `touch` reads of a turned tile, from its top-left cell: per rail, the ports its ends
    face and whether it reaches the station; its money cells; how many cells show anything. A
    bot ranks every place a tile fits (hundreds) for every draft it weighs."""
    sh = shape(tile, turn)
    rails = tuple((tuple(facing(key) for key in rail.ports), rail.station) for rail in sh.rails)
    return (rails, tuple(cell for cell, f in sh.features if f == MONEY),
            len([f for _, f in sh.features if f]))


def served_cells(seat: Seat) -> frozenset[Cell]:
    """The cells beside `seat`'s tracks that carry a Train: money there counts for Trains."""
    if not seat.has("train"):
        return frozenset()
    return frozenset(c for t in seat.network.tracks if "train" in seat.on(t) for c in t.near)


def best_lays(state: State, p: int, legal: tuple[Any, ...], salt: int = 0) -> list[Any]:
    """The SHORTLIST placements that touch most, then the other actions. Placements that touch
    alike are ordered by a hash of `salt` (a bot's seed) and the placement: not by the list's
    order, and the same for one bot whether it values a draft or lays the tile."""
    served = served_cells(state.seat(p))
    lays = [(touch(state, p, a, served), a) for a in legal if isinstance(a, Lay)]
    if len(lays) > SHORTLIST:  # only those touching as much as the SHORTLIST-th best can make it
        least = sorted([t for t, _ in lays], reverse=True)[SHORTLIST - 1]
        lays = [(t, a) for t, a in lays if t >= least]
    ranked = sorted(lays, key=lambda ta: (-ta[0], zlib.crc32(f"{salt}/{ta[1].notation}".encode())))
    return [a for _, a in ranked[:SHORTLIST]] + [a for a in legal if not isinstance(a, Lay)]


def candidates(state: State, p: int, legal: tuple[Any, ...]) -> list[Any]:
    """The actions a search weighs (`sandbox.mcts`): a tile lay's SHORTLIST places that join
    most, every other decision's legal actions. A tree over every place a tile fits (hundreds)
    tried each once and chose among them by chance, and so did its random rollout plies."""
    top = state.top
    if top is not None and top.kind == "lay" and len(legal) > SHORTLIST:
        return best_lays(state, p, legal)
    return list(legal)


def _value(state: State, p: int) -> float:
    return sum(state.assess(p).values())


def _best_of(state: State, p: int, options: list[Any],
             rng: random.Random | None = None) -> tuple[float, Any, Any]:
    """(value, action, state after) of the option valued most; ties at random by `rng`."""
    def results() -> Iterator[tuple[float, tuple[Any, Any]]]:
        for action in options:
            after, _ = state.apply(action)
            yield _value(after, p), (action, after)

    value, (action, after) = most(results(), rng)
    return value, action, after


def _follow(state: State, p: int, salt: int = 0) -> tuple[float, Any]:
    """The value of `state` once `p` has laid or put what they drafted (best by this bot)."""
    top = state.top
    if top is not None and top.player == p and top.kind in ("lay", "put"):
        legal = state.legal_actions()
        options = best_lays(state, p, legal, salt) if top.kind == "lay" else list(legal)
        value, _, after = _best_of(state, p, options)
        return value, after
    return _value(state, p), state


class TopiaBot:
    """Greedy for Traintopia: drafts what gains most once laid or put, lays tiles where they
    join most (judging the best few in full), puts elements where they score most, ends its
    turn rather than spend money on nothing. Ties go at random, from its own RNG seeded by
    `seed`."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Choice:
        legal = state.legal_actions_for(player)
        if len(legal) == 1:
            return Choice(legal[0], f"{state.describe(legal[0], player)}: the only legal action")
        top = state.top
        kind = top.kind if top is not None else ""
        if kind in ("turn", "pick"):
            return self._draft(state, player, legal)
        if kind == "lay":
            value, action, _ = _best_of(state, player, best_lays(state, player, legal, self.seed), self.rng)
            return Choice(action, f"{state.describe(action, player)}: the best of the places that join "
                                  f"most ({value:.1f})")
        if kind == "after":
            return self._after(state, player, legal)
        before = state.assess(player)
        _, action, after = best_step(state, player, rng=self.rng)
        return Choice(action, gain_reason(state.describe(action, player), before, after.assess(player),
                                          len(legal)))

    def _draft(self, state: State, p: int, legal: tuple[Any, ...]) -> Choice:
        def values() -> Iterator[tuple[float, Any]]:
            for action in legal:
                if not isinstance(action, Take):
                    continue
                if state.phase == "setup":
                    yield _pick_value(action.item), action
                else:
                    yield _follow(state.apply(action)[0], p, self.seed)[0], action

        _, best = most(values(), self.rng)
        return Choice(best, f"{state.describe(best, p)}: gains most once added to my network")

    def _after(self, state: State, p: int, legal: tuple[Any, ...]) -> Choice:
        now = _value(state, p)
        for action in legal:
            if not isinstance(action, Buy):
                continue
            after, _ = state.apply(action)
            while after.top is not None and after.top.player == p and after.top.kind == "pay":
                after = _best_of(after, p, list(after.legal_actions()))[2]  # the token missed least
            value, _ = _follow(after, p, self.seed)
            if value > now + 1.5:
                return Choice(action, f"{state.describe(action, p)}: the bonus tile gains {value - now:.1f}")
        return Choice(Done(), "end the turn: no money action gains enough")

    def __repr__(self) -> str:
        return f"TopiaBot(seed={self.seed})" if self.seed else "TopiaBot()"


def _pick_value(tile: str) -> float:
    """A setup tile by what it can bring: stations and scoring cells."""
    found = TILES[tile]
    return (3.0 if found.station else 0.0) + sum(1.0 for f in found.cells if f) + len(found.rails)

