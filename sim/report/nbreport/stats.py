# SPDX-License-Identifier: GPL-2.0-or-later
"""The numbers of the report, as plain functions of arrays: distribution
statistics, the cut-off and the share it covers, the correlation of a
cycle's time with the previous cycle's spike count, per-phase cost per
model second, block maxima for heatmaps, and RTF ratios between
conditions."""

import numpy as np

from .rundir import PHASES


def describe(x):
    """min, mean, max and (population) std of the values in x."""
    x = np.asarray(x, dtype=float).ravel()
    return {"n": x.size, "min": float(x.min()), "mean": float(x.mean()),
            "max": float(x.max()), "std": float(x.std())}


def common_cutoff(samples, quantile):
    """The quantile (percent) of all samples pooled: one cut-off for every
    condition, so that their panels share an axis."""
    pooled = np.concatenate([np.ravel(s) for s in samples])
    return float(np.percentile(pooled, quantile))


def share_below(x, cutoff):
    """Fraction of the values in x that are at most cutoff."""
    x = np.ravel(x)
    return float(np.count_nonzero(x <= cutoff)) / x.size


def density(x, cutoff, bins):
    """Histogram of x on [0, cutoff] normalised by the number of ALL values,
    so that the area under it is the share of x the cut-off covers.
    Returns (edges, density)."""
    x = np.ravel(x)
    counts, edges = np.histogram(x, bins=bins, range=(0.0, cutoff))
    return edges, counts / (x.size * np.diff(edges))


def previous_cycle_pairs(cycle_time, spikes):
    """(spikes the rank emitted in cycle c-1, its time for cycle c) over
    every rank and every cycle but the first."""
    return (np.asarray(spikes)[:, :-1].ravel(),
            np.asarray(cycle_time)[:, 1:].ravel())


def r_squared(x, y):
    """Squared Pearson correlation of x and y; NaN when either is
    constant (no correlation defined) or there are fewer than 2 pairs."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.size < 2 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return float("nan")
    r = np.corrcoef(x, y)[0, 1]
    return float(r * r)


def block_max(a, max_columns):
    """Reduces a (rows, columns) array to at most max_columns columns, each
    the maximum over a block of k consecutive columns (the last block may
    be shorter), so that short peaks survive. Returns (array, k)."""
    a = np.asarray(a)
    k = -(-a.shape[1] // max_columns)
    if k <= 1:
        return a, 1
    pad = (-a.shape[1]) % k
    padded = np.pad(a, ((0, 0), (0, pad)), mode="edge")
    return padded.reshape(a.shape[0], -1, k).max(axis=2), k


def phase_cost(run):
    """Wall time per model second spent in each phase (sum over the sim
    phase's cycles, mean over ranks, divided by the model time), plus
    'other': the rest of the sim phase's wall time. The values add up to
    the run's RTF measured from time_sim_s."""
    t_model = run.t_sim_s
    cost = {p: float(run.phases[p].sum(axis=1).mean()) / t_model
            for p in PHASES}
    total = run.summary["time_sim_s"] / t_model
    cost["other"] = max(0.0, total - sum(cost.values()))
    return cost


def mean_std(values):
    """(mean, std) of a list of numbers; std is 0 for a single value."""
    v = np.asarray(values, dtype=float)
    return float(v.mean()), float(v.std(ddof=1)) if v.size > 1 else 0.0


def median_ratio(numerator, denominator):
    """Ratio of the medians of two samples of cycle times: unlike the RTF,
    it barely moves when other processes steal the CPU for a few cycles."""
    return float(np.median(numerator) / np.median(denominator))


def rtf_ratio(numerator, denominator):
    """RTF ratio between two conditions: the ratio of their mean RTFs, and
    the spread over repetitions as the min and max of the ratios of the
    i-th repetitions (runs in submission order; unpaired ones are left
    out of the spread)."""
    num = np.asarray(numerator, dtype=float)
    den = np.asarray(denominator, dtype=float)
    pairs = min(num.size, den.size)
    per_rep = num[:pairs] / den[:pairs]
    return {"ratio": float(num.mean() / den.mean()),
            "pairs": pairs,
            "min": float(per_rep.min()),
            "max": float(per_rep.max())}
