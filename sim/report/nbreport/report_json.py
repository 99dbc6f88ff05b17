# SPDX-License-Identifier: GPL-2.0-or-later
"""report.json: the report's numbers for scripts and CI (docs/benchmark.md
lists every field). One object: "schema", "generated_utc", "where" (the
caller's --where text or null), "one_numa_node", "energy" (its sources
and their caveat), "in_force" (counts and names), "headline" (the Lines
as text and status), "conditions", "comparisons" and "runs". Objects are
built by the small functions below, one per record; a new analysis adds
its own keys to a record (or a top-level key of its own) and leaves the
others alone, and readers ignore keys they do not know."""

import datetime
import json
import os

from . import counters, energy, machine, numa, own, policy, provenance
from .verdict import FAIL, OK, WARN

SCHEMA = "nbsim-report/1"


def _interval(iv):
    return {"pairs": iv.n, "median_ratio": iv.median,
            "ci95": None if iv.lo is None else [iv.lo, iv.hi],
            "coverage": iv.coverage, "conclusive": iv.excludes_one}


def comparison_record(c):
    return {
        "factor": c.factor, "numerator": c.num.ident,
        "denominator": c.den.ident, "metric": c.num.metric_name,
        "method": "median of paired ratios, exact sign-test interval",
        "clean": _interval(c.clean), "with_disturbed": _interval(c.usable),
        "pairs_needed": c.needed, "median_cycle_ratio": c.median_cycle,
        "energy": None if c.energy is None else {
            "source": c.energy.source,
            "method": "median of paired energy ratios, exact sign-test "
            "interval",
            "clean": _interval(c.energy.clean),
            "with_disturbed": _interval(c.energy.usable),
            "pairs": [{"rep": rep, "ratio": ratio, "unusable": why or None,
                       "disturbed": disturbed}
                      for rep, ratio, why, disturbed in c.energy.pairs]},
        "pairs": [{"rep": p.rep, "numerator_run": p.num.name,
                   "denominator_run": p.den.name, "ratio": p.ratio,
                   "unusable": p.unusable, "disturbed": p.disturbed}
                  for p in c.pairs],
    }


def condition_record(c):
    metrics = [m for m in c.metrics() if m is not None]
    rec = {"id": c.ident, "label": c.label,
           "key": {n: v for n, v in c.key}, "kind": c.kind,
           "metric": c.metric_name, "runs": [r.name for r in c.runs],
           "n": len(c.runs),
           "metric_values": metrics,
           "disturbed_runs": sum(r.disturbance.disturbed for r in c.runs),
           "verdicts": {s: sum(r.verdict.status == s for r in c.runs)
                        for s in sorted({r.verdict.status for r in c.runs})}}
    rec.update(counters.of_condition(c))
    rec["sysctl_values"] = policy.sysctl_values(c.runs)
    rec["memory_policies"] = policy.policies(c.runs)
    rec["energy"] = energy.condition_record(c)
    if c.kind == "nbsim":
        rec["numa"] = numa.of_condition(c)
        rec["process_numa"] = own.of_condition(c)
    return rec


def run_record(run, cond):
    d = run.disturbance
    rec = {"name": run.name, "path": os.path.abspath(run.path),
           "kind": run.kind, "condition": cond.ident,
           "job_id": run.summary["slurm_job_id"], "rep": run.pair,
           "numa_balancing_requested": run.requested,
           "numa_balancing_in_force": run.summary["numa_balancing_in_force"],
           "memory_policy": policy.of_run(run),
           "metric": run.metric, "window_s": run.window_s,
           "verdict": {"status": run.verdict.status,
                       "checks": [{"name": c.name, "status": c.status,
                                   "message": c.message}
                                  for c in run.verdict.checks]},
           "kernel": counters.of_run(run),
           "numa_nodes": machine.nodes(run),
           "energy": energy.run_record(run),
           "disturbance": {"recorded": d.recorded, "disturbed": d.disturbed,
                           "reasons": d.reasons, "notes": d.notes,
                           "signals": d.signals},
           "provenance": dict(provenance.facts(run))}
    if run.kind == "nbsim":
        rec["numa"] = numa.analyse(run)
        rec["process_numa"] = own.of_run(run)
    if run.kind == "command":
        rec["exit_status"] = run.summary["exit_status"]
        rec["wall_s"] = run.summary["wall_s"]
        rec["metric_error"] = run.summary["metric_error"]
    return rec


def in_force_record(runs):
    """The headline's first answer as numbers: runs in force, and the names
    of those that contradict their label or could not be confirmed."""
    by = {s: [r.name for r in runs if r.verdict.status == s]
          for s in (OK, WARN, FAIL)}
    return {"runs": len(runs), "in_force": len(by[OK]),
            "contradicting": by[FAIL], "unconfirmed": by[WARN],
            "disturbed": [r.name for r in runs if r.disturbance.disturbed]}


def energy_record(runs):
    """Which sources gave energy (runs with a value, runs flagged, scope)
    and the caveat that comes with every one."""
    sources = {}
    for s in energy.SOURCES:
        got = [r for r in runs if s in energy.readings(r)]
        if got:
            ok = [r for r in got if energy.usable(r, s) is not None]
            sources[s] = {"measured": len(ok), "flagged": len(got) - len(ok),
                          "scope": energy.scope_text(s, got)}
    return {"sources": sources, "note": energy.EXCLUSIVE}


def build(conds, comps, lines, where=None):
    runs = [r for c in conds for r in c.runs]
    return {
        "schema": SCHEMA,
        "generated_utc": datetime.datetime.now(datetime.timezone.utc)
        .strftime("%Y-%m-%dT%H:%M:%SZ"),
        "where": where,
        "one_numa_node": machine.one_node(runs),
        "energy": energy_record(runs),
        "in_force": in_force_record(runs),
        "headline": [{"topic": ln.topic, "status": ln.status,
                      "strong": ln.strong, "text": ln.text,
                      "detail": [d for d in ln.detail if d]}
                     for ln in lines],
        "conditions": [condition_record(c) for c in conds],
        "comparisons": [comparison_record(c) for c in comps],
        "runs": [run_record(r, c) for c in conds for r in c.runs],
    }


def write(outdir, obj):
    path = os.path.join(outdir, "report.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, allow_nan=False)
        f.write("\n")
    return path
