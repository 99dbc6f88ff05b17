#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""headline.py OUT_DIR: the lab's headline, from what lab/lab left in
OUT_DIR: the nbsim result directories (runs/), the control's results
(control/nb1.json, nb0.json) and the guest's description (machine.json).
For each numa_balancing value it gives the pages the kernel migrated per
model second of nbsim's simulation phase and the remote share of its hint
faults (numa_hint_faults - numa_hint_faults_local over numa_hint_faults),
and the same for the control per second of its run. Prints the headline
and writes OUT_DIR/report/lab.json. Exit status 0, or 2 on bad input."""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)),
                                "..", "sim", "report"))

from nbreport import conditions  # noqa: E402
from nbreport.rundir import VMSTAT_KEYS, RunDirError, load_run  # noqa: E402


def counters(name, vmstat, seconds):
    """One run's kernel counters and the rates derived from them."""
    c = {k: vmstat[k] for k in VMSTAT_KEYS}
    faults = c["numa_hint_faults"]
    remote = faults - c["numa_hint_faults_local"]
    return dict(name=name, seconds=seconds, **c,
                pages_migrated_per_s=c["numa_pages_migrated"] / seconds,
                remote_hint_faults=remote,
                remote_share=remote / faults if faults else None)


def nbsim_runs(out):
    runs_dir = os.path.join(out, "runs")
    paths = sorted(os.path.join(runs_dir, d) for d in os.listdir(runs_dir))
    runs = [load_run(p) for p in paths]
    result = []
    for cond in conditions.group(runs):
        for r in cond.runs:
            total = {k: r.vmstat_total(k) for k in VMSTAT_KEYS}
            entry = counters(r.name, total, r.t_sim_s)
            entry["numa_balancing"] = r.label
            entry["rtf"] = r.summary["rtf"]
            result.append(entry)
    return runs[0].summary, result


def control_runs(out):
    result = []
    for v in (1, 0):
        with open(os.path.join(out, "control", f"nb{v}.json"),
                  encoding="utf-8") as f:
            c = json.load(f)
        entry = counters(f"control-nb{v}", c["vmstat_delta"], c["seconds"])
        entry.update(numa_balancing=c["numa_balancing"]["start"],
                     buffer_pages=c["buffer_pages"],
                     iterations_per_s=c["iterations_per_s"])
        result.append(entry)
    return result


def by_value(entries, value):
    return [e for e in entries if e["numa_balancing"] == value]


def span(values, fmt):
    lo, hi = min(values), max(values)
    return fmt.format(lo) if lo == hi else (fmt + "-" + fmt).format(lo, hi)


def share(entries):
    shares = [e["remote_share"] for e in entries if e["remote_share"] is not None]
    return span([100 * s for s in shares], "{:.2f}") + " %" if shares else "no hint faults"


def nbsim_lines(entries):
    lines = []
    for v in (1, 0):
        runs = by_value(entries, v)
        if not runs:
            continue
        pages = [e["numa_pages_migrated"] for e in runs]
        rate = span([e["pages_migrated_per_s"] for e in runs], "{:,.1f}")
        lines.append(f"numa_balancing={v}: {rate} pages migrated per model second "
                     f"({span(pages, '{:,}')} per run, {len(runs)} runs); "
                     f"remote share of hint faults {share(runs)}")
    return lines


def control_lines(entries):
    return [f"control, numa_balancing={e['numa_balancing']}: "
            f"{e['numa_pages_migrated']:,} pages migrated in {e['seconds']:.0f} s "
            f"({e['pages_migrated_per_s']:,.0f}/s; buffer {e['buffer_pages']:,} pages), "
            f"remote share of hint faults {share([e])}, "
            f"{e['iterations_per_s']:.2f} iterations/s" for e in entries]


def machine_line(machine, summary, nbsim_entries):
    cpus = "+".join(str(n) for n in machine["cpus_per_node"])
    return (f"lab: {machine['nodes']} NUMA nodes ({cpus} vCPUs), kernel "
            f"{machine['kernel']}, THP {machine['thp_enabled']} (defrag "
            f"{machine['thp_defrag']}); nbsim {summary['model']} scale "
            f"{summary['scale']}, {summary['ranks']} rank(s) x "
            f"{summary['threads']} thread(s), {summary['allocator']}, "
            f"{summary['t_sim_ms'] / 1000:g} s model time per run, "
            f"{len(nbsim_entries)} runs")


def main():
    if len(sys.argv) != 2:
        print("usage: headline.py OUT_DIR", file=sys.stderr)
        return 2
    out = sys.argv[1]
    try:
        with open(os.path.join(out, "machine.json"), encoding="utf-8") as f:
            machine = json.load(f)
        summary, nbsim = nbsim_runs(out)
        control = control_runs(out)
    except (OSError, ValueError, KeyError, RunDirError) as e:
        print(f"headline.py: {e}", file=sys.stderr)
        return 2
    print(machine_line(machine, summary, nbsim))
    for line in nbsim_lines(nbsim) + control_lines(control):
        print(f"lab:   {line}")
    os.makedirs(os.path.join(out, "report"), exist_ok=True)
    path = os.path.join(out, "report", "lab.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"machine": machine, "nbsim": nbsim, "control": control},
                  f, indent=1)
        f.write("\n")
    print(f"lab: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
