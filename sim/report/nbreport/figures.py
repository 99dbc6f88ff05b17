# SPDX-License-Identifier: GPL-2.0-or-later
"""Which figures a report draws: the cycle-time figures for conditions
of nbsim runs, the run and pair figures for all, placement where runs
sampled it. Returns the names of the PNGs written, in page order."""

from . import fig_cycles, fig_runs, plots


def draw(conds, comps, cutoff, outdir):
    nbsim = [c for c in conds if c.kind == "nbsim"]
    names = [fig_runs.effect(comps, outdir), fig_runs.activity(conds, outdir)]
    if nbsim:
        names += [fig_cycles.overlay(nbsim, cutoff, outdir),
                  fig_cycles.panels(nbsim, cutoff, outdir),
                  fig_cycles.spikes_vs_time(nbsim, cutoff, outdir),
                  fig_cycles.heatmap(nbsim, cutoff, outdir),
                  fig_runs.phases(nbsim, outdir),
                  plots.placement(nbsim, outdir)]
    return [n for n in names if n]
