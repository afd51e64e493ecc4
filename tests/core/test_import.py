"""`import sandbox` reads what playing needs and no more: drawing and the rule exercises load on
first use (`bench_speed.py` prints the time, against a goal of 100 ms)."""

from __future__ import annotations

import subprocess
import sys


def test_import_sandbox_leaves_drawing_and_exercises_for_first_use() -> None:
    code = (
        "import sys, sandbox\n"
        "late = ('sandbox.core.paint', 'sandbox.exercise', 'ipywidgets', 'ipycanvas')\n"
        "assert not [m for m in late if m in sys.modules], [m for m in late if m in sys.modules]\n"
        "from sandbox.core import SvgPainter, Painter\n"
        "from sandbox.core.paint import SvgPainter as Svg, Painter as Base\n"
        "assert (SvgPainter, Painter) == (Svg, Base)\n"
        "from sandbox.exercise import exercises\n"
        "assert sandbox.exercises is exercises\n"
        "quiz = sandbox.exercises('everyone_on_board', kind='legal', count=1, seed=1)\n"
        "assert len(quiz) == 1 and quiz[0].check(quiz[0].answer)\n"
        "try:\n"
        "    sandbox.core.Brush\n"
        "except AttributeError as e:\n"
        "    assert 'Brush' in str(e)\n"
        "else:\n"
        "    raise AssertionError('an unknown name of sandbox.core must raise AttributeError')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
