"""Write binder/lock.txt: every package of a working classroom environment, pinned.

Binder installs the lock and then this package (binder/requirements.txt); `./dev` installs with
the lock as pip constraints, so the JupyterLab and Voila the browser tests drive are the ones a
class gets on Binder. The lock is made in a fresh virtual environment from this package's
`notebooks` and `rl` extras and the few pins below, then frozen. On a Python where the whole lock
does not resolve (3.10: NumPy, pandas, IPython and ipykernel ask for 3.11), `./dev` pins only the
front end the browser tests drive, binder/frontend.txt, which this script writes from the lock.
Usage: python tools/lock_binder.py   (run it with Binder's Python, binder/runtime.txt; needs the
       package index; takes a few minutes)
       python tools/lock_binder.py --front-end   (only rewrite binder/frontend.txt from the lock)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "binder" / "lock.txt"
FRONT_END_LOCK = ROOT / "binder" / "frontend.txt"
PINS = {
    # Voila's page core is JupyterLab 4.2.5; 0.5.8 is the newest Voila whose own widget manager
    # asks for the same (later ones ask ^4.4-^4.5 and the page logs "Unsatisfied version").
    "voila": "0.5.8",
    # the JupyterLab widget manager built against JupyterLab 4.2 (3.0.16+ ask ^4.6.2 in Voila)
    "jupyterlab_widgets": "3.0.13",
}
# What the page is built from: the servers and every package whose labextension the page loads
# (the widget managers must match the JupyterLab core Voila's page carries). All resolve on 3.10.
FRONT_END = ("anywidget", "ipycanvas", "ipywidgets", "jupyter_server", "jupyterlab",
             "jupyterlab_pygments", "jupyterlab_server", "jupyterlab_widgets", "notebook_shim",
             "voila", "widgetsnbextension")


def write_front_end() -> None:
    """binder/frontend.txt: the lock's pins of the FRONT_END packages, nothing else."""
    pins = [line for line in LOCK.read_text().splitlines()
            if line.split("==")[0].lower().replace("-", "_") in FRONT_END]
    FRONT_END_LOCK.write_text(
        "# The classroom front end, pinned as in lock.txt: written by tools/lock_binder.py (do not edit\n"
        "# by hand). ./dev uses it on a Python where the whole lock does not resolve.\n"
        + "\n".join(pins) + "\n")
    print(f"{FRONT_END_LOCK.relative_to(ROOT)}: {len(pins)} packages")


def main() -> None:
    if "--front-end" in sys.argv[1:]:
        write_front_end()
        return
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip"]
        subprocess.run([*pip, "install", "-q", "--upgrade", "pip"], check=True)
        subprocess.run([*pip, "install", "-q", f"{ROOT}[notebooks,rl]",
                        *(f"{name}=={version}" for name, version in PINS.items())], check=True)
        frozen = subprocess.run([*pip, "freeze", "--exclude", "train-sandbox"], check=True,
                                capture_output=True, text=True).stdout
    lines = sorted((line for line in frozen.splitlines() if "==" in line), key=str.lower)
    head = ("# The classroom environment, pinned: written by tools/lock_binder.py (do not edit by hand).\n"
            f"# Python {sys.version_info.major}.{sys.version_info.minor}; "
            + "; ".join(f"{n}=={v}" for n, v in PINS.items()) + " chosen, the rest resolved.\n")
    LOCK.write_text(head + "\n".join(lines) + "\n")
    print(f"{LOCK.relative_to(ROOT)}: {len(lines)} packages")
    write_front_end()


if __name__ == "__main__":
    main()
