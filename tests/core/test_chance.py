"""`sandbox.core.chance`: a pile draws each card by its weight, and exactly as the dealer's
`rng.choices` over its outcomes would (recorded seeded games depend on the very card)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sandbox.core.chance import Pile
from sandbox.core.match import Dealer


def by_weight(pile: Pile[str], rng: random.Random) -> str:
    """The draw as the outcomes list it: each distinct card weighted by its copies."""
    cards, weights = zip(*pile.outcomes())
    return rng.choices(cards, weights)[0]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("ABCDEFG"), min_size=1, max_size=60), st.integers(0, 2**32))
def test_a_pile_draws_the_card_its_weights_pick_from_the_same_random_number(cards, seed):
    pile = Pile.of(cards)
    assert pile.sample(random.Random(seed)) == by_weight(pile, random.Random(seed))
    assert pile.sample(Dealer(seed, 7)) == by_weight(pile, Dealer(seed, 7).generator())


def test_a_known_top_is_drawn_for_sure():
    pile = Pile.of("ABC").on_top("Z")
    assert pile.sample(random.Random(1)) == "Z"
    assert pile.outcomes() == (("Z", 1.0),)


def test_draws_follow_the_copies_of_each_card():
    pile = Pile.of("AAAB")
    rng = random.Random(5)
    drawn = [pile.sample(rng) for _ in range(4000)]
    assert 0.72 < drawn.count("A") / len(drawn) < 0.78
