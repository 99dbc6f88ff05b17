# SPDX-License-Identifier: GPL-2.0-or-later
"""nbsim-report end to end on synthetic runs: conditions grouped and
paired, the r² of constructed data, every figure and the page written, the
summary printed, a mislabelled run flagged (exit 1), bad input refused
with nothing written (exit 2)."""

import contextlib
import io
import os
import tempfile
import unittest

import numpy as np

import synth
from nbreport import cli, compare, conditions, stats
from nbreport.rundir import load_run


class ReportTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.rng = np.random.default_rng(7)

    def tearDown(self):
        self.tmp.cleanup()

    def make(self, name, **kw):
        return synth.random_run(os.path.join(self.tmp.name, name), self.rng,
                                **kw)

    def paired(self, reps=2, **kw):
        runs = []
        for i in range(reps):
            runs.append(self.make(f"rep{i}-nb1", requested=1, rtf=1.10 + i / 100,
                                  job_id=str(10 + 2 * i), base_ms=1.2, **kw))
            runs.append(self.make(f"rep{i}-nb0", requested=0, rtf=1.00,
                                  job_id=str(11 + 2 * i), **kw))
        return runs

    def main(self, args):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(args)
        return code, out.getvalue(), err.getvalue()

    def test_conditions_and_ratio(self):
        runs = [load_run(p) for p in self.paired(reps=3)]
        conds = conditions.group(runs)
        self.assertEqual([c.label for c in conds],
                         ["numa_balancing=1", "numa_balancing=0"])
        self.assertEqual([r.name for r in conds[0].runs],
                         ["rep0-nb1", "rep1-nb1", "rep2-nb1"])
        (c,) = compare.comparisons(conds)
        self.assertEqual((c.factor, c.num, c.den),
                         ("numa_balancing", conds[0], conds[1]))
        # Without rep tags, the i-th run of each is paired by job order.
        self.assertEqual([(p.num.name, p.den.name) for p in c.pairs],
                         [("rep0-nb1", "rep0-nb0"), ("rep1-nb1", "rep1-nb0"),
                          ("rep2-nb1", "rep2-nb0")])
        self.assertAlmostEqual(c.clean.median, 1.11)
        # Cycle times were drawn around 1.2 + 0.4 ms and 1.0 + 0.4 ms.
        self.assertAlmostEqual(c.median_cycle, 1.6 / 1.4, delta=0.01)

    def test_labels_name_what_varies(self):
        runs = [load_run(p) for p in (
            self.make("a", requested=1, allocator="jemalloc"),
            self.make("b", requested=1, ranks=4))]
        conds = conditions.group(runs)
        self.assertEqual([c.label for c in conds],
                         ["numa_balancing=1, ranks=2, jemalloc",
                          "numa_balancing=1, ranks=4, glibc"])
        self.assertEqual(compare.comparisons(conds), [])
        self.assertEqual(conditions.common(conds),
                         "nbsim, model=brunel, scale=1.0, threads=2, "
                         "t_sim_ms=600.0, huge pages=THP unknown, "
                         "binding=unknown")

    def test_allocator_comparisons(self):
        runs = [load_run(self.make(f"{a}{nb}", requested=nb, allocator=a,
                                   rtf=rtf))
                for a, nb, rtf in (("glibc", 1, 1.2), ("glibc", 0, 1.0),
                                   ("jemalloc", 1, 1.5), ("jemalloc", 0, 0.9))]
        conds = conditions.group(runs)
        found = {(c.factor, c.num.label, c.den.label): round(c.clean.median, 6)
                 for c in compare.comparisons(conds)}
        self.assertEqual(found, {
            ("numa_balancing", "numa_balancing=1, glibc",
             "numa_balancing=0, glibc"): 1.2,
            ("numa_balancing", "numa_balancing=1, jemalloc",
             "numa_balancing=0, jemalloc"): round(1.5 / 0.9, 6),
            ("allocator", "numa_balancing=1, jemalloc",
             "numa_balancing=1, glibc"): 1.25,
            ("allocator", "numa_balancing=0, jemalloc",
             "numa_balancing=0, glibc"): 0.9})

    def test_constructed_correlation(self):
        # Noise-free: cycle time is an exact linear function of the
        # previous cycle's spikes, so r² = 1; with independent noise of the
        # same variance as the signal, r² is about 1/2.
        exact = load_run(self.make("exact", noise_ms=0.0))
        x, y = stats.previous_cycle_pairs(exact.cycle_time, exact.spikes)
        self.assertAlmostEqual(stats.r_squared(x, y), 1.0, places=9)
        half = load_run(self.make("half", ranks=4, cycles=5000,
                                  noise_ms=0.01 * np.sqrt(40)))
        x, y = stats.previous_cycle_pairs(half.cycle_time, half.spikes)
        self.assertAlmostEqual(stats.r_squared(x, y), 0.5, delta=0.03)

    def test_report_written(self):
        runs = self.paired()
        placement, arrays = synth.placement_arrays(
            2, list(range(0, 400, 10)), ["spike registers", "ring buffers"], 2)
        runs.append(synth.write_run(
            os.path.join(self.tmp.name, "placed"), np.full((2, 400), 1e-3),
            np.zeros((2, 400), dtype=np.int64),
            synth.summary(2, 400, requested=0, placement=placement,
                          numa_nodes=2),
            placement=arrays))
        out = os.path.join(self.tmp.name, "report")
        code, stdout, _ = self.main(runs + ["-o", out])
        self.assertEqual(code, 0, stdout)
        for f in ("forest.png", "activity.png", "distribution.png",
                  "distribution_panels.png", "spikes_vs_time.png",
                  "heatmap.png", "phases.png", "placement.png", "index.html",
                  "report.json"):
            self.assertGreater(os.path.getsize(os.path.join(out, f)), 1000, f)
        # Four runs on one node, one on two: no "nothing can migrate".
        self.assertTrue(stdout.startswith(
            "mechanism: nbsim: the requested numa_balancing value was in "
            "force in 5 of 5 runs; with 1: "), stdout)
        self.assertIn("\nmachine: NUMA nodes 1 in 4 run(s), 2 in 1 run(s) "
                      "(node1)\n", stdout)
        self.assertIn("numa_balancing=1", stdout)
        self.assertIn("median ratio", stdout)
        self.assertNotIn("FLAG", stdout)
        with open(os.path.join(out, "index.html")) as f:
            page = f.read()
        self.assertNotIn('class="bad"', page)
        self.assertLess(page.index('class="headline"'),
                        page.index("<h2>Figures"))
        self.assertIn("rep1-nb0", page)

    def test_mislabelled_run_is_flagged(self):
        runs = self.paired()
        runs.append(self.make("liar", requested=0, counters=synth.vmstat(
            pte=90000, faults=30000)))
        out = os.path.join(self.tmp.name, "report")
        code, stdout, _ = self.main(runs + ["-o", out])
        self.assertEqual(code, cli.EXIT_FLAGGED)
        self.assertIn("FLAG: liar", stdout)
        self.assertIn("in force in 4 of 5 runs", stdout.splitlines()[0])
        self.assertIn("contradicts its label: liar", stdout)
        with open(os.path.join(out, "index.html")) as f:
            page = f.read()
        self.assertIn('<tr class="bad"><th>mechanism', page)
        self.assertIn("liar", page)

    def test_bad_input_writes_nothing(self):
        good = self.make("good")
        bad = os.path.join(self.tmp.name, "bad")
        os.makedirs(bad)
        out = os.path.join(self.tmp.name, "report")
        code, _, stderr = self.main([good, bad, "-o", out])
        self.assertEqual(code, cli.EXIT_BAD_INPUT)
        self.assertIn("bad: no summary.json", stderr)
        self.assertFalse(os.path.exists(out))
        code, _, stderr = self.main([good, "-o", out, "--cutoff-ms", "0"])
        self.assertEqual(code, cli.EXIT_BAD_INPUT)
        self.assertIn("--cutoff-ms", stderr)
        code, _, stderr = self.main([good, "-o", out, "--cutoff-ms", "0.001"])
        self.assertEqual(code, cli.EXIT_BAD_INPUT)
        self.assertIn("below every cycle time", stderr)
        self.assertFalse(os.path.exists(out))

    def test_constant_cycle_times(self):
        path = synth.write_run(os.path.join(self.tmp.name, "flat"),
                               np.full((2, 50), 1e-3),
                               np.zeros((2, 50), dtype=np.int64),
                               synth.summary(2, 50))
        out = os.path.join(self.tmp.name, "report")
        code, stdout, _ = self.main([path, "-o", out])
        self.assertEqual(code, 0)
        self.assertTrue(os.path.isfile(os.path.join(out, "heatmap.png")))


if __name__ == "__main__":
    unittest.main()
