"""docs/tools/octal_census.py: the census page is built from a sweep and agrees with Winning Ways (ch. 4) on
the periods it states; here at a small bound, on one process."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "tools"))

import octal_census  # noqa: E402
import pytest  # noqa: E402


@pytest.mark.parametrize("budget", [[], ["--seconds", "30"]], ids=["bound", "budget"])
def test_a_small_census_page(tmp_path, budget):
    page = tmp_path / "census.md"
    assert octal_census.main(["--heaps", "400", "--jobs", "1", "--store", str(tmp_path / "s.sqlite"),
                              "--page", str(page), *budget]) == 0
    text = page.read_text()
    assert ("30 s of CPU per code" in text) == bool(budget)
    assert ("--seconds 30" in text) == bool(budget)
    rows = re.findall(r"^\| (0\.\d+) \| ([\d,]*) \| ([\d,]*) \| (yes|open) \| ([\d,]+) \| (\d+) \|$", text, re.M)
    assert len(rows) == 511 and rows[0][0] == "0.1"
    table = {code: (period, preperiod, certified) for code, period, preperiod, certified, _, _ in rows}
    assert table["0.77"] == ("12", "71", "yes") and table["0.137"] == ("34", "52", "yes")
    assert table["0.6"][2] == "open"
    certified = sum(1 for row in rows if row[3] == "yes")
    assert f"**{certified} are certified periodic**" in text and f"**{511 - certified} are open**" in text


def test_the_committed_page_is_a_full_census():
    text = (ROOT / "docs" / "octal-census.md").read_text()
    rows = re.findall(r"^\| 0\.\d+ \|", text, re.M)
    assert len(rows) == 511 and "to heap 1,000,000, or until" in text and "of CPU per code" not in text
    checked = re.findall(r"^\| 0\.\d+ \| [\d,]* \| [\d,]* \| open \| ([\d,]+) \|", text, re.M)
    assert checked and set(checked) == {"1,000,000"}          # every open code computed to the bound


def test_the_committed_pages_certified_rows_recompute_exactly():
    """Every certified row whose period was certified within 20,000 heaps (310 of the 315), recomputed here by
    the same engine to the page's bound: the same period, preperiod, certification heap and largest value."""
    from cgt.games.engine.sweep import octal_census

    text = (ROOT / "docs" / "octal-census.md").read_text()
    rows = re.findall(r"^\| (0\.\d+) \| ([\d,]+) \| ([\d,]+) \| yes \| ([\d,]+) \| (\d+) \|$", text, re.M)
    small = [row for row in rows if int(row[3].replace(",", "")) <= 20_000]
    assert len(small) > 300
    for code, period, preperiod, checked, largest in small:
        record = octal_census(code, 10**6)
        assert record["certified"], code
        assert (record["period"], record["preperiod"], record["checked_to"], record["max_value"]) == (
            int(period.replace(",", "")), int(preperiod.replace(",", "")), int(checked.replace(",", "")),
            int(largest)), code
