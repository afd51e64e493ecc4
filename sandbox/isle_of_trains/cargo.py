"""Isle of Trains cargo as counts: what a contract asks (coal, oil, box, "any" icons) and what a
train carries (coal, oil, box, wild loads), and how much of the one the other pays.

Both bots read it, the greedy one (`strategy`) and the Scenario's goals (`solo`), so it sits
below them both: neither imports the other for it.
"""

from __future__ import annotations

from sandbox.isle_of_trains import components as data

ISLANDS = {i.name: i for i in data.all_islands()}

Need = tuple[int, int, int, int]  # coal, oil, box, any


def need_of(cargo: data.Cargo) -> Need:
    return cargo.coal, cargo.oil, cargo.box, cargo.any


PRIMARY: dict[str, tuple[Need, int]] = {
    n: (need_of(i.primary.cargo), i.primary.vp) for n, i in ISLANDS.items()}
SECONDARY: dict[str, tuple[tuple[Need, int], ...]] = {
    n: tuple((need_of(c.cargo), c.vp) for c in i.secondaries) for n, i in ISLANDS.items()}


def covered(need: Need, have: Need) -> int:
    """How many of a contract's cargo icons these loads (counts of coal, oil, box, wild) could
    pay now: exact kinds first, then wild cards for what is missing, then anything left over
    for the "any" icons."""
    got = spare = missing = 0
    for k in range(3):
        used = min(have[k], need[k])
        got += used
        spare += have[k] - used
        missing += need[k] - used
    wild = have[3]
    fill = min(wild, missing)
    return got + fill + min(need[3], spare + wild - fill)


def counts(cargo: list[str] | tuple[str, ...]) -> Need:
    return cargo.count("coal"), cargo.count("oil"), cargo.count("box"), cargo.count("any")
