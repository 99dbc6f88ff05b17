# SPDX-License-Identifier: GPL-2.0-or-later
"""The headline's first line: what kind of machine the runs ran on, as
far as their NUMA nodes decide what they can show, and, when the caller
says so (nbsim-report --where), where and why. On a machine with one NUMA
node the kernel has no other node to move a page to: the scanner still
marks pages and takes hint faults (its cost shows), but no page migrates,
whatever the setting, so such a report cannot show the effect balancing
exists for. The node count is nbsim's "numa_nodes" (the node of its rank
0) or, for a --command run, the fewest its node samples counted.
A machine whose every host reports a QEMU CPU model is emulated (the
lab's TCG guest): its remote memory is no slower than local, so its run
times say nothing about balancing's effect."""

from .lines import Line


def nodes(run):
    """The run's NUMA nodes, or None where it did not record them."""
    n = run.summary.get("numa_nodes")
    return n if isinstance(n, int) and not isinstance(n, bool) else None


def one_node(runs):
    """Every run recorded exactly one NUMA node."""
    return bool(runs) and all(nodes(r) == 1 for r in runs)


def _cpu_models(run):
    p = run.summary.get("provenance") or {}
    return [h.get("cpu_model") or "" for h in (p.get("hosts") or {}).values()]


EMULATED = ("an emulated machine's remote memory is no slower than its "
            "local memory, so its run times say nothing about balancing")


def emulated(runs):
    """"emulated machine (CPU model)" where every host of these runs was
    an emulated CPU, else None (also where CPU models were not
    recorded); EMULATED says why that matters."""
    models = [m for r in runs for m in _cpu_models(r)]
    if not models or not all(m.startswith("QEMU") for m in models):
        return None
    return f"emulated machine ({sorted(set(models))[0]})"


def _hosts(runs):
    return ", ".join(sorted({h for r in runs for h in r.summary["hostnames"]}))


def _counts(runs):
    """"2 NUMA nodes", or each count with its runs where they differ."""
    by = {}
    for r in runs:
        by.setdefault(nodes(r), []).append(r)
    if len(by) == 1:
        (n,) = by
        return ("NUMA nodes not recorded" if n is None
                else f"{n} NUMA node{'s' if n != 1 else ''}")
    return "NUMA nodes " + ", ".join(
        f"{'unknown' if n is None else n} in {len(rs)} run(s)"
        for n, rs in sorted(by.items(), key=lambda kv: (kv[0] is None,
                                                        kv[0] or 0)))


def line(runs, where=None):
    """The "machine" Line: a warning up front when nothing can migrate."""
    prefix = f"{where}; " if where else ""
    if one_node(runs):
        return Line("machine", prefix + f"one NUMA node ({_hosts(runs)}): "
                    "the kernel has no other node to move a page to, so no "
                    "page can migrate there whatever the setting; the "
                    "scanner's hint faults and their cost still show",
                    "warn", "nothing can migrate")
    return Line("machine", prefix + f"{_counts(runs)} ({_hosts(runs)})",
                "neutral")
