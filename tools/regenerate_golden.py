"""Write the golden playthroughs under tests/golden/ (run after an intended rules change).

    .venv/bin/python tools/regenerate_golden.py          # rewrite every golden file
    .venv/bin/python tools/regenerate_golden.py --check  # only say which ones differ

`tests/everyone_on_board/test_playthroughs.py` (GOLDEN) and `tests/isle_of_trains/test_playthroughs.py`
(ISLE_OF_TRAINS) render the same specs and diff them line by line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIR = ROOT / "tests" / "golden"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import sandbox  # noqa: E402
from sandbox.bots import GreedyBot, RandomBot  # noqa: E402
from sandbox.core.playthrough import playthrough  # noqa: E402


def _eob(players: int, seed: int, bots: dict, title: str, **options) -> Callable[[], str]:
    def render() -> str:
        match = sandbox.new_game("everyone_on_board", players=players, seed=seed, **options)
        return playthrough(match, bots(), title=title)
    return render


GOLDEN: dict[str, Callable[[], str]] = {
    "everyone_on_board_2p_default": _eob(
        2, 1, lambda: {1: RandomBot(seed=1), 2: RandomBot(seed=2)},
        "2 players, suggested schedule and station, random bots"),
    "everyone_on_board_3p_greedy_vs_random": _eob(
        3, 7, lambda: {1: GreedyBot(), 2: RandomBot(seed=2), 3: RandomBot(seed=3)},
        "3 players, a greedy bot against two random bots"),
    "everyone_on_board_4p_boards_turn_end": _eob(
        4, 42, lambda: {1: GreedyBot(), 2: RandomBot(seed=2), 3: GreedyBot(), 4: RandomBot(seed=4)},
        "4 players, 4 tracks, schedule 6, king=boards, jack=turn-end",
        tracks=4, schedule=6, king="boards", jack="turn-end"),
}


def _iot(players: int, seed: int, bots: Callable[[], dict], title: str, max_steps: int = 5000,
         **rulings) -> Callable[[], str]:
    def render() -> str:
        match = sandbox.new_game("isle_of_trains", players=players, seed=seed, **rulings)
        return playthrough(match, bots(), max_steps=max_steps, max_legal=8, title=title)
    return render


# Isle of Trains games run to 500-3000 plies; the 3 and 4 player files stop after 250 and 200
# decisions (about 400 plies with the chance steps) to stay small: their outcome reads "not
# over". The 2 player seed is a short whole game (389 plies with the current bots).
ISLE_OF_TRAINS: dict[str, Callable[[], str]] = {
    "isle_of_trains_2p_greedy_vs_random": _iot(
        2, 11, lambda: {1: GreedyBot(), 2: RandomBot(seed=2)},
        "2 players, a greedy bot against a random bot, a whole game"),
    "isle_of_trains_3p_greedy_vs_random_opening": _iot(
        3, 2, lambda: {1: GreedyBot(), 2: RandomBot(seed=2), 3: RandomBot(seed=3)},
        "3 players, a greedy bot against two random bots, the first 250 decisions", max_steps=250),
    "isle_of_trains_4p_rulings_opening": _iot(
        4, 8, lambda: {1: GreedyBot(), 2: RandomBot(seed=2), 3: GreedyBot(), 4: RandomBot(seed=4)},
        "4 players, two greedy and two random bots, every switchable ruling on its other reading, "
        "the first 200 decisions", max_steps=200,
        town_hall="passenger-icons", upgrade_load="discard", end_check="before-cleanup",
        station_passengers="all", research_any_icons="each", secondary_at="anywhere",
        caboose_3_loaders="owner"),
}
ALL: dict[str, Callable[[], str]] = {**GOLDEN, **ISLE_OF_TRAINS}


def path_of(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report differences, write nothing")
    args = parser.parse_args(argv)
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    stale = 0
    for name, render in ALL.items():
        text = render()
        path = path_of(name)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            print(f"unchanged  {path.relative_to(ROOT)}")
            continue
        stale += 1
        if args.check:
            print(f"differs    {path.relative_to(ROOT)}")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"written    {path.relative_to(ROOT)} ({len(text.splitlines())} lines)")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
