"""JupyterLab, a notebook opened before it is run (not trusted, as every committed notebook is):
the stored table pictures must show as pictures, not as `<IPython.core.display.SVG object>`.

Lab renders `image/svg+xml` only for trusted outputs, so each picture's bundle also carries
`text/html` with an `<img src="data:image/svg+xml;base64,...">`, which the sanitizer keeps. The
notebook here holds the outputs our objects really produce, never signed, and one bare
`IPython.display.SVG` bundle as the control that shows Lab treats the notebook as untrusted."""

from __future__ import annotations

import nbformat
import pytest
from IPython.core.formatters import DisplayFormatter

import sandbox
from widgets import GameStepper

pytestmark = pytest.mark.browser

NOTEBOOK = "untrusted_pictures.ipynb"
READY_JS = """() => {  // every output rendered by some mimetype, every image loaded
  const outs = [...document.querySelectorAll('.jp-NotebookPanel .jp-OutputArea-output')];
  return outs.length === 3 && outs.every((o) => o.getAttribute('data-mime-type'))
    && [...document.querySelectorAll('.jp-OutputArea-output img')].every((i) => i.complete);
}"""
OUTPUTS_JS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const cells = window.jupyterapp.shell.currentWidget.content.widgets;
  return [...panel.querySelectorAll('.jp-CodeCell')].map((c, i) => {
    const out = c.querySelector('.jp-OutputArea-output');
    const img = out && out.querySelector('img');
    return {trusted: cells[i].model.trusted, mime: out && out.getAttribute('data-mime-type'),
            text: out ? out.innerText.trim() : null,
            src: img ? img.getAttribute('src').slice(0, 30) : null,
            size: img && img.complete ? [img.naturalWidth, img.naturalHeight] : null};
  });
}"""


def _stored(data: dict, execute_result: bool = False) -> nbformat.NotebookNode:
    if execute_result:
        return nbformat.v4.new_output("execute_result", data=data, execution_count=1)
    return nbformat.v4.new_output("display_data", data=data)


def _write_notebook(folder) -> None:
    match = sandbox.new_game("everyone_on_board", players=3, seed=7)
    state_data, _ = DisplayFormatter().format(match.state)
    stepper_data = GameStepper(match, reveal=True)._repr_mimebundle_()
    stepper_data["application/vnd.jupyter.widget-view+json"]["model_id"] = "0" * 32  # as stored
    control = {"image/svg+xml": match.state.svg(), "text/plain": "<IPython.core.display.SVG object>"}
    cells = []
    for source, output in (("match.state", _stored(state_data)),
                           ("stepper", _stored(stepper_data, execute_result=True)),
                           ("display(SVG(match.state.svg()))", _stored(control))):
        cell = nbformat.v4.new_code_cell(source)
        cell.outputs = [output]
        cells.append(cell)
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / NOTEBOOK)  # written, never signed: Lab opens it untrusted


def test_stored_pictures_show_as_images_in_an_untrusted_notebook(lab_server, served_root, page, shots):
    _write_notebook(served_root)
    page.goto(f"{lab_server}/lab/tree/{NOTEBOOK}?reset")
    page.wait_for_selector(".jp-NotebookPanel .jp-OutputArea-output", timeout=60_000)
    page.wait_for_function(READY_JS, timeout=30_000)
    state, stepper, control = page.evaluate(OUTPUTS_JS)
    page.screenshot(path=str(shots / "lab_untrusted_pictures.png"))

    assert control["trusted"] is False and control["mime"] == "text/plain"  # untrusted: no SVG
    assert control["text"] == "<IPython.core.display.SVG object>"
    for shown in (state, stepper):
        assert shown["trusted"] is False
        assert shown["mime"] == "text/html"
        assert shown["src"] == "data:image/svg+xml;base64,PHN2"  # "<sv", kept by the sanitizer
        assert shown["size"] == [820, 566]  # the SVG decoded and drawn at the table's size
        assert "IPython" not in shown["text"] and "GameStepper(" not in shown["text"]
