# SPDX-License-Identifier: GPL-2.0-or-later
"""What the kernel's balancing did to the job's own process rather than
to the node: nbsim's threads' own counters over the sim phase
(summary.json "process_numa", read from /proc/self/task/*/sched), per
run and per condition. /proc/vmstat's counters (counters.py) count every
process on the node, Slurm's daemons included, which carry no memory
policy and so are scanned in a 0-tasks run too. pages_migrated: pages
the threads' hint faults migrated; numa_faults_end: the kernel's decayed
count of the threads' hint faults at the end, 0 only for threads that
never took one (it lags the faults of the scan pass under way)."""

import numpy as np

from .counters import rate_text

FIELDS = ("pages_migrated", "numa_faults_end", "threads")


def of_run(run):
    """The counters summed over the run's ranks, and pages migrated per
    second of the window; None when the run did not record them in every
    rank (nbsim before them, --command runs, a kernel without them)."""
    ranks = run.summary.get("process_numa")
    if not ranks or any(r is None for r in ranks):
        return None
    out = {k: sum(r[k] for r in ranks) for k in FIELDS}
    out["pages_migrated_per_s"] = (out["pages_migrated"] / run.window_s
                                   if run.window_s > 0 else None)
    return out


def of_condition(cond):
    """Medians and maxima over the condition's runs, or None unless every
    run recorded the counters."""
    runs = [of_run(r) for r in cond.runs]
    if not runs or any(r is None for r in runs):
        return None
    rates = [r["pages_migrated_per_s"] for r in runs
             if r["pages_migrated_per_s"] is not None]
    faults = [r["numa_faults_end"] for r in runs]
    return {"runs": len(runs),
            "pages_migrated_per_s": float(np.median(rates)) if rates else None,
            "pages_migrated_max": max(r["pages_migrated"] for r in runs),
            "numa_faults_end_median": float(np.median(faults)),
            "numa_faults_end_max": max(faults)}


def condition_text(s):
    """of_condition()'s answer in words for the headline, or ""."""
    if s is None:
        return ""
    if s["pages_migrated_max"] == 0 and s["numa_faults_end_max"] == 0:
        return ("nbsim's own process took 0 hint faults and migrated 0 "
                f"pages (in all {s['runs']} runs)")
    return (f"nbsim's own process: {rate_text(s['pages_migrated_per_s'])} "
            f"pages migrated, {s['numa_faults_end_median']:,.0f} hint faults "
            "in the kernel's decayed count at the end (medians)")


def run_text(o):
    """of_run()'s answer in words for a run's line, or ""."""
    if o is None:
        return ""
    return (f"nbsim's own process: {o['pages_migrated']} pages migrated, "
            f"{o['numa_faults_end']} hint faults in the kernel's count at "
            "the end")
