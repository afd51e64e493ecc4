"""Speed of the Everyone On Board‽ engine: `python benchmarks/bench_everyone_on_board.py
[--games 20] [--reps 5]`. What is measured: see `harness.py`."""

from harness import report

if __name__ == "__main__":
    report("everyone_on_board", games=20, reps=5)
