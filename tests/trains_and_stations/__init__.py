"""Trains & Stations tests (a package, so its test modules may share basenames with other games'."""
