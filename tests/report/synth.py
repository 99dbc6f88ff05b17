# SPDX-License-Identifier: GPL-2.0-or-later
"""Writes synthetic nbsim result directories exactly as docs/design.md
("Interface 2") describes them, with arrays and counters the tests choose,
so that the report's numbers can be checked against what was constructed."""

import json
import os

import numpy as np

PHASES = ("deliver", "update", "collocate", "sync", "communicate")


def vmstat(pte=0, faults=0, local=None, migrated=0):
    return {"numa_pte_updates": pte, "numa_hint_faults": faults,
            "numa_hint_faults_local": faults if local is None else local,
            "numa_pages_migrated": migrated}


def own(migrated=0, faults=0, threads=3):
    """One rank's process_numa entry."""
    return {"pages_migrated": migrated, "numa_faults_end": faults,
            "threads": threads}


def disturbance(ranks, hosts=("node1",), *, run_delay_s=0.0, switches=10,
                slow_update_s=0.0, steal_s=0.0, pressure_s=0.0, load=1.0):
    """A "disturbance" object with the same probes on every rank and
    host."""
    return {
        "ranks": [{"involuntary_switches": switches,
                   "voluntary_switches": 5, "run_delay_s": run_delay_s,
                   "slow_update_cycles": 3 if slow_update_s else 0,
                   "slow_update_s": slow_update_s,
                   "update_median_s": 5e-4} for _ in range(ranks)],
        "hosts": {h: {"cpus": 2, "steal_s": steal_s, "iowait_s": 0.0,
                      "loadavg_start": load, "loadavg_end": load,
                      "cpu_pressure_s": pressure_s} for h in hosts},
    }


def provenance(ranks, threads=2, hosts=("node1",), *, bind="close",
               places="cores", date="2026-12-01T10:00:00Z",
               cpu_model="AMD EPYC"):
    return {
        "date_utc": date, "command_line": ["nbsim", "--model", "brunel"],
        "nbsim_version": "v0.1.0-1-gabc", "omp_proc_bind": bind,
        "omp_places": places, "slurm_cpu_bind": None,
        "hosts": {h: {"kernel": "6.18.44 #1 SMP", "cpu_model": cpu_model,
                      "cpus": 2} for h in hosts},
        "thread_cpus": [[{"affinity": str(t), "ran_on": str(t)}
                         for t in range(threads)] for _ in range(ranks)],
    }


def _value(requested):
    """What balancing a request puts in force for the job: 0 for none and
    for "0-tasks"."""
    return 0 if requested in (None, "0-tasks") else requested


def _kernel(requested):
    """The sysctl's (start, end) under a request: 1 for "0-tasks", whose
    jobs leave it alone."""
    value = 1 if requested == "0-tasks" else _value(requested)
    return value, value


def summary(ranks, cycles, *, requested=1, kernel=None, in_force="same",
            counters=None, hosts=("node1",), t_sim_ms=None, time_sim_s=None,
            rtf=None, allocator="glibc", job_id=None, placement=None,
            numa_nodes=1, rep=None, thp=None, probes=None, prov=None,
            energy=None, policy=None, own=None):
    """A complete summary.json object; kernel is (start, end) on every
    host (default: the requested value; 1 for "0-tasks"), counters a
    vmstat() dict used for every host (default: what balancing
    `requested` would produce; none for "0-tasks"). rep (the "rep" tag),
    thp ({"enabled", "defrag"}), probes (a disturbance() object), prov (a
    provenance() object), energy (a rapl() object), policy (the
    memory_policy list) and own (the process_numa list: an own() entry or
    None per rank) are left out when None."""
    value = _value(requested)
    kernel = _kernel(requested) if kernel is None else kernel
    if counters is None:
        counters = vmstat(pte=50000, faults=20000) if value else vmstat()
    t_sim_ms = cycles * 1.5 if t_sim_ms is None else t_sim_ms
    rtf = 1.5 if rtf is None else rtf
    time_sim_s = rtf * t_sim_ms / 1e3 if time_sim_s is None else time_sim_s
    hostnames = [hosts[r % len(hosts)] for r in range(ranks)]
    out = {
        "version": "0.1.0", "model": "brunel", "scale": 1.0,
        "params": {"g": 5.0}, "seed": 12, "ranks": ranks, "threads": 2,
        "hostnames": hostnames, "binding": ["0-1"] * ranks,
        "neurons": 12500, "synapses": 15625000, "dt_ms": 0.1,
        "min_delay_steps": 15, "t_presim_ms": 100.0, "t_sim_ms": t_sim_ms,
        "cycles": cycles, "time_create_s": 0.1, "time_connect_s": 1.0,
        "time_presim_s": 0.2, "time_sim_s": time_sim_s, "rtf": rtf,
        "rtf_second_half": rtf,
        "phases": {p: {"mean": 0.1, "max": 0.2} for p in PHASES},
        "rates": {"E": 30.0, "I": 30.0},
        "peak_rss_bytes": [10 ** 8] * ranks,
        "numa_balancing": {h: {"start": kernel[0], "end": kernel[1]}
                           for h in hosts},
        "vmstat_delta": {h: dict(counters) for h in hosts},
        "numa_nodes": numa_nodes, "allocator": allocator,
        "slurm_job_id": job_id, "numa_balancing_requested": requested,
        "numa_balancing_in_force": value if in_force == "same" else in_force,
        "placement": placement,
    }
    extras = {"tags": None if rep is None else {"rep": rep}, "thp": thp,
              "disturbance": probes, "provenance": prov, "energy": energy,
              "memory_policy": policy, "process_numa": own}
    out.update({k: v for k, v in extras.items() if v is not None})
    return out


def rapl(package_j, dram_j=None, seconds=2.0, flags=()):
    """summary.json's "energy" as nbsim writes it from RAPL: package and
    DRAM joules of its sim phase (scope package alone when dram_j is
    None), zones split over two packages."""
    zones = {"package-0": package_j / 2, "package-1": package_j / 2}
    if dram_j is not None:
        zones.update({"package-0/dram": dram_j / 2,
                      "package-1/dram": dram_j / 2})
    return {"source": "rapl",
            "scope": "package" if dram_j is None else "package+dram",
            "phase": "simulation", "seconds": seconds,
            "package_j": package_j, "dram_j": dram_j, "zones": zones,
            "flags": list(flags), "nodes": 1}


def no_rapl(reason="node1: no powercap tree at /sys/class/powercap"):
    return {"source": None, "reason": reason}


def write_run(path, cycle_time, spikes, summary_obj, phases=None,
              placement=None, threads=None):
    """Writes a result directory; phases defaults to splitting each cycle
    into fixed shares of its time; placement is placement_arrays()'s
    file name -> array; threads ({"deliver", "update"} -> (threads,
    cycles)) are left out when None."""
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "summary.json"), "w") as f:
        json.dump(summary_obj, f)
    np.save(os.path.join(path, "cycle_time.npy"),
            np.asarray(cycle_time, dtype=np.float64))
    np.save(os.path.join(path, "spike_count.npy"),
            np.asarray(spikes, dtype=np.int64))
    if phases is None:
        shares = dict(zip(PHASES, (0.3, 0.4, 0.1, 0.0, 0.1)))
        phases = {p: cycle_time * s for p, s in shares.items()}
    for p in PHASES:
        np.save(os.path.join(path, f"phase_{p}.npy"),
                np.asarray(phases[p], dtype=np.float64))
    for name, array in (placement or {}).items():
        np.save(os.path.join(path, name), array)
    for p, a in (threads or {}).items():
        np.save(os.path.join(path, f"thread_{p}.npy"),
                np.asarray(a, dtype=np.float64))
    with open(os.path.join(path, "timers.txt"), "w") as f:
        f.write(f"wall_time_sim {summary_obj['time_sim_s']}\n"
                f"local_spike_counter {int(np.sum(spikes))}\n")
    return path


def placement_arrays(ranks, cycles, buffers, nodes, pages=None,
                     migrated=None, sampled=4):
    """summary.json's placement object and the three placement arrays:
    every sampled page on node 0 (or the (ranks, samples, buffers, sampled)
    classes given), shares to match, pages_migrated growing as `migrated`
    (one value per sample, every rank) and 10 pages per buffer."""
    s, b = len(cycles), len(buffers)
    if pages is None:
        pages = np.zeros((ranks, s, b, sampled), dtype=np.int8)
    classes = [f"node {n}" for n in range(nodes)] + ["scanner-marked",
                                                     "not present"]
    share = np.zeros((ranks, s, b, nodes + 2))
    for k in range(nodes):
        share[..., k] = np.mean(pages == k, axis=3)
    share[..., nodes] = np.mean(pages == -2, axis=3)
    share[..., nodes + 1] = np.mean(pages == -1, axis=3)
    counters = np.zeros((ranks, s, 5))
    counters[:, :, 0] = np.arange(s) * 0.5
    if migrated is not None:
        counters[:, :, 4] = migrated
    obj = {"every": cycles[1] - cycles[0] if s > 1 else 1,
           "buffers": list(buffers), "cycles": list(cycles),
           "classes": classes, "pages": [[10] * b for _ in range(ranks)],
           "sampled_pages": pages.shape[3]}
    return obj, {"placement.npy": share,
                 "placement_pages.npy": pages.astype(np.int8),
                 "placement_counters.npy": counters}


def random_run(path, rng, *, ranks=2, cycles=400, base_ms=1.0, slope_ms=0.01,
               noise_ms=0.05, **kw):
    """A run whose cycle time is base + slope * previous-cycle spikes +
    Gaussian noise (all in ms), with Poisson spike counts."""
    spikes = rng.poisson(40, size=(ranks, cycles))
    prev = np.concatenate([spikes[:, :1], spikes[:, :-1]], axis=1)
    ms = base_ms + slope_ms * prev + rng.normal(0, noise_ms, prev.shape)
    ct = np.clip(ms, 0.01, None) / 1e3
    s = summary(ranks, cycles, **kw)
    return write_run(path, ct, spikes, s)


def _sample_text(host, time_s, nb, counters, ticks, pressure_us, load,
                 nodes, policy, cpu_model):
    lines = [f"host {host}", f"time_s {time_s}",
             f"numa_balancing {nb}"]
    lines += [f"{k} {v}" for k, v in counters.items()]
    lines += [f"stat_cpu {' '.join(map(str, ticks))}", "clk_tck 100",
              f"loadavg {load}", f"cpu_pressure_some_us {pressure_us}",
              "cpus 2", f"numa_nodes {nodes}", "kernel 6.18.44 #1 SMP",
              f"cpu_model {cpu_model}",
              "thp_enabled madvise", "thp_defrag madvise"]
    lines += [] if policy is None else [f"memory_policy {policy}"]
    return "\n".join(lines) + "\n"


def command_run(path, *, requested=1, rep="01", wall_s=3.0, exit_status=0,
                counters=None, hosts=("node1",), steal_ticks=0,
                pressure_s=0.0, kernel=None, job_id="7", numa_nodes=1,
                command="srun ./touch 3", policy=None, metric=None,
                output=None, cpu_model="AMD EPYC"):
    """A --command run directory as the job script and nbv-node-sample
    write it (docs/design.md, Interface 3): counters (a vmstat() dict,
    default what `requested` would produce) grow between the samples,
    as do steal time and CPU pressure; policy: the samples'
    memory_policy (left out when None); metric: the --metric regex
    (recorded when given); output: the command's standard output (written
    when given)."""
    os.makedirs(path, exist_ok=True)
    nb = "unset" if requested is None else requested
    kernel = _kernel(requested) if kernel is None else kernel
    if counters is None:
        counters = (vmstat(pte=50000, faults=20000) if _value(requested)
                    else vmstat())
    fields = {"format": "nbv-command 1", "command": command,
              "exit_status": exit_status, "start_utc": "2026-12-01T10:00:00Z",
              "wall_s": wall_s, "slurm_job_id": job_id, "nodes": len(hosts),
              "numa_balancing_requested": nb,
              "numa_balancing_in_force": "unset" if requested is None
              else _value(requested),
              "rep": rep, "omp_proc_bind": "close", "omp_places": "cores",
              "slurm_cpu_bind": "unset"}
    if metric is not None:
        fields["metric"] = metric
    with open(os.path.join(path, "command-run.txt"), "w") as f:
        f.write("".join(f"{k} {v}\n" for k, v in fields.items()))
    if output is not None:
        with open(os.path.join(path, "command-output.txt"), "w") as f:
            f.write(output)
    zero = {k: 1000 for k in counters}
    for t, host in enumerate(hosts):
        for which, time_s, values, steal, psi, value in (
                ("start", 100.0, zero, 0, 0, kernel[0]),
                ("end", 100.0 + wall_s + 0.2,
                 {k: 1000 + v for k, v in counters.items()},
                 steal_ticks, int(pressure_s * 1e6), kernel[1])):
            ticks = [100, 0, 50, 900, 0, 0, 0, steal, 0, 0]
            with open(os.path.join(path, f"node-{which}-{t}.txt"), "w") as f:
                f.write(_sample_text(host, time_s, value, values, ticks, psi,
                                     1.0, numa_nodes, policy, cpu_model))
    return path
