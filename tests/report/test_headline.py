# SPDX-License-Identifier: GPL-2.0-or-later
"""The headline and report.json on synthetic validations whose effect,
noise and disturbances are constructed: the mechanism comes first, then
one run-time line per comparison naming the application and both
conditions; a clear effect gives the right sign and interval; an effect
inside the noise is "inconclusive" with a number of pairs to run; every
pair disturbed or an emulated machine is "not measurable here" with the
reason, in the neutral colour, as is energy not measured; no two lines
are the same; a pair with one run slowed
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
                    if ln.startswith("run time: "))

    def topic(self, obj, topic):
        return next(h for h in obj["headline"] if h["topic"] == topic)

    def test_clear_effect_has_sign_and_interval(self):
        ratios = [1.12, 1.16, 1.14, 1.13, 1.15, 1.11, 1.17, 1.14]
        stdout, obj = self.report(self.validation(ratios))
        # 8 pairs: the sign test's 95 % interval is [x(1), x(8)].
        self.assertEqual(self.effect_line(stdout), "run time: nbsim, "
                         "balancing 1 over 0: 14 % slower with 1 (95 % CI "
                         "11-17 %, 8 undisturbed pairs)")
        self.assertEqual([h["topic"] for h in obj["headline"]][:3],
                         ["mechanism", "run time", "machine"])
        self.assertEqual(self.topic(obj, "run time")["status"], "ok")
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
        self.assertEqual(self.effect_line(stdout), "run time: nbsim, "
                         "balancing 1 over 0: 9.0 % faster with 1 (95 % CI "
                         "8.0-10 %, 6 undisturbed pairs)")

    def test_effect_inside_noise_is_inconclusive(self):
        ratios = [0.92, 1.09, 1.01, 0.95, 1.07, 0.98, 1.04, 1.0]
        stdout, obj = self.report(self.validation(ratios))
        line = self.effect_line(stdout)
        (comp,) = obj["comparisons"]
        self.assertFalse(comp["clean"]["conclusive"])
        self.assertEqual(self.topic(obj, "run time")["status"], "warn")
        need = comp["pairs_needed"]
        if need is None:
            self.assertIn("the 95 % interval 0.920-1.090 spans 1; the "
                          "effect, if any, is too small", line)
        else:
            self.assertGreater(need, 8)
            self.assertEqual(line, "run time: nbsim, balancing 1 over 0: "
                             f"inconclusive, run {need - 8} more pair(s) "
                             "(the 95 % interval 0.920-1.090 spans 1; about "
                             f"{need} in all would settle it)")

    def test_too_few_pairs_say_how_many(self):
        stdout, obj = self.report(self.validation([1.2, 1.25, 1.22, 1.18]))
        self.assertEqual(self.effect_line(stdout),
                         "run time: nbsim, balancing 1 over 0: inconclusive, "
                         "run 2 more pair(s) (4 pair(s), the sign test needs "
                         "6 for a 95 % interval; about 6 in all would settle "
                         "it)")
        self.assertIsNone(obj["comparisons"][0]["clean"]["ci95"])

    def test_disturbed_pair_is_flagged_and_left_out(self):
        ratios = [1.14, 1.15, 1.13, 1.16, 1.14, 1.12, 1.15, 1.13]
        stdout, obj = self.report(self.validation(ratios, slowed=2))
        clean = [r for i, r in enumerate(ratios) if i != 2]
        self.assertIn(f"{(np.median(clean) - 1) * 100:.0f} % slower with 1",
                      self.effect_line(stdout))
        (comp,) = obj["comparisons"]
        self.assertEqual(comp["clean"]["pairs"], 7)
        self.assertEqual(comp["with_disturbed"]["pairs"], 8)
        bad = [p for p in comp["pairs"] if p["disturbed"]]
        self.assertEqual([p["rep"] for p in bad], ["03"])
        self.assertAlmostEqual(bad[0]["ratio"], 1.13 / 3)
        run = next(r for r in obj["runs"] if r["name"] == "rep03-nb0")
        self.assertTrue(run["disturbance"]["disturbed"])
        self.assertIn("waited", run["disturbance"]["reasons"][0])
        self.assertIn("disturbed: 1 of 16 runs disturbed; their pairs are "
                      "left out of the run-time verdicts", stdout)
        self.assertEqual(obj["in_force"], {
            "runs": 16, "in_force": 16, "contradicting": [],
            "unconfirmed": [], "disturbed": ["rep03-nb0"]})
        self.assertIn("rep03-nb0: threads waited", stdout)
        self.assertIn("put back", stdout)

    def test_all_pairs_disturbed_is_not_measurable(self):
        kw = {"probes": synth.disturbance(2, run_delay_s=2.5)}
        stdout, obj = self.report(self.validation([1.1] * 6, **kw))
        self.assertEqual(self.effect_line(stdout), "run time: nbsim, "
                         "balancing 1 over 0: not measurable here: all 6 "
                         "usable pair(s) disturbed")
        self.assertEqual(self.topic(obj, "run time")["status"], "neutral")

    def test_emulated_machine_is_not_measurable(self):
        prov = synth.provenance(2, cpu_model="QEMU Virtual CPU version 2.5+")
        stdout, obj = self.report(self.validation([1.1] * 6, prov=prov))
        self.assertTrue(self.effect_line(stdout).startswith(
            "run time: nbsim, balancing 1 over 0: not measurable here: "
            "emulated machine (QEMU Virtual CPU version 2.5+)"))
        line = self.topic(obj, "run time")
        self.assertEqual(line["status"], "neutral")
        self.assertIn("median paired RTF ratio 1.100", line["detail"][0])
        self.assertIn("remote memory is no slower", line["detail"][1])

    def test_not_measured_is_neutral_and_lines_differ(self):
        _, obj = self.report(self.validation([1.1] * 6))
        energy = self.topic(obj, "energy")
        self.assertTrue(energy["text"].startswith("not measured"))
        self.assertEqual(energy["status"], "neutral")
        texts = [h["text"] for h in obj["headline"]]
        self.assertEqual(len(texts), len(set(texts)))

    def test_mechanism_names_each_condition(self):
        _, obj = self.report(self.validation([1.1] * 6))
        mech = self.topic(obj, "mechanism")
        self.assertEqual(mech["text"], "nbsim: the requested numa_balancing "
                         "value was in force in 12 of 12 runs; with 1: "
                         "24,242/s hint faults, 0/s pages migrated; with 0: "
                         "0/s hint faults, 0/s pages migrated (per second of "
                         "run, node-wide)")
        self.assertEqual(mech["status"], "ok")

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
