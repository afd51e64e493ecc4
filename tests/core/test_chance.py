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


def test_cards_put_under_come_up_last_in_the_order_they_went_under():
    """Traintopia [money.objective]: the card not kept goes to the bottom of the deck."""
    pile = Pile.of("AB").put_under("X").put_under("Y")
    assert len(pile) == 4 and "X" in pile and pile.known is None
    assert not pile.can_draw("X")  # the rest comes first
    drawn = []
    rng = random.Random(3)
    while pile:
        card = pile.sample(rng)
        assert pile.can_draw(card) and dict(pile.outcomes())[card] > 0
        drawn.append(card)
        pile = pile.without(card)
    assert sorted(drawn[:2]) == ["A", "B"] and drawn[2:] == ["X", "Y"]
    assert Pile((), (), ("X", "Y")).outcomes() == (("X", 1.0),)


def test_cards_put_under_are_face_down_to_everyone_and_shuffle_back_in():
    pile = Pile.of("AB").on_top("T").put_under("X")
    assert pile.hidden("?") == Pile(("?", "?"), ("T",), ("?",))
    assert pile.shuffled_in("C") == Pile.of("ABCTX")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from("ABCDEFG"), min_size=1, max_size=40), st.data())
def test_drawing_a_card_takes_one_copy_of_it_whatever_the_order_the_pile_was_given_in(cards, data):
    """A pile's rest is kept sorted, and a card is found in it by halving; a pile built by hand
    in another order still gives up the card drawn, one copy of it."""
    card = data.draw(st.sampled_from(cards))
    left = list(cards)
    left.remove(card)
    assert sorted(Pile.of(cards).without(card).rest) == sorted(left)
    assert Pile.of(cards).without(card) == Pile.of(left)
    assert sorted(Pile(tuple(cards)).without(card).rest) == sorted(left)
