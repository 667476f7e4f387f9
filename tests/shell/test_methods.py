"""Shell methods and printing of CGSuite's §5-§6: golden rows with CGSuite-exact output, and the
laws behind them as properties.

Sources are named in each row: the CGSuite reference of the project (``CGSUITE.md``: §4.1 the predefined
functions, §5.3 the printing of canonical short games, §5.6 analysis objects, §5.8 sort orders, §6 the
methods), Siegel, *Combinatorial Game Theory* (CGT), Berlekamp, Conway, Guy, *Winning Ways* (WW) and
Conway, *On Numbers and Games* (ONAG).  Rows derived from a definition name it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.short.conway_product import conway_product
from cgt.short.infinitesimal import atomic_weight, far_star_weight
from cgt.short.powers import power, power_to
from cgt.notation.print_order import option_key, sorted_options
from cgt.short.compound import conjunctive_sum, selective_sum
from cgt.shell import run
from cgt.shell.errors import ShellError
from cgt.testing import games
from cgt.short.uptimal import UptimalExpansion, uptimal_expansion

GOLDEN = [
    ('{0||0|-1}', 'Tiny(1)',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('{1||1|0}', '1Tiny(1)',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('{{2|0}|0}', 'Miny(2)',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('{0||0|-{1|0}}', 'Tiny({1|0})',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('1.Tiny', 'Tiny(1)',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('2.Miny', 'Miny(2)',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('{1|0}.Tiny', 'Tiny({1|0})',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('^.Pow(2)', '^<2>',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('^.Pow(3)', '^<3>',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('^.PowTo(2)', '^[2]',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('^.PowTo(3) + *', '^[3]*',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('-(^.Pow(3))', 'v<3>',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('^.Pow(2) + *', '^<2>*',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('^.Pow(3) + *', '^<3>*',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('-(^.PowTo(2))', 'v[2]',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('^.Pow(2) + *3', '^<2>*3',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('1 + ^.Pow(2)', '1^<2>',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('{^|*}', '^[2]',
     'Siegel, Combinatorial Game Theory, II.4: ^[k] = {^[k-1]|*}, ^[k]* = {0,^[k-1]*|0}, ^<k+1> = {0|v[k]*}, ^<k+1>* = {0,*|v[k]}; CGSuite reference §5.3 rule 1'),
    ('{0|v*}', '^<2>',
     'Siegel, Combinatorial Game Theory, II.4: ^[k] = {^[k-1]|*}, ^[k]* = {0,^[k-1]*|0}, ^<k+1> = {0|v[k]*}, ^<k+1>* = {0,*|v[k]}; CGSuite reference §5.3 rule 1'),
    ('{0,^*|0}', '^[2]*',
     'Siegel, Combinatorial Game Theory, II.4: ^[k] = {^[k-1]|*}, ^[k]* = {0,^[k-1]*|0}, ^<k+1> = {0|v[k]*}, ^<k+1>* = {0,*|v[k]}; CGSuite reference §5.3 rule 1'),
    ('{0,*|v}', '^<2>*',
     'Siegel, Combinatorial Game Theory, II.4: ^[k] = {^[k-1]|*}, ^[k]* = {0,^[k-1]*|0}, ^<k+1> = {0|v[k]*}, ^<k+1>* = {0,*|v[k]}; CGSuite reference §5.3 rule 1'),
    ('^.UptimalExpansion', '0.1',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('(^ + *).UptimalExpansion', '*.1',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('(1/2 + ^^).UptimalExpansion', '1/2.2',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('(^ - ^.Pow(2)).UptimalExpansion', '0.11-',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('0.UptimalExpansion', '0.0',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('*.UptimalExpansion', '*.0',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('3.UptimalExpansion', '3.0',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('^.PowTo(3).UptimalExpansion', '0.111',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('^.Pow(3).UptimalExpansion', '0.001',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('(2 + vv + *3).UptimalExpansion', '2*3.2-',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
    ('^.Pow(4).IsUptimal', 'true',
     'Siegel, Combinatorial Game Theory, II.4: ^<n> and ^[n] are uptimals, {1|0} and Tiny(1) are not'),
    ('{^|*}.IsUptimal', 'true',
     'Siegel, Combinatorial Game Theory, II.4: ^<n> and ^[n] are uptimals, {1|0} and Tiny(1) are not'),
    ('{1|0}.IsUptimal', 'false',
     'Siegel, Combinatorial Game Theory, II.4: ^<n> and ^[n] are uptimals, {1|0} and Tiny(1) are not'),
    ('{0||0|-1}.IsUptimal', 'false',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('{*, 1, ^, -1/2}', '{-1/2,1,*,^}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{^*, *2, ^, 0}', '{0,*2,^,^*}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{^^, ^, v}', '{v,^,^^}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{^.Pow(2), ^}', '{^<2>,^}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{1 + *, ^}', '{^,1*}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{{1|0}, ^, 5}', '{5,^,{1|0}}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{{2|1}, {1|0}}', '{{1|0},{2|1}}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{{1|0}, {1|-1}}', '{+-1,{1|0}}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{^.Pow(n) for n from 1 to 3}', '{^<3>,^<2>,^}',
     'CGSuite reference §5.8: set elements sorted numbers first, then nimbers, then other uptimals by number part, coefficients and nimber part, then other games by their sorted Left then Right options'),
    ('{1|0}.IsOddTempered', 'true',
     "Siegel, Combinatorial Game Theory, II.6 (even-/odd-tempered: numbers are even-tempered; a switch's and *'s options are numbers)"),
    ('{1|0}.IsEvenTempered', 'false',
     "Siegel, Combinatorial Game Theory, II.6 (even-/odd-tempered: numbers are even-tempered; a switch's and *'s options are numbers)"),
    ('*.IsEvenTempered', 'false',
     "Siegel, Combinatorial Game Theory, II.6 (even-/odd-tempered: numbers are even-tempered; a switch's and *'s options are numbers)"),
    ('(1/2).IsEvenTempered', 'true',
     "Siegel, Combinatorial Game Theory, II.6 (even-/odd-tempered: numbers are even-tempered; a switch's and *'s options are numbers)"),
    ('^.IsNumberish', 'true',
     'CGSuite reference §6.4 (IsNumberish: infinitesimally close to a number; IsNumberTiny: a number plus a tiny or miny)'),
    ('{1|0}.IsNumberish', 'false',
     'CGSuite reference §6.4 (IsNumberish: infinitesimally close to a number; IsNumberTiny: a number plus a tiny or miny)'),
    ('(1/2).IsNumberish', 'true',
     'CGSuite reference §6.4 (IsNumberish: infinitesimally close to a number; IsNumberTiny: a number plus a tiny or miny)'),
    ('{0||0|-1}.IsNumberTiny', 'true',
     'CGSuite reference §4.1 (Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}) and §5.3 rule 3 (the shapes xTiny(d), Miny(d))'),
    ('(3 + {0||0|-1}).IsNumberTiny', 'true',
     'CGSuite reference §6.4 (IsNumberish: infinitesimally close to a number; IsNumberTiny: a number plus a tiny or miny)'),
    ('^.IsNumberTiny', 'false',
     'CGSuite reference §6.4 (IsNumberish: infinitesimally close to a number; IsNumberTiny: a number plus a tiny or miny)'),
    ('0.IsIdempotent', 'true',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('*.IsIdempotent', 'false',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('3.IsOrdinal', 'true',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('(-1).IsOrdinal', 'false',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('(1/2).IsOrdinal', 'false',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('*.IsOrdinal', 'false',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('0.IsZero', 'true',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('*.IsZero', 'false',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('(^ + v).IsZero', 'true',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('0.IsEven', 'true',
     'Conway, On Numbers and Games: the parity of integers (0 and 2 even, 3 odd)'),
    ('2.IsEven', 'true',
     'Conway, On Numbers and Games: the parity of integers (0 and 2 even, 3 odd)'),
    ('3.IsOdd', 'true',
     'Conway, On Numbers and Games: the parity of integers (0 and 2 even, 3 odd)'),
    ('(1/2).IsPseudonumber', 'true',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('*.IsPseudonumber', 'false',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('{1|0}.IsStopper', 'true',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('{1|0}.IsLoopfree', 'true',
     'CGSuite reference §6.4 and §6.8 (short games: only 0 is idempotent; the ordinals are 0, 1, 2, ...; the pseudonumbers among short games are the numbers; short games are loopfree stoppers)'),
    ('(1/2).Freeze', '1/2',
     'CGSuite reference §6.7: a number or an uptimal is its own Freeze; Winning Ways ch. 6: {4|2} freezes to 3*'),
    ('^.Pow(2).Freeze', '^<2>',
     'CGSuite reference §6.7: a number or an uptimal is its own Freeze; Winning Ways ch. 6: {4|2} freezes to 3*'),
    ('{4|2}.Freeze', '3*',
     'CGSuite reference §6.7: a number or an uptimal is its own Freeze; Winning Ways ch. 6: {4|2} freezes to 3*'),
    ('5.Companion', '5',
     "CGSuite's Companion (numbers other than 0 are fixed, 0 <-> *, ^ <-> ^*) and ReducedCanonicalForm (Siegel, Combinatorial Game Theory, II.6: numberish games reduce to their number)"),
    ('(3/4).Companion', '3/4',
     "CGSuite's Companion (numbers other than 0 are fixed, 0 <-> *, ^ <-> ^*) and ReducedCanonicalForm (Siegel, Combinatorial Game Theory, II.6: numberish games reduce to their number)"),
    ('0.Companion', '*',
     "CGSuite's Companion (numbers other than 0 are fixed, 0 <-> *, ^ <-> ^*) and ReducedCanonicalForm (Siegel, Combinatorial Game Theory, II.6: numberish games reduce to their number)"),
    ('^.Companion', '^*',
     "CGSuite's Companion (numbers other than 0 are fixed, 0 <-> *, ^ <-> ^*) and ReducedCanonicalForm (Siegel, Combinatorial Game Theory, II.6: numberish games reduce to their number)"),
    ('1000000.ReducedCanonicalForm', '1000000',
     "CGSuite's Companion (numbers other than 0 are fixed, 0 <-> *, ^ <-> ^*) and ReducedCanonicalForm (Siegel, Combinatorial Game Theory, II.6: numberish games reduce to their number)"),
    ('(5 + ^).ReducedCanonicalForm', '5',
     "CGSuite's Companion (numbers other than 0 are fixed, 0 <-> *, ^ <-> ^*) and ReducedCanonicalForm (Siegel, Combinatorial Game Theory, II.6: numberish games reduce to their number)"),
    ('{2|1}.Incentives', '{{1|0}}',
     'Winning Ways ch. 4/6 and Siegel, Combinatorial Game Theory, II.5: incentives G^L - G and G - G^R; CGSuite gives them as sets, Incentives without dominated ones'),
    ('{1|-1}.Incentives', '{{2|0}}',
     'Winning Ways ch. 4/6 and Siegel, Combinatorial Game Theory, II.5: incentives G^L - G and G - G^R; CGSuite gives them as sets, Incentives without dominated ones'),
    ('^.Incentives', '{^*}',
     'Winning Ways ch. 4/6 and Siegel, Combinatorial Game Theory, II.5: incentives G^L - G and G - G^R; CGSuite gives them as sets, Incentives without dominated ones'),
    ('^.LeftIncentives', '{v}',
     'Winning Ways ch. 4/6 and Siegel, Combinatorial Game Theory, II.5: incentives G^L - G and G - G^R; CGSuite gives them as sets, Incentives without dominated ones'),
    ('^.RightIncentives', '{^*}',
     'Winning Ways ch. 4/6 and Siegel, Combinatorial Game Theory, II.5: incentives G^L - G and G - G^R; CGSuite gives them as sets, Incentives without dominated ones'),
    ('3.LeftIncentives', '{-1}',
     'Winning Ways ch. 4/6 and Siegel, Combinatorial Game Theory, II.5: incentives G^L - G and G - G^R; CGSuite gives them as sets, Incentives without dominated ones'),
    ('3.RightIncentives', '{}',
     'Winning Ways ch. 4/6 and Siegel, Combinatorial Game Theory, II.5: incentives G^L - G and G - G^R; CGSuite gives them as sets, Incentives without dominated ones'),
    ('{1|0}.Thermograph', 'Thermograph(1/2,[1/2],[0,-1],1/2,[1/2],[0,1])',
     'Winning Ways ch. 6 (thermographs); CGSuite reference §5.6: each wall mast,[critical temperatures],[s0 = mast slope, slopes]'),
    ('{4|2}.Thermograph', 'Thermograph(3,[1],[0,-1],3,[1],[0,1])',
     'Winning Ways ch. 6 (thermographs); CGSuite reference §5.6: each wall mast,[critical temperatures],[s0 = mast slope, slopes]'),
    ('5.Thermograph', 'Thermograph(5,[],[0],5,[],[0])',
     'Winning Ways ch. 6 (thermographs); CGSuite reference §5.6: each wall mast,[critical temperatures],[s0 = mast slope, slopes]'),
    ('*.Thermograph', 'Thermograph(0,[0],[0,-1],0,[0],[0,1])',
     'Winning Ways ch. 6 (thermographs); CGSuite reference §5.6: each wall mast,[critical temperatures],[s0 = mast slope, slopes]'),
    ('{1|0}.Thermograph.Wall(Left)', 'Trajectory(1/2,[1/2],[0,-1])',
     'Winning Ways ch. 6 (thermographs); CGSuite reference §5.6: each wall mast,[critical temperatures],[s0 = mast slope, slopes]'),
    ('{1|0}.Thermograph.Wall(Right)', 'Trajectory(1/2,[1/2],[0,1])',
     'Winning Ways ch. 6 (thermographs); CGSuite reference §5.6: each wall mast,[critical temperatures],[s0 = mast slope, slopes]'),
    ('*3.Class', '⟪game.Nimber⟫',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('*3.Class.Name', '"Nimber"',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('*3.Class.QualifiedName', '"game.Nimber"',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('[3.Class.Ordinal == Integer.Ordinal, Integer.Ordinal == Nimber.Ordinal, Domineering("..").Class.Ordinal == Domineering("...").Class.Ordinal]',
     '[true,false,true]',
     "CGSuite reference §6.11: Class.Ordinal, a number per class (unstable: it follows the order classes are loaded)"),
    ('3.Class', '⟪game.Integer⟫',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('(1/2).Class', '⟪game.DyadicRational⟫',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('(1/3).Class', '⟪game.Rational⟫',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('^.Class', '⟪game.Uptimal⟫',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('{1|0}.Class', '⟪game.CanonicalShortGame⟫',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('7.Div(2)', '3',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('(-7).Div(2)', '-3',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('12.Gcd(18)', '6',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('99.Isqrt', '9',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('100.Isqrt', '10',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('1024.Lb', '10',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('1023.Lb', '9',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('5.IsEvil', 'true',
     'Winning Ways ch. 14: evil numbers have an even number of binary 1s (0, 3, 5, 6, ...), odious ones an odd number'),
    ('7.IsOdious', 'true',
     'Winning Ways ch. 14: evil numbers have an even number of binary 1s (0, 3, 5, 6, ...), odious ones an odd number'),
    ('6.IsOdious', 'false',
     'Winning Ways ch. 14: evil numbers have an even number of binary 1s (0, 3, 5, 6, ...), odious ones an odd number'),
    ('64.IsTwoPower', 'true',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('12.IsTwoPower', 'false',
     'Siegel, Combinatorial Game Theory, II.4 (^<n> = ^.Pow(n), ^[n] = ^.PowTo(n)); CGSuite reference §5.3 rule 1 shapes (^<3>*, v[2], *m after the arrow)'),
    ('2147483647.IsSmallInteger', 'true',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('2147483648.IsSmallInteger', 'false',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('2.NimInverse', '3',
     'Conway, On Numbers and Games, ch. 6: *2 x *2 = *3, *2 x *3 = *1, so 2 and 3 are nim-inverse'),
    ('3.NimInverse', '2',
     'Conway, On Numbers and Games, ch. 6: *2 x *2 = *3, *2 x *3 = *1, so 2 and 3 are nim-inverse'),
    ('1.NimDiv(2)', '3',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('(7/2).Floor', '3',
     'CGSuite reference §6.8 (Rational: Floor, Ceiling, IsDyadic, Reciprocal, Max, Min)'),
    ('(7/2).Ceiling', '4',
     'CGSuite reference §6.8 (Rational: Floor, Ceiling, IsDyadic, Reciprocal, Max, Min)'),
    ('(-7/2).Floor', '-4',
     'CGSuite reference §6.8 (Rational: Floor, Ceiling, IsDyadic, Reciprocal, Max, Min)'),
    ('(3/4).IsDyadic', 'true',
     'CGSuite reference §6.8 (Rational: Floor, Ceiling, IsDyadic, Reciprocal, Max, Min)'),
    ('(1/3).IsDyadic', 'false',
     'CGSuite reference §6.8 (Rational: Floor, Ceiling, IsDyadic, Reciprocal, Max, Min)'),
    ('(3/4).Reciprocal', '4/3',
     'CGSuite reference §6.8 (Rational: Floor, Ceiling, IsDyadic, Reciprocal, Max, Min)'),
    ('3.Max(5)', '5',
     'CGSuite reference §6.8 (Rational: Floor, Ceiling, IsDyadic, Reciprocal, Max, Min)'),
    ('(1/3).Min(1/4)', '1/4',
     'CGSuite reference §6.8 (Rational: Floor, Ceiling, IsDyadic, Reciprocal, Max, Min)'),
    ('[n.IsEvil for n from 0 to 7]', '[true,false,false,true,false,true,true,false]',
     'Winning Ways ch. 14: evil numbers have an even number of binary 1s (0, 3, 5, 6, ...), odious ones an odd number'),
    ('[n.Lb for n from 1 to 8]', '[0,1,1,2,2,2,2,3]',
     'CGSuite reference §6.8 (Integer: Div truncates toward 0, Isqrt = floor sqrt, Lb = floor log2, IsSmallInteger = 32-bit)'),
    ('[^.Pow(n) for n from 1 to 3]', '[^,^<2>,^<3>]',
     'Siegel, Combinatorial Game Theory, II.4 (^<1> = ^) and CGSuite reference §5.3'),
    ('*2.ConwayProduct(*3)', '*',
     'Conway, On Numbers and Games, ch. 6: *2 x *2 = *3, *2 x *3 = *1, so 2 and 3 are nim-inverse'),
    ('*2.ConwayProduct(*2)', '*3',
     'Conway, On Numbers and Games, ch. 6: *2 x *2 = *3, *2 x *3 = *1, so 2 and 3 are nim-inverse'),
    ('(3/4).ConwayProduct(2)', '3/2',
     'Conway, On Numbers and Games, ch. 1: the product of numbers; G.1 = G and G.(-1) = -G by the defining formula'),
    ('(1/2).ConwayProduct(1/2)', '1/4',
     'Conway, On Numbers and Games, ch. 1: the product of numbers; G.1 = G and G.(-1) = -G by the defining formula'),
    ('^.ConwayProduct(1)', '^',
     'Conway, On Numbers and Games, ch. 1: the product of numbers; G.1 = G and G.(-1) = -G by the defining formula'),
    ('{1|0}.ConwayProduct(-1)', '{0|-1}',
     'Conway, On Numbers and Games, ch. 1: the product of numbers; G.1 = G and G.(-1) = -G by the defining formula'),
    ('2.NortonProduct(^)', '^^',
     'Winning Ways ch. 8 / Siegel, Combinatorial Game Theory, II.7: Norton multiplication, 2.^ = ^^ and *.^ = +-(^^*)'),
    ('*.NortonProduct(^)', '+-(^^*)',
     'Winning Ways ch. 8 / Siegel, Combinatorial Game Theory, II.7: Norton multiplication, 2.^ = ^^ and *.^ = +-(^^*)'),
    ('(1/2).Subordinate(1)', '-1',
     'Winning Ways ch. 7 / Conway, On Numbers and Games: ordinal sums 1:-1 = 1/2, *:* = *2, 1:* = 1*'),
    ('*2.Subordinate(*)', '*',
     'Winning Ways ch. 7 / Conway, On Numbers and Games: ordinal sums 1:-1 = 1/2, *:* = *2, 1:* = 1*'),
    ('(1 + *).Subordinate(1)', '*',
     'Winning Ways ch. 7 / Conway, On Numbers and Games: ordinal sums 1:-1 = 1/2, *:* = *2, 1:* = 1*'),
    ('{1|0} ConjunctiveSum *', '{1|0} ConjunctiveSum *',
     'Winning Ways ch. 9 / On Numbers and Games ch. 14: conjunctive sum {G^L ^ H^L | G^R ^ H^R} (2 ^ * = {0|} = 1), selective sum * v * = {0,*|0,*}; CGSuite reference §5.2 (compound text)'),
    ('(2 ConjunctiveSum *).CanonicalForm', '1',
     'Winning Ways ch. 9 / On Numbers and Games ch. 14: conjunctive sum {G^L ^ H^L | G^R ^ H^R} (2 ^ * = {0|} = 1), selective sum * v * = {0,*|0,*}; CGSuite reference §5.2 (compound text)'),
    ('(* SelectiveSum *).CanonicalForm', '*2',
     'Winning Ways ch. 9 / On Numbers and Games ch. 14: conjunctive sum {G^L ^ H^L | G^R ^ H^R} (2 ^ * = {0|} = 1), selective sum * v * = {0,*|0,*}; CGSuite reference §5.2 (compound text)'),
    ('{2|1}.FollowerCount', '4',
     'CGSuite reference §6.2: FollowerCount counts the distinct followers, the game included'),
    ('*3.FollowerCount', '4',
     'CGSuite reference §6.2: FollowerCount counts the distinct followers, the game included'),
    ('{3|1}.Stop(Left)', '3',
     'Siegel, Combinatorial Game Theory, II.3: the stops of {3|1} are 3 and 1'),
    ('{3|1}.Stop(Right)', '1',
     'Siegel, Combinatorial Game Theory, II.3: the stops of {3|1} are 3 and 1'),
    ('^.AtomicWeight', '1',
     'Winning Ways ch. 8 / Siegel, Combinatorial Game Theory, II.7: aw(^) = 1, aw(^^*) = 2, aw(^<2>) = 0; hot games are not atomic'),
    ('(^^*).AtomicWeight', '2',
     'Winning Ways ch. 8 / Siegel, Combinatorial Game Theory, II.7: aw(^) = 1, aw(^^*) = 2, aw(^<2>) = 0; hot games are not atomic'),
    ('^.Pow(2).AtomicWeight', '0',
     'Winning Ways ch. 8 / Siegel, Combinatorial Game Theory, II.7: aw(^) = 1, aw(^^*) = 2, aw(^<2>) = 0; hot games are not atomic'),
    ('{1|0}.IsAtomic', 'false',
     'Winning Ways ch. 8 / Siegel, Combinatorial Game Theory, II.7: aw(^) = 1, aw(^^*) = 2, aw(^<2>) = 0; hot games are not atomic'),
    ('*.MisereOutcomeClass', 'P',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('0.MisereOutcomeClass', 'N',
     'CGSuite reference §5.1 (classes print as ⟪qualified.Name⟫, e.g. ⟪game.Nimber⟫) and §6.8/§6.11 (class names, Name, QualifiedName)'),
    ('g := ^.Pow(2); g.UptimalExpansion', '0.01',
     'CGSuite reference §5.6 (UptimalExpansion text); Siegel, Combinatorial Game Theory, II.4 (uptimals)'),
]


@pytest.mark.parametrize("program, expected, source", GOLDEN, ids=[r[0] for r in GOLDEN])
def test_golden(program, expected, source):
    assert run(program) == expected


def test_golden_table_is_large_and_sourced():
    assert len(GOLDEN) >= 80
    assert all(source for _, _, source in GOLDEN)
    assert len({p for p, _, _ in GOLDEN}) == len(GOLDEN)


# ---------------------------------------------------------------- uptimal expansions

expansions = st.builds(
    lambda x, coefficients, m: UptimalExpansion(x, _trim(coefficients), m),
    st.sampled_from([Fraction(0), Fraction(1), Fraction(-1, 2), Fraction(3, 4)]),
    st.lists(st.integers(-2, 2), max_size=3),
    st.integers(0, 3),
)


def _trim(coefficients):
    coefficients = list(coefficients)
    while coefficients and coefficients[-1] == 0:
        coefficients.pop()
    return tuple(coefficients)


@settings(max_examples=25, deadline=None)
@given(expansions)
def test_expansion_round_trip(e):
    """The value built from an expansion has that expansion (uniqueness of uptimal expansions)."""
    g = e.game
    assert uptimal_expansion(g) == e
    assert g.is_uptimal


@settings(max_examples=25, deadline=None)
@given(expansions)
def test_options_of_uptimals_are_uptimals(e):
    """What cgt.short.uptimal relies on: canonical options of uptimals are uptimals, at most one term longer and
    one larger in each coefficient and the nimber part."""
    g = e.game
    if g.is_number:
        return
    options = [uptimal_expansion(o) for o in g.left_options + g.right_options]
    assert all(o is not None for o in options)
    # the bounds cgt.short.uptimal's search uses
    assert e.length <= max(o.length for o in options) + 2
    assert max(map(abs, e.coefficients), default=0) <= max(abs(a) for o in options for a in o.coefficients or (0,)) + 2
    assert e.nimber < 2 * max(o.nimber for o in options) + 4


@settings(max_examples=40, deadline=None)
@given(games(max_birthday=3))
def test_expansion_agrees_with_the_value(g):
    e = uptimal_expansion(g)
    if e is not None:
        assert e.game is g
        assert g.left_stop == g.right_stop == e.number


# ---------------------------------------------------------------- CGSuite's order (§5.8)

@settings(max_examples=40, deadline=None)
@given(st.lists(games(max_birthday=3), max_size=6))
def test_order_is_total_and_extends_the_number_order(items):
    ordered = sorted_options(items)
    assert list(sorted_options(reversed(ordered))) == list(ordered)
    numbers = [g for g in ordered if g.is_number]
    assert numbers == sorted(numbers, key=lambda g: g.number)
    kinds = [option_key(g)[0] for g in ordered]
    assert kinds == sorted(kinds)        # numbers, nimbers, uptimals, then the rest


def test_printed_sets_do_not_depend_on_the_order_written():
    assert run("{{1|0}, ^*, *2, -1, ^<2> + 0}") == run("{^.Pow(2), -1, *2, ^*, {1|0}}") == "{-1,*2,^<2>,^*,{1|0}}"


# ---------------------------------------------------------------- products, powers, compounds

@settings(max_examples=30, deadline=None)
@given(st.integers(-6, 6), st.integers(0, 3), st.integers(-6, 6), st.integers(0, 3))
def test_conway_product_of_numbers_is_the_product(a, i, b, j):
    x, y = Fraction(a, 2 ** i), Fraction(b, 2 ** j)
    assert conway_product(cgt.as_game(x), cgt.as_game(y)) is cgt.as_game(x * y)


@settings(max_examples=30, deadline=None)
@given(games(max_birthday=2), games(max_birthday=2))
def test_conway_product_is_commutative_and_has_unit_one(g, h):
    assert conway_product(g, h) is conway_product(h, g)
    assert conway_product(g, cgt.integer(1)) is g
    assert conway_product(g, cgt.integer(-1)) is -g


def test_conway_product_of_nimbers_by_the_formula_is_the_nim_product():
    from cgt.runtime.walk import bottom_up
    from cgt.short.conway_product import _children, _compute, _products

    for a in range(6):
        for b in range(6):
            by_formula = bottom_up((cgt.nimber(a), cgt.nimber(b)), _children, _compute, _products)
            assert by_formula is cgt.nimber(cgt.impartial.nimarith.nim_product(a, b))


def test_powers_of_up_by_the_general_construction_are_the_closed_forms():
    from cgt.short.powers import _powers

    for k, (nth, cumulative) in enumerate(_powers(cgt.up, 6), start=1):
        assert nth is cgt.up_nth(k) and cumulative is cgt.up_cumulative(k)


@pytest.mark.parametrize("base", ["{0|-1}", "{0|*2}", "{0|{0|-2}}"])
def test_pow_to_is_the_sum_of_the_powers(base):
    g = cgt.game(base)
    assert power_to(g, 4) is power(g, 1) + power(g, 2) + power(g, 3) + power(g, 4)


@settings(max_examples=25, deadline=None)
@given(games(max_birthday=2), games(max_birthday=2))
def test_compounds_are_commutative(g, h):
    assert conjunctive_sum(g, h).canonical_form is conjunctive_sum(h, g).canonical_form
    assert selective_sum(g, h).canonical_form is selective_sum(h, g).canonical_form
    assert conjunctive_sum(g, cgt.zero).canonical_form is cgt.zero      # play ends with the first component
    assert selective_sum(g, cgt.zero).canonical_form is g                # moving in 0 is impossible


def test_impartial_selective_sums_are_nimbers():
    for a in range(4):
        for b in range(4):
            assert selective_sum(cgt.nimber(a), cgt.nimber(b)).canonical_form.is_nimber


# ---------------------------------------------------------------- atomic weights

def test_far_star_test_agrees_with_the_calculus_on_all_small_games_born_by_day_3():
    checked = 0
    for g in cgt.born_by(3):
        if g.is_all_small:
            weight = atomic_weight(g)
            if weight.is_integer:
                assert far_star_weight(g) is weight
                checked += 1
    assert checked == 67


# ---------------------------------------------------------------- integers

@settings(max_examples=30, deadline=None)
@given(st.integers(-10 ** 6, 10 ** 6), st.integers(-1000, 1000).filter(bool))
def test_div_truncates_toward_zero(a, b):
    q = int(run(f"({a}).Div({b})"))
    assert abs(q) == abs(a) // abs(b) and (q == 0 or (q > 0) == ((a > 0) == (b > 0)))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_evil_and_odious_split_the_naturals(n):
    evil, odious = run(f"{n}.IsEvil"), run(f"{n}.IsOdious")
    assert {evil, odious} == {"true", "false"}
    assert (evil == "true") == (bin(n).count("1") % 2 == 0)


@pytest.mark.parametrize("program, message", [
    ("0.Lb", "Lb needs a positive integer, got 0"),
    ("(-4).Isqrt", "Isqrt needs a non-negative integer, got -4"),
    ("7.Div(0)", "Div by zero"),
    ("0.NimInverse", "0"),
    ("{1|0}.UptimalExpansion", "{1|0} is not an uptimal"),
    ("{1|-1}.Pow(2)", "powers are defined for games of the form {0|H}, and +-1 is not one"),
    ("^.Pow(0)", "Pow needs a positive integer exponent, got 0"),
    ("{1|0}.Subordinate(3)", "{1|0} is not an ordinal sum 3 : H"),
    ("{1|0}.AtomicWeight", "{1|0} is not atomic: no atomic weight passes the far-star test"),
])
def test_bad_arguments_are_one_line_errors(program, message):
    from cgt.shell import ShellError

    with pytest.raises(ShellError) as info:
        run(program)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_thermograph_text_has_one_more_slope_than_critical_temperatures():
    import re

    for g in cgt.born_by(2):
        text = str(g.thermograph())
        walls = re.findall(r"(-?[\d/]+),\[([^\]]*)\],\[([^\]]*)\]", text)
        assert len(walls) == 2
        for _, temps, slopes in walls:
            count = len(temps.split(",")) if temps else 0
            assert len(slopes.split(",")) == count + 1 and slopes.split(",")[0] == "0"


def test_thermograph_plot_writes_png_files(tmp_path, monkeypatch):
    """``T.Plot`` draws the thermograph into a PNG (CGSuite draws it in its window); the shell has no
    window, so the picture goes to a file whose name is printed, never over an existing one."""
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    assert run("{3||2|1}.Thermograph.Plot") == "thermograph drawn in thermograph.png"
    assert run("{3||2|1}.Thermograph.Plot") == "thermograph drawn in thermograph-2.png"
    assert run('{4|2}.Thermograph.Plot("hot.png")') == "thermograph drawn in hot.png"
    for name in ("thermograph.png", "thermograph-2.png", "hot.png"):
        assert (tmp_path / name).read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(cgt.CGTError, match="Plot takes a file name"):
        run("{4|2}.Thermograph.Plot(3)")


@pytest.mark.parametrize("expression, expected", [
    # CGSuite's enums print their literal names; Literal and Ordinal as for Player (CGSuite's documentation
    # of cgsuite.util.Icon and game.CompoundType lists the values in this order).
    ("Icon.Blank", "Blank"),
    ("[Icon.Toad.Literal, Icon.Toad, Icon.WhiteKnight.Ordinal]", '["Toad",Toad,13]'),
    ("CompoundType.OrdinalSum", "OrdinalSum"),
    ("({1|0} ConjunctiveSum *).CompoundType == CompoundType.ConjunctiveSum", "true"),
    ("(game.heap.Nim(2) + game.heap.Nim(3)).CompoundType", "DisjunctiveSum"),
    ("Icon.Checker", None),
])
def test_builtin_enums(expression, expected):
    if expected is None:
        with pytest.raises(ShellError, match="has no member Checker"):
            run(expression)
    else:
        assert run(expression) == expected
