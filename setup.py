"""Build the optional compiled kernel ``cgt._kernel`` (issue 18 step 3); the rest is in pyproject.toml.

``optional=True``: without a C compiler the install still succeeds and cgt runs on its pure-Python kernel
(``cgt.kernel_info()`` says which kernel is active).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("cgt._kernel", ["cgt/_kernel.c"], optional=True, extra_compile_args=["-O2"])])
