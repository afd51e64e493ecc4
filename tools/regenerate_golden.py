"""Write the golden playthroughs under tests/golden/ (run after an intended rules change).

    .venv/bin/python tools/regenerate_golden.py          # rewrite every golden file
    .venv/bin/python tools/regenerate_golden.py --check  # only say which ones differ

Each game declares its golden playthroughs in its `GameInfo.goldens` (seed, players, a bot per
seat, options); `tests/test_golden.py` renders the same specs and diffs them line by line.
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
from sandbox.bots import by_name  # noqa: E402
from sandbox.core.playthrough import playthrough  # noqa: E402
from sandbox.core.registry import GameInfo, Golden  # noqa: E402


def renderer(info: GameInfo, spec: Golden) -> Callable[[], str]:
    def render() -> str:
        match = sandbox.new_game(info.id, players=spec.players, seed=spec.seed, **spec.options)
        bots = {p: by_name(name, game=info) for p, name in enumerate(spec.bots, 1)}
        return playthrough(match, bots, max_steps=spec.max_steps, max_legal=spec.max_legal,
                           title=spec.title)
    return render


ALL: dict[str, Callable[[], str]] = {
    name: renderer(info, spec)
    for info in map(sandbox.get_game, sandbox.games()) for name, spec in info.goldens.items()
}


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
