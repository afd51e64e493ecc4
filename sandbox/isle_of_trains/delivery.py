"""The Deliver action: one destination, any of its four deliveries, in one action.

Choosing `deliver BI` opens a frame at Billington's. From it the player delivers, in any order:
the primary contract (only with no island card beside the engine), a secondary contract of the
island card beside the engine, passengers to the ticket tile (leftmost empty space first, its
reward claimed), and special deliveries (any load, 2 cards each). A contract is paid load by
load (`use 3` takes cargo from card 3 of the train), so the player chooses which cargo goes.
Cabooses 1, 7, 9 and 10 add their abilities; `done` ends the delivery.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from sandbox.core.errors import Violation
from sandbox.core.events import Event
from sandbox.core.pending import CHANCE
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.actions import CODE, DESTINATIONS, Deliver, Part
from sandbox.isle_of_trains.model import Car, Frame, Held, Load

if TYPE_CHECKING:
    from sandbox.isle_of_trains.state import State

CARDS = data.card_types()
ISLANDS = {i.name: i for i in data.all_islands()}
TILES = {t.id: t for t in data.ticket_tiles()}
KINDS = ("coal", "oil", "box")
TRACK_END = 6


def has(state: State, p: int, caboose: str) -> bool:
    return any(c.card == caboose for c in state.player(p).train)


def cargo_loads(state: State, p: int) -> list[str]:
    return [ld.kind for car in state.player(p).train for ld in car.loads if ld.kind != "passenger"]


def feasible(need: dict[str, int], loads: list[str], spare_passenger: bool) -> bool:
    """Can these loads pay this cargo? Exact types first, then wild cards and Caboose 7's
    passenger for what is missing, then anything left for "any" icons."""
    left = dict(need)
    wild = sum(k == "any" for k in loads) + (1 if spare_passenger else 0)
    extra = 0
    for kind in KINDS:
        have = sum(k == kind for k in loads)
        used = min(have, left.get(kind, 0))
        left[kind] = left.get(kind, 0) - used
        extra += have - used
    missing = sum(left.get(k, 0) for k in KINDS)
    if missing > wild:
        return False
    wild -= missing
    return left.get("any", 0) <= wild + extra


def _need(contract) -> dict[str, int]:
    return contract.cargo.as_dict()


def _passenger_spare(state: State, p: int, frame: Frame | None) -> bool:
    """Caboose 7: once per Deliver action a loaded passenger may count as any cargo; Cabooses 7,
    9 and 10 use passengers already loaded [ruling.caboose-passengers]."""
    if not has(state, p, "K7") or (frame is not None and frame.get("k7", False)):
        return False
    return any(ld.kind == "passenger" for car in state.player(p).train for ld in car.loads)


def island_at(dest: str) -> str:
    return DESTINATIONS[dest]


def open_parts(state: State, p: int, dest: str, frame: Frame | None) -> list[Part]:
    """The deliveries `p` can make now at `dest` (before `done`)."""
    me = state.player(p)
    out: list[Part] = []
    spare = _passenger_spare(state, p, frame)
    loads = cargo_loads(state, p)
    name = island_at(dest)
    done = set(frame.get("parts", ())) if frame else set()
    beside = me.island_beside_engine
    if (
        "primary" not in done
        and beside is None
        and name in state.islands
        and feasible(_need(ISLANDS[name].primary), loads, spare)
    ):
        out.append(Part("primary"))
    # a secondary is delivered at its island's destination [ruling.secondary-where]
    if (
        beside is not None
        and "secondary" not in done
        and (state.config.rulings.secondary_at == "anywhere" or beside.island == name)
    ):
        for k, contract in enumerate(ISLANDS[beside.island].secondaries, 1):
            if feasible(_need(contract), loads, spare):
                out.append(Part("secondary", k))
    ticket = next((t for t in state.tickets if t.destination == dest), None)
    for pos, car in enumerate(me.train, 1):
        passengers = [ld for ld in car.loads if ld.kind == "passenger"]
        if ticket and len(ticket.filled) < 3 and any(ld.dest == dest for ld in passengers):
            out.append(Part("ticket", pos))
        if (
            has(state, p, "K9")
            and not (frame and frame.get("k9"))
            and any(ld.dest != dest and _ticket_space(state, ld.dest) for ld in passengers)
        ):
            out.append(Part("ticket9", pos))
        if (
            has(state, p, "K10")
            and not (frame and frame.get("k10"))
            and ticket
            and len(ticket.filled) < 3
            and any(ld.dest != dest for ld in passengers)
        ):
            out.append(Part("ticket10", pos))
        if car.loads:
            out.append(Part("special", pos))
    return out


def _ticket_space(state: State, dest: str) -> bool:
    t = next((t for t in state.tickets if t.destination == dest), None)
    return t is not None and len(t.filled) < 3


def deliver_violations(state: State, p: int, action: Deliver) -> list[Violation]:
    if action.dest not in state.destinations():  # no Research Station with 2-3 players
        return [Violation("deliver.one-destination", f"{DESTINATIONS.get(action.dest, action.dest)} is not "
                          "a destination in this game [ruling.research-station-destination]")]
    if not open_parts(state, p, action.dest, None):
        return [
            Violation(
                "turn.must-fulfil",
                f"P{p} has nothing to deliver at {DESTINATIONS[action.dest]}: "
                "no contract it can pay, no matching passenger, no load for a special delivery",
            )
        ]
    return []


def start(state: State, p: int, action: Deliver, events: list[Event]) -> State:
    """Open the delivery frame at one destination [deliver.action]; several delivery types may
    follow in the same action [deliver.several-types]."""
    events.append(
        Event(
            "deliver",
            f"P{p} delivers to {DESTINATIONS[action.dest]}",
            "deliver.one-destination",
            p,
            {"dest": action.dest},
        )
    )
    frames = [Frame.make("deliver", p, dest=action.dest, parts=(), aside=(), specials=0)]
    if has(state, p, "K1"):
        events.append(
            Event("caboose", f"P{p}'s Caboose 1: draw 1 card for the Deliver action", "caboose.1", p)
        )
        frames.append(Frame.make("draw", CHANCE, to=p, n=1, rule="caboose.1"))
    return replace(state, stack=(*state.stack, *frames))


def part_candidates(state: State, frame: Frame) -> list[Part]:
    p = frame.player
    if frame.kind == "contract":
        return [Part("use", pos) for pos in range(1, len(state.player(p).train) + 1)]
    parts = open_parts(state, p, frame.get("dest"), frame)
    return [*parts, Part("done")]


def part_violations(state: State, frame: Frame, part: Part) -> list[Violation]:
    p = frame.player
    if frame.kind == "contract":
        if part.kind != "use":
            return [Violation("deliver.primary", "pay the contract first: 'use N' takes cargo from card N")]
        return _use_violations(state, frame, part.pos)
    if part.kind == "done":
        if not frame.get("parts"):
            return [Violation("deliver.together", "deliver at least one thing before finishing")]
        return []
    if part in open_parts(state, p, frame.get("dest"), frame):
        return []
    reasons = {
        "primary": "deliver.primary-once",
        "secondary": "deliver.secondary",
        "ticket": "deliver.ticket",
        "ticket9": "caboose.9",
        "ticket10": "caboose.10",
        "special": "deliver.special",
        "use": "deliver.primary",
    }
    return [
        Violation(
            reasons.get(part.kind, "deliver.together"),
            f"{part} is not possible at {DESTINATIONS[frame.get('dest')]} now",
        )
    ]


def _use_violations(state: State, frame: Frame, pos: int) -> list[Violation]:
    p = frame.player
    train = state.player(p).train
    if not 1 <= pos <= len(train):
        return [Violation("deliver.primary", f"there is no card {pos} in the train")]
    if _pick(state, frame, pos) is None:
        return [
            Violation("deliver.primary", f"nothing on card {pos} helps pay what is left: {frame.get('need')}")
        ]
    return []


def _pick(state: State, frame: Frame, pos: int) -> tuple[int, str] | None:
    """The load of car `pos` to use (its index) and the icon it pays, keeping the rest payable."""
    p = frame.player
    need = dict(frame.get("need"))
    car = state.player(p).train[pos - 1]
    # once per Deliver action [caboose.7]: the mark is on the delivery's frame, not the contract's
    deliver = next(f for f in reversed(state.stack) if f.kind == "deliver")
    k7_open = not deliver.get("k7") and has(state, p, "K7")
    for i in range(len(car.loads) - 1, -1, -1):
        ld = car.loads[i]
        options = [ld.kind] if ld.kind in KINDS else list(KINDS) if ld.kind == "any" else []
        if ld.kind == "passenger":
            if not k7_open:
                continue
            options = list(KINDS)
        for icon in [*options, "any"]:
            if need.get(icon, 0) <= 0 or (icon == "any" and ld.kind == "passenger" and not k7_open):
                continue
            rest = dict(need)
            rest[icon] -= 1
            loads = [
                x.kind
                for c in state.player(p).train
                for j, x in enumerate(c.loads)
                if x.kind != "passenger" and not (c is car and j == i)
            ]
            spare = (
                k7_open
                and ld.kind != "passenger"
                and any(x.kind == "passenger" for c in state.player(p).train for x in c.loads)
            )
            if feasible(rest, loads, spare):
                return i, icon
    return None


def apply_part(state: State, frame: Frame, part: Part, events: list[Event]) -> State:
    p = frame.player
    dest = frame.get("dest")
    if frame.kind == "contract":
        return _use(state, frame, part.pos, events)
    deliver = frame
    if part.kind == "done":
        return _finish(state, deliver, events)
    deliver = deliver.with_(
        parts=(*deliver.get("parts"), part.kind if part.kind in ("primary", "secondary") else part.notation)
    )
    stack = (*state.stack[:-1], deliver)
    state = replace(state, stack=stack)
    if part.kind in ("primary", "secondary"):
        me = state.player(p)
        name = island_at(dest) if part.kind == "primary" else me.island_beside_engine.island
        contract = (
            ISLANDS[name].primary if part.kind == "primary" else ISLANDS[name].secondaries[part.pos - 1]
        )
        events.append(
            Event(
                "contract",
                f"P{p} starts paying the {part.kind} contract of {name}: {contract.cargo}",
                "deliver.primary" if part.kind == "primary" else "deliver.secondary",
                p,
            )
        )
        frame = Frame.make(
            "contract",
            p,
            island=name,
            which=part.kind,
            side=part.pos - 1,
            need=tuple(sorted(_need(contract).items())),
        )
        return replace(state, stack=(*state.stack, frame))
    if part.kind in ("ticket", "ticket9", "ticket10"):
        return _ticket(state, deliver, part, events)
    return _special(state, deliver, part.pos, events)


def _take_load(state: State, p: int, pos: int, index: int) -> tuple[State, Load]:
    train = list(state.player(p).train)
    car = train[pos - 1]
    load = car.loads[index]
    train[pos - 1] = Car(car.card, car.loads[:index] + car.loads[index + 1 :])
    return replace(state, players=state._with_player(p, train=tuple(train))), load


def _use(state: State, frame: Frame, pos: int, events: list[Event]) -> State:
    p = frame.player
    index, icon = _pick(state, frame, pos)
    state, load = _take_load(state, p, pos, index)
    need = dict(frame.get("need"))
    need[icon] -= 1
    bag, discard = list(state.bag), list(state.discard)
    deliver_i = max(i for i, f in enumerate(state.stack) if f.kind == "deliver")
    stack = list(state.stack)
    if load.kind == "passenger":  # Caboose 7
        bag.append(load.dest)
        stack[deliver_i] = stack[deliver_i].with_(k7=True)
        events.append(
            Event(
                "caboose",
                f"P{p}'s Caboose 7: a passenger for {DESTINATIONS[load.dest]} counts as "
                f"{icon} and returns to the bag",
                "caboose.7",
                p,
            )
        )
    else:
        discard.append(load.card)
        events.append(
            Event(
                "use",
                f"P{p} delivers {load.kind} ({load.card}) from card {pos} as {icon}",
                f"deliver.{frame.get('which')}",
                p,
            )
        )
    frame = frame.with_(need=tuple(sorted(need.items())))
    stack[-1] = frame
    state = replace(state, bag=tuple(sorted(bag)), discard=tuple(discard), stack=tuple(stack))
    if any(v > 0 for v in need.values()):
        return state
    return _complete(replace(state, stack=state.stack[:-1]), frame, events)


def _complete(state: State, frame: Frame, events: list[Event]) -> State:
    p, name = frame.player, frame.get("island")
    me = state.player(p)
    if frame.get("which") == "primary":  # the island card beside the engine [deliver.primary-take]
        events.append(
            Event(
                "island",
                f"P{p} completes the primary contract of {name}, takes the island card "
                f"and places it beside the engine ({ISLANDS[name].primary.vp} VP)",
                "deliver.primary",
                p,
            )
        )
        state = replace(
            state,
            islands=tuple(i for i in state.islands if i != name),
            players=state._with_player(p, islands=(*me.islands, Held(name))),
        )
        return advance(state, events)
    side = frame.get("side")
    contract = ISLANDS[name].secondaries[side]
    islands = tuple(Held(h.island, side) if h.side is None else h for h in me.islands)
    events.append(
        Event(
            "island",
            f"P{p} completes a secondary contract of {name}: the card is flipped and tucked "
            f"under the engine ({contract.total_vp} VP in all)",
            "deliver.secondary",
            p,
        )
    )
    return replace(state, players=state._with_player(p, islands=islands))


def advance(state: State, events: list[Event]) -> State:
    """The progress train moves one space [progress.advance]; after the deck ran out, whoever
    moves it onto the end space takes it [ruling.progress-train-deck-end]."""
    if state.progress >= TRACK_END:
        return state
    progress = state.progress + 1
    events.append(
        Event("progress", f"The progress train advances to space {progress}", "progress.advance", None)
    )
    state = replace(state, progress=progress)
    holder = any(pl.progress_train for pl in state.players)
    if state.ending == "deck" and progress >= state.end_space and not holder:
        events.append(
            Event(
                "progress-train",
                f"P{state.current} moves the progress train onto its end space and takes it",
                "ruling.progress-train-deck-end",
                state.current,
            )
        )
        state = replace(state, players=state._with_player(state.current, progress_train=True))
    return state


def _ticket(state: State, frame: Frame, part: Part, events: list[Event]) -> State:
    p, dest = frame.player, frame.get("dest")
    car = state.player(p).train[part.pos - 1]
    if part.kind == "ticket":
        index = max(i for i, ld in enumerate(car.loads) if ld.kind == "passenger" and ld.dest == dest)
    else:
        index = max(
            i
            for i, ld in enumerate(car.loads)
            if ld.kind == "passenger"
            and ld.dest != dest
            and (part.kind == "ticket10" or _ticket_space(state, ld.dest))
        )
    state, load = _take_load(state, p, part.pos, index)
    stack = list(state.stack)
    if part.kind == "ticket10":
        stack[-1] = stack[-1].with_(k10=True)
        ticket = next(t for t in state.tickets if t.destination == dest)
        reward = TILES[ticket.tile].rewards[len(ticket.filled)]
        events.append(
            Event(
                "caboose",
                f"P{p}'s Caboose 10: the passenger for {DESTINATIONS[load.dest]} is delivered "
                f"to {DESTINATIONS[dest]}, gains the reward of the leftmost empty space and returns "
                "to the bag",
                "caboose.10",
                p,
            )
        )
        state = replace(state, stack=tuple(stack), bag=tuple(sorted((*state.bag, load.dest))))
        return _reward(state, p, reward, events)
    if part.kind == "ticket9":
        stack[-1] = stack[-1].with_(k9=True)
        events.append(
            Event(
                "caboose",
                f"P{p}'s Caboose 9: a passenger also goes to {DESTINATIONS[load.dest]}",
                "caboose.9",
                p,
            )
        )
    state = replace(state, stack=tuple(stack))
    where = load.dest
    ticket = next(t for t in state.tickets if t.destination == where)
    reward = TILES[ticket.tile].rewards[len(ticket.filled)]
    filled = (*ticket.filled, where)
    tickets = tuple(replace(t, filled=filled) if t.destination == where else t for t in state.tickets)
    me = state.player(p)
    events.append(
        Event(
            "ticket",
            f"P{p} delivers a passenger to {DESTINATIONS[where]}: space {len(filled)} of the ticket tile",
            "deliver.ticket",
            p,
            {"dest": where},
        )
    )
    state = replace(
        state, tickets=tickets, players=state._with_player(p, delivered=tuple(sorted((*me.delivered, where))))
    )
    state = _reward(state, p, reward, events)
    if len(filled) == 3:
        events.append(
            Event(
                "ticket-full",
                f"The ticket tile at {DESTINATIONS[where]} is full",
                "deliver.ticket-last-space",
                p,
            )
        )
        state = advance(state, events)
    return state


def _reward(state: State, p: int, reward, events: list[Event]) -> State:
    """Claim a ticket space's reward [ticket.reward], read from the tile's data: [ticket.1]
    [ticket.2] [ticket.3] [ticket.4] [ticket.5] [ticket.6]."""
    parts = (
        ([f"{reward.cards} cards"] if reward.cards else [])
        + ([f"{reward.vp} VP"] if reward.vp else [])
        + ([f"a bonus {reward.bonus}"] if reward.bonus else [])
    )
    events.append(Event("reward", f"P{p} claims the reward: {', '.join(parts)}", "deliver.ticket", p))
    if reward.vp:
        state = replace(state, players=state._with_player(p, tokens=state.player(p).tokens + reward.vp))
    frames = []
    if reward.bonus:  # Loads through a ticket's +L go into your own train [deliver.ticket-bonus-own]
        frames.append(Frame.make("bonus-" + reward.bonus, p))
    if reward.cards:
        frames.append(Frame.make("draw", CHANCE, to=p, n=reward.cards, rule="deliver.ticket"))
    if not frames:
        return state
    # they run once the delivery is done: keep them under the deliver frame
    deliver_i = max(i for i, f in enumerate(state.stack) if f.kind == "deliver")
    stack = list(state.stack)
    stack[deliver_i:deliver_i] = frames
    return replace(state, stack=tuple(stack))


def _special(state: State, frame: Frame, pos: int, events: list[Event]) -> State:
    p = frame.player
    car = state.player(p).train[pos - 1]
    state, load = _take_load(state, p, pos, len(car.loads) - 1)
    stack = list(state.stack)
    stack[-1] = stack[-1].with_(
        aside=(*frame.get("aside"), load.dest if load.kind == "passenger" else load.card),
        specials=frame.get("specials") + 1,
    )
    events.append(
        Event("special", f"P{p} makes a special delivery of {load} (2 cards for it)", "deliver.special", p)
    )
    return replace(state, stack=tuple(stack))


def _finish(state: State, frame: Frame, events: list[Event]) -> State:
    """Special deliveries draw 2 cards each [deliver.special-cards], then their cargo goes to the
    discard pile and their passengers back to the bag [deliver.special-return]; no destination
    is needed for them [ruling.special-delivery]."""
    p = frame.player
    stack = list(state.stack[:-1])
    aside = frame.get("aside")
    if aside:
        stack.append(
            Frame.make(
                "set-aside",
                CHANCE,
                cards=tuple(a for a in aside if a not in CODE.values()),
                passengers=tuple(a for a in aside if a in CODE.values()),
            )
        )
        cards = 2 * frame.get("specials")
        stack.append(Frame.make("draw", CHANCE, to=p, n=cards, rule="deliver.special-cards"))
    events.append(Event("deliver-done", f"P{p} finishes the delivery", "deliver.together", p))
    return replace(state, stack=tuple(stack))
