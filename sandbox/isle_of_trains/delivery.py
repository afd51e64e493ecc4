"""The Deliver action: one destination, any of its four deliveries, in one action.

Choosing `deliver BI` opens a frame at Billington's. From it the player delivers, in any order:
the primary contract (only with no island card beside the engine), a secondary contract of the
island card beside the engine, passengers to the ticket tile (leftmost empty space first, its
reward claimed), and special deliveries (any load, 2 cards each). A contract is paid load by
load (`use 3` takes cargo from card 3 of the train), so the player chooses which cargo goes.
Cabooses 1, 7, 9 and 10 add their abilities; `done` ends the delivery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sandbox.core.decision import Frame, frame_of
from sandbox.core.errors import Violation
from sandbox.core.events import Event
from sandbox.core.pending import CHANCE
from sandbox.core.state import amend, evolve
from sandbox.core.words import plural
from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.actions import CODE, DELIVERS, DESTINATIONS, DONE, PARTS, Deliver, Part
from sandbox.isle_of_trains.chapters import contract_rules
from sandbox.isle_of_trains.index import index_of
from sandbox.isle_of_trains.model import Car, Held, Load, Ticket, car_of, make_frame

if TYPE_CHECKING:
    from sandbox.isle_of_trains.model import S, StateLike

CARDS = data.card_types()
ISLANDS = {i.name: i for i in data.all_islands()}
TILES = {t.id: t for t in data.ticket_tiles()}
KINDS = ("coal", "oil", "box")
TRACK_END = 6
FREE_CONTRACTS = any(c.cargo.total == 0 for i in ISLANDS.values() for c in (i.primary, *i.secondaries))
"""Whether some contract asks for no cargo (none does): only then can an empty train deliver."""


def has(state: StateLike, p: int, caboose: str) -> bool:
    return caboose in index_of(state.players[p - 1]).cabooses


def cargo_loads(state: StateLike, p: int) -> list[str]:
    return list(index_of(state.players[p - 1]).cargo)


def feasible(need: dict[str, int], loads: list[str] | tuple[str, ...], spare_passenger: bool) -> bool:
    """Can these loads pay this cargo? Exact types first, then wild cards and Caboose 7's
    passenger for what is missing, then anything left for "any" icons."""
    wild = loads.count("any") + (1 if spare_passenger else 0)
    extra = missing = 0
    for kind in KINDS:
        have = loads.count(kind)
        wanted = need.get(kind, 0)
        if have >= wanted:
            extra += have - wanted
        else:
            missing += wanted - have
    if missing > wild:
        return False
    return need.get("any", 0) <= wild - missing + extra


PAYABLE: dict[tuple[int, tuple[str, ...], bool], bool] = {}


def payable(contract: data.Contract, loads: tuple[str, ...], spare_passenger: bool) -> bool:
    """`feasible` for one of the game's contracts and a train's cargo (`TrainIndex.cargo`),
    worked out once: trains carry the same few combinations of cargo again and again."""
    key = (id(contract), loads, spare_passenger)
    found = PAYABLE.get(key)
    if found is None:
        if len(PAYABLE) >= 2_000:
            PAYABLE.clear()
        found = PAYABLE[key] = feasible(_need(contract), loads, spare_passenger)
    return found


NEEDS: dict[int, dict[str, int]] = {}


def _need(contract: data.Contract) -> dict[str, int]:
    """The cargo a contract asks for, by icon (read only: shared)."""
    need = NEEDS.get(id(contract))
    if need is None:
        need = NEEDS[id(contract)] = contract.cargo.as_dict()
    return need


def _passenger_spare(state: StateLike, p: int, frame: Frame | None) -> bool:
    """Caboose 7: once per Deliver action a loaded passenger may count as any cargo; Cabooses 7,
    9 and 10 use passengers already loaded [ruling.caboose-passengers]."""
    if not has(state, p, "K7") or (frame is not None and frame.get("k7", False)):
        return False
    return index_of(state.players[p - 1]).passengers > 0


def island_at(dest: str) -> str:
    return DESTINATIONS[dest]


def passengers_on(car: Car) -> list[str]:
    """The destinations of the passengers on a car, each once, in code order: a passenger the
    player moves (special, Caboose 7, 9, 10) is named by its destination. Only a car with
    passenger spaces carries any [load.space]."""
    if CARDS[car.card].holds != "passenger":
        return []
    return sorted({ld.dest for ld in car.loads})


def owner_of(state: StateLike, island: str) -> int | None:
    return next((q for q, pl in enumerate(state.players, 1) if any(h.island == island for h in pl.islands)),
                None)


def open_parts(state: StateLike, p: int, dest: str, frame: Frame | None) -> list[Part]:
    """The deliveries `p` can make now at `dest` (before `done`), as shared Part objects."""
    return _open(state, p, dest, dict(frame.data) if frame is not None else {})


def _open(state: StateLike, p: int, dest: str, marks: dict[str, Any]) -> list[Part]:
    """`open_parts`, with the delivery frame's data (`marks`) read once."""
    me = state.players[p - 1]
    out: list[Part] = []
    index = index_of(me)
    cabooses = index.cabooses
    spare = "K7" in cabooses and not marks.get("k7") and index.passengers > 0  # [caboose.7]
    loads = index.cargo
    name = island_at(dest)
    done = marks.get("parts", ())
    beside = me.island_beside_engine
    rules = contract_rules(state.config)
    if (
        "primary" not in done
        and (beside is None or rules.piles_up)
        and name in state.islands
        and payable(ISLANDS[name].primary, loads, spare)
    ):
        out.append(PARTS["primary", 0, ""])
    # a secondary is delivered at its island's destination [ruling.secondary-where]
    if (
        beside is not None
        and not rules.no_secondary
        and "secondary" not in done
        and (state.config.rulings.secondary_at == "anywhere" or beside.island == name)
    ):
        for k, contract in enumerate(ISLANDS[beside.island].secondaries, 1):
            if payable(contract, loads, spare):
                out.append(PARTS["secondary", k, ""])
    if not index.loads:
        return out
    ticket = ticket_at(state, dest)
    room = ticket is not None and len(ticket.filled) < 3
    k9 = "K9" in cabooses and not marks.get("k9")  # [caboose.9]
    k10 = "K10" in cabooses and not marks.get("k10") and room  # [caboose.10]
    pos = 0
    for car in me.train:
        pos += 1
        if not car.loads:
            continue
        aboard = passengers_on(car)
        if not aboard:
            out.append(PARTS["special", pos, ""])
            continue
        if room and dest in aboard:
            out.append(PARTS["ticket", pos, ""])
        if k9:
            out += [PARTS["ticket9", pos, d] for d in aboard if d != dest and _ticket_space(state, d)]
        if k10:
            out += [PARTS["ticket10", pos, d] for d in aboard if d != dest]
        out += [PARTS["special", pos, d] for d in aboard]
    return out


def ticket_at(state: StateLike, dest: str) -> Ticket | None:
    """The ticket tile at destination `dest`, if the game has one there."""
    for t in state.tickets:
        if t.destination == dest:
            return t
    return None


def _ticket_space(state: StateLike, dest: str) -> bool:
    t = ticket_at(state, dest)
    return t is not None and len(t.filled) < 3


def open_at(state: StateLike, p: int, dest: str) -> tuple[Part, ...]:
    """The deliveries P`p` could start at `dest` now, worked out once per state and destination."""
    memo = state.memo
    key = ("open", p, dest)
    parts = memo.get(key)
    if parts is None:
        parts = memo[key] = tuple(open_parts(state, p, dest, None))
    return parts


def legal_delivers(state: StateLike, p: int, out: list[Any]) -> None:
    """Every destination where P`p` has something to deliver. Any load on the train can go as a
    special delivery, at any destination [deliver.special] [ruling.special-delivery]; an empty
    train pays no contract, has no passenger for a ticket tile and nothing to deliver."""
    codes = state.destinations()
    if index_of(state.players[p - 1]).loads:
        out += [DELIVERS[code] for code in codes]
    elif FREE_CONTRACTS:
        out += [DELIVERS[code] for code in codes if open_at(state, p, code)]


def legal_parts(state: StateLike, frame: Frame) -> list[Part]:
    """The legal parts of the delivery or contract on top, in the order of `part_candidates`:
    a contract's `use N` where `_pick` finds a load that keeps the rest payable; a delivery's
    open parts, then `done` once something was delivered."""
    if frame.kind == "contract":
        return [part for part in part_candidates(state, frame)
                if _pick(state, frame, part.pos, part.dest) is not None]
    marks = dict(frame.data)
    parts = _open(state, frame.player, marks["dest"], marks)
    if marks["parts"]:
        parts.append(DONE)
    return parts


def deliver_violations(state: StateLike, p: int, action: Deliver) -> list[Violation]:
    if action.dest not in state.destinations():  # no Research Station with 2-3 players
        return [Violation("deliver.one-destination", f"{DESTINATIONS.get(action.dest, action.dest)} is not "
                          "a destination in this game [ruling.research-station-destination]")]
    if not open_at(state, p, action.dest):
        return [
            Violation(
                "turn.must-fulfil",
                f"P{p} has nothing to deliver at {DESTINATIONS[action.dest]}: "
                "no contract it can pay, no matching passenger, no load for a special delivery",
            )
        ]
    return []


def start(state: S, p: int, action: Deliver, events: list[Event]) -> S:
    """Open the delivery frame at one destination [deliver.action]; several delivery types may
    follow in the same action [deliver.several-types]."""
    events.append(Event.lazy("deliver", "P{} delivers to {}", p, DESTINATIONS[action.dest],
                             rule="deliver.one-destination", actor=p, dest=action.dest))
    frames = [make_frame("deliver", p, dest=action.dest, parts=(), aside=(), specials=0)]
    if has(state, p, "K1"):
        events.append(
            Event("caboose", f"P{p}'s Caboose 1: draw 1 card for the Deliver action", "caboose.1", p)
        )
        frames.append(make_frame("draw", CHANCE, to=p, n=1, rule="caboose.1"))
    return amend(state, stack=(*state.stack, *frames))  # `state` is `_act`'s private copy


def part_candidates(state: StateLike, frame: Frame) -> list[Part]:
    p = frame.player
    if frame.kind == "contract":  # cargo by its car; a passenger (Caboose 7) by its destination too
        out: list[Part] = []
        for pos, car in enumerate(state.player(p).train, 1):
            aboard = passengers_on(car)
            out += [Part("use", pos, d) for d in aboard] if aboard else [Part("use", pos)]
        return out
    parts = open_parts(state, p, frame.get("dest"), frame)
    return [*parts, Part("done")]


def part_violations(state: StateLike, frame: Frame, part: Part) -> list[Violation]:
    """Legality comes from the parts open now (`open_parts`); a refusal says why, with numbers."""
    p = frame.player
    if frame.kind == "contract":
        if part.kind != "use":
            return [Violation(f"deliver.{frame.get('which')}", f"P{p} is paying the {frame.get('which')} "
                              f"contract of {frame.get('island')} first: 'use N' takes cargo from card N")]
        return _use_violations(state, frame, part)
    if part.kind == "use":
        return [Violation("deliver.primary", "'use N' pays a contract being delivered: choose 'primary' or "
                                             "'secondary K' first")]
    if part.kind == "done":
        if not frame.get("parts"):
            return [Violation("deliver.together", "deliver at least one thing before finishing")]
        return []
    if part in open_parts(state, p, frame.get("dest"), frame):
        return []
    why = {"primary": _primary_refusal, "secondary": _secondary_refusal, "ticket": _ticket_refusal,
           "ticket9": _ticket_refusal, "ticket10": _ticket_refusal, "special": _special_refusal}
    reasons = why[part.kind](state, frame, part) if part.kind in why else []
    return reasons or [Violation("deliver.together",
                                 f"{part} is not possible at {DESTINATIONS[frame.get('dest')]} now")]


def icons(need: dict[str, int]) -> str:
    """Cargo icons in words: '2 coal + 1 box', 'nothing'."""
    words = {"any": "of any type"}
    ordered = sorted(need.items(), key=lambda x: ICON_ORDER[x[0]])
    return " + ".join(f"{n} {words.get(k, k)}" for k, n in ordered if n > 0) or "nothing"


ICON_ORDER = {"coal": 0, "oil": 1, "box": 2, "any": 3}


def _carried(state: StateLike, p: int, frame: Frame | None) -> str:
    """What P`p`'s train carries towards a contract: its cargo by type, and a passenger that
    Caboose 7 may count [caboose.7]."""
    loads = cargo_loads(state, p)
    have = {k: loads.count(k) for k in ICON_ORDER if loads.count(k)}
    text = f"P{p}'s train carries {icons(have)}"
    if _passenger_spare(state, p, frame):
        text += " and a passenger Caboose 7 can count as any cargo"
    return text


def _numbers(state: StateLike, p: int, need: dict[str, int]) -> dict[str, Any]:
    """A contract refusal's numbers: the cargo needed and carried, by icon."""
    loads = cargo_loads(state, p)
    return {"need": {k: n for k, n in need.items() if n}, "carried": {k: loads.count(k) for k in ICON_ORDER}}


def _primary_refusal(state: StateLike, frame: Frame, part: Part) -> list[Violation]:
    p, name = frame.player, island_at(frame.get("dest"))
    if "primary" in frame.get("parts", ()):
        return [Violation("deliver.primary-once", f"P{p} has already taken the island card of {name} in "
                                                  "this delivery")]
    holder = owner_of(state, name)
    if holder == p:
        return [Violation("deliver.island-owner", f"P{p} completed the primary contract of {name} already: "
                                                  f"its island card is P{p}'s")]
    if holder is not None:
        return [Violation("deliver.island-owner", f"P{holder} holds the island card of {name}: only "
                                                  f"P{holder} can complete its contracts")]
    out = []
    beside = state.player(p).island_beside_engine
    if beside is not None and not contract_rules(state.config).piles_up:
        out.append(Violation("deliver.primary-once", f"P{p} has the island card of {beside.island} beside "
                             "the engine: complete one of its secondary contracts before taking a new "
                             "island card"))
    need = _need(ISLANDS[name].primary)
    if not feasible(need, cargo_loads(state, p), _passenger_spare(state, p, frame)):
        out.append(Violation("deliver.primary", f"the primary contract of {name} needs {icons(need)}; "
                                                f"{_carried(state, p, frame)}", _numbers(state, p, need)))
    return out


def _secondary_refusal(state: StateLike, frame: Frame, part: Part) -> list[Violation]:
    p, here = frame.player, island_at(frame.get("dest"))
    if contract_rules(state.config).no_secondary:
        return [Violation("scenario.no-secondary", "in Chapter 8 secondary contracts cannot be completed: "
                                                   "only primary contracts")]
    beside = state.player(p).island_beside_engine
    if beside is None:
        done = "secondary" in frame.get("parts", ())
        return [Violation("deliver.secondary", f"P{p} has no island card beside the engine"
                          + (" (a secondary contract was completed in this delivery)" if done else
                             ": a secondary contract is one of the island card beside your engine"))]
    contracts = ISLANDS[beside.island].secondaries
    if not 1 <= part.pos <= len(contracts):
        return [Violation("deliver.secondary", f"{beside.island} has secondary contracts 1-{len(contracts)}, "
                                               f"not {part.pos}")]
    out = []
    if state.config.rulings.secondary_at == "island" and beside.island != here:
        out.append(Violation("ruling.secondary-where", f"the secondary contracts of {beside.island} are "
                             f"delivered at {beside.island}, not at {here}"))
    need = _need(contracts[part.pos - 1])
    if not feasible(need, cargo_loads(state, p), _passenger_spare(state, p, frame)):
        out.append(Violation("deliver.secondary", f"secondary contract {part.pos} of {beside.island} needs "
                             f"{icons(need)}; {_carried(state, p, frame)}", _numbers(state, p, need)))
    return out


def _no_car(state: StateLike, p: int, pos: int, rule: str) -> list[Violation]:
    train = state.player(p).train
    if 1 <= pos <= len(train):
        return []
    return [Violation(rule, f"there is no card {pos} in P{p}'s train ({plural(len(train), 'card')})")]


def _ticket_refusal(state: StateLike, frame: Frame, part: Part) -> list[Violation]:
    p, dest = frame.player, frame.get("dest")
    here = DESTINATIONS[dest]
    rule = {"ticket": "deliver.ticket", "ticket9": "caboose.9", "ticket10": "caboose.10"}[part.kind]
    if part.kind != "ticket":
        number = part.kind[6:]
        if not has(state, p, f"K{number}"):
            return [Violation(rule, f"P{p} has no Caboose {number}")]
        if frame.get(f"k{number}"):
            return [Violation(rule, f"Caboose {number} has been used in this Deliver action (once per "
                                    "Deliver action) [ruling.caboose-passengers]")]
    if bad := _no_car(state, p, part.pos, rule):
        return bad
    aboard = passengers_on(state.player(p).train[part.pos - 1])
    ticket = ticket_at(state, dest)
    if part.kind == "ticket9":
        if not part.dest:
            return [Violation(rule, f"name the passenger that goes: 'ticket9 {part.pos} DC'")]
        if part.dest == dest:
            return [Violation(rule, f"a passenger for {here} goes to this ticket tile: 'ticket {part.pos}'")]
        if part.dest not in aboard:
            return [Violation(rule, f"card {part.pos} carries no passenger for {DESTINATIONS[part.dest]}")]
        return [Violation(rule, f"the ticket tile at {DESTINATIONS[part.dest]} is full (3 of 3 spaces)")]
    if ticket is None:
        return [Violation(rule, f"{here} has no ticket tile: passengers go to the six destinations")]
    if len(ticket.filled) >= 3:
        return [Violation(rule, f"the ticket tile at {here} is full (3 of 3 spaces)")]
    if part.kind == "ticket":
        return [Violation(rule, f"card {part.pos} carries no passenger for {here}"
                          + (f" (it carries {', '.join(aboard)})" if aboard else ""))]
    if not part.dest:
        return [Violation(rule, f"name the passenger that goes: 'ticket10 {part.pos} DC'")]
    if part.dest == dest:
        return [Violation(rule, f"a passenger for {here} matches: 'ticket {part.pos}'")]
    return [Violation(rule, f"card {part.pos} carries no passenger for {DESTINATIONS[part.dest]}")]


def _special_refusal(state: StateLike, frame: Frame, part: Part) -> list[Violation]:
    p = frame.player
    if bad := _no_car(state, p, part.pos, "deliver.special"):
        return bad
    car = state.player(p).train[part.pos - 1]
    aboard = passengers_on(car)
    if not car.loads:
        return [Violation("deliver.special", f"card {part.pos} carries nothing to deliver")]
    if aboard and not part.dest:
        return [Violation("deliver.special", f"card {part.pos} carries passengers for {', '.join(aboard)}: "
                                             f"name the one that goes ('special {part.pos} {aboard[0]}')")]
    if not aboard:
        return [Violation("deliver.special", f"card {part.pos} carries cargo, not passengers: "
                                             f"'special {part.pos}'")]
    return [Violation("deliver.special", f"card {part.pos} carries no passenger for "
                                         f"{DESTINATIONS[part.dest]}")]


def _use_violations(state: StateLike, frame: Frame, part: Part) -> list[Violation]:
    p, pos, rule = frame.player, part.pos, f"deliver.{frame.get('which')}"
    if bad := _no_car(state, p, pos, rule):
        return bad
    if _pick(state, frame, pos, part.dest) is not None:
        return []
    car = state.player(p).train[pos - 1]
    aboard = passengers_on(car)
    left = icons(dict(frame.get("need")))
    if aboard or part.dest:
        deliver = next(f for f in reversed(state.stack) if f.kind == "deliver")
        if not has(state, p, "K7"):
            return [Violation("caboose.7", f"card {pos} carries passengers, not cargo: only Caboose 7 lets "
                                           "a passenger pay for a contract")]
        if deliver.get("k7"):
            return [Violation("caboose.7", "Caboose 7 has counted a passenger as cargo in this Deliver "
                                           "action already (once per Deliver action)")]
        if not part.dest:
            return [Violation("caboose.7", f"name the passenger on card {pos} that counts as cargo: "
                                           f"'use {pos} {aboard[0]}'")]
        if part.dest not in aboard:
            return [Violation("caboose.7", f"card {pos} carries no passenger for {DESTINATIONS[part.dest]}")]
    if not car.loads:
        return [Violation(rule, f"card {pos} carries nothing; what is left to pay: {left}")]
    return [Violation(rule, f"nothing on card {pos} helps pay what is left ({left})")]


def _pick(state: StateLike, frame: Frame, pos: int, dest: str = "") -> tuple[int, str] | None:
    """The load of car `pos` to use (its index) and the icon it pays, keeping the rest payable:
    cargo (interchangeable within a car), or with `dest` the passenger for it (Caboose 7)."""
    p = frame.player
    need = dict(frame.get("need"))
    car = state.player(p).train[pos - 1]
    # once per Deliver action [caboose.7]: the mark is on the delivery's frame, not the contract's
    deliver = next(f for f in reversed(state.stack) if f.kind == "deliver")
    k7_open = not deliver.get("k7") and has(state, p, "K7")
    for i in range(len(car.loads) - 1, -1, -1):
        ld = car.loads[i]
        if (ld.kind == "passenger") != bool(dest) or (dest and ld.dest != dest):
            continue
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


def apply_part(state: S, frame: Frame, part: Part, events: list[Event]) -> S:
    p = frame.player
    if frame.kind == "contract":
        return _use(state, frame, part, events)
    deliver = frame
    if part.kind == "done":
        return _finish(state, deliver, events)
    if part.kind == "special":
        return _special(state, deliver, part, events)
    dest = frame.get("dest")
    deliver = deliver.with_(
        parts=(*deliver.get("parts"), part.kind if part.kind in ("primary", "secondary") else part.notation)
    )
    stack = (*state.stack[:-1], deliver)
    state = evolve(state, stack=stack)
    if part.kind in ("primary", "secondary"):
        beside = state.player(p).island_beside_engine
        name = island_at(dest) if beside is None or part.kind == "primary" else beside.island
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
        return evolve(state, stack=(*state.stack, frame))
    if part.kind in ("ticket", "ticket9", "ticket10"):
        return _ticket(state, deliver, part, events)
    return _special(state, deliver, part, events)


def _take_load(state: S, p: int, pos: int, index: int) -> tuple[S, Load]:
    train = list(state.player(p).train)
    car = train[pos - 1]
    load = car.loads[index]
    train[pos - 1] = car_of(car.card, car.loads[:index] + car.loads[index + 1 :])
    return evolve(state, players=state._with_player(p, train=tuple(train))), load


def _use(state: S, frame: Frame, part: Part, events: list[Event]) -> S:
    p, pos = frame.player, part.pos
    picked = _pick(state, frame, pos, part.dest)
    assert picked is not None, "a legal 'use' has a load to pick"
    index, icon = picked
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
    state = evolve(state, bag=tuple(sorted(bag)), discard=tuple(discard), stack=tuple(stack))
    if any(v > 0 for v in need.values()):
        return state
    return _complete(evolve(state, stack=state.stack[:-1]), frame, events)


def _complete(state: S, frame: Frame, events: list[Event]) -> S:
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
        state = evolve(
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
    return evolve(state, players=state._with_player(p, islands=islands))


def advance(state: S, events: list[Event]) -> S:
    """The progress train moves one space [progress.advance]; after the deck ran out, whoever
    moves it onto the end space takes it [ruling.progress-train-deck-end]. Solo the track is not
    used [solo.no-progress]."""
    if state.progress >= TRACK_END or state.config.players == 1:
        return state
    progress = state.progress + 1
    events.append(
        Event("progress", f"The progress train advances to space {progress}", "progress.advance", None)
    )
    state = evolve(state, progress=progress)
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
        state = evolve(state, players=state._with_player(state.current, progress_train=True))
    return state


def _ticket(state: S, frame: Frame, part: Part, events: list[Event]) -> S:
    p, dest = frame.player, frame.get("dest")
    car = state.player(p).train[part.pos - 1]
    # the passenger the player named (Cabooses 9 and 10), or the one that matches [deliver.ticket]
    who = dest if part.kind == "ticket" else part.dest
    index = max(i for i, ld in enumerate(car.loads) if ld.kind == "passenger" and ld.dest == who)
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
        state = evolve(state, stack=tuple(stack), bag=tuple(sorted((*state.bag, load.dest))))
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
    state = evolve(state, stack=tuple(stack))
    where = load.dest
    ticket = next(t for t in state.tickets if t.destination == where)
    reward = TILES[ticket.tile].rewards[len(ticket.filled)]
    filled = (*ticket.filled, where)
    tickets = tuple(evolve(t, filled=filled) if t.destination == where else t for t in state.tickets)
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
    state = evolve(
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


def _reward(state: S, p: int, reward, events: list[Event]) -> S:
    """Claim a ticket space's reward [ticket.reward] when the passenger is placed
    [deliver.ticket-leftmost], read from the tile's data: [ticket.1] [ticket.2] [ticket.3]
    [ticket.4] [ticket.5] [ticket.6]. Its cards are drawn and its bonus action taken at once,
    before the delivery goes on, so several rewards in one Deliver action come in the order they
    were earned; cards come before the bonus action [load.benefit-order]
    [ruling.ticket-reward-now]."""
    parts = (
        ([plural(reward.cards, "card")] if reward.cards else [])
        + ([f"{reward.vp} VP"] if reward.vp else [])
        + ([f"a bonus {reward.bonus}"] if reward.bonus else [])
    )
    events.append(Event("reward", f"P{p} claims the reward: {', '.join(parts)}", "deliver.ticket-leftmost",
                        p))
    if reward.vp:
        state = evolve(state, players=state._with_player(p, tokens=state.player(p).tokens + reward.vp))
    frames = []
    if reward.bonus:  # Loads through a ticket's +L go into your own train [deliver.ticket-bonus-own]
        frames.append(make_frame("bonus-" + reward.bonus, p, rule="deliver.ticket-leftmost"))
    if reward.cards:
        frames.append(make_frame("draw", CHANCE, to=p, n=reward.cards, rule="deliver.ticket-leftmost"))
    return evolve(state, stack=(*state.stack, *frames))


def _special(state: S, frame: Frame, part: Part, events: list[Event]) -> S:
    """One load set aside for a special delivery [deliver.special-cards]: the passenger the
    player named, or the car's cargo (interchangeable: it counts only as the car's type)."""
    p, pos = frame.player, part.pos
    me = state.players[p - 1]
    train = me.train
    car = train[pos - 1]
    loads = car.loads
    index = len(loads) - 1  # the last load that matches
    while (loads[index].dest != part.dest) if loads[index].kind == "passenger" else part.dest:
        index -= 1
    load = loads[index]
    train = (*train[:pos - 1], car_of(car.card, loads[:index] + loads[index + 1:]), *train[pos:])
    marks = dict(frame.data)
    marks["parts"] = (*marks["parts"], part.notation)
    marks["aside"] = (*marks["aside"], load.dest if load.kind == "passenger" else load.card)
    marks["specials"] += 1
    deliver = frame_of(frame.kind, p, tuple(marks.items()))  # the same keys: still sorted
    events.append(Event.lazy("special", "P{} makes a special delivery of {}: 2 cards for it", p, load,
                             rule="deliver.special", actor=p))
    return evolve(state, stack=(*state.stack[:-1], deliver), players=state._with_player(p, train=train))


def _finish(state: S, frame: Frame, events: list[Event]) -> S:
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
        stack.append(make_frame("draw", CHANCE, to=p, n=cards, rule="deliver.special-cards"))
    events.append(Event.lazy("deliver-done", "P{} finishes the delivery", p, rule="deliver.together",
                             actor=p))
    return evolve(state, stack=tuple(stack))
