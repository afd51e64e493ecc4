"""Golden playthroughs: a whole game written as deterministic text, for any game.

The text gives the config, then for every step: the ply, who decides, the pending prompt and its
rule, the legal actions (long lists cut the same way every time), the action chosen, by whom and
why, the events with their rules, and once per turn every player's view. A test replays the same
match and diffs the text line by line, so any change in the rules shows as a readable diff.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from sandbox.core.pending import CHANCE

if TYPE_CHECKING:
    from sandbox.core.bot import Bot
    from sandbox.core.match import Match, Node


def _who(player: int | None) -> str:
    return "chance" if player == CHANCE else ("nobody" if player is None else f"P{player}")


def _indent(text: str, by: str = "    ") -> list[str]:
    return [by + line for line in text.splitlines()]


def _notations(actions: tuple[Any, ...], limit: int) -> str:
    names = [getattr(a, "notation", str(a)) for a in actions]
    if len(names) <= limit:
        return ", ".join(names)
    head = limit // 2
    tail = limit - head
    return ", ".join(names[:head] + [f"... ({len(names) - limit} more)"] + names[-tail:])


def _turn_key(state: Any) -> Any:
    """What changes once per turn (the game's `turn_marker`)."""
    return state.turn_marker()


def playthrough(match: Match, bots: Mapping[int, Bot], *, max_steps: int = 5000,
                max_legal: int = 12, title: str = "") -> str:
    """Play `match` on with `bots` (and chance) to the end and return the golden text."""
    lines = [f"# golden playthrough: {title or match.game.id}",
             f"game: {match.game.id} ({match.game.title})",
             f"config: {json.dumps(match.config.to_dict(), sort_keys=True, ensure_ascii=False)}",
             f"setup: {match.config.describe()}",
             f"seed: {match.seed}",
             "bots: " + ", ".join(f"P{p} {bots[p]!r}" for p in sorted(bots)),
             f"start at ply {match.ply}"]
    players = match.config.players
    last_turn = None

    def node_lines(node: Node) -> None:
        assert node.parent is not None
        before = node.parent.state
        pending = before.pending
        lines.append(f"ply {node.ply}: {_who(pending.player)} decides: {pending.prompt} [{pending.rule}]")
        legal = before.legal_actions()
        lines.append(f"  legal ({len(legal)}): {_notations(legal, max_legal)}")
        why = f"  ({node.note})" if node.note else ""
        lines.append(f"  chosen: {node.action.notation} by {node.by}{why}")
        for e in node.events:
            lines.append(f"  event {e.kind} [{e.rule}]: {e.text}")

    for node in match.history:
        node_lines(node)
    for _ in range(max_steps):
        state = match.state
        if state.pending.player not in (None, CHANCE) and _turn_key(state) != last_turn:
            last_turn = _turn_key(state)
            for p in range(1, players + 1):
                lines.append(f"view P{p}:")
                lines += _indent(str(state.view(p)))
        start = match.cursor
        if match.step(bots) is None:
            break
        new = match.cursor.path()[len(start.path()):]
        for node in new:
            node_lines(node)
    lines.append(f"end at ply {match.ply}: {match.state.pending}")
    outcome = match.outcome
    lines += ["outcome:", *(_indent(str(outcome)) if outcome else ["    (not over)"])]
    return "\n".join(lines) + "\n"


def random_walk(state: Any, seed: int, max_plies: int) -> Iterator[tuple[Any, Any, Any, tuple]]:
    """(state, action, next state, events) along one seeded random game from `state`, chance and
    players alike: the stream property tests check invariants on. Raises if it does not end."""
    rng = random.Random(seed)
    for _ in range(max_plies):
        if state.is_over:
            return
        action = rng.choice(state.legal_actions())
        nxt, events = state.apply(action)
        yield state, action, nxt, events
        state = nxt
    raise AssertionError(f"no end after {max_plies} plies: {state.config.describe()} seed {seed}")
