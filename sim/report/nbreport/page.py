"""Writes the report's index.html: a loud banner for runs whose data
contradict their label, the summary tables, the figures with a line on how
to read each, and every run's verdict in detail."""

import html
import os

from . import conditions, table
from .verdict import FAIL, WARN

STYLE = """
body { font-family: sans-serif; margin: 1.5em; max-width: 110em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
td, th { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: left; }
th { background: #eee; }
.flag { background: #c00; color: white; padding: 0.8em; font-size: 1.2em; }
.CONTRADICTS { background: #fcc; font-weight: bold; }
.warn { background: #ffd; }
img { max-width: 100%; border: 1px solid #ddd; }
"""

CAPTIONS = {
    "activity.png": "What the kernel did during each run's simulation "
    "phase (node-wide /proc/vmstat deltas, all hosts): PTEs the balancing "
    "scanner marked and the hint faults they caused, and the run's RTF "
    "(dots, right axis). With numa_balancing=1 both bars grow; with 0 "
    "there are no PTE updates (a few hint faults can remain from PTEs "
    "marked before the switch).",
    "distribution.png": "Cycle-time distribution per condition (all ranks "
    "and cycles pooled). The area under each curve is the share of cycles "
    "below the common cut-off; slow outliers beyond it are counted in "
    "'covered' and 'max'. Balancing that moves pages shifts the mass right "
    "and lengthens the tail.",
    "spikes_vs_time.png": "Each cycle's time against the number of spikes "
    "the same rank emitted in the cycle before (colour: number of (rank, "
    "cycle) pairs, log scale). A high r² means the cycle time follows the "
    "network's activity; a cloud of slow cycles that does not depend on "
    "spikes points at something else, such as page migration.",
    "heatmap.png": "Cycle time per rank and cycle for the run with the "
    "median RTF of each condition (colour capped at the cut-off). Vertical "
    "stripes are slow cycles on every rank (waiting on each other); "
    "horizontal ones are slow ranks.",
    "phases.png": "Where the wall time goes, per run: each phase's time "
    "per model second (mean over ranks), stacked; the total is the RTF. "
    "'other' is the rest of the simulation phase's wall time.",
    "placement.png": "Share of each buffer's sampled pages on each NUMA "
    "node over the run, stacked, one row per run and rank: hatched red "
    "are pages the balancing scanner has just marked (their next touch "
    "takes a hint fault), grey pages not present. Each panel's title "
    "counts the sampled pages seen on two or more nodes and the moves "
    "seen between samples. Bands trading places between nodes 0 and 1 "
    "are pages that balancing moves back and forth.",
}


def _table(header, rows, classes=None):
    out = ["<table><tr>"
           + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr>"]
    for i, row in enumerate(rows):
        cls = f' class="{classes[i]}"' if classes and classes[i] else ""
        out.append(f"<tr{cls}>" + "".join(
            f"<td>{html.escape(str(x))}</td>" for x in row) + "</tr>")
    return "\n".join(out) + "</table>"


def _banner(verdicts):
    flagged = [v for v in verdicts if v.status == FAIL]
    if not flagged:
        return ""
    items = "".join(
        f"<li>{html.escape(v.run.name)}: " + html.escape("; ".join(
            c.message for c in v.checks if c.status == FAIL)) + "</li>"
        for v in flagged)
    return (f'<div class="flag"><b>{len(flagged)} run(s) contradict their '
            f"numa_balancing label</b>: their numbers do not measure what "
            f"the label says.<ul>{items}</ul></div>")


def _verdict_details(conds, verdicts):
    rows, classes = [], []
    for c in conds:
        for r in c.runs:
            for chk in verdicts[id(r)].checks:
                rows.append((r.name, chk.name, chk.status, chk.message))
                classes.append({FAIL: "CONTRADICTS", WARN: "warn"}
                               .get(chk.status, ""))
    return _table(("run", "check", "status", "detail"), rows, classes)


def _figures(names):
    return "\n".join(
        f"<h3>{html.escape(n)}</h3><p>{html.escape(CAPTIONS[n])}</p>"
        f'<img src="{html.escape(n)}" alt="{html.escape(n)}">'
        for n in names)


def write(outdir, conds, rows, verdicts, figures, cutoff):
    """Writes outdir/index.html (rows: the condition and pair tables, as
    printed); returns its path."""
    vs = [verdicts[id(r)] for c in conds for r in c.runs]
    run_rows = table.run_rows(conds, verdicts)
    body = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'>",
        f"<title>numa-balancing validation</title><style>{STYLE}</style>",
        "</head><body><h1>numa-balancing validation report</h1>",
        _banner(vs),
        "<h2>Conditions</h2>",
        f"<p>Common to all runs: {html.escape(conditions.common(conds))}."
        "</p>",
        _table(table.CONDITION_HEADER, rows.conditions),
        "<h2>RTF ratios</h2><p>Mean RTF of a condition over the mean RTF "
        "of the condition it differs from only in numa_balancing (on/off) "
        "or the allocator (jemalloc/glibc); the range is over the ratios "
        "of the i-th repetitions of each. The median cycle ratio compares "
        "the typical cycle and hardly moves when other processes take the "
        "CPU for a few cycles, which inflates the RTF.</p>",
        _table(table.PAIR_HEADER, rows.pairs)
        if rows.pairs else "<p>No two conditions differ only in numa_balancing "
        "or the allocator.</p>",
        "<h2>Runs</h2>",
        _table(table.RUN_HEADER, run_rows,
               [{FAIL: "CONTRADICTS", WARN: "warn"}.get(r[-1], "")
                for r in run_rows]),
        f"<h2>Figures</h2><p>Cut-off: {cutoff * 1e3:.3g} ms.</p>",
        _figures(figures),
        "<h2>Verdict per run</h2>",
        _verdict_details(conds, verdicts),
        "</body></html>",
    ]
    path = os.path.join(outdir, "index.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(body))
    return path
