# SPDX-License-Identifier: GPL-2.0-or-later
"""The statistics of paired ratios (each pair: one run of a condition over
its partner in another condition, submitted next to it): the median
ratio, its distribution-free 95 % confidence interval from the exact sign
test, and how many pairs would be needed when that interval spans 1.

The sign-test interval for the median of n ratios is [x(k), x(n+1-k)]
(order statistics) with the largest k whose coverage
1 - 2 P(B <= k - 1), B ~ Binomial(n, 1/2), is still at least 95 %. It
assumes only that the pairs are independent: no normality, no symmetry,
and one wild pair moves it by at most one order statistic. Below 6 pairs
no k reaches 95 % (5 pairs: 93.75 %), so no interval is given. The
binomial probabilities come from scipy.stats."""

import math
from dataclasses import dataclass
from typing import Optional

import numpy as np
from scipy.stats import binom

CONFIDENCE = 0.95
POWER = 0.8          # the chance the estimate of pairs needed aims for
MAX_PAIRS = 1000     # beyond this, "more pairs" is no advice


def sign_test_rank(n, confidence=CONFIDENCE):
    """(k, coverage): the largest k whose interval [x(k), x(n+1-k)] covers
    the median with at least `confidence`, or None when even [x(1), x(n)]
    does not. Coverage is 1 - 2 P(B <= k - 1), B ~ Bin(n, 1/2), which
    falls as k grows."""
    coverage = 1.0 - 2.0 * binom.cdf(np.arange(n // 2), n, 0.5)
    k = int(np.count_nonzero(coverage >= confidence))
    return (k, float(coverage[k - 1])) if k else None


@dataclass
class Interval:
    """The median of a set of paired ratios and its confidence interval
    (lo, hi and coverage are None when there are too few pairs)."""
    n: int
    median: Optional[float]
    lo: Optional[float] = None
    hi: Optional[float] = None
    coverage: Optional[float] = None

    @property
    def excludes_one(self):
        return self.lo is not None and (self.lo > 1.0 or self.hi < 1.0)


def median_interval(ratios, confidence=CONFIDENCE):
    """The Interval of the ratios' median by the exact sign test."""
    x = sorted(float(r) for r in ratios)
    n = len(x)
    if n == 0:
        return Interval(0, None)
    mid = n // 2
    median = x[mid] if n % 2 else (x[mid - 1] + x[mid]) / 2
    rank = sign_test_rank(n, confidence)
    if rank is None:
        return Interval(n, median)
    k, coverage = rank
    return Interval(n, median, x[k - 1], x[n - k], coverage)


def _normal_cdf(z):
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def share_above_one(ratios):
    """The estimated chance that a further pair's ratio is above 1: the
    normal probability of the log ratios' median over their standard
    deviation; None with fewer than 2 ratios."""
    logs = [math.log(r) for r in ratios]
    if len(logs) < 2:
        return None
    centre = math.log(median_interval(ratios).median)
    mean = sum(logs) / len(logs)
    sd = math.sqrt(sum((v - mean) ** 2 for v in logs) / (len(logs) - 1))
    if sd == 0.0:
        return 0.5 if centre == 0.0 else float(centre > 0.0)
    return _normal_cdf(centre / sd)


def _power(n, p, confidence):
    """The chance that n pairs give an interval that excludes 1, when each
    pair's ratio is above 1 with probability p."""
    rank = sign_test_rank(n, confidence)
    if rank is None:
        return 0.0
    need = n + 1 - rank[0]  # ratios on one side of 1 for the CI to exclude it
    return float(binom.sf(need - 1, n, p) + binom.sf(need - 1, n, 1.0 - p))


def _rough_pairs(p, power):
    """The normal approximation of the sign test's pairs needed (for
    confidence 95 %), to skip hopeless searches and start near the answer."""
    d = abs(p - 0.5)
    if d == 0.0:
        return math.inf
    z_power = {0.8: 0.8416, 0.9: 1.2816}.get(power, 0.8416)
    return ((1.96 * 0.5 + z_power * math.sqrt(p * (1 - p))) / d) ** 2


def pairs_needed(ratios, confidence=CONFIDENCE, power=POWER):
    """The smallest number of pairs (in all) whose interval would exclude
    1 with probability `power` if further pairs behave like these; None
    when that cannot be estimated (fewer than 2 ratios) or exceeds
    MAX_PAIRS."""
    p = share_above_one(ratios)
    if p is None or _rough_pairs(p, power) > 2 * MAX_PAIRS:
        return None
    start = max(len(ratios) + 1, 6, int(_rough_pairs(p, power) / 2))
    for n in range(start, MAX_PAIRS + 1):
        if _power(n, p, confidence) >= power:
            return n
    return None
