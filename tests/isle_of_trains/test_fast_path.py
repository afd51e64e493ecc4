"""The fast path and the explaining path agree.

`legal_actions()` is generated straight from the position (per-train indexes, shared action
objects, nothing formatted); the rules' checks (`_violations`, what `explain()` reports) take an
action rule by rule, with its numbers. Over many random states (every player count and ruling,
full states and players' views) the legal actions are exactly the candidates the checks allow,
in the same order (seeded games depend on the order), each listed once. A sabotaged fast path
fails the same check. Chance is sampled in O(1) and draws what the core's weighted draw would;
what a state works out about itself is never copied into the next one.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sandbox
from sandbox import native
from sandbox.core.chance import weighted
from sandbox.core.pending import CHANCE
from sandbox.core.playthrough import random_walk
from sandbox.core.state import _NATIVE, amend, evolve, memo_names
from sandbox.isle_of_trains import Build, Config, Rulings, State
from sandbox.isle_of_trains.actions import BUILDS, TAKES
from sandbox.isle_of_trains.index import index_of
from tests.isle_of_trains.iot_rules import game

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
rulings = st.builds(Rulings, **{k: st.sampled_from(v) for k, v in Rulings.CHOICES.items()})
configs = st.builds(Config, st.integers(2, 4), rulings)


def paths_agree(state: State) -> None:
    """The fast path against the explaining path, on one state (raises AssertionError).

    `explain` refuses whatever is not among the legal actions (the core's gate), so a fast path
    that forgot an action would still agree with `explain(a).ok`; the rules' own verdict,
    `_violations`, is what the fast path must match, and `explain` must say the same."""
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), f"listed twice: {legal}"
    candidates = list(state.candidate_actions())
    assert set(legal) <= set(candidates), f"legal but never offered: {set(legal) - set(candidates)}"
    allowed = tuple(a for a in candidates if not state._violations(a))
    assert set(legal) == set(allowed), (f"fast path only: {set(legal) - set(allowed)}; "
                                        f"rules only: {set(allowed) - set(legal)}")
    assert legal == allowed, "same actions, another order"
    assert set(legal) == {a for a in candidates if state.explain(a).ok}
    if state.to_move not in (None, CHANCE):
        assert len(state.pending.options) == len(legal)


def sampled(config: Config, seed: int, every: int, limit: int):
    """Every `every`-th state of a seeded random game (at most `limit`), and the deciding
    player's view of it."""
    found = 0
    for ply, (state, *_rest) in enumerate(random_walk(State.start(config), seed, 20000)):
        if ply % every:
            continue
        yield state
        if state.to_move not in (None, CHANCE):
            yield state.view(state.to_move)
        found += 1
        if found >= limit:
            return


@settings(max_examples=12, **SETTINGS)
@given(config=configs, seed=st.integers(0, 2**32), every=st.integers(3, 17))
def test_the_fast_path_lists_exactly_what_explain_allows_in_the_same_order(config, seed, every):
    checked = 0
    for state in sampled(config, seed, every, 120):
        paths_agree(state)
        checked += 1
    assert checked >= 60


def test_the_paths_agree_on_written_positions():
    """Positions the random games rarely reach: upgrades with drops, a Caboose 5 discount, a
    full Caboose 3, a bonus Build, a contract being paid, face-down loads [build.drop-car]
    [caboose.5] [caboose.3] [load.face-down]."""
    specs = [
        {"players": {1: {"train": ["E2", "X1", "K5", "H1"], "hand": "X2 H2 E2 E3 T1 C1 K6 BANK"},
                     2: {"train": ["E2", "K3", {"card": "H2", "loads": ["coal:H1"]}], "hand": "C2"}}},
        {"players": {1: {"train": ["E3", "K6", "X1", "X1", "T1"], "hand": "X3 T2 E2 K5 K7 C3"},
                     2: {"train": ["E1", {"card": "K3", "loads": ["oil:X2"]}]}}},
        {"players": {1: {"train": ["E2", {"card": "X1", "loads": ["box:X3"]}, {"card": "H1", "loads":
                                                                                ["coal:T1:down"]}],
                         "hand": "X1", "supply": "BI CE"}}},
    ]
    for spec in specs:
        for rulings_ in ({}, {"caboose_3_loaders": "owner", "upgrade_load": "discard"}):
            m = game(spec, **rulings_)
            paths_agree(m.state)
            for action in m.legal_actions():
                after, _ = m.state.apply(action)
                paths_agree(after)


@pytest.mark.parametrize("sabotage", ["drop one", "add one", "reorder"])
def test_the_check_fails_when_the_paths_disagree(monkeypatch, sabotage):
    """The agreement check is not vacuous: a fast path that forgets an action, allows one
    more, or lists them in another order is caught."""
    original = State.generate_legal

    def broken(self):
        legal = list(original(self))
        if self.to_move in (None, CHANCE) or len(legal) < 2:
            return legal
        if sabotage == "drop one":
            return legal[:-1]
        if sabotage == "add one":
            refused = next((a for a in self.candidate_actions() if a not in legal), None)
            return legal + [refused] if refused is not None else legal[::-1]
        return legal[::-1]

    monkeypatch.setattr(State, "generate_legal", broken)
    with pytest.raises(AssertionError):
        for state in sampled(Config.make(3), 5, 7, 200):
            paths_agree(state)


# --- chance in O(1) ---------------------------------------------------------------------------

@settings(max_examples=6, **SETTINGS)
@given(config=configs, seed=st.integers(0, 2**32))
def test_sampling_draws_what_the_weighted_draw_gives(config, seed):
    """`sample_chance` indexes the sorted pile with one `random()`; the core's weighted draw over
    (outcome, probability) and `rng.choices(distinct, copies)` read the same number and give the
    same card, passenger or ticket tile, so seeded games are the same games."""
    checked = 0
    for ply, (state, *_rest) in enumerate(random_walk(State.start(config), seed, 20000)):
        if state.to_move != CHANCE or ply % 3:
            continue
        outcomes = state.chance_outcomes()
        options = state._chance_options(state.stack[-1])
        counts = Counter(state._pool(state.stack[-1]))
        distinct = list(counts)  # sorted, as the options
        for k in range(5):
            a, b, c = (random.Random(f"{seed}/{ply}/{k}") for _ in range(3))
            fast = state.sample_chance(a)
            assert fast == weighted(outcomes, b)
            assert fast == options[distinct.index(c.choices(distinct, [counts[d] for d in distinct])[0])]
            assert a.random() == b.random() == c.random()  # each read exactly one number
        checked += 1
    assert checked


def test_seeded_matches_are_the_same_games():
    """A seeded match is the same game however often it is played (chance by the dealer)."""
    def line(seed):
        m = sandbox.new_game("isle_of_trains", players=3, seed=seed)
        m.run({p: sandbox.bots.RandomBot(seed=p) for p in (1, 2, 3)}, max_steps=300)
        return [n.action for n in m.history]

    assert line(7) == line(7) and line(7) != line(8)


# --- shared objects and memos ----------------------------------------------------------------

def test_legal_actions_are_shared_objects_and_any_equal_object_is_legal():
    m = game({"players": {1: {"hand": "C1 X1 H1"}}})
    state = m.state
    legal = state.legal_actions()
    assert TAKES["deck"] in legal and any(a is TAKES["deck"] for a in legal)
    build = next(a for a in legal if isinstance(a, Build))
    assert build is BUILDS[build.card, build.up, build.drop]
    assert state.is_legal(build) and state.is_legal(Build(build.card, build.up, build.drop))
    assert state.is_legal(state.parse("take deck")) and not state.is_legal(Build("E3"))
    assert not state.is_legal(["take", "deck"]) and not state.is_legal(None)


def test_who_decides_costs_nothing_and_the_rest_is_worked_out_when_read():
    state = game({"players": {1: {"hand": "C1 X1 H1"}}}).state
    fresh = evolve(state)
    assert fresh.to_move == 1 and fresh.pending.player == 1 and fresh.pending.kind == "action"
    assert "_legal" not in fresh.__dict__ and "_asking" not in fresh.__dict__
    assert fresh.pending.prompt == "P1: Action 1 of 2" and fresh.pending.rule == "turn.two-actions"
    assert fresh.pending.options == fresh.legal_actions() == state.legal_actions()
    assert fresh.pending == state.pending


def test_a_copy_never_carries_what_its_original_worked_out():
    """Every memo a state keeps (legal actions, pending texts, indexes, refusals' sets) stays
    behind when it is copied for the next step: a copy holds its fields only."""
    state = game({"players": {1: {"hand": "C1 X1 H1"}}}).state
    state.pending.prompt, state.legal_actions(), state.is_legal(Build("C1")), state.explain("build C1")
    state.destinations(), state.memo, state.is_legal(object())
    assert set(state.__dict__) - {f.name for f in fields(State)} <= set(memo_names(State))
    copy = evolve(state, turn=5)
    assert not set(copy.__dict__) - {f.name for f in fields(State)}  # fields (plain) or nothing (native)
    assert copy.turn == 5 and copy.players is state.players and copy.legal_actions() == state.legal_actions()


def test_native_fields_are_copied_and_changed_as_a_dict_of_them_would_be():
    """Compiled, a state's fields are a native class's C slots (`Table`): `evolve` copies them
    with `table.copied` and writes each change with `table.written`, and `amend` (the rules'
    `_amended`) writes into the private copy; plain, they are the `__dict__` as in every other
    game. Either way a copy equals its original, every field can be changed, a name that is no
    field is refused, and nothing the original worked out goes along."""
    compiled = "sandbox.isle_of_trains.state" in native.compiled_now()
    assert (State in _NATIVE) == compiled
    state = game({"players": {1: {"hand": "C1 X1 H1"}}}).state
    state.legal_actions(), state.pending.prompt
    for f in fields(State):
        copy = evolve(state, **{f.name: getattr(state, f.name)})
        assert copy == state and copy is not state and not set(copy.__dict__) & set(memo_names(State))
    changed = evolve(state, turn=7, deck=state.deck[1:], players=state.players[::-1])
    assert (changed.turn, changed.deck, changed.players) == (7, state.deck[1:], state.players[::-1])
    assert state.turn != 7 and changed.config is state.config
    with pytest.raises(TypeError, match="has no field 'nope'"):
        evolve(state, nope=1)
    private = evolve(state)
    private.legal_actions()
    assert amend(private, turn=9, over=True) is private and (private.turn, private.over) == (9, True)
    assert "_legal" not in private.__dict__


def test_a_train_index_belongs_to_its_train():
    """The index is made once per train and reused while the train is the same object; a
    player with another train gets another index, whatever the dict it was copied from says."""
    m = game({"players": {1: {"train": ["E1", "X1"], "hand": "H1 C1"}}})
    p1 = m.state.player(1)
    index = index_of(p1)
    assert index_of(p1) is index and (index.weight, index.capacity) == (2, 4)
    copied = evolve(p1, hand=("C1",))
    assert index_of(copied) is index  # the same train
    other = evolve(p1, train=p1.train[:1])
    assert index_of(other) is not index and index_of(other).weight == 0


# --- private copies, changed in place before they are handed out ------------------------------

def _played_states(players: int, seed: int) -> list[tuple[State, dict]]:
    """Every state of a random game played through the state's own loop (chance sampled), each
    with a copy of its fields taken when it was handed out."""
    rng = random.Random(seed)
    state = State.start(Config(players))
    seen = [(state, dict(state.__getstate__()))]
    while not state.is_over and len(seen) < 20_000:
        action = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_actions())
        state, _events = state.apply(action)
        seen.append((state, dict(state.__getstate__())))
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_state_handed_out_never_changes_as_play_goes_on(players):
    """A transition changes in place only the copy it made itself (`amend`: the action's step,
    the settling after it, the end of a turn): every state handed out keeps its fields while
    play goes on from it."""
    seen = _played_states(players, seed=players)
    assert seen[-1][0].is_over
    changed = [i for i, (state, fields_then) in enumerate(seen) if state.__getstate__() != fields_then]
    assert not changed, f"states changed after they were handed out: plies {changed[:5]}"


def test_the_check_fails_when_a_transition_changes_the_state_it_starts_from(monkeypatch):
    """The check above catches an `evolve` that changed its original in place. Compiled, a
    state is copied by `table.copied`, a C function out of a test's reach: there this runs in
    plain Python (`tests/core/test_compiled.py` runs this module again so)."""
    from sandbox import native
    from sandbox.core.state import amend
    from sandbox.isle_of_trains import state as state_module

    if "sandbox.isle_of_trains.state" in native.compiled_now():
        pytest.skip("compiled: a state is copied in C (`table.copied`); run again in plain Python")
    monkeypatch.setattr(state_module, "evolve", amend)
    seen = _played_states(2, seed=2)
    assert any(state.__getstate__() != fields_then for state, fields_then in seen)


def test_a_train_index_counts_the_loads_of_a_train_whose_cards_it_has_seen():
    """Trains with the same cards share what the cards say (gauges, cabooses, what each car
    holds); the loads are counted for each train: free places, cargo, passengers, seats."""
    from sandbox.isle_of_trains.components import card_types
    from sandbox.isle_of_trains.index import indexed
    from sandbox.isle_of_trains.model import Car, Load

    cards = card_types()

    def counted(train):
        free = tuple((pos, cards[c.card].holds) for pos, c in enumerate(train, 1)
                     if cards[c.card].holds and cards[c.card].spaces > len(c.loads))
        loads = [ld for c in train for ld in c.loads]
        seats = sum(cards[c.card].spaces - len(c.loads) for c in train if cards[c.card].holds == "passenger")
        return (free, tuple(ld.kind for ld in loads if ld.kind != "passenger"),
                sum(ld.kind == "passenger" for ld in loads), len(loads), seats)

    empty = (Car("E1"), Car("H1"), Car("C1"), Car("K5"))
    loaded = (Car("E1", (Load("passenger", dest="BI"),)), Car("H1", (Load("coal", card="H2"),)),
              Car("C1"), Car("K5"))
    full = (*loaded[:2], Car("C1", (Load("passenger", dest="DC"),)), Car("K5"))
    for train in (empty, loaded, full, empty):
        index = indexed(train)
        assert (index.free, index.cargo, index.passengers, index.loads, index.seats) == counted(train)
        assert (index.weight, index.k5, index.cabooses) == (sum(cards[c.card].weight for c in train), True,
                                                            frozenset({"K5"}))
