"""Play a game on without keeping its history: what simulations, comparisons and search use.

`play_out` makes exactly the moves a `Match` with the same seed and bots would make (chance by
`random.Random(f"{seed}/{ply}")`, each bot on its own view), so a simulated game can be
replayed in a match and stepped through, but it keeps only the current state: no nodes, no
events kept, no snapshots.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sandbox.core.dealer import Dealer
from sandbox.core.pending import CHANCE


@dataclass(frozen=True)
class Played:
    """Where a game played on ended: the last state, plies played, the actions if kept, and
    whether it was stopped as stalled (see `play_out`'s `quiet_turns`)."""

    state: Any
    plies: int
    actions: tuple[Any, ...] = ()
    stalled: bool = False

    @property
    def finished(self) -> bool:
        return self.state.is_over


def play_out(state: Any, bots: Mapping[int, Any], seed: int, *, ply: int = 0,
             max_plies: int = 200_000, keep: bool = False, quiet_turns: int | None = None) -> Played:
    """Play `state` on with `bots` (a bot for every seat that decides) and the seeded dealer
    until the game ends or `max_plies` plies are played. `ply` is the ply `state` stands at
    in its match (the dealer's seed depends on it). With `keep`, the actions are returned too.
    With `quiet_turns`, a game in which no player's points changed for that many turns in a
    row (the game's `turn_marker`) is stopped there as stalled: bots can loop for ever on moves
    that score nothing, and such a game would otherwise run to `max_plies`."""
    actions: list[Any] = []
    played = 0
    seats = range(1, state.config.players + 1)
    turn, points, quiet = state.turn_marker()[0], None, 0
    while played < max_plies:
        player = state.to_move
        if player is None:
            break
        if player == CHANCE:
            action = state.sample_chance(Dealer(seed, ply + played))
        else:
            if state.simultaneous:
                player = state.pending.players[0]
            action = bots[player].choose(state.view(player), player).action
        state, _events = state.apply(action)
        if keep:
            actions.append(action)
        played += 1
        if quiet_turns is not None and (marker := state.turn_marker()[0]) != turn:
            turn = marker
            now = tuple(sum(state.score_parts(p).values()) for p in seats)
            quiet = quiet + 1 if now == points else 0
            points = now
            if quiet >= quiet_turns and not state.is_over:
                return Played(state, played, tuple(actions), stalled=True)
    return Played(state, played, tuple(actions))
