"""Positions written down: built exactly, validated with the rule a bad spec breaks, saved and
loaded with the match, and played on from."""

import pytest

import sandbox
from sandbox.everyone_on_board import Card, Config, position

SPEC = {
    "player": 2,
    "hands": {1: "7H 9H QS", 2: "5C 6C KC"},
    "tracks": {1: {"platform": "8H 9C", "train": "QH", "by": 1, "aboard": "10H"}},
    "discard": "AS 5D",
    "gone": [[1, 12], [2, 7]],
}


def test_position_builds_the_table_it_describes():
    state = position(Config.make(2), SPEC)
    assert state.player == 2 and state.step.kind == "move" and state.moves == 0
    assert state.hand(1) == tuple(sorted(Card.parse(c) for c in ["7H", "9H", "QS"]))
    train = state.tracks[0].train
    assert (train.collector, train.controller, train.aboard) == (Card.parse("QH"), 1, (Card.parse("10H"),))
    assert state.discard[-1] == Card.parse("5D")
    assert state.scores == (12, 7) and len(state.departures) == 2
    # every card not placed is in the draw pile: 42 in play in all [setup.deck]
    placed = 3 + 3 + 2 + 1 + 1 + 2
    assert len(state.deck) == 42 - placed


@pytest.mark.parametrize(("spec", "rule"), [
    ({"hands": {1: "AS"}}, "move.all-aboard"),
    ({"hands": {1: "2S"}}, "setup.train-cards"),
    ({"hands": {1: "7H", 2: "7H"}}, "setup.deck"),
    ({"hands": {1: "5H 6H 7H 8H 9H 10H"}}, "turn.draw"),
    ({"tracks": {3: {"platform": "5H"}}}, "setup.station"),
    ({"tracks": {1: {"aboard": "5H"}}}, "ruling.no-collector"),
    ({"tracks": {1: {"platform": "QH"}}}, "move.passenger"),
])
def test_bad_positions_name_the_rule_they_break(spec, rule):
    """A spec that could not arise is refused naming the rule [setup.deck] [setup.station]."""
    with pytest.raises(ValueError, match=rf"\[{rule}\]"):
        sandbox.new_game("everyone_on_board", players=2, position=spec)


def test_a_match_from_a_position_plays_saves_and_loads():
    match = sandbox.new_game("everyone_on_board", players=2, seed=5, position=SPEC)
    match.play("5C>P1")
    match.play("KC>T1")  # P2 takes the train over [collector.control]
    assert match.state.tracks[0].train.controller == 2
    again = sandbox.load(match.to_json())
    assert again.state == match.state and again.ply == match.ply
    outcome = match.run({1: sandbox.bots.GreedyBot(), 2: sandbox.bots.RandomBot(seed=2)})
    assert outcome is not None
    assert outcome.breakdown[1][0] == ("a train that left before this position", 12)
    assert sum(p for _, p in outcome.breakdown[2]) == outcome.scores[2]


# --- validated and settled exactly as a played position ---------------------------------------

import random  # noqa: E402
from collections import Counter  # noqa: E402

from sandbox.everyone_on_board import PLAY_DECK, State  # noqa: E402


def conserved(state: State) -> bool:
    return state.census() == Counter(PLAY_DECK)


def test_a_player_who_can_do_nothing_skips_the_moves_at_once():
    """ruling.no-move, as in play: P1 holds nothing and no Passenger may move (one track), so
    the position starts at the discards with "end" to play, never a decision with 0 options."""
    state = position(Config.make(2, tracks=1), {"hands": {2: "5C"}, "tracks": {1: {"platform": "7H"}},
                                                "moved": "7H", "moves": 1})
    assert state.step.kind == "discard" and state.moves == 1 and state.pending.player == 1
    assert [a.notation for a in state.legal_actions()] == ["end"]
    bot = sandbox.bots.RandomBot(seed=1)
    assert bot.choose(state.view(1), 1).action.notation == "end"


def test_a_schedule_already_met_is_game_over():
    state = position(Config.make(2, schedule=2), {"gone": [[1, 12], [2, 7]]})
    assert state.is_over and state.outcome.winners == (1,)
    assert state.outcome.reason == "all 2 scheduled trains have gone through the station"
    match = sandbox.new_game("everyone_on_board", players=2, schedule=2, position={"gone": [[1, 12], [2, 7]]})
    assert match.is_over and match.legal_actions() == ()


@pytest.mark.parametrize(("spec", "field", "rule"), [
    ({"phase": "discard", "moves": 0}, "moves", "turn.moves"),
    ({"phase": "move", "moves": 2}, "moves", "turn.moves"),
    ({"phase": "draw", "moves": 1}, "moves", "turn.moves"),
    ({"phase": "over"}, "phase", "turn.draw"),
    ({"phase": "signal"}, "phase", "turn.draw"),
    ({"moves": 1, "moved": "7H"}, "moved", "move.passenger-once"),
    ({"moves": 0, "moved": "7H", "tracks": {1: {"platform": "7H"}}}, "moved", "move.passenger-once"),
    ({"deck": "7H"}, "deck", "setup.deck"),
    ({"deck": "7H", "hands": {1: "7H"}}, "cards", "setup.deck"),
    ({"hands": {1: "?? 7H"}}, "hands P1", "setup.deck"),
    ({"hands": {1: "7X"}}, "hands P1", "setup.deck"),
    ({"tracks": {1: {"train": "QH KH"}}}, "track 1 train", "move.collector-replace"),
    ({"tracks": {1: {"train": "7H"}}}, "track 1 train", "collector.arrive"),
    ({"tracks": {1: {"by": 2}}}, "track 1 by", "collector.control"),
    ({"tracks": {1: {"train": "QH", "by": 3}}}, "track 1 by", "collector.control"),
    ({"gone": [[1, 181]]}, "gone #1 points", "passenger.score"),
    ({"gone": [[1, 5]] * 6}, "gone", "ruling.schedule"),
    ({"discard": "2S"}, "discard", "setup.train-cards"),
    ({"deck": "AS 3H"}, "deck", "setup.train-cards"),
])
def test_bad_specs_name_the_field_and_the_rule(spec, field, rule):
    with pytest.raises(ValueError) as info:
        position(Config.make(2), spec)
    assert type(info.value) is ValueError
    assert str(info.value).startswith(f"position {field}: ") and str(info.value).endswith(f"[{rule}]")


@pytest.mark.parametrize(("spec", "says"), [
    ([("player", 1)], "position spec: a position is a dict"),
    ({"player": "1"}, "position player: a whole number from 1 to 2, not '1' (str)"),
    ({"player": True}, "position player: a whole number from 1 to 2, not True (bool)"),
    ({"player": 3}, "position player: must be from 1 to 2, not 3"),
    ({"turn": 1.5}, "position turn: a whole number"),
    ({"hands": ["7H"]}, "position hands: a dict like {1: '7H QS'}, not ['7H'] (list)"),
    ({"hands": {"x": "7H"}}, "position hands (a player): a whole number from 1 to 2, not 'x'"),
    ({"hands": {3: "7H"}}, "position hands (a player): must be from 1 to 2, not 3"),
    ({"hands": {1: 7}}, "position hands P1: cards are written as text like '7H QS'"),
    ({"hands": {1: ["7H", None]}}, "position hands P1: a card is written as text like '7H', not None"),
    ({"hands": {1: "7H " * 60}}, "position hands P1: 60 cards, but only 42 are in play"),
    ({"tracks": {1: "QH"}}, "position track 1: a dict like"),
    ({"tracks": {1: {"trian": "QH"}}}, "position track 1: unknown 'trian'"),
    ({"tracks": {"2": {}}}, "position tracks: must be from 1 to 1, not 2 [setup.station]"),
    ({"gone": 3}, "position gone: a list of [player, points] pairs, not 3"),
    ({"gone": [[1]]}, "position gone #1: a [player, points] pair, not [1]"),
    ({"gone": [[1, "5"]]}, "position gone #1 points: a whole number from 0 to 180, not '5' (str)"),
    ({"decks": "7H"}, "position keys: unknown 'decks'"),
    ({"phase": ["move"]}, "position phase: a position starts at the player's 'draw', 'move' or "
                          "'discard', not ['move']"),
])
def test_bad_types_give_a_clear_value_error(spec, says):
    with pytest.raises(ValueError) as info:
        position(Config.make(2), spec)
    assert type(info.value) is ValueError and str(info.value).startswith(says), str(info.value)


def test_a_position_at_the_draw_waits_for_chance():
    """phase "draw": the player draws to 5 next, one chance draw at a time [turn.draw]."""
    spec = {"player": 2, "phase": "draw", "hands": {1: "7H 8H 9H 10H QH", 2: "5S 6S"}}
    state = position(Config.make(2), spec)
    assert state.pending.is_chance and state.pending.kind == "draw" and state.pending.rule == "turn.draw"
    match = sandbox.new_game("everyone_on_board", players=2, seed=3, position=spec,
                             force=["KS", "AD", "7C", "8C"])
    assert match.state.hand(2) == tuple(sorted(map(Card.parse, ["5S", "6S", "KS", "7C", "8C"])))
    assert match.pending.player == 2 and match.pending.kind == "move"
    assert [e.kind for _, e in match.events()][:3] == ["draw", "all-aboard", "signal"]
    again = sandbox.load(match.to_json())
    assert again.state == match.state


def test_a_position_at_the_draw_with_an_empty_pile_reshuffles_first():
    everything = " ".join(c.notation for c in PLAY_DECK if c.notation not in ("7H", "8H"))
    state = position(Config.make(2), {"phase": "draw", "hands": {1: "7H 8H"}, "deck": "",
                                      "discard": everything})
    assert state.pending.is_chance and len(state.deck) == 40 and state.discard == ()
    assert conserved(state)


def test_a_position_mid_turn_remembers_the_moves_made():
    spec = {"moves": 1, "moved": "7H", "hands": {1: "8H QS"},
            "tracks": {1: {"platform": "7H", "train": "KH", "by": 2}}}
    state = position(Config.make(2), spec)
    assert state.step.kind == "move" and state.moves == 1 and state.moved == (Card.parse("7H"),)
    assert state.pending.prompt == "P1: Move 2 of 2"
    assert [v.rule for v in state.explain("7H>T1").violations] == ["move.passenger-once"]
    after, _ = state.apply("QS>T1")
    assert after.step.kind == "discard"


def test_an_explicit_deck_must_account_for_every_card():
    deck = [c.notation for c in PLAY_DECK]
    state = position(Config.make(2), {"hands": {1: "7H"}, "deck": [c for c in deck if c != "7H"]})
    assert conserved(state) and len(state.deck) == 41
    state = position(Config.make(2), {"hands": {1: "7H"}, "deck": "8H 9H",
                                      "discard": [c for c in deck if c not in ("7H", "8H", "9H")]})
    assert state.deck == tuple(sorted(map(Card.parse, ["8H", "9H"]))) and conserved(state)
    with pytest.raises(ValueError, match=r"position deck: 1 of the 42 cards in play are placed "
                                         r"nowhere: 9H .*\[setup\.deck\]"):
        position(Config.make(2), {"hands": {1: "7H"}, "deck": [c for c in deck if c not in ("7H", "9H")]})


# --- fuzz: valid specs and their mutations -------------------------------------------------------

def random_spec(rng: random.Random, config: Config) -> dict:
    """A valid spec, JSON-like (string keys sometimes), from a shuffled deck."""
    n, pile = config.players, list(PLAY_DECK)
    rng.shuffle(pile)
    held = [c for c in pile if not c.is_all_aboard]
    key = (lambda k: str(k)) if rng.random() < 0.5 else (lambda k: k)
    phase = rng.choice(["draw", "move", "discard"])
    moves = {"draw": 0, "move": rng.randint(0, 1), "discard": 2}[phase]
    spec: dict = {"player": rng.randint(1, n), "phase": phase, "moves": moves, "turn": rng.randint(1, 40)}
    spec["hands"] = {key(p): " ".join(held.pop().notation for _ in range(rng.randint(0, 5)))
                     for p in range(1, n + 1)}
    tracks = {}
    for t in range(1, config.tracks + 1):
        if rng.random() < 0.4:
            continue
        passengers = [c for c in held if c.is_passenger]
        platform = [passengers.pop() for _ in range(rng.randint(0, min(3, len(passengers))))]
        entry = {"platform": [c.notation for c in platform]}
        collectors = [c for c in held if c.is_collector]
        if collectors and rng.random() < 0.6:
            lead = collectors[0]
            entry |= {"train": lead.notation, "by": rng.randint(1, n),
                      "aboard": " ".join(c.notation for c in passengers[:rng.randint(0, 2)])}
            placed = {lead, *passengers[:len(entry["aboard"].split())]}
        else:
            placed = set()
        held = [c for c in held if c not in placed and c not in platform]
        tracks[key(t)] = entry
    spec["tracks"] = tracks
    used = {Card.parse(c) for h in spec["hands"].values() for c in h.split()}
    for t in tracks.values():
        used |= {Card.parse(c) for c in t["platform"]}
        used |= {Card.parse(c) for c in [t.get("train", ""), *t.get("aboard", "").split()] if c}
    rest = [c for c in pile if c not in used]
    cut = rng.randint(0, len(rest))
    spec["discard"] = " ".join(c.notation for c in rest[:cut])
    if rng.random() < 0.5:
        spec["deck"] = [c.notation for c in rest[cut:]]
    spec["gone"] = [[rng.randint(1, n), rng.randint(0, 40)] for _ in range(rng.randint(0, config.schedule))]
    on_table = [c for t in tracks.values() for c in t["platform"]]
    spec["moved"] = on_table[:min(moves, len(on_table), rng.randint(0, 2))]
    return spec


JUNK = [None, True, 0, -1, 7, 2.5, 10**12, "", "x", "7H", "7H 7H", "AS", "2S", "??", "QS", "JK1",
        [], ["7H", 3], {}, {"1": 1}, {"9": "7H"}, [[1, 2]], [[9, 9]], "5H 6H 7H 8H 9H 10H", "draw",
        "discard", ["x"] * 50, {"platform": "AS"}, {"train": "5H"}, {"bogus": 1}]


def mutate(rng: random.Random, spec: dict) -> dict:
    """The spec with one value, somewhere inside it, replaced by junk, or a card duplicated."""
    spec = {k: (dict(v) if isinstance(v, dict) else v) for k, v in spec.items()}
    for k in ("hands", "tracks"):
        if isinstance(spec.get(k), dict):
            spec[k] = {kk: (dict(vv) if isinstance(vv, dict) else vv) for kk, vv in spec[k].items()}
    choice = rng.random()
    if choice < 0.15 and spec["hands"]:  # a card placed twice
        p = rng.choice(list(spec["hands"]))
        spec["hands"][p] = (spec["hands"][p] + " " + (spec["discard"].split() or ["7H"])[0]).strip()
        return spec
    if choice < 0.25:  # an unknown player or track
        target = rng.choice(["hands", "tracks"])
        spec[target][rng.choice([0, 5, 13, "13", "-1", "P1"])] = rng.choice(JUNK)
        return spec
    where = rng.choice(["top", "hands", "tracks"])
    if where == "top" or not spec[where]:
        spec[rng.choice([*spec, "bogus"])] = rng.choice(JUNK)
    elif where == "hands":
        spec["hands"][rng.choice(list(spec["hands"]))] = rng.choice(JUNK)
    else:
        t = rng.choice(list(spec["tracks"]))
        if isinstance(spec["tracks"][t], dict) and rng.random() < 0.7:
            spec["tracks"][t][rng.choice(["platform", "train", "by", "aboard", "trian"])] = rng.choice(JUNK)
        else:
            spec["tracks"][t] = rng.choice(JUNK)
    return spec


def check_built(config: Config, spec: dict) -> str:
    """Only a ValueError with a clear message, or a settled state ready to play."""
    try:
        state = position(config, spec)
    except ValueError as e:
        assert type(e) is ValueError and str(e).startswith("position "), repr(e)
        assert len(str(e)) < 400, str(e)
        return "refused"
    assert conserved(state), spec
    assert all(len(h) <= 5 for h in state.hands)
    if state.is_over:
        return "over"
    assert state.legal_actions() or state.pending.is_chance, spec
    assert len(state.legal_actions()) >= 1, spec
    if state.pending.player not in (None, 0):
        bot = sandbox.bots.RandomBot(seed=0)
        assert bot.choose(state.view(state.pending.player), state.pending.player).action
    return "built"


@pytest.mark.parametrize("seed", range(8))
def test_fuzz_valid_specs_build_and_mutations_only_refuse_clearly(seed):
    rng = random.Random(seed)
    seen = Counter()
    for _ in range(150):
        config = Config.make(rng.randint(2, 4), schedule=rng.randint(2, 6), tracks=rng.randint(1, 4))
        spec = random_spec(rng, config)
        assert check_built(config, spec) in ("built", "over"), spec
        seen[check_built(config, mutate(rng, spec))] += 1
    assert seen["refused"] and seen["built"]
