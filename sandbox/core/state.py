"""The contract every game's state honours.

A state is immutable. It knows who decides next (`pending`), which actions are legal, why any
action is or is not (`explain`), and how to move on (`apply`). Legality has one source of
truth, each game's `_violations()`: `legal_actions()` is `candidate_actions()` filtered
through it, `explain()` reports it, and `apply()` refuses exactly what it refuses.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from sandbox.core.errors import IllegalAction, Verdict, Violation
from sandbox.core.events import Event
from sandbox.core.pending import CHANCE, Pending

if TYPE_CHECKING:
    from typing_extensions import Self

    from sandbox.core.outcome import Outcome
    from sandbox.core.paint import Painter


class Action(Protocol):
    """An action: a small frozen dataclass with a short notation and a readable `str`."""

    @property
    def notation(self) -> str: ...

    def targets(self) -> tuple[str, ...]:
        """The things on the table this action touches, as the drawing's hotspot names."""
        ...


class GameConfig(Protocol):
    players: int

    def to_dict(self) -> dict[str, Any]: ...

    def describe(self) -> str: ...


class GameState(ABC):
    game_id: ClassVar[str]
    title: ClassVar[str]

    config: GameConfig

    # --- what each game supplies -------------------------------------------------------
    @property
    @abstractmethod
    def pending(self) -> Pending:
        """Who decides next, the prompt, the rule, and the legal options."""

    @abstractmethod
    def candidate_actions(self) -> Iterable[Any]:
        """Every action worth asking about now, legal or not (the chooser explains refusals)."""

    @abstractmethod
    def _violations(self, action: Any) -> list[Violation]:
        """Every rule `action` breaks now (empty: it is legal). The one place legality lives."""

    @abstractmethod
    def _transition(self, action: Any) -> tuple[Self, tuple[Event, ...]]:
        """Apply an action already known to be legal."""

    @abstractmethod
    def parse(self, text: str) -> Any:
        """Read the game's short notation; raises InvalidNotation."""

    @abstractmethod
    def view(self, player: int | None) -> Self:
        """This state as `player` may know it (None: everything)."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None until the game is over."""

    @abstractmethod
    def picture_size(self) -> tuple[int, int]: ...

    @abstractmethod
    def draw(self, painter: Painter, viewer: int | None = None) -> None:
        """Draw the table on any painter (SVG text or a live canvas)."""

    def targets(self, action: Any) -> tuple[str, ...]:
        """The drawing's hotspot names this action touches, so a click on the table can choose
        it. Most actions know their own; a game overrides this where a name depends on the
        position (e.g. whose train "car 3" is)."""
        targets = getattr(action, "targets", None)
        return tuple(targets()) if callable(targets) else ()

    def assess(self, player: int) -> dict[str, float]:
        """Named terms a greedy bot adds up to judge this state for `player`."""
        return {}

    # --- shared behaviour --------------------------------------------------------------
    def explain(self, action: Any) -> Verdict:
        """The verdict on `action` (an action or its notation) now, with every rule it breaks."""
        if isinstance(action, str):
            action = self.parse(action)
        return Verdict(action, tuple(self._violations(action)))

    def legal_actions(self) -> tuple[Any, ...]:
        """The candidates no rule refuses, computed once per state (states never change)."""
        return self._legal

    @cached_property
    def _legal(self) -> tuple[Any, ...]:
        return tuple(a for a in self.candidate_actions() if not self._violations(a))

    def apply(self, action: Any) -> tuple[Self, tuple[Event, ...]]:
        """The next state and the events that explain it; IllegalAction leaves this state as is."""
        if isinstance(action, str):
            action = self.parse(action)
        verdict = self.explain(action)
        if not verdict.ok:
            raise IllegalAction(action, verdict.violations)
        return self._transition(action)

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        pending = self.pending
        if pending.player != CHANCE:
            return ()
        return tuple(zip(pending.options, pending.chances))

    @property
    def is_over(self) -> bool:
        return self.pending.player is None

    def svg(self, viewer: int | None = None) -> str:
        from sandbox.core.paint import SvgPainter

        painter = SvgPainter(*self.picture_size())
        self.draw(painter, viewer)
        return painter.svg()

    def _repr_svg_(self) -> str:
        return self.svg()
