"""Speed of the Isle of Trains: All Aboard engine: `python benchmarks/bench_isle_of_trains.py
[--games 5] [--reps 3]`. What is measured: see `harness.py`."""

from harness import report

if __name__ == "__main__":
    report("isle_of_trains", games=5, reps=3)
