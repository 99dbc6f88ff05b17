# SPDX-License-Identifier: GPL-2.0-or-later
"""Which figures a report draws: the forest plot of the comparisons
first, the run figures for all, the cycle-time figures for conditions of
nbsim runs, placement where runs sampled it. Returns the names of the
PNGs written, in page order."""

from . import fig_cycles, fig_forest, fig_runs, headline, plots


def draw(conds, comps, cutoff, outdir):
    nbsim = [c for c in conds if c.kind == "nbsim"]
    names = [fig_forest.forest(comps, [headline.comparison_name(c, conds)
                                       for c in comps], outdir),
             fig_runs.activity(conds, outdir)]
    if nbsim:
        names += [fig_runs.phases(nbsim, outdir),
                  fig_cycles.overlay(nbsim, cutoff, outdir),
                  fig_cycles.panels(nbsim, cutoff, outdir),
                  fig_cycles.spikes_vs_time(nbsim, cutoff, outdir),
                  fig_cycles.heatmap(nbsim, cutoff, outdir),
                  plots.placement(nbsim, outdir)]
    return [n for n in names if n]
