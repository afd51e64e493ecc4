"""Write binder/lock.txt: every package of a working classroom environment, pinned.

Binder installs the lock and then this package (binder/requirements.txt); `./dev` installs with
the lock as pip constraints, so the JupyterLab and Voila the browser tests drive are the ones a
class gets on Binder. The lock is made in a fresh virtual environment from this package's
`notebooks` and `rl` extras and the few pins below, then frozen.
Usage: python tools/lock_binder.py   (needs the package index; takes a few minutes)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "binder" / "lock.txt"
PINS = {
    # Voila's page core is JupyterLab 4.2.5; 0.5.8 is the newest Voila whose own widget manager
    # asks for the same (later ones ask ^4.4-^4.5 and the page logs "Unsatisfied version").
    "voila": "0.5.8",
    # the JupyterLab widget manager built against JupyterLab 4.2 (3.0.16+ ask ^4.6.2 in Voila)
    "jupyterlab_widgets": "3.0.13",
}


def main() -> None:
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


if __name__ == "__main__":
    main()
