# SPDX-License-Identifier: GPL-2.0-or-later
"""Loads one nbsim result directory (docs/design.md, "Interface 2") and
checks it is complete and consistent; bad input raises RunDirError naming
the file and what is wrong with it. Run is also what a --command run
directory loads into (cmdrun.py): the same summary keys where they mean
the same, no cycle arrays."""

import json
import math
import os
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from . import optional_keys, policy
from . import placement as placement_mod

PHASES = ("deliver", "update", "collocate", "sync", "communicate")

SUMMARY_KEYS = (
    "version", "model", "scale", "params", "seed", "ranks", "threads",
    "hostnames", "binding", "neurons", "synapses", "dt_ms",
    "min_delay_steps", "t_presim_ms", "t_sim_ms", "cycles",
    "time_create_s", "time_connect_s", "time_presim_s", "time_sim_s",
    "rtf", "rtf_second_half", "phases", "rates", "peak_rss_bytes",
    "numa_balancing", "vmstat_delta", "numa_nodes", "allocator",
    "slurm_job_id", "numa_balancing_requested", "numa_balancing_in_force",
    "placement",
)

VMSTAT_KEYS = ("numa_pte_updates", "numa_hint_faults",
               "numa_hint_faults_local", "numa_pages_migrated")


class RunDirError(Exception):
    """A result directory that is missing, incomplete or inconsistent."""


THREAD_PHASES = ("deliver", "update")


@dataclass
class Run:
    """One run: its summary and, for nbsim, its per-rank, per-cycle arrays.
    name is the directory's basename until report.unique_names() makes
    it unique among the runs of one report."""
    path: str
    summary: dict
    cycle_time: Optional[np.ndarray] = None    # (ranks, cycles) seconds
    phases: Optional[dict] = None              # phase -> (ranks, cycles) s
    spikes: Optional[np.ndarray] = None        # (ranks, cycles) int64
    placement: Optional[placement_mod.Placement] = None
    threads: Optional[dict] = None             # phase -> (threads, cycles) s
    kind: str = "nbsim"                        # or "command"
    name: str = ""
    # What Slurm's accounting recorded of the job (sacct.Accounted), set
    # by the report when the run directory holds it.
    sacct: object = field(default=None, repr=False)
    # Set by the report once every run is loaded (verdict.judge,
    # disturb.assess).
    verdict: object = field(default=None, repr=False)
    disturbance: object = field(default=None, repr=False)

    def __post_init__(self):
        if not self.name:
            self.name = os.path.basename(os.path.normpath(self.path))

    @property
    def requested(self):
        """The --numa-balancing value the job asked for: 0, 1, "0-tasks"
        (off by the tasks' memory policy alone), or None."""
        return self.summary["numa_balancing_requested"]

    @property
    def t_sim_s(self):
        return self.summary["t_sim_ms"] / 1000.0

    @property
    def window_s(self):
        """Wall time of the measured window, which the kernel counters and
        the disturbance probes cover: the sim phase, or the command."""
        return self.summary["time_sim_s" if self.kind == "nbsim"
                            else "window_s"]

    @property
    def metric(self):
        """What the comparison compares: the RTF, or the command's figure
        (its wall time in seconds, or --metric's number; None when the
        output gave none)."""
        return self.summary["rtf" if self.kind == "nbsim" else "metric_value"]

    @property
    def metric_name(self):
        return ("RTF" if self.kind == "nbsim"
                else self.summary["metric_name"])

    @property
    def pair(self):
        """The repetition this run belongs to (its tag "rep"), or None."""
        return self.summary.get("tags", {}).get("rep")

    @property
    def label(self):
        """The numa_balancing value the run is grouped and judged by: what
        the job asked for, or, for a run outside the plugin, the kernel
        value at the start when every host agrees (None otherwise)."""
        if self.requested is not None:
            return self.requested
        starts = {h["start"] for h in self.summary["numa_balancing"].values()}
        return starts.pop() if len(starts) == 1 else None

    def vmstat_total(self, key):
        """A /proc/vmstat counter's increase over the window, all hosts."""
        return sum(d[key] for d in self.summary["vmstat_delta"].values())


def _fail(path, what):
    raise RunDirError(f"{path}: {what}")


def _read_summary(path):
    file = os.path.join(path, "summary.json")
    try:
        with open(file, encoding="utf-8") as f:
            summary = json.load(f)
    except FileNotFoundError:
        _fail(path, "no summary.json: not an nbsim result directory, "
              "or the run did not finish")
    except (OSError, ValueError) as e:
        _fail(file, f"unreadable: {e}")
    if not isinstance(summary, dict):
        _fail(file, "not a JSON object")
    missing = [k for k in SUMMARY_KEYS if k not in summary]
    if missing:
        _fail(file, "missing keys: " + ", ".join(missing))
    return summary


def _positive_int(file, summary, key):
    v = summary[key]
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        _fail(file, f"{key} must be a positive integer, not {v!r}")
    return v


def _number(file, summary, key):
    v = summary[key]
    if not isinstance(v, (int, float)) or isinstance(v, bool) \
            or not math.isfinite(v) or v < 0:
        _fail(file, f"{key} must be a non-negative number, not {v!r}")
    return v


def _optional_value(file, summary, key, words=()):
    v = summary[key]
    if v is not None and v not in words and (
            not isinstance(v, int) or isinstance(v, bool)):
        _fail(file, f"{key} must be an integer"
              + "".join(f", {w!r}" for w in words) + f" or null, not {v!r}")
    return v


def _host_map(file, summary, key, fields, nullable):
    m = summary[key]
    if not isinstance(m, dict) or not m:
        _fail(file, f"{key} must be a non-empty object host -> values")
    for host, entry in m.items():
        if not isinstance(entry, dict):
            _fail(file, f"{key}[{host!r}] must be an object")
        for f in fields:
            v = entry.get(f)
            if (v is None and nullable) or (
                    isinstance(v, int) and not isinstance(v, bool)):
                continue
            _fail(file, f"{key}[{host!r}].{f} must be an integer"
                  + (" or null" if nullable else "") + f", not {v!r}")


def _check_summary(path, s):
    file = os.path.join(path, "summary.json")
    ranks = _positive_int(file, s, "ranks")
    _positive_int(file, s, "threads")
    _positive_int(file, s, "cycles")
    _positive_int(file, s, "numa_nodes")
    for key in ("t_sim_ms", "time_sim_s", "rtf", "rtf_second_half", "scale"):
        _number(file, s, key)
    if s["t_sim_ms"] <= 0:
        _fail(file, "t_sim_ms must be positive")
    _optional_value(file, s, "numa_balancing_requested", (policy.TASKS,))
    _optional_value(file, s, "numa_balancing_in_force")
    if not isinstance(s["hostnames"], list) or len(s["hostnames"]) != ranks:
        _fail(file, f"hostnames must list one host per rank ({ranks})")
    if s["allocator"] not in ("glibc", "jemalloc"):
        _fail(file, f"allocator must be glibc or jemalloc, "
              f"not {s['allocator']!r}")
    # start/end are null where the sysctl was unreadable.
    _host_map(file, s, "numa_balancing", ("start", "end"), True)
    _host_map(file, s, "vmstat_delta", VMSTAT_KEYS, False)
    bad = optional_keys.check(s, ranks)
    if bad:
        _fail(file, bad)


def _load_array(path, name, shape, kind):
    file = os.path.join(path, name)
    try:
        a = np.load(file, allow_pickle=False)
    except FileNotFoundError:
        _fail(path, f"no {name}: incomplete result directory")
    except (OSError, ValueError) as e:
        _fail(file, f"not a readable .npy file: {e}")
    if a.dtype.kind != kind or a.dtype.itemsize != 8:
        want = "float64" if kind == "f" else "int64"
        _fail(file, f"dtype {a.dtype}, expected {want}")
    if shape is not None and a.shape != shape:
        _fail(file, f"shape {a.shape}, expected {shape}")
    if kind == "f" and not np.all(np.isfinite(a)):
        _fail(file, "contains NaN or infinite values")
    if np.any(a < 0):
        _fail(file, "contains negative values")
    return a


def _load_threads(path, s):
    """Rank 0's per-thread phase times, when nbsim wrote them."""
    names = [f"thread_{p}.npy" for p in THREAD_PHASES]
    there = [os.path.exists(os.path.join(path, n)) for n in names]
    if not any(there):
        return None
    shape = (s["threads"], s["cycles"])
    return {p: _load_array(path, n, shape, "f")
            for p, n in zip(THREAD_PHASES, names)}


def _check_timers(path):
    file = os.path.join(path, "timers.txt")
    try:
        with open(file, encoding="utf-8") as f:
            lines = [ln.split() for ln in f if ln.strip()]
    except FileNotFoundError:
        _fail(path, "no timers.txt: incomplete result directory")
    except (OSError, UnicodeDecodeError) as e:
        _fail(file, f"unreadable: {e}")
    bad = [i + 1 for i, ln in enumerate(lines) if len(ln) != 2]
    if bad:
        _fail(file, f"line {bad[0]} is not 'key value'")


def load_run(path):
    """Reads and checks the result directory at path; returns a Run."""
    if not os.path.isdir(path):
        _fail(path, "not a directory")
    s = _read_summary(path)
    _check_summary(path, s)
    shape = (s["ranks"], s["cycles"])
    cycle_time = _load_array(path, "cycle_time.npy", shape, "f")
    phases = {p: _load_array(path, f"phase_{p}.npy", shape, "f")
              for p in PHASES}
    spikes = _load_array(path, "spike_count.npy", shape, "i")
    try:
        placement = placement_mod.load(path, s)
    except placement_mod.PlacementError as e:
        raise RunDirError(str(e)) from e
    threads = _load_threads(path, s)
    _check_timers(path)
    return Run(path, s, cycle_time, phases, spikes, placement, threads)
