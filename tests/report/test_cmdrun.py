# SPDX-License-Identifier: GPL-2.0-or-later
"""--command run directories (docs/design.md, Interface 3): loaded with
the counters, kernel values and probes of every node, refused with a
message naming the file when incomplete, and reported with wall time as
the metric and without the cycle figures."""

import contextlib
import io
import json
import os
import tempfile
import unittest

import synth
from nbreport import cli
from nbreport.cmdrun import load_command_run
from nbreport.rundir import RunDirError
from nbreport.verdict import FAIL, OK, judge


class CommandRunTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.tmp.name, name)

    def test_loads_as_written(self):
        run = load_command_run(synth.command_run(
            self.path("r"), hosts=("n1", "n2"), wall_s=3.0, steal_ticks=30))
        s = run.summary
        self.assertEqual((run.kind, run.metric, s["exit_status"]),
                         ("command", 3.0, 0))
        self.assertAlmostEqual(run.window_s, 3.2)
        self.assertEqual(s["hostnames"], ["n1", "n2"])
        self.assertEqual(s["vmstat_delta"]["n2"]["numa_pte_updates"], 50000)
        self.assertEqual(s["numa_balancing"]["n1"], {"start": 1, "end": 1})
        self.assertAlmostEqual(s["disturbance"]["hosts"]["n1"]["steal_s"], 0.3)
        self.assertEqual(run.pair, "01")
        self.assertEqual(judge(run).status, OK)

    def test_kernel_value_changed_is_flagged(self):
        run = load_command_run(synth.command_run(self.path("r"),
                                                 requested=0, kernel=(0, 1)))
        self.assertEqual(judge(run).status, FAIL)

    def test_incomplete_directories_are_refused(self):
        path = synth.command_run(self.path("r"))
        os.remove(os.path.join(path, "node-end-0.txt"))
        with self.assertRaisesRegex(RunDirError, "no node-end"):
            load_command_run(path)
        path = synth.command_run(self.path("s"))
        with open(os.path.join(path, "command-run.txt"), "a") as f:
            f.write("wall_s 2\n")
        with self.assertRaisesRegex(RunDirError, "repeated key 'wall_s'"):
            load_command_run(path)
        path = synth.command_run(self.path("t"))
        file = os.path.join(path, "command-run.txt")
        with open(file) as f:
            text = f.read().replace("wall_s 3.0", "wall_s fast")
        with open(file, "w") as f:
            f.write(text)
        with self.assertRaisesRegex(RunDirError, "wall_s is not a number"):
            load_command_run(path)

    def test_report_on_command_runs(self):
        runs = []
        for i in range(6):
            rep = f"{i + 1:02d}"
            runs.append(synth.command_run(self.path(f"rep{rep}-nb1"),
                                          requested=1, rep=rep, wall_s=3.3,
                                          job_id=str(10 + 2 * i)))
            runs.append(synth.command_run(self.path(f"rep{rep}-nb0"),
                                          requested=0, rep=rep, wall_s=3.0,
                                          job_id=str(11 + 2 * i)))
        failed = synth.command_run(self.path("rep07-nb1"), rep="07",
                                   exit_status=3, job_id="30")
        out = self.path("report")
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout):
            code = cli.main(runs + [failed, "-o", out])
        self.assertEqual(code, 0, stdout.getvalue())
        self.assertIn("run time: touch, balancing 1 over 0: 10 % slower with "
                      "1 (95 % CI 10-10 %, 6 undisturbed pairs)",
                      stdout.getvalue())
        self.assertEqual(sorted(os.listdir(out)),
                         ["activity.png", "forest.png", "index.html",
                          "report.json"])
        with open(os.path.join(out, "report.json")) as f:
            obj = json.load(f)
        self.assertEqual(obj["conditions"][0]["metric"], "wall time (s)")
        # The failed run's pair has no partner (rep07 exists on one side).
        (comp,) = obj["comparisons"]
        self.assertEqual(comp["clean"]["pairs"], 6)
        failed_run = next(r for r in obj["runs"] if r["name"] == "rep07-nb1")
        self.assertEqual(failed_run["exit_status"], 3)


if __name__ == "__main__":
    unittest.main()
