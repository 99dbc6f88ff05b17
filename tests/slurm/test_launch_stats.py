# SPDX-License-Identifier: GPL-2.0-or-later
"""Unit tests of tests/slurm/launch_stats.py (bench-launch's numbers) on
synthetic times: per-round pairing, the verdict and exit status against
the 5 ms target, and refusal of bad input."""

import io
import os
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

import launch_stats

CASES = ["bare", "hooks", "plugin", "plugin-0", "pbare", "prolog", "prolog-0",
         "tasks", "tasks-0"]


def write_times(d, offsets, rounds=20, skip=None):
    """One file per case: round r of every case at 100 ms + (37 r mod 101)
    ms (a drift shared by every case of a round, in no order) + the case's
    offset in ms. skip: {case: round} to leave out."""
    skip = skip or {}
    for cmd in ("srun", "batch"):
        for case in CASES:
            with open(os.path.join(d, f"{cmd}-{case}"), "w") as f:
                for r in range(rounds):
                    if skip.get(case) == r:
                        continue
                    ms = 100 + (37 * r) % 101 + offsets.get(case, 0)
                    f.write(f"{r} {int(ms * 1000)}\n")


def run(d):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = launch_stats.main(["launch_stats.py", d, "1.0", "1.1", "20"])
    return status, out.getvalue(), err.getvalue()


def added(out, what):
    line = next(x for x in out.splitlines() if what in x)
    return float(line.split(":")[1].split("ms")[0]), line


class LaunchStats(unittest.TestCase):
    def test_met(self):
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"hooks": 35, "plugin": 38, "plugin-0": 44,
                            "prolog": 1, "prolog-0": 4})
            status, out, _ = run(d)
        self.assertEqual(status, 0)
        self.assertIn("met by the Prolog= deployment", out)
        value, line = added(out, "nohooks plugin + Prolog=, =0")
        self.assertAlmostEqual(value, 4.0)
        self.assertIn("<= 5 ms", line)
        self.assertIn("95 % CI 4.0 to 4.0, 20 pairs", line)
        value, _ = added(out, "slurmd's spank")
        self.assertAlmostEqual(value, 35.0)

    def test_not_met(self):
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"prolog": 1, "prolog-0": 6})
            status, out, _ = run(d)
        self.assertEqual(status, 1)
        self.assertIn("NOT met", out)
        _, line = added(out, "nohooks plugin + Prolog=, =0")
        self.assertIn("ABOVE 5 ms", line)

    def test_tasks_route_counts(self):
        # The per-process route against the same cluster's jobs without
        # the option: above 5 ms fails the verdict as the Prolog= cases do.
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"tasks": 30, "tasks-0": 32})
            status, out, _ = run(d)
        self.assertEqual(status, 0)
        value, line = added(out, "off=tasks, =0")
        self.assertAlmostEqual(value, 2.0)
        self.assertIn("<= 5 ms", line)
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"tasks": 30, "tasks-0": 37})
            status, out, _ = run(d)
        self.assertEqual(status, 1)
        _, line = added(out, "off=tasks, =0")
        self.assertIn("ABOVE 5 ms", line)

    def test_pairs_by_round(self):
        # The drift between rounds (0-100 ms) is far above the 3 ms added:
        # only pairing by round recovers it exactly (the difference of the
        # medians gives 1.5 ms here, pairing by position -34 ms), and a
        # missing job drops only its own round.
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"prolog": 3}, skip={"pbare": 4})
            status, out, _ = run(d)
        self.assertEqual(status, 0)
        value, line = added(out, "nohooks plugin + Prolog=, no option")
        self.assertAlmostEqual(value, 3.0)
        self.assertIn("19 pairs", line)

    def test_bad_line(self):
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {})
            with open(os.path.join(d, "batch-prolog"), "a") as f:
                f.write("7 12.5\n")
            status, out, err = run(d)
        self.assertEqual(status, 2)
        self.assertEqual(out, "")
        self.assertIn("batch-prolog:21: not 'ROUND MICROSECONDS'", err)

    def test_missing_case(self):
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {})
            os.unlink(os.path.join(d, "srun-hooks"))
            status, _, err = run(d)
        self.assertEqual(status, 2)
        self.assertIn("srun-hooks", err)


if __name__ == "__main__":
    unittest.main()
