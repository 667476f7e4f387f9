"""Cross-check the golden tables of the strip and graph rulesets against the peer libraries, where they have the game.

pycgt (an independent pure-Python library, used only through its public functions) has Toads and Frogs
(``pycgt.rulesets.toads_and_frogs.value``), blue-red Hackenbush strings
(``pycgt.rulesets.nim.hackenbush_string``) and Col/Snort on uncoloured graphs
(``pycgt.rulesets.graphs.value`` with ``Graph.path``/``Graph.cycle``); cgt-py (compiled, independent)
has Col and Snort (``cgt_py.Col``/``cgt_py.Snort`` on ``cgt_py.Graph``), so those rows are checked
twice.  The peer runs in its own interpreter; it sends each value back as its tree of canonical options,
which is rebuilt here with ``cgt.kernel.game`` and compared with our value (so notation differences cannot hide a
mismatch).  The rows come straight from the test modules' golden tables, so a row added there is checked
here too.

    python benchmarks/check_golden_peers.py [--peer /tmp/peers/bin/python]

Prints one line per checked row and a summary; exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import cgt

ROOT = Path(__file__).resolve().parent.parent

PEER = r"""
import json, sys
from pycgt.rulesets import toads_and_frogs, nim, graphs

def tree(g, left=lambda x: x.left, right=lambda x: x.right, memo=None):
    # memo by id, keeping g alive so that its id is not reused by a temporary option object
    memo = {} if memo is None else memo
    if id(g) not in memo:
        memo[id(g)] = (g, [[tree(x, left, right, memo) for x in left(g)],
                           [tree(x, left, right, memo) for x in right(g)]])
    return memo[id(g)][1]

out = []
for kind, arg in json.load(sys.stdin):
    if kind == "tf":
        g = toads_and_frogs.value(arg)
    elif kind == "hack":
        g = nim.hackenbush_string(arg)
    elif kind in ("col", "snort"):
        rule = graphs.COL if kind == "col" else graphs.SNORT
        shape, n = arg
        graph = {"path": graphs.Graph.path, "cycle": graphs.Graph.cycle}[shape](n) if shape != "dots" else \
            graphs.Graph.of(n, [])
        g = graphs.value(graphs.Colouring(graph), rule)
    else:                                   # cgt-py's Col and Snort on the same graphs
        import cgt_py
        shape, n = arg
        edges = {"path": [(i, i + 1) for i in range(n - 1)], "cycle": [(i, (i + 1) % n) for i in range(n)],
                 "dots": []}[shape]
        g = (cgt_py.Col if kind == "cgtpy-col" else cgt_py.Snort)(cgt_py.Graph(n, edges)).canonical_form
        out.append(tree(g, lambda x: x.left_options, lambda x: x.right_options))
        continue
    out.append(tree(g))
json.dump(out, sys.stdout)
"""


def _load(name: str):
    """The test module ``name`` (found anywhere under ``tests/``), for its golden table."""
    path = next((ROOT / "tests").rglob(f"{name}.py"))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _graph_shape(text: str):
    """An uncoloured graph string as pycgt's shape: ``---`` a path, ``:A---:A`` a cycle, ``.;.`` dots."""
    if re.fullmatch(r"-*", text):
        return ["path", len(text) + 1]
    if re.fullmatch(r"\.", text):
        return ["path", 1]
    m = re.fullmatch(r":A(-+):A", text)
    if m:
        return ["cycle", len(m.group(1))]
    if re.fullmatch(r"\.(;\.)*", text):
        return ["dots", text.count(".")]
    return None


def rows():
    """(label, peer request, our value) for every golden row the peer can compute."""
    tf = _load("test_toads_and_frogs")
    for text, _ in tf.TF_GOLDEN:
        yield f"ToadsAndFrogs {text}", ["tf", text], tf.ToadsAndFrogs(text).value
    hb = _load("test_hackenbush")
    for ruleset, text, _ in hb.GOLDEN:
        if ruleset is hb.Hackenbush and re.fullmatch(r"[lr]+", text):
            yield f"Hackenbush {text}", ["hack", text.upper()], ruleset(text).value
    col = _load("test_col")
    for ruleset, text, _ in col.GOLDEN:
        shape = _graph_shape(text)
        if shape is not None and ruleset in (col.Col, col.Snort):
            kind = "col" if ruleset is col.Col else "snort"
            yield f"{kind.title()} {text}", [kind, shape], ruleset(text).value
            yield f"{kind.title()} {text} (cgt-py)", [f"cgtpy-{kind}", shape], ruleset(text).value


def build(tree):
    left, right = tree
    return cgt.game([build(t) for t in left], [build(t) for t in right])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", default="/tmp/peers/bin/python")
    args = parser.parse_args()
    table = list(rows())
    out = subprocess.run([args.peer, "-c", PEER], input=json.dumps([r[1] for r in table]), capture_output=True,
                         text=True, timeout=600)
    if out.returncode:
        print(out.stderr.strip().splitlines()[-1])
        return 2
    bad = 0
    for (label, _, ours), tree in zip(table, json.loads(out.stdout)):
        theirs = build(tree)
        ok = theirs == ours
        bad += not ok
        peer = "cgt-py" if label.endswith("(cgt-py)") else "pycgt"
        print(f"{'ok  ' if ok else 'DIFF'} {label:36} cgt {ours}   {peer} {theirs}")
    print(f"{len(table) - bad} of {len(table)} checks of golden rows agree with the peers")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
