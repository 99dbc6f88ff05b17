# SPDX-License-Identifier: GPL-2.0-or-later
"""nbreport.verdict on synthetic result directories whose kernel values
and counters are constructed to agree with, or contradict, their label."""

import tempfile
import unittest

import numpy as np

import synth
from nbreport import verdict
from nbreport.rundir import load_run


class VerdictTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.n = 0

    def tearDown(self):
        self.tmp.cleanup()

    def judge(self, **kw):
        self.n += 1
        kw.setdefault("time_sim_s", 10.0)
        ct = np.full((2, 20), 0.001)
        sp = np.ones((2, 20), dtype=np.int64)
        path = synth.write_run(f"{self.tmp.name}/run{self.n}", ct, sp,
                               synth.summary(2, 20, **kw))
        return verdict.judge(load_run(path))

    def check(self, v, name):
        return next(c for c in v.checks if c.name == name)

    def test_on_as_requested(self):
        v = self.judge(requested=1, hosts=("a", "b"))
        self.assertEqual(v.status, verdict.OK, v.checks)
        self.assertEqual(v.label, 1)

    def test_on_but_one_host_not_scanning(self):
        self.n += 1
        s = synth.summary(2, 20, requested=1, hosts=("a", "b"),
                          time_sim_s=10.0)
        s["vmstat_delta"]["b"] = synth.vmstat()
        path = synth.write_run(f"{self.tmp.name}/run{self.n}",
                               np.full((2, 20), 1e-3),
                               np.ones((2, 20), dtype=np.int64), s)
        v = verdict.judge(load_run(path))
        self.assertEqual(v.status, verdict.FAIL)
        self.assertIn("no PTE updates on b", self.check(v, "counters").message)

    def test_off_as_requested(self):
        v = self.judge(requested=0, counters=synth.vmstat(faults=12))
        self.assertEqual(v.status, verdict.OK, v.checks)

    def test_labelled_off_but_counters_show_balancing_on(self):
        v = self.judge(requested=0,
                       counters=synth.vmstat(pte=40000, faults=15000))
        self.assertEqual(v.status, verdict.FAIL)
        self.assertEqual(self.check(v, "counters").status, verdict.FAIL)
        self.assertIn("balancing was on",
                      self.check(v, "counters").message)
        self.assertEqual(self.check(v, "kernel value").status, verdict.OK)

    def test_labelled_off_with_only_a_tail_of_hint_faults(self):
        # Faults on PTEs marked before the switch, nothing marked since.
        v = self.judge(requested=0, counters=synth.vmstat(faults=4208))
        self.assertEqual(v.status, verdict.OK)
        self.assertIn("4208 hint faults", self.check(v, "counters").message)
        v = self.judge(requested=0, counters=synth.vmstat(pte=1, faults=0))
        self.assertEqual(v.status, verdict.FAIL)

    def test_labelled_on_but_nothing_scanned(self):
        v = self.judge(requested=1, counters=synth.vmstat())
        self.assertEqual(self.check(v, "counters").status, verdict.FAIL)
        # Hint faults alone are the tail of an earlier scan, not this run's.
        v = self.judge(requested=1, counters=synth.vmstat(faults=900))
        self.assertEqual(self.check(v, "counters").status, verdict.FAIL)

    def test_labelled_on_nothing_scanned_short_run_is_a_warning(self):
        v = self.judge(requested=1, counters=synth.vmstat(),
                       time_sim_s=verdict.MIN_SCAN_WINDOW_S / 2)
        self.assertEqual(v.status, verdict.WARN)

    def test_kernel_value_changed_during_run(self):
        v = self.judge(requested=0, kernel=(0, 1))
        self.assertEqual(self.check(v, "kernel value").status, verdict.FAIL)
        self.assertIn("0 at start, 1 at end",
                      self.check(v, "kernel value").message)

    def test_in_force_differs_from_request(self):
        v = self.judge(requested=0, in_force=1)
        self.assertEqual(self.check(v, "in force").status, verdict.FAIL)

    def test_no_request_is_judged_against_the_kernel(self):
        v = self.judge(requested=None, kernel=(1, 1), in_force=None,
                       counters=synth.vmstat(pte=10, faults=5))
        self.assertEqual(v.label, 1)
        self.assertEqual(v.status, verdict.WARN)
        self.assertEqual(self.check(v, "counters").status, verdict.OK)

    def test_no_request_and_no_kernel_value_cannot_be_judged(self):
        v = self.judge(requested=None, kernel=(None, None), in_force=None)
        self.assertIsNone(v.label)
        self.assertEqual(v.status, verdict.WARN)
        self.assertEqual([c.name for c in v.checks], ["label"])

    def test_unreadable_kernel_value_is_a_warning(self):
        v = self.judge(requested=1, kernel=(None, None))
        self.assertEqual(self.check(v, "kernel value").status, verdict.WARN)


if __name__ == "__main__":
    unittest.main()
