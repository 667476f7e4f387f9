"""A session that lasts: after a refused or interrupted computation the next command works and the memory the
failed one took goes back; a long mixed session keeps its resident set bounded.  Each runs in a fresh process,
so that the resident set measured is the session's own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

REFUSED_SESSION = r"""
import gc, json, cgt
from cgt.shell import Session, ShellError
from cgt.runtime.limits import resident_mb

session = Session()
domineering = 'game.grid.Domineering("....|....|....|....").GameValue'
first = session.run(domineering)
cgt.clear_caches(); gc.collect()
before = resident_mb()
cgt.limits.set_max_interned(LIMIT)
answers = {}
try:
    session.run("{0|-1823437481924}.FollowerCount")        # its followers outgrow the intern limit
    answers["refused"] = None
except ShellError as error:
    answers["refused"] = str(error)
for line in ["*8", "9/8 + *", domineering, "(-1823437481924).FollowerCount", "(-1823437481924).Birthday"]:
    answers[line] = session.run(line)
cgt.clear_caches(); gc.collect()
import resource
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"before": before, "after": resident_mb(), "peak": peak, "answers": answers, "first": first,
                  "compiled": cgt.kernel_info().startswith("compiled")}))
"""


def run_python(code: str, timeout: int) -> dict:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def check_refused_session(limit: int) -> None:
    result = run_python(REFUSED_SESSION.replace("LIMIT", str(limit)), timeout=600)
    answers = result["answers"]
    assert "distinct games are in memory" in answers["refused"]
    assert answers["*8"] == "*8" and answers["9/8 + *"] == "9/8*"
    assert answers['game.grid.Domineering("....|....|....|....").GameValue'] == result["first"]
    assert answers["(-1823437481924).FollowerCount"] == "1823437481925"
    assert answers["(-1823437481924).Birthday"] == "1823437481924"
    if result["compiled"]:
        assert result["after"] <= 1.10 * result["before"], result
    else:
        # the pure kernel's games are Python objects: what stays is pymalloc's partly used arenas, a few
        # per cent of what the refused query took
        assert result["after"] - result["before"] <= 0.05 * (result["peak"] - result["before"]), result


def test_a_refused_query_leaves_the_session_as_it_was():
    check_refused_session(200_000)


@pytest.mark.slow
def test_a_refused_query_of_a_million_games_gives_its_memory_back():
    check_refused_session(1_000_000)


INTERRUPTED_SESSION = r"""
import gc, json, threading, _thread, cgt
from cgt import game, integer
from cgt.runtime.limits import resident_mb

def chain(stop):
    total = cgt.zero
    for n in range(1, stop):
        total = total + game([integer(n)], [total])
    return total

str(chain(30)), str(game("{3|2}") + game("{2|0}"))          # the modules a first computation imports
cgt.clear_caches(); gc.collect()
before = resident_mb()
timer = threading.Timer(1.0, _thread.interrupt_main)
timer.start()
try:
    chain(10**7)
    interrupted = False
except KeyboardInterrupt:
    interrupted = True
after_sum = str(game("{3|2}") + game("{2|0}"))
cgt.clear_caches(); gc.collect()
import resource
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"before": before, "after": resident_mb(), "peak": peak, "interrupted": interrupted,
                  "sum": after_sum, "compiled": cgt.kernel_info().startswith("compiled")}))
"""


def test_an_interrupted_computation_leaves_the_session_as_it_was():
    result = run_python(INTERRUPTED_SESSION, timeout=300)
    assert result["interrupted"] and result["sum"] == "{5|4||3|2}"
    # the computation took tens to hundreds of MB; a few per cent stay (the allocator's partly used pages:
    # 5-7 % of 370 MB on an idle machine, whose second of work grows the chain furthest; more with the pure
    # kernel, whose games are Python objects in pymalloc's arenas).  A leak would keep all of it.
    took = result["peak"] - result["before"]
    kept = 0.10 if result["compiled"] else 0.15
    assert took > 40 and result["after"] - result["before"] <= kept * took, result


@pytest.mark.slow
def test_a_long_mixed_session_keeps_its_resident_set_bounded():
    """The soak benchmark (benchmarks/soak.py) bounded: 9,000 commands, the resident set at the end within
    1.5 times its value at 3,000 (the full run's figures are in docs/performance.md)."""
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "soak.py"), "--commands", "9000",
                           "--every", "3000", "--json"], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = json.loads(done.stdout.strip().splitlines()[-1])["rows"]
    resident = {count: mb for count, mb, _ in rows}
    assert resident[9000] <= 1.5 * resident[3000], rows
