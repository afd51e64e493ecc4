"""What the greedy bot values in Isle of Trains (`isle_of_trains/strategy.py`): what ends the
game, so that two greedy players finish without any random moves."""

from __future__ import annotations

from sandbox.bots import GreedyBot
from sandbox.isle_of_trains.strategy import PROGRESS, TICKET, tickets

from .iot_rules import game

# P1 carries two passengers for Devon City, whose ticket tile (tile 1: cards as rewards) has one
# space filled; P1's hand is full of buildings it cannot pay for, so more cards are worth nothing
FILL_DC = {"players": {1: {"train": [{"card": "E2", "loads": ["passenger:DC"]},
                                     {"card": "C1", "loads": ["passenger:DC"]}],
                           "hand": "GRAND TOWN BANK RAILY MIDDLE"},
                       2: {"train": ["E1"], "delivered": "DC"}},
           "tickets": {"DC": {"tile": 1, "filled": 1}}}


def test_greedy_delivers_the_passengers_that_fill_a_ticket_tile():
    """[deliver.ticket-last-space] the third passenger on a tile moves the progress train. Valued
    at their loaded point alone, two passengers whose rewards are cards to a full hand stay
    aboard (the bot took a card instead, and two such players stalled the game for ever)."""
    m = game(FILL_DC)
    choice = GreedyBot().choose(m.state.view(1), 1)
    assert choice.action.notation == "deliver DC"
    assert "progress made" in choice.reason


def test_a_delivery_under_way_counts_the_tile_it_will_fill():
    """Placing a passenger claims the space's reward (cards drawn: chance), which the bot cannot
    look past; the delivery under way counts the tile it will fill, as a contract being paid
    counts as paid, and a tile filled counts a whole progress move once the delivery is done."""
    m = game(FILL_DC, force=["draw T1", "draw T2", "draw T3", "draw X1"])
    me = m.state.player(1)
    assert tickets(m.state, 1, me) == 0.0
    m.play("deliver DC")
    assert tickets(m.state, 1, m.state.player(1)) == PROGRESS  # two aboard + one placed: full
    m.play("ticket 1")
    assert tickets(m.state, 1, m.state.player(1)) == TICKET + PROGRESS
    m.play("ticket 2")
    assert [len(t.filled) for t in m.state.tickets if t.destination == "DC"] == [3]
    assert tickets(m.state, 1, m.state.player(1)) == 2 * TICKET + PROGRESS


def test_solo_counts_no_ticket_progress():
    """[solo.no-progress] solo has no progress train: a filled ticket tile moves nothing."""
    solo = game({"players": {1: {"delivered": "DC DC DC"}}, "tickets": {"DC": {"tile": 1, "filled": 3}}},
                players=1)
    assert tickets(solo.state, 1, solo.state.player(1)) == 0.0


def test_actions_said_alike_are_valued_alike():
    """`State.alike` lets the greedy bot weigh only the first card to pay or discard, and only
    the first destination with special deliveries alone: it must only group actions whose
    results `assess` values alike, one step on and through the bot's look-ahead (random and
    greedy games of 2-4 players, every such decision; solo never groups)."""
    import random

    import sandbox
    from sandbox.core import CHANCE

    checked = {"card": 0, "special delivery": 0}
    greedy = GreedyBot()
    for players in (2, 3, 4):
        for seed in range(3):
            state = sandbox.new_game("isle_of_trains", players=players, seed=seed).state
            rng = random.Random(seed)
            while not state.is_over and state.turn < 40:
                p = state.to_move
                if p == CHANCE:
                    state, _ = state.apply(state.sample_chance(rng))
                    continue
                legal = state.legal_actions()
                groups: dict[object, list[object]] = {}
                for action in legal:
                    if (key := state.alike(action)) is not None:
                        groups.setdefault(key, []).append(action)
                for key, actions in groups.items():
                    if len(actions) < 2:
                        continue
                    afters = [state.apply(a)[0] for a in actions]
                    assert len({sum(s.assess(p).values()) for s in afters}) == 1, (key, actions)
                    followed = [greedy._rollout(s, p) for s in afters]
                    assert len({sum(s.assess(p).values()) for s in followed}) == 1, (key, actions)
                    checked["special delivery" if key == "special delivery" else "card"] += 1
                action = greedy.choose(state, p).action if rng.random() < 0.5 else rng.choice(legal)
                state, _ = state.apply(action)
    assert min(checked.values()) > 100, checked
    solo = sandbox.new_game("isle_of_trains", players=1, seed=0).state
    assert all(solo.alike(a) is None for a in solo.legal_actions())
