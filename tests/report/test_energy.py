# SPDX-License-Identifier: GPL-2.0-or-later
"""Energy in the report: sacct's recorded output (fixtures/sacct, the
shapes a site's accounting gives: job line, batch, extern and srun
steps, empty, 0 and NO_VAL values) read into one value per job or a
flag; nbsim's RAPL key of summary.json read likewise; and the whole
report on synthetic validations: energy per run and per simulated
second, the paired energy ratio with its sign-test interval, the source
and its scope in the headline, flagged values named and left out."""

import contextlib
import io
import json
import os
import shutil
import tempfile
import unittest

import numpy as np

import synth
from nbreport import cli, sacct
from nbreport.rundir import load_run
from nbreport import energy

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "fixtures", "sacct")


def fixture(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return f.read()


class SacctTest(unittest.TestCase):
    def parse(self, name, job):
        return sacct.parse(fixture(name), job)

    def test_whole_node_job_uses_the_job_line(self):
        a = self.parse("whole-node.txt", "4242")
        self.assertEqual((a.joules, a.line, a.flag), (91234.0, "job", None))
        self.assertEqual(a.lines, {"4242": "91234", "4242.batch": "91234",
                                   "4242.extern": "91380",
                                   "4242.0": "88710"})

    def test_empty_job_line_falls_back_to_the_extern_step(self):
        a = self.parse("steps-only.txt", "4243")
        self.assertEqual((a.joules, a.line), (45200.0, "extern step"))

    def test_zero_job_line_without_extern_uses_the_batch_step(self):
        a = self.parse("batch-only.txt", "4247")
        self.assertEqual((a.joules, a.line), (3120.0, "batch step"))

    def test_zero_empty_and_no_val_are_flagged(self):
        for name, job, words in (
                ("zero.txt", "4244", "job: 0 (nothing measured); extern "
                 "step: 0 (nothing measured); batch step: 0"),
                ("empty.txt", "4245", "job: empty (not accounted)"),
                ("no-val.txt", "4246", "job: NO_VAL (18446744073709551614"),
                ("garbage.txt", "4249", "job: not a number ('n/a')")):
            a = self.parse(name, job)
            self.assertIsNone(a.joules, name)
            self.assertIn(words, a.flag, name)

    def test_parsable_with_trailing_bar_and_no_header(self):
        a = self.parse("parsable.txt", "4248")
        self.assertEqual((a.joules, a.line), (5000.0, "job"))

    def test_no_line_of_the_job(self):
        self.assertEqual(self.parse("no-record.txt", "4250").flag,
                         "sacct has no line of job 4250")
        # Another job's lines are not this job's.
        self.assertEqual(self.parse("whole-node.txt", "424").flag,
                         "sacct has no line of job 424")

    def test_not_sacct_output(self):
        a = sacct.parse("JobID|ConsumedEnergyRaw\n1|2|3|4\n", "1")
        self.assertIn("unreadable sacct output", a.flag)

    def test_run_directory_files(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertIsNone(sacct.load(d, "4242"))
            shutil.copy(os.path.join(FIXTURES, "whole-node.txt"),
                        os.path.join(d, sacct.OUTPUT))
            with open(os.path.join(d, sacct.PLUGIN), "w") as f:
                f.write("acct_gather_energy/ipmi\n")
            a = sacct.load(d, "4242")
            self.assertEqual((a.joules, a.scope), (91234.0, "node"))
            os.remove(os.path.join(d, sacct.OUTPUT))
            with open(os.path.join(d, sacct.FAILED), "w") as f:
                f.write("sacct: error: Slurm accounting storage is "
                        "disabled\nsacct exited 1\n")
            self.assertEqual(sacct.load(d, "4242").flag, "sacct failed: "
                             "sacct: error: Slurm accounting storage is "
                             "disabled")


class RaplTest(unittest.TestCase):
    def reading(self, obj):
        with tempfile.TemporaryDirectory() as d:
            path = synth.random_run(os.path.join(d, "r"),
                                    np.random.default_rng(1), energy=obj)
            return energy.rapl(load_run(path))

    def test_package_and_dram(self):
        r = self.reading(synth.rapl(50.0, 10.0))
        self.assertEqual((r.joules, r.scope, r.flag),
                         (60.0, "package+dram", None))

    def test_package_only(self):
        r = self.reading(synth.rapl(50.0))
        self.assertEqual((r.joules, r.scope), (50.0, "package"))

    def test_flagged(self):
        for obj, words in (
                (synth.no_rapl(), "not read: node1: no powercap tree"),
                (synth.rapl(0.0, 1.0), "package_j is 0.0: nothing measured"),
                (dict(synth.rapl(5.0, 1.0), scope="package"), "does not match"),
                (dict(synth.rapl(5.0), package_j=None), "not a number"),
                ({"source": "ipmi"}, "unknown source 'ipmi'"),
                ([1, 2], "not an object")):
            r = self.reading(obj)
            self.assertIsNone(r.joules, obj)
            self.assertIn(words, r.flag, obj)


class EnergyReportTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.rng = np.random.default_rng(5)
        self.job = 500

    def tearDown(self):
        self.tmp.cleanup()

    def run_dir(self, name, nb, rep, joules=None, plugin=None, **kw):
        """One nbsim run; joules: the sacct value of its job line (text,
        "" or "0" for a flagged one), recorded as nbv-job-energy does."""
        self.job += 1
        path = synth.random_run(os.path.join(self.tmp.name, name), self.rng,
                                requested=nb, rep=rep, job_id=str(self.job),
                                ranks=1, cycles=200, **kw)
        if joules is not None:
            with open(os.path.join(path, sacct.OUTPUT), "w") as f:
                f.write(f"JobID|ConsumedEnergyRaw\n{self.job}|{joules}\n"
                        f"{self.job}.batch|{joules}\n")
        if plugin:
            with open(os.path.join(path, sacct.PLUGIN), "w") as f:
                f.write(plugin + "\n")
        return path

    def pairs(self, on, off, **kw):
        """One pair per element of on and off, each the sacct value of the
        run's job line or a dict of run_dir() arguments."""
        runs = []
        for i, pair in enumerate(zip(on, off)):
            rep = f"{i + 1:02d}"
            for nb, x in zip((1, 0), pair):
                args = dict(x) if isinstance(x, dict) else {"joules": x}
                runs.append(self.run_dir(f"rep{rep}-nb{nb}", nb, rep,
                                         **args, **kw))
        return runs

    def report(self, runs):
        out = os.path.join(self.tmp.name, "report")
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout):
            code = cli.main(runs + ["-o", out])
        self.assertEqual(code, 0, stdout.getvalue())
        with open(os.path.join(out, "report.json")) as f:
            return stdout.getvalue(), json.load(f)

    def energy_line(self, stdout):
        return stdout.split("\nenergy: ", 1)[1].split("\nruns: ", 1)[0]

    def test_sacct_energy_ratio_and_flags(self):
        # Balancing on costs 20-25 % more energy in 7 pairs; the 8th
        # pair's =0 run has 0 J (flagged) and is left out.
        on = ["1200", "1210", "1220", "1230", "1240", "1250", "1245", "1300"]
        off = ["1000"] * 7 + ["0"]
        stdout, obj = self.report(self.pairs(
            on, off, plugin="acct_gather_energy/ipmi"))
        (comp,) = obj["comparisons"]
        e = comp["energy"]
        self.assertEqual(e["source"], "sacct")
        self.assertEqual(e["clean"]["pairs"], 7)
        self.assertAlmostEqual(e["clean"]["median_ratio"], 1.23)
        np.testing.assert_allclose(e["clean"]["ci95"], [1.2, 1.25])
        self.assertTrue(e["clean"]["conclusive"])
        bad = [p for p in e["pairs"] if p["ratio"] is None]
        self.assertEqual([p["rep"] for p in bad], ["08"])
        self.assertIn("rep08-nb0", bad[0]["unusable"])
        line = self.energy_line(stdout)
        self.assertTrue(line.startswith(
            "Slurm's accounting (sacct ConsumedEnergyRaw) of the whole job "
            "(the whole node); only whole-node (exclusive) jobs account a "
            "job's own energy"), line)
        self.assertIn("nbsim, balancing 1 over 0: 23 % more energy with 1 "
                      "(95 % CI 20-25 %", line)
        self.assertIn("flagged, not used: rep08-nb0: sacct: job: 0 "
                      "(nothing measured)", line)
        run = next(r for r in obj["runs"] if r["name"] == "rep01-nb1")
        self.assertEqual(run["energy"]["sacct"]["joules"], 1200.0)
        self.assertEqual(run["energy"]["sacct"]["line"], "job")
        # 200 cycles of 1.5 ms: 0.3 s of model time.
        self.assertAlmostEqual(
            run["energy"]["sacct"]["joules_per_model_s"], 1200 / 0.3)
        self.assertEqual(obj["energy"]["sources"]["sacct"],
                         {"measured": 15, "flagged": 1,
                          "scope": "the whole node"})
        cond = obj["conditions"][0]["energy"]["sacct"]
        self.assertEqual(cond["measured"], 8)
        self.assertAlmostEqual(cond["median_j_per_model_s"], 1235 / 0.3)

    def test_rapl_is_used_and_scoped(self):
        on = [{"joules": "900", "energy": synth.rapl(100.0 + i, 20.0)}
              for i in range(6)]
        off = [{"joules": "800", "energy": e}
               for e in [synth.rapl(80.0, 20.0)] * 5 + [synth.no_rapl()]]
        runs = self.pairs(on, off)
        stdout, obj = self.report(runs)
        e = obj["comparisons"][0]["energy"]
        # sacct has all 6 pairs, RAPL 5: sacct has more pairs.
        self.assertEqual(e["source"], "sacct")
        line = self.energy_line(stdout)
        self.assertIn("RAPL, read by nbsim over its simulation phase "
                      "(package + DRAM)", line)
        self.assertIn("flagged, not used: rep06-nb0: rapl: not read: "
                      "node1: no powercap tree", line)
        run = next(r for r in obj["runs"] if r["name"] == "rep02-nb1")
        self.assertEqual(run["energy"]["rapl"]["joules"], 121.0)
        self.assertEqual(run["energy"]["rapl"]["scope"], "package+dram")
        # Without sacct records, RAPL's 5 pairs decide.
        for r in runs:
            os.remove(os.path.join(r, sacct.OUTPUT))
        shutil.rmtree(os.path.join(self.tmp.name, "report"))
        stdout, obj = self.report(runs)
        e = obj["comparisons"][0]["energy"]
        self.assertEqual((e["source"], e["clean"]["pairs"]), ("rapl", 5))
        self.assertAlmostEqual(e["clean"]["median_ratio"], 122 / 100)

    def test_not_measured(self):
        runs = self.pairs([None, None], [None, None], energy=synth.no_rapl())
        stdout, obj = self.report(runs)
        self.assertEqual(self.energy_line(stdout),
                         "not measured: rapl: not read: node1: no powercap "
                         "tree at /sys/class/powercap (4 runs)")
        self.assertIsNone(obj["comparisons"][0]["energy"])
        self.assertEqual(obj["energy"]["sources"]["rapl"],
                         {"measured": 0, "flagged": 4, "scope": "none"})


if __name__ == "__main__":
    unittest.main()
