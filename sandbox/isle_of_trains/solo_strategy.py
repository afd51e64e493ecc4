"""What the greedy bot values beyond the points in a solo game (the Challenge and the chapters).

Solo the train deck is the clock: the game ends the moment it runs out [solo.end], and every
card drawn (a benefit, a Take, the Night's discard) brings the end nearer, so the bot must turn
its cards into points (or the chapter's objective) rather than hoard them: solo, cards in hand
and unwanted loads are weighed differently (`SOLO_CARD`, `SOLO_CLOG`). One decision ahead the
bot also never saw what a chapter needs over several days: cards saved for a building, a
passenger aboard for a ticket tile, an island card the chapter does not name blocking the
named ones; `means` counts them. `strategy.assess` adds these solo only: games against others
are valued as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sandbox.isle_of_trains import components as data

if TYPE_CHECKING:
    from sandbox.isle_of_trains.model import Player
    from sandbox.isle_of_trains.solo import Scenario
    from sandbox.isle_of_trains.state import State

CARDS = data.card_types()
SOLO_CARD = 0.2
"""What a card in hand is worth solo (0.35 against others): less, so the bot turns its cards into
points instead of taking more (a Take brings the end nearer: the display refills from the deck).
Measured over 40 Challenge games: 0.35 scored 51 on average, 0.2 53 (0.1 and 0.5 both 50;
valuing cargo towards a contract twice or three times as much, or room for more cars, scored
less)."""
SOLO_CLOG = 0.6
"""What a load no contract in reach wants costs solo (1.2 against others, where trains clogged
by it stall the game): solo the deck runs down whatever the bot does, and at the full price the
bot threw loaded points away in special deliveries that only brought the end nearer."""
SAVING = 0.6
"""Chapters 2 and 7: what a card in hand towards a building in hand is worth (`saved`)."""
BUILDING_COST = 6
HAND_LIMIT = 5
"""The Night's hand limit [solo.night]."""
ABOARD = 1.3
"""Chapter 5: what a passenger aboard for a ticket tile is worth: about half a place on it."""
OFF_TARGET = 12.0
"""What an island card beside the engine that the chapter does not name costs (Chapters 1 and
6): it refuses the named islands' primaries until one of its own secondaries is delivered
[deliver.primary-once]."""


def solo_terms(state: State, me: Player, coming: int) -> dict[str, float]:
    """The solo terms of `strategy.assess` beyond its reweighed ones: the chapter's own means."""
    from sandbox.isle_of_trains.solo import scenario

    chapter = scenario(state.config)
    if chapter is None:
        return {}
    return {"the chapter's means": means(state, me, chapter, coming)}


def means(state: State, me: Player, chapter: Scenario, coming: int) -> float:
    """What the chapter's objective needs beyond the share `solo.goal` counts."""
    kind = chapter.get("kind")
    if kind == "contracts":
        beside = me.island_beside_engine
        if beside is not None and beside.island not in chapter.get("islands"):
            return -OFF_TARGET
    elif kind in ("buildings", "building-points"):
        return SAVING * saved(state, me, coming)
    elif kind == "tickets":
        return ABOARD * aboard_for_tickets(state, me)
    return 0.0


def saved(state: State, me: Player, coming: int) -> int:
    """Cards in hand (and being drawn) towards paying for a building in hand (a building costs
    6 [build.cost]): the Night keeps only 5 [solo.night], so a building is paid for on a day
    that draws the rest, and the bot must hold the cards until then instead of loading them."""
    hand = me.hand
    if not any(CARDS[c].category == "building" for c in hand):
        return 0
    kept = BUILDING_COST if state.actions_left > 0 else HAND_LIMIT - 1
    return min(kept, len(hand) + coming - 1)


def aboard_for_tickets(state: State, me: Player) -> int:
    """Passengers aboard for a destination with a ticket tile: each is one Deliver from a place
    on it [deliver.ticket] (a tile always has room for them: three passengers go to each
    destination)."""
    places = {t.destination for t in state.tickets}
    return sum(1 for car in me.train for ld in car.loads if ld.kind == "passenger" and ld.dest in places)
