# SPDX-License-Identifier: GPL-2.0-or-later
"""nbreport.stats on arrays with known answers."""

import math
import types
import unittest

import numpy as np

from nbreport import stats


class Distribution(unittest.TestCase):
    def setUp(self):
        # 1, 2, ..., 100 ms as seconds: known min, mean, max, std, quantiles.
        self.x = np.arange(1, 101, dtype=float) / 1e3

    def test_describe(self):
        d = stats.describe(self.x.reshape(4, 25))
        self.assertEqual(d["n"], 100)
        self.assertAlmostEqual(d["min"], 0.001)
        self.assertAlmostEqual(d["max"], 0.100)
        self.assertAlmostEqual(d["mean"], 0.0505)
        self.assertAlmostEqual(d["std"], math.sqrt((100 ** 2 - 1) / 12) / 1e3)

    def test_share_below(self):
        self.assertAlmostEqual(stats.share_below(self.x, 0.090), 0.90)
        self.assertAlmostEqual(stats.share_below(self.x, 0.0005), 0.0)

    def test_density_area_is_share_covered(self):
        edges, dens = stats.density(self.x, 0.0805, 40)
        self.assertAlmostEqual(float(np.sum(dens * np.diff(edges))), 0.80)
        self.assertEqual(edges[-1], 0.0805)

    def test_common_cutoff_pools_conditions(self):
        a, b = self.x[:50], self.x[50:]
        self.assertAlmostEqual(stats.common_cutoff([a, b], 100.0), 0.100)
        self.assertAlmostEqual(stats.common_cutoff([a, b], 50.0), 0.0505)


class Correlation(unittest.TestCase):
    def test_pairs_take_the_previous_cycle(self):
        ct = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        sp = np.array([[10, 20, 30], [40, 50, 60]])
        x, y = stats.previous_cycle_pairs(ct, sp)
        self.assertEqual(list(x), [10, 20, 40, 50])
        self.assertEqual(list(y), [2.0, 3.0, 5.0, 6.0])

    def test_linear_is_one(self):
        x = np.arange(50.0)
        self.assertAlmostEqual(stats.r_squared(x, 3 * x + 2), 1.0)

    def test_constructed_r_squared(self):
        # y = x + e with e orthogonal to x and |e| = 0.75 |x|: r² = 0.64.
        rng = np.random.default_rng(1)
        x = rng.normal(size=1000)
        x -= x.mean()
        e = rng.normal(size=1000)
        e -= e.mean()
        e -= (e @ x) / (x @ x) * x
        e *= 0.75 * np.linalg.norm(x) / np.linalg.norm(e)
        self.assertAlmostEqual(stats.r_squared(x, x + e), 0.64, places=10)

    def test_constant_is_undefined(self):
        self.assertTrue(math.isnan(stats.r_squared(np.ones(5),
                                                   np.arange(5.0))))
        self.assertTrue(math.isnan(stats.r_squared([1.0], [2.0])))


class BlockMax(unittest.TestCase):
    def test_small_unchanged(self):
        a = np.arange(6.0).reshape(2, 3)
        out, k = stats.block_max(a, 10)
        self.assertEqual(k, 1)
        np.testing.assert_array_equal(out, a)

    def test_keeps_peaks(self):
        a = np.zeros((2, 10))
        a[1, 7] = 9.0
        out, k = stats.block_max(a, 4)
        self.assertEqual(k, 3)
        self.assertEqual(out.shape, (2, 4))
        np.testing.assert_array_equal(out[1], [0, 0, 9, 0])


class Ratios(unittest.TestCase):
    def test_ratio_and_spread(self):
        r = stats.rtf_ratio([1.1, 1.2, 1.3], [1.0, 1.0, 1.0])
        self.assertAlmostEqual(r["ratio"], 1.2)
        self.assertEqual(r["pairs"], 3)
        self.assertAlmostEqual(r["min"], 1.1)
        self.assertAlmostEqual(r["max"], 1.3)

    def test_unpaired_run_only_in_the_mean(self):
        r = stats.rtf_ratio([2.0, 4.0], [2.0])
        self.assertEqual(r["pairs"], 1)
        self.assertAlmostEqual(r["ratio"], 1.5)
        self.assertAlmostEqual(r["max"], 1.0)

    def test_median_ratio_ignores_outliers(self):
        on = np.array([1.1, 1.1, 1.1, 50.0])
        off = np.array([1.0, 1.0, 1.0, 1.0])
        self.assertAlmostEqual(stats.median_ratio(on, off), 1.1)

    def test_mean_std(self):
        self.assertEqual(stats.mean_std([2.0]), (2.0, 0.0))
        m, s = stats.mean_std([1.0, 3.0])
        self.assertAlmostEqual(m, 2.0)
        self.assertAlmostEqual(s, math.sqrt(2.0))


class PhaseCost(unittest.TestCase):
    def test_phases_and_other_add_up_to_rtf(self):
        ct = np.full((2, 10), 0.002)
        phases = {"deliver": ct * 0.25, "update": ct * 0.5,
                  "collocate": ct * 0.0, "sync": ct * 0.0,
                  "communicate": ct * 0.125}
        run = types.SimpleNamespace(
            phases=phases, t_sim_s=0.01,
            summary={"time_sim_s": 0.025})
        cost = stats.phase_cost(run)
        self.assertAlmostEqual(cost["deliver"], 0.5)
        self.assertAlmostEqual(cost["update"], 1.0)
        self.assertAlmostEqual(cost["communicate"], 0.25)
        self.assertAlmostEqual(cost["other"], 2.5 - 1.75)
        self.assertAlmostEqual(sum(cost.values()), 2.5)


if __name__ == "__main__":
    unittest.main()
