"""What a greedy player values in Isle of Trains, as named terms the bot can explain.

The game ends only when the progress train reaches the end of its track (it moves when an
island card is taken by a primary contract, or a ticket tile is filled) or when the train deck
and the discard pile are both empty. A valuation that counts points
alone let two greedy players loop for ever on small gains (a VP token from the empty bag
every action; trains clogged with cargo no contract wants; a ready contract kept because its
loads score too), so the terms below value what ends the game: a contract in reach counts for
what delivering it gains beyond its loads, a contract being paid counts as delivered, an
island card taken and each passenger placed on a ticket tile count for the progress they
made, loads no contract wants cost a little, tokens anyone can take from the empty bag count a
quarter, and cards beyond the hand limit and passengers beyond the free seats count for nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sandbox.isle_of_trains import components as data
from sandbox.isle_of_trains.actions import CODE
from sandbox.isle_of_trains.cargo import PRIMARY, SECONDARY, Need, counts, covered
from sandbox.isle_of_trains.delivery import ticket_at
from sandbox.isle_of_trains.index import index_of
from sandbox.isle_of_trains.scoring import score
from sandbox.isle_of_trains.solo import goal
from sandbox.isle_of_trains.solo_strategy import SOLO_CARD, SOLO_CLOG, day_ahead, solo_terms

if TYPE_CHECKING:
    from sandbox.isle_of_trains.model import Player
    from sandbox.isle_of_trains.state import State

CARDS = data.card_types()
KINDS = ("coal", "oil", "box")
PASSENGER_CODES = frozenset(CODE.values())
HAND_LIMIT = 5
"""Cards kept at the end of a turn: more are discarded, so worth nothing."""
SOLO_HAND = 8
"""Solo, with an action left in the day: cards up to this many are worth keeping (the Night's
hand limit comes after it, and a building with its cost needs 7)."""
CARD = 0.35
"""What a card in hand is worth: a little, so taking one is worth something but never more than
turning it into points."""
PROGRESS = 1.5
"""What moving the progress train one space is worth beyond the contract's points: the move
that brings the end nearer (and the progress train's own point) for whoever makes it."""
TICKET = PROGRESS / 3
"""What a passenger placed on a ticket tile is worth beyond its reward: a third of a progress
move (the third passenger on a tile moves the progress train; filling it counts the whole move,
see `tickets`). Valuing islands alone left passengers aboard for their loaded point, and two
greedy players with trains unfit for the contracts in reach then took and discarded cards for
ever (1 game in 100 from the start, 1 in 20 from a mid-game position); with it, 2-player greedy
games are about a quarter shorter (45 turns on average instead of 62) and the bot beats the one
without it in 133 games of 200."""
EMPTY_BAG = 0.75
"""While the passenger bag is empty every player may take a VP token instead of a passenger,
every action: tokens then no longer set the players apart, so the bot counts
each at a quarter, and a move that puts a passenger back in the bag (a special delivery)
counts for the tokens it makes worth again. Otherwise two greedy players with full coaches
take a token each, every action, for ever."""
CLOG = 1.2
"""What a load no contract in reach asks for costs the bot, more than the point it scores:
loading it is a small loss, and a special delivery that clears it a small gain (the cards it
draws come on top), so a train full of cargo nobody wants is emptied instead of stalling."""

greedy_chooser = day_ahead
"""The greedy bot's own chooser here (`sandbox.bots.game_chooser`): solo, it looks to the end of
the next day; against others it leaves the choice to the one-decision greedy."""


def readiness(state: State, player: int, me: Player) -> tuple[float, int]:
    """(value, excess): the best contract within reach valued by the share of its cargo already
    loaded (a player who only banks small gains never delivers, and a game where nobody
    delivers never ends: the progress train only moves on deliveries), counting what the
    delivery gains beyond the loads' own points (which the score counts already: valuing the
    whole contract made a ready contract worth more kept than delivered), and how many loads
    no contract in reach asks for (they clog the train: loaded for a point each, they leave
    no room for the cargo a contract needs, and two greedy players with clogged trains
    stall)."""
    cargo = state.train_index(player).cargo
    if not cargo:
        return 0.0, 0
    beside = me.island_beside_engine
    key = (cargo, state.islands if beside is None else beside.island)
    found = _READY.get(key)
    if found is None:
        if len(_READY) >= 50_000:
            _READY.clear()
        found = _READY[key] = _readiness(counts(cargo), [PRIMARY[n] for n in state.islands]
                                         if beside is None else SECONDARY[beside.island])
    return found


_READY: dict[tuple[object, ...], tuple[float, int]] = {}
"""Readiness by (loaded cargo, contracts in reach): the same few trains meet the same islands
again and again, in every greedy look-ahead."""


def _readiness(have: Need, options: list[tuple[Need, int]] | tuple[tuple[Need, int], ...]
               ) -> tuple[float, int]:
    loaded = sum(have)
    best = 0.0
    wanted = [0, 0, 0, 0]  # the most of each icon some contract in reach asks for
    for need, vp in options:
        total = sum(need)
        if total:
            best = max(best, (vp - total) * covered(need, have) / total)
            for k in range(4):
                wanted[k] = max(wanted[k], need[k])
    useful = covered((wanted[0], wanted[1], wanted[2], wanted[3]), have)
    return best, loaded - useful


def free_seats(me: Player) -> int:
    """Passengers the train can still seat: more waiting beside the engine are worth nothing
    to the bot (hoarding them empties the bag, and an empty bag stalls the game)."""
    return index_of(me).seats


def committed(state: State, player: int) -> tuple[float, int]:
    """(points, progress) of the contract `player` is paying now, load by load: counted as
    delivered, so paying it never looks like a loss of loaded cargo halfway through."""
    for frame in state.stack:
        if frame.kind == "contract" and frame.player == player:
            island = frame.get("island")
            if frame.get("which") == "primary":
                return float(PRIMARY[island][1]), 1
            return float(SECONDARY[island][frame.get("side")][1]), 0
    return 0.0, 0


def assess(state: State, player: int) -> dict[str, float]:
    """Points as the game would score them now count fully (tokens from the empty bag at a
    quarter); cards (the game's money, also those still to be drawn, up to the hand limit) and
    passengers waiting beside the engine (up to the free seats) count a little, so taking is
    worth something but never more than turning it into points; cargo that pays a contract in
    reach counts towards it, cargo none wants against; a contract being paid counts as paid;
    each island card taken and each passenger on a ticket tile counts for the progress it made
    (`TICKET`). Worked out once per state and
    player (the greedy bot asks for the same states many times)."""
    memo = state.memo
    key = ("assess", player)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _assess(state, player)
    return dict(found)


def _assess(state: State, player: int) -> dict[str, float]:
    me = state.players[player - 1]
    coming = waiting = returning = 0
    for f in state.stack:
        kind = f.kind
        if kind == "set-aside":
            returning += len(f.get("passengers", ()))
        elif kind == "deliver":
            if f.player == player:
                returning += sum(1 for a in f.get("aside", ()) if a in PASSENGER_CODES)
        elif kind == "draw":
            if f.get("to") == player:
                coming += f.get("n", 0)
        elif kind == "passenger" and f.get("to") == player:
            waiting += f.get("n", 0)
    paying, moved = committed(state, player)
    # solo, cards kept past the hand limit are spent by the day's last action (a building costs 6)
    cap = SOLO_HAND if state.config.players == 1 and state.actions_left > 0 else HAND_LIMIT
    cards = min(cap, len(me.hand) + coming)
    ready, excess = readiness(state, player, me)
    anyones = 0.0 if state.bag or returning else EMPTY_BAG * me.tokens  # tokens anyone may take
    solo = state.config.players == 1
    parts = {
        "points": float(score(state, player)) + paying - anyones,
        "cards in hand": (SOLO_CARD if solo else CARD) * cards,
        "passengers beside the engine": 0.25 * min(len(me.supply) + waiting, free_seats(me)),
        "cargo towards a contract": 0.6 * ready,
        "cargo no contract needs": -(SOLO_CLOG if solo else CLOG) * excess,
        "progress made": PROGRESS * (len(me.islands) + moved) + tickets(state, player, me),
    }
    if solo:
        parts.update(solo_terms(state, me, coming))
    if state.config.mode == "scenario":
        parts["objective"] = objective(state)
    return parts


def tickets(state: State, player: int, me: Player) -> float:
    """The progress `player` made on the ticket tiles: a third of a move per passenger placed
    on one (`TICKET`), and a whole move per tile full with one of theirs on it. A delivery
    under way whose passengers for its destination will fill the tile counts as made, as a
    contract being paid counts as paid: placing them draws the ticket's reward first, which the
    bot cannot look past. Solo has no progress train [solo.no-progress]."""
    if state.config.players == 1:
        return 0.0
    delivered = me.delivered
    full = 0
    if delivered:
        for t in state.tickets:
            if len(t.filled) == 3 and t.destination in delivered:
                full += 1
    for f in state.stack:
        if f.kind == "deliver" and f.player == player:
            dest = f.get("dest")
            ticket = ticket_at(state, dest)
            if ticket is not None and len(ticket.filled) < 3:
                aboard = sum(1 for car in me.train for ld in car.loads
                             if ld.kind == "passenger" and ld.dest == dest)
                full += len(ticket.filled) + aboard >= 3
    return TICKET * len(delivered) + PROGRESS * full


OBJECTIVE, MET = 40.0, 1000.0
"""What a solo scenario's objective is worth to the bot: its share of the way, and meeting it
(the win) above anything else."""


def objective(state: State) -> float:
    """The scenario's objective as the bot values it: the share of the way (`solo.Goal.fraction`,
    which counts partial steps: cargo towards a contract, passengers on a ticket, a Level 2
    car on the way to Level 3) and the win."""
    found = goal(state)
    return OBJECTIVE * found.fraction + (MET if found.met else 0.0)
