"""``Random(seed)``: the draws of CGSuite's generator, which seeds Java's ``java.util.Random`` and draws
``NextInteger(n)`` as a random ``BigInteger`` of the bit length of ``n - 1``, again while it is ``n`` or more.
The golden rows were printed by OpenJDK 17 running exactly that (``new Random(seed)``, then
``new BigInteger(b, rnd)`` until below the bound), for these seeds and the bounds 100, 2, 7, 10^21, 256, 3 in
turn."""

import pytest

from cgt.shell import run
from cgt.shell.errors import ShellError
from cgt.shell.random_values import JavaRandom

BOUNDS = [100, 2, 7, 10**21, 256, 3]
JAVA = {
    1: [88, 1, 2, 544587556002073605992, 114, 2, 58, 0, 4, 676681480929053242108, 169, 1],
    0: [96, 0, 2, 842142388161298126155, 35, 1, 47, 0, 0, 141946711395253219569, 15, 0],
    42: [53, 1, 1, 751724256951456517963, 131, 1, 62, 0, 5, 527427094038853475976, 248, 0],
    -7: [12, 1, 4, 27073444626300040626, 237, 2, 29, 1, 0, 289261860494897781743, 18, 0],
    123456789012: [29, 1, 0, 429493215379258106206, 82, 0, 65, 0, 2, 64710837213171100468, 103, 2],
}


@pytest.mark.parametrize("seed", list(JAVA))
def test_the_draws_are_javas(seed):
    r = JavaRandom(seed)
    assert [r.next_integer(BOUNDS[i % 6]) for i in range(12)] == JAVA[seed]


def test_in_the_shell():
    assert run("r := Random(42); [r.NextInteger(100), r.NextInteger(2), r.NextInteger(7)]") == "[53,1,1]"
    assert run("Random(42)") == "Random(42)"
    assert run("r := Random(3); for i from 1 to 200 where r.NextInteger(1) != 0 yield i end") == "[]"


@pytest.mark.parametrize("expression, message", [
    ("Random(1/2)", "Random: seed needs an integer, got 1/2"),
    ("Random(1).NextInteger(0)", "NextInteger: upperBound needs a positive integer, got 0"),
    ("Random()", "Random"),
])
def test_errors(expression, message):
    with pytest.raises(ShellError, match=message):
        run(expression)
