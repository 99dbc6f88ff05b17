#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A synthetic validation laid out as numa-balancing-validate leaves it
(OUT_DIR/runs/*), for the page tests and for trying `make
report-screenshots` without a demo: nbsim and a --command program, each
with numa_balancing 1, 0 and 0-tasks, 6 repetitions, on two NUMA nodes.
nbsim's runs with 1 are 10 % slower and migrate pages; the program's
runs with 0 are all disturbed (a CPU hog), so its comparisons over 0
cannot be judged; no run measured energy. With --emulated every host
reports a QEMU CPU, as in the lab's emulated machine.

    fixture_validation.py OUT_DIR [--emulated]"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import synth  # noqa: E402

REPS = 6
VALUES = (1, 0, "0-tasks")
RTF = {1: 1.38, 0: 1.25, "0-tasks": 1.26}
MOVED = synth.vmstat(pte=60000, faults=9000, local=6000, migrated=1200)
POLICY = {1: "default", 0: "default", "0-tasks": "local"}
CPU = {False: "AMD EPYC 7543", True: "QEMU Virtual CPU version 2.5+"}


def _nbsim(runs, rng, rep, v, job, cpu):
    rtf = RTF[v] * rng.uniform(0.98, 1.02)
    return synth.random_run(
        os.path.join(runs, f"rep{rep:02d}-nb{v}"), rng, requested=v,
        rtf=rtf, rep=f"{rep:02d}", job_id=str(job), numa_nodes=2,
        counters=MOVED if v == 1 else None, policy=[POLICY[v]] * 2,
        probes=synth.disturbance(2),
        prov=synth.provenance(2, cpu_model=cpu))


def _command(runs, rng, rep, v, job, cpu):
    return synth.command_run(
        os.path.join(runs, f"rep{rep:02d}-nb{v}-ref"), requested=v,
        rep=f"{rep:02d}", job_id=str(job), numa_nodes=2,
        wall_s=round(3.0 * rng.uniform(0.98, 1.02), 3),
        command="srun ./refpattern --mib 64", policy=POLICY[v],
        counters=MOVED if v == 1 else None, cpu_model=cpu,
        pressure_s=2.0 if v == 0 else 0.0)


def write(out, emulated=False):
    """Writes OUT/runs/*; returns the run directories."""
    rng = np.random.default_rng(27)
    runs = os.path.join(out, "runs")
    paths, job = [], 1000
    for rep in range(1, REPS + 1):
        for v in VALUES:
            for make in (_nbsim, _command):
                job += 1
                paths.append(make(runs, rng, rep, v, job, CPU[emulated]))
    return paths


def main(argv):
    if len(argv) not in (1, 2) or argv[1:] not in ([], ["--emulated"]):
        sys.exit(__doc__.rsplit("\n\n", 1)[1])
    write(argv[0], emulated=len(argv) == 2)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
