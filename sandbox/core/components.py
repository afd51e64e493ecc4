"""Component data with its provenance: every record says where it comes from.

A game's cards, tiles, boards and dice live in JSON files inside its package (`data/`), one
record per component, each with a `source`:

- `rulebook`: stated in the rulebook (`ref`: the passage);
- `published`: read off the published components (`ref`: where, see the research notes);
- `reconstructed`: never published where we could read it; designed here so the game is complete
  and playable within every constraint the rulebook gives (`why`: the reasoning).

`records()` reads and checks a file; `Provenance` sums up a game's data, and its `notice` is
the sentence drawings, notebooks and the README show whenever any record is reconstructed.
Replacing a file with the real components changes the game with no code change.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

SOURCES = ("rulebook", "published", "reconstructed")


class ComponentError(ValueError):
    """A data file that is not valid: the message names the file, the record and the field."""


def records(package: str, name: str, *, key: str = "records") -> list[dict[str, Any]]:
    """The records of `data/<name>.json` in `package`, each checked to carry its provenance.

    The file is a list of records, or an object whose `key` holds them (other keys describe
    the file). A reconstructed record must say why (`why`); the others where from (`ref`)."""
    path = resources.files(package).joinpath("data").joinpath(f"{name}.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ComponentError(f"{package} data/{name}.json cannot be read: {e}") from None
    found = data if isinstance(data, list) else data.get(key) if isinstance(data, dict) else None
    if not isinstance(found, list):
        raise ComponentError(f"{package} data/{name}.json holds no list of records under {key!r}")
    for i, record in enumerate(found):
        check(record, f"{name}.json record {i + 1}")
    return found


def check(record: Any, where: str) -> None:
    if not isinstance(record, dict):
        raise ComponentError(f"{where} is not an object")
    source = record.get("source")
    if source not in SOURCES:
        raise ComponentError(f"{where} has source {source!r}; it must be one of {', '.join(SOURCES)}")
    if source == "reconstructed" and not record.get("why"):
        raise ComponentError(f"{where} is reconstructed but does not say why (a 'why' field)")
    if source != "reconstructed" and not (record.get("ref") or record.get("refs")):
        raise ComponentError(f"{where} is {source} but does not say where from (a 'ref' field)")


@dataclass(frozen=True)
class Provenance:
    """How much of a game's component data comes from each source, per file."""

    counts: Mapping[str, Mapping[str, int]]  # file -> source -> records
    what: str = ""  # in words, what is reconstructed (for the notice)

    @classmethod
    def of(cls, files: Mapping[str, Iterable[Mapping[str, Any]]], what: str = "") -> Provenance:
        return cls({name: dict(Counter(r["source"] for r in rows)) for name, rows in files.items()}, what)

    @property
    def reconstructed(self) -> int:
        return sum(c.get("reconstructed", 0) for c in self.counts.values())

    @property
    def notice(self) -> str:
        """One sentence for users, empty when nothing is reconstructed."""
        if not self.reconstructed:
            return ""
        total = sum(sum(c.values()) for c in self.counts.values())
        subject = self.what or "some components"
        return (f"Reconstructed data: {subject} were never published where we could read them; "
                f"{self.reconstructed} of {total} component records are our reconstruction, "
                "labelled 'reconstructed' in the data files and replaceable by the real ones.")

    def table(self) -> str:
        rows = ["| file | " + " | ".join(SOURCES) + " |", "|---|" + "---|" * len(SOURCES)]
        for name, counts in self.counts.items():
            rows.append(f"| {name} | " + " | ".join(str(counts.get(s, 0)) for s in SOURCES) + " |")
        return "\n".join(rows)
