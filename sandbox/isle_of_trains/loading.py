"""The Load action: what may go where, and what the loader gains.

A card is loaded as the cargo its icon shows (a card showing all three types as any one), or
face down as the car's type by discarding one more card. Loading into another player's car
gains its benefit, left to right: cards drawn, then a discard, VP tokens, then a bonus action
(Load, Build, Deliver or any Action) that may be declined and is lost if it cannot be taken.
Loads made through +A and +L go into the loader's own train.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from sandbox.core.errors import Violation
from sandbox.core.events import Event
from sandbox.core.pending import CHANCE
from sandbox.isle_of_trains.actions import DESTINATIONS, LoadCard, LoadPassenger, Spot
from sandbox.isle_of_trains.components import card_types
from sandbox.isle_of_trains.model import Car, Frame, Load

if TYPE_CHECKING:
    from sandbox.isle_of_trains.state import State

CARDS = card_types()
OWN_ONLY = ("bonus-A", "bonus-L", "bonus-L/D")  # [load.bonus-own-train]


def free(car: Car) -> int:
    return CARDS[car.card].spaces - len(car.loads)


def targets(state: State, p: int, own_only: bool) -> list[Spot]:
    """Every car with a free space that `p` may load into: on any train [load.target]."""
    out = []
    for q, pl in enumerate(state.players, 1):
        if own_only and q != p:
            continue
        for pos, car in enumerate(pl.train, 1):
            if free(car) > 0:
                out.append(Spot(q, pos))
    return out


def candidates(state: State, p: int, kind: str) -> list[LoadCard | LoadPassenger]:
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


def loaded_kind(card: str, holds: str, face_down: bool) -> str:
    """What a card counts as once loaded [ruling.loaded-type] [load.any-icon]: the car's type in a
    typed car; its own icon in Caboose 3 [caboose.3], where a card showing all types stays "any"."""
    if holds in ("coal", "oil", "box"):
        return holds
    return CARDS[card].cargo


def violations(state: State, p: int, kind: str, load: LoadCard | LoadPassenger) -> list[Violation]:
    me = state.player(p)
    spot = load.into
    if not 1 <= spot.player <= len(state.players):
        return [Violation("load.space", f"there is no player {spot.player}")]
    train = state.player(spot.player).train
    if not 1 <= spot.pos <= len(train):
        return [
            Violation(
                "load.space", f"P{spot.player}'s train has {len(train)} cards; there is no card {spot.pos}"
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
        out.append(Violation("load.space", f"{t.name} is full ({t.spaces} of {t.spaces} spaces used)"))
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
    if load.card not in me.hand:
        return [*out, Violation("load.cargo-type", f"{load.card} is not in P{p}'s hand")]
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
                Violation("load.face-down", "a face-down load needs one more card from the hand to discard")
            )
    elif icon not in (t.holds, "any"):
        out.append(
            Violation(
                "load.cargo-type",
                f"{load.card} shows {icon}; {t.name} takes {t.holds} (or load it "
                "face down by discarding one more card)",
            )
        )
    return out


def apply(state: State, p: int, load: LoadCard | LoadPassenger, events: list[Event]) -> State:
    me = state.player(p)
    spot = load.into
    owner = state.player(spot.player)
    car = owner.train[spot.pos - 1]
    t = CARDS[car.card]
    frames: list[Frame] = []
    if isinstance(load, LoadPassenger):
        supply = list(me.supply)
        supply.remove(load.dest)
        item = Load("passenger", dest=load.dest)
        state = replace(state, players=state._with_player(p, supply=tuple(supply)))
        what = f"a passenger for {DESTINATIONS[load.dest]}"
    else:
        hand = list(me.hand)
        hand.remove(load.card)
        item = Load(loaded_kind(load.card, t.holds, load.face_down), card=load.card, face_down=load.face_down,
                    by=p if load.face_down else 0)
        state = replace(state, players=state._with_player(p, hand=tuple(hand)))
        what = f"{load.card} as {item.kind}" + (" face down" if load.face_down else "")
        if load.face_down:
            frames.append(Frame.make("extra", p, n=1))
    train = list(state.player(spot.player).train)
    train[spot.pos - 1] = Car(car.card, (*car.loads, item))
    state = replace(state, players=state._with_player(spot.player, train=tuple(train)))
    whose = "their own" if spot.player == p else f"P{spot.player}'s"
    text = f"P{p} loads {what} into {whose} {t.name}"
    payload = {"into": spot.notation, "kind": item.kind}
    if item.face_down:  # the card's face is the loader's secret [load.face-down]
        hidden = f"P{p} loads a card face down as {item.kind} into {whose} {t.name}"
        events.append(Event("load", text, "load.space", p, payload, p, hidden))
    else:
        events.append(Event("load", text, "load.space", p, payload))
    # the loader's own cabooses serve only their owner [caboose.owner] [ruling.caboose-owner-loads]
    draws = 0
    if item.kind == "coal" and any(c.card == "K2" for c in me.train):
        draws += 1
        events.append(Event("caboose", f"P{p}'s Caboose 2: a coal loaded, draw 1 card", "caboose.2", p))
    if item.kind == "passenger" and any(c.card == "K8" for c in me.train):
        draws += 2
        events.append(Event("caboose", f"P{p}'s Caboose 8: a passenger loaded, draw 2 cards", "caboose.8", p))
    # the car's benefit, from its card data: engines [car.engine] [car.E1] [car.E2] [car.E3],
    # coaches [car.C1] [car.C2] [car.C3], hoppers [car.H1] [car.H2] [car.H3], tankers [car.T1]
    # [car.T2] [car.T3], boxcars [car.X1] [car.X2] [car.X3]
    benefit = t.benefit
    bonus: list[Frame] = []
    if spot.player == p:
        if benefit:
            events.append(
                Event(
                    "no-benefit", f"Loading into your own {t.name} gains no benefit", "load.own-no-benefit", p
                )
            )
    elif benefit and benefit.on == item.kind:
        events.append(
            Event(
                "benefit",
                f"P{p} gains the {t.name}'s benefit: {benefit}",
                "load.benefit",
                p,
                {"car": car.card},
            )
        )
        draws += benefit.cards
        if benefit.vp:
            state = replace(state, players=state._with_player(p, tokens=state.player(p).tokens + benefit.vp))
        if benefit.discard:
            bonus.append(Frame.make("discard", p, n=benefit.discard))
        if benefit.bonus:
            bonus.insert(0, Frame.make("bonus-" + benefit.bonus, p))
    # frames run top first: the extra card, the draws, the discard, then the bonus [load.benefit-order]
    stack = [*state.stack, *bonus]
    if draws:
        stack.append(Frame.make("draw", CHANCE, to=p, n=draws, rule="load.benefit"))
    stack += frames
    return replace(state, stack=tuple(stack))
