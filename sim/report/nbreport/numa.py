# SPDX-License-Identifier: GPL-2.0-or-later
"""What the kernel's NUMA counters say about a run, read as a NUMA engineer
would: pages migrated per model second and per wall second, the remote
share of hint faults, ping-pong (more pages migrated than the sampled
buffers hold, and sampled pages seen on two nodes), and whether migration
is a transient that decays (the scanner backing off, as the seed paper
describes) or persists to the end of the run."""

import numpy as np

from . import counters
from . import placement as placement_mod

# A rate in the last third of the run below this share of the first
# third's is a transient that decays.
DECAYED = 0.25
# Fewer samples than this say nothing about the course of the run.
MIN_SAMPLES = 6


def _host_ranks(run):
    """The lowest rank of each host (ranks on one host share counters)."""
    first = {}
    for rank, host in enumerate(run.summary["hostnames"]):
        first.setdefault(host, rank)
    return sorted(first.values())


def _migrated_series(run):
    """Model time (s) of each sample and the pages migrated since the sim
    phase began, summed over hosts."""
    pl = run.placement
    t = pl.cycles * run.summary["min_delay_steps"] * run.summary["dt_ms"] / 1e3
    col = placement_mod.COUNTERS.index("numa_pages_migrated")
    m = sum(pl.counters[r, :, col] for r in _host_ranks(run))
    return t, m


def course(run):
    """'none', 'decays', 'persists' or 'unknown' (too few samples), and the
    migration rates (pages per model second) of the first and last thirds."""
    if run.placement is None or len(run.placement.cycles) < MIN_SAMPLES:
        return "unknown", None, None
    t, m = _migrated_series(run)
    k = len(t) // 3
    first = (m[k] - m[0]) / max(t[k] - t[0], 1e-12)
    last = (m[-1] - m[-1 - k]) / max(t[-1] - t[-1 - k], 1e-12)
    if m[-1] == 0:
        return "none", first, last
    return ("decays" if last < DECAYED * first else "persists"), first, last


def _travel(run):
    """Per buffer: sampled page slots seen on two or more nodes and node
    changes seen, summed over ranks."""
    pl = run.placement
    out = {}
    for b, name in enumerate(pl.buffers):
        on_two = changes = 0
        for r in range(pl.share.shape[0]):
            o, c = placement_mod.travelled(pl, r, b)
            on_two += o
            changes += c
        out[name] = {"pages": int(pl.buffer_pages[:, b].sum()),
                     "sampled_on_two_nodes": on_two, "node_changes": changes}
    return out


def analyse(run):
    """The run's kernel-counter facts as a dict (see the module doc)."""
    k = counters.of_run(run)
    migrated = k["numa_pages_migrated"]
    out = {"pages_migrated": migrated,
           "migrated_per_model_s": migrated / run.t_sim_s,
           "migrated_per_wall_s": migrated / run.summary["time_sim_s"]
           if run.summary["time_sim_s"] else None,
           "hint_faults": k["numa_hint_faults"],
           "remote_share": k["remote_hint_fault_share"]}
    kind, first, last = course(run)
    out.update({"course": kind, "migrated_per_model_s_first_third": first,
                "migrated_per_model_s_last_third": last})
    if run.placement is not None:
        pages = int(run.placement.buffer_pages.sum())
        out.update({"sampled_buffer_pages": pages,
                    "migrations_per_sampled_page": migrated / pages
                    if pages else None,
                    "ping_pong": bool(pages and migrated > pages),
                    "buffers": _travel(run)})
    return out


def line(name, a):
    """One line of text for stdout."""
    remote = ("n/a" if a["remote_share"] is None
              else f"{100 * a['remote_share']:.2f} %")
    text = (f"numa: {name}: {a['pages_migrated']} pages migrated "
            f"({a['migrated_per_model_s']:.4g} per model second), remote "
            f"share of hint faults {remote}, course: {a['course']}")
    if "migrations_per_sampled_page" in a and a["migrations_per_sampled_page"] is not None:
        text += (f", {a['migrations_per_sampled_page']:.3g} migrations per "
                 f"page of the sampled buffers"
                 + (" (ping-pong)" if a["ping_pong"] else ""))
        moved = [f"{b} {v['sampled_on_two_nodes']}"
                 for b, v in a["buffers"].items() if v["sampled_on_two_nodes"]]
        if moved:
            text += "; sampled pages seen on 2+ nodes: " + ", ".join(moved)
    return text


def of_condition(cond):
    """A condition's medians over its runs (pages migrated per model
    second, remote share of hint faults), how many runs showed ping-pong,
    and how many runs' migration took each course."""
    a = [analyse(r) for r in cond.runs]
    shares = [x["remote_share"] for x in a if x["remote_share"] is not None]
    courses = {}
    for x in a:
        courses[x["course"]] = courses.get(x["course"], 0) + 1
    return {"runs": len(a),
            "migrated_per_model_s": float(np.median(
                [x["migrated_per_model_s"] for x in a])),
            "remote_share": float(np.median(shares)) if shares else None,
            "ping_pong_runs": sum(1 for x in a if x.get("ping_pong")),
            "courses": courses}


def condition_text(s):
    """of_condition()'s answer in words, for the headline."""
    parts = [f"{s['migrated_per_model_s']:,.4g} pages migrated per model "
             "second"]
    if s["ping_pong_runs"]:
        parts.append(f"ping-pong in {s['ping_pong_runs']} of {s['runs']} runs")
    moving = {k: v for k, v in s["courses"].items() if k in ("decays", "persists")}
    if moving:
        parts.append("migration " + ", ".join(
            f"{k} in {v} of {s['runs']}" for k, v in sorted(moving.items())))
    return "; ".join(parts)


def folded(runs, one_node):
    """One "numa:" line for runs none of which migrated a page (their
    per-run lines would all say 0), or None when some run did."""
    if not runs or any(counters.of_run(r)["numa_pages_migrated"]
                       for r in runs):
        return None
    shares = [s for s in (counters.of_run(r)["remote_hint_fault_share"]
                          for r in runs) if s is not None]
    share = ("no hint faults" if not shares else
             f"remote share of hint faults {100 * min(shares):.2f}"
             + ("" if min(shares) == max(shares)
                else f"-{100 * max(shares):.2f}") + " %")
    why = "; one NUMA node: nothing can migrate there" if one_node else ""
    return (f"numa: all {len(runs)} runs: 0 pages migrated in every run, "
            f"{share}{why}")
