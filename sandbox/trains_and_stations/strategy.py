"""How a greedy bot judges a Trains & Stations table, and the choices it makes by rule of thumb.

`assess` values a position for one player in points: the score as they know it, what their
trains on unfinished routes are worth (completion VP, the majority's bonuses, their buildings'
goods there), the Missions in their hand (VP, by their chance of scoring: how full the routes
that would connect the cities are under the active `mission_link` reading, and how much of the
game is left), what their buildings will produce, and Coins and bonus dice. Ties between equal
choices go at random from the bot's seed. `GreedyBot` takes the
best one-step result for placements, buildings and upgrades, and decides by plain rules where a
one-step look sees no difference: which dice to reroll (chase a third matching Building face),
which to save (pairs), what to keep at setup and what to trade in a speculation (goods it cannot
win a monopoly in).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from math import prod
from typing import TYPE_CHECKING, Any

from sandbox.bots import Choice, GreedyBot, most
from sandbox.core.decision import Commit, Confirm, Toggle, chosen
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations.actions import BUILDINGS, GOODS, Award, Gather, Keep, Reclaim, trade_text
from sandbox.trains_and_stations.components import BOARD
from sandbox.trains_and_stations.model import COINS_MAX
from sandbox.trains_and_stations.scoring import holdings, running

if TYPE_CHECKING:
    from sandbox.trains_and_stations.state import State

BONUS_VALUE = {"vp": 1.0, "power": 3.0, "die": 2.0}  # per unit of a city's majority bonus, in points
GOOD_VALUE = 1.5  # a goods card, towards monopolies and trades
MISSION_ROUTES: dict[str, tuple[str, ...]] = {
    c.id: BOARD.chain(*c.cities) or () for c in data.POWER_CARDS if c.kind == "mission"}
"""Per Mission, the routes whose completion connects its cities with the fewest spaces to fill."""


def assess(state: State, p: int) -> dict[str, float]:
    board = state.board
    mine = str(p)
    routes = 0.0
    for route in data.ROUTES:
        spaces = data.ROUTE_SPACES[route.id]
        filled = sum(1 for i in spaces if board[i])
        fill = filled / len(spaces)
        if not filled:
            continue
        dice = Counter(board[i][0] for i in spaces if board[i])
        own = dice.get(mine, 0)
        value = 0.0
        if own:
            value += len(route.cities)
            if own >= max(n for k, n in dice.items() if k != "B"):
                value += sum(BONUS_VALUE[data.CITY[c].bonus] * data.CITY[c].amount for c in route.cities)
        value += GOOD_VALUE * sum(1 for c in route.cities
                                  for q, _ in state.buildings[data.CITY_INDEX[c]] if q == p)
        routes += value * fill * fill
    production = sum(GOOD_VALUE * 4 * data.CITY_RATE[data.CITIES[i].id]
                     for i, built in enumerate(state.buildings) for q, _ in built if q == p)
    me = state.seat(p)
    missions = sum(data.POWER[c].vp * mission_chance(state, c) for c in me.power if c in MISSION_ROUTES)
    return {
        "score": float(running(state, p if state.seen_by is None else None)[p]),
        "routes": routes,
        "missions": missions,
        "buildings": production,
        "coins": 0.4 * min(me.coins, COINS_MAX),
        "bonus dice": 0.8 * me.bonus,
        "goods": 0.3 * len(me.goods),
    }


MISSION_REACH = 4.0
"""Spaces of a Mission's chain that the table fills, as a rule, on the way to the end: a chain of
that many or fewer is as good as connected at the start, a longer one by that share."""


def mission_chance(state: State, card: str) -> float:
    """The chance that `card`'s Mission scores before the game ends [ruling.mission-connected].

    Under mission_link="ever" each route of the chain counts once delivered: the chance is the
    chain's progress (its spaces filled, a route delivered earlier counting in full) and, for
    the spaces still empty, the share of the game left (VP still in the stacks) times the share
    of the chain the table fills as a rule (MISSION_REACH). Under "this-turn" and
    "this-delivery" the routes must fill together, so each route's fullness counts squared."""
    chain = MISSION_ROUTES[card]
    link = state.config.rulings.mission_link
    fills = {r: sum(1 for i in data.ROUTE_SPACES[r] if state.board[i]) / len(data.ROUTE_SPACES[r])
             for r in chain}
    if link != "ever":
        standing = set(state.delivered) if link == "this-turn" else set()
        return prod(1.0 if r in standing else fills[r] ** 2 for r in chain)
    sizes = {r: len(data.ROUTE_SPACES[r]) for r in chain}
    total = sum(sizes.values())
    progress = sum(sizes[r] * (1.0 if r in state.ever else fills[r]) for r in chain) / total
    left = min(1.0, max(0.0, state.vp_stack / data.VP_TOTAL[state.players])) if state.turn else 1.0
    return progress + (1.0 - progress) * left * min(1.0, MISSION_REACH / total)


class StationsBot(GreedyBot):
    """The greedy bot for Trains & Stations: one step ahead by `assess`, rules of thumb where a
    step changes nothing it can see (the dice and the trades)."""

    def choose(self, state: Any, player: int) -> Choice:
        legal = state.legal_actions_for(player)
        if len(legal) == 1:
            return Choice(legal[0], f"{legal[0]}: the only legal action")
        kind = state.pending.kind
        if kind == "keep":
            return _keep(state, player, legal, self.rng)
        rule = RULES.get(kind)
        if rule is not None:
            choice = rule(state, player, legal)
            if choice is not None:
                return choice
        return super().choose(state, player)


def candidates(state: State, p: int, legal: tuple[Any, ...]) -> list[Any]:
    """The actions a search weighs (`sandbox.mcts`): where `StationsBot` decides by a rule of
    thumb (which dice to reroll or save, trades, awards), that one choice; else every legal
    action. Dice chosen one toggle at a time made most of a searching bot's decisions (49 of
    67 in a game) and each a coin flip: its rollouts cannot tell one reroll from another."""
    rule = RULES.get(state.pending.kind)
    if rule is not None and len(legal) > 1:
        choice = rule(state, p, legal)
        if choice is not None:
            return [choice.action]
    return list(legal)


def _keep(state: State, p: int, legal: tuple[Any, ...], rng: random.Random | None = None) -> Choice:
    """Keep the two cards worth most: a Mission by its VP and its chance of scoring, goods by
    the monopolies they count towards; ties at random."""
    def worth(card: str) -> float:
        c = data.POWER[card]
        if c.kind == "mission":
            return c.vp * mission_chance(state, card)
        return sum(data.MONOPOLY[g] for g in c.goods) / 4

    _, best = most(((sum(worth(c) for c in k.cards), k) for k in legal), rng)
    assert isinstance(best, Keep)
    return Choice(best, f"{state.describe(best, p)}: the two cards worth most")


def _gather(state: State, p: int, legal: tuple[Any, ...]) -> Choice:
    free = state.own_gathered(p)
    if Reclaim() in legal and free < 3:
        return Choice(Reclaim(), f"reclaim: only {free} dice left to roll")
    most = max((a for a in legal if isinstance(a, Gather)), key=lambda a: a.bonus)
    return Choice(most, f"{most}: every bonus die adds to the roll")


def _toward(state: State, frame_items: tuple[str, ...], wanted: set[str], legal: tuple[Any, ...],
            why: str) -> Choice:
    """Toggle dice until the chosen set is `wanted`, then confirm."""
    frame = state.stack[-1]
    picked = set(chosen(frame))
    for item in frame_items:
        if (item in wanted) != (item in picked) and Toggle(item) in legal:
            return Choice(Toggle(item), f"toggle {item}: {why}")
    return Choice(Confirm(), f"confirm: {why}")


def _target(state: State) -> str:
    """The Building face worth chasing: the most common one in the tray (2 or more)."""
    counts = Counter(d.face for d in state.tray if d.face in BUILDINGS)
    best = max(BUILDINGS, key=lambda b: (counts[b] % 3 if counts[b] % 3 else 0, counts[b]))
    return best if counts[best] % 3 == 2 else ""


def _roll_saved(state: State, p: int, legal: tuple[Any, ...]) -> Choice:
    items = state.stack[-1].get("items")
    return _toward(state, items, set(), legal, "saved dice keep their faces")


def _reroll(state: State, p: int, legal: tuple[Any, ...]) -> Choice:
    items = state.stack[-1].get("items")
    target = _target(state)
    coins = state.seat(p).coins
    wanted = set()
    if target:
        for item in items:
            face = state.tray[int(item[1:]) - 1].face
            if face not in ("train", "locked", target) and not (face == "coin" and coins <= 2):
                wanted.add(item)
    return _toward(state, items, wanted, legal, f"chase a third {target}" if wanted else "keep the roll")


def _save(state: State, p: int, legal: tuple[Any, ...]) -> Choice:
    items = state.stack[-1].get("items")
    counts = Counter(state.tray[int(i[1:]) - 1].face for i in items)
    wanted = {i for i in items
              if (face := state.tray[int(i[1:]) - 1].face) in BUILDINGS and counts[face] >= 2}
    return _toward(state, items, wanted, legal, "save pairs of Building faces")


def _award(state: State, p: int, legal: tuple[Any, ...]) -> Choice | None:
    if Award(p) in legal:
        return Choice(Award(p), "award myself")
    return None


def _speculate(state: State, p: int, legal: tuple[Any, ...]) -> Choice:
    """Trade the goods I cannot expect to win a monopoly in, two for one. The others' goods are
    face down: a rival is taken to hold an even share of the cards of that good in their hands."""
    good = state.stack[-1].get("good")
    mine = holdings(state, p)
    own_cards = Counter(state.seat(p).goods)
    stacks = Counter({g: n for g, n in state.stacks if g})
    gone = Counter(c for c in state.box if c in data.GOODS_EACH)
    give: list[str] = []
    for g in GOODS:
        if g == good or g not in state.used or not own_cards[g]:
            continue
        theirs = data.GOODS_EACH[g] - stacks[g] - gone[g] - own_cards[g]
        if mine[g] < theirs / max(1, state.players - 2):  # a rival's share, the leader's a little more
            give += [g] * own_cards[g]
    if len(give) % 2:
        give.pop()
    action = Commit(p, trade_text(tuple(sorted(give))))
    if give and action in legal:
        return Choice(action, f"trade {len(give)} cards I cannot win with for {len(give) // 2} {good}")
    return Choice(Commit(p, "trade nothing"), "nothing worth trading")




RULES: dict[str, Callable[[State, int, tuple[Any, ...]], Choice | None]] = {
    "gather": _gather, "roll-saved": _roll_saved, "reroll": _reroll, "save": _save,
    "speculate": _speculate, "majority": _award, "goods": _award, "allot": _award}
"""The decisions `StationsBot` takes by a rule of thumb, by the pending decision's kind."""
