# SPDX-License-Identifier: GPL-2.0-or-later
"""What the kernel's balancing did during a run and a condition: the
/proc/vmstat NUMA counters over the measured window (all hosts), as
totals, as rates per second of the window, and the share of hint faults
that were remote (numa_hint_faults - numa_hint_faults_local: the page
was on another node than the task that touched it)."""

import numpy as np

from .rundir import VMSTAT_KEYS

RATE_KEYS = {"numa_pte_updates": "pte_updates_per_s",
             "numa_hint_faults": "hint_faults_per_s",
             "numa_pages_migrated": "pages_migrated_per_s"}


def _remote_share(faults, local):
    return None if faults == 0 else (faults - local) / faults


def of_run(run):
    """Totals, rates and remote share of one run, as a dict."""
    totals = {k: run.vmstat_total(k) for k in VMSTAT_KEYS}
    window = run.window_s
    out = dict(totals)
    for key, rate in RATE_KEYS.items():
        out[rate] = totals[key] / window if window > 0 else None
    out["remote_hint_faults"] = (totals["numa_hint_faults"]
                                 - totals["numa_hint_faults_local"])
    out["remote_hint_fault_share"] = _remote_share(
        totals["numa_hint_faults"], totals["numa_hint_faults_local"])
    return out


def of_condition(cond):
    """Median over the condition's runs of each rate; the remote share
    over all its hint faults pooled."""
    runs = [of_run(r) for r in cond.runs]
    out = {}
    for rate in RATE_KEYS.values():
        values = [r[rate] for r in runs if r[rate] is not None]
        out[rate] = float(np.median(values)) if values else None
    faults = sum(r["numa_hint_faults"] for r in runs)
    local = sum(r["numa_hint_faults_local"] for r in runs)
    out["remote_hint_fault_share"] = _remote_share(faults, local)
    return out


def rate_text(value):
    """A rate for people: 12,300/s, 0.5/s, 0/s."""
    if value is None:
        return "unknown"
    if value == 0:
        return "0/s"
    return f"{value:,.0f}/s" if value >= 10 else f"{value:.2g}/s"


def share_text(share):
    return "no hint faults" if share is None else f"{share:.1%} remote"
