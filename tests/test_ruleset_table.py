"""docs/ruleset-table.md, the table of every ruleset with its position syntax, is generated from the ruleset
catalogue by docs/tools/ruleset_table.py: every catalogued ruleset has a row in the tool, the rows agree
with the rulesets (board characters, graph tokens, family members), and the committed page is exactly
what the tool writes today (regenerate with ``python docs/tools/ruleset_table.py``)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _load_tool():
    path = ROOT / "docs" / "tools" / "ruleset_table.py"
    spec = importlib.util.spec_from_file_location("docs_ruleset_table", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module            # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


def test_every_catalogued_ruleset_has_a_row():
    names = [entry.name for entry in tool.library_entries()]
    assert len(names) > 70
    assert [name for name in names if name not in tool.ROWS] == []
    assert [name for name in tool.ROWS if name not in names] == []


def test_the_rows_agree_with_the_rulesets():
    assert tool.problems() == []


def test_a_ruleset_without_a_row_or_a_meaning_is_reported(monkeypatch):
    rows = dict(tool.ROWS)
    del rows["Nim"]
    rows["Cram"] = tool.Row(rows["Cram"].example, tokens={".": "empty"})
    rows["Col"] = tool.Row(rows["Col"].example, tokens=rows["Col"].tokens, member="game.graph.GenCol([Left], [Right])")
    monkeypatch.setattr(tool, "ROWS", rows)
    found = tool.problems()
    assert any(p.startswith("Nim: catalogued, but") for p in found)
    assert any(p.startswith("Cram: position tokens ['#']") for p in found)
    assert any(p.startswith("Col: its member expression") for p in found)
    with pytest.raises(tool.StaleTable):
        tool.render()


def test_the_committed_page_is_current():
    page = (ROOT / "docs" / "ruleset-table.md").read_text(encoding="utf-8")
    assert page == tool.render(), "docs/ruleset-table.md is out of date: run python docs/tools/ruleset_table.py"


def test_the_page_lists_every_ruleset_with_a_shell_or_python_example():
    page = (ROOT / "docs" / "ruleset-table.md").read_text(encoding="utf-8")
    for entry in tool.library_entries():
        assert f"| `{entry.name}` |" in page
    assert '`game.grid.Amazons("x..\\|..o").CanonicalForm` | `+-{1,{2\\|0}}`' in page


def test_the_page_is_linked_from_the_readme_and_the_rulesets_guide():
    for document in ("README.md", "docs/rulesets.md"):
        assert "ruleset-table.md" in (ROOT / document).read_text(encoding="utf-8"), document
