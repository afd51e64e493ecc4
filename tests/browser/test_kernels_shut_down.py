"""A closed or reloaded app tab takes its kernel with it, and the work that kernel was doing.

Voila's page asks the server to shut its kernel down on unload; without the classroom settings'
fix (binder/jupyter/config/voila.py) the server refused that (403 "_xsrf missing") and every
tab a class closed or reloaded left a kernel running. Both ways the app is served are tried:
`./dev voila` (Voila on its own, no token) and Binder's (Voila inside a Jupyter server with a
token, where /api/kernels lists the kernels).
"""

from __future__ import annotations

import json
import os
import secrets
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass

import psutil
import pytest
from browser_tools import wait_status
from conftest import BIN, _free_port, _need_chromium, _start, _stop

pytestmark = pytest.mark.browser

NOTEBOOK = "everyone_on_board/03_play_against_bots.ipynb"  # the app `./dev voila` serves
SETTLE = 15  # seconds a shutdown may take: interrupt, shutdown request, then signals


@dataclass(frozen=True)
class Server:
    """A running app server: where to open the app, and how to list its kernels."""

    app_url: str
    kernels: Callable[[], list[str]]  # the ids of the kernels the server runs
    processes: Callable[[], list[psutil.Process]]  # every process of every kernel, workers too


def _kernel_groups(server: psutil.Process) -> set[int]:
    """The server's live kernels: each leads its own process group, where its workers run too."""
    out = set()
    for p in server.children():
        try:
            if "ipykernel_launcher" in " ".join(p.cmdline()) and p.status() != psutil.STATUS_ZOMBIE:
                out.add(p.pid)
        except psutil.Error:  # gone, or a zombie its server has yet to reap
            pass
    return out


def _voila_alone(served_root, work, *options: str):
    """Voila on its own, no token, the classroom settings (and `options`), as `./dev voila`."""
    _need_chromium()
    port = _free_port()
    cmd = [str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--show_tracebacks=True", *options, str(served_root)]
    base = f"http://127.0.0.1:{port}"
    proc = _start(cmd, work / "voila.log", f"{base}/", served_root)
    server = psutil.Process(proc.pid)
    groups: set[int] = set()

    def kernels() -> list[str]:  # Voila alone lists no kernels: its kernel processes stand in
        return [str(pid) for pid in _kernel_groups(server)]

    def processes() -> list[psutil.Process]:
        groups.update(_kernel_groups(server))
        return _processes_in(groups)

    yield Server(f"{base}/voila/render/{NOTEBOOK}", kernels, processes)
    _stop(proc)


@pytest.fixture(scope="module")
def standalone(served_root, tmp_path_factory):
    yield from _voila_alone(served_root, tmp_path_factory.mktemp("voila-alone"))


@pytest.fixture(scope="module")
def culling_soon(served_root, tmp_path_factory):
    """The classroom's culling of idle unwatched kernels, its minutes made seconds."""
    yield from _voila_alone(served_root, tmp_path_factory.mktemp("voila-culling"),
                            "--MappingKernelManager.cull_idle_timeout=6",
                            "--MappingKernelManager.cull_interval=1")


@pytest.fixture(scope="module")
def in_jupyter_server(served_root, tmp_path_factory):
    """Binder's way: Voila as an extension of a token-protected Jupyter server."""
    _need_chromium()
    work = tmp_path_factory.mktemp("voila-in-server")
    port = _free_port()
    token = secrets.token_hex(16)
    cmd = [str(BIN / "jupyter-server"), "--allow-root", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={served_root}",
           f"--IdentityProvider.token={token}"]
    base = f"http://127.0.0.1:{port}"
    proc = _start(cmd, work / "server.log", f"{base}/api/status?token={token}", served_root)
    server = psutil.Process(proc.pid)
    groups: set[int] = set()

    def kernels() -> list[str]:
        request = urllib.request.Request(f"{base}/api/kernels",
                                         headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return [k["id"] for k in json.load(answer)]

    def processes() -> list[psutil.Process]:
        groups.update(_kernel_groups(server))
        return _processes_in(groups)

    # the token in the first URL only, as Binder's link has it: the page then runs on the
    # login cookie, so its requests face the server's XSRF check
    yield Server(f"{base}/voila/render/{NOTEBOOK}?token={token}", kernels, processes)
    _stop(proc)


def _processes_in(groups: set[int]) -> list[psutil.Process]:
    out = []
    for p in psutil.process_iter():
        try:
            if os.getpgid(p.pid) in groups and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except (ProcessLookupError, psutil.Error):
            pass
    return out


@pytest.fixture(params=["standalone", "in_jupyter_server"])
def server(request) -> Server:
    return request.getfixturevalue(request.param)


def _open_app(browser, server: Server):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.goto(server.app_url)
    wait_status(page, "ply 22 of 22", timeout=90)  # the notebook ran and the widgets are live
    return page


def _wait_until(check: Callable[[], bool], what: str, timeout: float = SETTLE) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.25)
    raise AssertionError(f"{what} within {timeout}s")


def test_closing_the_tab_shuts_its_kernel_down(browser, server):
    before = server.kernels()
    page = _open_app(browser, server)
    opened = server.kernels()
    assert len(opened) == len(before) + 1
    page.close(run_before_unload=True)  # as a closed tab: the page's unload handlers run
    _wait_until(lambda: server.kernels() == before, "the closed tab's kernel was not shut down")
    _wait_until(lambda: not server.processes(), "the closed tab's kernel process stayed")
    page.context.close()


def test_reloading_the_tab_replaces_its_kernel(browser, server):
    before = server.kernels()
    page = _open_app(browser, server)
    first = set(server.kernels()) - set(before)
    page.reload()
    wait_status(page, "ply 22 of 22", timeout=90)
    _wait_until(lambda: len(server.kernels()) == len(before) + 1 and not first & set(server.kernels()),
                "the reloaded tab's first kernel was not shut down")
    page.close(run_before_unload=True)
    _wait_until(lambda: server.kernels() == before, "the reloaded tab's kernel was not shut down")
    page.context.close()


def test_closing_the_tab_stops_a_running_what_if(browser, standalone):
    """What if from here? races the options in the kernel for up to half a minute: closing the
    tab while it runs ends the kernel (and so the race), not just the page."""
    page = _open_app(browser, standalone)
    page.click("button.ts-end")  # on to the human's decision
    page.wait_for_selector("button.ts-what-if:enabled", timeout=30_000)
    page.click("button.ts-what-if")
    page.wait_for_selector("button.ts-what-if-stop:enabled", timeout=30_000)  # still racing
    assert standalone.processes()
    page.close(run_before_unload=True)
    _wait_until(lambda: not standalone.processes(), "the What-if's kernel or workers kept running")
    page.context.close()


def test_a_kernel_left_without_a_word_is_culled(browser, culling_soon):
    """A tab gone without its unload request (a crash, a sleeping laptop) leaves its kernel
    idle and unwatched: the classroom settings cull it (cull_connected stays off, so an open
    tab's kernel is never culled)."""
    page = _open_app(browser, culling_soon)
    time.sleep(8)  # longer than the idle timeout: a watched kernel stays
    assert len(culling_soon.kernels()) == 1
    page.close(run_before_unload=False)  # no unload handlers: no shutdown request
    _wait_until(lambda: not culling_soon.kernels(), "the unwatched kernel was not culled")
    page.context.close()
