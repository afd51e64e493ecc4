"""The pending decision: who decides next, what they are asked, and under which rule.

Options are computed when first read (`options` may be given as a function), so asking who
decides costs nothing. Several players may decide at once (secret simultaneous choices):
`players` names them all, `player` is the first of them. `anytime` lists the options that are
offered beside the main step ("at any time during your turn") rather than being it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

CHANCE = 0
"""The seat of chance (the dealer, the coin). Players are numbered from 1."""


class Pending:
    __slots__ = ("_options", "anytime", "chances", "kind", "player", "players", "progress", "prompt",
                 "rule")

    def __init__(self, player: int | None, kind: str, prompt: str, rule: str,
                 options: tuple[Any, ...] | Callable[[], tuple[Any, ...]] = (),
                 chances: tuple[float, ...] = (), *, players: tuple[int, ...] | None = None,
                 anytime: tuple[Any, ...] = (), progress: str = "") -> None:
        self.player = player  # a player (1..n), CHANCE, or None once the game is over
        self.players: tuple[int, ...] = players if players is not None else (
            () if player is None else (player,))
        self.kind = kind  # a short name for the decision: "move", "discard", "draw", ...
        self.prompt = prompt
        self.rule = rule
        self._options = options
        self.chances = chances  # with CHANCE: the probability of each option
        self.anytime = anytime
        self.progress = progress  # where a goal stands, when the game has one ("2 of 3 cargo")

    @property
    def options(self) -> tuple[Any, ...]:
        if callable(self._options):
            self._options = tuple(self._options())
        return self._options

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    @property
    def simultaneous(self) -> bool:
        """Several players decide at once (each in secret)."""
        return len(self.players) > 1

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pending):
            return NotImplemented
        return (self.player, self.players, self.kind, self.prompt, self.rule, self.options,
                self.chances, self.anytime) == (other.player, other.players, other.kind,
                                                other.prompt, other.rule, other.options,
                                                other.chances, other.anytime)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Pending({self.player!r}, {self.kind!r}, {self.prompt!r}, {self.rule!r})"

    def __str__(self) -> str:
        who = "chance: " if self.is_chance else ""  # a player's prompt already names them
        return f"{who}{self.prompt} [{self.rule}] ({len(self.options)} options)"


_DETAILS = ("players", "prompt", "rule", "_options", "chances", "anytime", "progress")


class LazyPending(Pending):
    """A pending decision that names who decides and the kind of decision at once, and asks
    `whole()` for the rest (prompt, rule, options, chances...) when any of it is first read:
    what a loop asks at every step then costs two attributes, not a prompt in words.

    The state hands out a new one each time it is asked and caches only the whole decision
    (a LazyPending points back at its state, so caching it there would make a cycle)."""

    __slots__ = ("_whole",)

    def __init__(self, player: int | None, kind: str, whole: Callable[[], Pending]) -> None:
        self.player = player
        self.kind = kind
        self._whole = whole

    def __getattr__(self, name: str) -> Any:  # only for a detail not read yet
        if name.startswith("__") or name == "_whole":
            raise AttributeError(name)
        whole = self._whole()
        for slot in _DETAILS:
            setattr(self, slot, getattr(whole, slot))
        return object.__getattribute__(self, name)
