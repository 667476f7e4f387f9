"""``cgt sweep`` on one process: a budget of CPU seconds per octal code, and bad arguments as one line."""

from cgt.shell.sweep_command import main


def test_an_octal_sweep_with_a_budget(tmp_path, capsys):
    store = str(tmp_path / "s.sqlite")
    assert main(["octal", "--digits", "1", "--heaps", "500", "--seconds", "10", "--store", store,
                 "--jobs", "1", "--quiet"]) == 0
    rows = [line.split(" | ") for line in capsys.readouterr().out.splitlines()[2:]]
    table = {row[0].strip("| "): row for row in rows}
    assert sorted(table) == [f"0.{d}" for d in range(1, 8)]
    # 0.6 (Guy's Officers, open in Winning Ways ch. 4) is computed to the bound; 0.7 is certified early.
    assert table["0.6"][4] == "500" and table["0.7"][3] == "True"


def test_a_negative_budget_is_one_error(tmp_path, capsys):
    assert main(["octal", "--seconds", "-1", "--store", str(tmp_path / "s.sqlite")]) != 0
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "--seconds must not be negative" in err
