#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check-result-dir.py [--fixture] RUN_DIR - checks that an nbsim result
directory follows docs/design.md ("Interface 2"): every summary.json key with
its type, every .npy file loading with numpy with its dtype and shape, and
timers.txt as beNNch-style "key value" lines. --fixture also checks the
values test-results.c wrote. Exits non-zero with the list of problems."""
import json
import math
import os
import sys

import numpy as np

PHASES = ["deliver", "update", "collocate", "sync", "communicate"]
VMSTAT = ["numa_pte_updates", "numa_hint_faults", "numa_hint_faults_local",
          "numa_pages_migrated"]
PLACEMENT_KEYS = ["every", "buffers", "cycles", "classes", "pages",
                  "sampled_pages"]


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v):
    return (is_int(v) or isinstance(v, float)) and math.isfinite(v)


def or_null(check):
    return lambda v: v is None or check(v)


def list_of(check, n):
    return lambda v: isinstance(v, list) and len(v) == n and all(map(check, v))


def dict_of(keys, check):
    return lambda v: (isinstance(v, dict) and sorted(v) == sorted(keys)
                      and all(map(check, v.values())))


def placement_ok(ranks):
    def ok(v):
        return v is None or (
            isinstance(v, dict) and sorted(v) == sorted(PLACEMENT_KEYS)
            and is_int(v["every"]) and v["every"] > 0
            and isinstance(v["buffers"], list)
            and all(isinstance(b, str) for b in v["buffers"])
            and isinstance(v["cycles"], list) and all(map(is_int, v["cycles"]))
            and isinstance(v["classes"], list) and len(v["classes"]) >= 3
            and v["classes"][-2:] == ["scanner-marked", "not present"]
            and list_of(list_of(is_int, len(v["buffers"])), ranks)(v["pages"])
            and is_int(v["sampled_pages"]) and v["sampled_pages"] > 0)
    return ok


def fields(spec):
    """An object with exactly these keys, each passing its check."""
    return lambda v: (isinstance(v, dict) and sorted(v) == sorted(spec)
                      and all(spec[k](v[k]) for k in spec))


def non_negative(v):
    return is_num(v) and v >= 0


PROCESS_NUMA = fields({
    "pages_migrated": lambda v: is_int(v) and v >= 0,
    "numa_faults_end": lambda v: is_int(v) and v >= 0,
    "threads": lambda v: is_int(v) and v >= 1})

RANK_PROBES = fields({
    "involuntary_switches": is_int, "voluntary_switches": is_int,
    "run_delay_s": or_null(non_negative), "slow_update_cycles": is_int,
    "slow_update_s": non_negative, "update_median_s": non_negative})
HOST_PROBES = fields({
    "cpus": is_int, "steal_s": or_null(non_negative),
    "iowait_s": or_null(non_negative), "loadavg_start": or_null(non_negative),
    "loadavg_end": or_null(non_negative),
    "cpu_pressure_s": or_null(non_negative)})


def disturbance_ok(ranks, hosts):
    return fields({"ranks": list_of(RANK_PROBES, ranks),
                   "hosts": dict_of(set(hosts), HOST_PROBES)})


def provenance_ok(ranks, hosts, threads):
    string = lambda v: isinstance(v, str)
    thread = fields({"affinity": string, "ran_on": string})
    return fields({
        "date_utc": lambda v: string(v) and len(v) == 20 and v.endswith("Z"),
        "command_line": lambda v: isinstance(v, list) and v and all(
            map(string, v)),
        "nbsim_version": lambda v: string(v) and v != "",
        "hosts": dict_of(set(hosts), fields({
            "kernel": string, "cpu_model": or_null(string),
            "cpus": lambda v: is_int(v) and v >= 1})),
        "omp_proc_bind": or_null(string), "omp_places": or_null(string),
        "slurm_cpu_bind": or_null(string),
        "thread_cpus": list_of(lambda t: isinstance(t, list) and len(t) in (
            0, threads) and all(map(thread, t)), ranks)})


def energy_ok(v):
    """RAPL energy of the sim phase, or why there is none."""
    string = lambda x: isinstance(x, str)
    positive = lambda x: is_num(x) and x > 0
    if isinstance(v, dict) and v.get("source") is None:
        return fields({"source": lambda x: x is None,
                       "reason": lambda x: string(x) and x and "\n" not in x})(v)
    return fields({
        "source": lambda x: x == "rapl",
        "scope": lambda x: x in ("package+dram", "package"),
        "phase": lambda x: x == "simulation", "seconds": non_negative,
        "package_j": positive, "dram_j": or_null(positive),
        "zones": lambda z: isinstance(z, dict) and z and all(
            map(positive, z.values())),
        "flags": lambda f: isinstance(f, list) and all(map(string, f)),
        "nodes": lambda x: is_int(x) and x >= 1})(v) and (
            (v["scope"] == "package+dram") == (v["dram_j"] is not None))


def key_checks(s):
    """summary.json key -> predicate, in the order of docs/design.md."""
    ranks = s.get("ranks") if is_int(s.get("ranks")) else -1
    hosts = s.get("hostnames") if isinstance(s.get("hostnames"), list) else []
    hosts = [h for h in hosts if isinstance(h, str)]
    string = lambda v: isinstance(v, str)
    return {
        "version": string, "model": string, "scale": is_num,
        "params": lambda v: isinstance(v, dict),
        "seed": lambda v: is_int(v) or (string(v) and v.isdigit()),
        "ranks": lambda v: is_int(v) and v >= 1,
        "threads": lambda v: is_int(v) and v >= 1,
        "hostnames": list_of(string, ranks), "binding": list_of(string, ranks),
        "neurons": is_int, "synapses": is_int, "dt_ms": is_num,
        "min_delay_steps": is_int, "t_presim_ms": is_num, "t_sim_ms": is_num,
        "cycles": lambda v: is_int(v) and v >= 0,
        "time_create_s": is_num, "time_connect_s": is_num,
        "time_presim_s": is_num, "time_sim_s": is_num,
        "rtf": or_null(is_num), "rtf_second_half": or_null(is_num),
        "phases": dict_of(PHASES, dict_of(["mean", "max"], is_num)),
        "rates": lambda v: isinstance(v, dict) and all(
            map(or_null(is_num), v.values())),
        "peak_rss_bytes": list_of(is_int, ranks),
        "numa_balancing": dict_of(set(hosts), dict_of(
            ["start", "end"], or_null(is_int))),
        "vmstat_delta": dict_of(set(hosts), dict_of(VMSTAT, is_int)),
        "process_numa": list_of(or_null(PROCESS_NUMA), ranks),
        "numa_nodes": lambda v: is_int(v) and v >= 1,
        "allocator": lambda v: v in ("glibc", "jemalloc"),
        "slurm_job_id": or_null(string),
        "numa_balancing_requested": lambda v: v is None or is_int(v)
        or v == "0-tasks",
        "numa_balancing_in_force": or_null(is_int),
        "memory_policy": list_of(string, ranks),
        "placement": placement_ok(ranks),
        "energy": energy_ok,
        "compressed_spikes": lambda v: isinstance(v, bool),
        "huge_pages": lambda v: v in ("system", "madvise", "never"),
        "thp_enabled": or_null(string), "thp_defrag": or_null(string),
        "anon_huge_pages_bytes": list_of(or_null(is_int), ranks),
        "disturbance": disturbance_ok(ranks, hosts),
        "provenance": provenance_ok(ranks, hosts, s.get("threads")),
        "tags": lambda v: isinstance(v, dict) and all(
            isinstance(x, str) for x in v.values()),
    }


def check_summary(s, problems):
    checks = key_checks(s)
    for key, ok in checks.items():
        if key not in s:
            problems.append(f"summary.json: missing key {key}")
        elif not ok(s[key]):
            problems.append(f"summary.json: {key} has a wrong type or shape: "
                            f"{s[key]!r}")
    for key in sorted(set(s) - set(checks)):
        problems.append(f"summary.json: key {key} is not in docs/design.md")


def load(run_dir, name, dtype, shape, problems):
    try:
        a = np.load(os.path.join(run_dir, name))
    except (OSError, ValueError) as e:
        problems.append(f"{name}: {e}")
        return None
    if a.dtype != np.dtype(dtype) or a.shape != shape:
        problems.append(f"{name}: {a.dtype} {a.shape}, expected {dtype} {shape}")
        return None
    return a


def check_arrays(run_dir, s, problems):
    shape = (s["ranks"], s["cycles"])
    arrays = {"cycle_time": load(run_dir, "cycle_time.npy", "<f8", shape, problems)}
    for p in PHASES:
        arrays[p] = load(run_dir, f"phase_{p}.npy", "<f8", shape, problems)
    arrays["spikes"] = load(run_dir, "spike_count.npy", "<i8", shape, problems)
    threads = [os.path.exists(os.path.join(run_dir, f"thread_{p}.npy"))
               for p in ("deliver", "update")]
    if any(threads):
        for p in ("deliver", "update"):
            arrays[f"thread_{p}"] = load(run_dir, f"thread_{p}.npy", "<f8",
                                         (s["threads"], s["cycles"]),
                                         problems)
    for name, a in arrays.items():
        if a is not None and (a < 0).any():
            problems.append(f"{name}: negative values")
    arrays.update(check_placement(run_dir, s, problems))
    return arrays


PLACEMENT_FILES = ["placement.npy", "placement_pages.npy",
                   "placement_counters.npy"]


def check_placement(run_dir, s, problems):
    """placement*.npy against summary.json's placement object."""
    place = s["placement"]
    if place is None:
        for name in PLACEMENT_FILES:
            if os.path.exists(os.path.join(run_dir, name)):
                problems.append(f"{name} present but summary.json says null")
        return {}
    nodes = len(place["classes"]) - 2
    if not 1 <= nodes <= s["numa_nodes"]:
        problems.append(f"placement: {nodes} node classes but numa_nodes "
                        f"{s['numa_nodes']}")
    head = (s["ranks"], len(place["cycles"]), len(place["buffers"]))
    out = {
        "placement": load(run_dir, "placement.npy", "<f8",
                          head + (len(place["classes"]),), problems),
        "pages": load(run_dir, "placement_pages.npy", "|i1",
                      head + (place["sampled_pages"],), problems),
        "counters": load(run_dir, "placement_counters.npy", "<f8", head[:2] + (5,),
                         problems),
    }
    a, p, c = out["placement"], out["pages"], out["counters"]
    if a is not None and ((a < 0).any() or (a.sum(axis=3) > 1 + 1e-9).any()):
        problems.append("placement.npy: shares outside [0, 1]")
    if p is not None and ((p < -3).any() or (p >= nodes).any()):
        problems.append("placement_pages.npy: a page class outside -3 .. nodes-1")
    if c is not None and ((c < 0).any() or (np.diff(c[:, :, 0], axis=1) < 0).any()):
        problems.append("placement_counters.npy: negative counts or time going back")
    return out


def check_timers(run_dir, problems):
    with open(os.path.join(run_dir, "timers.txt"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines:
        problems.append("timers.txt: empty")
    for line in lines:
        fields = line.split()
        try:
            ok = len(fields) == 2 and float(fields[1]) is not None
        except ValueError:
            ok = False
        if not ok:
            problems.append(f"timers.txt: not 'key value': {line!r}")


def check_fixture(arrays, nodes, problems):
    """The values test-results.c gives its one-rank, 10-cycle run."""
    c = np.arange(1, 11, dtype=float)
    want = {"cycle_time": 0.001 * c, "spikes": 3 * np.arange(10)}
    for i, p in enumerate(PHASES):
        want[p] = 0.0001 * (i + 1) * c
    s, b, k = np.meshgrid(np.arange(5), np.arange(3), np.arange(nodes + 2),
                          indexing="ij")
    want["placement"] = 0.04 * s + 0.01 * b + 0.001 * k
    t = np.arange(1, 3, dtype=float)[:, None]
    want["thread_deliver"] = 1e-5 * t * c
    want["thread_update"] = 2e-5 * t * c
    s, b, j = np.meshgrid(np.arange(5), np.arange(3), np.arange(256), indexing="ij")
    want["pages"] = (s + b + j) % 4 - 3
    s, k = np.meshgrid(np.arange(5), np.arange(5), indexing="ij")
    want["counters"] = s + 0.5 * k
    for name, w in want.items():
        a = arrays.get(name)
        if a is None or not np.allclose(a.reshape(w.shape), w, rtol=0, atol=1e-15):
            problems.append(f"{name}: values differ from the fixture's")


def main(argv):
    fixture = "--fixture" in argv
    run_dir = [a for a in argv if a != "--fixture"][0]
    problems = []
    with open(os.path.join(run_dir, "summary.json"), encoding="utf-8") as f:
        summary = json.load(f)
    check_summary(summary, problems)
    arrays = {} if problems else check_arrays(run_dir, summary, problems)
    check_timers(run_dir, problems)
    if fixture:
        check_fixture(arrays, summary["numa_nodes"], problems)
    for p in problems:
        print(f"check-result-dir: {run_dir}: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"check-result-dir: {run_dir} follows docs/design.md "
          f"({summary['ranks']} ranks x {summary['cycles']} cycles)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
