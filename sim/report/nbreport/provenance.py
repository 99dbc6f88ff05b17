# SPDX-License-Identifier: GPL-2.0-or-later
"""Where and how each run ran, from summary.json: date, hosts, CPU model,
kernel, NUMA nodes, transparent huge pages, thread binding and the CPUs
each thread ran on, allocator, nbsim version and command line. Missing
keys (older result directories; the huge-page keys until nbsim writes
them) read as "unknown". Also the two parts of a condition's key that
come from here: the huge-page mode and the binding."""

UNKNOWN = "unknown"


def _thp_modes(summary):
    """{host: "enabled/defrag"}: nbsim's "thp_enabled" and "thp_defrag"
    (rank 0's host), or a --command run's "thp", either one {"enabled",
    "defrag"} object or one per host; {} when absent."""
    if isinstance(summary.get("thp_enabled"), str):
        return {"*": f"{summary['thp_enabled']}/"
                f"{summary.get('thp_defrag') or UNKNOWN}"}
    thp = summary.get("thp")
    if not isinstance(thp, dict):
        return {}
    if isinstance(thp.get("enabled"), str):
        return {"*": f"{thp['enabled']}/{thp.get('defrag', UNKNOWN)}"}
    return {h: f"{v.get('enabled', UNKNOWN)}/{v.get('defrag', UNKNOWN)}"
            for h, v in sorted(thp.items()) if isinstance(v, dict)}


def huge_pages(run):
    """The huge-page part of the condition key: nbsim's --huge-pages
    option (summary "huge_pages") and the kernel's THP enabled/defrag
    modes, e.g. "madvise, THP madvise/madvise"; unknown parts say so."""
    option = run.summary.get("huge_pages")
    modes = sorted(set(_thp_modes(run.summary).values()))
    parts = [] if option is None else [str(option)]
    parts.append("THP " + (", ".join(modes) if modes else UNKNOWN))
    return ", ".join(parts)


def binding(run):
    """The binding part of the condition key: OMP_PROC_BIND, OMP_PLACES
    and Slurm's --cpu-bind as the run saw them."""
    p = run.summary.get("provenance")
    if not p:
        return UNKNOWN
    parts = [f"OMP_PROC_BIND={p['omp_proc_bind'] or 'unset'}",
             f"OMP_PLACES={p['omp_places'] or 'unset'}"]
    if p["slurm_cpu_bind"]:
        parts.append(f"cpu-bind={p['slurm_cpu_bind']}")
    return " ".join(parts)


def thread_cpus(run):
    """Per rank, each thread's CPUs: "t0 0 (ran on 0), t1 1 ..."."""
    p = run.summary.get("provenance")
    if not p or not p["thread_cpus"]:
        return UNKNOWN
    return "; ".join(
        f"rank {r}: " + ", ".join(
            f"t{t} {c['affinity']}"
            + ("" if c["ran_on"] == c["affinity"]
               else f" (ran on {c['ran_on']})")
            for t, c in enumerate(threads))
        for r, threads in enumerate(p["thread_cpus"]))


def _hosts(p, field):
    values = sorted({str(h.get(field)) for h in p["hosts"].values()})
    return ", ".join(values) if values else UNKNOWN


def facts(run):
    """(field, value) pairs for the page and report.json, in a fixed
    order; every value a string."""
    s, p = run.summary, run.summary.get("provenance")
    anon = s.get("anon_huge_pages_bytes")
    rows = [
        ("date (UTC)", p["date_utc"] if p else UNKNOWN),
        ("hosts", ", ".join(sorted(set(s["hostnames"])))),
        ("CPU model", _hosts(p, "cpu_model") if p else UNKNOWN),
        ("CPUs", _hosts(p, "cpus") if p else UNKNOWN),
        ("kernel", _hosts(p, "kernel") if p else UNKNOWN),
        ("NUMA nodes", UNKNOWN if s.get("numa_nodes") is None
         else str(s["numa_nodes"])),
        ("huge pages", huge_pages(run)),
        ("AnonHugePages", UNKNOWN if anon is None else
         ", ".join(UNKNOWN if b is None else f"{b / 2 ** 20:.0f} MiB"
                   for b in (anon if isinstance(anon, list) else [anon]))),
        ("binding", binding(run)),
        ("thread CPUs", thread_cpus(run)),
        ("allocator", s.get("allocator", UNKNOWN)),
        ("nbsim version", (p["nbsim_version"] or "none (--command run)")
         if p else UNKNOWN),
        ("command line", " ".join(p["command_line"]) if p else UNKNOWN),
    ]
    return rows
