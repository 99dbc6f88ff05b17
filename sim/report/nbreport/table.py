# SPDX-License-Identifier: GPL-2.0-or-later
"""The report's tables (per condition, per comparison, per run, energy
per run) as lists of rows, and their plain-text form for stdout."""

from collections import namedtuple

import numpy as np

from . import counters, energy, own
from .verdict import FAIL, OK, WARN

CONDITION_HEADER = ("condition", "runs", "metric: median", "mean ± sd",
                    "RTF 2nd half", "median cycle ms", "max cycle ms",
                    "hint faults/s", "pages migrated/s", "remote faults",
                    "disturbed", "verdicts")
COMPARISON_HEADER = ("numerator", "over", "pairs", "median ratio",
                     "95 % CI (sign test)", "with disturbed pairs",
                     "median cycle ratio")
RUN_HEADER = ("run", "condition", "job", "rep", "metric", "PTE updates",
              "hint faults", "remote faults", "own hint faults",
              "own pages migrated", "disturbed", "label in force")


# The condition and comparison tables, built once for the page and stdout.
Rows = namedtuple("Rows", "conditions comparisons")


def _verdict_counts(runs):
    n = {s: sum(r.verdict.status == s for r in runs) for s in (OK, WARN, FAIL)}
    text = f"{n[OK]} ok"
    if n[WARN]:
        text += f", {n[WARN]} warn"
    if n[FAIL]:
        text += f", {n[FAIL]} FLAGGED"
    return text


def spread_text(values):
    """Mean ± sample standard deviation, or "n = 1" for a single value."""
    v = np.asarray([x for x in values if x is not None], dtype=float)
    if v.size == 0:
        return "-"
    if v.size == 1:
        return f"{v[0]:.3f} (n = 1)"
    return f"{v.mean():.3f} ± {v.std(ddof=1):.3f} (n = {v.size})"


def _median(values):
    v = [x for x in values if x is not None]
    return f"{np.median(v):.3f}" if v else "-"


def _cycle_columns(c):
    if c.kind != "nbsim":
        return ("-", "-", "-")
    ct = c.cycle_times()
    return (_median([r.summary["rtf_second_half"] for r in c.runs]),
            f"{np.median(ct) * 1e3:.3f}", f"{ct.max() * 1e3:.3f}")


def condition_rows(conds):
    rows = []
    for c in conds:
        k = counters.of_condition(c)
        rows.append((c.label, str(len(c.runs)),
                     f"{c.metric_name} {_median(c.metrics())}",
                     spread_text(c.metrics()), *_cycle_columns(c),
                     counters.rate_text(k["hint_faults_per_s"]),
                     counters.rate_text(k["pages_migrated_per_s"]),
                     counters.share_text(k["remote_hint_fault_share"]),
                     str(sum(r.disturbance.disturbed for r in c.runs)),
                     _verdict_counts(c.runs)))
    return rows


def _interval_text(iv):
    if iv.n == 0:
        return "-", "-"
    ci = "too few pairs" if iv.lo is None else f"{iv.lo:.3f} .. {iv.hi:.3f}"
    return f"{iv.median:.3f}", ci


def comparison_rows(comps):
    rows = []
    for c in comps:
        median, ci = _interval_text(c.clean)
        all_median, all_ci = _interval_text(c.usable)
        rows.append((c.num.label, c.den.label,
                     f"{c.clean.n} of {len(c.pairs)}", median, ci,
                     f"{all_median} ({all_ci}, {c.usable.n} pairs)",
                     "-" if c.median_cycle is None
                     else f"{c.median_cycle:.3f}"))
    return rows


def run_rows(conds):
    rows = []
    for c in conds:
        for r in c.runs:
            k, o = counters.of_run(r), own.of_run(r)
            rows.append((r.name, c.label, r.summary["slurm_job_id"] or "-",
                         r.pair or "-",
                         "-" if r.metric is None else f"{r.metric:.3f}",
                         str(k["numa_pte_updates"]),
                         str(k["numa_hint_faults"]),
                         str(k["remote_hint_faults"]),
                         "-" if o is None else str(o["numa_faults_end"]),
                         "-" if o is None else str(o["pages_migrated"]),
                         r.disturbance.summary(), r.verdict.status))
    return rows


ENERGY_HEADER = ("run", "condition", "source", "scope", "joules",
                 "J per simulated s", "flagged")


def _joules(x):
    return "-" if x is None else f"{x:,.1f}"


def energy_rows(conds):
    """One row per run and energy source it recorded."""
    rows = []
    for c in conds:
        for r in c.runs:
            for source, g in energy.readings(r).items():
                rows.append((r.name, c.label, source, g.scope,
                             _joules(g.joules),
                             _joules(energy.per_model_s(r, g.joules)),
                             g.flag or "; ".join(g.notes) or "-"))
    return rows


def text(header, rows):
    """Rows as aligned plain-text columns under a header line."""
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    lines = ["  ".join(str(x).ljust(w) for x, w in zip(row, widths)).rstrip()
             for row in (header, *rows)]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
