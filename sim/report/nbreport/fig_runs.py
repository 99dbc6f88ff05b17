# SPDX-License-Identifier: GPL-2.0-or-later
"""The per-run figures, which also work for --command runs (no cycle
data): what the kernel did in each run (activity) and where each nbsim
run's time went (phases, the seed paper's Fig. 7). Runs are rows, grouped
under their condition's name; a disturbed run's name is red and says so,
as no panel pools runs. Every bar carries its number, zeros included, so
an empty bar reads as "none", not as "missing"."""

import numpy as np
from matplotlib.ticker import FuncFormatter

from . import stats
from .plots import _save, plt

# Bottom to top, as in the seed paper's Fig. 7.
STACK = ("update", "deliver", "collocate", "sync", "communicate", "other")
PHASE_COLOURS = {"update": "#1f77b4", "deliver": "#ff7f0e",
                 "collocate": "#2ca02c", "sync": "#9467bd",
                 "communicate": "#d62728", "other": "#7f7f7f"}
PHASE_WORDS = {"update": "update: neuron state updates",
               "deliver": "deliver: spikes to their synapses",
               "collocate": "collocate: spikes packed for sending",
               "sync": "sync: barrier before communicate",
               "communicate": "communicate: MPI spike exchange",
               "other": "other: rest of the simulation phase"}
# The kernel's counters in words (their /proc/vmstat names in the caption).
ACTIVITY = (("numa_pte_updates", "page-table entries the scanner marked",
             "#8c564b"),
            ("numa_hint_faults", "hint faults taken", "#e377c2"),
            ("numa_pages_migrated", "pages migrated", "#17becf"))
DISTURBED = "#c00000"
ROW_IN = 0.32                      # height of one run's row, inches
ACTIVITY_ROW_IN = 0.5              # three labelled bars per run


def _layout(conds):
    """(rows, headings): the y of each run, in condition order, and the
    y and label of each condition's heading row above its runs."""
    rows, headings, y = [], [], 0
    for c in conds:
        headings.append((y, c.label))
        rows += [(y + 1 + i, r) for i, r in enumerate(c.runs)]
        y += len(c.runs) + 1
    return rows, headings


def _figure(conds, panels, widths, row_in=ROW_IN):
    rows, headings = _layout(conds)
    height = row_in * (len(rows) + len(headings)) + 1.8
    fig, axes = plt.subplots(1, panels, sharey=True, squeeze=False,
                             figsize=(13.0, height),
                             gridspec_kw={"width_ratios": widths})
    return fig, list(axes[0]), rows, headings


def _run_names(ax, rows, headings):
    """Run names on the y axis (red, "disturbed", for disturbed runs) and
    each condition's name in bold on its heading row."""
    ax.set_yticks([y for y, _ in rows])
    ax.set_yticklabels([r.name + (" (disturbed)" if r.disturbance.disturbed
                                  else "") for _, r in rows])
    for tick, (_, r) in zip(ax.get_yticklabels(), rows):
        if r.disturbance.disturbed:
            tick.set_color(DISTURBED)
    for y, label in headings:
        ax.text(0.0, y, label, transform=ax.get_yaxis_transform(),
                fontweight="bold", va="center", ha="left")
    ax.set_ylim(max(y for y, _ in rows) + 0.6, -0.6)


def _count(v):
    return f"{v:,.0f}" if v < 1e4 else f"{v / 1e3:,.0f}k"


def _label_bars(ax, bars, values, fmt=_count):
    for bar, v in zip(bars, values):
        ax.annotate(fmt(v),
                    (bar.get_width(), bar.get_y() + bar.get_height() / 2),
                    ha="left", va="center", xytext=(2, 0),
                    textcoords="offset points")


def _legend_above(ax):
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=3,
              frameon=False)


def _metric_panel(ax, rows, name):
    """The runs' metric called `name` as bars, numbers written out; runs
    with another metric stay empty."""
    mine = [(y, r.metric) for y, r in rows
            if r.metric is not None and _metric_name(r) == name]
    ys, values = [y for y, _ in mine], [v for _, v in mine]
    _label_bars(ax, ax.barh(ys, values, height=0.6, color="#555555"),
                values, lambda v: f"{v:.3g}")
    ax.set_xlim(0, max(values + [1e-9]) * 1.3)
    ax.set_xlabel(name)
    ax.set_title(f"{name} of each run", loc="left")


def _metric_name(run):
    return "RTF" if run.kind == "nbsim" else "wall time (s)"


def activity(conds, outdir):
    """Per run: page-table entries the scanner marked, hint faults taken
    and pages migrated in the measured window (all hosts), numbers on the
    bars; each metric (RTF, wall time) in a panel of its own."""
    metrics = list(dict.fromkeys(c.metric_name for c in conds))
    fig, axes, rows, headings = _figure(conds, 1 + len(metrics),
                                        [3] + [1] * len(metrics),
                                        ACTIVITY_ROW_IN)
    ax = axes[0]
    y = np.array([y for y, _ in rows], dtype=float)
    top = 1.0
    for off, (key, words, colour) in zip((-0.27, 0.0, 0.27), ACTIVITY):
        values = [r.vmstat_total(key) for _, r in rows]
        _label_bars(ax, ax.barh(y + off, values, height=0.27, color=colour,
                                label=words), values)
        top = max(top, *values)
    ax.set_xlim(0, top * 1.25)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
    ax.set_xlabel("events in the measured window, all hosts (count)")
    fig.suptitle("What the kernel's balancing did in each run")
    _legend_above(ax)
    for mx, name in zip(axes[1:], metrics):
        _metric_panel(mx, rows, name)
    _run_names(ax, rows, headings)
    return _save(fig, outdir, "activity.png")


def phases(conds, outdir):
    """Phase-stacked bars, one bar per run, grouped by condition."""
    fig, (ax,), rows, headings = _figure(conds, 1, [1])
    y = [y for y, _ in rows]
    left = np.zeros(len(rows))
    costs = [stats.phase_cost(r) for _, r in rows]
    for p in STACK:
        w = np.array([cost[p] for cost in costs])
        ax.barh(y, w, left=left, height=0.7, label=PHASE_WORDS[p],
                color=PHASE_COLOURS[p])
        left += w
    for yy, total in zip(y, left):
        ax.annotate(f"RTF {total:.3g}", (total, yy), xytext=(3, 0),
                    textcoords="offset points", va="center")
    ax.set_xlim(0, max(left.max(), 1e-9) * 1.15)
    ax.set_xlabel("wall time per model second (s/s); the bar's length is "
                  "the RTF")
    fig.suptitle("Where each run's simulation time went, by phase")
    _legend_above(ax)
    _run_names(ax, rows, headings)
    return _save(fig, outdir, "phases.png")
