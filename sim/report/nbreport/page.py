# SPDX-License-Identifier: GPL-2.0-or-later
"""Writes the report's index.html: the headline box first (its details
folded), then the figures, the forest plot first (each at its own size,
with a line on how to read it), the condition and comparison tables, and
folded away (<details>) the long ones: every run, energy per run,
provenance and every run's verdict in detail."""

import html
import os

from . import conditions, energy, provenance, table
from .verdict import FAIL, WARN

STYLE = """
body { font-family: sans-serif; margin: 1.5em; max-width: 110em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
td, th { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: left;
         vertical-align: top; }
th { background: #eee; }
td:first-child { white-space: nowrap; }
.headline { border: 3px solid #333; padding: 0.6em 1em; margin-bottom: 1.5em;
            font-size: 1.1em; }
.headline table { margin: 0; width: 100%; }
.headline th { width: 7em; }
.headline tr.ok th { background: #cfc; }
.headline tr.warn th { background: #fe9; }
.headline tr.bad th { background: #c00; color: white; }
.headline tr.neutral th { background: #e4e4e4; }
.headline ul { margin: 0.2em 0; font-size: 0.9em; }
.headline details summary { font-size: 0.85em; color: #555; cursor: pointer; }
details.long { margin: 0.8em 0; }
details.long > summary { font-size: 1.2em; font-weight: bold;
                         cursor: pointer; }
.strong { font-weight: bold; text-transform: uppercase; }
.CONTRADICTS { background: #fcc; font-weight: bold; }
.warn { background: #ffd; }
.figure { overflow-x: auto; }
.figure img { border: 1px solid #ddd; max-width: none; }
"""

TITLES = {"forest.png": "Run time per comparison",
          "activity.png": "What the kernel did in each run",
          "phases.png": "Where each run's time went",
          "distribution.png": "Cycle times of every condition",
          "distribution_panels.png": "Cycle times, one panel per condition",
          "spikes_vs_time.png": "Cycle time against spikes",
          "heatmap.png": "Cycle times of each condition's median run",
          "placement.png": "Where each buffer's pages were"}

CAPTIONS = {
    "forest.png": "The headline's run-time lines: one row per comparison "
    "on one shared log axis of the paired ratio (a run of the first "
    "condition over its partner of the second, submitted next to it). "
    "Diamond: the median of the usable, undisturbed pairs; bar: its 95 % "
    "interval by the exact sign test (no bar: fewer than 6 pairs). Dots "
    "below: each undisturbed pair. Red crosses on the row below those: "
    "disturbed pairs, left out of the median and the interval. A bar "
    "clear of 1 is a conclusive effect.",
    "activity.png": "What the kernel did during each run's measured window "
    "(node-wide /proc/vmstat deltas numa_pte_updates, numa_hint_faults "
    "and numa_pages_migrated, all hosts), one row per run under its "
    "condition's name, with every bar's number, and each run's own "
    "figure (RTF or wall time) in a panel of its own. With "
    "numa_balancing=1 the first two grow, and the third where "
    "pages have another node to go to; with 0 they are 0 (a few hint "
    "faults can remain from PTEs marked before the switch). With 0-tasks "
    "(off by the tasks' memory policy, the sysctl at 1) the job's tasks "
    "add nothing, but the counters are node-wide: other processes on the "
    "node, the job's Slurm step daemons among them, are still scanned. "
    "Red names marked (disturbed): disturbed runs.",
    "distribution.png": "Cycle times of every condition on one axis (all "
    "ranks and cycles pooled): densities (left; the area under each curve "
    "is the share of its cycles below the cut-off) and cumulative shares "
    "(right; dotted lines: medians). Balancing that costs time moves the "
    "curve right and lengthens the tail. Each label says how many runs "
    "it pools and how many of those were disturbed.",
    "distribution_panels.png": "The same distributions one panel per "
    "condition, as in the seed paper's Fig. 2, with the share the cut-off "
    "covers and statistics over all cycles, also those beyond it.",
    "spikes_vs_time.png": "Each cycle's time against the number of spikes "
    "the same rank emitted in the cycle before (colour: number of (rank, "
    "cycle) pairs, log scale). A high r² means the cycle time follows the "
    "network's activity; a cloud of slow cycles that does not depend on "
    "spikes points at something else, such as page migration. Each "
    "title says how many runs it pools and how many were disturbed.",
    "heatmap.png": "The run with the median RTF of each condition: for a "
    "run of one rank, each thread's own deliver + update time per cycle "
    "(a slow row is a thread that was held up); otherwise cycle time per "
    "rank and cycle (vertical stripes: slow cycles on every rank, waiting "
    "on each other; horizontal: slow ranks). Colour capped at the cut-off.",
    "phases.png": "Where the wall time goes, per run: each phase's time "
    "per model second (mean over ranks), stacked; the bar's length is the "
    "RTF. 'other' is the rest of the simulation phase's wall time. Red "
    "names marked (disturbed): disturbed runs.",
    "placement.png": "Share of each buffer's sampled pages on each NUMA "
    "node over the run, stacked, one row per run and rank: hatched red "
    "are pages the balancing scanner has just marked (their next touch "
    "takes a hint fault), grey pages not present. Each panel's title "
    "counts the sampled pages seen on two or more nodes and the moves "
    "seen between samples. Bands trading places between nodes 0 and 1 "
    "are pages that balancing moves back and forth.",
}


def _esc(x):
    return html.escape(str(x))


def _table(header, rows, classes=None):
    out = ["<table><tr>" + "".join(f"<th>{_esc(h)}</th>" for h in header)
           + "</tr>"]
    for i, row in enumerate(rows):
        cls = f' class="{classes[i]}"' if classes and classes[i] else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{_esc(x)}</td>" for x in row)
                   + "</tr>")
    return "\n".join(out) + "</table>"


def _headline(lines):
    rows = []
    for ln in lines:
        strong = (f'<span class="strong">{_esc(ln.strong)}</span>: '
                  if ln.strong else "")
        detail = [f"<li>{_esc(d)}</li>" for d in ln.detail if d]
        folded = (f"<details><summary>{len(detail)} more</summary>"
                  f"<ul>{''.join(detail)}</ul></details>" if detail else "")
        rows.append(f'<tr class="{ln.status}"><th>{_esc(ln.topic)}</th>'
                    f'<td><span class="line">{strong}{_esc(ln.text)}'
                    f"</span>{folded}</td></tr>")
    return ('<div class="headline"><table>' + "\n".join(rows)
            + "</table></div>")


def _provenance(conds):
    runs = [r for c in conds for r in c.runs]
    facts = [dict(provenance.facts(r)) for r in runs]
    fields = list(facts[0])
    same = [f for f in fields if len({x[f] for x in facts}) == 1]
    differ = [f for f in fields if f not in same]
    out = [_table(("field", "all runs"), [(f, facts[0][f]) for f in same])]
    if differ:
        out.append(_table(["run"] + differ,
                          [[r.name] + [x[f] for f in differ]
                           for r, x in zip(runs, facts)]))
    return "\n".join(out)


def _verdict_details(conds):
    rows, classes = [], []
    for c in conds:
        for r in c.runs:
            for chk in r.verdict.checks:
                rows.append((r.name, chk.name, chk.status, chk.message))
                classes.append({FAIL: "CONTRADICTS", WARN: "warn"}
                               .get(chk.status, ""))
            d = r.disturbance
            rows.append((r.name, "disturbance", "disturbed" if d.disturbed
                         else "ok", d.summary() + "".join(
                             f"; note: {n}" for n in d.notes)))
            classes.append("warn" if d.disturbed else "")
    return _table(("run", "check", "status", "detail"), rows, classes)


def _energy(conds):
    rows = table.energy_rows(conds)
    if not rows:
        return ("<p>No run recorded energy: no sacct record and no RAPL "
                "reading in summary.json.</p>")
    if all(r[4] == "-" for r in rows):
        why = {}
        for r in rows:
            why[f"{r[2]}: {r[-1]}"] = why.get(f"{r[2]}: {r[-1]}", 0) + 1
        return ("<p>Not measured in any run:</p><ul>" + "".join(
            f"<li>{_esc(w)} ({n} run{'s' if n > 1 else ''})</li>"
            for w, n in why.items()) + "</ul>")
    return (f"<p>Each run's energy by source; flagged values (missing, "
            f"zero, NULL, impossible) are not used. "
            f"{_esc(energy.EXCLUSIVE[0].upper() + energy.EXCLUSIVE[1:])}."
            "</p>" + _table(table.ENERGY_HEADER, rows,
                            ["warn" if r[-1] != "-" and r[4] == "-" else ""
                             for r in rows]))


def _figures(names):
    return "\n".join(
        f'<h3 id="{_esc(n[:-4])}">{_esc(TITLES[n])} ({_esc(n)})</h3>'
        f"<p>{_esc(CAPTIONS[n])}</p>"
        f'<div class="figure"><img src="{_esc(n)}" alt="{_esc(TITLES[n])}">'
        "</div>" for n in names)


def _folded(title, html_text):
    """A long part of the page, folded away under its title."""
    return (f'<details class="long"><summary>{_esc(title)}</summary>'
            f"{html_text}</details>")


def write(outdir, conds, rows, lines, figures, cutoff):
    """Writes outdir/index.html (rows: the condition and comparison
    tables, as printed); returns its path."""
    run_rows = table.run_rows(conds)
    body = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'>",
        f"<title>numa-balancing validation</title><style>{STYLE}</style>",
        "</head><body><h1>numa-balancing validation report</h1>",
        _headline(lines),
        "<h2>Figures</h2>" + (f"<p>Cut-off: {cutoff * 1e3:.3g} ms.</p>"
                              if cutoff else ""),
        _figures(figures),
        "<h2>Conditions</h2>",
        f"<p>Common to all runs: {_esc(conditions.common(conds))}.</p>",
        _table(table.CONDITION_HEADER, rows.conditions),
        "<h2>Comparisons</h2><p>Median of the paired ratios (a run over "
        "the run of the other condition from the same repetition) over "
        "the usable, undisturbed pairs, with its 95 % interval by the "
        "exact sign test, and again with the disturbed pairs put back. "
        "The median cycle ratio compares the typical cycle of all runs "
        "pooled.</p>",
        _table(table.COMPARISON_HEADER, rows.comparisons)
        if rows.comparisons else "<p>No two conditions differ in one "
        "factor only.</p>",
        _folded(f"Runs ({len(run_rows)})", _table(
            table.RUN_HEADER, run_rows,
            [{FAIL: "CONTRADICTS", WARN: "warn"}.get(r[-1], "")
             for r in run_rows])),
        _folded("Energy", _energy(conds)),
        _folded("Provenance", _provenance(conds)),
        _folded("Verdict and disturbance per run", _verdict_details(conds)),
        "</body></html>",
    ]
    path = os.path.join(outdir, "index.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(body))
    return path
