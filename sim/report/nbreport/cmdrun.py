# SPDX-License-Identifier: GPL-2.0-or-later
"""Loads one run directory of `numa-balancing-validate --command`
(docs/design.md, "Interface 3"): command-run.txt, written by the job
script, and node-start-T.txt / node-end-T.txt, written by
nbv-node-sample on every node of the job before and after the command.
The result is a Run of kind "command" whose summary has the keys of an
nbsim summary that mean the same (numa_balancing, vmstat_delta, the Slurm
values, numa_nodes, disturbance, provenance, tags; memory_policy: the
sampling tasks', start and end on each host) plus command, exit_status, wall_s
(the command's wall time), window_s (between the two samples, which
the counters cover) and the figure compared (outmetric.py)."""

import glob
import os
import re

from . import outmetric, policy
from .rundir import VMSTAT_KEYS, Run, RunDirError

RUN_FILE = "command-run.txt"
FORMAT = "nbv-command 1"
RUN_KEYS = ("format", "command", "exit_status", "start_utc", "wall_s",
            "slurm_job_id", "nodes", "numa_balancing_requested",
            "numa_balancing_in_force", "rep", "omp_proc_bind", "omp_places",
            "slurm_cpu_bind")
SAMPLE_KEYS = ("host", "time_s", "numa_balancing", *VMSTAT_KEYS, "stat_cpu",
               "clk_tck", "loadavg", "cpu_pressure_some_us", "cpus",
               "kernel", "cpu_model", "thp_enabled", "thp_defrag")
# Written only with `numa-balancing-validate --metric`.
OPTIONAL_RUN_KEYS = ("metric",)
# Keys that samples taken before nbv-node-sample wrote them lack.
OPTIONAL_SAMPLE_KEYS = ("numa_nodes", "memory_policy")
UNSET = "unset"


def _fail(path, what):
    raise RunDirError(f"{path}: {what}")


def _read_pairs(file, keys, optional=()):
    """`key value` lines (the value is the rest of the line) with exactly
    the given keys, each once, and any of the optional ones."""
    try:
        with open(file, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        _fail(file, "missing: the job did not finish")
    except (OSError, UnicodeDecodeError) as e:
        _fail(file, f"unreadable: {e}")
    out = {}
    for i, line in enumerate(lines, 1):
        key, _, value = line.partition(" ")
        if (key not in keys and key not in optional) or key in out:
            _fail(file, f"line {i}: unexpected or repeated key {key!r}")
        out[key] = value
    missing = [k for k in keys if k not in out]
    if missing:
        _fail(file, "missing keys: " + ", ".join(missing))
    return out


def _number(file, key, text, kind=float):
    try:
        v = kind(text)
    except ValueError:
        _fail(file, f"{key} is not a number: {text!r}")
    if v < 0:
        _fail(file, f"{key} is negative: {text!r}")
    return v


def _optional_int(file, key, text):
    return None if text == UNSET else _number(file, key, text, int)


def _sample(file):
    """One node sample, numbers parsed (None where the node had no value)."""
    raw = _read_pairs(file, SAMPLE_KEYS, OPTIONAL_SAMPLE_KEYS)
    s = {"host": raw["host"], "kernel": raw["kernel"],
         "cpu_model": raw["cpu_model"] or None,
         "thp": {"enabled": raw["thp_enabled"], "defrag": raw["thp_defrag"]}}
    for key in ("time_s", "loadavg"):
        s[key] = _number(file, key, raw[key])
    for key in ("numa_balancing", "cpu_pressure_some_us"):
        s[key] = _optional_int(file, key, raw[key])
    for key in (*VMSTAT_KEYS, "clk_tck", "cpus"):
        s[key] = _number(file, key, raw[key], int)
    s["numa_nodes"] = (_number(file, "numa_nodes", raw["numa_nodes"], int)
                       if "numa_nodes" in raw else None)
    s["memory_policy"] = raw.get("memory_policy")
    ticks = raw["stat_cpu"].split()
    if len(ticks) < 8 or not all(t.isdigit() for t in ticks):
        _fail(file, "stat_cpu must be the numbers of /proc/stat's cpu line")
    s["iowait"], s["steal"] = int(ticks[4]), int(ticks[7])
    return s


def _samples(path, which):
    files = sorted(glob.glob(os.path.join(path, f"node-{which}-*.txt")),
                   key=lambda f: int(re.sub(r"\D", "", os.path.basename(f))
                                     or 0))
    if not files:
        _fail(path, f"no node-{which}-*.txt: the job did not sample its "
              "nodes")
    by_host = {}
    for f in files:
        s = _sample(f)
        by_host.setdefault(s["host"], s)
    return by_host


def _host_facts(start, end):
    """(numa_balancing, vmstat_delta, disturbance host, provenance host)
    entries of one host."""
    def grew(key):
        return max(0, end[key] - start[key])
    tck = start["clk_tck"] or 1
    pressure = (None if start["cpu_pressure_some_us"] is None
                or end["cpu_pressure_some_us"] is None
                else grew("cpu_pressure_some_us") / 1e6)
    return ({"start": start["numa_balancing"], "end": end["numa_balancing"]},
            {k: grew(k) for k in VMSTAT_KEYS},
            {"cpus": start["cpus"], "steal_s": grew("steal") / tck,
             "iowait_s": grew("iowait") / tck,
             "loadavg_start": start["loadavg"], "loadavg_end": end["loadavg"],
             "cpu_pressure_s": pressure},
            {"kernel": start["kernel"], "cpu_model": start["cpu_model"],
             "cpus": start["cpus"]})


def _or_none(text):
    return None if text == UNSET else text


def _provenance(run, facts, hosts):
    return {"date_utc": run["start_utc"], "command_line": [run["command"]],
            "nbsim_version": None,
            "hosts": {h: facts[h][3] for h in hosts},
            "omp_proc_bind": _or_none(run["omp_proc_bind"]),
            "omp_places": _or_none(run["omp_places"]),
            "slurm_cpu_bind": _or_none(run["slurm_cpu_bind"]),
            "thread_cpus": []}


def _fewest_nodes(samples):
    """The fewest NUMA nodes a host had, or None where a sample lacks the
    count."""
    counts = [s["numa_nodes"] for s in samples.values()]
    return None if None in counts else min(counts)


def _policies(samples):
    """The sampling tasks' memory policies, start and end on each host, or
    None where a sample lacks it."""
    found = [s["memory_policy"] for s in samples]
    return None if None in found else found


def _request(file, text):
    """The --numa-balancing value the job asked for: 0, 1, "0-tasks" or
    None."""
    return text if text == policy.TASKS else _optional_int(
        file, "numa_balancing_requested", text)


def _summary(path, run, starts, ends):
    file = os.path.join(path, RUN_FILE)
    if set(starts) != set(ends):
        _fail(path, "node-start and node-end samples name different hosts")
    hosts = sorted(starts)
    window = max(ends[h]["time_s"] - starts[h]["time_s"] for h in hosts)
    facts = {h: _host_facts(starts[h], ends[h]) for h in hosts}
    rep = _or_none(run["rep"])
    return {
        "command": run["command"],
        "nodes": _number(file, "nodes", run["nodes"], int),
        "exit_status": _number(file, "exit_status", run["exit_status"], int),
        "wall_s": _number(file, "wall_s", run["wall_s"]),
        "window_s": window, "hostnames": hosts,
        "numa_nodes": _fewest_nodes(starts),
        "memory_policy": _policies([s for h in hosts
                                    for s in (starts[h], ends[h])]),
        "slurm_job_id": _or_none(run["slurm_job_id"]),
        "numa_balancing_requested": _request(
            file, run["numa_balancing_requested"]),
        "numa_balancing_in_force": _optional_int(
            file, "numa_balancing_in_force", run["numa_balancing_in_force"]),
        "numa_balancing": {h: facts[h][0] for h in hosts},
        "vmstat_delta": {h: facts[h][1] for h in hosts},
        "disturbance": {"ranks": [], "hosts": {h: facts[h][2]
                                               for h in hosts}},
        "thp": {h: starts[h]["thp"] for h in hosts},
        "allocator": "unknown",
        "provenance": _provenance(run, facts, hosts),
        "tags": {} if rep is None else {"rep": rep},
        **_metric(path, run),
    }


def _metric(path, run):
    """metric_name, metric_value (the figure compared: the wall time, or
    --metric's figure) and metric_error (why there is none, or None)."""
    regex = run.get("metric")
    if regex is None:
        return {"metric_name": outmetric.name(None),
                "metric_value": _number(os.path.join(path, RUN_FILE),
                                        "wall_s", run["wall_s"]),
                "metric_error": None}
    value, error = outmetric.extract(path, regex)
    return {"metric_name": outmetric.name(regex), "metric_value": value,
            "metric_error": error}


def is_command_run(path):
    return os.path.isfile(os.path.join(path, RUN_FILE))


def load_command_run(path):
    """Reads and checks a --command run directory; returns a Run."""
    run = _read_pairs(os.path.join(path, RUN_FILE), RUN_KEYS,
                      OPTIONAL_RUN_KEYS)
    if run["format"] != FORMAT:
        _fail(os.path.join(path, RUN_FILE),
              f"format {run['format']!r}, expected {FORMAT!r}")
    summary = _summary(path, run, _samples(path, "start"),
                       _samples(path, "end"))
    return Run(path, summary, kind="command")
