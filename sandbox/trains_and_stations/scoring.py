"""Final scoring [object.vp]: VP cards (from deliveries [object.deliver]), missions revealed, and
each good's monopoly to its most numerous holders, ties all scoring; two-goods power cards count
one of each good shown; Coins are worth nothing. Monopolies reward buildings [object.develop],
missions long routes [object.profit]. The highest score wins [score.winner]; the most Gold breaks
a tie, then it is shared [score.vp] [score.monopoly] [score.monopoly-tie] [power.monopoly]
[score.coins] [score.tiebreak] [ruling.monopoly] [ruling.tiebreak-gold]."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from sandbox.core.outcome import Outcome
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations.actions import GOODS
from sandbox.trains_and_stations.goods import back_on_board

if TYPE_CHECKING:
    from sandbox.trains_and_stations.model import StateLike


def holdings(state: StateLike, p: int) -> Counter[str]:
    """P`p`'s goods for monopolies: goods cards, and one of each good a two-goods power card shows."""
    me = state.seat(p)
    count = Counter(me.goods)
    for c in me.power:
        card = data.POWER.get(c)
        if card is not None and card.kind == "goods":
            count.update(card.goods)
    return count


def monopolies(state: StateLike) -> dict[int, list[str]]:
    """The goods each player holds a monopoly in (the most of that good; ties all score)."""
    held = {p: holdings(state, p) for p in range(1, state.players + 1)}
    out: dict[int, list[str]] = {p: [] for p in held}
    for good in GOODS:  # `get`, not `[]`: a Counter's default for a missing good runs Python code
        best = max(h.get(good, 0) for h in held.values())
        if best:
            for p, h in held.items():
                if h.get(good, 0) == best:
                    out[p].append(good)
    return out


def breakdown(state: StateLike, p: int,
              held: dict[int, list[str]] | None = None) -> tuple[tuple[str, int], ...]:
    """P`p`'s score by part; `held`: the table's `monopolies`, when already worked out (every
    player's breakdown reads the same ones)."""
    me = state.seat(p)
    parts = [("VP cards", me.vp), ("missions", sum(data.POWER[c].vp for c in me.missions))]
    held = monopolies(state) if held is None else held
    parts += [(f"{good} monopoly", data.MONOPOLY[good]) for good in held[p]]
    return tuple(parts)


def running(state: StateLike, viewer: int | None) -> dict[int, int]:
    """Scores as `viewer` may know them: others' power cards unseen count for nothing."""
    seen = state if viewer is None or state.seen_by is not None else state.view(viewer)
    held = monopolies(seen)
    return {p: sum(v for _, v in breakdown(seen, p, held)) for p in range(1, state.players + 1)}


def outcome(state: StateLike) -> Outcome:
    n = state.players
    held = monopolies(state)
    parts = {p: breakdown(state, p, held) for p in range(1, n + 1)}
    scores = {p: sum(v for _, v in parts[p]) for p in parts}
    best = max(scores.values())
    top = [p for p in scores if scores[p] == best]
    tiebreak = ""
    if len(top) > 1:
        cards_only = state.config.rulings.tiebreak_gold == "goods-cards"
        gold = {p: state.seat(p).goods.count("gold") if cards_only else holdings(state, p)["gold"]
                for p in top}
        most = max(gold.values())
        winners = [p for p in top if gold[p] == most]
        names = ", ".join(f"P{p} {gold[p]}" for p in top)
        still = ", still tied: shared" if len(winners) > 1 else ""
        tiebreak = f"tied on {best}: most Gold ({names}){still}"
        top = winners
    reason = f"the VP stacks ran out{back_on_board(state)} and the last round is over"
    return Outcome(tuple(top), scores, parts, reason, "end.last-round", tiebreak)
