# SPDX-License-Identifier: GPL-2.0-or-later
"""The lab's headline (lab/headline.py) and check-lab's assertions
(tests/lab/verify_lab.py) on a synthetic lab output folder: nbsim result
directories from tests/report/synth.py, control results and machine.json
as lab/pairs writes them. No guest needed."""

import io
import json
import os
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

import numpy as np

import headline
import synth

HERE = os.path.dirname(os.path.realpath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MACHINE = {"kernel": "6.1.0-57-amd64", "nodes": 2, "cpus_per_node": [1, 1],
           "thp_enabled": "always", "thp_defrag": "madvise"}


def control(value, migrated, faults, local, buffer_pages=16384):
    return {"program": "refpattern", "nodes": 2, "buffer_pages": buffer_pages,
            "iterations": 100, "seconds": 10.0, "checksum": 1,
            "iterations_per_s": 10.0,
            "numa_balancing": {"start": value, "end": value},
            "vmstat_delta": synth.vmstat(pte=faults * 10, faults=faults,
                                         local=local, migrated=migrated)}


class LabOutput:
    """A lab output folder: two nbsim runs per value (2 s of model time
    each) and the control with 1 and 0."""

    def __init__(self, root, on_migrated=(30, 50), off_migrated=(0, 0),
                 control_on=9000):
        self.path = root
        cycles = 20
        for rep, (on, off) in enumerate(zip(on_migrated, off_migrated), 1):
            for value, migrated in ((1, on), (0, off)):
                faults = 1000 * value
                counters = synth.vmstat(pte=5000 * value, faults=faults,
                                        local=faults - 10 * value,
                                        migrated=migrated)
                s = synth.summary(1, cycles, requested=None,
                                  kernel=(value, value), counters=counters,
                                  t_sim_ms=2000.0, numa_nodes=2)
                synth.write_run(os.path.join(root, "runs",
                                             f"rep{rep:02d}-nb{value}-glibc"),
                                np.full((1, cycles), 1e-3),
                                np.ones((1, cycles), dtype=np.int64), s)
        os.makedirs(os.path.join(root, "control"))
        for value, c in ((1, control(1, control_on, 600, 240)),
                         (0, control(0, 0, 0, 0))):
            with open(os.path.join(root, "control", f"nb{value}.json"), "w") as f:
                json.dump(c, f)
        with open(os.path.join(root, "machine.json"), "w") as f:
            json.dump(MACHINE, f)

    def headline(self):
        sys.argv = ["headline.py", self.path]
        out = io.StringIO()
        with redirect_stdout(out):
            rc = headline.main()
        with open(os.path.join(self.path, "report", "lab.json")) as f:
            return rc, out.getvalue(), json.load(f)

    def report(self):
        """The validation report of the runs, as lab/lab writes it."""
        runs = sorted(os.path.join(self.path, "runs", r)
                      for r in os.listdir(os.path.join(self.path, "runs")))
        subprocess.run([os.path.join(ROOT, "sim", "report", "nbsim-report"),
                        *runs, "-o", os.path.join(self.path, "report")],
                       capture_output=True, check=True)

    def verify(self, write_report=True):
        if write_report:
            self.report()
        return subprocess.run(
            [sys.executable, os.path.join(HERE, "verify_lab.py"),
             os.path.join(self.path, "report")],
            capture_output=True, text=True, check=False)


class TestHeadline(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def lab(self, **kw):
        return LabOutput(self.tmp.name, **kw)

    def assert_verify_fails(self, *failures, **kw):
        """verify_lab.py on a lab made with kw exits 1 and prints each of
        failures after "FAIL: "."""
        lab = self.lab(**kw)
        lab.headline()
        r = lab.verify()
        self.assertEqual(r.returncode, 1)
        for f in failures:
            self.assertIn("FAIL: " + f, r.stdout)

    def test_rates_per_model_second_and_remote_share(self):
        rc, text, lab = self.lab().headline()
        self.assertEqual(rc, 0)
        on = [r for r in lab["nbsim"] if r["numa_balancing"] == 1]
        self.assertEqual(sorted(r["pages_migrated_per_s"] for r in on), [15.0, 25.0])
        self.assertEqual({r["remote_share"] for r in on}, {0.01})
        off = [r for r in lab["nbsim"] if r["numa_balancing"] == 0]
        self.assertEqual([r["remote_share"] for r in off], [None, None])
        ctl = {c["numa_balancing"]: c for c in lab["control"]}
        self.assertEqual(ctl[1]["pages_migrated_per_s"], 900.0)
        self.assertAlmostEqual(ctl[1]["remote_share"], 0.6)
        self.assertIn("numa_balancing=1: 15.0-25.0 pages migrated per model second", text)
        self.assertIn("remote share of hint faults 1.00 %", text)
        self.assertIn("numa_balancing=0: 0.0 pages migrated per model second", text)
        self.assertIn("control, numa_balancing=1: 9,000 pages migrated in 10 s", text)
        self.assertIn("2 NUMA nodes (1+1 vCPUs)", text)

    def test_missing_control_is_bad_input(self):
        lab = self.lab()
        os.remove(os.path.join(lab.path, "control", "nb0.json"))
        sys.argv = ["headline.py", lab.path]
        err = io.StringIO()
        with redirect_stdout(io.StringIO()), redirect_stderr(err):
            self.assertEqual(headline.main(), 2)
        self.assertIn("nb0.json", err.getvalue())

    def test_verify_passes(self):
        lab = self.lab()
        lab.headline()
        r = lab.verify()
        self.assertEqual(r.returncode, 0, r.stdout)
        self.assertNotIn("FAIL", r.stdout)

    def test_verify_fails_on_migration_with_0(self):
        self.assert_verify_fails(
            "report run rep02-nb0-glibc with 0: 3 pages migrated",
            "report condition c2 (numa_balancing 0): 0.5 pages migrated",
            off_migrated=(0, 3))

    def test_verify_fails_without_migration_with_1(self):
        self.assert_verify_fails("report run rep01-nb1-glibc with 1: 0 pages migrated",
                                 on_migrated=(0, 5))

    def test_verify_fails_on_a_condition_that_never_migrates_with_1(self):
        self.assert_verify_fails(
            "report condition c1 (numa_balancing 1): 0.0 pages migrated",
            on_migrated=(0, 0))

    def test_verify_fails_when_report_and_lab_json_differ(self):
        lab = self.lab()
        lab.headline()
        lab.report()
        path = os.path.join(lab.path, "report", "lab.json")
        with open(path) as f:
            data = json.load(f)
        data["nbsim"] = data["nbsim"][1:]
        with open(path, "w") as f:
            json.dump(data, f)
        r = lab.verify(write_report=False)
        self.assertEqual(r.returncode, 1)
        self.assertIn("FAIL: report.json and lab.json hold the same nbsim runs", r.stdout)

    def test_verify_without_report_json_is_bad_input(self):
        lab = self.lab()
        lab.headline()
        r = lab.verify(write_report=False)
        self.assertEqual(r.returncode, 2)
        self.assertIn("report.json", r.stderr)

    def test_verify_fails_on_a_control_that_barely_migrates(self):
        self.assert_verify_fails("control with 1 migrated 4000 pages", control_on=4000)


if __name__ == "__main__":
    unittest.main()
