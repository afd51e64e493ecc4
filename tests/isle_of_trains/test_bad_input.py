"""Bad input is refused clearly and at once: unknown options, notation that is not an action (read
in linear time, quoted once and cut), hand-built action objects with fields of the wrong kind
(a specific reason naming the rule, never another exception), and written positions of the
wrong shape (ValueError naming what is wrong)."""

from __future__ import annotations

import copy
import random
import re
import time

import pytest

import sandbox
from sandbox.isle_of_trains import (
    Build,
    Deliver,
    Discard,
    Draw,
    DrawPassenger,
    LoadCard,
    LoadPassenger,
    Part,
    Pay,
    PlaceTile,
    Spot,
    Take,
    parse,
)
from sandbox.isle_of_trains.position import EXAMPLES
from tests.isle_of_trains.iot_rules import game


def test_an_unknown_option_lists_every_option_and_its_values():
    with pytest.raises(ValueError) as info:
        sandbox.new_game("isle_of_trains", players=2, bogus="x")
    message = str(info.value)
    assert message.startswith("Isle of Trains: All Aboard has no option 'bogus'; its options "
                              "(default first) are: town_hall='passenger-spaces' or 'passenger-icons';")
    assert "secondary_at='island' or 'anywhere'" in message and "caboose_3_loaders" in message
    with pytest.raises(ValueError, match="the town_hall ruling is 'passenger-spaces' or "
                                         "'passenger-icons', not 3"):
        sandbox.new_game("isle_of_trains", players=2, town_hall=3)
    with pytest.raises(ValueError, match="1-4 players here, not '2'"):
        sandbox.isle_of_trains.Config.make("2")
    with pytest.raises(ValueError, match="only 'players', 'rulings', 'mode' and 'chapter'"):
        sandbox.isle_of_trains.Config.from_dict({"players": 2, "colour": "red"})


def test_notation_is_read_in_linear_time_and_quoted_once():
    """'build C1 up 1 up 1 ...' used to be read quadratically; each option is read once now, and
    a refusal quotes the text once, cut after 40 characters."""
    text = "build C1 " + "up 1 " * 38
    with pytest.raises(sandbox.InvalidNotation) as info:
        parse(text)
    message = str(info.value)
    assert message.count("build C1 up") == 1 and f"({len(text)} characters)" in message
    assert message.endswith("'primary', 'use 3', 'special 2 DC', 'done' [notation]")
    start = time.perf_counter()
    for _ in range(200):
        with pytest.raises(sandbox.InvalidNotation):
            parse("build C1 " + "zz 1 " * 5000)
    assert time.perf_counter() - start < 2
    assert parse("build C3 drop 4 up 2") == Build("C3", 2, 4)
    assert parse("special 2 dc") == Part("special", 2, "DC") and parse("use 3") == Part("use", 3)
    for bad in ("build C3 up 2 up 3", "build C3 up", "special 2 XX", "secondary 1 DC", "take 9",
                "load C1 P1.2 up"):
        with pytest.raises(sandbox.InvalidNotation, match=f"^{re.escape(repr(bad))} is not an action"):
            parse(bad)
    with pytest.raises(sandbox.InvalidNotation, match=r"^'P9' is not a place on a train"):
        parse("load C1 P9")


@pytest.mark.parametrize("action, says", [
    (Take("0"), "there is no display slot 0 (slots 1-3) [take.card]"),
    (Take("xyz"), "'xyz' is not a place to take from: a display slot 1-3, 'deck' or 'passenger' [take.card]"),
    (Take(""), "'' is not a place to take from: a display slot 1-3, 'deck' or 'passenger' [take.card]"),
    (Take(2), "2 is not a place to take from"),
    (Part("done", 4), "'done' takes no card number and no passenger [deliver.together]"),
    (Part("special", 0), "'special' needs a number: 'special 2' [deliver.special]"),
    (Part("use", 2, "ZZ"), "'ZZ' cannot follow 'use 2'"),
    (Part(["x"]), "['x'] is not a part of a delivery"),
    (Build("C1", "x"), "'up' is the position of a card in the train (0: none), not 'x' "
                       "[build.extend-or-upgrade]"),
    (Build("C1", 0, -2), "'drop' is the position of a card in the train (0: none), not -2 [build.drop-car]"),
    (Build(None), "None is not a card: name it by its id, e.g. 'C1' [build.from-hand]"),
    (Pay(3), "3 is not a card"),
    (Discard([]), "[] is not a card"),
    (LoadCard("C1", "P1.2"), "'P1.2' is not a place on a train: Spot(player, card)"),
    (LoadCard("C1", Spot(1, "2")), "is not a place on a train"),
    (LoadCard("C1", Spot(1, 2), "yes"), "face_down is True or False, not 'yes' [load.face-down]"),
    (LoadPassenger("XX", Spot(1, 1)), "'XX' is not where a passenger goes: AL BI CE CM DC FB "
                                      "[load.passenger]"),
    (Deliver(["BI"]), "['BI'] is not a destination: AL BI CE CM DC FB RS [deliver.one-destination]"),
    (Draw(None), "None is not a card"),
    (DrawPassenger("RS"), "'RS' is not a passenger's destination"),
    (PlaceTile("4"), "a ticket tile is a number, not '4' [setup.tickets]"),
    (Draw("C1"), "'draw C1' is decided by chance, not by a player; P1 decides now: Action 1 of 2 "
                 "[turn.two-actions]"),
    (object(), "this object is not an action of Isle of Trains: All Aboard [notation]"),
])
def test_a_malformed_action_gets_a_specific_reason_and_nothing_else(action, says):
    m = game({"players": {1: {"hand": "C1 X1"}, 2: {}}})
    verdict = m.explain(action)
    assert not verdict.ok and says in "; ".join(str(v) for v in verdict.violations)
    assert str(verdict) and m.state.describe(action, 2)
    before = m.state
    with pytest.raises(sandbox.IllegalAction):
        m.play(action)
    assert m.state is before


WEIRD = [None, "", "zz", -1, 0, 99, 10**9, 1.5, [], {}, ["zz"], {"zz": 1}, True]


def _mutations(spec, rng: random.Random, count: int):
    """Copies of `spec` with one value (at any depth) replaced, one key dropped or one added."""
    paths = []

    def walk(node, path):
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            paths.append((*path, k))
            walk(v, (*path, k))

    walk(spec, ())
    for _ in range(count):
        out = copy.deepcopy(spec)
        path = rng.choice(paths)
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        roll = rng.random()
        if roll < 0.7:
            parent[path[-1]] = rng.choice(WEIRD)
        elif isinstance(parent, dict):
            if roll < 0.85:
                del parent[path[-1]]
            else:
                parent["zz"] = rng.choice(WEIRD)
        yield out


@pytest.mark.parametrize("example", EXAMPLES, ids=["2 players", "4 players"])
def test_written_positions_of_the_wrong_shape_are_refused_with_a_value_error(example):
    """Every mutated position is either built (and then saves, loads and offers a decision) or
    refused with a short ValueError: never a TypeError, KeyError or AttributeError."""
    rng = random.Random(1)
    built = refused = 0
    m = game(example["spec"], players=example["players"])
    assert m.legal_actions()
    for spec in _mutations(example["spec"], rng, 400):
        try:
            m = game(spec, players=example["players"])
        except ValueError as e:
            assert str(e) and len(str(e)) < 400
            refused += 1
            continue
        assert m.is_over or m.legal_actions()
        assert sandbox.load(m.to_json()).state == m.state
        built += 1
    assert refused > 100 and built > 20
