# SPDX-License-Identifier: GPL-2.0-or-later
"""Groups runs into conditions and names them. A condition is one
experiment (the application: nbsim or a --command run's program; nbsim:
model, scale, ranks, threads and model time; a --command run: the
command and its node count) under one setting of each factor: allocator,
huge pages (nbsim's option and the THP modes), binding and the
numa_balancing value (1, 0 or 0-tasks: off by the tasks' memory policy). Runs that differ in any of these are never pooled.
Labels name only what varies between the conditions of one application,
and the application where a report has several."""

import os
from dataclasses import dataclass, field

import numpy as np

from . import policy, provenance

NBSIM_FIELDS = ("model", "scale", "ranks", "threads", "t_sim_ms")
COMMAND_FIELDS = ("command", "nodes")
FACTORS = ("allocator", "huge pages", "binding", "numa_balancing")
# Words of a command line before its program: launchers.
LAUNCHERS = ("srun", "mpirun", "mpiexec", "env", "numactl", "taskset",
             "time", "nice")


def _order(run):
    job = run.summary["slurm_job_id"]
    if isinstance(job, str) and job.isdigit():
        return (0, int(job), run.name)
    return (1, 0, run.name)


@dataclass
class Condition:
    key: tuple                     # ((field, value), ...), balancing last
    runs: list = field(default_factory=list)
    label: str = ""
    ident: str = ""                # "c1", "c2", ... for report.json
    _cycle_times: np.ndarray = field(default=None, repr=False, compare=False)

    def value(self, name):
        return dict(self.key)[name]

    @property
    def app(self):
        return self.value("app")

    @property
    def balancing(self):
        return self.key[-1][1]

    @property
    def kind(self):
        return self.runs[0].kind

    @property
    def metric_name(self):
        return self.runs[0].metric_name

    def metrics(self):
        return [r.metric for r in self.runs]

    def cycle_times(self):
        """Every rank's every cycle of every run, seconds, flat; built once
        (the runs are final when group() returns)."""
        if self._cycle_times is None:
            self._cycle_times = np.concatenate([r.cycle_time.ravel()
                                                for r in self.runs])
        return self._cycle_times


def app(run):
    """What ran: "nbsim", or a --command run's program: the first word of
    its command that is no launcher, option, number or VAR=value, without
    its folder."""
    if run.kind == "nbsim":
        return "nbsim"
    for word in run.summary["command"].split():
        if not (word in LAUNCHERS or word.startswith("-") or word.isdigit()
                or "=" in word):
            return os.path.basename(word) or word
    return run.summary["command"]


def key_of(run):
    s = run.summary
    fields = NBSIM_FIELDS if run.kind == "nbsim" else COMMAND_FIELDS
    return (("app", app(run)),) + tuple((f, s[f]) for f in fields) + (
        ("allocator", s["allocator"]),
        ("huge pages", provenance.huge_pages(run)),
        ("binding", provenance.binding(run)),
        ("numa_balancing", run.label))


def balancing_order(value):
    """Conditions' order by numa_balancing: values from high to low (1
    before 0), then 0-tasks, then no value."""
    if value is None:
        return (2, 0)
    return (1, 0) if value == policy.TASKS else (0, -value)


def field_text(name, value):
    """One key field as a label shows it."""
    if name == "numa_balancing":
        return "numa_balancing=" + ("?" if value is None else str(value))
    if name in ("app", "allocator", "binding", "command"):
        return str(value)
    return f"{name}={value}"


def varying(conds):
    """The key fields whose values differ between conditions of one
    application, and "app" when there are several."""
    names = {}
    for c in conds:
        for name, value in c.key:
            scope = None if name == "app" else c.app
            names.setdefault((scope, name), set()).add(repr(value))
    return {n for (_, n), values in names.items() if len(values) > 1}


def common(conds):
    """What every condition shares (the fields their labels leave out),
    as 'field=value' text, the application first by its name."""
    vary = varying(conds) | {"numa_balancing"}
    first = conds[0].key
    return ", ".join(str(v) if n == "app" else f"{n}={v}" for n, v in first
                     if n not in vary and all((n, v) in c.key for c in conds)
                     ) or "no field is common to all conditions"


def unique_names(runs):
    """Names each run by its directory's basename, or, where basenames
    collide, by as many trailing path components as tell them apart
    (the paths themselves must differ)."""
    parts = {id(r): os.path.normpath(os.path.abspath(r.path)).split(os.sep)
             for r in runs}
    depth = {id(r): 1 for r in runs}
    while True:
        names = {}
        for r in runs:
            names.setdefault("/".join(parts[id(r)][-depth[id(r)]:]),
                             []).append(r)
        clashes = [rs for rs in names.values() if len(rs) > 1]
        if not clashes:
            break
        for rs in clashes:
            for r in rs:
                if depth[id(r)] >= len(parts[id(r)]):
                    raise ValueError(f"{r.path} given twice")
                depth[id(r)] += 1
    for r in runs:
        r.name = "/".join(parts[id(r)][-depth[id(r)]:])


def group(runs):
    """Conditions in a stable order (experiments and factor values in the
    order they were first submitted; balancing on, off, then off by the
    tasks' memory policy), each with
    its runs in submission order and a label naming what varies."""
    by_key, first_seen = {}, {}
    for i, run in enumerate(sorted(runs, key=_order)):
        key = key_of(run)
        by_key.setdefault(key, Condition(key)).runs.append(run)
        for name, value in key:
            first_seen.setdefault((name, repr(value)), i)

    def sort_key(key):
        return tuple(first_seen[(n, repr(v))] for n, v in key[:-1]) + (
            balancing_order(key[-1][1]),)
    conds = [by_key[k] for k in sorted(by_key, key=sort_key)]
    vary = varying(conds)
    for i, c in enumerate(conds, 1):
        c.ident = f"c{i}"
        c.label = ", ".join(field_text(n, v) for n, v in
                            [c.key[-1]] + list(c.key[:-1])
                            if n in vary or n == "numa_balancing")
    return conds
