"""The kernel: the ``Game`` type, interning, numbers and nimbers, the named constructors, outcomes and players,
and the binding of the compiled kernel (docs/kernel.md).
"""
