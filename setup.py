"""Build of the optional compiled parts (the metadata lives in pyproject.toml).

Every extension is optional: without a C compiler the install still succeeds and cgt runs its pure-Python
code (as it does with ``CGT_PURE=1``; ``cgt.kernel_info()`` says which kernel is active).  cgt loads each one
through ``cgt.runtime.compiled.optional_module``, which warns once when one is missing.

* ``cgt.kernel._kernel`` -- the compiled kernel of ``cgt.Game`` (order, sums, canonical form), bound by
  ``cgt.kernel.binding``;
* ``cgt.thermo._thermo`` -- thermograph walls in exact machine dyadics;
* ``cgt.games.heap._octal`` -- Grundy sequences of octal games, plain and by the sparse space (the Python engine
  in ``games/heap/octal_sequence.py`` is the reference);
* ``cgt.games.grid._domineering`` -- the byte-board Domineering search (the Python solver in
  ``games/grid/domineering.py`` is the reference);
* ``cgt.games.grid._fox_and_geese`` -- the game graph of a Fox and Geese position on 64-bit masks (the loopy
  engine's breadth-first search in ``games/engine/loopy.py`` is the reference);
* ``cgt.loopy._stoppers`` -- every node of a stopper graph in simplest form, one strongly connected component at
  a time (``cgt.loopy.simplify.simplest_all`` is the reference);
* ``cgt.games.grid._amazons`` -- the byte-board Amazons search (the Python solver in ``games/grid/amazons.py``
  is the reference);
* ``cgt.games.grid._clobber`` -- the byte-board Clobber search (the Python solver in ``games/grid/clobber.py`` is
  the reference).
"""

from setuptools import Extension, setup

# The table, board symmetries and solver calls the three byte-board searches share (a change rebuilds them).
BOARD_SEARCH = "games/grid/_board_search.h"

setup(
    ext_modules=[
        Extension("cgt.kernel._kernel", ["cgt/kernel/_kernel.c"], optional=True, extra_compile_args=["-O2"]),
        Extension(
            "cgt.thermo._thermo",
            ["cgt/thermo/_thermo.c"],
            optional=True,
            # Exactness relies on one IEEE rounding per operation (see cgt/thermo/_thermo.c): no fused multiply-add.
            extra_compile_args=["-O2", "-ffp-contract=off"],
        ),
        Extension("cgt.games.heap._octal", ["games/heap/_octal.c"], optional=True, extra_compile_args=["-O3"]),
        Extension("cgt.games.grid._domineering", ["games/grid/_domineering.c"], optional=True,
                  depends=[BOARD_SEARCH], extra_compile_args=["-O2"]),
        Extension("cgt.games.grid._fox_and_geese", ["games/grid/_fox_and_geese.c"], optional=True,
                  extra_compile_args=["-O2"]),
        Extension("cgt.loopy._stoppers", ["cgt/loopy/_stoppers.c"], optional=True, extra_compile_args=["-O2"]),
        Extension("cgt.games.grid._amazons", ["games/grid/_amazons.c"], optional=True,
                  depends=[BOARD_SEARCH], extra_compile_args=["-O2"]),
        Extension("cgt.games.grid._clobber", ["games/grid/_clobber.c"], optional=True,
                  depends=[BOARD_SEARCH], extra_compile_args=["-O2"]),
    ],
)
