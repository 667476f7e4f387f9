"""Common mistakes get a one-line error with a hint, never a silent answer: the shell's errors speak the
shell's language, from the prompt and from the Python API alike."""

import pytest

from cgt.shell import run
from cgt.shell.errors import ShellError


@pytest.mark.parametrize("source, message", [
    # 10**7 would otherwise be 10 * *7 = 0, silently
    ("10**7", "line 1, column 3: ** is not an operator: write 10^7 for a power"),
    ("2 ** 3", "** is not an operator: write 2^3"),
    ("{0|0.5}", "(decimals are not games: write 1/2 for 0.5)"),
    ("1 + 2.25", "(decimals are not games: write 9/4 for 2.25)"),
    ("(*).mean", "* has no method mean (did you mean Mean?)"),
    ("{3||2|1}.leftstop", "has no method leftstop (did you mean LeftStop?)"),
    ("(^).Temprature", "has no method Temprature (did you mean Temperature?)"),
])
def test_common_mistakes_get_hints(source, message):
    with pytest.raises(ShellError) as error:
        run(source)
    assert message in str(error.value)
    assert "\n" not in str(error.value)  # the whole error is one line


def test_no_hint_when_nothing_is_close():
    with pytest.raises(ShellError) as error:
        run("3.Foo")
    assert str(error.value).endswith("3 has no method Foo")


def test_stars_in_strings_and_ranges_are_not_mistakes():
    assert run('"a**b"') == '"a**b"'
    assert run("2^10") == "1024"


@pytest.mark.parametrize("source, message", [
    ("help(mean)", "no help for 'mean' (did you mean Mean?)"),
    ("help(Kaylse)", "(did you mean Kayles?)"),
])
def test_help_suggests_the_name_meant(source, message):
    with pytest.raises(ShellError, match=message.replace("(", r"\(").replace(")", r"\)").replace("?", r"\?")):
        run(source)
