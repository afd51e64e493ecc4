"""Execute notebooks in place so their stored outputs are the regression reference for nbval.

Widget state is stripped afterwards: it is large, full of random model ids, and breaks static
viewers. So that a re-run writes the same bytes: consecutive stdout chunks of a cell are merged
(how a busy kernel splits them varies) and widget model ids are replaced by a fixed token.
Usage: python tools/refresh_notebooks.py [notebook ...]   (default: every notebook)
"""

from __future__ import annotations

import re
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
        if cell.cell_type == "code":
            cell.outputs = steady(cell.outputs)
    nbformat.write(nb, path)
    print(f"refreshed {path.relative_to(ROOT)}")


MODEL_ID = re.compile(r"[0-9a-f]{32}")


def steady(outputs: list) -> list:
    """Outputs that do not depend on kernel timing: adjacent stream chunks of one stream merged,
    widget model ids replaced (nbval ignores the widget view; the id only made diffs noisy)."""
    out: list = []
    for output in outputs:
        if (output.get("output_type") == "stream" and out and out[-1].get("output_type") == "stream"
                and out[-1].get("name") == output.get("name")):
            out[-1]["text"] += output["text"]
            continue
        view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json")
        if view and "model_id" in view:
            view["model_id"] = MODEL_ID.sub("0" * 32, view["model_id"])
        out.append(output)
    return out


def main(argv: list[str]) -> None:
    paths = [Path(a).resolve() for a in argv] or sorted(
        p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    for path in paths:
        refresh(path)


if __name__ == "__main__":
    main(sys.argv[1:])
