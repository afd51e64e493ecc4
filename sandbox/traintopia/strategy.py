"""How a greedy bot judges a Traintopia table, and where it lays a tile without trying them all.

`assess` values a network for its player in points: VP tokens, finished tracks as they would
score (Mailbags doubling), half the worth of a track with one station already (what finishing
it would bring), Trains' money, the longest-track award as things stand, the objective (met:
its VP; otherwise a share), and a little for each money token. `TopiaBot` takes the best
one-step result by that measure, but a tile may go to hundreds of places: it ranks them first
by what they touch (rails joined, stations reached, tracks finished; cheap, from the network's
index) and judges only the best few by `assess`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sandbox.bots import Choice, best_step
from sandbox.traintopia.actions import Buy, Done, Lay, Take
from sandbox.traintopia.components import OBJECTIVES, TILES
from sandbox.traintopia.geometry import Placed, facing
from sandbox.traintopia.model import finished_vp, length_vp, objective_met, train_tokens, train_vp
from sandbox.traintopia.scoring import longest_awards

if TYPE_CHECKING:
    from sandbox.traintopia.state import State

SHORTLIST = 6  # placements judged in full, of those ranked best by what they touch
MONEY_VALUE = 0.5  # a money token: a money action later, or a Train's count


def assess(state: State, p: int) -> dict[str, float]:
    seat = state.seat(p)
    finished = partial = 0.0
    for track in seat.network.tracks:
        doubled = "mailbag" in seat.on(track)
        if track.finished:
            finished += finished_vp(track, doubled)
        elif any(e.kind == "station" for e in track.ends) and any(e.kind == "open" for e in track.ends):
            # half of what one more tile with another station would make of it
            partial += 0.5 * length_vp(track.tiles + 1, False, doubled) + 0.2 * track.tiles
        else:
            partial += 0.1 * track.tiles
    objective = 0.0
    card = OBJECTIVES.get(seat.objective)
    if card is not None and state.config.rulings.objectives != "off":
        objective = card.vp if objective_met(seat, card.id) else 0.2 * card.vp
    return {
        "VP tokens": float(seat.vp),
        "finished tracks": finished,
        "tracks to finish": partial,
        "trains": float(train_vp(train_tokens(seat))),
        "longest track": float(longest_awards(state)[p]),
        "objective": objective,
        "money": MONEY_VALUE * len(seat.money),
    }


def touch(state: State, p: int, lay: Lay) -> float:
    """A quick rank of a placement: rails joined to tracks, stations brought to open tracks."""
    network = state.seat(p).network
    ports = network.index.ports
    placed = Placed(lay.tile, lay.x, lay.y, lay.turn)
    score = 0.0
    for rail in placed.shape.rails:
        joined = sum(1 for dx, dy, d in rail.ports if facing((lay.x + dx, lay.y + dy, d)) in ports)
        score += 2.0 * joined + (3.0 if rail.station and joined else 0.0)
    return score + 0.01 * len([f for _, f in placed.shape.features if f])


def best_lays(state: State, p: int, legal: tuple[Any, ...]) -> list[Any]:
    lays = [a for a in legal if isinstance(a, Lay)]
    ranked = sorted(lays, key=lambda a: -touch(state, p, a))
    return ranked[:SHORTLIST] + [a for a in legal if not isinstance(a, Lay)]


def _value(state: State, p: int) -> float:
    return sum(state.assess(p).values())


def _best_of(state: State, p: int, options: list[Any]) -> tuple[float, Any, Any]:
    best: tuple[float, Any, Any] | None = None
    for action in options:
        after, _ = state.apply(action)
        value = _value(after, p)
        if best is None or value > best[0] + 1e-9:
            best = (value, action, after)
    assert best is not None
    return best


def _follow(state: State, p: int) -> tuple[float, Any]:
    """The value of `state` once `p` has laid or put what they drafted (best by this bot)."""
    top = state.top
    if top is not None and top.player == p and top.kind in ("lay", "put"):
        legal = state.legal_actions()
        options = best_lays(state, p, legal) if top.kind == "lay" else list(legal)
        value, _, after = _best_of(state, p, options)
        return value, after
    return _value(state, p), state


class TopiaBot:
    """Greedy for Traintopia: drafts what gains most once laid or put, lays tiles where they
    join most (judging the best few in full), puts elements where they score most, ends its
    turn rather than spend money on nothing."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self.seed = seed

    def choose(self, state: State, player: int) -> Choice:
        legal = state.legal_actions_for(player)
        if len(legal) == 1:
            return Choice(legal[0], f"{legal[0]}: the only legal action")
        top = state.top
        kind = top.kind if top is not None else ""
        if kind in ("turn", "pick"):
            return self._draft(state, player, legal)
        if kind == "lay":
            value, action, _ = _best_of(state, player, best_lays(state, player, legal))
            return Choice(action, f"{action}: the best of the places that join most ({value:.1f})")
        if kind == "after":
            return self._after(state, player, legal)
        _, action, _ = best_step(state, player)
        return Choice(action, f"{action}: the best by this bot's measure")

    def _draft(self, state: State, p: int, legal: tuple[Any, ...]) -> Choice:
        best: tuple[float, Any] | None = None
        for action in legal:
            if not isinstance(action, Take):
                continue
            if state.phase == "setup":
                value = _pick_value(action.item)
            else:
                value = _follow(state.apply(action)[0], p)[0]
            if best is None or value > best[0] + 1e-9:
                best = (value, action)
        assert best is not None
        return Choice(best[1], f"{best[1]}: gains most once added to my network")

    def _after(self, state: State, p: int, legal: tuple[Any, ...]) -> Choice:
        now = _value(state, p)
        for action in legal:
            if not isinstance(action, Buy):
                continue
            after, _ = state.apply(action)
            while after.top is not None and after.top.player == p and after.top.kind == "pay":
                after, _ = after.apply(after.legal_actions()[0])
            value, _ = _follow(after, p)
            if value > now + 1.5:
                return Choice(action, f"{action}: the bonus tile gains {value - now:.1f}")
        return Choice(Done(), "end the turn: no money action gains enough")

    def __repr__(self) -> str:
        return "TopiaBot()"


def _pick_value(tile: str) -> float:
    """A setup tile by what it can bring: stations and scoring cells."""
    found = TILES[tile]
    return (3.0 if found.station else 0.0) + sum(1.0 for f in found.cells if f) + len(found.rails)

