"""The report's figures, after the seed paper's: cycle-time distributions
(its Fig. 2), cycle time against the previous cycle's spike count (Fig. 3),
rank x cycle heatmaps (Fig. 4), phase-stacked bars (Fig. 7) and page
placement over time. Each function writes one PNG and returns its name."""

import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend)
import numpy as np  # noqa: E402
from matplotlib.colors import LogNorm  # noqa: E402

from . import placement as placement_mod  # noqa: E402
from . import stats  # noqa: E402

MS = 1e3
DPI = 90
DENSITY_BINS = 100
HIST2D_BINS = 100
HEATMAP_COLUMNS = 1000
# Bottom to top, as in the seed paper's Fig. 7.
STACK = ("update", "deliver", "collocate", "sync", "communicate", "other")
PHASE_COLOURS = {"update": "#1f77b4", "deliver": "#ff7f0e",
                 "collocate": "#2ca02c", "sync": "#9467bd",
                 "communicate": "#d62728", "other": "#7f7f7f"}


def _panels(n, width=4.6, height=3.6, sharey=True):
    fig, axes = plt.subplots(1, n, figsize=(width * n, height),
                             sharey=sharey, squeeze=False)
    return fig, axes[0]


def _save(fig, outdir, name):
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, name), dpi=DPI)
    plt.close(fig)
    return name


def _runs(n):
    return f"{n} run" + ("" if n == 1 else "s")


def distribution(conds, cutoff, outdir):
    """Density of cycle times up to the cut-off, one panel per condition."""
    fig, axes = _panels(len(conds))
    for ax, c in zip(axes, conds):
        x = c.cycle_times() * MS
        edges, dens = stats.density(x, cutoff * MS, DENSITY_BINS)
        ax.stairs(dens, edges, fill=True, alpha=0.6)
        d = stats.describe(x)
        rtf, rtf_sd = stats.mean_std(c.rtfs())
        ax.text(0.97, 0.95,
                f"covered: {stats.share_below(x, cutoff * MS):.1%}\n"
                f"min {d['min']:.3g} ms\nmean {d['mean']:.3g} ms\n"
                f"max {d['max']:.3g} ms\nstd {d['std']:.3g} ms\n"
                f"RTF {rtf:.3g} ± {rtf_sd:.2g} ({_runs(len(c.runs))})",
                transform=ax.transAxes, ha="right", va="top", fontsize=8,
                bbox={"facecolor": "white", "alpha": 0.8, "lw": 0})
        ax.set_title(c.label, fontsize=9)
        ax.set_xlabel(f"cycle time (ms), cut off at {cutoff * MS:.3g} ms")
        ax.set_xlim(0, cutoff * MS)
    axes[0].set_ylabel("density (1/ms), all ranks and cycles")
    return _save(fig, outdir, "distribution.png")


def _spike_edges(smax):
    """One bin per spike count when there are at most HIST2D_BINS distinct
    counts (equal bins would leave empty stripes), else HIST2D_BINS bins."""
    if smax + 1 <= HIST2D_BINS:
        return np.arange(-0.5, smax + 1.0)
    return np.linspace(0, smax, HIST2D_BINS + 1)


def spikes_vs_time(conds, cutoff, outdir):
    """2-D histogram of a cycle's time against the rank's spike count in
    the previous cycle, log colour scale, with r²."""
    fig, axes = _panels(len(conds), width=5.0)
    smax = max(max(int(r.spikes.max()) for r in c.runs) for c in conds)
    tmin = min(min(float(r.cycle_time.min()) for r in c.runs) for c in conds)
    yedges = np.linspace(tmin * MS, cutoff * MS, HIST2D_BINS + 1)
    for ax, c in zip(axes, conds):
        xs, ys = zip(*(stats.previous_cycle_pairs(r.cycle_time, r.spikes)
                       for r in c.runs))
        x, y = np.concatenate(xs), np.concatenate(ys)
        r2 = stats.r_squared(x, y)
        *_, image = ax.hist2d(x, y * MS, bins=(_spike_edges(smax), yedges),
                              norm=LogNorm(), cmap="viridis")
        ax.set_title(f"{c.label}\nr² = {r2:.3f}" if r2 == r2 else
                     f"{c.label}\nr² undefined (constant)", fontsize=9)
        ax.set_xlabel("spikes emitted by the rank in the previous cycle")
        fig.colorbar(image, ax=ax).set_label("number of (rank, cycle) pairs")
    axes[0].set_ylabel(f"cycle time (ms), cut off at {cutoff * MS:.3g} ms")
    return _save(fig, outdir, "spikes_vs_time.png")


def representative(cond):
    """The run with the median RTF of a condition."""
    runs = sorted(cond.runs, key=lambda r: r.summary["rtf"])
    return runs[(len(runs) - 1) // 2]


def heatmap(conds, cutoff, outdir):
    """Cycle time per rank and cycle of each condition's median run."""
    fig, axes = _panels(len(conds), width=5.0, sharey=False)
    tmin = min(min(float(r.cycle_time.min()) for r in c.runs) for c in conds)
    for ax, c in zip(axes, conds):
        run = representative(c)
        a, k = stats.block_max(run.cycle_time * MS, HEATMAP_COLUMNS)
        im = ax.imshow(a, aspect="auto", interpolation="nearest",
                       cmap="viridis", vmin=tmin * MS, vmax=cutoff * MS,
                       extent=(0, run.cycle_time.shape[1],
                               a.shape[0] - 0.5, -0.5))
        s = run.summary
        ax.set_title(f"{c.label}\n{run.name}: RTF {s['rtf']:.3g}, "
                     f"second half {s['rtf_second_half']:.3g}", fontsize=9)
        ax.set_xlabel("cycle" + (f" (max over {k} cycles per column)"
                                 if k > 1 else ""))
        ax.set_ylabel("rank")
        if a.shape[0] <= 16:
            ax.set_yticks(range(a.shape[0]))
        cb = fig.colorbar(im, ax=ax, extend="max")
        cb.set_label(f"cycle time (ms), cut off at {cutoff * MS:.3g} ms")
    return _save(fig, outdir, "heatmap.png")


def phases(conds, outdir):
    """Phase-stacked bars, one bar per run, grouped by condition."""
    runs = [(c, r) for c in conds for r in c.runs]
    fig, ax = plt.subplots(figsize=(max(5.0, 0.8 * len(runs) + 2.5), 4.6))
    bottom = np.zeros(len(runs))
    costs = [stats.phase_cost(r) for _, r in runs]
    for p in STACK:
        h = np.array([cost[p] for cost in costs])
        ax.bar(range(len(runs)), h, bottom=bottom, label=p,
               color=PHASE_COLOURS[p])
        bottom += h
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels([r.name for _, r in runs], rotation=60, ha="right",
                       fontsize=7)
    _mark_conditions(ax, conds)
    ax.set_ylabel("wall time per model second (s/s)\n= contribution to RTF")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _save(fig, outdir, "phases.png")


def activity(conds, outdir):
    """Per run: the PTEs the scanner marked and the hint faults taken during
    the sim phase (all hosts), bars grouped by condition, with each run's
    RTF on a second axis."""
    runs = [r for c in conds for r in c.runs]
    fig, ax = plt.subplots(figsize=(max(5.0, 0.8 * len(runs) + 2.5), 4.6))
    x = np.arange(len(runs))
    for off, key, colour in ((-0.2, "numa_pte_updates", "#8c564b"),
                             (0.2, "numa_hint_faults", "#e377c2")):
        ax.bar(x + off, [r.vmstat_total(key) for r in runs], width=0.4,
               color=colour, label=key)
    rtf = ax.twinx()
    rtf.plot(x, [r.summary["rtf"] for r in runs], "ko", label="RTF")
    rtf.set_ylim(bottom=0)
    rtf.set_ylabel("RTF (wall time / model time)")
    ax.set_xticks(x)
    ax.set_xticklabels([r.name for r in runs], rotation=60, ha="right",
                       fontsize=7)
    _mark_conditions(ax, conds)
    ax.set_ylabel("events during the sim phase, all hosts")
    handles = ax.get_legend_handles_labels()
    more = rtf.get_legend_handles_labels()
    ax.legend(handles[0] + more[0], handles[1] + more[1], fontsize=8,
              loc="upper left", bbox_to_anchor=(1.12, 1.0))
    return _save(fig, outdir, "activity.png")


def _mark_conditions(ax, conds):
    start = 0
    for c in conds:
        end = start + len(c.runs)
        ax.axvline(end - 0.5, color="black", lw=0.5)
        ax.text((start + end - 1) / 2, 1.01, c.label.replace(", ", "\n"),
                ha="center",
                va="bottom", fontsize=7, transform=ax.get_xaxis_transform())
        start = end


def placement(conds, outdir):
    """Page placement of every run and rank (placement.py)."""
    return placement_mod.figure(conds, outdir, plt, DPI)
