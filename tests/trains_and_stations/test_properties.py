"""Properties over a thousand seeded random games at 3, 4 and 5 players, every ruling on its
other reading in some of them: dice, goods, coins, VP, buildings and power cards are conserved
at every turn, every game ends, the winners have the best score; and at sampled positions the
fast legal-action path agrees with `explain` for every candidate."""

from __future__ import annotations

import random
from collections import Counter

from sandbox.core.pending import CHANCE
from sandbox.trains_and_stations import RULES, RULINGS, Config, State
from sandbox.trains_and_stations import board as data
from sandbox.trains_and_stations.config import Rulings
from sandbox.trains_and_stations.model import BONUS_DICE, BUILDINGS_EACH, COINS_MAX, DICE_EACH

GAMES = 1000
MAX_PLIES = 40_000  # the longest of the 1,000 games took about 20,000
KNOWN = set(RULES) | {r.id for r in RULINGS} | {"notation"}


def config_for(seed: int) -> Config:
    """3, 4 or 5 players; every fourth game with each switch on a reading drawn at random."""
    players = 3 + seed % 3
    if seed % 4:
        return Config.make(players)
    rng = random.Random(seed)
    return Config.make(players, **{k: rng.choice(v) for k, v in Rulings.CHOICES.items()})


def _random_action(state: State, rng: random.Random):
    """Chance by its weights, a player's decision uniformly."""
    return state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_actions())


def assert_conserved(state: State) -> None:
    """Everything counted where it may be, between turns (nothing in a roll)."""
    n = state.players
    for p in range(1, n + 1):
        seat = state.seat(p)
        assert state.on_board(p) + len(seat.saved) <= DICE_EACH
        assert 0 <= seat.coins <= COINS_MAX
        assert seat.vp >= 0 and seat.bonus >= 0
        built = Counter(kind for row in state.buildings for q, kind in row if q == p)
        assert all(built[b] + seat.left(b) == BUILDINGS_EACH for b in ("ranch", "mine", "hotel"))
    held_bonus = sum(s.bonus for s in state.seats) + sum(d.bonus for d in state.tray)
    assert state.pool + held_bonus + state.bonus_out() == BONUS_DICE
    goods = Counter(g for s in state.seats for g in s.goods)
    goods += Counter(c for c in state.box if c not in data.POWER)
    goods += Counter({g: left for g, left in state.stacks if g})
    for good, count in data.GOODS_EACH.items():
        assert goods[good] == (count if good in state.used else 0), (good, goods[good])
    power = Counter(state.power_deck) + Counter(c for c in state.box if c in data.POWER)
    power += Counter(c for s in state.seats for c in (*s.power, *s.missions))
    assert power == Counter(c.id for c in data.POWER_CARDS)
    vp = sum(s.vp for s in state.seats) + state.vp_stack
    total = data.VP_TOTAL[n]
    if state.config.rulings.strike_vp == "to-stack" and not state.ending:
        assert vp == total  # nothing has come from the reserve yet
    assert state.vp_stack >= 0
    for i, c in enumerate(data.CITIES):
        assert len(state.buildings[i]) <= c.slots


def test_a_thousand_random_games_conserve_everything_and_end():
    lengths = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = State.start(config_for(seed))
        marker = state.turn_marker()
        for _ in range(MAX_PLIES):
            if state.is_over:
                break
            state, events = state.apply(_random_action(state, rng))
            assert all(e.rule in KNOWN for e in events)
            if state.turn_marker() != marker:
                marker = state.turn_marker()
                assert_conserved(state)
        assert state.is_over, f"game {seed} did not end in {MAX_PLIES} plies"
        assert_conserved(state)
        outcome = state.outcome
        best = max(outcome.scores.values())
        assert all(outcome.scores[w] == best for w in outcome.winners)
        lengths.append(state.turn)
    assert len(lengths) == GAMES


def test_the_fast_path_agrees_with_explain_for_every_candidate():
    """At positions sampled from random games, an action is legal exactly when `explain` finds
    no rule it breaks, and every refusal names a rule of the game."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = State.start(config_for(seed))
        for ply in range(3000):
            if state.is_over:
                break
            if ply % 7 == 0 and state.to_move != CHANCE:
                legal = set(state.legal_actions())
                for candidate in state.candidate_actions():
                    verdict = state.explain(candidate)
                    assert verdict.ok == (candidate in legal), (state.pending.kind, candidate, verdict)
                    assert all(v.rule in KNOWN for v in verdict.violations)
                checked += 1
            state, _ = state.apply(_random_action(state, rng))
    assert checked > 500
