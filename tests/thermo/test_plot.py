"""Thermograph drawing with matplotlib (the optional ``plot`` extra, also in ``test``)."""

from __future__ import annotations

import sys
from fractions import Fraction as F

import pytest

from cgt import dyadic, game, integer, star, switch

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

H321 = game([3], [game([2], [1])])


def _segments(ax):
    """The (value, temperature) vertices of each drawn line."""
    return [list(zip(*line.get_data())) for line in ax.get_lines()]


def test_plot_draws_both_walls_winning_ways_style():
    import matplotlib.pyplot as plt

    ax = H321.thermograph().plot(title="{3||2|1}")
    try:
        left, right = _segments(ax)[:2]
        # Left wall: from (4, -1) up the 45-degree line to the mast at (9/4, 3/4), then the mast.
        assert left[0] == (4.0, -1.0) and (2.25, 0.75) in left
        # Right wall: vertical at 2 up to t = 1/2, then to (9/4, 3/4).
        assert right[0] == (2.0, -1.0) and (2.0, 0.5) in right and (2.25, 0.75) in right
        assert left[-1][0] == right[-1][0] == 2.25  # both end on the mast
        x0, x1 = ax.get_xlim()
        assert x0 > x1  # values increase to the left, as in Winning Ways
        assert ax.get_title() == "{3||2|1}"
        assert ax.get_ylabel() == "temperature"
    finally:
        plt.close(ax.figure)


def test_plot_on_given_axes_and_bounds():
    from matplotlib.figure import Figure

    ax = Figure().add_subplot()
    assert switch(3).thermograph().plot(ax=ax, bottom=0, top=5, annotate=False) is ax
    left = _segments(ax)[0]
    assert left[0] == (3.0, 0.0) and left[-1] == (0.0, 5.0)
    with pytest.raises(ValueError, match="start at temperature -1"):
        star.thermograph().plot(ax=ax, bottom=-2)


def test_thermographs_share_one_axes():
    """Several thermographs on one Axes: the box holds them all, titles are joined, each note is kept."""
    from matplotlib.figure import Figure

    ax = Figure().add_subplot()
    H321.thermograph().plot(ax=ax, title="{3||2|1}")
    switch(game([4], [2])).thermograph().plot(ax=ax, title="+-{4|2}", color="C1")
    assert ax.get_title() == "{3||2|1}, +-{4|2}"
    notes = [t.get_text() for t in ax.texts if t.get_text()]   # (the mast arrows are empty annotations)
    assert notes == ["{3||2|1}: mean 9/4, temperature 3/4", "+-{4|2}: mean 0, temperature 3"]
    left, right = ax.get_xlim()
    # {3||2|1} spans values 2..4 at t = -1, +-{4|2} spans -2..2: the box holds both, half a unit wider.
    assert (left, right) == (4.5, -2.5)
    assert len(_segments(ax)) >= 4


def test_svg_display_for_jupyter():
    svg = dyadic(3, 4).thermograph()._repr_svg_()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg


def test_missing_matplotlib_is_a_clear_error(monkeypatch):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ImportError, match=r"needs matplotlib, an optional extra: pip install 'cgt\[plot\]'"):
        integer(2).thermograph().plot()
    assert integer(2).thermograph()._repr_svg_() is None


def test_plot_of_integer_is_a_mast():
    from matplotlib.figure import Figure

    ax = integer(2).thermograph().plot(ax=Figure().add_subplot())
    left, right = _segments(ax)[:2]
    assert {x for x, _ in left} == {x for x, _ in right} == {2.0}
    assert F(ax.get_ylim()[0]).limit_denominator() == -1


@pytest.mark.slow     # starts a Jupyter kernel (about 3 s); the plots themselves are checked above
def test_example_notebook_runs_on_a_kernel_and_its_stored_outputs_are_current():
    """docs/notebooks/thermographs.ipynb, executed on a Jupyter kernel of this interpreter (nbclient and
    ipykernel), prints exactly the outputs stored in it: the notebook runs against the current API and a
    reader sees what it does today (regenerate with ``python docs/tools/notebooks.py``)."""
    pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    import importlib.util
    from pathlib import Path

    import nbformat

    path = Path(__file__).resolve().parents[2] / "docs" / "tools" / "notebooks.py"
    spec = importlib.util.spec_from_file_location("docs_notebooks", path)
    notebooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(notebooks)
    (notebook_path,) = [p for p in notebooks.NOTEBOOKS if p.name == "thermographs.ipynb"]
    fresh = notebooks.summary(notebooks.execute(notebook_path, timeout=120))
    stored = notebooks.summary(nbformat.read(notebook_path, as_version=4))
    assert not [o for cell in fresh for o in cell if o[0] == "error"]
    assert fresh == stored
    # The thermographs are drawn inline (SVG and PNG) and games typeset.
    kinds = {kind for cell in fresh for o in cell if o[0] != "stream" for kind in o[2] + tuple(k for k, _ in o[1])}
    assert {"image/svg+xml", "image/png", "text/latex"} <= kinds
    assert ("stream", "stdout", "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])\n") in fresh[2]
