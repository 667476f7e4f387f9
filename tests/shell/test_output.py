"""CGSuite's display output (CGSUITE.md §2.7, "Output classes", and §4.3: ``String``/``Output`` + ``Output``
concatenates display output) and the ``System`` members (§2.7), in the plain-text shell."""

from __future__ import annotations

import pytest

import cgt
from cgt.shell import Session, ShellError


@pytest.mark.parametrize("program, printed", [
    ('t := TextOutput("a"); t.Append(" and "); t.Append(^); t', "a and ^"),       # Append extends it in place
    ('t := TextOutput(); [t.Append(x) for x in [1, *]]; t', "1*"),
    ("TextOutput()", ""),
    ("EmptyOutput()", ""),
    ('"x = " + 3.ToOutput', "x = 3"),                   # String + Output is output: no quotes
    ('3.ToOutput + " copies"', "3 copies"),
    ('TextOutput("a") + TextOutput("b")', "ab"),
    ('"a" + "b"', '"ab"'),                              # two strings stay a string
    ('[1, *, ^, "s"].MkOutput(" ; ")', '1 ; * ; ^ ; "s"'),     # each element as it prints
    ('GridOutput(Grid.Empty(1, 2), [Icon.Blank, Icon.BlackStone], "..")', ".."),   # no icons: the alt text
    ('StripOutput(Strip.Empty(2), [], "--")', "--"),
    ("System.CopyrightYear", "2026"),
    ('[TextOutput("a").Class, 3.ToOutput.Class, TextOutput() is Output]',
     "[⟪cgsuite.util.output.TextOutput⟫,⟪cgsuite.util.output.Output⟫,true]"),
])
def test_output(program, printed):
    assert Session().run(program) == printed


@pytest.mark.parametrize("program, message", [
    ("TextOutput(3)", "TextOutput's text must be a string, got 3"),
    ('GridOutput(3, [], "x")', "GridOutput needs a Grid first, got 3"),
    ("GridOutput(Grid.Empty(1, 1), [], 4)", "GridOutput's alt text must be a string, got 4"),
    ("[1].MkOutput(2)", "MkOutput's separator must be a string, got 2"),
    ('System.Error("the board is full")', "the board is full"),
])
def test_output_errors(program, message):
    with pytest.raises(ShellError, match=message):
        Session().run(program)


def test_system_version_is_the_installed_version():
    from importlib.metadata import version

    assert Session().run("System.Version") == f'"{version("cgt")}"'


def test_clear_all_forgets_classes_read_from_files_and_keeps_variables():
    import pathlib

    from cgt.shell import userclasses

    folder = pathlib.Path(__file__).parent / "cgs"
    session = Session()
    session.run(f'System.AddPath("{folder}"); x := StepGame(2)(5).CanonicalForm')
    assert any("StepGame" in str(c) for c in userclasses.loaded_classes())
    assert session.run("System.ClearAll(); x") == "{0|-1}"
    assert userclasses.loaded_classes() == []
