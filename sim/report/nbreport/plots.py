# SPDX-License-Identifier: GPL-2.0-or-later
"""What every figure of the report shares (size, resolution, the font
floor, panel grids, saving) and the page-placement figure. The other
figures are in fig_cycles.py and fig_runs.py; figures.py chooses.

Figures are drawn at DPI pixels per inch and shown unscaled on the page
(wide ones scroll), so a font of F points is F * DPI / 72 pixels on
screen; _save raises every text to at least MIN_FONT_PT first."""

import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend)
from matplotlib.text import Text  # noqa: E402

from . import placement as placement_mod  # noqa: E402

MS = 1e3
DPI = 96
MIN_FONT_PT = 8.0            # 10.7 px at DPI 96
MAX_WIDTH_IN = 13.5          # 1296 px: fits a 1400 px window unscaled
MAX_COLUMNS = 3
plt.rcParams.update({"font.size": 10, "axes.titlesize": 10,
                     "axes.labelsize": 10, "legend.fontsize": 9,
                     "xtick.labelsize": 9, "ytick.labelsize": 9})


def grid(n, width=4.3, height=3.4, sharey=False):
    """A figure with n panels in rows of at most MAX_COLUMNS, each
    width x height inches (narrowed to fit MAX_WIDTH_IN); returns the
    figure and the n axes (unused grid cells are hidden)."""
    cols = min(n, MAX_COLUMNS)
    rows = -(-n // cols)
    width = min(width, MAX_WIDTH_IN / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(width * cols,
                                                  height * rows),
                             sharey=sharey, squeeze=False)
    flat = list(axes.ravel())
    for ax in flat[n:]:
        ax.axis("off")
    return fig, flat[:n]


def _font_floor(fig):
    for t in fig.findobj(Text):
        if t.get_fontsize() < MIN_FONT_PT:
            t.set_fontsize(MIN_FONT_PT)


def _save(fig, outdir, name):
    _font_floor(fig)
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, name), dpi=DPI)
    plt.close(fig)
    return name


def runs_text(c):
    """How many runs a condition's panel pools, and how many of them were
    disturbed: "3 runs", "3 runs pooled, 1 disturbed"."""
    n = len(c.runs)
    hit = sum(r.disturbance.disturbed for r in c.runs)
    text = f"{n} run" + ("" if n == 1 else "s")
    return text + (f" pooled, {hit} disturbed" if hit else "")


def placement(conds, outdir):
    """Page placement of every run and rank (placement.py)."""
    return placement_mod.figure(conds, outdir, plt, DPI)
