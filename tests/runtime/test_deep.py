"""Games of birthday 2000 build, print, compare and sum without RecursionError."""

from cgt import game, integer, star, switch, up, zero
from tests.support import interrupted_by_ctrl_c


def test_integer_2000():
    g = integer(2000)
    assert str(g) == "2000" and g.birthday == 2000
    assert str(g + g) == "4000" and g < g + 1 and (g - g) is zero


def test_zero_slash_g_nested_2000_deep():
    g = zero
    for _ in range(2000):
        g = game([0], [g])
    # {0|0} = *, {0|*} = ^, {0|^} = ^^*, ...: the chain is uptimal (WW ch.3)
    assert str(g) == "^1999" and g.birthday == 2000
    assert str(g + g) == "^3998" and g > 0 and g > up


def test_general_hot_chain_2000_deep():
    g = zero
    for k in range(2000):
        g = game([k + 1], [g])  # {k+1 | G_k}: canonical, nested 2000 deep, birthday 2001
    assert g.birthday == 2001
    text = str(g)
    assert text.startswith("{2000||||1999|||1998||1997|{1996") and text.count("{") > 400
    h = g - 1
    assert g > h and g.compare(h) == ">" and str(g.outcome) == "L"
    assert (g.left_stop, g.right_stop) == (2000, 1999)
    s = g + up
    assert s.birthday == 2003 and str(s).startswith("{2000^||||1999^")
    assert (g + switch(1)) - switch(1) is g
    assert (-g).birthday == 2001 and -(-g) is g
    assert len(g.followers()) == 4001
    assert repr(g) == f"game({text!r})"
    assert (g + star).left_options[0] is integer(2000) + star


def test_birthday_and_reading_back_need_no_recursion():
    import sys

    g = zero
    for k in range(3000):
        g = game([k + 1], [g])
    text = str(-g)
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        h = game(text)                      # a canonical form read from text, braces nested 3000 deep
        assert h.birthday == 3001 and -h is g
        doubled = 300 * game([3], [game([2], [1])])     # built by the kernel: no birthday stored on the way
        assert doubled.birthday == 753
    finally:
        sys.setrecursionlimit(old_limit)


def test_ctrl_c_stops_a_deep_computation_and_its_worker_thread():
    """Ctrl-C during a computation running on the big-stack worker stops both threads."""
    import sys
    import threading

    g = zero
    for k in range(400):
        g = game([k + 1], [g])
    limit = sys.getrecursionlimit()
    # g + g is cubic in the chain length: minutes, so the interrupt lands mid-computation
    assert interrupted_by_ctrl_c(lambda: g + g, after=1.0, within=10)
    assert not any(t.name == "cgt-deep" and t.is_alive() for t in threading.enumerate())
    assert sys.getrecursionlimit() == limit
    assert str(g + 1).startswith("{401||||400")


def test_ctrl_c_while_the_worker_starts_still_stops_it(monkeypatch):
    """Ctrl-C landing inside Thread.start (worker running, not yet supervised) must not orphan the
    worker: an orphan outlives the restored recursion limit and aborts the interpreter."""
    import sys
    import threading

    import pytest

    from cgt.runtime import deep as _deep

    real_start = threading.Thread.start

    def start_then_interrupt(self):
        real_start(self)
        if self.name == "cgt-deep":
            raise KeyboardInterrupt

    monkeypatch.setattr(threading.Thread, "start", start_then_interrupt)
    limit = sys.getrecursionlimit()
    g = zero
    for k in range(400):
        g = game([k + 1], [g])
    with pytest.raises(KeyboardInterrupt):
        _deep._run_in_deep_thread(lambda: g + g, (), {})
    assert not any(t.name == "cgt-deep" and t.is_alive() for t in threading.enumerate())
    assert sys.getrecursionlimit() == limit


def test_reading_the_fields_of_a_deep_game_computes_its_stops_on_the_big_stack():
    """The compiled kernel computes stops when its fields are read; a chain nested 3000 deep whose stops were
    never asked for must not end the reading in a RecursionError."""
    from cgt.kernel.game import game_fields

    g = zero
    for k in range(3000):
        g = game([k + 2], [g])
    fields = game_fields(g)
    assert fields["id"] is not None
    if fields["ls"] is not None:                # the compiled kernel: computed by the reading
        assert (fields["ls"], fields["rs"]) == (3001, 3000)
    assert (g.left_stop, g.right_stop) == (3001, 3000)
    assert (game_fields(g)["ls"], game_fields(g)["rs"]) == (3001, 3000)
