"""Step 5, Goods Depletion & Upgrade, and the Upgrade Speculation that follows it.

At the end of a turn one depleted goods stack (the active player's choice) takes the chart's
next good not yet in play [goods.upgrade] [goods.skip-used] [goods.one-upgrade]; the Hotel's middle
level is Silver or Food, the active player's choice [goods.hotel-choice]. The new stack opens a
secret, simultaneous 2-for-1 trade (`speculate`, the core's secret commitments): every trade is
revealed together, traded cards leave the game, and a short stack is shared out by the active
player, 1 VP per 2 cards traded for every card not received [speculation.secret]
[speculation.shortage].
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TYPE_CHECKING, Any

from sandbox.core.decision import Commit, Frame, commitments, committed, secret, waiting
from sandbox.core.errors import Violation, quote
from sandbox.core.events import Event
from sandbox.core.pending import CHANCE
from sandbox.core.state import amend, evolve
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations.actions import BUILDINGS, GOODS, Award, Upgrade, city_name, trade_text
from sandbox.trains_and_stations.model import event as _e
from sandbox.trains_and_stations.model import next_goods

if TYPE_CHECKING:
    from sandbox.trains_and_stations.model import S, StateLike

STEPS = ("end-turn", "end-check")


def depleted(state: StateLike) -> list[str]:
    """Buildings whose goods stack is out (and may still be upgraded) [goods.depletion]."""
    return [b for b, (good, left) in zip(BUILDINGS, state.stacks) if good and not left]


def upgrade_options(state: StateLike) -> list[Upgrade]:
    """The upgrades the active player may choose between: a depleted stack's next good (two for
    the Hotel's middle level). A space with nothing left to take is emptied without a choice."""
    used = frozenset(state.used)
    return [Upgrade(b, g) for b in depleted(state)
            for g in next_goods(b, state.stacks[BUILDINGS.index(b)][0], used)]


def _empty_exhausted(state: S, events: list[Event]) -> S:
    """Depleted stacks with no good left to take: their spaces empty at once, without using the
    turn's one upgrade [goods.no-upgrade] [ruling.upgrade-order]."""
    used = frozenset(state.used)
    for b in depleted(state):
        if not next_goods(b, state.stacks[BUILDINGS.index(b)][0], used):
            state = _upgrade(state, Upgrade(b, ""), events)
    return state


def upgrade_violations(state: StateLike, action: Upgrade) -> list[Violation]:
    ready = depleted(state)
    if action.building not in ready:
        return [Violation("goods.depletion", f"the {str(action.building).title()} stack is not depleted "
                                            f"(depleted: {', '.join(ready) or 'none'})")]
    current = state.stacks[BUILDINGS.index(action.building)][0]
    goods = next_goods(action.building, current, frozenset(state.used))
    if action.good not in goods:
        offered = " or ".join(goods) if goods else "nothing (the space stays empty)"
        return [Violation("goods.upgrade", f"the {action.building.title()} upgrades to {offered}, not "
                                           f"{quote(action.good)}")]
    return []


def step(state: S, top: Frame, events: list[Event]) -> S:
    """The end of the turn: at most one upgrade, so a stack depleted by this turn's speculation, or
    a second depleted stack, waits for the next turn's end [goods.one-upgrade] [speculation.depleted]
    [ruling.upgrade-order] [ruling.speculation-depleted]; then the end check. Run by the state's
    settle loop on its new state (changed in place)."""
    if top.kind == "end-turn":
        if depleted(state):
            state = _empty_exhausted(state, events)
        options = upgrade_options(state) if not state.upgraded and depleted(state) else []
        if not options:  # nothing to wait for: the end check at once
            return _end_check(state, events)
        end = (*state.stack, _END_CHECK)
        if len(options) == 1:
            return _upgrade(amend(state, stack=end), options[0], events)
        return amend(state, stack=(*end, Frame.make("upgrade", state.current)))
    return _end_check(state, events)


def decide(state: S, top: Frame, action: Any, events: list[Event]) -> S:
    rest = evolve(state, stack=state.stack[:-1])
    if top.kind == "upgrade":
        return _upgrade(rest, action, events)
    if top.kind == "speculate":
        assert isinstance(action, Commit)
        frame = committed(top, action.player, action.choice)
        events.append(Event("commit", f"P{action.player} commits a trade: {action.choice}",
                            "speculation.secret", action.player, {}, action.player,
                            f"P{action.player} commits a secret trade"))
        if waiting(frame):
            return evolve(state, stack=(*state.stack[:-1], frame))
        return _reveal(rest, frame, events)
    assert isinstance(action, Award)  # allot
    among = list(top.get("among"))
    among.remove(action.player)
    return _allot(_receive(rest, action.player, top.get("building"), events), top.get("building"),
                  tuple(among), (*top.get("got", ()), action.player), events)


def _upgrade(state: S, action: Upgrade, events: list[Event]) -> S:
    """The depleted stack takes its next good; one upgrade per turn end [goods.one-upgrade]."""
    b = BUILDINGS.index(action.building)
    old = state.stacks[b][0]
    name = action.building.title()
    if not action.good:
        events.append(_e("exhausted", f"The {name}'s {old.title()} is out and no upgrade is left: its space "
                         f"stays empty and {name}s produce nothing more", "goods.no-upgrade", state.current,
                         building=action.building))
        return evolve(state, stacks=(*state.stacks[:b], ("", 0), *state.stacks[b + 1:]))
    rule = "goods.hotel-choice" if action.building == "hotel" and old == "worker" else "goods.upgrade"
    count = data.GOODS_EACH[action.good]
    events.append(_e("upgrade", f"The {name}'s {old.title()} is out: {count} {action.good.title()} cards "
                     "take its place", rule, state.current, building=action.building, good=action.good))
    state = evolve(state, upgraded=True, used=tuple(sorted((*state.used, action.good))),
                   stacks=(*state.stacks[:b], (action.good, count), *state.stacks[b + 1:]))
    seats = range(1, state.players + 1)
    traders = tuple(p for p in seats if can_trade(state, p, action.good))
    if not traders:
        return state
    events.append(_e("speculation", f"Upgrade Speculation: {', '.join(f'P{p}' for p in traders)} may trade "
                     f"goods 2 for 1 {action.good.title()}, in secret", "speculation.secret", None))
    return evolve(state, stack=(*state.stack, secret("speculate", traders, good=action.good,
                                                     building=action.building)))


def tradeable(state: StateLike, p: int, good: str) -> tuple[Counter[str], list[str]]:
    """P`p`'s goods that may be traded for `good` (any but that good), and their two-goods
    power cards, each worth two cards in a trade [power.speculation]."""
    me = state.seat(p)
    goods = Counter(g for g in me.goods if g != good)
    cards = [c for c in me.power if (card := data.POWER.get(c)) is not None and card.kind == "goods"]
    return goods, cards


def can_trade(state: StateLike, p: int, good: str) -> bool:
    """Whether P`p` has two cards' worth to trade for `good`."""
    goods, cards = tradeable(state, p, good)
    return sum(goods.values()) + 2 * len(cards) >= 2


def trade_options(state: StateLike, p: int, good: str | None = None) -> list[str]:
    """Every trade P`p` may commit: 'trade nothing', or an even number of cards (a two-goods
    power card counts 2) up to two per card of the stack, in notation order."""
    if good is None:
        good = state.stack[-1].get("good")
    goods, cards = tradeable(state, p, good)
    kinds = sorted(goods)
    out = ["trade nothing"]
    for counts in product(*(range(goods[k] + 1) for k in kinds)):
        base = [k for k, n in zip(kinds, counts) for _ in range(n)]
        for mask in range(1 << len(cards)):
            chosen = [c for i, c in enumerate(cards) if mask >> i & 1]
            weight = len(base) + 2 * len(chosen)
            if weight and weight % 2 == 0:
                out.append(trade_text(tuple(sorted((*base, *chosen)))))
    return sorted(dict.fromkeys(out))


def read_trade(choice: str) -> tuple[str, ...]:
    words = choice.split()
    if len(words) < 2 or words[0] != "trade" or words[1:] == ["nothing"]:
        return ()
    return tuple(words[1:])


def _mission_refusal(card: str) -> str:
    """A Mission offered in a trade: it counts no goods at all, however many the player holds
    (a Power card trades only when it shows two goods) [power.speculation]."""
    a, b = (city_name(c) for c in data.POWER[card].cities)
    return (f"{card} is the {a} to {b} Mission: a Mission shows no goods, so it cannot be traded "
            "(only a Power card that shows 2 goods can, as 2 goods cards)")


def trade_violations(state: StateLike, action: Commit) -> list[Violation]:
    good = state.stack[-1].get("good")
    choice = action.choice
    if not isinstance(choice, str) or not choice.startswith("trade "):
        return [Violation("speculation.secret", "a trade reads 'trade nothing' or 'trade cattle cattle "
                                                f"...', not {quote(choice)}")]
    items = read_trade(choice)
    goods, cards = tradeable(state, action.player, good)
    for item in items:
        if item not in GOODS and item not in data.POWER:
            return [Violation("speculation.secret", f"{quote(item)} is neither a good nor a power card")]
        if item in data.POWER and data.POWER[item].kind != "goods":
            return [Violation("power.speculation", _mission_refusal(item))]
    want = Counter(items)
    have = goods + Counter(cards)
    if short := want - have:
        item = next(iter(short))
        if item == good:
            return [Violation("speculation.secret", f"{good.title()} is what the trade gains; trade other "
                                                    "goods")]
        return [Violation("speculation.secret", f"P{action.player} has too few {item} to trade (needs "
                                               f"{want[item]}, has {have[item]})")]
    weight = sum(2 if i in data.POWER else 1 for i in items)
    if weight % 2:
        return [Violation("speculation.secret", f"goods trade 2 for 1: {weight} cards is an odd number")]
    if choice != trade_text(tuple(sorted(items))):
        ordered = trade_text(tuple(sorted(items)))
        return [Violation("notation", f"write the trade's cards in sorted order: {ordered}")]
    return []


def _reveal(state: S, frame: Frame, events: list[Event]) -> S:
    """Every trade at once: traded cards go out of the game, the new good goes to each trader;
    a short stack is shared out by the active player [speculation.reveal] [speculation.shortage]
    [example.speculation] [ruling.speculation-secret] [ruling.speculation-shortage]."""
    good, building = frame.get("good"), frame.get("building")
    wants: list[int] = []
    box = list(state.box)
    for p, choice in sorted(commitments(frame).items()):
        items = read_trade(choice)
        if not items:
            events.append(_e("reveal", f"P{p} trades nothing", "speculation.reveal", p))
            continue
        me = state.seat(p)
        goods, power = list(me.goods), list(me.power)
        for item in items:
            (power if item in data.POWER else goods).remove(item)
        n = sum(2 if i in data.POWER else 1 for i in items) // 2
        events.append(_e("reveal", f"P{p} reveals a trade of {', '.join(items)} for {n} {good.title()}",
                         "speculation.reveal", p, traded=list(items), gets=n))
        box += items
        state = evolve(state, seats=state.with_seat(p, goods=tuple(goods), power=tuple(power)))
        wants += [p] * n
    state = evolve(state, box=tuple(sorted(box)))
    return _allot(state, building, tuple(wants), (), events)


def _allot(state: S, building: str, wants: tuple[int, ...], got: tuple[int, ...],
           events: list[Event]) -> S:
    """Cards to those who traded; the active player shares out a short stack; each card not
    received pays 1 VP (shortage_vp="only-if-none": only to players who got none)."""
    b = BUILDINGS.index(building)
    good, left = state.stacks[b]
    if left and len(wants) > left and len(set(wants)) > 1:
        return evolve(state, stack=(*state.stack, Frame.make("allot", state.current, among=wants, got=got,
                                                             building=building, good=good)))
    for p in wants:
        if state.stacks[b][1]:
            state = _receive(state, p, building, events)
            got = (*got, p)
        elif state.config.rulings.shortage_vp == "per-missing-card" or p not in got:
            events.append(_e("short", f"No {good.title()} card is left for P{p}: +1 VP for the 2 cards "
                             "traded", "speculation.shortage", p))
            state = state.gain_vp(p, 1)
    return state


def _receive(state: S, p: int, building: str, events: list[Event]) -> S:
    b = BUILDINGS.index(building)
    good, left = state.stacks[b]
    me = state.seat(p)
    events.append(Event.lazy("gain", "P{} gains a {} card", p, good.title(), rule="speculation.secret",
                             actor=p, good=good))
    return evolve(state, stacks=(*state.stacks[:b], (good, left - 1), *state.stacks[b + 1:]),
                  seats=state.with_seat(p, goods=tuple(sorted((*me.goods, good)))))


def _end_check(state: S, events: list[Event]) -> S:
    """The VP stacks are out: this round is the last [end.trigger]."""
    if state.vp_stack <= 0 and not state.ending:
        events.append(_e("ending", "The VP stacks on the board are empty: the endgame begins, and the game "
                         "ends before the Conductor's next turn", "end.trigger"))
        return amend(state, ending=True)
    return state


def back_on_board(state: StateLike) -> str:
    """Once the end is triggered the VP stacks may hold VP again: a strike's lost VP go back on
    the board (strike_vp="to-stack") and do not undo the end [ruling.strike-vp]
    [ruling.end-trigger]. The words that say so in the end's reason, or "" when the stacks are
    still empty."""
    if state.vp_stack <= 0:
        return ""
    return f" ({state.vp_stack} VP lost to strikes have gone back on the board since)"


_END_CHECK = Frame.make("end-check", CHANCE)
END_TURN = Frame.make("end-turn", CHANCE)
"""The end of a turn: its goods upgrade, then the end check."""
