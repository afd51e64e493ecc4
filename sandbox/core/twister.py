"""The dealer's first draw, compiled: `random.Random(text).random()` worked out in C, bit for bit.

A seeded game draws each chance outcome from `random.Random(f"{seed}/{ply}")` (`core.dealer`),
nearly always once. Making that generator costs more than most transitions: CPython seeds a
Mersenne Twister from the text's integer (a constant first pass, then two passes of about 624
dependent steps each) and twists all 624 words before the first draw. Compiled, this module
does the same arithmetic on a C array, starting from the constant first pass worked out once,
and twists only the two words the first `random()` reads: the same double, for about half the
cost. Everything past the first draw is `random.Random` itself (`Dealer`).

Plain Python never calls it (`COMPILED` is False there; the dealer keeps `random.Random`), and
a second implementation of the generator is checked against CPython's own on many texts
(`tests/core/test_determinism.py`). The steps below are CPython's `init_by_array`,
`genrand_uint32` and `random_random` (Modules/_randommodule.c), in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # mypy reads the declarations as the plain Python they are
    from sandbox import cython_shadow as cython
else:
    try:
        import cython
    except ImportError:  # plain Python without Cython
        from sandbox import cython_shadow as cython

COMPILED: bool = cython.compiled
"""Whether `first_random` runs as C here (only then does the dealer call it)."""

_N = cython.declare(cython.Py_ssize_t, 624)  # the generator's words (a C constant, compiled)
_BASE = cython.declare(cython.uint[624])  # init_genrand(19650218): where every seeding starts


@cython.cfunc
@cython.locals(i=cython.Py_ssize_t, prev=cython.uint)
def _fill_base() -> None:
    _BASE[0] = 19650218
    for i in range(1, _N):
        prev = _BASE[i - 1]
        _BASE[i] = cython.cast(cython.uint, 1812433253) * (prev ^ (prev >> 30)) + i


if cython.compiled:
    _fill_base()


@cython.cfunc
@cython.inline
@cython.locals(y=cython.uint)
@cython.returns(cython.uint)
def _temper(y: int) -> int:
    y ^= y >> 11
    y ^= (y << 7) & cython.cast(cython.uint, 0x9D2C5680)
    y ^= (y << 15) & cython.cast(cython.uint, 0xEFC60000)
    y ^= y >> 18
    return y


@cython.cfunc
@cython.inline
@cython.locals(y=cython.uint, a=cython.uint, b=cython.uint, far=cython.uint)
@cython.returns(cython.uint)
def _twisted(a: int, b: int, far: int) -> int:
    """One word of the twist: from the word, the next one and the one 397 on."""
    y = (a & cython.cast(cython.uint, 0x80000000)) | (b & 0x7FFFFFFF)
    return far ^ (y >> 1) ^ (cython.cast(cython.uint, 0x9908B0DF) if y & 1 else 0)


@cython.locals(prev=cython.uint, word=cython.uint, a=cython.uint,
               b=cython.uint, raw=cython.p_uchar, n=cython.Py_ssize_t,
               i=cython.Py_ssize_t, j=cython.Py_ssize_t, words=cython.Py_ssize_t, t=cython.Py_ssize_t,
               at=cython.Py_ssize_t)
def first_random(data: bytes) -> float:
    """`random.Random(text).random()` for `data` = the text's UTF-8 and its SHA-512 digest (the
    bytes whose big-endian integer `random` seeds with); at most 640 bytes."""
    key = cython.declare(cython.uint[160])  # the seed's integer in 32-bit words
    mt = cython.declare(cython.uint[624])
    n = len(data)
    if n > 640:
        raise ValueError("the dealer's seed text is at most 576 bytes")
    raw = data
    words = (n + 3) // 4  # the integer's 32-bit words, least significant first
    for j in range(words):
        word = 0
        for t in range(4):
            at = n - 4 * j - 4 + t
            word = (word << 8) | (raw[at] if at >= 0 else 0)
        key[j] = word + j  # what the first pass adds at word j: the word and its place
    # `init_by_array`'s two passes, each word from the one before (kept in `prev`, not read
    # back), their wrap-arounds unrolled: the first runs max(624, words) = 624 steps (words <=
    # 160), i = 1..623 then i = 1 again; the second 623 steps, i = 2..623 then i = 1 again.
    # The first pass reads its words from `_BASE` and writes them to `mt` (no copy first); the
    # wrap-arounds' copies into mt[0] are read only through `prev`, and mt[0] is set at the end.
    prev = _BASE[0]
    j = 0
    for i in range(1, _N):
        prev = (_BASE[i] ^ ((prev ^ (prev >> 30)) * cython.cast(cython.uint, 1664525))) + key[j]
        mt[i] = prev
        j += 1
        if j == words:
            j = 0
    prev = mt[1] = (mt[1] ^ ((prev ^ (prev >> 30)) * cython.cast(cython.uint, 1664525))) + key[j]
    for i in range(2, _N):
        prev = (mt[i] ^ ((prev ^ (prev >> 30)) * cython.cast(cython.uint, 1566083941))) - i
        mt[i] = prev
    mt[1] = (mt[1] ^ ((prev ^ (prev >> 30)) * cython.cast(cython.uint, 1566083941))) - 1
    mt[0] = 0x80000000
    a = _temper(_twisted(mt[0], mt[1], mt[397])) >> 5
    b = _temper(_twisted(mt[1], mt[2], mt[398])) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


__all__ = ["COMPILED", "first_random"]
