"""The named loopy values (Berlekamp, Conway and Guy, *Winning Ways*, ch. 11; CGSuite's
predefined ``on``, ``off``, ``over``, ``under``, ``upon`` and ``dud``).

* ``on = {pass |}`` and ``off = {| pass}``: Left (Right) can always pass;
* ``over = {0 | pass}`` and ``under = {pass | 0}``: positive (negative) infinitesimals, larger than
  every multiple of up (smaller than every multiple of down);
* ``upon = {pass | *}`` (printed ``^[on]``), the limit of ``^[n] = {^[n-1] | *}``;
* ``uponth = {0 | v[on]*}`` (printed ``^<on>``), the limit of the powers ``^<n+1> = {0 | v[n]*}``: it
  lies between 0 and every ``^<n>``;
* ``dud = on & off``: the deathless universal draw, absorbing in sums.

>>> str(on), str(off), str(over), str(under), str(upon), str(uponth), str(dud)
('on', 'off', 'over', 'under', '^[on]', '^<on>', 'dud')
>>> str(over + 2), dud + 5 == dud
('2over', True)
"""

from __future__ import annotations

from cgt.loopy.value import LoopyGame, sided

__all__ = ["on", "off", "over", "under", "upon", "uponth", "dud"]

on = LoopyGame.from_graph([[0]], [[]])
off = -on
over = LoopyGame.from_graph([[1], []], [[0], []])
under = -over
upon = LoopyGame.from_graph([[0], [2], []], [[1], [2], []])
uponth = LoopyGame.from_graph([[2], [2], []], [[1], [2, 1], []])     # node 1 = v[on]* = {0 | 0, pass}
dud = sided(on, off)
