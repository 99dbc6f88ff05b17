#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""brunel-brian2.py - NEST's brunel_delta network (docs/performance.md,
"nbsim vs Brian2") in Brian2's C++
standalone mode with OpenMP, for comparing nbsim with another fast
simulator. Prints one JSON object: real-time factor of the sim phase, peak
memory of the simulation binary, mean rates, sizes and build times.

Same network as nbsim's `--model brunel`: NE = 10000 and NI = 2500
iaf_psc_delta neurons (sizes times --scale, in-degrees kept as in nbsim),
fixed in-degree CE = 1000 and CI = 250 with autapses and multapses, J = 0.1 mV, g = 5, delay 1.5 ms,
independent Poisson drive (eta = 2) per neuron; input arriving during the
refractory period is discarded, as in NEST."""
import argparse
import json
import os
import sys
import tempfile
import time

import numpy as np

from bench_args import add_network_args, network_args_ok

# Runs the simulation binary and records its own peak RSS (the compiler's
# does not count): Brian2 calls this instead of ./main.
PEAK_RSS_WRAPPER = """
import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:])
_, status, usage = os.wait4(p.pid, 0)
with open("results/peak_rss_kib", "w") as f:
    f.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_network_args(p)
    p.add_argument("--repeat", type=int, default=1,
                   help="runs of the compiled binary; the fastest counts (default 1)")
    p.add_argument("--build-dir", default=None,
                   help="Brian2 project directory (default: a temporary one)")
    a = p.parse_args(argv)
    if not network_args_ok(a) or a.repeat < 1:
        p.error("--scale and --t-sim must be > 0, --t-presim >= 0, "
                "--threads and --repeat >= 1")
    return a


def fixed_indegree(rng, n_pre, n_post, k):
    """Sources and targets: k sources per target, drawn with replacement."""
    pre = rng.integers(0, n_pre, size=n_post * k, dtype=np.int32)
    post = np.repeat(np.arange(n_post, dtype=np.int32), k)
    return pre, post


def build_network(b2, a):
    """The network: its objects, spike counters and sizes."""
    ms, mV = b2.ms, b2.mV
    ne, ni = int(round(10000 * a.scale)), int(round(2500 * a.scale))
    ce, ci = 1000, 250
    tau_m, theta, j = 20 * ms, 20 * mV, 0.1 * mV
    nu_ext = 2.0 * theta / (j * ce * tau_m)          # eta * nu_th, per source
    g = b2.NeuronGroup(ne + ni, "dv/dt = -v / tau_m : volt (unless refractory)",
                       threshold="v >= theta", reset="v = 0*mV",
                       refractory=2 * ms, method="exact",
                       namespace={"tau_m": tau_m, "theta": theta})
    exc, inh = g[:ne], g[ne:]
    rng = np.random.default_rng(a.seed)
    syn = []
    for src, k, w in ((exc, ce, j), (inh, ci, -5.0 * j)):
        s = b2.Synapses(src, g, on_pre="v_post += w * int(not_refractory_post)",
                        namespace={"w": w}, delay=1.5 * ms)
        pre, post = fixed_indegree(rng, len(src), ne + ni, k)
        s.connect(i=pre, j=post)
        syn.append(s)
    drive = b2.PoissonInput(g, "v", N=ce, rate=nu_ext,
                            weight="0.1*mV * int(not_refractory)")
    mon_e = b2.SpikeMonitor(exc, record=False)
    mon_i = b2.SpikeMonitor(inh, record=False)
    return {"objects": [g, drive, mon_e, mon_i] + syn, "mon_e": mon_e,
            "mon_i": mon_i, "ne": ne, "ni": ni, "synapses": (ce + ci) * (ne + ni)}


def main(argv):
    a = parse_args(argv)
    try:
        import brian2 as b2
    except ImportError:
        print("brunel-brian2: needs Brian2: apt-get install python3-brian",
              file=sys.stderr)
        return 2
    n = define(b2, a)
    m = build_and_run(b2, a, n)
    t_sim_s = a.t_sim / 1000.0
    result = {
        "simulator": f"brian2 {b2.__version__} cpp_standalone",
        "threads": a.threads, "neurons": n["ne"] + n["ni"],
        "synapses": n["synapses"], "t_presim_ms": a.t_presim,
        "t_sim_ms": a.t_sim, "repeat": a.repeat,
        "time_sim_s": min(m["sim_s"]), "rtf": min(m["sim_s"]) / t_sim_s,
        "rtf_all": [t / t_sim_s for t in m["sim_s"]],
        "time_build_s": m["build_s"],
        "peak_rss_bytes": max(m["peak_kib"]) * 1024,
        "rates": {"E": m["spikes_e"] / n["ne"] / t_sim_s,
                  "I": m["spikes_i"] / n["ni"] / t_sim_s},
    }
    print(json.dumps(result))
    return 0


def define(b2, a):
    """Brian2's standalone project: the network, the presimulation (spike
    counters off) and the measured run."""
    b2.set_device("cpp_standalone", build_on_run=False)
    b2.prefs.devices.cpp_standalone.openmp_threads = a.threads
    b2.prefs.devices.cpp_standalone.run_cmd_unix = [sys.executable, "-c",
                                                    PEAK_RSS_WRAPPER, "./main"]
    b2.seed(a.seed)
    b2.defaultclock.dt = 0.1 * b2.ms
    n = build_network(b2, a)
    net = b2.Network(n["objects"])
    n["mon_e"].active = n["mon_i"].active = False
    if a.t_presim > 0:
        net.run(a.t_presim * b2.ms)
    n["mon_e"].active = n["mon_i"].active = True
    net.run(a.t_sim * b2.ms)
    return n


def build_and_run(b2, a, n):
    """Compiles the project and runs it --repeat times: each run's sim-phase
    time and peak RSS, the build time and the last run's spike counts."""
    m = {"sim_s": [], "peak_kib": []}
    with tempfile.TemporaryDirectory(prefix="brunel-brian2-") as tmp:
        project = a.build_dir or tmp
        t0 = time.monotonic()
        b2.device.build(directory=project, compile=True, run=False)
        m["build_s"] = time.monotonic() - t0
        for _ in range(a.repeat):
            b2.device.run(project, False, [])
            m["sim_s"].append(b2.device._last_run_time)
            with open(os.path.join(project, "results", "peak_rss_kib")) as f:
                m["peak_kib"].append(int(f.read()))
        m["spikes_e"] = int(n["mon_e"].num_spikes)
        m["spikes_i"] = int(n["mon_i"].num_spikes)
    return m


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
