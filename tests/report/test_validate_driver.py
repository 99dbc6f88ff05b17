# SPDX-License-Identifier: GPL-2.0-or-later
"""numa-balancing-validate against stand-in Slurm clients (sbatch,
squeue, sacct and scontrol scripts on PATH that record what they are
asked and answer as Slurm does), so that no cluster is needed: with
--also-command each repetition submits nbsim's pair, then the program's,
in the repetition's order; --conditions adds --numa-balancing=0-tasks,
the order rotating over repetitions; after the jobs it records each job's energy
as sacct gives it (asking again while the job's record has not arrived)
and the site's energy plugin, or sacct's refusal; --no-report stops
there. The recorded files are what the report reads (nbreport/sacct.py)."""

import os
import subprocess
import tempfile
import unittest

from nbreport import sacct

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "..", "..", "sim", "report",
                      "numa-balancing-validate")

SBATCH = r"""#!/bin/bash
# sbatch --parsable ...: records the job, leaves the result file the job
# script would, prints the job id.
n=$(cat "$STATE/next" 2>/dev/null || echo 7000)
echo $((n + 1)) >"$STATE/next"
nb=""
for a in "$@"; do case $a in --numa-balancing=*) nb=${a#*=} ;; esac; done
echo "$n ${NBV_RUN_DIR##*/} $nb ${NBV_COMMAND:-}" >>"$STATE/submitted"
mkdir -p "$NBV_RUN_DIR"
if [ -n "${NBV_COMMAND:-}" ]; then f=command-run.txt; else f=summary.json; fi
touch "$NBV_RUN_DIR/$f"
echo "$n"
"""
SQUEUE = "#!/bin/sh\nexit 0\n"
SCONTROL = """#!/bin/sh
echo "AccountingStorageType   = accounting_storage/slurmdbd"
echo "AcctGatherEnergyType    = acct_gather_energy/rapl"
"""
SACCT = r"""#!/bin/bash
# sacct -j ID --format=JobID,ConsumedEnergyRaw --parsable2
[ -z "${SACCT_FAIL:-}" ] || { echo "sacct: error: Slurm accounting storage is disabled" >&2; exit 1; }
[ "$1" = -j ] && [ "$3" = --format=JobID,ConsumedEnergyRaw ] && [ "$4" = --parsable2 ] || exit 9
echo "$2" >>"$STATE/sacct-asked"
echo "JobID|ConsumedEnergyRaw"
# The job SACCT_LAG names has no record at the first question.
[ "$2" = "${SACCT_LAG:-}" ] && [ "$(grep -c "^$2$" "$STATE/sacct-asked")" -eq 1 ] && exit 0
echo "$2|$(($2 - 6000))"
echo "$2.batch|$(($2 - 6000))"
echo "$2.extern|$(($2 - 5999))"
echo "$2.0|0"
"""


class DriverTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.bin = os.path.join(self.tmp.name, "bin")
        self.state = os.path.join(self.tmp.name, "state")
        os.makedirs(self.bin)
        os.makedirs(self.state)
        for name, text in (("sbatch", SBATCH), ("squeue", SQUEUE),
                           ("scontrol", SCONTROL), ("sacct", SACCT)):
            path = os.path.join(self.bin, name)
            with open(path, "w") as f:
                f.write(text)
            os.chmod(path, 0o755)

    def tearDown(self):
        self.tmp.cleanup()

    def validate(self, *args, **env):
        out = os.path.join(self.tmp.name, "v")
        e = dict(os.environ, STATE=self.state,
                 PATH=self.bin + os.pathsep + os.environ["PATH"], **env)
        p = subprocess.run([DRIVER, "-o", out, "--nbsim", "/bin/true",
                            "--poll", "0.1", "--no-report", *args],
                           env=e, capture_output=True, text=True,
                           timeout=120)
        return p, out

    def submitted(self):
        with open(os.path.join(self.state, "submitted")) as f:
            return [ln.split(" ", 3) for ln in f.read().splitlines()]

    def test_pairs_beside_nbsim_and_energy_recorded(self):
        p, out = self.validate("--reps", "2", "--also-command",
                               "srun /x/lab/refpattern --mib 64",
                               SACCT_LAG="7003")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("no report written (--no-report)", p.stdout)
        jobs = self.submitted()
        self.assertEqual([(j[1], j[2]) for j in jobs], [
            ("rep01-nb1-glibc", "1"), ("rep01-nb0-glibc", "0"),
            ("rep01-nb1-refpattern", "1"), ("rep01-nb0-refpattern", "0"),
            ("rep02-nb0-glibc", "0"), ("rep02-nb1-glibc", "1"),
            ("rep02-nb0-refpattern", "0"), ("rep02-nb1-refpattern", "1")])
        self.assertEqual({j[3] for j in jobs if "refpattern" in j[1]},
                         {"srun /x/lab/refpattern --mib 64"})
        self.assertEqual({j[3] for j in jobs if "glibc" in j[1]}, {""})
        self.assertFalse(os.path.exists(os.path.join(out, "report")))
        for job, name, _, _ in jobs:
            run = os.path.join(out, "runs", name)
            a = sacct.load(run, job)
            self.assertEqual((a.joules, a.line, a.plugin, a.scope),
                             (int(job) - 6000.0, "job",
                              "acct_gather_energy/rapl", "package+dram"),
                             name)
            self.assertEqual(a.lines[f"{job}.0"], "0")
        # Job 7003 was asked again once its record was missing.
        with open(os.path.join(self.state, "sacct-asked")) as f:
            asked = f.read().split()
        self.assertEqual(asked.count("7003"), 2)
        self.assertEqual(len(asked), 9)

    def test_three_conditions_rotate(self):
        p, _ = self.validate("--reps", "3", "--conditions", "1,0,0-tasks",
                             "--also-command", "srun ./touch 3")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("conditions 1 0 0-tasks", p.stdout)
        jobs = [(j[1], j[2]) for j in self.submitted()]
        order = [["1", "0", "0-tasks"], ["0", "0-tasks", "1"],
                 ["0-tasks", "1", "0"]]
        want = []
        for rep, values in enumerate(order, 1):
            for app in ("glibc", "touch"):
                want += [(f"rep{rep:02d}-nb{v}-{app}", v) for v in values]
        self.assertEqual(jobs, want)

    def test_sacct_refusal_is_recorded(self):
        p, out = self.validate("--reps", "1", SACCT_FAIL="1")
        self.assertEqual(p.returncode, 0, p.stderr)
        for job, name, _, _ in self.submitted():
            run = os.path.join(out, "runs", name)
            self.assertFalse(os.path.exists(os.path.join(run, sacct.OUTPUT)))
            self.assertEqual(sacct.load(run, job).flag, "sacct failed: "
                             "sacct: error: Slurm accounting storage is "
                             "disabled")

    def test_also_command_needs_nbsim(self):
        p, _ = self.validate("--command", "srun ./a", "--also-command",
                             "srun ./b")
        self.assertEqual(p.returncode, 2)
        self.assertIn("--also-command runs beside nbsim", p.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.state,
                                                     "submitted")))


if __name__ == "__main__":
    unittest.main()
