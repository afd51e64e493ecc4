"""Public knowledge and negotiation: what each seat may see and read. Power and Goods cards are
face down (their owner only); the power stack is face down for all; the keep of setup, a Power
card drawn and a speculation commitment are named to their player only; VP, scored Missions,
Coins, dice and Buildings are public. Seats: Eric is P1, Bryan P2, Sarah P3, Ken P4."""

from __future__ import annotations

import pytest

import sandbox
from sandbox.trains_and_stations import actions
from sandbox.trains_and_stations.state import HIDDEN
from tests.trains_and_stations.ts_rules import (
    BRYAN,
    ERIC,
    GAME,
    SARAH,
    delivery_example,
    game,
    play_all,
    speculation,
)

HANDS = ["p01", "p11", "p05", "p02", "p12", "p06", "p03", "p13", "p07"]


def dealt() -> sandbox.Match:
    """Setup with the deal forced: Eric p01 p11 p05, Bryan p02 p12 p06, Sarah p03 p13 p07."""
    m = sandbox.new_game(GAME, players=3, seed=1, auto_chance=False)
    for card in HANDS:
        m.play(f"power {card}")
    return m


def test_power_cards_and_the_stack_are_hidden_in_other_views():
    """[public-knowledge.hidden] [ruling.hidden-cards] [setup.power-deal] Bryan's view shows his own
    3 cards, Eric's and Sarah's as "?" (their number only), and every card of the face-down
    stack as "?"; the whole table (None) sees everything."""
    m = dealt()
    view = m.view(BRYAN)
    assert view.seat(BRYAN).power == ("p02", "p06", "p12")
    assert view.seat(ERIC).power == (HIDDEN,) * 3 and view.seat(SARAH).power == (HIDDEN,) * 3
    assert view.power_deck == (HIDDEN,) * 11
    assert m.view(None).seat(ERIC).power == ("p01", "p05", "p11")


def test_drawn_power_cards_are_named_to_their_owner_only():
    """[setup.power-deal] [ruling.power-setup] [ruling.hidden-cards] the deal is face down: Bryan's
    log reads "P1 draws a power card" where Eric's (and the table's) names p01; the draw itself
    is described to Bryan without the card."""
    m = dealt()
    first = m.history[0]
    assert m.describe(first, BRYAN) == "A power card is drawn"
    assert m.describe(first, ERIC) == "A power card is drawn: the mission Seattle to Detroit (7 VP)"
    assert m.log(viewer=BRYAN).splitlines()[0] == "   1 P1 draws a power card [setup.power-deal]"
    assert m.log(viewer=ERIC).splitlines()[0] == ("   1 P1 draws a power card: the mission Seattle to "
                                                  "Detroit (7 VP) [setup.power-deal]")
    assert "p01" not in m.log(viewer=BRYAN) and "p01" not in m.log(viewer=SARAH)


def test_keep_is_secret_the_kept_and_returned_cards_are_not_named_to_others():
    """[setup.power-deal] [ruling.power-setup] [public-knowledge.hidden] Eric keeps p01 and p11 and
    returns p05: Bryan reads "P1 keeps two power cards" and nothing of which, and in his view
    Eric holds two unknown cards."""
    m = dealt()
    keep = m.state.parse("keep p01 p11")
    assert m.state.describe(keep, BRYAN) == "P1 keeps two power cards"
    assert m.state.describe(keep, ERIC) == ("Keep the mission Seattle to Detroit (7 VP) and the Gold + "
                                            "Silver card")
    m.play(keep)
    assert m.log(viewer=BRYAN, last=1).endswith("P1 keeps two power cards and returns one to the stack "
                                                "[setup.power-deal]")
    returned = "returns the mission Billings to Detroit (3 VP)"
    assert returned not in m.log(viewer=BRYAN) and returned in m.log(viewer=ERIC)
    assert m.view(BRYAN).seat(ERIC).power == (HIDDEN, HIDDEN)


def test_a_power_card_won_as_a_city_bonus_is_seen_by_its_owner_only():
    """[ruling.power-setup] [ruling.majority-supply] [public-knowledge.hidden] Eric's Los Angeles
    bonus is the top card of the stack (p20): the table sees that he draws a Power card, not
    which; his own view names it."""
    m = delivery_example(force=["power p20", "power p17"])
    play_all(m, "deliver r1", "award P1")
    assert "P1 draws a power card" in m.log(viewer=BRYAN)
    drew = "P1 draws a power card: the Cattle + Worker card"  # p20, named by what it says
    assert drew not in m.log(viewer=BRYAN) and drew in m.log(viewer=ERIC)
    assert m.view(BRYAN).seat(ERIC).power == (HIDDEN,)
    assert m.view(ERIC).seat(ERIC).power == ("p20",)


def test_speculation_commitments_are_sealed_until_all_have_chosen():
    """[speculation.secret] [ruling.speculation-secret] Eric commits his trade: Bryan's view shows
    a sealed commitment ("?") and his log reads "P1 commits a secret trade"; Eric's own view
    shows his trade. [speculation.reveal] Once all have chosen, the trades are revealed face up
    to everyone."""
    m, _ = speculation()
    m.play("P1 commits trade cattle cattle cattle cattle worker worker")
    sealed = dict(m.view(BRYAN).stack[-1].get("commitments"))
    assert sealed == {ERIC: "?"}
    assert dict(m.view(ERIC).stack[-1].get("commitments")) == {
        ERIC: "trade cattle cattle cattle cattle worker worker"}
    assert m.log(viewer=BRYAN, last=1).endswith("P1 commits a secret trade [speculation.secret]")
    assert "cattle" not in m.log(viewer=BRYAN, last=1)
    play_all(m, "P2 commits trade cattle coal", "P3 commits trade coal coal worker worker")
    reveal = "P1 reveals a trade of cattle, cattle, cattle, cattle, worker, worker for 3 Food"
    assert reveal in m.log(viewer=BRYAN)


def test_vp_missions_coins_dice_and_buildings_are_public():
    """[public-knowledge.vp] [ruling.hidden-cards] VP cards are face up, and so are scored Missions,
    Coins, saved dice, held bonus dice and Buildings: Bryan's view of Eric shows them as they
    are."""
    spec = {"players": {ERIC: {"vp": 9, "coins": 4, "missions": ["p01"], "saved": "hotel", "bonus": 2}},
            "buildings": {"seattle": "1:ranch"}}
    m = game(spec)
    eric = m.view(BRYAN).seat(ERIC)
    assert (eric.vp, eric.coins, eric.missions, eric.saved, eric.bonus) == (9, 4, ("p01",), ("hotel",), 2)
    assert m.view(BRYAN).buildings == m.state.buildings


def test_other_players_goods_are_hidden():
    """[public-knowledge.hidden] [ruling.hidden-cards] Bryan's 3 Cattle are face down: Eric's view
    does not show them, and Eric's running scores do not give Bryan a Cattle monopoly (Bryan's
    own do)."""
    m = game({"players": {ERIC: {"goods": "coal coal"}, BRYAN: {"goods": "cattle cattle cattle"}}})
    assert "cattle" not in m.view(ERIC).seat(BRYAN).goods
    assert m.state.scores(ERIC)[BRYAN] == 3
    assert m.state.scores(BRYAN)[BRYAN] == 3 + 6


def test_negotiation_no_action_gives_cards_or_dice_to_another_player():
    """[negotiation.no-gifts] [negotiation.open] [negotiation.not-binding] [ruling.negotiation] the
    engine has no deal and no transfer: no action type gives a card, die or Coin to another
    player (an Award only settles a tie or a short payout from the supply), and "give" or
    "deal" is not an action."""
    names = {t.__name__ for t in actions.ACTION_TYPES}
    assert names == {"Gather", "Reclaim", "Face", "Place", "Erect", "Done", "Deliver", "Award", "Upgrade",
                     "Keep", "DrawPower", "Toggle", "Confirm", "Commit"}
    m = game()
    for text in ("give P2 cattle", "deal P2", "trade P2 coal"):
        with pytest.raises(sandbox.IllegalAction):
            m.play(text)
