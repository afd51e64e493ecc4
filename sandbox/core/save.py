"""Saved games: versioned JSON that loads by replaying every action, or refuses clearly.

A save holds the whole game: the setup, the seed and every action, chance outcomes included
(so anyone holding the file can read every card drawn). A digest over a canonical form of all
of it (format, version, game, config, seed, position, actions, notes, ply) catches any edit;
the digest does not depend on how the engine names its fields, so refactoring never
invalidates saves. Every file is checked before it is replayed: size, nesting, types, lengths
and keys, each refusal a `LoadError` saying what is wrong. Older versions are upgraded by the
functions in `MIGRATIONS` before they are checked. `check` reads a file into a record;
`sandbox.core.start.load` replays it into a match.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import Any, Protocol

from sandbox.core.dealer import SEED_LIMIT
from sandbox.core.errors import LoadError, quote

FORMAT = "train-sandbox/match"
VERSION = 2
MAX_BYTES = 20_000_000
"""Largest save read (a 6,000-ply game with bot notes is about 1 MB)."""
MAX_ACTIONS = 200_000
MAX_NOTE = 500
"""Characters of a note (a bot's reason) kept in a save."""
MAX_BY = 40
KEYS = {"format", "version", "game", "config", "seed", "auto_chance", "position", "actions", "ply",
        "digest"}
ACTION_KEYS = {"do", "by", "note"}
_SURROGATE = re.compile("[\ud800-\udfff]")


def canonical(record: dict[str, Any]) -> str:
    """The record (without its digest) as one canonical JSON text: keys sorted, no spaces."""
    body = {k: v for k, v in record.items() if k != "digest"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(record: dict[str, Any]) -> str:
    """The fingerprint of everything that defines a saved game."""
    return hashlib.sha256(canonical(record).encode()).hexdigest()[:32]


class Saved(Protocol):
    """What a save reads of a match: its setup, seed, line of nodes and cursor (a `Match`;
    typed by what it offers, so this module needs no import of the match)."""

    game: Any
    config: Any
    seed: int
    auto_chance: bool
    position: dict[str, Any] | None

    @property
    def ply(self) -> int: ...

    def line(self) -> list[Any]:
        """The nodes from the start on along the redo path (each with `action`, `by`, `note`)."""
        ...


def record_of(match: Saved) -> dict[str, Any]:
    line = match.line()
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.id,
        "config": match.config.to_dict(),
        "seed": match.seed,
        "auto_chance": match.auto_chance,
        **({"position": match.position} if match.position is not None else {}),
        "actions": [
            {"do": n.action.notation, "by": _unicode(n.by[:MAX_BY]),
             **({"note": _unicode(n.note[:MAX_NOTE])} if n.note else {})}
            for n in line[1:]
        ],
        "ply": match.ply,
    }
    record["digest"] = digest(record)
    return record


def _unicode(text: str) -> str:
    """`text` as Unicode that UTF-8 can write: a lone surrogate in a note or a name given to
    `play` becomes U+FFFD, so the save of any match writes and loads."""
    return text if text.isascii() else _SURROGATE.sub("\ufffd", text)


def dumps(match: Saved, *, indent: int | None = 1) -> str:
    return json.dumps(record_of(match), indent=indent, ensure_ascii=False)


def _upgrade_v1(record: dict[str, Any]) -> dict[str, Any]:
    """Version 1 put a fingerprint of the final state's repr in 'digest', which only the exact
    engine that wrote it can check; its actions are replayed and checked like any other, and
    the record is sealed with a version 2 digest."""
    if "digest" not in record:
        raise LoadError("this version 1 save has no digest, so an edit could not be detected: "
                        "it is refused")
    upgraded = {k: v for k, v in record.items() if k != "digest"}
    upgraded["version"] = 2
    upgraded["digest"] = digest(upgraded)
    return upgraded


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_v1}
"""version -> the function that turns a record of that version into one of the next."""


def _text(data: str | bytes | bytearray) -> str:
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_BYTES:
            raise LoadError(f"the file is {len(data):,} bytes; a saved game is at most {MAX_BYTES:,}")
        try:
            return bytes(data).decode("utf-8")
        except UnicodeDecodeError as e:
            raise LoadError(f"not a saved game: the file is not UTF-8 text (byte {e.start})") from None
    if not isinstance(data, str):
        raise LoadError(f"a saved game is text (str or bytes), not {type(data).__name__}")
    if len(data) > MAX_BYTES:
        raise LoadError(f"the text is {len(data):,} characters; a saved game is at most {MAX_BYTES:,}")
    return data


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise LoadError("not a saved game: the JSON is nested too deeply") from None
    except (ValueError, TypeError) as e:
        raise LoadError(f"not a saved game: the text is not JSON ({str(e)[:80]})") from None


def check(data: str | bytes | bytearray) -> dict[str, Any]:
    """The saved record in `data`, read and checked (LoadError says what is wrong), not replayed."""
    try:
        return _check(_parse(_text(data)))
    except UnicodeEncodeError as e:  # "\ud800" in the text or escaped in its JSON: not Unicode text
        raise LoadError(f"not a saved game: the text holds a lone surrogate ({e.object[e.start]!r}), "
                        "which is no character of Unicode text") from None


def _check(record: Any) -> dict[str, Any]:
    """The record's shape, field by field; LoadError names the first thing wrong."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise LoadError(f"not a saved game of this package: 'format' should be {FORMAT!r}")
    version = record.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise LoadError(f"saved with format version {quote(version)}; this package reads 1 to {VERSION}")
    while record["version"] < VERSION:
        record = MIGRATIONS[record["version"]](record)
    if unknown := set(record) - KEYS:
        raise LoadError(f"the saved game has unknown fields {sorted(map(str, unknown))[:5]}")
    for key in ("game", "config", "seed", "actions", "digest"):
        if key not in record:
            raise LoadError(f"the saved game lacks {key!r}")
    kinds = {"game": str, "config": dict, "actions": list, "digest": str, "auto_chance": bool,
             "position": dict}
    for key, kind in kinds.items():
        if key in record and not isinstance(record[key], kind):
            raise LoadError(f"the saved game's {key!r} should be {_a(kind)}, not "
                            f"{type(record[key]).__name__}")
    seed = record["seed"]
    if type(seed) is not int:
        raise LoadError(f"the saved game's seed should be a whole number, not {type(seed).__name__}")
    if not -SEED_LIMIT <= seed < SEED_LIMIT:
        raise LoadError(f"the saved game's seed is out of range (-2**63 to 2**63 - 1): {quote(str(seed))}")
    actions = record["actions"]
    if len(actions) > MAX_ACTIONS:
        raise LoadError(f"the saved game has {len(actions):,} actions; at most {MAX_ACTIONS:,} are read")
    for i, entry in enumerate(actions, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("do"), str) or set(entry) - ACTION_KEYS:
            raise LoadError(f"action {i} is not of the form {{'do': notation, 'by': who, 'note': why}}")
        if not isinstance(entry.get("by", ""), str) or len(entry.get("by", "")) > MAX_BY:
            raise LoadError(f"action {i}: 'by' should be a short text (at most {MAX_BY} characters)")
        if not isinstance(entry.get("note", ""), str) or len(entry.get("note", "")) > MAX_NOTE:
            raise LoadError(f"action {i}: 'note' should be a text of at most {MAX_NOTE} characters")
    ply = record.get("ply", len(actions))
    if type(ply) is not int or not 0 <= ply <= len(actions):
        raise LoadError(f"the saved position (ply {quote(ply)}) is not in the saved history "
                        f"(0..{len(actions)})")
    if record["digest"] != digest(record):
        raise LoadError("the file was edited after it was saved (digest mismatch): its setup, seed "
                        "or actions are not the ones saved")
    return record


def _a(kind: type) -> str:
    return {str: "a text", dict: "an object", list: "a list", bool: "true or false"}[kind]
