"""Step 4, Delivery!: every completed route scores in the order the active player chooses.

A delivery is one group of rail squares, whatever cities it joins [delivery.group]
[ruling.delivery-group] [ruling.delivery-order]; its steps run in the rulebook's order
[delivery.steps], and every player may profit, whoever completed it [intro.shared].

A delivery is a few steps kept as frames, so a tie or a short goods stack stops it for the
active player's call and a save in the middle of it loads back: completion VP and the
majority [delivery.complete] [delivery.majority], goods from every building at the route's
stations [delivery.goods], missions [delivery.mission], dice back [delivery.reclaim].
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from sandbox.core.decision import Frame
from sandbox.core.events import Event
from sandbox.core.pending import CHANCE
from sandbox.core.state import amend, evolve
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations import goods
from sandbox.trains_and_stations.actions import BUILDINGS, Award, Deliver, city_name, route_text
from sandbox.trains_and_stations.model import BONUS_DICE
from sandbox.trains_and_stations.model import event as _e

if TYPE_CHECKING:
    from sandbox.trains_and_stations.model import S, StateLike

STEPS = ("deliveries", "deliver", "produce", "missions", "reclaim")
"""The frame kinds of a delivery that need no decision (the state's settle loop runs them)."""


def completed(state: StateLike) -> tuple[str, ...]:
    """Routes whose every space holds a die [delivery.trigger]."""
    held = state.board.__getitem__
    return tuple(r for r, spaces in data.ROUTE_SPACES.items() if all(map(held, spaces)))


def start_deliveries(state: S, events: list[Event]) -> S:
    """After step 3: deliver every completed route (if any), then the end of the turn. `state` is
    the transition's new state (changed in place)."""
    if not completed(state):
        return amend(state, stack=(*state.stack, goods.END_TURN))
    return amend(state, stack=(*state.stack, goods.END_TURN, _DELIVERIES))


def step(state: S, top: Frame, events: list[Event]) -> S:
    """A step that needs no decision, run by the state's settle loop on its new state."""
    kind = top.kind
    if kind == "deliveries":
        routes = completed(state)
        if not routes:
            return state
        if len(routes) == 1:
            return _deliver(state, routes[0], events)
        return evolve(state, stack=(*state.stack, _DELIVERIES,
                                    Frame.make("order", state.current, routes=routes)))
    route = top.get("route")
    if kind == "deliver":
        return _majority(_completion(state, route, events), route, events)
    if kind == "produce":
        return _produce(state, route, top.get("building", 0), events)
    if kind == "missions":
        return _missions(state, route, events)
    return _reclaim(state, route, events)


def decide(state: S, top: Frame, action: Any, events: list[Event]) -> S:
    """The active player's calls: which route next, who wins a tie, who gets a short card."""
    rest = evolve(state, stack=state.stack[:-1])
    if top.kind == "order":
        assert isinstance(action, Deliver)
        events.append(_e("order", f"P{state.current} delivers {route_text(action.route)} first",
                         "delivery.order", state.current, route=action.route))
        return _deliver(rest, action.route, events)
    assert isinstance(action, Award)
    if top.kind == "majority":
        tied = route_text(top.get("route"))
        events.append(_e("tie", f"P{state.current} breaks the tie for {tied} in favour of P{action.player}",
                         "delivery.majority-tie", state.current, winner=action.player))
        return _bonuses(rest, top.get("route"), action.player, events)
    # goods: the next card of a short stack to one building of the awarded player
    among = list(top.get("among"))
    among.remove(action.player)
    return _give(rest, top.get("building"), action.player, tuple(among), top.get("route"), events)


def _deliver(state: S, route: str, events: list[Event]) -> S:
    frames = (Frame.make("reclaim", CHANCE, route=route), Frame.make("missions", CHANCE, route=route),
              Frame.make("produce", CHANCE, route=route, building=0),
              Frame.make("deliver", CHANCE, route=route))
    return evolve(state, stack=(*state.stack, *frames))


def route_dice(state: StateLike, route: str) -> Counter[int]:
    """Player dice on a route by owner; bonus dice belong to nobody [delivery.white-dice]."""
    locked_count = state.config.rulings.majority_locked == "count"
    counts: Counter[int] = Counter()
    for i in data.ROUTE_SPACES[route]:
        code = state.board[i]
        if code and code[0] != "B" and (locked_count or not code.endswith("L")):
            counts[int(code[0])] += 1
    return counts


def _completion(state: S, route: str, events: list[Event]) -> S:
    """1 VP per city on the route for every player with a die on it [delivery.complete]."""
    cities = data.ROUTE[route].cities
    names = ", ".join(city_name(c) for c in cities)
    events.append(_e("deliver", f"T{route_text(route)[1:]} is complete: a delivery to {names}",
                     "delivery.trigger", state.current, route=route, cities=list(cities)))
    on_route = {int(code[0]) for i in data.ROUTE_SPACES[route] if (code := state.board[i]) and code[0] != "B"}
    for p in sorted(on_route):
        state = state.gain_vp(p, len(cities))
        events.append(_e("completion", f"P{p} has dice on {route_text(route)}: +{len(cities)} VP "
                         "(1 per city)", "delivery.complete", p, vp=len(cities)))
    return state


def _majority(state: S, route: str, events: list[Event]) -> S:
    """The most Train dice take every city's bonus; the active player breaks ties
    [delivery.majority] [delivery.majority-tie] [example.delivery] [example.majority-tie]
    [ruling.majority]."""
    counts = route_dice(state, route)
    if not counts:
        events.append(_e("no-majority", f"No player die is on {route_text(route)}: nobody takes its bonuses",
                         "delivery.majority", None))
        return state
    best = max(counts.values())
    tied = tuple(sorted(p for p, n in counts.items() if n == best))
    if len(tied) == 1:
        return _bonuses(state, route, tied[0], events)
    return evolve(state, stack=(*state.stack, Frame.make("majority", state.current, route=route, among=tied)))


def _bonuses(state: S, route: str, p: int, events: list[Event]) -> S:
    """Each city's majority bonus: VP, power cards or bonus dice; nothing when none are left
    [delivery.majority] [delivery.bonus-unavailable] [ruling.majority-supply]."""
    for city_id in data.ROUTE[route].cities:
        city = data.CITY[city_id]
        kind, n = city.bonus, city.amount
        if kind == "vp":
            state = state.gain_vp(p, n)
            events.append(_e("bonus", f"P{p} takes {city.name}'s majority bonus: +{n} VP",
                             "delivery.majority", p, city=city_id, vp=n))
        elif kind == "power":
            events.append(_e("bonus", f"P{p} takes {city.name}'s majority bonus: {n} power card"
                             f"{'s' * (n != 1)}", "delivery.majority", p, city=city_id, power=n))
            state = evolve(state, stack=(*state.stack, Frame.make("power", CHANCE, to=p, n=n,
                                                                   rule="delivery.majority")))
        else:
            got = min(n, state.pool)
            note = "" if got == n else f" ({got}: the pool has no more)"
            events.append(_e("bonus", f"P{p} takes {city.name}'s majority bonus: {n} bonus "
                             f"{'die' if n == 1 else 'dice'}{note}", "delivery.majority" if got else
                             "delivery.bonus-unavailable", p, city=city_id, dice=got))
            if got:
                me = state.seat(p)
                state = evolve(state, pool=state.pool - got, seats=state.with_seat(p, bonus=me.bonus + got))
    return state


def _holders(state: StateLike, route: str, building: str) -> tuple[int, ...]:
    """One entry per `building` at the route's stations, by owner, in turn order from the
    active player (the order short cards go in when nobody has to choose)."""
    n = state.players
    order = {p: (p - state.current) % n for p in range(1, n + 1)}
    owners = [p for c in data.ROUTE[route].cities for p, kind in state.buildings[data.CITY_INDEX[c]]
              if kind == building]
    return tuple(sorted(owners, key=order.__getitem__))


def _produce(state: S, route: str, k: int, events: list[Event]) -> S:
    """Each building at the route's stations takes a card of its stack's good; once the stack
    is out, 1 VP instead; the active player says who gets the last cards [delivery.goods]
    [example.goods-shortage] [ruling.goods-shortage]."""
    for b in range(k, len(BUILDINGS)):
        building = BUILDINGS[b]
        owners = _holders(state, route, building)
        if not owners:
            continue
        good, left = state.stacks[b]
        if good and 0 < left < len(owners) and len(set(owners)) > 1:
            frame = Frame.make("goods", state.current, route=route, building=building, among=owners,
                               good=good)
            later = Frame.make("produce", CHANCE, route=route, building=b + 1)
            return evolve(state, stack=(*state.stack, later, frame))
        for p in owners:
            state = _one(state, building, p, events)
    return state


def _give(state: S, building: str, p: int, among: tuple[int, ...], route: str,
          events: list[Event]) -> S:
    state = _one(state, building, p, events)
    b = BUILDINGS.index(building)
    good, left = state.stacks[b]
    if left and among and len(set(among)) > 1 and left < len(among):
        frame = Frame.make("goods", state.current, route=route, building=building, among=among, good=good)
        return evolve(state, stack=(*state.stack, frame))
    for q in among:
        state = _one(state, building, q, events)
    return state


def _one(state: S, building: str, p: int, events: list[Event]) -> S:
    b = BUILDINGS.index(building)
    good, left = state.stacks[b]
    me = state.seat(p)
    if good and left:
        stacks = (*state.stacks[:b], (good, left - 1), *state.stacks[b + 1:])
        events.append(Event.lazy("goods", "P{}'s {} produces a {} card", p, building.title(), good.title(),
                                 rule="delivery.goods", actor=p, building=building, good=good))
        return evolve(state, stacks=stacks, seats=state.with_seat(p, goods=tuple(sorted((*me.goods, good)))))
    if good or state.config.rulings.empty_building == "vp":
        empty = f"the {building.title()} space is empty for good"
        why = f"the {good.title()} stack is out" if good else empty
        rule = "delivery.goods-depleted" if good else "ruling.empty-building"
        events.append(_e("goods-vp", f"P{p}'s {building.title()} produces nothing ({why}): +1 VP instead",
                         rule, p, building=building))
        return state.gain_vp(p, 1)
    events.append(_e("goods-none", f"P{p}'s {building.title()} produces nothing: its goods space is empty "
                     "for good",
                     "goods.no-upgrade", p, building=building))
    return state


def linked(state: StateLike, route: str) -> set[frozenset[str]]:
    """The cities each connected group joins, through the routes completed this turn, delivered
    or not (or only this one, mission_link="this-delivery") [delivery.mission] [ruling.mission-connected]
    [example.mission-seattle-detroit]."""
    link = state.config.rulings.mission_link
    if link == "this-delivery":
        routes = [route]
    else:  # delivered already or still to deliver this turn (or, "ever", any turn)
        earlier = state.ever if link == "ever" else state.delivered
        routes = list(dict.fromkeys((*earlier, route, *completed(state))))
    parent: dict[str, str] = {}

    def find(c: str) -> str:
        while parent.setdefault(c, c) != c:
            c = parent[c]
        return c

    for r in routes:
        first, *others = data.ROUTE[r].cities
        for c in others:
            parent[find(c)] = find(first)
    groups: dict[str, set[str]] = {}
    for c in list(parent):
        groups.setdefault(find(c), set()).add(c)
    return {frozenset(g) for g in groups.values()}


def _missions(state: S, route: str, events: list[Event]) -> S:
    """Missions whose two cities are now connected are revealed and scored, one card per
    pair and player in a turn [delivery.mission] [delivery.mission-duplicate] [ruling.missions].
    They are revealed at once, so none is forgotten [delivery.mission-forgotten]
    [ruling.mission-reveal]."""
    groups = linked(state, route)
    one = state.config.rulings.missions == "one"
    n = state.players
    for p in [(state.current - 1 + k) % n + 1 for k in range(n)]:
        me = state.seat(p)
        ready = sorted((c for c in me.power if (card := data.POWER.get(c)) is not None
                        and card.kind == "mission" and any(set(card.cities) <= g for g in groups)
                        and f"{p}:{data.pair(card)}" not in state.revealed),
                       key=lambda c: (-data.POWER[c].vp, c))
        done: list[str] = []
        for c in ready:
            pair = data.pair(data.POWER[c])
            if f"{p}:{pair}" in state.revealed or (one and done):
                continue
            card = data.POWER[c]
            power = list(me.power)
            power.remove(c)
            me = evolve(me, power=tuple(power), missions=(*me.missions, c))
            state = evolve(state, revealed=(*state.revealed, f"{p}:{pair}"))
            done.append(c)
            events.append(_e("mission", f"P{p} reveals mission {c}, {city_name(card.cities[0])} to "
                             f"{city_name(card.cities[1])}: {card.vp} VP at the end", "delivery.mission", p,
                             card=c, vp=card.vp))
        if done:
            state = evolve(state, seats=(*state.seats[:p - 1], me, *state.seats[p:]))
    return state


def _reclaim(state: S, route: str, events: list[Event]) -> S:
    """Player dice go back to their owners, bonus dice to the pool: the route's spaces only
    [delivery.reclaim] [ruling.reclaim-scope]."""
    board = list(state.board)
    back = 0
    routes = [route]
    if state.config.rulings.reclaim_scope == "stations":  # every route at the connected stations
        cities = set(data.ROUTE[route].cities)
        routes = [r.id for r in data.ROUTES if cities & set(r.cities)]
    for i in (i for r in routes for i in data.ROUTE_SPACES[r]):
        back += board[i][:1] == "B"
        board[i] = ""
    where = route_text(route) if len(routes) == 1 else "every route at " + ", ".join(
        city_name(c) for c in data.ROUTE[route].cities)
    events.append(_e("reclaim", f"The dice on {where} go back to their owners; {back} bonus "
                     f"{'die goes' if back == 1 else 'dice go'} to the pool", "delivery.reclaim", None,
                     route=route, bonus=back))
    pool = state.pool + back
    assert pool <= BONUS_DICE
    ever = state.ever if route in state.ever else tuple(sorted((*state.ever, route)))
    return evolve(state, board=tuple(board), pool=pool, delivered=(*state.delivered, route), ever=ever)


_DELIVERIES = Frame.make("deliveries", CHANCE)
