"""The number tower in the shell: rationals and ``inf`` from ``/``, ``omega``/``ω``, ``^`` (power after an
operand, up where an operand starts), ordinals, surreal quotients, transfinite nimbers, §6.8 methods and
read-back of what the shell prints (CGSUITE.md §4.1–§4.3, §5.5, §6.8).

Every golden row is also checked against a slow reference: Python's ``fractions`` for rationals, and the
library's API (``cgt.omega`` arithmetic, ``cgt.transfinite.nim``) for the tower, so a row tests the
wiring (grammar, dispatch, printing) and the value at once.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import omega, omega_power
from cgt.transfinite import nim as tn
from cgt.shell import ShellError, run
from cgt.shell.limits import STRICT

W = omega

# (input, printed, slow reference value whose str() must be the printed text)
GOLDEN = [
    # CGSUITE.md §4.3: '/' on integers gives a Rational; x/0 = ±inf.
    ("5/7", "5/7", Fraction(5, 7)),
    ("6/8", "3/4", Fraction(6, 8)),
    ("-5/7", "-5/7", Fraction(-5, 7)),
    ("3/0", "inf", cgt.inf),
    ("-3/0", "-inf", -cgt.inf),
    ("1/0 + 1", "inf", cgt.inf + 1),
    ("inf", "inf", cgt.inf),
    ("5/7 + 2/7", "1", Fraction(1)),
    ("1/3 * 3/5", "1/5", Fraction(1, 5)),
    # '^' after an operand is exponentiation (right-assoc, tighter than unary minus: -2^2 = -4, §4.3).
    ("2 ^ 10", "1024", 2 ** 10),
    ("x := 3; x^2", "9", 9),
    ("(2/3)^-2", "9/4", Fraction(9, 4)),
    ("-(2) ^ 2", "-4", -4),
    ("- 2 ^ 2", "-4", -4),
    ("2 ^ 3 ^ 2", "512", 2 ** 9),
    # ordinals (CGSUITE.md §5.5 shapes: ω, ω^2×3+ω+5, ω^(ω+1), ω^ω^2, ω-1)
    ("omega", "ω", W),
    ("ω", "ω", W),
    ("1.OmegaPower", "ω", W),
    ("omega + 1", "ω+1", W + 1),
    ("1 + omega", "ω+1", 1 + W),
    ("omega - 1", "ω-1", W - 1),
    ("omega ^ 2 * 3 + omega + 5", "ω^2×3+ω+5", W ** 2 * 3 + W + 5),
    ("omega^(omega+1)", "ω^(ω+1)", omega_power(W + 1)),
    ("omega^omega^2", "ω^ω^2", omega_power(omega_power(2))),
    ("omega * 2", "ω×2", W * 2),
    ("3 * omega", "ω×3", W * 3),
    ("omega - omega", "0", 0),
    ("3.OmegaPower", "ω^3", omega_power(3)),
    ("omega.OmegaPower", "ω^ω", omega_power(W)),
    # surreal quotients (§5.5: num/den, each side parenthesized when it has several terms)
    ("omega / 2", "ω/2", W / 2),
    ("(omega+1)/(omega-1)", "(ω+1)/(ω-1)", (W + 1) / (W - 1)),
    ("(omega^2 - 1)/(omega - 1)", "ω+1", W + 1),
    ("omega.Reciprocal", "1/ω", 1 / W),
    # birthdays (§6.8: non-dyadic rationals have birthday ω; ONAG ch. 0: ω-1 = {0,1,2,...|ω} is born on
    # day ω+1, ω/2 = {0,1,2,...|ω,ω-1,...} on day ω×2)
    ("(1/3).Birthday", "ω", W),
    ("(5/7).Birthday", "ω", W),
    ("(3/4).Birthday", "3", 3),
    ("omega.Birthday", "ω", W),
    ("(omega-1).Birthday", "ω+1", W + 1),
    ("(omega/2).Birthday", "ω×2", W * 2),
    # quotients with non-integer denominators (sign expansions by Gonshor Thms 5.11-5.12, worked in
    # tests/transfinite/test_ordinals.py): ε = +−^ω, 2ε = +−^ω+, ε + ε² = +−^ω+−^ω
    ("(1/omega).Birthday", "ω", W),
    ("(2/omega).Birthday", "ω+1", W + 1),
    ("((omega+1)/omega^2).Birthday", "ω×2", W * 2),
    ("((omega^2+1)/omega).Birthday", "ω×2", W * 2),
    # denominators with several terms: an infinite normal form, its sign expansion an ω-sequence of reduced
    # terms (worked in tests/transfinite/test_surreal_birthdays.py): 1 + 2ε + 2ε² + ... is + then (+−^ω+)^ω
    ("((omega+1)/(omega-1)).Birthday", "ω^2", omega_power(2)),
    ("(omega^omega/(omega-1)).Birthday", "ω^(ω+2)", omega_power(W + 2)),
    ("(1/(omega^omega-omega)).Birthday", "ω^ω", omega_power(W)),
    # outcome classes: a positive number is an L position, a negative one R, a nimber *α (α > 0) N
    ("omega.OutcomeClass", "L", cgt.Outcome.L),
    ("(-omega).OutcomeClass", "R", cgt.Outcome.R),
    ("(1/3).OutcomeClass", "L", cgt.Outcome.L),
    ("(-1/3).OutcomeClass", "R", cgt.Outcome.R),
    ("(*omega).OutcomeClass", "N", cgt.Outcome.N),
    # other §6.8 members
    ("(7/2).Floor", "3", 3),
    ("(-7/2).Floor", "-4", -4),
    ("(-7/2).Ceiling", "-3", -3),
    ("((omega+1)/(omega-1)).Floor", "1", 1),            # 1 + 2ε + 2ε² + ...
    ("((omega-1)/(omega+1)).Floor", "0", 0),            # 1 - 2ε + ...
    ("(omega^2/(omega+1)).Floor", "ω-1", W - 1),        # ω - 1 + 1/(ω+1)
    ("(-1/omega).Floor", "-1", -1),
    ("(5/7).Reciprocal", "7/5", Fraction(7, 5)),
    ("(0).Reciprocal", "inf", cgt.inf),
    ("(-5/7).Abs", "5/7", Fraction(5, 7)),
    ("(-omega).Abs", "ω", W),
    ("(-5/7).Sign", "-1", -1),
    ("omega.Sign", "1", 1),
    ("(10/14).Numerator", "5", 5),
    ("(10/14).Denominator", "7", 7),
    ("(omega/2).Numerator", "ω", W),
    ("(omega/2).Denominator", "2", 2),
    ("omega.IsOrdinal", "true", True),
    ("(omega-1).IsOrdinal", "false", False),
    ("(5/7).IsDyadic", "false", False),
    ("(5/8).IsDyadic", "true", True),
    ("(5/7).Max(3/4)", "3/4", Fraction(3, 4)),
    # transfinite nimbers (§4.2: *omega; §5.5: *ω, *(ω×2), *(ω+1))
    ("*omega", "*ω", tn.transfinite_nimber(W)),
    ("*(omega+1)", "*(ω+1)", tn.transfinite_nimber(W + 1)),
    ("*(omega*2)", "*(ω×2)", tn.transfinite_nimber(W * 2)),
    ("*omega + *3", "*(ω+3)", tn.transfinite_nimber(W + 3)),
    ("*omega + *omega", "0", cgt.zero),
    ("*3", "*3", cgt.nimber(3)),
    # nim arithmetic of ordinals: ONAG ch. 6 (ω is the cube root of 2 in On₂, so ω⊗ω = ω², ω⊗ω⊗ω = 2);
    # Lenstra, "Nim multiplication" (1977): (ω^ω)^5 = 4, (ω^(ω²))^7 = ω+1.
    ("omega NimProduct omega", "ω^2", tn.nim_product(W, W)),
    ("omega.NimExp(3)", "2", tn.nim_power(W, 3)),
    ("(omega^omega).NimExp(5)", "4", tn.nim_power(omega_power(W), 5)),
    ("(omega^(omega^2)).NimExp(7)", "ω+1", tn.nim_power(omega_power(omega_power(2)), 7)),
    ("omega^2 NimProduct 3", "ω^2×3", tn.nim_product(omega_power(2), 3)),
    # κ_47 = ω^ω^13: κ_47^47 = α_47 = ω^ω^7+1 (Lenstra's table, as recalled; f(47) = 23 puts it in GF(2^5060))
    ("(omega^omega^13).NimExp(47)", "ω^ω^7+1", omega_power(omega_power(7)) + 1),
    ("(omega^omega^13).NimExp(-1) NimProduct omega^omega^13", "1", 1),
    ("3 NimSum omega", "ω+3", tn.nim_sum(3, W)),
    ("(omega*3 + 5) NimSum (omega*6 + 6)", "ω×5+3", tn.nim_sum(W * 3 + 5, W * 6 + 6)),
    ("*omega.ConwayProduct(*omega)", "*ω^2", tn.transfinite_nimber(tn.nim_product(W, W))),
    ("11 NimSum 5", "14", 14),
    ("2 NimProduct 3", "1", 1),
    # comparisons across the tower
    ("omega > 1000", "true", True),
    ("1/3 > *", "true", True),
    ("omega - 1 < omega", "true", True),
    ("1/3 == 2/6", "true", True),
    ("omega == omega", "true", True),
    ("*omega == *omega", "true", True),
    ("*omega == *(omega+1)", "false", False),
]


def _reference_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return str(value)


@pytest.mark.parametrize("source, printed, reference", [pytest.param(*row, id=row[0]) for row in GOLDEN])
def test_golden(source, printed, reference):
    assert run(source) == printed
    assert _reference_text(reference) == printed


# ------------------------------------------------------------------ '^': power or up
UPS = [
    # where an operand starts, ^ is up (CGSUITE.md §4.2): these keep their uptimal meaning
    # after a number ^ is a power (CGSUITE.md §4.3, §7.5): 2 + 3.^ is input as 2 + ^3
    ("^", "^"), ("^^*", "^^*"), ("^3", "^3"), ("^ + 1", "1^"), ("2+^3", "2^3"), ("2 + ^^", "2^^"),
    ("{^|0}", str(cgt.game([cgt.up], [cgt.zero]))), ("^ Heat 2", str(cgt.up.heat(2))), ("[^, v]", "[^,v]"), ("-1/2+v*", "-1/2v*"), ("^<2>", "^<2>"),
    ("^[2]", "^[2]"), ("x := ^; x + ^", "^^"),
]


@pytest.mark.parametrize("source, printed", [pytest.param(*row, id=row[0]) for row in UPS])
def test_up_literals_keep_working(source, printed):
    assert run(source) == printed


def test_power_and_up_side_by_side():
    # After an operand ^ raises to a power, glued or not (CGSuite §4.3: 2^10 is 1024); where an operand
    # starts it is up, so 2 + 3.^ is input as 2 + ^3 and prints 2^3 (CGSUITE.md §7.5).
    assert run("2^3") == run("2 ^ 3") == run("(2)^3") == "8"
    assert run("2+^3") == str(2 + 3 * cgt.up) == "2^3"
    assert run("x := 2; x^3 + ^") == "8^"


ERRORS = [
    ("0/0", "0/0 is undefined"),
    ("5/7 + *", "cannot add 5/7 and *: * is a short game that is not a number"),
    ("omega + ^", "cannot add ω and ^"),
    ("inf - inf", "inf - inf is undefined"),
    ("^ ^ 2", "cannot raise ^ to a power"),
    ("2 ^ (1/2)", "the exponent must be an integer"),
    ("0 ^ -1", "0 cannot be raised to a negative power"),
    ("inf.Birthday", "inf has no birthday"),
    ("(1/(omega^omega+omega+1)).Birthday", "the birthday of 1/(ω^ω+ω+1) is not implemented: the exponents of its normal form do not form one arithmetic progression"),
    ("(omega^omega/(omega-1)).Floor", "the floor of ω^ω/(ω-1) needs more than 200 terms"),
    ("*(omega^omega^omega) NimSum *1", None),
    ("(omega^omega^omega) NimProduct 2", "only defined for ordinals below ω^ω^ω"),
    ("(omega^omega^32).NimExp(139)", "the excess of 139 needs arithmetic in GF(2^15180)"),
    ("*(-1)", "non-negative"),
    ("*(1/2)", "non-negative integer"),
    ("*omega < *omega", "transfinite nimbers only compare with =="),
    ("omega * *", "cannot multiply"),
    ("2 ^ 100000000", "number too large"),
]


@pytest.mark.parametrize("source, message", [pytest.param(*row, id=row[0]) for row in ERRORS])
def test_errors_are_shell_errors(source, message):
    try:
        text = run(source)
    except ShellError as error:
        assert "\n" not in str(error)
        if message is not None:
            assert message in str(error)
        return
    assert message is None, f"{source!r} gave {text!r}"


# ------------------------------------------------------------------ properties and read-back
_small = st.integers(-6, 6)


@st.composite
def ordinals(draw):
    """Random ordinals below ω^ω^2 written as shell text, with their library value."""
    terms = draw(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 5)), max_size=3))
    text, value = "0", cgt.zero
    for a, b, c in terms:
        exponent_text = f"(omega * {a} + {b})" if a else str(b)
        text += f" + omega^{exponent_text} * {c}" if (a or b) else f" + {c}"
        value = value + omega_power(W * a + b) * c if (a or b) else value + c
    return text, value


@settings(max_examples=30, deadline=None)
@given(ordinals(), ordinals())
def test_ordinal_text_reads_back_and_adds_like_the_library(x, y):
    (tx, vx), (ty, vy) = x, y
    printed = run(f"({tx}) + ({ty})")
    assert printed == _reference_text(cgt.parse_number(str(vx + vy)))
    assert run(printed) == printed


@settings(max_examples=30, deadline=None)
@given(ordinals(), ordinals())
def test_nim_product_commutes_and_reads_back(x, y):
    (tx, vx), (ty, vy) = x, y
    printed = run(f"({tx}) NimProduct ({ty})")
    assert printed == run(f"({ty}) NimProduct ({tx})")
    assert printed == _reference_text(tn.nim_product(vx, vy))
    assert run(printed) == printed
    star = run(f"*({tx})")
    assert run(star) == star


@settings(max_examples=40, deadline=None)
@given(_small, st.integers(1, 9), _small, st.integers(0, 4))
def test_surreal_quotients_read_back(a, b, c, d):
    printed = run(f"(omega*{a} + {b}) / (omega + {c}) + {d}/{b}")
    assert run(printed) == printed


@settings(max_examples=40, deadline=None)
@given(st.integers(-50, 50), st.integers(-50, 50))
def test_rational_division_matches_fractions(p, q):
    if q == 0:
        expected = "inf" if p > 0 else "-inf" if p < 0 else None
        if expected is None:
            with pytest.raises(ShellError):
                run(f"{p}/{q}")
            return
        assert run(f"{p}/{q}") == expected
        return
    assert run(f"({p})/({q})") == _reference_text(Fraction(p, q))
    assert run(run(f"({p})/({q})")) == run(f"({p})/({q})")


TOWER_WORDS = ["omega", "ω", "inf", "*omega", "*(omega+1)", "1/3", "3/0", "0/0", "omega^2", "(omega+1)/(omega-1)",
               "*3", "^", "2", "-1", "x", "[1,2]", "\"s\"", "true", "*[2]", "*[4,2]", "{1|0}", "Kayles(3)"]
TOWER_OPS = ["+", "-", "*", "/", "^", " NimSum ", " NimProduct ", "==", "<", "%", " ConwayProduct "]
TOWER_METHODS = [".Birthday", ".OmegaPower", ".Floor", ".Reciprocal", ".NimExp(3)", ".Abs", ".Sign", ".Numerator",
                 ".IsOrdinal", ".OutcomeClass", ""]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(TOWER_WORDS), st.sampled_from(TOWER_OPS), st.sampled_from(TOWER_WORDS),
       st.sampled_from(TOWER_METHODS))
def test_tower_fuzz_gives_a_value_or_a_shell_error(a, op, b, method):
    source = f"({a}{op}{b}){method}"
    try:
        run(source, limits=STRICT)
    except ShellError:
        pass
