# SPDX-License-Identifier: GPL-2.0-or-later
"""nbsim's own process's NUMA-balancing counters (nbreport/own.py): summed
over ranks, per condition, in words, refused when malformed, and shown
next to the node-wide counters in the headline's kernel line, the runs
table, the per-run numa lines and report.json."""

import contextlib
import io
import json
import os
import tempfile
import unittest

import numpy as np

import synth
from nbreport import cli, conditions, own
from nbreport.rundir import RunDirError, load_run

TASKS = "0-tasks"


def write_nbsim(path, ranks=2, **kw):
    kw.setdefault("time_sim_s", 10.0)
    return synth.write_run(path, np.full((ranks, 20), 0.001),
                           np.ones((ranks, 20), dtype=np.int64),
                           synth.summary(ranks, 20, **kw))


class OwnCountersTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def run_with(self, name, entries, **kw):
        return load_run(write_nbsim(os.path.join(self.tmp.name, name),
                                    ranks=len(entries), own=entries, **kw))

    def test_summed_over_ranks(self):
        run = self.run_with("a", [synth.own(30, 200, 3), synth.own(10, 40, 4)])
        self.assertEqual(own.of_run(run), {
            "pages_migrated": 40, "numa_faults_end": 240, "threads": 7,
            "pages_migrated_per_s": 4.0})

    def test_not_recorded(self):
        run = self.run_with("a", [synth.own(), None])
        self.assertIsNone(own.of_run(run))
        run = load_run(write_nbsim(os.path.join(self.tmp.name, "old")))
        self.assertIsNone(own.of_run(run))
        self.assertEqual(own.run_text(None), "")
        self.assertEqual(own.condition_text(None), "")

    def test_malformed_refused(self):
        with self.assertRaisesRegex(RunDirError, "process_numa must list 2"):
            load_run(write_nbsim(os.path.join(self.tmp.name, "b"),
                                 own=[synth.own()]))
        bad = synth.own()
        bad["threads"] = -1
        with self.assertRaisesRegex(RunDirError, r"process_numa\[1\].threads"):
            self.run_with("c", [synth.own(), bad])

    def condition(self, *entries):
        runs = [self.run_with(f"r{i}", [e], requested=TASKS, rep=f"{i:02d}")
                for i, e in enumerate(entries)]
        (cond,) = conditions.group(runs)
        return own.of_condition(cond)

    def test_condition_all_zero(self):
        s = self.condition(synth.own(), synth.own(), synth.own())
        self.assertEqual(own.condition_text(s), "nbsim's own process took 0 "
                         "hint faults and migrated 0 pages (in all 3 runs)")

    def test_condition_one_fault_is_not_zero(self):
        s = self.condition(synth.own(), synth.own(0, 1), synth.own())
        self.assertEqual((s["numa_faults_end_max"], s["pages_migrated_max"]),
                         (1, 0))
        self.assertEqual(own.condition_text(s), "nbsim's own process: 0/s "
                         "pages migrated, 0 hint faults in the kernel's "
                         "decayed count at the end (medians)")

    def test_condition_migrating(self):
        s = self.condition(synth.own(100, 300), synth.own(200, 500),
                           synth.own(300, 700))
        self.assertEqual(s["pages_migrated_per_s"], 20.0)
        self.assertEqual(s["numa_faults_end_median"], 500)
        self.assertIn("20/s pages migrated, 500 hint faults",
                      own.condition_text(s))

    def test_a_run_without_is_not_recorded(self):
        runs = [self.run_with("r1", [synth.own()], rep="01"),
                load_run(write_nbsim(os.path.join(self.tmp.name, "r2"),
                                     ranks=1, rep="02"))]
        (cond,) = conditions.group(runs)
        self.assertIsNone(own.of_condition(cond))


class OwnInReportTest(unittest.TestCase):
    """A 0-tasks condition whose node took hint faults (the Slurm daemons)
    while nbsim's own process took none, beside a 1 condition."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        paths = []
        for rep in ("01", "02"):
            paths.append(write_nbsim(
                os.path.join(cls.tmp.name, f"rep{rep}-tasks"), ranks=1,
                requested=TASKS, rep=rep, policy=["local"], own=[synth.own()],
                counters=synth.vmstat(pte=90, faults=20, migrated=4)))
            paths.append(write_nbsim(
                os.path.join(cls.tmp.name, f"rep{rep}-on"), ranks=1,
                requested=1, rep=rep, own=[synth.own(50, 800)]))
        out = os.path.join(cls.tmp.name, "report")
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout):
            cli.main(paths + ["-o", out])
        cls.stdout = stdout.getvalue()
        with open(os.path.join(out, "report.json")) as f:
            cls.report = json.load(f)
        with open(os.path.join(out, "index.html")) as f:
            cls.page = f.read()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def kernel(self):
        return next(h for h in self.report["headline"]
                    if h["topic"] == "kernel")["detail"]

    def test_headline(self):
        tasks, on = (next(d for d in self.kernel() if d.startswith(
            f"numa_balancing={v}")) for v in (TASKS, 1))
        self.assertTrue(tasks.startswith("numa_balancing=0-tasks: 2/s hint "
                                         "faults, 0.4/s pages migrated"), tasks)
        self.assertIn("; nbsim's own process took 0 hint faults and migrated "
                      "0 pages (in all 2 runs); ", tasks)
        self.assertIn("; nbsim's own process: 5/s pages migrated, 800 hint "
                      "faults in the kernel's decayed count", on)

    def test_records(self):
        by = {c["label"]: c for c in self.report["conditions"]}
        self.assertEqual(by["numa_balancing=0-tasks"]["process_numa"], {
            "runs": 2, "pages_migrated_per_s": 0.0, "pages_migrated_max": 0,
            "numa_faults_end_median": 0.0, "numa_faults_end_max": 0})
        run = next(r for r in self.report["runs"]
                   if r["name"] == "rep01-on")
        self.assertEqual(run["process_numa"], {
            "pages_migrated": 50, "numa_faults_end": 800, "threads": 3,
            "pages_migrated_per_s": 5.0})
        self.assertEqual(run["kernel"]["numa_hint_faults"], 20000)

    def test_run_lines_and_table(self):
        line = next(ln for ln in self.stdout.splitlines()
                    if ln.startswith("numa: rep01-on: "))
        self.assertTrue(line.endswith("; nbsim's own process: 50 pages "
                                      "migrated, 800 hint faults in the "
                                      "kernel's count at the end"), line)
        self.assertIn("<th>own hint faults</th><th>own pages migrated</th>",
                      self.page)
        self.assertIn("<td>800</td><td>50</td>", self.page)


if __name__ == "__main__":
    unittest.main()
