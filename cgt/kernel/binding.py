"""The binding of the compiled kernel: the one module that names ``cgt.kernel._kernel``.

The kernel of :class:`cgt.Game` (order, sum, canonical form, interning) exists twice: the pure-Python
reference in :mod:`cgt.kernel.game`, and its C twin ``cgt.kernel._kernel``, built by ``pip install`` when a C
compiler is there and loaded here through the one loader of compiled parts
(:func:`cgt.runtime.compiled.optional_module`: ``CGT_PURE=1`` turns it off).

* :data:`COMPILED_GAME_BASE` -- the C base class of ``Game`` (its fields and operators), or None: then ``Game``
  derives from the pure kernel's base, ``cgt.kernel.game.PureGameBase``.
* :class:`Kernel` -- the operations and tables of one kernel as one object.
* :func:`bind` -- called once, by :mod:`cgt.kernel.game` when it is imported: the active kernel, i.e. the
  compiled one bound to the ``Game`` class and to the pure functions it calls back for everything unusual,
  with its limits handed over through setters (:func:`cgt.runtime.limits.attach_kernel`); or, without the
  extension, the pure kernel itself.

>>> from cgt.kernel.game import kernel
>>> kernel.description == kernel_description()
True
"""

from __future__ import annotations

from typing import Callable

from cgt.runtime import limits
from cgt.runtime.compiled import optional_module, pure_requested
from cgt.runtime.deep import cancel_requested, deep, raise_if_cancelled

_NAME = "cgt.kernel._kernel"
_extension = optional_module(_NAME, "kernel")

#: The compiled base class of ``Game`` (fields in a C struct; ``==``, ``hash``, the order and ``+`` in C), or None
#: when the pure kernel is active.
COMPILED_GAME_BASE: type | None = None if _extension is None else _extension.GameBase


def kernel_description() -> str:
    """``'compiled (path)'`` when the C kernel is loaded, else ``'pure (why)'`` (the text of ``cgt.kernel_info()``).

    >>> kernel_description().split()[0] in ("compiled", "pure")
    True
    """
    if _extension is not None:
        return f"compiled ({_extension.__file__})"
    if pure_requested():
        return "pure (CGT_PURE is set)"
    return f"pure (the compiled kernel {_NAME} is not built)"


class Kernel:
    """The operations and tables of one kernel, as one object (the active one is ``cgt.kernel.game.kernel``).

    Algorithms (the compiled kernel's, or the pure reference's; ``cgt.kernel.game.pure_kernel()`` swaps in the
    reference's for a block):

    * ``le(g, h)`` -- ``g <= h`` for two games, memoised; ``le_deep`` is it through the deep-recursion wrapper;
    * ``add(g, h)`` -- ``g + h``, memoised; ``add_deep`` likewise;
    * ``canonical(left, right, left_split=0, right_split=0)`` -- the canonical form of ``{left | right}``;
    * ``from_options(lefts, rights)`` -- the same for two lists or tuples of games, else None (the public
      constructor's fast path);
    * ``intern_general(left, right)`` -- the interned game with these canonical options (not a closed-form
      uptimal).

    The store (always the active kernel's):

    * ``new_game(left, right, nus)`` -- a new game object with its fields initialised;
    * ``uptimal(x, u, n)`` -- the interned uptimal ``x + u.^ + *n``;
    * ``materialise(g)`` -- fill in the options of an uptimal from its closed form;
    * ``by_options``, ``by_uptimal`` -- the intern tables; ``add_memo`` -- the sums' memo;
    * ``set_sum_memo_budget(n)`` -- the sums' memo keeps at most n entries (the older half goes past it);
    * ``collect()`` -- take the games nothing refers to out of the intern tables (how many left);
      ``collect_if_due()`` runs one when enough games were made since the last; ``collect_stats()``;
    * ``memo_holders`` -- the games holding a comparison memo, oldest first (``memo_new_holder(g)`` adds one,
      once); ``memo_stored()`` counts one entry
      stored, ``memo_forget()`` drops every memo, ``set_memo_budget(n)`` and ``memo_stats()`` as in
      :mod:`cgt.runtime.limits`; ``memo_type`` is the type of a game's comparison memo;
    * ``set_max_interned`` -- the kernel's copy of the intern limit (None: the kernel reads
      :func:`cgt.runtime.limits.max_interned`);
    * ``block_stats`` -- the compiled allocator's counters (None for the pure kernel);
    * ``translate_base`` -- ``translate_base(g)``: ``(x, B)`` when the compiled kernel made g as the translate
      ``x + B`` and remembers it (its sums then work on B), else None (None for the pure kernel);
    * ``description`` -- the text of ``cgt.kernel_info()``; ``compiled`` -- whether this is the C kernel.
    """

    ALGORITHMS = ("le", "add", "canonical", "from_options", "intern_general", "le_deep", "add_deep")
    __slots__ = ALGORITHMS + ("new_game", "uptimal", "materialise", "by_options", "by_uptimal", "add_memo",
                              "memo_holders", "memo_new_holder", "collect", "collect_if_due", "collect_stats", "set_sum_memo_budget", "memo_stored", "memo_forget", "set_memo_budget", "memo_stats",
                              "memo_type", "set_max_interned", "block_stats", "translate_base", "description", "compiled")

    def __init__(self, **operations):
        missing = set(self.__slots__) - set(operations)
        if missing:
            raise TypeError(f"Kernel() needs {sorted(missing)}")
        for name, value in operations.items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        return f"<cgt kernel: {self.description}>"


def bind(game_type: type, pure: Kernel, fallbacks: dict[str, Callable]) -> Kernel:
    """The active kernel, chosen once: ``pure`` without the extension, else the compiled kernel bound to
    ``game_type`` (a subclass of :data:`COMPILED_GAME_BASE`).

    ``fallbacks`` are the pure kernel's functions the compiled one calls for everything unusual (operands that
    are ints or Fractions, number parts past machine size, the TooLargeError of a full table): ``uptimal``,
    ``uptimal_le``, ``uptimal_sum``, ``materialise``, ``fill_stops``, ``compare_other``, ``add_other``,
    ``as_number``, ``recognise_uptimal`` and ``refuse_room``.  The limits (intern limit, memo budget, the memory
    check and its cadence, the cancel flag of Ctrl-C) are handed to C through its setters.
    """
    if _extension is None:
        limits.attach_kernel(set_memo_budget=pure.set_memo_budget, memo_stats=pure.memo_stats,
                             set_sum_memo_budget=pure.set_sum_memo_budget, collect=pure.collect,
                             collect_stats=pure.collect_stats)
        return pure
    c = _extension
    le_deep, add_deep = deep(c.le), deep(c.add)
    c.bind(game_type, dict(fallbacks, le_deep=le_deep, add_deep=add_deep))
    c.set_cancel(cancel_requested, raise_if_cancelled)
    c.set_memory_check(limits.check_memory, limits.MEMORY_CHECK_EVERY)
    limits.attach_kernel(set_memo_budget=c.set_memo_budget, memo_stats=c.memo_stats,
                         set_sum_memo_budget=c.set_sum_memo_budget, collect=c.collect, collect_stats=c.collect_stats,
                         set_max_interned=c.set_max_interned)
    return Kernel(le=c.le, add=c.add, canonical=c.canonical, from_options=c.from_options, intern_general=c.intern_general, le_deep=le_deep,
                  add_deep=add_deep, new_game=c.new_game, uptimal=c.uptimal, materialise=c.materialise,
                  by_options=c.by_options, by_uptimal=c.uptimals, add_memo=c.add_memo, memo_holders=c.memo_holders,
                  memo_new_holder=c.memo_new_holder, collect=c.collect, collect_if_due=c.collect_if_due,
                  collect_stats=c.collect_stats, set_sum_memo_budget=c.set_sum_memo_budget,
                  memo_stored=c.memo_stored, memo_forget=c.memo_forget, set_memo_budget=c.set_memo_budget,
                  memo_stats=c.memo_stats, memo_type=c.LeMemo, set_max_interned=c.set_max_interned,
                  block_stats=c.block_stats, translate_base=c.translate_base, description=kernel_description(),
                  compiled=True)
