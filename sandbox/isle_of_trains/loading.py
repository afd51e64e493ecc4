"""The Load action: what may go where, and what the loader gains.

A card is loaded as the cargo its icon shows (a card showing all three types as any one), or
face down as the car's type by discarding one more card. Loading into another player's car
gains its benefit, left to right: cards drawn, then a discard, VP tokens, then a bonus action
(Load, Build, Deliver or any Action) that may be declined and is lost if it cannot be taken.
Loads made through +A and +L go into the loader's own train. Solo, loading into your own car
gains its benefit, except for loads made through a bonus action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sandbox.core.decision import Frame
from sandbox.core.errors import Violation
from sandbox.core.events import Event
from sandbox.core.frozen import made
from sandbox.core.pending import CHANCE
from sandbox.core.state import amend, evolve
from sandbox.core.words import plural
from sandbox.isle_of_trains.actions import (
    DESTINATIONS,
    LOAD_CARDS,
    LOAD_PASSENGERS,
    SPOTS,
    LoadCard,
    LoadPassenger,
    Spot,
)
from sandbox.isle_of_trains.components import card_name, card_types
from sandbox.isle_of_trains.index import TrainIndex, index_of
from sandbox.isle_of_trains.model import Car, Load, car_of, distinct, make_frame

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
    from sandbox.isle_of_trains.model import S, StateLike
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

CARDS = card_types()
OWN_ONLY = ("bonus-A", "bonus-L", "bonus-L/D")  # [load.bonus-own-train]


def free(car: Car) -> int:
    return CARDS[car.card].spaces - len(car.loads)


def targets(state: StateLike, p: int, own_only: bool) -> list[Spot]:
    """Every car with a free space that `p` may load into: on any train [load.target]."""
    out = []
    for q, pl in enumerate(state.players, 1):
        if own_only and q != p:
            continue
        for pos, car in enumerate(pl.train, 1):
            if free(car) > 0:
                out.append(Spot(q, pos))
    return out


def candidates(state: StateLike, p: int, kind: str) -> list[LoadCard | LoadPassenger]:
    me = state.player(p)
    spots = targets(state, p, kind in OWN_ONLY)
    out: list[LoadCard | LoadPassenger] = []
    for spot in spots:
        holds = CARDS[state.player(spot.player).train[spot.pos - 1].card].holds
        if holds == "passenger":
            out += [LoadPassenger(d, spot) for d in dict.fromkeys(me.supply)]
        else:
            for card in dict.fromkeys(c for c in me.hand if c in CARDS):
                out.append(LoadCard(card, spot))
                if holds != "any":
                    out.append(LoadCard(card, spot, face_down=True))
    return out


FITS = {holds: frozenset(cid for cid, t in CARDS.items() if t.cargo in (holds, "any"))
        for holds in ("coal", "oil", "box")}
"""The cards that may go face up into a car holding each cargo type [load.cargo-type]."""
DOWN = {cid: f"{cid} down" for cid in CARDS}
"""A card loaded face down, as a key of a place's loads (a card id alone is the card face up)."""


def _load(spot: Spot, key: str) -> LoadCard | LoadPassenger:
    """The load into `spot` a key names: a card id -> the LoadCard face up, its `DOWN` key ->
    face down, a destination code -> the LoadPassenger (no card id is a destination code)."""
    if key in DESTINATIONS:
        return LOAD_PASSENGERS[key, spot]
    if key.endswith(" down"):
        return LOAD_CARDS[key[:-5], spot, True]
    return LOAD_CARDS[key, spot, False]


PLACE_LOADS: dict[tuple[int, int], dict[str, LoadCard | LoadPassenger]] = {}
"""The loads into each place on a train (by its spot's player and position: a pair of numbers
hashes in C, a `Spot` through its dataclass's `__hash__`, run as plain Python) by their string
key (`_load`), filled as they are asked for: plain dicts, whose lookups by a string (its hash
kept) cost least."""


@cython.cfunc
def places(index: TrainIndex, q: int) -> tuple[tuple[str, Spot, dict[str, Any]], ...]:
    """(what it holds, where, the loads into it) of every free place on the train at seat `q`,
    made once per train: a legal-action list reads it for every train at every main action."""
    made = index.places
    if made is None or made[0] != q:
        rows = []
        for pos, holds in index.free:
            key = (q, pos)
            loads = PLACE_LOADS.get(key)
            if loads is None:
                loads = PLACE_LOADS[key] = {}
            rows.append((holds, SPOTS[key], loads))
        made = index.places = (q, tuple(rows))
    return made[1]


@cython.locals(out=list, keys=dict, cards=list, what=list, hand=tuple, loads=dict, holds=str,
               q=cython.Py_ssize_t, p=cython.Py_ssize_t, face_down=cython.bint, own_only=cython.bint,
               k3_anyone=cython.bint)
def legal(state: StateLike, p: int, kind: str, out: list[Any]) -> None:
    """Every legal Load, in the order of `candidates`, straight from the tables: a passenger
    beside the engine into any car with a free passenger space; a card face up where its icon
    matches (or into Caboose 3, which takes any cargo), face down into a typed car while another
    card is left to discard [load.space] [load.cargo-type] [load.face-down] [load.target]. What
    goes into a kind of car is worked out once; each free place maps it to its actions."""
    me = state.players[p - 1]
    own_only = kind in OWN_ONLY
    hand = me.hand
    cards = distinct(hand, CARDS)
    face_down = len(hand) >= 2
    k3_anyone = state.config.rulings.caboose_3_loaders != "owner"
    keys: dict[str | None, list[Any]] = {}
    q = 0
    for pl in state.players:
        q += 1
        if own_only and q != p:
            continue
        for holds, spot, loads in places(index_of(pl), q):
            if holds == "any" and not (k3_anyone or q == p):  # [ruling.caboose-3-goods]
                continue
            what = keys.get(holds)
            if what is None:
                if holds == "passenger":
                    what = distinct(me.supply, DESTINATIONS)
                elif holds == "any":  # Caboose 3 takes any cargo as it is [caboose.3]
                    what = cards
                else:
                    fits = FITS[holds]
                    what = []
                    for c in cards:
                        if c in fits:
                            what.append(c)
                        if face_down:
                            what.append(DOWN[c])
                keys[holds] = what
            for key in what:
                load = loads.get(key)
                if load is None:
                    load = loads[key] = _load(spot, key)
                out.append(load)


def loaded_kind(card: str, holds: str, face_down: bool) -> str:
    """What a card counts as once loaded [ruling.loaded-type] [load.any-icon]: the car's type in a
    typed car; its own icon in Caboose 3 [caboose.3], where a card showing all types stays "any"."""
    if holds in ("coal", "oil", "box"):
        return holds
    return CARDS[card].cargo


def violations(state: StateLike, p: int, kind: str, load: LoadCard | LoadPassenger) -> list[Violation]:
    me = state.player(p)
    spot = load.into
    if not 1 <= spot.player <= len(state.players):
        return [Violation("load.space", f"there is no player {spot.player}")]
    train = state.player(spot.player).train
    if not 1 <= spot.pos <= len(train):
        return [
            Violation(
                "load.space",
                f"P{spot.player}'s train has {plural(len(train), 'card')}; there is no card {spot.pos}",
            )
        ]
    out: list[Violation] = []
    if kind in OWN_ONLY and spot.player != p:
        out.append(
            Violation("load.bonus-own-train", "a load through a +A or +L bonus goes into your own train")
        )
    car = train[spot.pos - 1]
    t = CARDS[car.card]
    if free(car) <= 0:
        out.append(Violation("load.space", f"{t.name} is full ({t.spaces} of {t.spaces} spaces used)",
                             {"spaces": t.spaces, "used": len(car.loads)}))
    if isinstance(load, LoadPassenger):
        if t.holds != "passenger":
            out.append(Violation("load.space", f"{t.name} carries {t.holds or 'nothing'}, not passengers"))
        if load.dest not in me.supply:
            out.append(
                Violation(
                    "load.passenger",
                    f"P{p} has no passenger for {DESTINATIONS.get(load.dest, load.dest)} beside the engine",
                )
            )
        return out
    if missing := state._in_hand(p, load.card, "load.cargo-type"):
        return [*out, *missing]
    if t.holds in (None, "passenger"):
        return [*out, Violation("load.space", f"{t.name} carries {t.holds or 'nothing'}, not cargo")]
    if t.holds == "any":
        if load.face_down:
            out.append(
                Violation("ruling.caboose-3-goods", "Caboose 3 takes any cargo as it is: no face-down load")
            )
        if state.config.rulings.caboose_3_loaders == "owner" and spot.player != p:
            out.append(Violation("ruling.caboose-3-goods", "only its owner stores goods in Caboose 3"))
        return out
    icon = CARDS[load.card].cargo
    if load.face_down:
        if len(me.hand) < 2:
            out.append(
                Violation("load.face-down", "a face-down load needs one more card from the hand to discard",
                          {"hand": len(me.hand)})
            )
    elif icon not in (t.holds, "any"):
        out.append(
            Violation(
                "load.cargo-type",
                f"{card_name(load.card)} shows {icon}; {t.name} takes {t.holds} (or load it "
                "face down by discarding one more card)",
            )
        )
    return out


def apply(state: S, p: int, load: LoadCard | LoadPassenger, events: list[Event], *,
          bonus: bool = False) -> S:
    """Load, then what the loader gains; `bonus`: the load is a bonus action's (+A, +L, +L/D)."""
    players = list(state.players)
    me = players[p - 1]
    spot = load.into
    q = spot.player
    car = players[q - 1].train[spot.pos - 1]
    t = CARDS[car.card]
    frames: list[Frame] = []
    whose = "their own" if q == p else f"P{q}'s"
    if type(load) is LoadPassenger:
        supply = me.supply
        i = supply.index(load.dest)
        item = made(Load, {"kind": "passenger", "card": "", "dest": load.dest, "face_down": False, "by": 0})
        me = players[p - 1] = evolve(me, supply=supply[:i] + supply[i + 1:])
        events.append(Event("load", "P{} loads a passenger for {} into {} {}", "load.space", p,
                            {"into": spot.notation, "kind": "passenger"}, None, "",
                            (p, DESTINATIONS[load.dest], whose, t.name)))
    else:
        assert isinstance(load, LoadCard)
        hand = me.hand
        i = hand.index(load.card)
        down = load.face_down
        assert t.holds is not None
        item = made(Load, {"kind": loaded_kind(load.card, t.holds, down), "card": load.card, "dest": "",
                           "face_down": down, "by": p if down else 0})
        me = players[p - 1] = evolve(me, hand=hand[:i] + hand[i + 1:])
        payload = {"into": spot.notation, "kind": item.kind}
        named = card_name(load.card, with_code=True)
        if down:  # the card's face is the loader's secret [load.face-down]
            frames.append(make_frame("extra", p, n=1))
            hidden = f"P{p} loads a card face down as {item.kind} into {whose} {t.name}"
            events.append(Event("load", "P{} loads {} as {} face down into {} {}", "load.space", p, payload,
                                p, hidden, (p, named, item.kind, whose, t.name)))
        else:
            events.append(Event("load", "P{} loads {} as {} into {} {}", "load.space", p, payload, None, "",
                                (p, named, item.kind, whose, t.name)))
    owner = players[q - 1]
    train = owner.train
    pos = spot.pos
    loaded = car_of(car.card, (*car.loads, item))
    players[q - 1] = evolve(owner, train=(*train[:pos - 1], loaded, *train[pos:]))
    # the loader's own cabooses serve only their owner [caboose.owner] [ruling.caboose-owner-loads];
    # each draw cites its own rule, so the log says why every card came
    draws: list[Frame] = []
    cabooses = index_of(state.players[p - 1]).cabooses
    if item.kind == "coal" and "K2" in cabooses:
        draws.append(make_frame("draw", CHANCE, to=p, n=1, rule="caboose.2"))
        events.append(Event("caboose", f"P{p}'s Caboose 2: a coal loaded, draw 1 card", "caboose.2", p))
    if item.kind == "passenger" and "K8" in cabooses:
        draws.append(make_frame("draw", CHANCE, to=p, n=2, rule="caboose.8"))
        events.append(Event("caboose", f"P{p}'s Caboose 8: a passenger loaded, draw 2 cards", "caboose.8", p))
    # the car's benefit, from its card data: engines [car.engine] [car.E1] [car.E2] [car.E3],
    # coaches [car.C1] [car.C2] [car.C3], hoppers [car.H1] [car.H2] [car.H3], tankers [car.T1]
    # [car.T2] [car.T3], boxcars [car.X1] [car.X2] [car.X3]
    benefit = t.benefit
    then: list[Frame] = []
    solo = len(players) == 1  # solo your own cars' benefits are yours [solo.own-benefit]
    if solo and bonus:  # [solo.bonus-no-benefit], every bonus load alike [ruling.solo-bonus-loads]
        if benefit and benefit.on == item.kind:
            events.append(Event.lazy("no-benefit", "A load through a bonus action gains no benefit: the {}'s "
                                     "is not gained", t.name, rule="solo.bonus-no-benefit", actor=p))
    elif q == p and not solo:
        if benefit:
            events.append(Event.lazy("no-benefit", "Loading into your own {} gains no benefit", t.name,
                                     rule="load.own-no-benefit", actor=p))
    elif benefit and benefit.on == item.kind:
        events.append(Event.lazy("benefit", "P{} gains the {}'s benefit: {}", p, t.name, benefit,
                                 rule="solo.own-benefit" if solo else "load.benefit", actor=p, car=car.card))
        if benefit.cards:
            draws.append(make_frame("draw", CHANCE, to=p, n=benefit.cards, rule="load.benefit"))
        if benefit.vp:
            me = players[p - 1]
            players[p - 1] = evolve(me, tokens=me.tokens + benefit.vp)
        if benefit.discard:
            then.append(make_frame("discard", p, n=benefit.discard))
        if benefit.bonus:
            then.insert(0, make_frame("bonus-" + benefit.bonus, p))
    # frames run top first: the extra card, the draws (cabooses, then the benefit), the discard,
    # then the bonus [load.benefit-order]
    stack = state.stack
    if then or draws or frames:
        stack = (*stack, *then, *reversed(draws), *frames)
    return amend(state, players=tuple(players), stack=stack)  # `state` is `_act`'s private copy
