"""Groups runs into conditions (same model, scale, ranks, threads, model
time, allocator and numa_balancing value), names them for the figures, and
pairs the balancing-on and balancing-off conditions that differ in nothing
else."""

from dataclasses import dataclass, field

import numpy as np

from . import stats

EXPERIMENT_FIELDS = ("model", "scale", "ranks", "threads", "t_sim_ms")


def _order(run):
    job = run.summary["slurm_job_id"]
    if isinstance(job, str) and job.isdigit():
        return (0, int(job), run.name)
    return (1, 0, run.name)


@dataclass
class Condition:
    key: tuple
    runs: list = field(default_factory=list)
    label: str = ""
    _cycle_times: np.ndarray = field(default=None, repr=False, compare=False)

    @property
    def balancing(self):
        return self.key[-1]

    @property
    def allocator(self):
        return self.key[-2]

    @property
    def experiment(self):
        return self.key[:-1]

    def rtfs(self):
        return [r.summary["rtf"] for r in self.runs]

    def cycle_times(self):
        """Every rank's every cycle of every run, seconds, flat; built once
        (the runs are final when group() returns)."""
        if self._cycle_times is None:
            self._cycle_times = np.concatenate([r.cycle_time.ravel()
                                                for r in self.runs])
        return self._cycle_times


def _key(run):
    s = run.summary
    return tuple(s[f] for f in EXPERIMENT_FIELDS) + (s["allocator"],
                                                      run.label)


def _label(key, varying):
    parts = [f"{f}={key[i]}" for i, f in enumerate(EXPERIMENT_FIELDS)
             if f in varying]
    if "allocator" in varying:
        parts.append(key[-2])
    nb = key[-1]
    parts.insert(0, "numa_balancing=" + ("?" if nb is None else str(nb)))
    return ", ".join(parts)


def common(conds):
    """What every condition shares (the fields their labels leave out),
    as 'field=value' text."""
    names = EXPERIMENT_FIELDS + ("allocator",)
    same = [(n, conds[0].key[i]) for i, n in enumerate(names)
            if len({c.key[i] for c in conds}) == 1]
    return ", ".join(f"{n}={v}" for n, v in same)


def _sort_key(key):
    nb = key[-1]
    return key[:-1] + (1 if nb is None else -nb,)


def group(runs):
    """Conditions in a stable order (balancing on before off), each with its
    runs in submission order and a label naming what varies."""
    by_key = {}
    for run in runs:
        key = _key(run)
        by_key.setdefault(key, Condition(key)).runs.append(run)
    keys = sorted(by_key, key=_sort_key)
    names = EXPERIMENT_FIELDS + ("allocator",)
    varying = {n for i, n in enumerate(names)
               if len({k[i] for k in keys}) > 1}
    conds = []
    for k in keys:
        c = by_key[k]
        c.runs.sort(key=_order)
        c.label = _label(k, varying)
        conds.append(c)
    return conds


def _ratios(a, b):
    r = stats.rtf_ratio(a.rtfs(), b.rtfs())
    r["median_cycle"] = stats.median_ratio(a.cycle_times(), b.cycle_times())
    return r


def _pairs(conds, first, second, same):
    return [(a, b, _ratios(a, b))
            for a in conds if first(a)
            for b in conds if second(b) and same(a) == same(b)]


def balancing_pairs(conds):
    """(on, off, ratios) for every on/off pair of conditions that differ
    only in the numa_balancing value; ratios is stats.rtf_ratio(on, off)
    plus 'median_cycle', the ratio of their median cycle times."""
    return _pairs(conds, lambda c: bool(c.balancing),
                  lambda c: c.balancing == 0, lambda c: c.experiment)


def allocator_pairs(conds):
    """(jemalloc, glibc, ratio) for every pair of conditions that differ
    only in the allocator."""
    return _pairs(conds, lambda c: c.allocator == "jemalloc",
                  lambda c: c.allocator == "glibc",
                  lambda c: c.key[:-2] + c.key[-1:])
