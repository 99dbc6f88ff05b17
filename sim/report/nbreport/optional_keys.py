# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks the summary.json objects that a result directory may lack
(directories written before nbsim had them, and --command runs, which
have no per-rank probes): "disturbance", "provenance", "tags",
"memory_policy" and "process_numa" (docs/design.md, Interface 2). Present means well formed: each check
returns None or a message naming the first bad field."""

import math


def _num(v):
    return (isinstance(v, (int, float)) and not isinstance(v, bool)
            and math.isfinite(v) and v >= 0)


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _str(v):
    return isinstance(v, str)


def _or_null(check):
    return lambda v: v is None or check(v)


RANK_FIELDS = {"involuntary_switches": _int, "voluntary_switches": _int,
               "run_delay_s": _or_null(_num), "slow_update_cycles": _int,
               "slow_update_s": _num, "update_median_s": _num}
HOST_FIELDS = {"cpus": _int, "steal_s": _or_null(_num),
               "iowait_s": _or_null(_num), "loadavg_start": _or_null(_num),
               "loadavg_end": _or_null(_num),
               "cpu_pressure_s": _or_null(_num)}
PROVENANCE_FIELDS = {"date_utc": _str, "command_line": None,
                     "nbsim_version": _or_null(_str), "hosts": None,
                     "omp_proc_bind": _or_null(_str),
                     "omp_places": _or_null(_str),
                     "slurm_cpu_bind": _or_null(_str), "thread_cpus": None}
PROVENANCE_HOST_FIELDS = {"kernel": _str, "cpu_model": _or_null(_str),
                          "cpus": _int}


def _fields(where, obj, fields):
    if not isinstance(obj, dict):
        return f"{where} must be an object"
    for name, check in fields.items():
        if name not in obj:
            return f"{where} lacks {name}"
        if check is not None and not check(obj[name]):
            return f"{where}.{name} has a bad value {obj[name]!r}"
    return None


def _each(where, items, fields):
    for name, obj in items:
        bad = _fields(f"{where}[{name!r}]", obj, fields)
        if bad:
            return bad
    return None


def disturbance(v, ranks):
    """The "disturbance" object: "ranks" (one entry per rank, or none at
    all for --command runs) and "hosts"."""
    bad = _fields("disturbance", v, {"ranks": None, "hosts": None})
    if bad:
        return bad
    if not isinstance(v["ranks"], list) or len(v["ranks"]) not in (0, ranks):
        return f"disturbance.ranks must list {ranks} ranks"
    if not isinstance(v["hosts"], dict):
        return "disturbance.hosts must be an object host -> probes"
    return (_each("disturbance.ranks", enumerate(v["ranks"]), RANK_FIELDS)
            or _each("disturbance.hosts", v["hosts"].items(), HOST_FIELDS))


def _thread_cpus(v, ranks):
    if not isinstance(v, list) or len(v) != ranks:
        return f"provenance.thread_cpus must list {ranks} ranks"
    for r, threads in enumerate(v):
        if not isinstance(threads, list):
            return f"provenance.thread_cpus[{r}] must be a list"
        bad = _each(f"provenance.thread_cpus[{r}]", enumerate(threads),
                    {"affinity": _str, "ran_on": _str})
        if bad:
            return bad
    return None


def provenance(v, ranks):
    bad = _fields("provenance", v, PROVENANCE_FIELDS)
    if bad:
        return bad
    if not isinstance(v["command_line"], list) or not all(
            map(_str, v["command_line"])):
        return "provenance.command_line must be a list of strings"
    if not isinstance(v["hosts"], dict):
        return "provenance.hosts must be an object host -> facts"
    return (_each("provenance.hosts", v["hosts"].items(),
                  PROVENANCE_HOST_FIELDS)
            or _thread_cpus(v["thread_cpus"], ranks))


def tags(v):
    if not isinstance(v, dict) or not all(
            _str(k) and _str(x) for k, x in v.items()):
        return "tags must be an object of strings"
    return None


def memory_policy(v, ranks):
    if not isinstance(v, list) or len(v) != ranks or not all(map(_str, v)):
        return f"memory_policy must list {ranks} policy names (strings)"
    return None


PROCESS_NUMA_FIELDS = {"pages_migrated": _int, "numa_faults_end": _int,
                       "threads": _int}


def process_numa(v, ranks):
    """Per rank: nbsim's own counters, or null where unreadable."""
    if not isinstance(v, list) or len(v) != ranks:
        return f"process_numa must list {ranks} ranks"
    return _each("process_numa", ((r, x) for r, x in enumerate(v)
                                  if x is not None), PROCESS_NUMA_FIELDS)


def check(summary, ranks):
    """The first problem in the optional objects summary has, or None."""
    for key, fn in (("disturbance", lambda v: disturbance(v, ranks)),
                    ("provenance", lambda v: provenance(v, ranks)),
                    ("tags", tags),
                    ("memory_policy", lambda v: memory_policy(v, ranks)),
                    ("process_numa", lambda v: process_numa(v, ranks))):
        if key in summary:
            bad = fn(summary[key])
            if bad:
                return bad
    return None
