"""The runtime every long computation uses: limits and memory caps, interrupts, progress bars, argument
validation, deep recursion without ``RecursionError``, and the loader of the compiled parts (docs/runtime.md).
"""
