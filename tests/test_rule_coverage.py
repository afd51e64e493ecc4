"""Every rule of every playable game is enforced in code, exercised by a test and shown in a
notebook, and docs/<game>.md (the index a reader follows) says where."""

import sys
from pathlib import Path

import pytest

import sandbox

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import rule_coverage  # noqa: E402


@pytest.mark.parametrize("game_id", sandbox.games())
def test_every_rule_has_code_test_and_notebook_cell(game_id):
    _, rows = rule_coverage.coverage(game_id)
    missing = [f"{r.rule_id}: {kind}" for r in rows
               for kind, sites in (("code", r.code), ("test", r.tests), ("notebook", r.cells))
               if not sites]
    assert not missing, "rules not covered:\n" + "\n".join(missing)


@pytest.mark.parametrize("game_id", sandbox.games())
def test_rule_index_page_is_current(game_id):
    info, rows = rule_coverage.coverage(game_id)
    page = (ROOT / "docs" / f"{game_id}.md").read_text()
    assert page == rule_coverage.page(info, rows), "run: python tools/rule_coverage.py"
