"""Final scoring: VP tokens, finished tracks (doubled by a Mailbag), Trains, the longest track and
objective cards, then the winner [end.scoring]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sandbox.core.outcome import Outcome
from sandbox.traintopia.components import OBJECTIVES
from sandbox.traintopia.model import (
    LONGEST_VP,
    finished_vp,
    longest,
    objective_met,
    train_tokens,
    train_vp,
)

if TYPE_CHECKING:
    from sandbox.traintopia.model import StateLike

PARTS = ("VP tokens", "finished tracks", "mailbags", "trains", "longest track", "objective")


def longest_awards(state: StateLike) -> dict[int, int]:
    """VP for the longest tracks by rank, ties broken by turn order: closer to the last round's
    Starting Player wins [scoring.longest] [scoring.longest-ties]."""
    n = state.players
    ranked = sorted(range(1, n + 1), key=lambda p: (-longest(state.seat(p)), state.distance(p)))
    awards = LONGEST_VP[n]
    return {p: awards[i] if i < len(awards) and longest(state.seat(p)) else 0 for i, p in enumerate(ranked)}


def breakdown(state: StateLike, player: int) -> tuple[tuple[str, int], ...]:
    """`player`'s points as if the game were scored now, part by part."""
    seat = state.seat(player)
    finished = doubled = 0
    for track in seat.network.tracks:
        base = finished_vp(track, False)
        finished += base
        if "mailbag" in seat.on(track):
            doubled += base  # [scoring.mailbag]
    objective = 0
    card = OBJECTIVES.get(seat.objective)
    scored = state.config.rulings.objectives == "all-or-nothing"
    if card is not None and scored and objective_met(seat, card.id):
        objective = card.vp  # [ruling.objectives]
    trains = train_vp(train_tokens(seat))
    parts = (seat.vp, finished, doubled, trains, longest_awards(state)[player], objective)
    return tuple(zip(PARTS, parts))


def outcome(state: StateLike) -> Outcome:
    n = state.players
    parts = {p: breakdown(state, p) for p in range(1, n + 1)}
    scores = {p: sum(v for _, v in b) for p, b in parts.items()}
    best = max(scores.values())
    winners = tuple(p for p in scores if scores[p] == best)
    tiebreak = ""
    if len(winners) > 1 and state.config.rulings.tiebreak == "turn-order":
        first = min(winners, key=state.distance)
        tiebreak = (f"tied at {best}: P{first} sits closest to the last round's Starting Player "
                    f"[ruling.tiebreak]")
        winners = (first,)
    elif len(winners) > 1:
        tiebreak = f"tied at {best}: the win is shared [ruling.tiebreak]"
    return Outcome(winners, scores, parts, "the last round card is played and the End Game Bonus card "
                                           "resolved", "end.scoring", tiebreak)
