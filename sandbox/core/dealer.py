"""The dealer: the seeded random source of every chance decision, the same wherever a game is
played (a `Match`, `runner.play_out`, the lab, the RL env).

Chance at ply `ply` of a game seeded `seed` draws from `random.Random(f"{seed}/{ply}")`, so a
seeded game deals the same cards however it is played, and a recorded game replays exactly.
It sits below the match, the registry and saves, which all read `SEED_LIMIT` from here.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from sandbox.core import twister

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

try:  # what `random` seeds text with; hashlib costs more to import
    from _sha512 import sha512  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    from hashlib import sha512

SEED_LIMIT = 2**63
"""Seeds are integers with -SEED_LIMIT <= seed < SEED_LIMIT."""


@cython.dataclasses.dataclass(eq=False, repr=False)
@cython.cclass
class Dealer:
    """The dealer's random source for the chance decision at one ply of a seeded game: the very
    generator `random.Random(f"{seed}/{ply}")` is, made only if the game draws from it (seeding a
    Mersenne Twister costs more than most transitions; a decision with one possible outcome never
    needs it, nor its seed text). `random()`, what the games draw with, is a method of its own;
    anything else of `random.Random` is looked up on the generator.

    Compiled, the first `random()` (nearly every chance decision draws once) is worked out
    without making the generator at all (`core.twister`, the same double for about half the
    cost); the generator, made if anything more is drawn, then starts past that draw. Compiled,
    a native class too (its fields in C slots, made by C): a match makes one a chance step."""

    _seed: int
    _ply: int
    _rng: random.Random | None = None
    _drawn: bool = False  # whether the first draw came from `twister`, without the generator

    def generator(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = seeded(f"{self._seed}/{self._ply}")
            if self._drawn:
                rng.random()  # the draw `twister` gave
        return rng

    def random(self) -> float:
        rng = self._rng
        if rng is None:
            if _FIRST and not self._drawn:
                self._drawn = True
                return _first_random(seed_bytes(f"{self._seed}/{self._ply}"))
            rng = self.generator()
        return rng.random()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.generator(), name)


_FIRST = twister.COMPILED
_first_random = twister.first_random
_new_random = random.Random.__new__
_seed_words = super(random.Random, random.Random).seed  # the C generator's own seeding
_from_bytes = int.from_bytes


def seed_bytes(text: str) -> bytes:
    """The bytes `random` seeds with for `text`, big end first: its UTF-8, then their SHA-512."""
    data = text.encode()
    return data + sha512(data).digest()


def seeded(text: str) -> random.Random:
    """`random.Random(text)`, the same generator bit for bit, without its Python layers
    (`Random.__init__` and `Random.seed` turn text into this very integer, then seed with it):
    a third of the cost of a chance step in a match."""
    rng = _new_random(random.Random)
    _seed_words(rng, _from_bytes(seed_bytes(text), "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


__all__ = ["SEED_LIMIT", "Dealer", "seed_bytes", "seeded"]
