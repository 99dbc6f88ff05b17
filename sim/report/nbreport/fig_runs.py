# SPDX-License-Identifier: GPL-2.0-or-later
"""The per-run and per-pair figures, which also work for --command runs
(no cycle data): what the kernel did in each run (activity), where each
nbsim run's time went (phases, the seed paper's Fig. 7) and each
comparison's paired ratios with the headline's interval (effect).
Disturbed runs have red names; every bar carries its number, zeros
included, so an empty bar reads as "none", not as "missing"."""

import numpy as np

from . import policy, stats
from .plots import _save, bar_figure, grid, wrap_label

# Bottom to top, as in the seed paper's Fig. 7.
STACK = ("update", "deliver", "collocate", "sync", "communicate", "other")
PHASE_COLOURS = {"update": "#1f77b4", "deliver": "#ff7f0e",
                 "collocate": "#2ca02c", "sync": "#9467bd",
                 "communicate": "#d62728", "other": "#7f7f7f"}
DISTURBED = "#c00000"


def _run_axis(ax, conds):
    """Run names under the bars (red when disturbed) and condition labels
    above them."""
    runs = [r for c in conds for r in c.runs]
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels([r.name for r in runs], rotation=60, ha="right")
    for tick, r in zip(ax.get_xticklabels(), runs):
        if r.disturbance.disturbed:
            tick.set_color(DISTURBED)
    start = 0
    for c in conds:
        end = start + len(c.runs)
        ax.axvline(end - 0.5, color="black", lw=0.5)
        ax.text((start + end - 1) / 2, 1.01, wrap_label(c.label),
                ha="center", va="bottom", transform=ax.get_xaxis_transform())
        start = end
    ax.set_xlim(-0.5, len(runs) - 0.5)


def _label_bars(ax, bars, values):
    for bar, v in zip(bars, values):
        ax.annotate(f"{v:,.0f}" if v < 1e4 else f"{v / 1e3:,.0f}k",
                    (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center", va="bottom", rotation=90,
                    xytext=(0, 2), textcoords="offset points")


def activity(conds, outdir):
    """Per run: PTEs the scanner marked, hint faults taken and pages
    migrated in the measured window (all hosts), numbers on the bars,
    with each run's metric on a second axis."""
    runs = [r for c in conds for r in c.runs]
    fig, ax = bar_figure(len(runs), height=5.2)
    x = np.arange(len(runs))
    top = 1.0
    for off, key, colour in ((-0.27, "numa_pte_updates", "#8c564b"),
                             (0.0, "numa_hint_faults", "#e377c2"),
                             (0.27, "numa_pages_migrated", "#17becf")):
        values = [r.vmstat_total(key) for r in runs]
        _label_bars(ax, ax.bar(x + off, values, width=0.27, color=colour,
                               label=key), values)
        top = max(top, *values)
    ax.set_ylim(0, top * 1.35)
    metric = ax.twinx()
    names = " or ".join(dict.fromkeys(c.metric_name for c in conds))
    metric.plot(x, [r.metric for r in runs], "ko", label=names)
    metric.set_ylim(bottom=0)
    metric.set_ylabel(names + " (dots)")
    _run_axis(ax, conds)
    ax.set_ylabel("events in the measured window, all hosts")
    handles = ax.get_legend_handles_labels()
    more = metric.get_legend_handles_labels()
    ax.legend(handles[0] + more[0], handles[1] + more[1], loc="upper left",
              bbox_to_anchor=(1.1, 1.0))
    return _save(fig, outdir, "activity.png")


def phases(conds, outdir):
    """Phase-stacked bars, one bar per run, grouped by condition."""
    runs = [r for c in conds for r in c.runs]
    fig, ax = bar_figure(len(runs))
    bottom = np.zeros(len(runs))
    costs = [stats.phase_cost(r) for r in runs]
    for p in STACK:
        h = np.array([cost[p] for cost in costs])
        ax.bar(range(len(runs)), h, bottom=bottom, label=p,
               color=PHASE_COLOURS[p])
        bottom += h
    _run_axis(ax, conds)
    ax.set_ylabel("wall time per model second (s/s)\n= contribution to RTF")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _save(fig, outdir, "phases.png")


def _effect_title(c):
    """What the panel compares, and under which other factors."""
    if c.factor == "numa_balancing":
        rest = c.num.label.partition(", ")[2]
        what = ("balancing on over off"
                if policy.plain(c.num.balancing, c.den.balancing) else
                f"numa_balancing={c.num.balancing} over {c.den.balancing}")
        return what + (f"\n{wrap_label(rest)}" if rest else "")
    return (f"{c.num.value(c.factor)}\nover {c.den.value(c.factor)}\n"
            f"({c.num.label.partition(', ')[0]})")


def _effect_panel(ax, c):
    iv = c.clean
    x = np.arange(len(c.pairs))
    for i, p in enumerate(c.pairs):
        if p.ratio is None:
            ax.annotate("unusable", (i, 1.0), ha="center", rotation=90)
        elif p.disturbed:
            ax.plot(i, p.ratio, "x", color=DISTURBED, ms=9)
        else:
            ax.plot(i, p.ratio, "ko")
    ax.axhline(1.0, color="grey", lw=0.8)
    if iv.median is not None:
        ax.axhline(iv.median, color="black", lw=1.2)
    if iv.lo is not None:
        ax.axhspan(iv.lo, iv.hi, color="#1f77b4", alpha=0.2)
    ax.set_xticks(x)
    ax.set_xticklabels([p.rep for p in c.pairs], rotation=45, ha="right")
    ax.set_title(_effect_title(c))
    ax.set_ylabel(f"{c.num.metric_name} ratio of the pair")
    ax.set_xlabel("pair (repetition)")


def effect(comps, outdir):
    """One panel per comparison: each pair's ratio (dots; red crosses:
    disturbed), the median of the clean pairs (line) and its 95 %
    sign-test interval (band); None without comparisons."""
    if not comps:
        return None
    fig, axes = grid(len(comps), width=4.5, height=3.8)
    for ax, c in zip(axes, comps):
        _effect_panel(ax, c)
    return _save(fig, outdir, "effect.png")
