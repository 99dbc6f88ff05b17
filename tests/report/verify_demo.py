#!/usr/bin/python3
"""Checks what a reduced demo left (tests/report/check-demo): every job's
result directory complete (docs/design.md, Interface 2) from an
`srun --mpi=pmix -n RANKS nbsim` inside Slurm, the plugin's value in force
at start and end, and the report's figures and page written.
    verify_demo.py VALIDATION_DIR RANKS"""

import os
import sys

from nbreport.rundir import RunDirError, load_run
from nbreport.verdict import OK, judge

FILES = ("index.html", "activity.png", "distribution.png", "spikes_vs_time.png",
         "heatmap.png", "phases.png")


def problems(outdir, ranks):
    runsdir = os.path.join(outdir, "runs")
    names = sorted(os.listdir(runsdir)) if os.path.isdir(runsdir) else []
    if not names:
        yield f"{runsdir}: no result directories"
    for name in names:
        try:
            run = load_run(os.path.join(runsdir, name))
        except RunDirError as e:
            yield str(e)
            continue
        s = run.summary
        if s["ranks"] != ranks:
            yield f"{name}: {s['ranks']} ranks, expected {ranks}"
        if not s["slurm_job_id"] or s["numa_balancing_requested"] is None:
            yield f"{name}: not run through Slurm with --numa-balancing"
        kernel = [c for c in judge(run).checks if c.name == "kernel value"]
        if kernel[0].status != OK:
            yield f"{name}: {kernel[0].message}"
    for f in FILES:
        path = os.path.join(outdir, "report", f)
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            yield f"{path}: missing or empty"


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    found = list(problems(sys.argv[1], int(sys.argv[2])))
    for p in found:
        print(f"verify_demo: {p}", file=sys.stderr)
    print(f"verify_demo: {'FAIL' if found else 'ok'}: {sys.argv[1]}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
