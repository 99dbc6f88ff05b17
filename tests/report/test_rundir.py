# SPDX-License-Identifier: GPL-2.0-or-later
"""nbreport.rundir refuses incomplete or inconsistent result directories
with a message naming the file, and loads a complete one as written."""

import json
import os
import tempfile
import unittest

import numpy as np

import synth
from nbreport.rundir import RunDirError, load_run


class RunDirTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, "run")
        self.ct = np.arange(1.0, 7.0).reshape(2, 3) / 1e3
        self.sp = np.arange(6).reshape(2, 3)
        synth.write_run(self.path, self.ct, self.sp, synth.summary(2, 3))

    def tearDown(self):
        self.tmp.cleanup()

    def assertRefused(self, *fragments):
        with self.assertRaises(RunDirError) as cm:
            load_run(self.path)
        for f in fragments:
            self.assertIn(f, str(cm.exception))

    def rewrite_summary(self, **changes):
        file = os.path.join(self.path, "summary.json")
        with open(file) as f:
            s = json.load(f)
        s.update(changes)
        with open(file, "w") as f:
            json.dump(s, f)

    def test_complete_directory_loads(self):
        run = load_run(self.path)
        np.testing.assert_array_equal(run.cycle_time, self.ct)
        np.testing.assert_array_equal(run.spikes, self.sp)
        self.assertEqual(run.name, "run")
        self.assertEqual(run.requested, 1)
        self.assertIsNone(run.placement)

    def test_not_a_directory(self):
        self.path = os.path.join(self.tmp.name, "nowhere")
        self.assertRefused("nowhere", "not a directory")

    def test_missing_summary(self):
        os.remove(os.path.join(self.path, "summary.json"))
        self.assertRefused("no summary.json")

    def test_summary_not_json(self):
        with open(os.path.join(self.path, "summary.json"), "w") as f:
            f.write("{ broken")
        self.assertRefused("summary.json", "unreadable")

    def test_summary_missing_key(self):
        file = os.path.join(self.path, "summary.json")
        with open(file) as f:
            s = json.load(f)
        del s["vmstat_delta"], s["rtf"]
        with open(file, "w") as f:
            json.dump(s, f)
        self.assertRefused("missing keys", "rtf", "vmstat_delta")

    def test_bad_values(self):
        self.rewrite_summary(numa_balancing_requested="0")
        self.assertRefused("numa_balancing_requested")
        self.rewrite_summary(numa_balancing_requested=0, allocator="tcmalloc")
        self.assertRefused("allocator")
        self.rewrite_summary(allocator="glibc", hostnames=["a"])
        self.assertRefused("hostnames")
        self.rewrite_summary(hostnames=["node1", "node1"],
                             numa_balancing={"node1": {"start": "1",
                                                       "end": 1}})
        self.assertRefused("numa_balancing['node1'].start")
        self.rewrite_summary(numa_balancing={"node1": {"start": None,
                                                       "end": None}})
        self.assertIsNone(load_run(self.path).summary["numa_balancing"]
                          ["node1"]["start"])

    def test_missing_array(self):
        os.remove(os.path.join(self.path, "phase_sync.npy"))
        self.assertRefused("no phase_sync.npy")

    def test_wrong_shape(self):
        np.save(os.path.join(self.path, "cycle_time.npy"), self.ct.T.copy())
        self.assertRefused("cycle_time.npy", "shape (3, 2)")

    def test_wrong_dtype(self):
        np.save(os.path.join(self.path, "spike_count.npy"),
                self.sp.astype(np.int32))
        self.assertRefused("spike_count.npy", "int32")

    def test_nan_and_negative(self):
        bad = self.ct.copy()
        bad[0, 1] = np.nan
        np.save(os.path.join(self.path, "phase_update.npy"), bad)
        self.assertRefused("phase_update.npy", "NaN")
        bad[0, 1] = -1.0
        np.save(os.path.join(self.path, "phase_update.npy"), bad)
        self.assertRefused("phase_update.npy", "negative")

    def test_placement_must_match_summary(self):
        ranks = self.sp.shape[0]
        obj, arrays = synth.placement_arrays(ranks, [0, 2], ["a", "b"], 1)
        self.rewrite_summary(placement=obj)
        self.assertRefused("no placement.npy")
        for name, a in arrays.items():
            np.save(os.path.join(self.path, name), a)
        self.assertEqual(load_run(self.path).placement.share.shape,
                         (ranks, 2, 2, 3))
        np.save(os.path.join(self.path, "placement.npy"), np.ones((ranks, 2, 3, 3)))
        self.assertRefused("placement.npy", "expected float64")
        np.save(os.path.join(self.path, "placement.npy"), np.ones((ranks, 2, 2, 3)))
        self.assertRefused("placement.npy", "shares outside [0, 1]")
        np.save(os.path.join(self.path, "placement.npy"), arrays["placement.npy"])
        self.rewrite_summary(placement={"every": 2, "buffers": ["a", "b"],
                                        "cycles": [0, 2]})
        self.assertRefused("summary.json: placement must be null")

    def test_timers_lines(self):
        with open(os.path.join(self.path, "timers.txt"), "a") as f:
            f.write("just_a_key\n")
        self.assertRefused("timers.txt", "line 3")


if __name__ == "__main__":
    unittest.main()
