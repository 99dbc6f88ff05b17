# SPDX-License-Identifier: GPL-2.0-or-later
"""The report's figures on a sweep of 2 bindings x 2 balancing values
with one-rank runs: every text at least 10 px where the page shows it
(figures are shown unscaled), every PNG narrow enough for a 1400 px
window, the activity panel's zeros written out, the heatmap's rows the
threads of the one rank; the forest plot has one row per comparison on
a log axis, and a disturbed pair drawn apart and labelled "left out";
the run figures name each condition once and mark disturbed runs."""

import contextlib
import io
import os
import struct
import tempfile
import unittest
from unittest import mock

import numpy as np
from matplotlib.figure import Figure
from matplotlib.text import Text

import synth
from nbreport import cli, plots

MIN_PX = 10.0
MAX_PX = 1300


class FigureTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out = os.path.join(cls.tmp.name, "report")
        rng = np.random.default_rng(5)
        runs, job = [], 0
        for rep in ("01", "02", "03"):
            for bind in ("close", "spread"):
                for nb in (1, 0):
                    job += 1
                    s = synth.summary(
                        1, 300, requested=nb, rep=rep, job_id=str(job),
                        rtf=1.3 if nb else 1.2, probes=synth.disturbance(1),
                        prov=synth.provenance(1, bind=bind))
                    threads = {p: rng.uniform(4e-4, 6e-4, (2, 300))
                               for p in ("deliver", "update")}
                    runs.append(synth.write_run(
                        os.path.join(cls.tmp.name, f"{bind}-{rep}-nb{nb}"),
                        rng.uniform(1e-3, 2e-3, (1, 300)),
                        rng.poisson(30, (1, 300)), s, threads=threads))
        cls.saved = {}
        original = Figure.savefig

        def record(fig, path, **kw):
            cls.saved[os.path.basename(path)] = (
                fig, [(t.get_text(), t.get_fontsize())
                      for t in fig.findobj(Text) if t.get_text()])
            return original(fig, path, **kw)
        with mock.patch.object(Figure, "savefig", autospec=True,
                               side_effect=record):
            with contextlib.redirect_stdout(io.StringIO()):
                cls.code = cli.main(runs + ["-o", cls.out])

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_all_figures_drawn(self):
        self.assertEqual(self.code, 0)
        self.assertEqual(sorted(self.saved), sorted(
            ["forest.png", "activity.png", "distribution.png",
             "distribution_panels.png", "spikes_vs_time.png", "heatmap.png",
             "phases.png"]))

    def test_fonts_at_least_10_px(self):
        for name, (_, texts) in self.saved.items():
            for text, pt in texts:
                self.assertGreaterEqual(pt * plots.DPI / 72, MIN_PX,
                                        f"{name}: {text!r} at {pt} pt")

    def test_width_fits_the_page(self):
        for name in self.saved:
            with open(os.path.join(self.out, name), "rb") as f:
                width, height = struct.unpack(">II", f.read(24)[16:24])
            self.assertLessEqual(width, MAX_PX, name)

    def test_activity_writes_its_zeros(self):
        texts = [t for t, _ in self.saved["activity.png"][1]]
        # 6 runs with balancing off: two zero bars each.
        self.assertGreaterEqual(texts.count("0"), 12)

    def test_heatmap_rows_are_threads(self):
        fig = self.saved["heatmap.png"][0]
        axes = [ax for ax in fig.axes if ax.get_images()]
        self.assertEqual(len(axes), 4)
        for ax in axes:
            self.assertEqual(ax.get_images()[0].get_array().shape[0], 2)
            self.assertEqual(ax.get_ylabel(), "thread")

    def test_forest_rows_share_a_log_axis(self):
        fig = self.saved["forest.png"][0]
        (ax,) = fig.axes
        self.assertEqual(ax.get_xscale(), "log")
        names = [t.get_text() for t in ax.get_yticklabels()]
        # 2 bindings x (1 over 0) plus 2 balancing values x (spread over
        # close): four comparisons.
        self.assertEqual(len(names), 4)
        self.assertEqual(len(set(names)), 4)
        self.assertTrue(all(n.startswith("nbsim, ") for n in names), names)

    def test_condition_names_once_each(self):
        texts = [t for t, _ in self.saved["activity.png"][1]]
        for bind in ("close", "spread"):
            for nb in (1, 0):
                label = (f"numa_balancing={nb}, OMP_PROC_BIND={bind} "
                         "OMP_PLACES=cores")
                self.assertEqual(texts.count(label), 1, label)

    def test_four_conditions_compared(self):
        with open(os.path.join(self.out, "index.html")) as f:
            page = f.read()
        for bind in ("close", "spread"):
            for nb in (1, 0):
                self.assertIn(f"numa_balancing={nb}, OMP_PROC_BIND={bind} "
                              "OMP_PLACES=cores", page)



class DisturbedFigureTest(unittest.TestCase):
    """Six pairs, the third with its =0 run disturbed: the forest plot
    draws it on a row of its own, labelled "left out", and the run
    figures call that run disturbed."""

    def test_disturbed_pair_left_out(self):
        with tempfile.TemporaryDirectory() as tmp:
            runs = []
            for i in range(6):
                for nb in (1, 0):
                    probes = synth.disturbance(
                        1, run_delay_s=2.5 if (i, nb) == (2, 0) else 0.0)
                    s = synth.summary(1, 50, requested=nb, rep=f"{i:02d}",
                                      job_id=str(2 * i + nb), probes=probes,
                                      rtf=1.3 if nb else 1.2)
                    runs.append(synth.write_run(
                        os.path.join(tmp, f"r{i}-nb{nb}"),
                        np.full((1, 50), 1e-3), np.ones((1, 50), int), s))
            saved = {}
            original = Figure.savefig

            def record(fig, path, **kw):
                saved[os.path.basename(path)] = [
                    t.get_text() for t in fig.findobj(Text)]
                return original(fig, path, **kw)
            with mock.patch.object(Figure, "savefig", autospec=True,
                                   side_effect=record):
                with contextlib.redirect_stdout(io.StringIO()):
                    cli.main(runs + ["-o", os.path.join(tmp, "report")])
        self.assertIn("left out: 1 disturbed pair(s)", saved["forest.png"])
        for name in ("activity.png", "phases.png"):
            self.assertIn("r2-nb0 (disturbed)", saved[name], name)


if __name__ == "__main__":
    unittest.main()
