# SPDX-License-Identifier: GPL-2.0-or-later
"""The kernel-counter analysis (nbreport/numa.py) and the travel counts of
sampled pages (nbreport/placement.py) on synthetic runs whose counters and
page classes the test sets."""

import os
import tempfile
import unittest

import numpy as np

import synth
from nbreport import numa, placement
from nbreport.rundir import load_run

CYCLES = list(range(0, 120, 10))
BUFFERS = ["spike registers", "connections"]


class NumaTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def run_with(self, name, migrated, pages=None, faults=1000, local=990,
                 total=None):
        obj, arrays = synth.placement_arrays(1, CYCLES, BUFFERS, 2, pages=pages,
                                             migrated=migrated)
        total = int(migrated[-1]) if total is None else total
        s = synth.summary(1, 120, numa_nodes=2, placement=obj,
                          counters=synth.vmstat(pte=5000, faults=faults,
                                                local=local, migrated=total))
        path = synth.write_run(os.path.join(self.tmp.name, name),
                               np.full((1, 120), 1e-3),
                               np.zeros((1, 120), dtype=np.int64), s,
                               placement=arrays)
        return load_run(path)

    def test_rates_and_remote_share(self):
        run = self.run_with("steady", np.linspace(0, 3600, len(CYCLES)))
        a = numa.analyse(run)
        self.assertEqual(a["pages_migrated"], 3600)
        self.assertAlmostEqual(a["migrated_per_model_s"], 3600 / 0.18)
        self.assertAlmostEqual(a["remote_share"], 0.01)
        self.assertEqual(a["course"], "persists")
        self.assertEqual(a["sampled_buffer_pages"], 20)
        self.assertTrue(a["ping_pong"])
        self.assertAlmostEqual(a["migrations_per_sampled_page"], 180.0)
        self.assertIn("ping-pong", numa.line("steady", a))

    def test_transient_decays(self):
        m = np.concatenate([np.linspace(0, 1000, 4), np.full(8, 1000.0)])
        a = numa.analyse(self.run_with("transient", m))
        self.assertEqual(a["course"], "decays")
        self.assertEqual(a["migrated_per_model_s_last_third"], 0.0)

    def test_nothing_migrates(self):
        a = numa.analyse(self.run_with("off", np.zeros(len(CYCLES)), faults=0,
                                       local=0))
        self.assertEqual(a["course"], "none")
        self.assertIsNone(a["remote_share"])
        self.assertFalse(a["ping_pong"])

    def test_travelled_pages(self):
        p = np.zeros((1, len(CYCLES), 2, 4), dtype=np.int8)
        p[0, 1::2, 0, 0] = 1          # slot 0 alternates 0, 1, 0, 1, ...
        p[0, 5, 0, 1] = -2            # slot 1 marked once: no move
        p[0, 6:, 0, 2] = 1            # slot 2 moves once
        p[0, :, 1, :] = -1            # buffer 1 never present
        run = self.run_with("travel", np.zeros(len(CYCLES)), pages=p)
        self.assertEqual(placement.travelled(run.placement, 0, 0),
                         (2, len(CYCLES) - 1 + 1))
        self.assertEqual(placement.travelled(run.placement, 0, 1), (0, 0))
        share = run.placement.share[0, 5, 0]
        self.assertAlmostEqual(share[2], 0.25)   # scanner-marked band

    def test_condition_summary_in_words(self):
        runs = [self.run_with("a", np.linspace(0, 3600, len(CYCLES))),
                self.run_with("b", np.concatenate([np.linspace(0, 1000, 4),
                                                   np.full(8, 1000.0)])),
                self.run_with("c", np.zeros(len(CYCLES)), faults=0, local=0)]
        cond = type("Cond", (), {"runs": runs})()
        s = numa.of_condition(cond)
        self.assertEqual(s["runs"], 3)
        self.assertEqual(s["ping_pong_runs"], 2)
        self.assertEqual(s["courses"], {"persists": 1, "decays": 1, "none": 1})
        self.assertAlmostEqual(s["migrated_per_model_s"], 1000 / 0.18)
        text = numa.condition_text(s)
        self.assertIn("pages migrated per model second", text)
        self.assertIn("ping-pong in 2 of 3 runs", text)
        self.assertIn("decays in 1 of 3", text)
        self.assertIn("persists in 1 of 3", text)


if __name__ == "__main__":
    unittest.main()
