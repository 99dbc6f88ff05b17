# SPDX-License-Identifier: GPL-2.0-or-later
"""The headline's machine line and what goes with it, on synthetic runs:
runs on one NUMA node get "nothing can migrate" up front and one
folded "numa:" line when no page moved; --where puts the caller's words
first; runs on two nodes that migrated keep their per-run lines; nbsim
and a --command program in one report get conditions named by their
application, each with its hint faults and pages migrated per second."""

import contextlib
import io
import json
import os
import tempfile
import unittest

import numpy as np

import synth
from nbreport import cli


class MachineTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.rng = np.random.default_rng(11)
        self.job = 900

    def tearDown(self):
        self.tmp.cleanup()

    def nbsim(self, name, nb, rep, **kw):
        self.job += 1
        return synth.random_run(os.path.join(self.tmp.name, name), self.rng,
                                requested=nb, rep=rep, job_id=str(self.job),
                                ranks=1, cycles=200, **kw)

    def command(self, name, nb, rep, **kw):
        self.job += 1
        return synth.command_run(os.path.join(self.tmp.name, name),
                                 requested=nb, rep=rep, job_id=str(self.job),
                                 **kw)

    def report(self, runs, *extra):
        out = os.path.join(self.tmp.name, "report")
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout):
            code = cli.main(runs + ["-o", out, *extra])
        self.assertEqual(code, 0, stdout.getvalue())
        with open(os.path.join(out, "report.json")) as f:
            return stdout.getvalue(), json.load(f)

    def numa_lines(self, stdout):
        return [ln for ln in stdout.splitlines() if ln.startswith("numa: ")]

    def test_one_node_says_nothing_can_migrate_and_folds(self):
        runs = [self.nbsim(f"rep{i}-nb{nb}", nb, f"0{i}")
                for i in (1, 2, 3) for nb in (1, 0)]
        runs.append(self.command("cmd-nb1", 1, "01"))
        stdout, obj = self.report(runs)
        first = next(ln for ln in stdout.splitlines()
                     if ln.startswith("machine: "))
        self.assertEqual(first, "machine: NOTHING CAN MIGRATE: one NUMA node "
                         "(node1): the kernel has no other node to move a "
                         "page to, so no page can migrate there whatever the "
                         "setting; the scanner's hint faults and their cost "
                         "still show")
        self.assertEqual(self.numa_lines(stdout), [
            "numa: all 6 runs: 0 pages migrated in every run, remote share "
            "of hint faults 0.00 %; one NUMA node: nothing can migrate "
            "there"])
        self.assertTrue(obj["one_numa_node"])
        machine = next(h for h in obj["headline"] if h["topic"] == "machine")
        self.assertEqual(machine["status"], "warn")
        self.assertEqual({r["numa_nodes"] for r in obj["runs"]}, {1})

    def test_where_comes_first(self):
        runs = [self.nbsim(f"nb{nb}", nb, "01", numa_nodes=2,
                           counters=synth.vmstat(pte=900, faults=400,
                                                 local=300, migrated=40)
                           if nb else None)
                for nb in (1, 0)]
        stdout, obj = self.report(runs, "--where", "ran in the lab because "
                                  "this host has 1 NUMA node")
        self.assertIn("\nmachine: ran in the lab "
                      "because this host has 1 NUMA node; 2 NUMA nodes "
                      "(node1)\n", stdout)
        self.assertEqual(obj["where"], "ran in the lab because this host "
                         "has 1 NUMA node")
        self.assertFalse(obj["one_numa_node"])
        # Pages moved: per condition and per run, no folding.
        lines = self.numa_lines(stdout)
        self.assertEqual(len(lines), 4, lines)
        self.assertIn("numa: nb1: 40 pages migrated", "\n".join(lines))

    def test_where_must_be_one_line(self):
        runs = [self.nbsim("nb1", 1, "01")]
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = cli.main(runs + ["-o", os.path.join(self.tmp.name, "r"),
                                    "--where", "a\nb"])
        self.assertEqual(code, cli.EXIT_BAD_INPUT)
        self.assertIn("--where needs one line of text", err.getvalue())

    def test_nbsim_and_a_program_side_by_side(self):
        moved = synth.vmstat(pte=30000, faults=600, local=300, migrated=9000)
        runs = []
        for rep, order in (("01", (1, 0)), ("02", (0, 1))):
            for nb in order:
                runs.append(self.nbsim(f"rep{rep}-nb{nb}-glibc", nb, rep,
                                       numa_nodes=2))
            for nb in order:
                runs.append(self.command(
                    f"rep{rep}-nb{nb}-refpattern", nb, rep, numa_nodes=2,
                    command="srun /x/build/lab/refpattern --mib 64 "
                    "--seconds 3", counters=moved if nb else None))
        stdout, obj = self.report(runs)
        self.assertEqual([c["label"] for c in obj["conditions"]], [
            "numa_balancing=1, nbsim", "numa_balancing=0, nbsim",
            "numa_balancing=1, refpattern", "numa_balancing=0, refpattern"])
        self.assertEqual(sorted((c["numerator"], c["denominator"])
                                for c in obj["comparisons"]),
                         [("c1", "c2"), ("c3", "c4")])
        kernel = stdout.split("\nkernel: ", 1)[1].split("\nenergy: ", 1)[0]
        # The command's window is wall_s + 0.2 s = 3.2 s.
        self.assertIn("numa_balancing=1, refpattern: 187/s hint faults, "
                      "2,812/s pages migrated, 50.0% remote", kernel)
        self.assertIn("numa_balancing=0, refpattern: 0/s hint faults, 0/s "
                      "pages migrated, no hint faults", kernel)
        ref = next(c for c in obj["conditions"] if c["id"] == "c3")
        self.assertAlmostEqual(ref["pages_migrated_per_s"], 9000 / 3.2)
        for app in ("nbsim", "refpattern"):
            self.assertIn(f"run time: {app}, balancing 1 over 0: "
                          "inconclusive, run 4 more pair(s) (2 pair(s)",
                          stdout)
        self.assertIn("all runs: no field is common to all conditions",
                      stdout)


if __name__ == "__main__":
    unittest.main()
