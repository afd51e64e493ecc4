"""Properties over 200 seeded random games at 2, 3 and 4 players (every fourth game with the
rulings drawn at random), checked after every step: tracks (traced again from the tile data)
never loop and end blocked only beside the Railhead; no track holds two of a limited piece;
Money Tokens are conserved; every drafted element is on a track, merged away or scored 1 VP;
every rule cited is a rulebook rule; the game ends after 8/9/8 rounds with one result; and the
explaining path (`explain`) agrees with the fast one (`legal_actions`) for the legal actions
and a sample of the refused candidates."""

from __future__ import annotations

import random
from collections import Counter

from sandbox.core.pending import CHANCE
from sandbox.traintopia import Config, State
from sandbox.traintopia.components import DECK_SIZE, RAILHEAD, TILES
from sandbox.traintopia.config import Rulings
from sandbox.traintopia.model import LIMITED, MONEY_TOKENS
from sandbox.traintopia.rulebook import RULES, RULINGS
from tests.traintopia.tt_rules import trace

GAMES = 200
SAMPLE = 12  # legal and refused candidates explained per decision
KNOWN = set(RULES) | {r.id for r in RULINGS} | {"notation"}
ELEMENTS = frozenset(p for p in LIMITED)


def config_for(seed: int) -> Config:
    players = 2 + seed % 3
    if seed % 4:
        return Config.make(players)
    rng = random.Random(seed)
    return Config.make(players, **{k: rng.choice(v) for k, v in Rulings.CHOICES.items()})


def _check_networks(state: State, seen: dict) -> None:
    """[tiles.no-loops] no loop; [tiles.no-dead-ends] [bonus.railhead] no blocked end unless the
    Railhead is in the network; [tracks.merging] at most one of each limited piece per track."""
    for p, seat in enumerate(state.seats, 1):
        network = seat.network
        if seen.get(p) is not network:
            seen[p] = network
            railhead = any(t.tile == RAILHEAD for t in network.tiles)
            mine = trace(network)
            assert not any(t.loop for t in mine), [t.rails for t in mine if t.loop]
            assert len(mine) == len(network.tracks)
            for own, track in zip(mine, network.tracks):
                assert own.tiles == track.tiles and own.cells == set(track.cells)
                assert len(own.ends) == 2 and len(track.ends) == 2
                if not railhead:
                    assert "blocked" not in own.ends and all(e.kind != "blocked" for e in track.ends)
        for track in network.tracks:
            counts = Counter(seat.on(track))
            assert all(counts[piece] <= 1 for piece in LIMITED), (p, track.name, counts)
        assert all(cell in network.cells_with("money") for cell in seat.money)
    assert sum(len(s.money) for s in state.seats) + state.money_left == MONEY_TOKENS  # [components.money]


def _check_explain(state: State, rng: random.Random) -> None:
    """explain() agrees with legal_actions() (legal ones allowed, refused candidates refused,
    every refusal citing a known rule)."""
    legal = state.legal_actions()
    legal_set = set(legal)
    for action in rng.sample(legal, min(SAMPLE, len(legal))):
        verdict = state.explain(action)
        assert verdict.ok, (str(state), action, str(verdict))
    refused = [a for a in state.candidate_actions() if a not in legal_set]
    for action in rng.sample(refused, min(SAMPLE, len(refused))):
        verdict = state.explain(action)
        assert not verdict.ok, (str(state), action)
        assert {v.rule for v in verdict.violations} <= KNOWN, verdict


def play_one(seed: int) -> None:
    config = config_for(seed)
    rng = random.Random(seed)
    state = State.start(config)
    seen: dict = {}
    drafted: Counter = Counter()
    fate: Counter = Counter()  # put on a track during the rounds, merged away, discarded for 1 VP
    steps = 0
    while state.outcome is None:
        steps += 1
        assert steps < 5000
        if state.to_move == CHANCE:
            action = state.sample_chance(rng)
        else:
            _check_explain(state, rng)
            action = rng.choice(state.legal_actions())
        phase = state.phase
        state, events = state.apply(action)
        for e in events:
            assert e.rule in KNOWN, e
            if e.kind == "draft" and e.data["item"] in ELEMENTS:
                drafted[e.data["item"]] += 1
            elif e.kind == "put" and phase == "round":
                fate[e.data["piece"]] += 1
            elif e.kind == "discard" and e.data["item"] in ELEMENTS and phase == "round":
                fate[e.data["item"]] += 1
        _check_networks(state, seen)
        assert all(s.vp >= 0 for s in state.seats)
    assert drafted == fate, (drafted, fate)  # every drafted element went on a track or scored 1 VP
    n = config.players
    assert state.phase == "over" and state.round == DECK_SIZE[n] and len(state.played) == DECK_SIZE[n]
    result = state.outcome
    assert result is not None and result.rule == "end.scoring"
    assert set(result.scores) == set(range(1, n + 1))
    best = max(result.scores.values())
    assert set(result.winners) <= {p for p, v in result.scores.items() if v == best}
    assert len(result.winners) == 1 or config.rulings.tiebreak == "shared"
    assert all(result.scores[p] == sum(v for _, v in result.breakdown[p]) for p in result.scores)
    assert all(s.bonus for s in state.seats) and len(state.bonuses) == 4 - n
    assert all(not s.held for s in state.seats)
    assert all(t.tile in TILES for s in state.seats for t in s.network.tiles)


def test_random_games_keep_every_invariant():
    """[tiles.no-loops] [tiles.no-dead-ends] [bonus.railhead] [tracks.merging] [elements.commuter-limit]
    [elements.tourist-limit] [elements.mail-train-limit] [components.money] [elements.discard]
    [end.trigger] [setup.round-deck] [end.scoring] [ruling.tiebreak] over 200 seeded games."""
    for seed in range(GAMES):
        play_one(seed)
