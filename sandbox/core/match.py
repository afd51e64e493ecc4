"""A match: a game's history as a tree of immutable states, with the dice outside the state.

Time travel never copies hand-picked fields: every node holds the state the rules produced, so
undo is moving a cursor and load is replaying actions. Chance (a draw, a coin) is a decision of
the CHANCE seat; the match resolves it with an RNG seeded from (seed, ply), records the outcome
as an action, and lets a tutorial force the outcome instead.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sandbox.core.errors import IllegalAction
from sandbox.core.events import Event
from sandbox.core.pending import CHANCE

if TYPE_CHECKING:
    from sandbox.bots import Bot
    from sandbox.core.outcome import Outcome
    from sandbox.core.registry import GameInfo
    from sandbox.core.state import GameState


@dataclass(eq=False)
class Node:
    """One position in the history tree, and the action and events that led to it."""

    state: GameState
    action: Any = None
    events: tuple[Event, ...] = ()
    parent: Node | None = None
    ply: int = 0
    by: str = ""  # "P1", "chance", "forced", a bot's name
    note: str = ""  # why: a bot's one-line reason
    children: list[Node] = field(default_factory=list)
    next: Node | None = None  # the child that redo follows: the one visited last

    def path(self) -> list[Node]:
        node: Node | None = self
        out = []
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]


class Match:
    """A game being played: the current state, its history tree, and the seeded dealer."""

    def __init__(self, game: GameInfo, config: Any, seed: int = 0, *, auto_chance: bool = True,
                 force: Iterable[Any] = (), position: dict[str, Any] | None = None) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.auto_chance = auto_chance
        self.position = position
        self._forced: deque[Any] = deque(force)
        if position is None:
            start = game.initial_state(config)
        elif game.position is None:
            raise ValueError(f"{game.title} cannot start from a written position")
        else:
            start = game.position(config, position)
        self.root = Node(start)
        self.cursor = self.root
        if auto_chance:
            self._settle()

    # --- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.cursor.state

    @property
    def ply(self) -> int:
        return self.cursor.ply

    @property
    def pending(self):
        return self.state.pending

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def legal_actions(self) -> tuple[Any, ...]:
        return self.state.legal_actions()

    def explain(self, action: Any):
        return self.state.explain(self._read(action))

    def view(self, player: int | None):
        return self.state.view(player)

    def line(self) -> list[Node]:
        """The current line: root to cursor, then on along the redo path."""
        nodes = self.cursor.path()
        while nodes[-1].next is not None:
            nodes.append(nodes[-1].next)
        return nodes

    @property
    def history(self) -> list[Node]:
        """The nodes played to reach the current state (root excluded)."""
        return self.cursor.path()[1:]

    def events(self) -> list[tuple[int, Event]]:
        return [(node.ply, e) for node in self.history for e in node.events]

    def log(self, viewer: int | None = None, last: int | None = None) -> str:
        """The explained log as `viewer` may read it: one line per event, with its rule."""
        lines = []
        for node in self.history:
            note = f"  ({node.note})" if node.note else ""
            for i, e in enumerate(node.events):
                rule = f" [{e.rule}]" if e.rule else ""
                lines.append(f"{node.ply:>4} {e.text_for(viewer)}{rule}{note if i == 0 else ''}")
        return "\n".join(lines[-last:] if last else lines)

    # --- acting ----------------------------------------------------------------------------
    def _read(self, action: Any) -> Any:
        return self.state.parse(action) if isinstance(action, str) else action

    def play(self, action: Any, *, by: str = "", note: str = "") -> tuple[Event, ...]:
        """Play an action (object or notation). Raises IllegalAction and changes nothing if the
        action breaks a rule. With auto_chance, chance decisions that follow are resolved too."""
        action = self._read(action)
        state, events = self.state.apply(action)
        pending = self.state.pending
        who = by or ("chance" if pending.player == CHANCE else f"P{pending.player}")
        self._push(action, state, events, who, note)
        if self.auto_chance:
            events += self._settle()
        return events

    def force(self, *outcomes: Any) -> tuple[Event, ...]:
        """Queue outcomes for the next chance decisions ("suppose the next card is the Ace of
        spades"). If chance is pending now, it is resolved at once."""
        self._forced.extend(outcomes)
        return self._settle() if self.auto_chance else ()

    def deal(self) -> tuple[Event, ...]:
        """Resolve one pending chance decision (a forced outcome if one is queued)."""
        if self.state.pending.player != CHANCE:
            return ()
        if self._forced:
            outcome = self._read(self._forced[0])
            verdict = self.state.explain(outcome)
            if not verdict.ok:
                self._forced.clear()
                raise IllegalAction(outcome, verdict.violations)
            self._forced.popleft()
            by = "forced"
        else:
            outcome, by = self._sample(), "chance"
        state, events = self.state.apply(outcome)
        self._push(outcome, state, events, by, "")
        return events

    def _settle(self) -> tuple[Event, ...]:
        events: tuple[Event, ...] = ()
        while self.state.pending.player == CHANCE:
            events += self.deal()
        return events

    def _sample(self) -> Any:
        options, weights = zip(*self.state.chance_outcomes())
        rng = random.Random(f"{self.seed}/{self.ply}")
        return rng.choices(options, weights)[0]

    def _push(self, action: Any, state: GameState, events: tuple[Event, ...], by: str,
              note: str) -> None:
        parent = self.cursor
        for child in parent.children:
            if child.action == action:
                child.note = note or child.note
                node = child
                break
        else:
            node = Node(state, action, events, parent, parent.ply + 1, by, note)
            parent.children.append(node)
        parent.next = node
        self.cursor = node

    # --- time travel -----------------------------------------------------------------------
    def _decides(self, node: Node) -> bool:
        return not (self.auto_chance and node.state.pending.player == CHANCE)

    def undo(self) -> Any:
        """Step back to the previous decision point (chance steps go with the action they
        followed). Returns the action undone, or None at the start."""
        start = self.cursor
        node = start
        while node.parent is not None:
            node = node.parent
            if self._decides(node):
                break
        if not self._decides(node):  # the root is a deal: the first decision is after it
            node = next((n for n in self.line() if self._decides(n)), node)
        self.cursor = node
        path = start.path()
        if node is start or node not in path:
            return None
        return path[path.index(node) + 1].action  # the decision undone, not a draw after it

    def redo(self) -> Any:
        """Replay the next action along the line (and the chance steps after it)."""
        node = self.cursor.next
        if node is None:
            return None
        self.cursor = node
        while not self._decides(self.cursor) and self.cursor.next is not None:
            self.cursor = self.cursor.next
        return node.action

    def goto(self, ply: int) -> GameState:
        """Move to ply `ply` of the current line (0 is the start)."""
        line = self.line()
        if not 0 <= ply < len(line):
            raise IndexError(f"ply {ply} is outside this line (0..{len(line) - 1})")
        self.cursor = line[ply]
        for parent, child in zip(line, line[1:]):
            parent.next = child
        return self.state

    @property
    def last_ply(self) -> int:
        return len(self.line()) - 1

    def branch(self) -> Match:
        """A new, independent match that starts from here with the same history: for what-ifs."""
        other = Match.__new__(Match)
        other.game, other.config, other.seed = self.game, self.config, self.seed
        other.auto_chance = self.auto_chance
        other.position = self.position
        other._forced = deque()
        path = self.cursor.path()
        other.root = Node(path[0].state)
        node = other.root
        for old in path[1:]:
            node = Node(old.state, old.action, old.events, node, old.ply, old.by, old.note)
            node.parent.children.append(node)
            node.parent.next = node
        other.cursor = node
        return other

    # --- bots ------------------------------------------------------------------------------
    def step(self, bots: Mapping[int, Bot] | None = None) -> tuple[Event, ...] | None:
        """Advance one decision: chance, or the bot seated for the pending player.
        Returns None when a human must decide or the game is over."""
        pending = self.state.pending
        if pending.player is None:
            return None
        if pending.player == CHANCE:
            return self.deal()
        bot = (bots or {}).get(pending.player)
        if bot is None:
            return None
        choice = bot.choose(self.state.view(pending.player), pending.player)
        return self.play(choice.action, by=bot.name, note=choice.reason)

    def run(self, bots: Mapping[int, Bot], max_steps: int = 100_000) -> Outcome | None:
        """Let bots (and chance) play until the game ends or a seat with no bot must decide."""
        for _ in range(max_steps):
            if self.step(bots) is None:
                break
        return self.outcome

    # --- saving ----------------------------------------------------------------------------
    def to_json(self, *, indent: int | None = 1) -> str:
        from sandbox.core.save import dumps

        return dumps(self, indent=indent)

    def __repr__(self) -> str:
        return (f"<Match {self.game.id} {self.config.describe()} seed={self.seed} "
                f"ply {self.ply}/{self.last_ply}>")

    def _repr_svg_(self) -> str:
        return self.state.svg()
