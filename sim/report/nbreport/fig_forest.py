# SPDX-License-Identifier: GPL-2.0-or-later
"""The forest plot of the run-time verdicts: one row per comparison on
one shared log axis of the paired ratio, with the median of the usable,
undisturbed pairs and its 95 % sign-test interval (the headline's run-time
line), those pairs' own ratios just below it, and the disturbed pairs on
a row of their own, drawn apart and labelled "left out"."""

import numpy as np
from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

from .plots import _save, plt

DISTURBED = "#c00000"
ESTIMATE = "#1f4e9c"
PAIRS_DY, LEFT_OUT_DY = 0.3, 0.6   # rows below each comparison's estimate
TICKS = (0.5, 0.67, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.2, 1.5, 2.0, 3.0)


def _verdict(c):
    iv = c.clean
    if iv.n == 0:
        return "no undisturbed pair"
    if iv.lo is None:
        return f"median {iv.median:.3f}, {iv.n} pair(s): no 95 % interval"
    return (f"median {iv.median:.3f}, 95 % CI {iv.lo:.3f}-{iv.hi:.3f} "
            f"({iv.n} pairs)")


def _row(ax, y, c):
    """One comparison: estimate and interval at y, its pairs below."""
    iv = c.clean
    if iv.lo is not None:
        ax.plot([iv.lo, iv.hi], [y, y], color=ESTIMATE, lw=3,
                solid_capstyle="butt")
    if iv.median is not None:
        ax.plot(iv.median, y, "D", color=ESTIMATE, ms=8)
    ax.annotate(_verdict(c), (1.0, y), xycoords=("axes fraction", "data"),
                xytext=(6, 0), textcoords="offset points", va="center")
    clean = [p.ratio for p in c.pairs if p.ratio and not p.disturbed]
    ax.plot(clean, [y + PAIRS_DY] * len(clean), "o", color="black", ms=5,
            alpha=0.7)
    left = [p.ratio for p in c.pairs if p.ratio and p.disturbed]
    if left:
        ax.plot(left, [y + LEFT_OUT_DY] * len(left), "x", color=DISTURBED,
                ms=8)
        ax.annotate(f"left out: {len(left)} disturbed pair(s)",
                    (1.0, y + LEFT_OUT_DY),
                    xycoords=("axes fraction", "data"), xytext=(6, 0),
                    textcoords="offset points", va="center",
                    color=DISTURBED)
    unusable = sum(p.ratio is None for p in c.pairs)
    if unusable:
        ax.annotate(f"{unusable} unusable pair(s) not drawn",
                    (1.0, y + PAIRS_DY), xycoords=("axes fraction", "data"),
                    xytext=(6, 0), textcoords="offset points", va="center")


def _limits(comps):
    values = [v for c in comps for v in
              [p.ratio for p in c.pairs if p.ratio]
              + [c.clean.lo, c.clean.hi] if v]
    lo, hi = min(values + [1.0]), max(values + [1.0])
    return lo / 1.05, hi * 1.05


def _legend(ax):
    handles = [
        ax.plot([], [], "D", color=ESTIMATE, ms=8)[0],
        ax.plot([], [], color=ESTIMATE, lw=3)[0],
        ax.plot([], [], "o", color="black", ms=5)[0],
        ax.plot([], [], "x", color=DISTURBED, ms=8)[0]]
    ax.legend(handles, ["median of the undisturbed pairs",
                        "its 95 % interval (exact sign test)",
                        "one undisturbed pair",
                        "one disturbed pair (left out)"],
              loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2)


def forest(comps, names, outdir):
    """The forest plot (names: each comparison's name, as the headline's
    run-time line gives it); None without comparisons."""
    if not comps:
        return None
    fig, ax = plt.subplots(figsize=(13.0, 1.6 + 1.0 * len(comps)))
    for i, c in enumerate(comps):
        _row(ax, float(i), c)
        if i:
            ax.axhline(i - (1 - LEFT_OUT_DY) / 2, color="#dddddd",
                       lw=0.8)
    ax.axvline(1.0, color="grey", lw=1)
    ax.set_xscale("log")
    lo, hi = _limits(comps)
    ax.set_xlim(lo, hi)
    ticks = [t for t in TICKS if lo <= t <= hi] or [1.0]
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_yticks(np.arange(len(comps)))
    ax.set_yticklabels([f"{n}\n({c.num.metric_name.split(' (')[0]} ratio)"
                        for n, c in zip(names, comps)])
    ax.set_ylim(len(comps) - 1 + LEFT_OUT_DY + 0.4, -0.5)
    ax.set_xlabel("paired ratio, first condition over second (log scale; "
                  "above 1: slower with the first)")
    ax.set_title("Run time per comparison: median paired ratio with its "
                 "95 % interval, and every pair")
    _legend(ax)
    return _save(fig, outdir, "forest.png")
