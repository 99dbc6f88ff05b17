# SPDX-License-Identifier: GPL-2.0-or-later
"""nbreport.paired: the exact sign-test interval and the estimate of
pairs needed, on values with known answers."""

import math
import unittest
from fractions import Fraction

from nbreport import paired


def exact_rank(n):
    """The sign test's k and coverage by exact rational arithmetic: the
    oracle the library's probabilities must agree with."""
    best = None
    for k in range(1, n // 2 + 1):
        below = sum(math.comb(n, i) for i in range(k))
        coverage = 1 - Fraction(2 * below, 2 ** n)
        if coverage < Fraction(95, 100):
            break
        best = (k, coverage)
    return best


def exact_tail(n, q, need):
    """P(Binomial(n, q) >= need) summed term by term."""
    return sum(math.comb(n, i) * q ** i * (1 - q) ** (n - i)
               for i in range(need, n + 1))


class SignTest(unittest.TestCase):
    def test_ranks_and_coverage(self):
        # Below 6 pairs even [x(1), x(n)] covers less than 95 %
        # (n = 5: 1 - 2/32 = 93.75 %).
        for n in range(1, 6):
            self.assertIsNone(paired.sign_test_rank(n))
        self.assertEqual(paired.sign_test_rank(6), (1, 1 - 2 / 64))
        self.assertEqual(paired.sign_test_rank(8), (1, 1 - 2 / 256))
        # n = 9: k = 2 covers 1 - 2 (1 + 9) / 512 = 96.1 %.
        self.assertEqual(paired.sign_test_rank(9), (2, 1 - 20 / 512))
        # n = 20: k = 6, the textbook value (coverage 95.9 %).
        self.assertEqual(paired.sign_test_rank(20)[0], 6)
        self.assertAlmostEqual(paired.sign_test_rank(20)[1], 0.9586, places=4)

    def test_agrees_with_exact_arithmetic(self):
        for n in range(1, 301):
            want, got = exact_rank(n), paired.sign_test_rank(n)
            if want is None:
                self.assertIsNone(got, n)
                continue
            self.assertEqual(got[0], want[0], n)
            self.assertAlmostEqual(got[1], float(want[1]), places=14)

    def test_interval(self):
        iv = paired.median_interval([1.3, 1.1, 1.2, 1.15, 1.25, 1.05, 1.4,
                                     1.22, 1.18])
        self.assertEqual((iv.n, iv.median, iv.lo, iv.hi),
                         (9, 1.2, 1.1, 1.3))
        self.assertTrue(iv.excludes_one)
        iv = paired.median_interval([0.9, 1.1, 1.0, 1.05, 0.95, 1.02])
        self.assertEqual((iv.lo, iv.hi), (0.9, 1.1))
        self.assertFalse(iv.excludes_one)
        self.assertAlmostEqual(iv.median, 1.01)

    def test_too_few_or_none(self):
        iv = paired.median_interval([1.2, 1.3])
        self.assertEqual((iv.n, iv.lo, iv.hi), (2, None, None))
        self.assertAlmostEqual(iv.median, 1.25)
        self.assertFalse(iv.excludes_one)
        self.assertIsNone(paired.median_interval([]).median)

    def test_one_wild_pair_moves_it_little(self):
        clean = [1.12, 1.13, 1.14, 1.15, 1.16, 1.14, 1.13, 1.15, 1.14]
        wild = clean[:-1] + [0.3]
        self.assertTrue(paired.median_interval(wild).excludes_one)
        self.assertAlmostEqual(paired.median_interval(wild).median, 1.14)


class PairsNeeded(unittest.TestCase):
    def test_clear_effect_needs_the_minimum(self):
        self.assertEqual(paired.pairs_needed([1.2, 1.21, 1.19]), 6)

    def test_noisier_needs_more(self):
        few = paired.pairs_needed([1.1, 0.98, 1.15, 1.05])
        more = paired.pairs_needed([1.1, 0.9, 1.2, 1.02])
        self.assertGreater(few, 6)
        self.assertGreater(more, few)

    def test_no_effect_is_beyond_advice(self):
        self.assertIsNone(paired.pairs_needed([0.9, 1.1, 1.0, 0.95, 1.05]))
        self.assertIsNone(paired.pairs_needed([1.2]))

    def test_power_is_both_tails(self):
        for n, p in ((6, 0.9), (20, 0.7), (57, 0.35)):
            need = n + 1 - paired.sign_test_rank(n)[0]
            want = exact_tail(n, p, need) + exact_tail(n, 1 - p, need)
            self.assertAlmostEqual(paired._power(n, p, 0.95), want,
                                   places=12)
        self.assertEqual(paired._power(5, 0.99, 0.95), 0.0)

    def test_estimate_reaches_its_power(self):
        ratios = [1.1, 0.98, 1.15, 1.05]
        n = paired.pairs_needed(ratios)
        p = paired.share_above_one(ratios)
        self.assertGreaterEqual(paired._power(n, p, 0.95), paired.POWER)
        self.assertLess(paired._power(n - 1, p, 0.95), paired.POWER)


if __name__ == "__main__":
    unittest.main()
