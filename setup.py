"""Build of the optional compiled parts (the metadata lives in pyproject.toml).

``cgt._thermo`` (thermograph walls in exact machine dyadics, issue 18) is optional: without a C compiler the
install still succeeds and :mod:`cgt.thermograph` runs its pure-Python route (as it does with ``CGT_PURE=1``).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "cgt._thermo",
            ["cgt/_thermo.c"],
            optional=True,
            # Exactness relies on one IEEE rounding per operation (see cgt/_thermo.c): no fused multiply-add.
            extra_compile_args=["-O2", "-ffp-contract=off"],
        ),
    ],
)
