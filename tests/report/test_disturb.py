# SPDX-License-Identifier: GPL-2.0-or-later
"""nbreport.disturb: each rule fires above its threshold and not below,
names the rank or host, and notes never flag on their own."""

import types
import unittest

import synth
from nbreport import disturb


def run(probes, window=10.0, threads=2):
    return types.SimpleNamespace(
        summary={"disturbance": probes, "threads": threads},
        window_s=window)


class DisturbTest(unittest.TestCase):
    def test_quiet_run(self):
        d = disturb.assess(run(synth.disturbance(2)))
        self.assertTrue(d.recorded)
        self.assertFalse(d.disturbed, d.reasons)
        self.assertEqual(d.summary(), "none seen")

    def test_not_recorded(self):
        d = disturb.assess(run(None))
        self.assertFalse(d.recorded or d.disturbed)
        self.assertEqual(d.summary(), "not recorded")

    def test_cpu_wait(self):
        # 2 threads x 10 s: 1.2 s of run delay is 6 %, 0.8 s is 4 %.
        probes = synth.disturbance(2, run_delay_s=0.8)
        self.assertFalse(disturb.assess(run(probes)).disturbed)
        probes["ranks"][1]["run_delay_s"] = 1.2
        d = disturb.assess(run(probes))
        self.assertEqual(d.reasons, ["threads waited 6% of their time for "
                                     "a CPU (rank 1)"])
        self.assertAlmostEqual(d.signals["cpu_wait_share"], 0.06)

    def test_switches(self):
        probes = synth.disturbance(1, switches=4800)  # 240 per thread-second
        self.assertFalse(disturb.assess(run(probes)).disturbed)
        probes["ranks"][0]["involuntary_switches"] = 5200
        self.assertIn("260 involuntary context switches",
                      disturb.assess(run(probes)).reasons[0])

    def test_slow_updates(self):
        d = disturb.assess(run(synth.disturbance(1, slow_update_s=0.6)))
        self.assertEqual(d.reasons, ["3 update phases over 5x the median "
                                     "cost 6% of the run (rank 0)"])
        self.assertFalse(disturb.assess(
            run(synth.disturbance(1, slow_update_s=0.4))).disturbed)

    def test_steal(self):
        # 2 CPUs x 10 s: 1.2 s stolen is 6 %.
        d = disturb.assess(run(synth.disturbance(1, steal_s=1.2)))
        self.assertIn("the hypervisor stole 6% of the CPU time (node1)",
                      d.reasons)

    def test_pressure_flags_only_without_thread_probes(self):
        probes = synth.disturbance(1, pressure_s=3.0)
        d = disturb.assess(run(probes))
        self.assertFalse(d.disturbed)
        self.assertIn("tasks waited for a CPU during 30%", d.notes[0])
        probes["ranks"] = []
        self.assertIn("tasks waited for a CPU during 30%",
                      disturb.assess(run(probes)).reasons[0])
        probes["hosts"]["node1"]["cpu_pressure_s"] = 2.0
        self.assertFalse(disturb.assess(run(probes)).disturbed)

    def test_load_and_iowait_are_notes(self):
        probes = synth.disturbance(1, load=3.5)
        probes["hosts"]["node1"]["iowait_s"] = 4.0
        d = disturb.assess(run(probes))
        self.assertFalse(d.disturbed)
        self.assertEqual(len(d.notes), 2)
        self.assertIn("load average 3.50 at start, 3.50 at end on 2 CPUs",
                      d.notes[1])


if __name__ == "__main__":
    unittest.main()
