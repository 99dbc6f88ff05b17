# SPDX-License-Identifier: GPL-2.0-or-later
"""--command runs compared by a figure their output prints (--metric
REGEX): the last match's first group or whole match is the run's metric,
the report names the figure, and a run whose output gives none keeps its
data, is left out of its pair and says why."""

import contextlib
import io
import json
import os
import tempfile
import unittest

import synth
from nbreport import cli, outmetric
from nbreport.cmdrun import load_command_run

SIM_TIME = r"Simulation time: ([0-9.]+) s"


def nest_output(sim_s):
    return ("Building network\nSimulation time: 99.0 s (presimulation)\n"
            f"Simulation time: {sim_s} s\nRTF 1.2\n")


class OutputMetricTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.tmp.name, name)

    def run_with(self, name, output, metric=SIM_TIME, **kw):
        return synth.command_run(self.path(name), metric=metric,
                                 output=output, **kw)

    def test_last_match_first_group(self):
        run = load_command_run(self.run_with("a", nest_output(2.5)))
        self.assertEqual((run.metric, run.summary["metric_error"]),
                         (2.5, None))
        self.assertEqual(run.metric_name, f"output /{SIM_TIME}/")

    def test_whole_match_without_group(self):
        run = load_command_run(self.run_with("a", "took 7.25\n",
                                             metric=r"[0-9]+\.[0-9]+"))
        self.assertEqual(run.metric, 7.25)

    def test_without_metric_it_is_wall_time(self):
        run = load_command_run(synth.command_run(self.path("a"), wall_s=4.0))
        self.assertEqual((run.metric, run.metric_name), (4.0, "wall time (s)"))

    def test_no_match_no_number_no_regex(self):
        for output, metric, why in (
                ("nothing here\n", SIM_TIME, "matches nothing"),
                ("Simulation time: x s\n", r"Simulation time: (\S+) s",
                 "not a number"),
                ("Simulation time: 1 s\n", r"Simulation time: ([0-9", "no "
                 "regular expression")):
            run = load_command_run(self.run_with("b", output, metric=metric))
            self.assertIsNone(run.metric)
            self.assertIn(why, run.summary["metric_error"])
        value, error = outmetric.extract(self.path("none"), SIM_TIME)
        self.assertIsNone(value)
        self.assertIn("no command output", error)

    def test_report_compares_the_figure(self):
        runs = []
        for i in range(6):
            rep = f"{i + 1:02d}"
            # Wall time says 1 is faster, the printed figure 20 % slower.
            runs.append(self.run_with(f"rep{rep}-nb1", nest_output(2.4),
                                      rep=rep, wall_s=3.0,
                                      job_id=str(10 + 2 * i)))
            runs.append(self.run_with(f"rep{rep}-nb0", nest_output(2.0),
                                      requested=0, rep=rep, wall_s=3.5,
                                      job_id=str(11 + 2 * i)))
        runs.append(self.run_with("rep07-nb1", "crashed\n", rep="07",
                                  job_id="30"))
        runs.append(self.run_with("rep07-nb0", nest_output(2.0), rep="07",
                                  requested=0, job_id="31"))
        out, stdout = self.path("report"), io.StringIO()
        with contextlib.redirect_stdout(stdout):
            code = cli.main(runs + ["-o", out])
        self.assertEqual(code, 0, stdout.getvalue())
        self.assertIn("balancing 1 over 0: 20 % slower with 1", stdout.getvalue())
        with open(os.path.join(out, "report.json")) as f:
            obj = json.load(f)
        self.assertEqual(obj["conditions"][0]["metric"],
                         f"output /{SIM_TIME}/")
        (comp,) = obj["comparisons"]
        self.assertEqual(comp["metric"], f"output /{SIM_TIME}/")
        self.assertEqual(comp["clean"]["pairs"], 6)
        bad = next(r for r in obj["runs"] if r["name"] == "rep07-nb1")
        self.assertIn("matches nothing", bad["metric_error"])
        self.assertEqual(bad["kernel"]["numa_pte_updates"], 50000)
        with open(os.path.join(out, "index.html")) as f:
            self.assertIn(f"output /{SIM_TIME}/".replace("<", "&lt;"),
                          f.read())


if __name__ == "__main__":
    unittest.main()
