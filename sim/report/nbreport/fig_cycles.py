# SPDX-License-Identifier: GPL-2.0-or-later
"""The cycle-time figures, after the seed paper's: the distribution of
every condition overlaid on one axis (densities and ECDFs), the same
per condition (its Fig. 2), cycle time against the previous cycle's
spike count (Fig. 3) and heatmaps of the median run (Fig. 4): rank x
cycle, or thread x cycle when the run has one rank. Each function writes
one PNG and returns its name."""

import numpy as np
from matplotlib.colors import LogNorm

from . import stats
from .plots import MS, grid, runs_text, _save
from .table import spread_text

DENSITY_BINS = 100
ECDF_POINTS = 2000
HIST2D_BINS = 100
HEATMAP_COLUMNS = 1000
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
           "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")


def colour(i):
    return COLOURS[i % len(COLOURS)]


def _ecdf(x, cutoff):
    """(values, cumulative shares) of x at up to ECDF_POINTS quantiles,
    the values capped at cutoff."""
    q = np.linspace(0.0, 1.0, min(ECDF_POINTS, x.size))
    return np.minimum(np.quantile(x, q), cutoff), q


def overlay(conds, cutoff, outdir):
    """Densities (left) and ECDFs (right) of every condition's cycle
    times on one axis each."""
    fig, (dens_ax, ecdf_ax) = grid(2, width=6.4, height=4.2)
    for i, c in enumerate(conds):
        x = c.cycle_times() * MS
        edges, dens = stats.density(x, cutoff * MS, DENSITY_BINS)
        label = (f"{c.label} ({runs_text(c)}, median "
                 f"{np.median(x):.3g} ms)")
        dens_ax.stairs(dens, edges, color=colour(i), lw=1.5, label=label)
        ecdf_ax.plot(*_ecdf(x, cutoff * MS), color=colour(i), lw=1.5)
        ecdf_ax.axvline(np.median(x), color=colour(i), lw=0.8, ls=":")
    dens_ax.set_ylabel("density (1/ms), all ranks and cycles")
    ecdf_ax.set_ylabel("share of cycles at most this long")
    ecdf_ax.set_ylim(0, 1.0)
    for ax in (dens_ax, ecdf_ax):
        ax.set_xlabel(f"cycle time (ms), cut off at {cutoff * MS:.3g} ms")
        ax.set_xlim(0, cutoff * MS)
    dens_ax.legend(loc="upper right")
    ecdf_ax.set_title("dotted: medians", loc="right")
    return _save(fig, outdir, "distribution.png")


def panels(conds, cutoff, outdir):
    """Density of cycle times up to the cut-off, one panel per condition."""
    fig, axes = grid(len(conds), sharey=True)
    for i, (ax, c) in enumerate(zip(axes, conds)):
        x = c.cycle_times() * MS
        edges, dens = stats.density(x, cutoff * MS, DENSITY_BINS)
        ax.stairs(dens, edges, fill=True, alpha=0.6, color=colour(i))
        d = stats.describe(x)
        ax.text(0.97, 0.95,
                f"covered: {stats.share_below(x, cutoff * MS):.1%}\n"
                f"min {d['min']:.3g} ms\nmean {d['mean']:.3g} ms\n"
                f"max {d['max']:.3g} ms\nstd {d['std']:.3g} ms\n"
                f"{c.metric_name} {spread_text(c.metrics())}",
                transform=ax.transAxes, ha="right", va="top",
                bbox={"facecolor": "white", "alpha": 0.8, "lw": 0})
        ax.set_title(f"{c.label}\n({runs_text(c)})")
        ax.set_xlabel(f"cycle time (ms), cut off at {cutoff * MS:.3g} ms")
        ax.set_xlim(0, cutoff * MS)
    axes[0].set_ylabel("density (1/ms), all ranks and cycles")
    return _save(fig, outdir, "distribution_panels.png")


def _spike_edges(smax):
    """One bin per spike count when there are at most HIST2D_BINS distinct
    counts (equal bins would leave empty stripes), else HIST2D_BINS bins."""
    if smax + 1 <= HIST2D_BINS:
        return np.arange(-0.5, smax + 1.0)
    return np.linspace(0, smax, HIST2D_BINS + 1)


def spikes_vs_time(conds, cutoff, outdir):
    """2-D histogram of a cycle's time against the rank's spike count in
    the previous cycle, log colour scale, with r²."""
    fig, axes = grid(len(conds), width=4.5)
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
        ax.set_title(f"{c.label} ({runs_text(c)})\n"
                     + (f"r² = {r2:.3f}" if r2 == r2 else
                        "r² undefined (constant)"))
        ax.set_xlabel("spikes of the rank in the previous cycle")
        ax.set_ylabel("cycle time (ms)")
        fig.colorbar(image, ax=ax).set_label("(rank, cycle) pairs")
    return _save(fig, outdir, "spikes_vs_time.png")


def representative(cond):
    """The run with the median RTF of a condition."""
    runs = sorted(cond.runs, key=lambda r: r.metric or 0.0)
    return runs[(len(runs) - 1) // 2]


def _heat_rows(run):
    """(rows x cycles seconds, what a row is): threads of a one-rank run
    when nbsim timed them (each thread's own deliver + update), else
    ranks (cycle time)."""
    if run.summary["ranks"] == 1 and run.threads is not None:
        return run.threads["deliver"] + run.threads["update"], "thread"
    return run.cycle_time, "rank"


def heatmap(conds, cutoff, outdir):
    """Per condition, its median run: thread x cycle or rank x cycle."""
    fig, axes = grid(len(conds), width=4.5)
    for ax, c in zip(axes, conds):
        run = representative(c)
        rows, what = _heat_rows(run)
        a, k = stats.block_max(rows * MS, HEATMAP_COLUMNS)
        im = ax.imshow(a, aspect="auto", interpolation="nearest",
                       cmap="viridis", vmin=float(a.min()),
                       vmax=max(cutoff * MS, float(a.min()) * 1.001),
                       extent=(0, rows.shape[1], a.shape[0] - 0.5, -0.5))
        s = run.summary
        ax.set_title(f"{c.label}\n{run.name}"
                     + (" (disturbed)" if run.disturbance.disturbed else "")
                     + f": RTF {s['rtf']:.3g}, "
                     f"second half {s['rtf_second_half']:.3g}")
        ax.set_xlabel("cycle" + (f" (max of {k} per column)" if k > 1
                                 else ""))
        ax.set_ylabel(what + ("" if what == "rank" or a.shape[0] > 1 else
                              " (one)"))
        if a.shape[0] <= 16:
            ax.set_yticks(range(a.shape[0]))
        cb = fig.colorbar(im, ax=ax, extend="max")
        cb.set_label("thread's deliver + update (ms)" if what == "thread"
                     else "cycle time (ms)")
    return _save(fig, outdir, "heatmap.png")
