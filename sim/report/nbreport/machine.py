# SPDX-License-Identifier: GPL-2.0-or-later
"""The headline's first line: what kind of machine the runs ran on, as
far as their NUMA nodes decide what they can show, and, when the caller
says so (nbsim-report --where), where and why. On a machine with one NUMA
node the kernel has no other node to move a page to: the scanner still
marks pages and takes hint faults (its cost shows), but no page migrates,
whatever the setting, so such a report cannot show the effect balancing
exists for. The node count is nbsim's "numa_nodes" (the node of its rank
0) or, for a --command run, the fewest its node samples counted."""

from .lines import Line


def nodes(run):
    """The run's NUMA nodes, or None where it did not record them."""
    n = run.summary.get("numa_nodes")
    return n if isinstance(n, int) and not isinstance(n, bool) else None


def one_node(runs):
    """Every run recorded exactly one NUMA node."""
    return bool(runs) and all(nodes(r) == 1 for r in runs)


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
    return Line("machine", prefix + f"{_counts(runs)} ({_hosts(runs)})")
