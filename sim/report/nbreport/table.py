"""The summary tables of the report (per condition, per balancing on/off
pair, per run) as lists of rows, and their plain-text form for stdout."""

from collections import namedtuple

import numpy as np

from . import stats
from .verdict import FAIL, OK, WARN

CONDITION_HEADER = ("condition", "runs", "RTF", "RTF 2nd half",
                    "median cycle ms", "mean cycle ms", "max cycle ms",
                    "hint faults/s",
                    "pages migrated", "verdicts")
PAIR_HEADER = ("condition", "relative to", "RTF ratio",
               "per-repetition range", "median cycle ratio")
RUN_HEADER = ("run", "condition", "job", "RTF", "PTE updates",
              "hint faults", "verdict")


# The condition and pair tables, built once for the page and for stdout.
Rows = namedtuple("Rows", "conditions pairs")


def _verdict_counts(verdicts):
    n = {s: sum(v.status == s for v in verdicts) for s in (OK, WARN, FAIL)}
    text = f"{n[OK]} ok"
    if n[WARN]:
        text += f", {n[WARN]} warn"
    if n[FAIL]:
        text += f", {n[FAIL]} FLAGGED"
    return text


def condition_rows(conds, verdicts):
    rows = []
    for c in conds:
        ct = c.cycle_times()
        rtf, rtf_sd = stats.mean_std(c.rtfs())
        half, _ = stats.mean_std([r.summary["rtf_second_half"]
                                  for r in c.runs])
        faults = np.mean([r.vmstat_total("numa_hint_faults")
                          / max(r.summary["time_sim_s"], 1e-9)
                          for r in c.runs])
        migrated = np.mean([r.vmstat_total("numa_pages_migrated")
                            for r in c.runs])
        rows.append((c.label, str(len(c.runs)), f"{rtf:.3f} ± {rtf_sd:.3f}",
                     f"{half:.3f}", f"{np.median(ct) * 1e3:.3f}",
                     f"{ct.mean() * 1e3:.3f}",
                     f"{ct.max() * 1e3:.3f}", f"{faults:.0f}",
                     f"{migrated:.0f}",
                     _verdict_counts([verdicts[id(r)] for r in c.runs])))
    return rows


def pair_rows(pairs):
    return [(a.label, b.label, f"{r['ratio']:.3f}",
             f"{r['min']:.3f} .. {r['max']:.3f} over {r['pairs']} pairs",
             f"{r['median_cycle']:.3f}")
            for a, b, r in pairs]


def run_rows(conds, verdicts):
    rows = []
    for c in conds:
        for r in c.runs:
            v = verdicts[id(r)]
            rows.append((r.name, c.label, r.summary["slurm_job_id"] or "-",
                         f"{r.summary['rtf']:.3f}",
                         str(r.vmstat_total("numa_pte_updates")),
                         str(r.vmstat_total("numa_hint_faults")),
                         v.status))
    return rows


def text(header, rows):
    """Rows as aligned plain-text columns under a header line."""
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    lines = ["  ".join(str(x).ljust(w) for x, w in zip(row, widths)).rstrip()
             for row in (header, *rows)]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
