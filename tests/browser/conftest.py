"""Real JupyterLab and Voila servers on loopback, driven by Debian's Chromium through Playwright.

No browser is ever downloaded: Playwright launches /usr/bin/chromium. Without it the browser
tests skip with a message, except on CI (CI=true), where they fail. TS_CHROMIUM names another
Chromium binary; TS_SHOTS the folder for screenshots (default /tmp/train-sandbox-shots). The
servers serve a copy of `notebooks/`, so a run never writes into the repository, and are
stopped by their PIDs.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("TS_CHROMIUM", "/usr/bin/chromium"))  # Debian's package
BIN = Path(sys.executable).parent
CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage"]
SHOTS = Path(os.environ.get("TS_SHOTS", "/tmp/train-sandbox-shots"))


def _need_chromium() -> None:
    if CHROMIUM.exists():
        return
    message = (f"the browser tests need {CHROMIUM}, which is missing: install it with "
               "`apt-get install chromium` (never `playwright install`)")
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"no answer from {url} after {timeout}s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()  # the server shuts its kernels down
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@pytest.fixture(scope="session")
def served_root(tmp_path_factory) -> Path:
    """A copy of the notebooks, so that autosaves never touch the repository."""
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(ROOT / "notebooks", root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return root / "notebooks"


def classroom_paths() -> dict[str, str]:
    """Voila's classroom template and settings (binder/jupyter/), first on Jupyter's paths, as
    `./dev` and Binder have them."""
    out = {}
    for var, sub in (("JUPYTER_PATH", "data"), ("JUPYTER_CONFIG_PATH", "config")):
        ours = str(ROOT / "binder" / "jupyter" / sub)
        rest = [p for p in os.environ.get(var, "").split(os.pathsep) if p and p != ours]
        out[var] = os.pathsep.join([ours, *rest])
    return out


def _start(cmd: list[str], log: Path, url: str, cwd: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **classroom_paths()}
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=cwd, env=env)
    try:
        _wait_http(url, proc, log)
    except Exception:
        _stop(proc)
        raise
    return proc


@pytest.fixture(scope="session")
def lab_server(served_root, tmp_path_factory):
    _need_chromium()
    work = tmp_path_factory.mktemp("lab")
    settings = work / "app-settings"
    settings.mkdir()
    # no news pop-up over the notebook, every cell kept in the page (the classroom settings)
    shutil.copy(ROOT / "binder" / "overrides.json", settings / "overrides.json")
    port = _free_port()
    cmd = [str(BIN / "jupyter-lab"), "--allow-root", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={served_root}",
           "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           "--LabApp.expose_app_in_browser=True", f"--LabApp.app_settings_dir={settings}",
           f"--LabApp.user_settings_dir={work / 'user-settings'}",
           f"--LabApp.workspaces_dir={work / 'workspaces'}"]
    base = f"http://127.0.0.1:{port}"
    proc = _start(cmd, work / "lab.log", f"{base}/lab", served_root)
    yield base
    _stop(proc)


@pytest.fixture(scope="session")
def voila_server(served_root, tmp_path_factory):
    _need_chromium()
    work = tmp_path_factory.mktemp("voila")
    port = _free_port()
    cmd = [str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--show_tracebacks=True", str(served_root)]
    base = f"http://127.0.0.1:{port}"
    proc = _start(cmd, work / "voila.log", f"{base}/", served_root)
    yield base
    _stop(proc)


@pytest.fixture(scope="session")
def browser():
    _need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROME_FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    pg = context.new_page()
    pg.console_lines = []
    pg.on("console", lambda m: pg.console_lines.append(f"{m.type}: {m.text}"))
    yield pg
    context.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
