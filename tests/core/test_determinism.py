"""Same seed + same actions = same game, text and SVG, in this process and in another one."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sandbox
from sandbox.bots import GreedyBot, RandomBot
from sandbox.core import Outcome, SvgPainter

ROOT = Path(__file__).parents[2]

SCRIPT = """
import hashlib, sandbox
from sandbox.bots import GreedyBot, RandomBot
m = sandbox.new_game("everyone_on_board", players=3, seed=21, tracks=2, king="boards")
m.run({1: GreedyBot(), 2: RandomBot(seed=2), 3: RandomBot(seed=3)})
parts = [m.to_json(), m.log(), m.log(viewer=2), str(m.state), str(m.outcome), m.state.svg(),
         m.state.svg(viewer=1), m.line()[40].state.svg(viewer=3)]
print(hashlib.sha256("\\x00".join(parts).encode()).hexdigest())
"""


def fingerprint() -> str:
    namespace: dict = {}
    lines = SCRIPT.replace("print(", "RESULT = (")
    exec(compile(lines, "<determinism>", "exec"), namespace)
    return namespace["RESULT"]


def test_same_seed_same_actions_same_game():
    def game():
        m = sandbox.new_game("everyone_on_board", players=4, seed=8, tracks=3)
        m.run({p: RandomBot(seed=p) for p in range(1, 5)})
        return m
    a, b = game(), game()
    assert [n.action for n in a.history] == [n.action for n in b.history]
    assert [n.state for n in a.history] == [n.state for n in b.history]
    assert a.log() == b.log() and a.state.svg() == b.state.svg() and str(a.state) == str(b.state)


def test_replaying_the_actions_gives_the_same_states():
    m = sandbox.new_game("everyone_on_board", players=2, seed=5)
    m.run({1: GreedyBot(), 2: RandomBot(seed=1)})
    again = sandbox.new_game("everyone_on_board", players=2, seed=999, auto_chance=False)
    for node in m.history:
        again.play(node.action)
    assert [n.state for n in again.history] == [n.state for n in m.history]


def test_different_seeds_differ():
    def deal(seed):
        return sandbox.new_game("everyone_on_board", players=2, seed=seed).state.hands
    assert deal(1) != deal(2)


@pytest.mark.parametrize("hashseed", ["0", "12345"])
def test_same_game_in_a_subprocess(hashseed):
    env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env,
                         cwd=ROOT, check=True, timeout=120)
    assert out.stdout.strip() == fingerprint()


def test_svg_painter_is_deterministic_text():
    def paint():
        p = SvgPainter(100, 50)
        p.rect(1, 2.04, 30.25, 4, fill="#fff", stroke="#000", width=1.5, radius=3)
        p.line(0, 0, 10.96, 5, stroke="#333")
        p.circle(5, 5, 2)
        p.polygon([(0, 0), (1.5, 2), (3, 0)], fill="red")
        p.text(4, 9, "A & <B>", size=10, anchor="middle", bold=True)
        p.hotspot(0, 0, 10, 10, "card:7H")
        p.hotspot(5, 5, 10, 10, "platform:1")
        return p
    p = paint()
    assert p.svg() == paint().svg()
    assert p.svg().splitlines() == [
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50" '
        'font-family="DejaVu Sans, Verdana, sans-serif">',
        '<rect x="1" y="2" width="30.2" height="4" rx="3" fill="#fff" stroke="#000" stroke-width="1.5"/>',
        '<line x1="0" y1="0" x2="11" y2="5" stroke="#333" stroke-width="1"/>',
        '<circle cx="5" cy="5" r="2" fill="none"/>',
        '<polygon points="0,0 1.5,2 3,0" fill="red"/>',
        '<text x="4" y="9" font-size="10" fill="#000" text-anchor="middle" font-weight="bold">'
        'A &amp; &lt;B&gt;</text>',
        "</svg>",
    ]
    assert p.hit(6, 6) == "platform:1" and p.hit(1, 1) == "card:7H" and p.hit(50, 40) is None


def test_state_svg_has_no_random_ids_and_is_stable():
    m = sandbox.new_game("everyone_on_board", players=4, seed=3, tracks=4)
    m.run({p: RandomBot(seed=p) for p in range(1, 5)}, max_steps=100)
    svg = m.state.svg(viewer=2)
    assert svg == m.state.svg(viewer=2) == m.branch().state.svg(viewer=2)
    assert " id=" not in svg and svg.startswith("<svg") and svg.endswith("</svg>")
    assert hashlib.sha256(svg.encode()).hexdigest() == hashlib.sha256(
        m.view(2).svg(viewer=2).encode()).hexdigest()


def test_outcome_text_and_dict():
    out = Outcome(winners=(1, 3), scores={1: 12, 2: 0, 3: 12},
                  breakdown={1: (("train J♠ on track 1: 5+7", 12),), 2: (), 3: (("a", 5), ("b", 7))},
                  reason="4 of 4 scheduled trains have gone through the station", rule="end.schedule",
                  tiebreak="tied players share the win [ruling.tie]")
    assert str(out) == (
        "Game over: 4 of 4 scheduled trains have gone through the station [end.schedule]\n"
        "Winners: P1, P3\n"
        "Tie-break: tied players share the win [ruling.tie]\n"
        "  P1: 12 = 12 (train J♠ on track 1: 5+7)\n"
        "  P2: 0 = 0\n"
        "  P3: 12 = 5 (a) + 7 (b)")
    assert out.to_dict() == {
        "winners": [1, 3], "scores": {"1": 12, "2": 0, "3": 12},
        "breakdown": {"1": [["train J♠ on track 1: 5+7", 12]], "2": [], "3": [["a", 5], ["b", 7]]},
        "reason": "4 of 4 scheduled trains have gone through the station", "rule": "end.schedule",
        "tiebreak": "tied players share the win [ruling.tie]",
        "results": {"1": "shared win", "2": "loss", "3": "shared win"}}
    assert out.result(1) == "shared win" and out.result(2) == "loss"


@pytest.mark.parametrize("text", ["0/0", "11/317", "-9223372036854775808/5", "9223372036854775807/123456"])
def test_the_dealer_is_random_random_of_seed_and_ply(text):
    """The match's dealer seeds its generator without `random.Random`'s Python layers: the same
    generator bit for bit, so seeded games stay the games they were."""
    import random

    from sandbox.core.match import Dealer, seeded

    assert seeded(text).getstate() == random.Random(text).getstate()
    seed, ply = text.rsplit("/", 1)
    dealer, plain = Dealer(int(seed), int(ply)), random.Random(text)
    assert [dealer.random(), dealer.choices("abc", (1, 2, 3))[0], dealer.random()] == \
        [plain.random(), plain.choices("abc", (1, 2, 3))[0], plain.random()]


def test_the_dealers_first_draw_in_c_is_random_randoms():
    """Compiled, a dealer's first draw is worked out by `core.twister` without making the
    generator: the very double CPython's generator gives, for every seed and ply tried (the
    seed texts' lengths cover every number of 32-bit key words they come to); and whatever is
    drawn after it (another `random()`, `randrange`, `choices`, a shuffle) goes on along that
    generator's sequence. In plain Python the dealer never calls it."""
    import random

    from sandbox.core import twister
    from sandbox.core.dealer import SEED_LIMIT, Dealer

    seeds = (*range(-40, 700, 13), 10**9, SEED_LIMIT - 1, -SEED_LIMIT)
    for seed in seeds:
        for ply in (0, 1, 9, 4096, 10**7):
            text = f"{seed}/{ply}"
            data = text.encode()
            if twister.COMPILED:
                first = twister.first_random(data + hashlib.sha512(data).digest())
                assert first == random.Random(text).random(), text
            dealer, plain = Dealer(seed, ply), random.Random(text)
            assert [dealer.random(), dealer.random(), dealer.randrange(10**9), dealer.random()] == \
                [plain.random(), plain.random(), plain.randrange(10**9), plain.random()], text
            dealer, plain = Dealer(seed, ply), random.Random(text)
            items, mixed = list(range(20)), list(range(20))
            assert dealer.random() == plain.random()
            dealer.shuffle(items)
            plain.shuffle(mixed)
            assert items == mixed and dealer.generator().getstate() == plain.getstate(), text
    if twister.COMPILED:
        with pytest.raises(ValueError, match="at most"):
            twister.first_random(b"1" * 700)
