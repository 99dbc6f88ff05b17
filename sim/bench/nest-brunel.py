#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""nest-brunel.py - NEST's brunel_delta network in NEST itself (a reference
for nbsim's `--model brunel`, docs/benchmark.md "nbsim beside NEST"):
prints one line of JSON per rank with the build and simulation times, the
real-time factor of the measured phase, NEST's phase timers, the mean rate
(from this rank's spikes), the /proc/vmstat NUMA counters over the measured
Simulate, the THP modes and the process's AnonHugePages and peak RSS.

Same network as nbsim's: NE = 10000 and NI = 2500 iaf_psc_delta neurons
(sizes times --scale, in-degrees CE = 1000 and CI = 250 kept), J = 0.1 mV,
g = 5, delay 1.5 ms, one poisson_generator at eta = 2 (20 kHz) onto every
neuron. NEST is not a dependency of this project: run this with NEST 3.10's
PyNEST on PYTHONPATH."""
import argparse
import json
import os
import resource
import sys
import time

import numpy as np

from bench_args import add_network_args, network_args_ok

VMSTAT_KEYS = ("numa_pte_updates", "numa_huge_pte_updates", "numa_hint_faults",
               "numa_hint_faults_local", "numa_pages_migrated")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_network_args(p)
    p.add_argument("--no-compressed-spikes", action="store_true",
                   help="use_compressed_spikes=False")
    a = p.parse_args(argv)
    if not network_args_ok(a):
        p.error("--scale and --t-sim must be > 0, --t-presim >= 0, --threads >= 1")
    return a


def vmstat():
    out = dict.fromkeys(VMSTAT_KEYS, 0)
    with open("/proc/vmstat", encoding="ascii") as f:
        for line in f:
            key, _, value = line.partition(" ")
            if key in out:
                out[key] = int(value)
    return out


def read_first(path):
    try:
        with open(path, encoding="ascii") as f:
            return f.read().strip()
    except OSError:
        return None


def anon_huge_kib():
    text = read_first("/proc/self/smaps_rollup") or ""
    for line in text.splitlines():
        if line.startswith("AnonHugePages:"):
            return int(line.split()[1])
    return None


def build(nest, a):
    ne, ni = round(10000 * a.scale), round(2500 * a.scale)
    ce, ci, j, g, theta, tau_m = 1000, 250, 0.1, 5.0, 20.0, 20.0
    params = {"C_m": 1.0, "tau_m": tau_m, "t_ref": 2.0, "E_L": 0.0,
              "V_reset": 0.0, "V_m": 0.0, "V_th": theta}
    p_rate = 1000.0 * 2.0 * theta / (j * ce * tau_m) * ce
    exc = nest.Create("iaf_psc_delta", ne, params=params)
    inh = nest.Create("iaf_psc_delta", ni, params=params)
    noise = nest.Create("poisson_generator", params={"rate": p_rate})
    nest.CopyModel("static_synapse", "excitatory", {"weight": j, "delay": 1.5})
    nest.CopyModel("static_synapse", "inhibitory", {"weight": -g * j, "delay": 1.5})
    nest.Connect(noise, exc + inh, syn_spec="excitatory")
    nest.Connect(exc, exc + inh, {"rule": "fixed_indegree", "indegree": ce},
                 "excitatory")
    nest.Connect(inh, exc + inh, {"rule": "fixed_indegree", "indegree": ci},
                 "inhibitory")
    return ne + ni


def main(argv):
    a = parse_args(argv)
    import nest  # pylint: disable=import-outside-toplevel
    nest.verbosity = nest.VerbosityLevel.ERROR
    nest.ResetKernel()
    nest.SetKernelStatus({"local_num_threads": a.threads, "resolution": 0.1,
                          "rng_seed": a.seed,
                          "use_compressed_spikes": not a.no_compressed_spikes})
    t0 = time.time()
    neurons = build(nest, a)
    t1 = time.time()
    nest.Simulate(a.t_presim)
    t2 = time.time()
    before = vmstat()
    t3 = time.time()
    nest.Simulate(a.t_sim)
    t4 = time.time()
    after = vmstat()
    ks = nest.GetKernelStatus()
    spikes = ks["local_spike_counter"]
    # Threaded timers are one value per thread: the slowest counts.
    timers = {k: float(max(np.atleast_1d(ks[k])))
              for k in ("time_simulate", "time_deliver_spike_data",
                        "time_update", "time_collocate_spike_data",
                        "time_communicate_spike_data") if k in ks}
    ranks = nest.NumProcesses()
    print(json.dumps({
        "simulator": "NEST " + nest.__version__,
        "model": "brunel", "scale": a.scale, "threads": a.threads,
        "rank": nest.Rank(), "ranks": ranks,
        "compressed_spikes": not a.no_compressed_spikes,
        "neurons": neurons, "synapses": ks["num_connections"],
        "t_presim_ms": a.t_presim, "t_sim_ms": a.t_sim,
        "time_build_s": t1 - t0, "time_presim_s": t2 - t1,
        "time_sim_s": t4 - t3, "rtf": (t4 - t3) / (a.t_sim * 1e-3),
        "timers": timers,
        "rate_hz": spikes * ranks / neurons / (a.t_sim * 1e-3),
        "vmstat_delta": {k: after[k] - before[k] for k in VMSTAT_KEYS},
        "numa_balancing": read_first("/proc/sys/kernel/numa_balancing"),
        "thp_enabled": read_first("/sys/kernel/mm/transparent_hugepage/enabled"),
        "thp_defrag": read_first("/sys/kernel/mm/transparent_hugepage/defrag"),
        "anon_huge_kib": anon_huge_kib(),
        "peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        "ld_preload": os.environ.get("LD_PRELOAD", ""),
    }), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
