"""Isle of Trains tests (a package, so that its test modules may share basenames with other games' tests)."""
