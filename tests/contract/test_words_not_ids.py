"""Words, not ids: what a person reads names things as the table shows them (a tile by what is
on it, a route by its cities, a card by what it says), never by the ids of the data files, which
are drawn nowhere. Options, prompts, refusals and the log of seeded random games are scanned for
every id of the game's `data/*.json` records that reads as a code (a digit in it, or all capitals:
"M13", "s14", "p14", "K3", "BANK"), and for Traintopia's track names ("t0r0")."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from importlib import resources
from typing import Any

import pytest

import sandbox
from sandbox.core import CHANCE
from tests.contract.games import SETUPS, start

EXTRA = {"traintopia": (r"t\d+r\d+",)}
"""Ids a game makes up beyond its data files: Traintopia names a track by its first rail."""
STATES = 40  # decisions looked at per game and player count: a few short seeded games
ILLEGAL = 3  # refused options explained per decision


def _ids_in(data: Any, out: set[str]) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "id" and isinstance(value, str):
                out.add(value)
            _ids_in(value, out)
    elif isinstance(data, list):
        for value in data:
            _ids_in(value, out)


def _code_like(word: str) -> bool:
    """An id a reader would see as a code, not a word: "M13", "s14", "BANK" (not "coal")."""
    return any(c.isdigit() for c in word) or (len(word) > 1 and word.isupper())


@cache
def id_pattern(game: str) -> re.Pattern[str] | None:
    """The game's data ids as whole words (case matters: "p14" is a card, "P1" a seat)."""
    ids: set[str] = set()
    package = sandbox.get_game(game).initial_state.__module__.rsplit(".", 1)[0]
    try:
        data = resources.files(package) / "data"
        files = [f for f in data.iterdir() if f.name.endswith(".json")] if data.is_dir() else []
    except (ModuleNotFoundError, TypeError):
        files = []
    for file in files:
        _ids_in(json.loads(file.read_text()), ids)
    words = [re.escape(i) for i in sorted(ids, key=len, reverse=True) if _code_like(i)]
    words += EXTRA.get(game, ())
    return re.compile(rf"(?<![\w.])(?:{'|'.join(words)})(?![\w])") if words else None


def texts_read(game: str, players: int, seed: int = 11):
    """(where, text) for what the deciding seat reads in seeded random games: every option, the
    prompt, why a few candidate options are refused, and the log line of each move."""
    rng = random.Random(seed)
    state = start(game, players)
    looked = 0
    for _ in range(20_000):
        if looked >= STATES:
            return
        if state.is_over:
            state = start(game, players)
            continue
        pending = state.pending
        seat = pending.player
        if seat == CHANCE:
            options, weights = zip(*state.chance_outcomes())
            action = rng.choices(options, weights)[0]
            for viewer in (None, *range(1, players + 1)):
                yield "chance", state.describe(action, viewer)
        else:
            looked += 1
            legal = state.legal_actions_for(seat) if state.simultaneous else state.legal_actions()
            yield "prompt", pending.prompt
            for option in legal:
                yield "option", state.describe(option, seat)
            refused = [a for a in getattr(state, "candidate_actions", lambda: ())() if not state.is_legal(a)]
            for option in rng.sample(refused, min(ILLEGAL, len(refused))):
                yield "refused", state.describe(option, seat)
                for violation in state.explain(option).violations:
                    yield "reason", violation.message
            action = rng.choice(legal)
        state, events = state.apply(action)
        for event in events:
            for viewer in (None, *range(1, players + 1)):
                yield "log", event.text_for(viewer)


@pytest.mark.parametrize("game, players", SETUPS)
def test_what_a_player_reads_names_no_data_id(game, players):
    pattern = id_pattern(game)
    if pattern is None:
        return
    found = sorted({f"{where}: {text}" for where, text in texts_read(game, players) if pattern.search(text)})
    assert not found, f"{len(found)} texts name data ids:\n" + "\n".join(found[:25])


def test_the_scan_knows_the_ids_of_each_game():
    assert id_pattern("traintopia").search("Lay M13 at -2,-1 on track t0r0")
    assert id_pattern("trains_and_stations").search("Place your Train die on route space s14")
    assert id_pattern("isle_of_trains").search("Take the K3")
    assert not id_pattern("trains_and_stations").search("P1 takes coal from Denver")
    assert not id_pattern("traintopia").search("P1 lays a curve with a forest next to the station")
