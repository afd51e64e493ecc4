"""Execute notebooks in place so their stored outputs are the regression reference for nbval.

Widget state is stripped afterwards: it is large, full of random model ids, and breaks static
viewers. Usage: python tools/refresh_notebooks.py [notebook ...]   (default: every notebook)
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def refresh(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    print(f"refreshed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> None:
    paths = [Path(a).resolve() for a in argv] or sorted(
        p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    for path in paths:
        refresh(path)


if __name__ == "__main__":
    main(sys.argv[1:])
