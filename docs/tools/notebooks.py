"""Run the documentation's notebooks on a Jupyter kernel that has cgt, and keep their stored outputs current.

    python docs/tools/notebooks.py            # execute every docs/notebooks/*.ipynb and store the new outputs
    python docs/tools/notebooks.py --check    # execute them and fail if a stored output is out of date

The kernel is ``python3`` as ipykernel provides it for the running interpreter, so it sees the cgt
installed there (``pip install -e '.[test]'`` brings nbclient and ipykernel).  Outputs are compared by
their text (``text/plain``, ``text/latex`` and printed streams) and by which kinds of picture they hold;
pictures themselves are not compared byte for byte (matplotlib writes ids and dates into SVG).
"""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "docs" / "notebooks").glob("*.ipynb"))
#: Output kinds compared by their text.
TEXT_KINDS = ("text/plain", "text/latex")


def execute(path: pathlib.Path, timeout: int = 300):
    """The notebook at ``path`` executed top to bottom on a fresh kernel (an ``nbformat`` node)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


def summary(notebook) -> list[list[tuple]]:
    """For each code cell, its outputs as comparable tuples: streams by text, results by their text kinds
    and the set of picture kinds."""
    cells = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        outputs = []
        for output in cell.get("outputs", []):
            if output.output_type == "stream":
                outputs.append(("stream", output.name, output.text))
            elif output.output_type == "error":
                outputs.append(("error", output.ename, output.evalue))
            else:
                data = output.get("data", {})
                texts = tuple((kind, data[kind]) for kind in TEXT_KINDS if kind in data)
                pictures = tuple(sorted(kind for kind in data if kind.startswith("image/")))
                outputs.append((output.output_type, texts, pictures))
        cells.append(outputs)
    return cells


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a stored output is out of date")
    args = parser.parse_args(argv)
    import nbformat

    stale = []
    for path in NOTEBOOKS:
        fresh = execute(path)
        if args.check:
            if summary(fresh) != summary(nbformat.read(path, as_version=4)):
                stale.append(path)
        else:
            nbformat.write(fresh, path)
            print(f"wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"{path.relative_to(ROOT)}: stored outputs are out of date; run python docs/tools/notebooks.py",
              file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
