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


def test_example_notebook_runs():
    """docs/notebooks/thermographs.ipynb: every code cell runs against the current API."""
    import json
    from pathlib import Path

    import matplotlib.pyplot as plt

    path = Path(__file__).resolve().parents[2] / "docs" / "notebooks" / "thermographs.ipynb"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert len(cells) >= 8
    namespace: dict = {}
    try:
        for source in cells:
            exec(compile(source, str(path), "exec"), namespace)
    finally:
        plt.close("all")
    g = namespace["g"]
    assert str(g) == "{3||2|1}" and str(namespace["th"]) == "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])"
    # The saved outputs show the thermograph drawn inline (SVG and PNG) and games typeset.
    kinds = {kind for c in notebook["cells"] if c["cell_type"] == "code"
             for o in c.get("outputs", []) for kind in o.get("data", {})}
    assert {"image/svg+xml", "image/png", "text/latex"} <= kinds
