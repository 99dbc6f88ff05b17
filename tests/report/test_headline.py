# SPDX-License-Identifier: GPL-2.0-or-later
"""The headline and report.json on synthetic validations whose effect,
noise and disturbances are constructed: a clear
effect gives the right sign and interval; an effect inside the noise is
"inconclusive" with a number of pairs to run; a pair with one run slowed
3x by a disturbance is flagged, left out and does not flip the headline;
runs under different THP modes are never pooled; runs whose directories
share a basename keep distinct names; one run per condition says
"n = 1"."""

import contextlib
import io
import json
import os
import tempfile
import unittest

import numpy as np

import synth
from nbreport import cli


class HeadlineTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.rng = np.random.default_rng(3)
        self.job = 100

    def tearDown(self):
        self.tmp.cleanup()

    def run_dir(self, name, nb, rtf, rep, **kw):
        """One nbsim run labelled nb with the given RTF, probes and
        provenance recorded (kw override synth.summary's arguments)."""
        self.job += 1
        kw.setdefault("probes", synth.disturbance(2))
        kw.setdefault("prov", synth.provenance(2))
        return synth.random_run(os.path.join(self.tmp.name, name), self.rng,
                                requested=nb, rtf=rtf, rep=rep,
                                job_id=str(self.job), **kw)

    def validation(self, ratios, base=1.25, slowed=None, **kw):
        """One pair per ratio (on = off x ratio), alternating order; the
        pair `slowed` (index) has its =0 run 3x slower and disturbed."""
        runs = []
        for i, ratio in enumerate(ratios):
            rep = f"{i + 1:02d}"
            off_kw = dict(kw)
            off = base
            if i == slowed:
                off = 3 * base
                off_kw["probes"] = synth.disturbance(2, run_delay_s=2.5)
            pair = [("nb1", 1, base * ratio, kw), ("nb0", 0, off, off_kw)]
            for tag, nb, rtf, args in pair[::1 if i % 2 == 0 else -1]:
                runs.append(self.run_dir(f"rep{rep}-{tag}", nb, rtf, rep,
                                         **args))
        return runs

    def report(self, runs):
        out = os.path.join(self.tmp.name, "report")
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout):
            code = cli.main(runs + ["-o", out])
        with open(os.path.join(out, "report.json")) as f:
            obj = json.load(f)
        self.assertIn(code, (0, 1))
        return stdout.getvalue(), obj

    def effect_line(self, stdout):
        return next(ln for ln in stdout.splitlines()
                    if ln.startswith("effect: "))

    def test_clear_effect_has_sign_and_interval(self):
        ratios = [1.12, 1.16, 1.14, 1.13, 1.15, 1.11, 1.17, 1.14]
        stdout, obj = self.report(self.validation(ratios))
        # 8 pairs: the sign test's 95 % interval is [x(1), x(8)].
        self.assertEqual(self.effect_line(stdout), "effect: balancing on is "
                         "14 % slower (95 % CI 11-17 %)")
        (comp,) = obj["comparisons"]
        self.assertTrue(comp["clean"]["conclusive"])
        self.assertAlmostEqual(comp["clean"]["median_ratio"], 1.14)
        np.testing.assert_allclose(comp["clean"]["ci95"], [1.11, 1.17])
        self.assertGreater(comp["clean"]["coverage"], 0.95)
        self.assertIsNone(comp["pairs_needed"])

    def test_kernel_line_and_numa_record(self):
        stdout, obj = self.report(self.validation([1.1] * 6))
        kernel = stdout.split("kernel: ", 1)[1].split("\nruns: ", 1)[0]
        self.assertIn("pages migrated per model second", kernel)
        for run in obj["runs"]:
            self.assertEqual(set(run["numa"]) >= {
                "pages_migrated", "migrated_per_model_s", "remote_share",
                "course"}, True)
        for cond in obj["conditions"]:
            self.assertEqual(cond["numa"]["runs"], 6)

    def test_faster_says_faster(self):
        stdout, _ = self.report(self.validation([0.90] * 3 + [0.92] * 3))
        self.assertEqual(self.effect_line(stdout), "effect: balancing on is "
                         "9.0 % faster (95 % CI 8.0-10 %)")

    def test_effect_inside_noise_is_inconclusive(self):
        ratios = [0.92, 1.09, 1.01, 0.95, 1.07, 0.98, 1.04, 1.0]
        stdout, obj = self.report(self.validation(ratios))
        line = self.effect_line(stdout)
        self.assertTrue(line.startswith("effect: INCONCLUSIVE: the 95 % "
                                        "interval of the RTF ratio, "
                                        "0.920-1.090, spans 1; "), line)
        (comp,) = obj["comparisons"]
        self.assertFalse(comp["clean"]["conclusive"])
        effect = [h for h in obj["headline"] if h["topic"] == "effect"]
        self.assertEqual(effect[0]["strong"], "inconclusive")
        self.assertTrue(comp["pairs_needed"] is None
                        or comp["pairs_needed"] > 8)

    def test_too_few_pairs_say_how_many(self):
        stdout, obj = self.report(self.validation([1.2, 1.25, 1.22, 1.18]))
        self.assertEqual(self.effect_line(stdout),
                         "effect: INCONCLUSIVE: 4 pair(s) are too few for "
                         "a 95 % interval (the sign test needs 6); run "
                         "about 6 pairs (2 more)")
        self.assertIsNone(obj["comparisons"][0]["clean"]["ci95"])

    def test_disturbed_pair_is_flagged_and_left_out(self):
        ratios = [1.14, 1.15, 1.13, 1.16, 1.14, 1.12, 1.15, 1.13]
        stdout, obj = self.report(self.validation(ratios, slowed=2))
        clean = [r for i, r in enumerate(ratios) if i != 2]
        self.assertIn(f"balancing on is {(np.median(clean) - 1) * 100:.0f} % "
                      "slower", self.effect_line(stdout))
        (comp,) = obj["comparisons"]
        self.assertEqual(comp["clean"]["pairs"], 7)
        self.assertEqual(comp["with_disturbed"]["pairs"], 8)
        bad = [p for p in comp["pairs"] if p["disturbed"]]
        self.assertEqual([p["rep"] for p in bad], ["03"])
        self.assertAlmostEqual(bad[0]["ratio"], 1.13 / 3)
        run = next(r for r in obj["runs"] if r["name"] == "rep03-nb0")
        self.assertTrue(run["disturbance"]["disturbed"])
        self.assertIn("waited", run["disturbance"]["reasons"][0])
        self.assertIn("disturbed: 1 of 16 runs were disturbed", stdout)
        self.assertEqual(obj["in_force"], {
            "runs": 16, "in_force": 16, "contradicting": [],
            "unconfirmed": [], "disturbed": ["rep03-nb0"]})
        self.assertIn("rep03-nb0: threads waited", stdout)
        self.assertIn("put back", stdout)

    def test_thp_modes_are_never_pooled(self):
        runs = []
        for mode in ("always", "madvise"):
            runs += [self.run_dir(f"{mode}-nb{nb}", nb, 1.2, "01",
                                  thp={"enabled": mode, "defrag": "madvise"})
                     for nb in (1, 0)]
        _, obj = self.report(runs)
        self.assertEqual(len(obj["conditions"]), 4)
        for c in obj["conditions"]:
            self.assertEqual(len({r.split("-")[0] for r in c["runs"]}), 1)
        self.assertEqual(sorted(c["factor"] for c in obj["comparisons"]),
                         ["huge pages", "huge pages", "numa_balancing",
                          "numa_balancing"])

    def test_duplicate_basenames_stay_distinct(self):
        runs = [self.run_dir(os.path.join(site, "rep01-nb1"), 1, 1.2, "01")
                for site in ("siteA", "siteB")]
        stdout, obj = self.report(runs)
        self.assertEqual(sorted(r["name"] for r in obj["runs"]),
                         ["siteA/rep01-nb1", "siteB/rep01-nb1"])

    def test_pairs_follow_the_rep_tags(self):
        # Submitted out of order: rep 02's pair first, then rep 01's.
        runs = [self.run_dir("b-nb1", 1, 1.3, "02"),
                self.run_dir("b-nb0", 0, 1.0, "02"),
                self.run_dir("a-nb0", 0, 1.0, "01"),
                self.run_dir("a-nb1", 1, 1.1, "01")]
        _, obj = self.report(runs)
        pairs = {p["rep"]: (p["numerator_run"], p["denominator_run"])
                 for p in obj["comparisons"][0]["pairs"]}
        self.assertEqual(pairs, {"01": ("a-nb1", "a-nb0"),
                                 "02": ("b-nb1", "b-nb0")})

    def test_one_run_says_n_equals_1(self):
        stdout, _ = self.report([self.run_dir("only", 1, 1.5, "01")])
        self.assertIn("1.500 (n = 1)", stdout)
        self.assertNotIn("± 0.000", stdout)


if __name__ == "__main__":
    unittest.main()
