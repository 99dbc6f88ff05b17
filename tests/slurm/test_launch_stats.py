# SPDX-License-Identifier: GPL-2.0-or-later
"""Unit tests of tests/slurm/launch_stats.py (bench-launch's numbers) on
synthetic times: per-round pairing, the per-process route as a difference
of per-round differences, the verdict and exit status against the 5 ms
target, and refusal of bad input."""

import io
import os
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

import launch_stats

CASES = ["bare", "hooks", "hooks-0", "plugin", "plugin-0", "pbare", "prolog",
         "prolog-0", "tasks", "tasks-0"]


def write_times(d, offsets, rounds=20, skip=None):
    """One file per case: round r of every case at 100 ms + (37 r mod 101)
    ms (a drift shared by every case of a round, in no order) + the case's
    offset in ms, a number or a function of r. skip: {case: round} to
    leave out."""
    skip = skip or {}
    for cmd in ("srun", "batch"):
        for case in CASES:
            with open(os.path.join(d, f"{cmd}-{case}"), "w") as f:
                for r in range(rounds):
                    if skip.get(case) == r:
                        continue
                    offset = offsets.get(case, 0)
                    if callable(offset):
                        offset = offset(r)
                    ms = 100 + (37 * r) % 101 + offset
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
    def assert_added(self, out, what, value, *texts):
        """The comparison line naming `what` shows `value` ms and each of
        `texts`; returns the line."""
        got, line = added(out, what)
        self.assertAlmostEqual(got, value)
        for text in texts:
            self.assertIn(text, line)
        return line

    def test_met(self):
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"hooks": 35, "hooks-0": 35, "plugin": 38, "plugin-0": 44,
                            "prolog": 1, "prolog-0": 4})
            status, out, _ = run(d)
        self.assertEqual(status, 0)
        self.assertIn("met by the Prolog= deployment", out)
        value, line = added(out, "Prolog= helper for =0")
        self.assertAlmostEqual(value, 3.0)
        self.assertIn("<= 5 ms", line)
        self.assertIn("95 % CI 3.0 to 3.0, 20 pairs", line)
        value, _ = added(out, "slurmd's spank")
        self.assertAlmostEqual(value, 35.0)

    def test_not_met(self):
        # =0 adds 7 ms in the Prolog= cluster, carrying the option 1: the
        # helper's 6 ms fail, and the verdict names that line alone.
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"hooks-0": 1, "prolog": 1, "prolog-0": 8})
            status, out, _ = run(d)
        self.assertEqual(status, 1)
        self.assertIn("NOT met: srun Prolog= helper for =0 (less option); "
                      "batch Prolog= helper for =0 (less option) above 5 ms",
                      out)
        self.assertNotIn("per-process route;", out)
        _, line = added(out, "Prolog= helper for =0")
        self.assertIn("ABOVE 5 ms", line)
        line = self.assert_added(out, "nohooks plugin + Prolog=, =0", 8.0)
        self.assertNotIn("5 ms", line)

    def test_prolog_less_the_option(self):
        # The option costs 7 ms and the Prolog= =0 line 9 ms above no
        # option: the helper's share, 2 ms, meets the target.
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"hooks-0": 7, "prolog-0": 9})
            status, out, _ = run(d)
        self.assertEqual(status, 0)
        self.assert_added(out, "Prolog= helper for =0", 2.0, "<= 5 ms")

    def test_route_less_the_option(self):
        # off=tasks adds 9 ms to a job given the option, of which carrying
        # the option (job_hooks.so, whose callback does nothing) is 7: the
        # route is 2 ms and meets the target; the plain off=tasks line is
        # printed without a verdict.
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"hooks": 20, "hooks-0": 27,
                            "tasks": 30, "tasks-0": 39})
            status, out, _ = run(d)
        self.assertEqual(status, 0)
        self.assertIn("met by the Prolog= deployment and the per-process "
                      "route", out)
        self.assert_added(out, "per-process route", 2.0,
                          "95 % CI 2.0 to 2.0, 20 pairs; <= 5 ms")
        for what, value in (("an option carried", 7.0),
                            ("off=tasks, =0", 9.0)):
            line = self.assert_added(out, what, value)
            self.assertNotIn("5 ms", line)

    def test_route_not_met(self):
        # The option costs 1 ms, off=tasks adds 9: the route's 8 ms fail.
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"hooks": 20, "hooks-0": 21,
                            "tasks": 30, "tasks-0": 39})
            status, out, _ = run(d)
        self.assertEqual(status, 1)
        self.assertIn("NOT met: srun per-process route (off=tasks less "
                      "option); batch per-process route", out)
        self.assert_added(out, "per-process route", 8.0, "ABOVE 5 ms")

    def test_route_pairs_by_round(self):
        # Round r: off=tasks adds r + 7 ms, the option (r + 4) mod 20 ms.
        # Per round the route is 3 ms in rounds 0-15 and 23 ms in 16-19:
        # median 3 ms. The difference of the two lines' medians (16.5 -
        # 9.5) or of their sorted values would be 7 ms, above the target.
        # Round 3 of hooks-0 is missing: the route drops that round only.
        with tempfile.TemporaryDirectory() as d:
            write_times(d, {"hooks": 20,
                            "hooks-0": lambda r: 20 + (r + 4) % 20,
                            "tasks": 30, "tasks-0": lambda r: 30 + r + 7},
                        skip={"hooks-0": 3})
            status, out, _ = run(d)
        self.assertEqual(status, 0)
        self.assert_added(out, "per-process route", 3.0,
                          "95 % CI 3.0 to 3.0, 19 pairs; <= 5 ms")
        self.assert_added(out, "off=tasks, =0", 16.5, "20 pairs")

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
