# SPDX-License-Identifier: GPL-2.0-or-later
"""Comparisons between conditions that differ in exactly one factor
(numa_balancing on over off, on over off by the tasks' memory policy
(0-tasks), and 0-tasks over off by the sysctl; jemalloc over glibc, one binding or
huge-page mode over the one submitted first), run by run: each run of
one condition is paired with the run of the other that belongs to the
same repetition (its "rep" tag; without tags, the i-th with the i-th in
submission order), and the pair's ratio is the numerator run's metric
over the denominator run's.

A pair is unusable when either run contradicts its label or its command
failed (it measured something else); it is disturbed when either run
is (disturb.py). `clean` is the interval over usable, undisturbed pairs:
the one the headline reports; `usable` also takes the disturbed ones.
Each comparison also gets its paired energy ratio (energy.py)."""

from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from . import energy, paired, policy
from .verdict import FAIL


@dataclass
class Pair:
    rep: str
    num: object                        # Run
    den: object                        # Run
    ratio: Optional[float]
    unusable: list = field(default_factory=list)   # why, per run
    disturbed: list = field(default_factory=list)  # run names


@dataclass
class Comparison:
    factor: str
    num: object                        # Condition
    den: object                        # Condition
    pairs: list
    clean: paired.Interval = None
    usable: paired.Interval = None
    needed: Optional[int] = None       # pairs in all for a conclusive CI
    median_cycle: Optional[float] = None
    energy: object = None              # energy.EnergyComparison or None

    def ratios(self, disturbed_too):
        return [p.ratio for p in self.pairs if not p.unusable
                and (disturbed_too or not p.disturbed)]


def _unusable(run):
    why = []
    if run.verdict is not None and run.verdict.status == FAIL:
        why.append(f"{run.name} contradicts its numa_balancing label")
    if run.kind == "command" and run.summary["exit_status"] != 0:
        why.append(f"{run.name}: the command exited "
                   f"{run.summary['exit_status']}")
    if run.kind == "command" and run.summary["metric_error"]:
        why.append(f"{run.name}: {run.summary['metric_error']}")
    elif run.metric is None or not run.metric > 0:
        why.append(f"{run.name} has no {run.metric_name}")
    return why


def _pair(rep, a, b):
    why = _unusable(a) + _unusable(b)
    ratio = None if why else a.metric / b.metric
    disturbed = [r.name for r in (a, b)
                 if r.disturbance is not None and r.disturbance.disturbed]
    return Pair(rep, a, b, ratio, why, disturbed)


def _tagged(runs):
    """Every run has a rep tag, and no two share one."""
    reps = [r.pair for r in runs]
    return None not in reps and len(set(reps)) == len(reps)


def pair_runs(num, den):
    """The Pairs of two conditions' runs, by repetition tag when every run
    of each has its own, else by submission order."""
    if _tagged(num.runs) and _tagged(den.runs):
        others = {r.pair: r for r in den.runs}
        return [_pair(r.pair, r, others[r.pair])
                for r in num.runs if r.pair in others]
    return [_pair(f"#{i + 1}", a, b)
            for i, (a, b) in enumerate(zip(num.runs, den.runs))]


def _differs_only_in(a, b):
    diff = [n for (n, x), (_, y) in zip(a.key, b.key) if x != y]
    same_fields = [n for n, _ in a.key] == [n for n, _ in b.key]
    return diff[0] if same_fields and len(diff) == 1 else None


# numa_balancing values in the order a ratio puts them: the numerator is
# the one that comes first.
_BALANCING_RANK = {1: 0, policy.TASKS: 1, 0: 2}


def _oriented_balancing(a, b):
    """1 over 0, 1 over 0-tasks and 0-tasks over 0; another value (the
    tiering bit: 2, 3) only over 0."""
    values = {a.balancing, b.balancing}
    if None in values or not values & {0, policy.TASKS}:
        return None
    if policy.TASKS in values and not values <= set(_BALANCING_RANK):
        return None
    rank = [_BALANCING_RANK.get(c.balancing, 0) for c in (a, b)]
    return (a, b) if rank[0] < rank[1] else (b, a)


def _oriented(factor, a, b):
    """(numerator, denominator), or None for pairs not compared."""
    if factor == "numa_balancing":
        return _oriented_balancing(a, b)
    if factor == "allocator":
        return (a, b) if a.value("allocator") == "jemalloc" else (b, a)
    return b, a                        # conditions come in submission order


def compare(factor, num, den):
    c = Comparison(factor, num, den, pair_runs(num, den))
    c.clean = paired.median_interval(c.ratios(False))
    c.usable = paired.median_interval(c.ratios(True))
    if not c.clean.excludes_one:
        c.needed = paired.pairs_needed(c.ratios(False))
    c.energy = energy.compare(c)
    if num.kind == "nbsim":
        c.median_cycle = float(np.median(num.cycle_times())
                               / np.median(den.cycle_times()))
    return c


def comparisons(conds):
    """Every Comparison of conditions that differ in one factor, those of
    numa_balancing first."""
    found = []
    for i, a in enumerate(conds):
        for b in conds[i + 1:]:
            factor = _differs_only_in(a, b)
            pair = factor and _oriented(factor, a, b)
            if pair:
                found.append(compare(factor, *pair))
    found.sort(key=lambda c: c.factor != "numa_balancing")
    return found
