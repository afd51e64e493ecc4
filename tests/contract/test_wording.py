"""Counts read right: a picture, prompt, log or outcome never says "1 tiles" or "1 dice" (a
learner reads these lines every turn, and a classroom projects them)."""

from __future__ import annotations

import random
import re

import pytest

import sandbox
from tests.contract.games import SETUPS, sampled_states

COUNT_NOUNS = ("tiles", "tracks", "coins", "dice", "tokens", "players", "commuters", "tourists", "trains",
               "mailbags", "cards", "points", "symbols")
ONE_OF_MANY = re.compile(rf"(?<![\w.,])1\W? (?:[a-z]+ )?(?:{'|'.join(COUNT_NOUNS)})\b")
TAG = re.compile(r"<[^>]+>")


@pytest.mark.parametrize("game, players", SETUPS)
def test_a_count_of_one_is_singular_on_the_table_and_in_prompts(game, players):
    for state in sampled_states(game, players, seed=5, every=20, limit=30):
        texts = [TAG.sub("\n", state.svg()), state.pending.prompt]
        for text in texts:
            assert not ONE_OF_MANY.search(text), ONE_OF_MANY.search(text).group(0)


@pytest.mark.parametrize("game, players", SETUPS)
def test_a_count_of_one_is_singular_in_the_log_and_the_outcome(game, players):
    rng = random.Random(7)
    m = sandbox.new_game(game, players=players, seed=7)
    while not m.is_over:
        m.play(rng.choice(m.legal_actions()))
    for text in (m.log(), str(m.outcome)):
        assert not ONE_OF_MANY.search(text), ONE_OF_MANY.search(text).group(0)


def test_the_check_catches_a_plural_after_one():
    assert ONE_OF_MANY.search("P1 · 1 tiles · 2 tracks")
    assert ONE_OF_MANY.search("1 bonus dice")
    assert not ONE_OF_MANY.search("1 tile · 11 tiles · 2.1 tiles · P1 tracks")
