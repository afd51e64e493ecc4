"""Who sits where, and whose view a sealed page shows: the stepper's seats without a widget.

Sealed (the default): one human seat shows that seat only; several human seats take turns
behind a curtain; bots only show P1's seat (or the one asked for). `reveal` (authors) allows
any seat and the whole table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import traitlets

from sandbox.bots import BOTS, by_name
from sandbox.core.pending import CHANCE

WHOLE_TABLE = 0  # the viewer selector's value for "the whole table" (seat 0 is chance, never a viewer)


def seat_choices(game: Any) -> tuple[tuple[str, str], ...]:
    """(label, kind) for every way to fill a seat of `game`: a human, or one of its bots (the
    bots every game has, then the game's own from `GameInfo.bots`)."""
    names = dict.fromkeys([*BOTS, *getattr(game, "bots", {})])
    return (("Human", "human"), *((f"{name.capitalize()} bot", name) for name in names))


def _seat_of(spec: Any, choices: tuple[tuple[str, str], ...]) -> str:
    kinds = [kind for _label, kind in choices]
    if isinstance(spec, str):
        if spec not in kinds:
            raise ValueError(f"a seat is one of {', '.join(map(repr, kinds))}, not {spec!r}")
        return spec
    name = getattr(spec, "name", None)
    if name not in kinds[1:]:
        raise ValueError(f"{spec!r} is not a seat: use one of {', '.join(map(repr, kinds))} or such a bot")
    return str(name)


class _Seat(traitlets.Int):
    """A seat, or None for the whole table. Checked by the stepper's validator even when None
    (traitlets skips cross-validation of None for traits that allow it)."""

    def _validate(self, obj: Any, value: Any) -> Any:
        if value is None and self.allow_none and obj._cross_validation_lock is False:
            return self._cross_validate(obj, value)
        return super()._validate(obj, value)


@dataclass(frozen=True)
class Seating:
    """The seats of `match` ({player: "human" or a bot's name}) and what they allow a page to
    show. `bots` keeps the bot objects made so far (a caller's own, with its seed and state)."""

    match: Any
    seats: Mapping[int, str]
    reveal: bool = False
    bots: dict[int, Any] = field(default_factory=dict)

    @property
    def choices(self) -> tuple[tuple[str, str], ...]:
        """(label, kind) of every way to fill a seat (`seat_choices`)."""
        return seat_choices(self.match.game)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(range(1, self.match.config.players + 1))

    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats, in seat order."""
        return tuple(p for p in self.players if self.seats.get(p, "human") == "human")

    def name(self, player: int | None) -> str:
        """How the game names a seat."""
        return self.match.state.seat_name(player) if player is not None else "nobody"

    def bot_for(self, player: int) -> Any:
        """The bot seated for `player`, or None for a human seat."""
        kind = self.seats.get(player, "human")
        if kind == "human":
            return None
        bot = self.bots.get(player)
        if bot is None or getattr(bot, "name", None) != kind:
            bot = by_name(kind, seed=self.match.seed * 100 + player, game=self.match.game)
            self.bots[player] = bot
        return bot

    def human_to_decide(self) -> int | None:
        """The human who must decide now, if any."""
        player = self.match.pending.player
        if player in (None, CHANCE) or self.bot_for(player) is not None:
            return None
        return int(player)

    def first_viewer(self, viewer: int | None) -> int | None:
        """The seat shown at the start (checked like any later change of the viewer)."""
        if viewer is not None and viewer not in self.players:
            raise ValueError(f"viewer {viewer!r} is not a seat of this {len(self.players)}-player game")
        if self.reveal:
            return viewer
        humans = self.humans
        if viewer is None:
            if len(humans) == 1:
                return humans[0]
            if humans:
                deciding = self.match.pending.player
                return deciding if deciding in humans else humans[0]
            return self.players[0]
        self.check_sealed(viewer)
        return viewer

    def check_sealed(self, viewer: int | None) -> None:
        """Without reveal: always a player's seat, and only a human's when humans play."""
        humans = self.humans
        if viewer is None:
            raise ValueError("the whole table is shown only with reveal=True (for notebook authors)")
        if len(humans) == 1 and viewer != humans[0]:
            only = self.name(humans[0])
            raise ValueError(f"{only} is the only human seat, so the table is {only}'s view; pass "
                             f"reveal=True to look from {self.name(viewer)}'s seat")
        if len(humans) > 1 and viewer not in humans:
            others = ", ".join(self.name(h) for h in humans)
            raise ValueError(f"{self.name(viewer)} is not a human seat ({others} are); pass "
                             "reveal=True to look from any seat")

    def curtain_for(self, viewer: int | None) -> int | None:
        """Hot seat: the human who must decide, when the table shows another seat."""
        if self.reveal or len(self.humans) < 2:
            return None
        human = self.human_to_decide()
        return human if human is not None and human != viewer else None
