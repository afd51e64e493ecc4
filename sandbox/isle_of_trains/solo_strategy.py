"""What the greedy bot values beyond the points in a solo game (the Challenge and the chapters).

Solo the train deck is the clock: the game ends the moment it runs out [solo.end], and every
card drawn (a benefit, a Take, the Night's discard) brings the end nearer, so the bot must turn
its cards into points (or the chapter's objective) rather than hoard them: solo, cards in hand
and unwanted loads are weighed differently (`SOLO_CARD`, `SOLO_CLOG`). One decision ahead the
bot also never saw what a chapter needs over several days: cards saved for a building, a
passenger aboard for a ticket tile, an island card the chapter does not name blocking the
named ones; `means` counts them. A chapter also needs its own train (cars for its contracts'
cargo, room for 13 cars: `cars_for`), and is won or lost, not scored (`pressing`).
`strategy.assess` adds these solo only: games against others are valued as before.
Solo the greedy bot also looks ahead (`day_ahead`, offered to `GreedyBot` as
`strategy.greedy_chooser`): one decision ahead it cannot plan over days (cards kept for a
building, a car for the contract beside the engine), and weights could not teach it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.cargo import PRIMARY, SECONDARY
from sandbox.isle_of_trains.index import index_of
from sandbox.isle_of_trains.scoring import score
from sandbox.isle_of_trains.solo import Scenario, goal, scenario

if TYPE_CHECKING:
    from sandbox.bots import Choice, GreedyBot
    from sandbox.isle_of_trains.model import Player
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
    chapter = scenario(state.config)
    if chapter is None:
        return {}
    return {"the chapter's means": means(state, me, chapter, coming), **cars_for(state, me, chapter),
            **pressing(state, chapter)}


def cars_for(state: State, me: Player, chapter: Scenario) -> dict[str, float]:
    """The train the chapter's objective needs: cars for the cargo of its contracts (Chapters 1,
    6, 8), room for more cars (Chapter 4)."""
    kind = chapter.get("kind")
    if kind in ("contracts", "primaries"):
        return {"cargo no car carries": -UNCARRIED * len(uncarried(state, me, chapter))}
    if kind == "cars":
        return {"room for more cars": ROOM * room_for_cars(me, chapter.get("n"))}
    return {}


def pressing(state: State, chapter: Scenario) -> dict[str, float]:
    """A chapter is won or lost, its points count for nothing: a chapter that does not ask for
    points presses its objective harder (`PRESSED`) and counts the points at a discount
    (`UNASKED`), and a chapter lost (the deck out, the objective not met) is the worst of all
    (`LOST`). Valued as in the Challenge, the bot spent chapters 1 and 6 on coaches' points and
    tokens with a contract's cargo loaded, and drew the deck's last cards (a car's benefit)
    instead of delivering it."""
    found = goal(state)
    out = {}
    if chapter.get("kind") != "points":
        out["the objective, pressed"] = PRESSED * found.fraction
        out["points the chapter does not ask for"] = -UNASKED * score(state, 1)
    if state.over and not found.met:
        out["the chapter lost"] = -LOST
    return out


PRESSED = 60.0
"""A chapter not won by points: what its whole way is worth beyond `strategy.OBJECTIVE`.
Chapters 1 and 4-9, seeds 1-3, the share of the way reached at the end: 0.55 without it and
`UNASKED`, 0.60 with `UNASKED` alone, 0.67 with both (0.68 at 100, 0.63 at 60 with `UNASKED`
at 0.8)."""
UNASKED = 0.5
"""A chapter not won by points: the share of its points the bot forgets (they still set apart
two ways to the objective)."""
LOST = 2000.0
"""A chapter lost: below any way that still may win it (Chapter 1 then won 2 of 3, not 1)."""


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


def room_for_cars(me: Player, n: int) -> int:
    """Chapter 4: how many more cars the train could take by weight alone, up to the ones the
    objective still needs. Every car but the engine counts, but the train's weight may not pass
    its engine's capacity [build.capacity]: the light cars (a Level 1 or 3 Coach weighs
    nothing) and a bigger engine are the way to 13, and greedily the bot filled its capacity
    with heavy cars at 7 or 8."""
    index = index_of(me)
    cars = len(me.train) - 1
    return max(0, min(index.capacity - index.weight, n - cars))


CARRIERS = {"hopper": 0, "tanker": 1, "boxcar": 2}
"""The car that carries each kind of cargo (coal, oil, box) [load.space]."""
UNCARRIED = 4.0
"""Chapters 1, 6 and 8: what a kind of cargo the chapter's open contracts need and no car of
the train carries costs. Greedily, a train without a Hopper never built one and stalled with
the coal contracts left (Chapter 8, seed 3: 4 of 7 primaries by day 8, then none)."""
ROOM = 1.0
"""Chapter 4: what room for one more car (by weight) is worth: a small part of what the car itself
adds to the objective, enough to prefer the light car or the bigger engine."""


def uncarried(state: State, me: Player, chapter: Scenario) -> set[int]:
    """The kinds of cargo (0 coal, 1 oil, 2 box) the chapter's open contracts ask for that no
    car of the train carries: the primaries of the island cards on the map (Chapter 8), or the
    next contract of each island the chapter names (Chapters 1 and 6)."""
    if chapter.get("kind") == "primaries":
        needs = [PRIMARY[n][0] for n in state.islands]
    else:
        held = {h.island: h for h in me.islands}
        needs = []
        for name in chapter.get("islands"):
            h = held.get(name)
            if h is None:
                needs.append(PRIMARY[name][0])
            elif h.side is None:
                # either secondary will do: only a kind both ask for is needed
                options = [need for need, _ in SECONDARY[name]]
                needs.append(tuple(min(o[k] for o in options) for k in range(4)))  # type: ignore[arg-type]
    wanted = {k for need in needs for k in range(3) if need[k]}
    carried = {CARRIERS[c] for car in me.train if (c := CARDS[car.card].category) in CARRIERS}
    return wanted - carried


WIDTH = 6
"""Look-ahead: how many of the actions the one-decision greedy values most are followed on."""
DAYS = 2
"""Look-ahead: followed to the end of this day and the next. Challenge means over seeds 1-20 and
101-120 (6 actions followed, one deal): one decision ahead 54.0 and 53.0, to the end of the day
56.5 and 60.5 (two deals), of the next day 69.0 and 62.3; three days 63.8 and 60.5 (3 actions).
The chapters, seeds 1-3: won 0 of 30 games one decision ahead, 4 looking ahead (2 and 3), 7 with
the chapters' terms (`cars_for`, `pressing`: Chapter 1 2 of 3, 2 3 of 3, 3 2 of 3)."""
SAMPLES = 1
"""Look-ahead: how many deals of the cards still to draw each action is followed through (two
deals scored no better, 64.5 and 65.5, at twice the time: a decision takes about 0.04 s on
average, 0.2 s at most)."""


def day_ahead(bot: GreedyBot, state: State, player: int) -> Choice | None:
    """Solo, a day's action: the `WIDTH` actions the one-decision greedy values most, each
    followed greedily to the end of the next day (`DAYS`, the Nights' discards included) over
    `SAMPLES` deals of the cards still to draw (dealt from what the bot may know: a view is
    `determinize`d), the same deals for each so luck does not decide between them; the action
    whose days end best. One decision ahead the bot never saw that a Take pays for a Build, a
    Load's cards for a building, or a car for the contract it unlocks. None elsewhere (the parts
    of an action, the Night, games against others): the one-decision greedy decides."""
    import random

    from sandbox.bots import Choice, most, weighed

    if state.config.players != 1 or state.pending.kind != "action":
        return None
    table = state.determinize(bot.rng) if state.seen_by is not None else state
    scored: list[tuple[float, Any, State]] = []
    for action in weighed(table, table.legal_actions_for(player)):
        after = bot._rollout(table.apply(action)[0], player)
        scored.append((sum(after.assess(player).values()), action, after))
    if len(scored) < 2:
        return None
    scored.sort(key=lambda x: -x[0])
    followed = scored[:WIDTH]
    seed = bot.rng.getrandbits(32)

    def ahead() -> Iterator[tuple[float, Any]]:
        for _, action, after in followed:
            total = sum(days_on(bot, after, player, random.Random(seed + i)) for i in range(SAMPLES))
            yield total / SAMPLES, action

    value, action = most(ahead(), bot.rng)
    gain = value - sum(table.assess(player).values())
    return Choice(action, f"{state.describe(action, player)}: worth {gain:+.1f} by the end of tomorrow, "
                          f"the best of the {len(followed)} actions followed there")


def days_on(bot: GreedyBot, state: State, player: int, rng: Any) -> float:
    """The greedy's valuation `DAYS` days on (or at the end of the game), the days played by the
    one-decision greedy and the cards drawn dealt by `rng`."""
    from sandbox.bots import best_step
    from sandbox.core.pending import CHANCE

    turn = state.turn + DAYS - 1
    for _ in range(60 * DAYS):
        if state.over or state.turn > turn:
            break
        who = state.pending.player
        if who == CHANCE:
            state = state.apply(state.sample_chance(rng))[0]
        elif who == player:
            state = best_step(state, player, then=bot._rollout)[2]
        else:
            break
    return sum(state.assess(player).values())
