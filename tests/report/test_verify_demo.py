# SPDX-License-Identifier: GPL-2.0-or-later
"""verify_demo.py's `--expect lab` checks (what check-demo-lab asserts) on
the report of synthetic runs as the demo in the emulated two-node machine
leaves them: 1, 0 and 0-tasks for nbsim and a control program. The
report passes (also when the node took hint faults in a 0-tasks run, as
the Slurm daemons it scans do); it fails when nbsim's own process took a
hint fault or migrated a page in a 0-tasks run or did not record its
counters, when the node took hint faults under the sysctl at 0, when a
0-tasks condition's sysctl was 0, when the headline lacks a condition's
rates or nbsim's own zeros, when a run-time line claims an effect from
the emulated machine's times, and without nbsim's 0-tasks condition."""

import contextlib
import copy
import io
import json
import os
import tempfile
import unittest

import numpy as np

import synth
import verify_demo
from nbreport import cli

QEMU = "QEMU Virtual CPU version 2.5+"
WHERE = ("ran in the lab's emulated two-node machine (lab/guest: qemu TCG) "
         "because this machine has 1 NUMA node, where no page can migrate")


class VerifyLabTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        moved = synth.vmstat(pte=5000, faults=600, local=580, migrated=40)
        paths, job = [], 0
        pol = {1: "default", 0: "local", "0-tasks": "local"}
        own = {1: synth.own(migrated=30, faults=240), 0: synth.own(),
               "0-tasks": synth.own()}
        for rep in range(1, 4):
            for v in (1, 0, "0-tasks"):
                job += 1
                ct = np.full((1, 20), 0.001)
                s = synth.summary(1, 20, requested=v, rep=f"{rep:02d}",
                                  job_id=str(job), time_sim_s=6.0,
                                  numa_nodes=2, policy=[pol[v]], own=[own[v]],
                                  prov=synth.provenance(1, cpu_model=QEMU),
                                  counters=moved if v == 1 else None)
                paths.append(synth.write_run(
                    os.path.join(cls.tmp.name, f"rep{rep:02d}-nb{v}-glibc"),
                    ct, np.ones((1, 20), dtype=np.int64), s))
                paths.append(synth.command_run(
                    os.path.join(cls.tmp.name, f"rep{rep:02d}-nb{v}-ref"),
                    requested=v, rep=f"{rep:02d}", job_id=str(100 + job),
                    policy=pol[v], numa_nodes=2, command="srun ./ref",
                    cpu_model=QEMU,
                    counters=moved if v == 1 else None))
        out = os.path.join(cls.tmp.name, "report")
        with contextlib.redirect_stdout(io.StringIO()):
            assert cli.main([*paths, "-o", out, "--where", WHERE]) == 0
        with open(os.path.join(out, "report.json")) as f:
            cls.report = json.load(f)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def problems(self, obj):
        return list(verify_demo.lab_problems(obj))

    def tasks_condition(self, obj, app="nbsim"):
        return next(c for c in obj["conditions"]
                    if c["key"]["numa_balancing"] == "0-tasks"
                    and c["key"]["app"] == app)

    def test_passes(self):
        self.assertEqual(self.problems(self.report), [])

    def test_runtime_claimed_in_the_emulated_machine(self):
        obj = copy.deepcopy(self.report)
        line = next(h for h in obj["headline"] if h["topic"] == "run time")
        self.assertIn("not measurable here: emulated machine", line["text"])
        line["text"] = "nbsim, balancing 1 over 0: 10 % slower with 1"
        self.assertEqual(len(self.problems(obj)), 1)
        self.assertIn("does not say it is not measurable",
                      self.problems(obj)[0])

    def nbsim_runs(self, obj, cond):
        return [r for r in obj["runs"] if r["condition"] == cond["id"]
                and r["kind"] == "nbsim"]

    def set_kernel_line(self, obj, label, text):
        kernel = next(h for h in obj["headline"] if h["topic"] == "kernel")
        kernel["detail"] = [f"{label}: {text}" if d.startswith(label + ":")
                            else d for d in kernel["detail"]]

    def test_headline_says_own_zero(self):
        label = self.tasks_condition(self.report)["label"]
        line = next(d for h in self.report["headline"] if h["topic"] == "kernel"
                    for d in h["detail"] if d.startswith(label + ":"))
        self.assertIn(verify_demo.OWN_ZERO, line)

    def test_node_wide_hint_faults_under_the_policy(self):
        """The node's counters count the Slurm daemons too: hint faults
        there are no problem while nbsim's own are zero."""
        obj = copy.deepcopy(self.report)
        cond = self.tasks_condition(obj)
        for run in self.nbsim_runs(obj, cond):
            run["kernel"]["numa_hint_faults"] = 3
            run["kernel"]["numa_pages_migrated"] = 4
        self.assertEqual(self.problems(obj), [])

    def test_own_hint_faults_under_the_policy(self):
        obj = copy.deepcopy(self.report)
        cond = self.tasks_condition(obj)
        run = self.nbsim_runs(obj, cond)[1]
        run["process_numa"]["numa_faults_end"] = 2
        self.set_kernel_line(obj, cond["label"], "0/s hint faults, 0/s pages "
                             "migrated, no hint faults; nbsim's own process: "
                             "0/s pages migrated, 2 hint faults")
        found = self.problems(obj)
        self.assertIn(f"{run['name']}: nbsim's own process migrated 0 pages "
                      f"and took hint faults (count 2) under {cond['label']}",
                      found)
        self.assertTrue(any(p.startswith("the headline shows nbsim's own "
                                         "process balanced") for p in found),
                        found)

    def test_own_pages_migrated_under_the_policy(self):
        obj = copy.deepcopy(self.report)
        cond = self.tasks_condition(obj)
        run = self.nbsim_runs(obj, cond)[0]
        run["process_numa"]["pages_migrated"] = 1
        self.assertIn(f"{run['name']}: nbsim's own process migrated 1 pages "
                      f"and took hint faults (count 0) under {cond['label']}",
                      self.problems(obj))

    def test_own_counters_not_recorded(self):
        obj = copy.deepcopy(self.report)
        run = self.nbsim_runs(obj, self.tasks_condition(obj))[2]
        run["process_numa"] = None
        self.assertEqual([f"{run['name']}: nbsim's own NUMA counters not "
                          "recorded"], self.problems(obj))

    def test_node_wide_hint_faults_under_sysctl_0(self):
        obj = copy.deepcopy(self.report)
        for c in obj["conditions"]:
            if c["key"]["numa_balancing"] == 0:
                for run in obj["runs"]:
                    if run["condition"] == c["id"]:
                        run["kernel"]["numa_hint_faults"] = 1
        self.assertIn("no condition with 0 without migrations and hint "
                      "faults", self.problems(obj))

    def test_control_counters_count_the_step_daemons(self):
        """A --command run's window holds the job's step daemons, which
        carry no policy: its hint faults are no problem."""
        obj = copy.deepcopy(self.report)
        cond = self.tasks_condition(obj, "ref")
        for run in obj["runs"]:
            if run["condition"] == cond["id"]:
                run["kernel"]["numa_hint_faults"] = 57
        self.assertEqual(self.problems(obj), [])

    def test_sysctl_0(self):
        obj = copy.deepcopy(self.report)
        self.tasks_condition(obj, "ref")["sysctl_values"] = [0]
        self.assertTrue(any("sysctl [0]" in p for p in self.problems(obj)))

    def test_headline_lacks_a_condition(self):
        obj = copy.deepcopy(self.report)
        kernel = next(h for h in obj["headline"] if h["topic"] == "kernel")
        label = self.tasks_condition(obj)["label"]
        kernel["detail"] = [d for d in kernel["detail"]
                            if not d.startswith(label + ":")]
        self.assertIn(f"the headline's kernel line lacks {label}: ''",
                      self.problems(obj))

    def test_no_tasks_condition(self):
        obj = copy.deepcopy(self.report)
        obj["conditions"] = [c for c in obj["conditions"]
                             if c["key"]["numa_balancing"] != "0-tasks"]
        self.assertIn("no nbsim condition with 0-tasks (off by the tasks' "
                      "memory policy)", self.problems(obj))


if __name__ == "__main__":
    unittest.main()
