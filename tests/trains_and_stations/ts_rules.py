"""Helpers for the Trains & Stations rule tests: matches from written positions with forced dice,
refusals checked with the rule they cite, events by kind, and quick turns.

The rulebook's players sit at fixed seats in every test: Eric is P1 (the active player of the
examples, and the Conductor), Bryan P2, Sarah P3 and Ken P4.
"""

from __future__ import annotations

from typing import Any

import pytest

import sandbox

GAME = "trains_and_stations"
ERIC, BRYAN, SARAH, KEN = 1, 2, 3, 4

# Every city has one Building (the first level complete): the position a second Building needs.
ONE_EACH = {"seattle": "2:hotel", "los_angeles": "3:hotel", "billings": "4:hotel", "denver": "2:ranch",
            "kansas_city": "3:ranch", "san_antonio": "4:ranch", "detroit": "2:hotel",
            "atlanta": "3:hotel", "boston": "4:hotel"}


def game(spec: dict[str, Any] | None = None, players: int = 4, seed: int = 1, force=(),
         **rulings: str) -> sandbox.Match:
    """A match from a written position (see sandbox/trains_and_stations/position.py); `force`
    queues the chance outcomes ("shows locked", "power p07") the test wants, in order."""
    return sandbox.new_game(GAME, players=players, seed=seed, position=spec or {}, force=list(force),
                            **rulings)


def shows(*faces: str) -> list[str]:
    """Forced die faces, in rolling order: shows("train", "coin") -> ["shows train", "shows coin"]."""
    return [f"shows {f}" for f in faces]


def rules(m: sandbox.Match, action: str) -> list[str]:
    """The rules `action` breaks now (empty when it is legal)."""
    return [v.rule for v in m.explain(action).violations]


def refused(m: sandbox.Match, action: str, rule: str) -> None:
    """`action` is refused citing `rule`, is not among the legal actions, and playing it raises
    and changes nothing."""
    assert rule in rules(m, action), (action, m.explain(action))
    assert m.state.parse(action) not in m.legal_actions()
    before, ply = m.state, m.ply
    with pytest.raises(sandbox.IllegalAction):
        m.play(action)
    assert m.state is before and m.ply == ply


def legal(m: sandbox.Match, action: str) -> bool:
    parsed = m.state.parse(action)
    ok = m.explain(action).ok
    assert ok == (parsed in m.legal_actions()), action
    return ok


def options(m: sandbox.Match) -> set[str]:
    """The legal actions' notations (their order is no rule)."""
    return {a.notation for a in m.legal_actions()}


def of(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def texts(events, kind: str | None = None) -> list[str]:
    return [e.text for e in events if kind is None or e.kind == kind]


def tray(m: sandbox.Match) -> list[str]:
    """The faces of the dice rolled this turn, bonus dice marked: ["hotel", "bonus coin", ...]."""
    return [d.name for d in m.state.tray]


def vps(m: sandbox.Match) -> list[int]:
    return [s.vp for s in m.state.seats]


def space(m: sandbox.Match, space_id: str) -> str:
    from sandbox.trains_and_stations.board import SPACE_INDEX

    return m.state.board[SPACE_INDEX[space_id]]


def stack(m: sandbox.Match, building: str) -> tuple[str, int]:
    from sandbox.trains_and_stations.actions import BUILDINGS

    return m.state.stacks[BUILDINGS.index(building)]


def play_all(m: sandbox.Match, *actions: str) -> list:
    events: list = []
    for a in actions:
        events += m.play(a)
    return events


def stop_rerolls(m: sandbox.Match) -> list:
    """Decline any further reroll (confirm with no die chosen)."""
    return list(m.play("confirm")) if m.pending.kind == "reroll" else []


def settle(m: sandbox.Match, step5: bool = True) -> list:
    """Finish the current turn with no further choice of substance: stop rerolling, save
    nothing, and (with `step5`; else stop there) take the first upgrade offered and trade
    nothing in speculation. Stops at the next player's gather, at a placement, a build, a tie or a
    short payout (those are the test's to make), or at the end of the game."""
    events: list = []
    while not m.is_over:
        kind = m.pending.kind
        if kind in ("roll-saved", "reroll", "save"):
            events += m.play("confirm")
        elif kind == "upgrade" and step5:
            events += m.play(m.legal_actions()[0])
        elif kind == "speculate" and step5:
            for p in m.pending.players:
                events += m.play(f"P{p} commits trade nothing")
        else:
            break
    return events


def quiet_turn(m: sandbox.Match, step5: bool = True) -> list:
    """The active player rolls Coins on every die (forced), rerolls nothing, saves nothing (and
    then `settle`s)."""
    state = m.state
    p = state.current
    lo, _ = state.bonus_range(p)
    fresh = state.own_gathered(p) - len(state.seat(p).saved) + lo  # saved dice keep their faces
    m.force(*shows(*["coin"] * fresh))
    events = list(m.play(f"gather {lo}" if lo else "gather"))
    return events + settle(m, step5)


# --- the rulebook's worked examples, shared by several parts ----------------------------------------

# [example.delivery] Before Eric's turn: Bryan's Trains (red) and white dice on Seattle - Los
# Angeles - Billings (r1, s1-s8) and on Billings - Detroit (r2, s9-s14). Eric's three Trains go
# on s2, s7 and s14: on r1 Eric and Bryan then have 2 dice each (and 4 white), on r2 Bryan 2 and
# Eric 1 (and 3 white).
EXAMPLE_BOARD = {"s1": "2", "s3": "B", "s4": "2", "s5": "B", "s6": "B", "s8": "B",
                 "s9": "2", "s10": "2", "s11": "B", "s12": "B", "s13": "B"}


def delivery_example(spec: dict | None = None, force=(), **rulings: str) -> sandbox.Match:
    """[example.delivery] Eric rolls 3 Trains (and a Ranch and a Mine), places them on s2, s7 and
    s14 and saves nothing: Step 4 starts with two completed groups, and Eric is to choose the
    order. `force` queues what follows (the Power cards drawn as city bonuses)."""
    spec = {"board": EXAMPLE_BOARD, **(spec or {})}
    m = game(spec, force=[*shows("train", "train", "train", "ranch", "mine"), *force], **rulings)
    play_all(m, "gather", "confirm", "place s2", "place s7", "place s14", "confirm")
    return m


# [example.speculation] Eric 6 Cattle, Bryan 1, Sarah 3 (all 10: the Ranch is out of Cattle), and
# the Goods they trade.
SPECULATION = {"players": {ERIC: {"goods": "cattle cattle cattle cattle cattle cattle worker worker"},
                           BRYAN: {"goods": "cattle coal"},
                           SARAH: {"goods": "cattle cattle cattle worker worker coal coal"}}}

# A speculation shortage: the Mine's Coal is all held, Silver is stacked; Eric asks for 6 Silver
# (12 Goods), Bryan for 5 (8 Goods and his Cattle-Coal Power card p18, worth 2), Sarah for 1:
# 12 cards for a stack of 10.
SHORTAGE = {"players": {ERIC: {"goods": {"cattle": 6, "coal": 2, "worker": 4}},
                        BRYAN: {"goods": {"coal": 6, "cattle": 2}, "power": ["p18"]},
                        SARAH: {"goods": {"coal": 2}}}}
SHORTAGE_TRADES = ("P1 commits trade cattle cattle cattle cattle cattle cattle coal coal "
                   "worker worker worker worker",
                   "P2 commits trade cattle cattle coal coal coal coal coal coal p18",
                   "P3 commits trade coal coal")


def speculation(spec: dict | None = None, players: int = 3, **rulings: str) -> tuple[sandbox.Match, list]:
    """Eric's turn (Coins only) ends with a depleted stack: it is upgraded and the speculation
    begins (the match waits for the trades)."""
    m = game(spec or SPECULATION, players=players, **rulings)
    events = quiet_turn(m, step5=False)
    return m, events


def shortage(**rulings: str) -> sandbox.Match:
    """SHORTAGE's trades committed: Eric is to hand out the 10 Silver cards."""
    m, _ = speculation(SHORTAGE, **rulings)
    play_all(m, *SHORTAGE_TRADES)
    return m
