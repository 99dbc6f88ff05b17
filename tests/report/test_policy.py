# SPDX-License-Identifier: GPL-2.0-or-later
"""The third condition, --numa-balancing=0-tasks (off by the tasks' memory
policy alone, the sysctl left at 1), on synthetic runs: what a run must
show to be what its label says (SLURM_NUMA_BALANCING=0, a memory policy
the scanner skips on every task; the sysctl reported; nbsim's own
counters zero, or without them node-wide counters only shown), a 1 run under such a policy contradicting its
label, nbsim and --command runs beside 1 and 0 in one report (order,
labels, comparisons, the kernel line with what the sysctl was, the
report.json keys), and run directories from before the memory policy was
recorded."""

import contextlib
import io
import itertools
import json
import os
import tempfile
import unittest

import numpy as np

import synth
from nbreport import cli, compare, conditions, headline, policy, verdict
from nbreport.cmdrun import load_command_run
from nbreport.rundir import RunDirError, load_run

TASKS = "0-tasks"


def write_nbsim(path, **kw):
    kw.setdefault("time_sim_s", 10.0)
    ct = np.full((1, 20), 0.001)
    sp = np.ones((1, 20), dtype=np.int64)
    return synth.write_run(path, ct, sp, synth.summary(1, 20, **kw))


class PolicyNamesTest(unittest.TestCase):
    def test_scanned(self):
        self.assertTrue(policy.scanned("default"))
        self.assertTrue(policy.scanned("bind=balancing"))
        self.assertTrue(policy.scanned("bind=static|balancing"))
        self.assertFalse(policy.scanned("local"))
        self.assertFalse(policy.scanned("bind"))
        self.assertFalse(policy.scanned("prefer=relative"))
        self.assertIsNone(policy.scanned("unknown"))
        self.assertIsNone(policy.scanned("unset"))


class TasksVerdictTest(unittest.TestCase):
    def setUp(self):
        self.dir = self.enterContext(tempfile.TemporaryDirectory())
        self.runs = itertools.count()

    def judge(self, **kw):
        path = write_nbsim(f"{self.dir}/run{next(self.runs)}", **kw)
        return verdict.judge(load_run(path))

    def check(self, v, name):
        return next(c for c in v.checks if c.name == name)

    def test_off_by_policy_with_sysctl_1(self):
        v = self.judge(requested=TASKS, policy=["local"])
        self.assertEqual(v.label, TASKS)
        self.assertEqual(v.status, verdict.OK, v.checks)
        self.assertIn("1 at start and end on 1 host(s): off by the tasks' "
                      "memory policy alone",
                      self.check(v, "kernel value").message)
        self.assertEqual(self.check(v, "memory policy").message,
                         "the tasks ran under local")
        self.assertEqual(self.check(v, "in force").message,
                         "SLURM_NUMA_BALANCING=0")

    def test_default_policy_contradicts(self):
        v = self.judge(requested=TASKS, policy=["default"])
        self.assertEqual(v.status, verdict.FAIL)
        self.assertIn("the scanner works on memory under default",
                      self.check(v, "memory policy").message)

    def test_in_force_1_contradicts(self):
        v = self.judge(requested=TASKS, policy=["local"], in_force=1)
        self.assertEqual(self.check(v, "in force").status, verdict.FAIL)

    def test_sysctl_0_is_a_warning(self):
        v = self.judge(requested=TASKS, policy=["local"], kernel=(0, 0))
        self.assertEqual(v.status, verdict.WARN)
        self.assertIn("does not show the memory policy alone",
                      self.check(v, "kernel value").message)

    def test_node_wide_counters_are_a_note(self):
        # Without nbsim's own counters (an older nbsim, a --command run)
        # the node's counters include processes without the policy: the
        # policy decides, the counters are shown.
        v = self.judge(requested=TASKS, policy=["local"],
                       counters=synth.vmstat(pte=300, faults=40))
        c = self.check(v, "counters")
        self.assertEqual((v.status, c.status), (verdict.OK, verdict.OK))
        self.assertIn("node1: 300 PTE updates, 40 hint faults", c.message)
        self.assertIn("the tasks' memory policy decides", c.message)

    def test_own_counters_decide(self):
        busy = synth.vmstat(pte=300, faults=40)
        v = self.judge(requested=TASKS, policy=["local"], counters=busy,
                       own=[synth.own()])
        c = self.check(v, "counters")
        self.assertEqual((v.status, c.status), (verdict.OK, verdict.OK))
        self.assertEqual(c.message, "nbsim's own process took no hint fault "
                         "and migrated no page")
        for migrated, faults in ((0, 7), (3, 0)):
            v = self.judge(requested=TASKS, policy=["local"], counters=busy,
                           own=[synth.own(migrated=migrated, faults=faults)])
            c = self.check(v, "counters")
            self.assertEqual((v.status, c.status),
                             (verdict.FAIL, verdict.FAIL))
            self.assertIn("balancing reached nbsim's own process", c.message)

    def test_policy_not_recorded(self):
        v = self.judge(requested=TASKS)
        self.assertEqual(v.status, verdict.WARN)
        self.assertIn("not recorded", self.check(v, "memory policy").message)

    def test_balancing_on_under_local_contradicts(self):
        v = self.judge(requested=1, policy=["local"])
        self.assertEqual(v.status, verdict.FAIL)
        self.assertIn("the scanner skips memory under local",
                      self.check(v, "memory policy").message)
        v = self.judge(requested=1, policy=["bind=balancing"])
        self.assertEqual(v.status, verdict.OK, v.checks)

    def test_off_by_sysctl_takes_any_policy(self):
        v = self.judge(requested=0, policy=["local"])
        self.assertEqual(v.status, verdict.OK, v.checks)


class TasksRunDirTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def test_other_words_refused(self):
        path = write_nbsim(f"{self.tmp.name}/bad", requested=TASKS)
        with open(f"{path}/summary.json") as f:
            s = json.load(f)
        s["numa_balancing_requested"] = "1-tasks"
        with open(f"{path}/summary.json", "w") as f:
            json.dump(s, f)
        with self.assertRaisesRegex(RunDirError, "'0-tasks' or null"):
            load_run(path)

    def test_policy_per_rank(self):
        path = write_nbsim(f"{self.tmp.name}/short", requested=TASKS,
                           policy=["local", "local"])
        with self.assertRaisesRegex(RunDirError, "memory_policy must list 1"):
            load_run(path)

    def test_command_run(self):
        run = load_command_run(synth.command_run(
            f"{self.tmp.name}/cmd", requested=TASKS, policy="local",
            hosts=("a", "b")))
        self.assertEqual((run.requested, run.summary["numa_balancing_in_force"]),
                         (TASKS, 0))
        self.assertEqual(policy.of_run(run), ["local"] * 4)
        self.assertEqual(verdict.judge(run).status, verdict.OK)

    def test_command_run_samples_without_policy(self):
        run = load_command_run(synth.command_run(f"{self.tmp.name}/old",
                                                 requested=1))
        self.assertIsNone(policy.of_run(run))
        self.assertEqual(verdict.judge(run).status, verdict.OK)


class ThreeConditionsTest(unittest.TestCase):
    """nbsim and a --command program with 1, 0 and 0-tasks, 6 tagged
    repetitions each: nbsim's 0-tasks runs are 2 % slower than its 0 runs,
    1 is 10 % slower than either."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.paths, job = [], 100
        rtf = {1: 1.10, 0: 1.00, TASKS: 1.02}
        pol = {1: ["default"], 0: ["local"], TASKS: ["local"]}
        for rep in range(1, 7):
            for v in (1, 0, TASKS):
                job += 1
                self.paths.append(write_nbsim(
                    os.path.join(self.tmp.name, f"rep{rep:02d}-nb{v}-glibc"),
                    requested=v, rtf=rtf[v] + rep / 1000, job_id=str(job),
                    rep=f"{rep:02d}", policy=pol[v]))
            for v in (1, 0, TASKS):
                job += 1
                self.paths.append(synth.command_run(
                    os.path.join(self.tmp.name, f"rep{rep:02d}-nb{v}-touch"),
                    requested=v, rep=f"{rep:02d}", job_id=str(job),
                    policy=pol[v][0], wall_s=3.0 + rep / 10))

    def tearDown(self):
        self.tmp.cleanup()

    def test_conditions_and_comparisons(self):
        runs = [load_run(p) if "glibc" in p else load_command_run(p)
                for p in self.paths]
        for r in runs:
            r.verdict = verdict.judge(r)
        conds = conditions.group(runs)
        self.assertEqual([c.label for c in conds], [
            "numa_balancing=1, nbsim", "numa_balancing=0, nbsim",
            "numa_balancing=0-tasks, nbsim", "numa_balancing=1, touch",
            "numa_balancing=0, touch", "numa_balancing=0-tasks, touch"])
        comps = [c for c in compare.comparisons(conds)
                 if c.num.app == "nbsim"]
        self.assertEqual([(c.num.balancing, c.den.balancing) for c in comps],
                         [(1, 0), (1, TASKS), (TASKS, 0)])
        self.assertAlmostEqual(comps[2].clean.median, 1.02, places=3)
        self.assertTrue(comps[2].clean.excludes_one)
        words = [headline.runtime_line(c, conds).text for c in comps]
        self.assertTrue(words[0].startswith(
            "nbsim, balancing 1 over 0: 10 % slower with 1 (95 % CI"),
            words[0])
        self.assertTrue(words[1].startswith("nbsim, balancing 1 over 0-tasks:"
                                            " 7.8 % slower with 1"), words[1])
        self.assertTrue(words[2].startswith("nbsim, balancing 0-tasks over 0:"
                                            " 2.0 % slower with 0-tasks"),
                        words[2])

    def report(self):
        out = os.path.join(self.tmp.name, "report")
        stdout, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), \
                contextlib.redirect_stderr(err):
            code = cli.main([*self.paths, "-o", out])
        with open(os.path.join(out, "report.json")) as f:
            return code, stdout.getvalue(), json.load(f)

    def test_report(self):
        code, text, rep = self.report()
        self.assertEqual(code, 0, text)
        kernel = next(h for h in rep["headline"] if h["topic"] == "kernel")
        tasks = [d for d in kernel["detail"] if "0-tasks" in d]
        self.assertEqual(len(tasks), 2)
        for d in tasks:
            self.assertIn(": 0/s hint faults, 0/s pages migrated", d)
            self.assertTrue(d.endswith("off by the tasks' memory policy "
                                       "(local) while the sysctl was 1"), d)
        self.assertEqual(len(kernel["detail"]), 6)
        self.assertEqual(rep["in_force"]["in_force"], 36)
        by = {c["label"]: c for c in rep["conditions"]}
        c = by["numa_balancing=0-tasks, nbsim"]
        self.assertEqual(c["key"]["numa_balancing"], TASKS)
        self.assertEqual((c["sysctl_values"], c["memory_policies"]),
                         ([1], ["local"]))
        self.assertEqual(by["numa_balancing=0, touch"]["sysctl_values"], [0])
        self.assertEqual((c["hint_faults_per_s"], c["pages_migrated_per_s"]),
                         (0.0, 0.0))
        run = next(r for r in rep["runs"] if r["name"] == "rep01-nb0-tasks-glibc")
        self.assertEqual((run["numa_balancing_requested"],
                          run["memory_policy"]), (TASKS, ["local"]))
        pairs = [(x["numerator"], x["denominator"]) for x in rep["comparisons"]
                 if x["factor"] == "numa_balancing"]
        ident = {c["label"]: c["id"] for c in rep["conditions"]}
        self.assertIn((ident["numa_balancing=0-tasks, touch"],
                       ident["numa_balancing=0, touch"]), pairs)
        self.assertEqual(len(pairs), 6)

    def test_old_runs_keep_their_report(self):
        """Run directories without memory_policy (written before it was
        recorded) and with 1 and 0 only give the report they gave."""
        old = [p for p in self.paths if "0-tasks" not in p]
        for p in old:
            if "glibc" in p:
                with open(f"{p}/summary.json") as f:
                    s = json.load(f)
                del s["memory_policy"]
                with open(f"{p}/summary.json", "w") as f:
                    json.dump(s, f)
        out = os.path.join(self.tmp.name, "old")
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(cli.main([*old, "-o", out]), 0)
        with open(os.path.join(out, "report.json")) as f:
            rep = json.load(f)
        self.assertEqual(len(rep["comparisons"]), 2)
        nbsim = next(r for r in rep["runs"] if r["name"] == "rep01-nb1-glibc")
        self.assertIsNone(nbsim["memory_policy"])


if __name__ == "__main__":
    unittest.main()
