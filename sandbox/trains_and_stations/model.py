"""The pieces of a Trains & Stations table that are not the board: a player's seat, the dice
rolled this turn, the goods chart. All immutable."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sandbox.core.events import Event
from sandbox.trains_and_stations.actions import BUILDINGS, FACES
from sandbox.trains_and_stations.board import CHART, NUMBER

if TYPE_CHECKING:
    from typing_extensions import Self

    from sandbox.core.decision import Frame
    from sandbox.trains_and_stations.config import Config


def event(kind: str, text: str, rule: str, actor: int | None = None, **data: Any) -> Event:
    """An event whose text is written out (the engine's `Event.lazy` is for hot, templated ones)."""
    return Event.of(kind, text, rule, actor, data)


DICE_EACH = 8  # player dice per colour [components.dice] [setup.dice]
ROLL_UP_TO = NUMBER["dice_rolled"]  # player dice gathered for a roll [gather.five]
BONUS_DICE = 10  # white bonus dice [components.dice]
BUILDINGS_EACH = 3  # of each kind, per colour [components.buildings]
# 25 Coin tokens: the bank never runs short [components.coins]
COINS_START, COINS_MAX, COIN_DIE = NUMBER["start_coins"], NUMBER["max_coins"], NUMBER["coins_per_die"]
VP_START = NUMBER["start_vp_cards"]  # three 1-VP cards each [setup.coins-vp]
STRIKE_LOCKED, STRIKE_VP = NUMBER["strike_locked"], NUMBER["strike_vp"]  # [roll.strike]
POWER_DEALT, POWER_KEPT = NUMBER["power_dealt"], NUMBER["power_kept"]  # [setup.power-deal]
SET_SIZE = NUMBER["set_size"]  # matching Building faces for a Building [resolve.set-of-three]
START_GOODS = {b: levels[0][0] for b, levels in CHART.items()}  # [setup.goods]
SAVEABLE = frozenset({"coin", *BUILDINGS})  # faces a die may be saved on [resolve.save]
TRAINS = frozenset({"train", "locked"})


@dataclass(frozen=True)
class Seat:
    """One player's things: coins, VP cards (face up), dice saved from last turn (their faces),
    bonus dice held, goods and power cards (face down), missions scored (face up), buildings
    left in the supply (ranch, mine, hotel)."""

    coins: int = COINS_START
    vp: int = VP_START
    saved: tuple[str, ...] = ()
    bonus: int = 0
    goods: tuple[str, ...] = ()  # sorted
    power: tuple[str, ...] = ()  # sorted power card ids, hidden from the others
    missions: tuple[str, ...] = ()  # power card ids scored, face up
    supply: tuple[int, int, int] = (BUILDINGS_EACH,) * 3

    def left(self, building: str) -> int:
        return self.supply[BUILDINGS.index(building)]


@dataclass(frozen=True, order=True)
class Die:
    """A die rolled this turn: the roller's own or a white bonus die, and the face it shows
    ("" before it is rolled)."""

    bonus: bool
    face: str = ""

    @property
    def name(self) -> str:
        return ("bonus " if self.bonus else "") + (self.face or "unrolled")


DIE = {(bonus, face): Die(bonus, face) for bonus in (False, True) for face in ("", *FACES)}
"""Every die there can be, made once: a roll picks one instead of building a new one."""


def next_goods(building: str, current: str, used: frozenset[str]) -> tuple[str, ...]:
    """The goods a depleted stack may become: the chart's next level not used yet, else the
    level after it; () when none is left (the space stays empty) [goods.upgrade] [goods.skip-used]
    [goods.no-upgrade]. The Hotel's middle level offers Silver and Food [goods.hotel-choice].
    [example.ranch-upgrade] [ruling.upgrade-chart]"""
    levels = CHART[building]
    start = next((i + 1 for i, level in enumerate(levels) if current in level), len(levels))
    for level in levels[start:]:
        free = tuple(g for g in level if g not in used)
        if free:
            return free
    return ()


class StateLike(Protocol):
    """What the rule helpers (`delivery`, `goods`, `scoring`) read of a `State`: they sit below
    `state.py`, which imports them, so they name this instead of importing `State` (imports go
    one way). `State` has all of it; mypy checks so wherever one is passed."""

    @property
    def config(self) -> Config: ...
    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def board(self) -> tuple[str, ...]: ...
    @property
    def buildings(self) -> tuple[tuple[tuple[int, str], ...], ...]: ...
    @property
    def stacks(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def used(self) -> tuple[str, ...]: ...
    @property
    def vp_stack(self) -> int: ...
    @property
    def pool(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def delivered(self) -> tuple[str, ...]: ...
    @property
    def ever(self) -> tuple[str, ...]: ...
    @property
    def revealed(self) -> tuple[str, ...]: ...
    @property
    def upgraded(self) -> bool: ...
    @property
    def ending(self) -> bool: ...
    @property
    def stack(self) -> tuple[Frame, ...]: ...
    @property
    def box(self) -> tuple[str, ...]: ...
    @property
    def seen_by(self) -> int | None: ...
    @property
    def players(self) -> int: ...

    def seat(self, p: int) -> Seat: ...

    def with_seat(self, p: int, **changes: Any) -> tuple[Seat, ...]: ...

    def gain_vp(self, p: int, n: int) -> Self: ...

    def view(self, player: int | None) -> Self: ...


S = TypeVar("S", bound=StateLike)
"""A state a rule helper hands back changed: the caller's own type (a `State` for `state.py`)."""
