"""Build of the optional compiled parts (the metadata lives in pyproject.toml).

Both extensions are optional: without a C compiler the install still succeeds and cgt runs its pure-Python
code (as it does with ``CGT_PURE=1``; ``cgt.kernel_info()`` says which kernel is active).

* ``cgt.kernel._kernel`` -- the compiled kernel of ``cgt.Game`` (order, sums, canonical form; issue 18 step 3);
* ``cgt.thermo._thermo`` -- thermograph walls in exact machine dyadics (issue 18);
* ``cgt.games.grid._domineering`` -- the byte-board Domineering search (issue 18; the Python solver in
  ``games/grid/domineering.py`` is the reference).
"""

from setuptools import Extension, setup

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
        Extension("cgt.games.grid._domineering", ["games/grid/_domineering.c"], optional=True, extra_compile_args=["-O2"]),
    ],
)
