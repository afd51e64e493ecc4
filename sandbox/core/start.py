"""The two calls that start a match: a new game, or a saved one replayed.

They sit on top of the core (registry, save format, match), so the layers below them import
one another one way only: the registry knows games, not matches; a save knows its format, not
how a match is built.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sandbox.core.errors import IllegalAction, LoadError, quote
from sandbox.core.match import Match
from sandbox.core.registry import get_game
from sandbox.core.save import check


def new_game(game_id: str, players: int | None = None, seed: int = 0, *,
             auto_chance: bool = True, force: Iterable[Any] = (), position: dict[str, Any] | None = None,
             **options: Any) -> Match:
    """Start a match: `new_game("everyone_on_board", players=3, seed=7, schedule=4)`.

    `options` are the game's own (variants, house rulings); `force` queues chance outcomes
    (the deal, a coin) for tutorials; `auto_chance=False` stops at every chance decision;
    `position` starts from a position written down (see the game's `position` module)."""
    info = get_game(game_id)
    config = info.configure(players, **options)
    return Match(info, config, seed, auto_chance=auto_chance, force=force, position=position)


def load(data: str | bytes | bytearray) -> Match:
    """Load a saved match (from `match.to_json()`) by replaying it; LoadError says why not."""
    record = check(data)
    try:
        game = get_game(record["game"])
    except ValueError as e:
        raise LoadError(f"the saved game's setup is not valid: {e}") from None
    assert game.config_from_dict is not None
    try:
        config = game.config_from_dict(record["config"])
    except Exception as e:  # a hand-edited config: wrong keys, types or values
        raise LoadError(f"the saved game's setup is not valid: {str(e)[:160]}") from None
    try:
        match = Match(game, config, record["seed"], auto_chance=False, position=record.get("position"))
    except LoadError:
        raise
    except Exception as e:  # a position that does not build
        raise LoadError(f"the saved game's starting position is not valid: {str(e)[:160]}") from None
    for i, entry in enumerate(record["actions"], 1):
        state = match.state
        try:
            action = state.read(entry["do"])
            if not state.is_legal(action):
                raise IllegalAction(action, state.explain(action).violations)
        except IllegalAction as e:
            raise LoadError(f"action {i} ({quote(entry['do'])}) cannot be replayed: {e}") from None
        match.replay(action, entry.get("by", ""), entry.get("note", ""))
    match.auto_chance = record.get("auto_chance", True)
    match.goto(record.get("ply", match.ply))
    return match


__all__ = ["load", "new_game"]
