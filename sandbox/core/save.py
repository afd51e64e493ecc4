"""Saved games: versioned JSON that loads by replaying every action, or refuses clearly."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from sandbox.core.errors import IllegalAction, LoadError

if TYPE_CHECKING:
    from sandbox.core.match import Match

FORMAT = "train-sandbox/match"
VERSION = 1


def digest(state: object) -> str:
    """A fingerprint of a state: its canonical repr (states hold only tuples, no sets)."""
    return hashlib.sha256(repr(state).encode()).hexdigest()[:16]


def dumps(match: Match, *, indent: int | None = 1) -> str:
    line = match.line()
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.id,
        "config": match.config.to_dict(),
        "seed": match.seed,
        "auto_chance": match.auto_chance,
        **({"position": match.position} if match.position is not None else {}),
        "actions": [
            {"do": n.action.notation, "by": n.by, **({"note": n.note} if n.note else {})}
            for n in line[1:]
        ],
        "ply": match.ply,
        "digest": digest(line[-1].state),
    }
    return json.dumps(record, indent=indent, ensure_ascii=False)


def loads(text: str) -> Match:
    from sandbox.core.match import Match
    from sandbox.core.registry import get_game

    try:
        record = json.loads(text)
    except (TypeError, json.JSONDecodeError) as e:
        raise LoadError(f"not a saved game: the text is not JSON ({e})") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise LoadError(f"not a saved game of this package: 'format' should be {FORMAT!r}")
    version = record.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise LoadError(f"saved with format version {version!r}; this package reads up to {VERSION}")
    try:
        game = get_game(record["game"])
        config = game.config_from_dict(record["config"])
        actions = record["actions"]
        seed = record["seed"]
    except KeyError as e:
        raise LoadError(f"the saved game lacks {e}") from None
    except (TypeError, ValueError) as e:
        raise LoadError(f"the saved game's setup is not valid: {e}") from None
    if not isinstance(actions, list):
        raise LoadError("the saved game's 'actions' should be a list of {'do': notation}, "
                        f"not {type(actions).__name__}")
    try:
        match = Match(game, config, seed, auto_chance=False, position=record.get("position"))
    except (TypeError, ValueError, AttributeError) as e:
        raise LoadError(f"the saved game's starting position is not valid: {e}") from None
    for i, entry in enumerate(actions, 1):
        try:
            notation = entry["do"]
            action = match.state.parse(notation)
            state, events = match.state.apply(action)
        except IllegalAction as e:
            raise LoadError(f"action {i} ({entry.get('do')!r}) cannot be replayed: {e}") from None
        except (KeyError, TypeError):
            raise LoadError(f"action {i} is not of the form {{'do': notation}}") from None
        match._push(action, state, events, entry.get("by", ""), entry.get("note", ""))
    if "digest" in record and digest(match.state) != record["digest"]:
        raise LoadError("replaying the saved actions gives a different game than the one saved "
                        "(digest mismatch): the file was edited, or the rules have changed")
    match.auto_chance = bool(record.get("auto_chance", True))
    ply = record.get("ply", match.ply)
    if not isinstance(ply, int) or not 0 <= ply <= match.ply:
        raise LoadError(f"the saved position (ply {ply!r}) is not in the saved history")
    match.goto(ply)
    return match
