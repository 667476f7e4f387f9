"""Bit matrices for evaluating a propositional network on many states at once (bit slicing).

A batch of states is a matrix of bits: one row per state, one column per proposition.  Stored by rows
(``rows``: a ``uint8`` array of shape ``(n, width)``, bit ``j`` of a row is bit ``j % 8`` of byte ``j // 8``)
it is what the state table keeps; stored by columns, each proposition is one Python ``int`` whose bit ``i``
is its value in state ``i``, so that one ``&``, ``|`` or ``^`` evaluates a gate of the network for the
whole batch -- the *bit-sliced* simulation of logic circuits.  Converting between the two is a transpose of
a bit matrix, done on 8x8 blocks held in 64-bit words with the three-step exchange of Hacker's Delight
(Warren, section 7-3), for all blocks at once with numpy.

>>> import numpy as np
>>> rows = np.array([[0b101], [0b011], [0b000]], dtype=np.uint8)     # 3 states, propositions 0..2
>>> [bin(c) for c in rows_to_columns(rows)[:3]]      # proposition j: which states have it
['0b11', '0b10', '0b1']
>>> columns_to_rows(rows_to_columns(rows)[:3], 3).tolist()
[[5], [3], [0]]
"""

from __future__ import annotations

import numpy as np

__all__ = ["transpose_bits", "rows_to_columns", "columns_to_rows", "columns_to_bools", "run_columns",
           "unpack_rows", "pack_rows"]

_M1, _M2, _M3 = np.uint64(0x00AA00AA00AA00AA), np.uint64(0x0000CCCC0000CCCC), np.uint64(0x00000000F0F0F0F0)
_S1, _S2, _S3 = np.uint64(7), np.uint64(14), np.uint64(28)


def transpose_bits(a: np.ndarray) -> np.ndarray:
    """The transpose of the bit matrix ``a`` (``uint8``, shape ``(8 * g, c)``: ``8g`` rows of ``8c`` bits,
    little-endian in each byte): a ``uint8`` array of shape ``(8 * c, g)``.

    >>> a = np.zeros((8, 1), dtype=np.uint8); a[2, 0] = 0b10000        # bit (2, 4)
    >>> out = transpose_bits(a); out.shape, np.argwhere(np.unpackbits(out, axis=1, bitorder="little")).tolist()
    ((8, 1), [[4, 2]])
    """
    rows, cols = a.shape
    g = rows // 8
    if not rows or not cols:
        return np.zeros((8 * cols, g), dtype=np.uint8)
    x = np.ascontiguousarray(a.reshape(g, 8, cols).transpose(0, 2, 1)).view(np.uint64).reshape(g, cols)
    t = (x ^ (x >> _S1)) & _M1
    x = x ^ t ^ (t << _S1)
    t = (x ^ (x >> _S2)) & _M2
    x = x ^ t ^ (t << _S2)
    t = (x ^ (x >> _S3)) & _M3
    x = x ^ t ^ (t << _S3)
    return np.ascontiguousarray(x.view(np.uint8).reshape(g, 8 * cols).T)


def _pad_rows(a: np.ndarray, multiple: int = 8) -> np.ndarray:
    extra = -len(a) % multiple
    if extra:
        a = np.concatenate([a, np.zeros((extra,) + a.shape[1:], dtype=a.dtype)])
    return a


def rows_to_columns(rows: np.ndarray) -> list[int]:
    """The columns of a row-stored bit matrix as Python ints (``8 * width`` of them; bit ``i`` = row ``i``)."""
    packed = transpose_bits(_pad_rows(rows))
    return [int.from_bytes(column, "little") for column in packed]   # one bytes per column (buffer protocol)


def columns_to_rows(columns, n: int) -> np.ndarray:
    """The row-stored bit matrix (``n`` rows) of the columns ``columns`` (ints of at most ``n`` bits)."""
    length = (n + 7) // 8
    packed = np.frombuffer(b"".join(c.to_bytes(length, "little") for c in columns), dtype=np.uint8)
    packed = _pad_rows(packed.reshape(len(columns), length))
    return transpose_bits(packed)[:n]


def columns_to_bools(columns, n: int) -> np.ndarray:
    """A boolean array of shape ``(n, len(columns))``: entry ``(i, j)`` is bit ``i`` of ``columns[j]``."""
    if not len(columns):
        return np.zeros((n, 0), dtype=bool)
    return unpack_rows(columns_to_rows(columns, n), len(columns))


def unpack_rows(rows: np.ndarray, bits: int) -> np.ndarray:
    """The first ``bits`` bits of each row, as a boolean array."""
    return np.unpackbits(rows, axis=1, count=bits, bitorder="little").view(bool)


def pack_rows(bools: np.ndarray, width: int) -> np.ndarray:
    """Rows of booleans packed into ``width`` bytes each (the inverse of :func:`unpack_rows`)."""
    out = np.packbits(bools, axis=1, bitorder="little")
    if out.shape[1] < width:
        out = np.concatenate([out, np.zeros((len(out), width - out.shape[1]), dtype=np.uint8)], axis=1)
    return np.ascontiguousarray(out)


def run_columns(values: np.ndarray) -> dict:
    """For each value ``v`` in ``values`` the int whose bit ``i`` is set when ``values[i] == v``, built from
    the runs of equal values (cheap when ``values`` is sorted).

    >>> {v: bin(c) for v, c in sorted(run_columns(np.array([2, 2, 5, 5, 5, 2])).items())}
    {2: '0b100011', 5: '0b11100'}
    """
    n = len(values)
    if not n:
        return {}
    change = np.flatnonzero(values[1:] != values[:-1]) + 1
    starts = np.concatenate([[0], change]).tolist()
    ends = np.concatenate([change, [n]]).tolist()
    columns = {}
    for start, end, value in zip(starts, ends, values[starts].tolist()):
        columns[value] = columns.get(value, 0) | ((1 << (end - start)) - 1) << start
    return columns
