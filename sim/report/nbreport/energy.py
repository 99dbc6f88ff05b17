# SPDX-License-Identifier: GPL-2.0-or-later
"""Energy per run, per condition and per comparison, from two sources:
- "rapl": what nbsim read from RAPL over its simulation phase (summary
  "energy": package and DRAM, or package alone where a node has no DRAM
  zone), summed over the nodes of the run;
- "sacct": what Slurm's accounting gave the whole job (sacct.py), as the
  site's acct_gather_energy plugin measures it (RAPL: package and DRAM;
  IPMI and the like: the whole node).
Either counts everything on the node (or socket), not only the job's
processes: only a whole-node (exclusive) job accounts its own energy.
Missing, zero, NULL and impossible values are flagged, never used. A
comparison's energy is the median of its pairs' energy ratios with the
exact sign-test interval (paired.py), over the pairs whose both runs have
a value of the source that the most pairs have (RAPL on a tie: it covers
exactly the measured phase)."""

import math
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from . import paired

SOURCES = ("rapl", "sacct")
SOURCE_WORDS = {"rapl": "RAPL, read by nbsim over its simulation phase",
                "sacct": "Slurm's accounting (sacct ConsumedEnergyRaw) of "
                "the whole job"}
SCOPE_WORDS = {"package+dram": "package + DRAM", "package": "package only",
               "node": "the whole node", "gpus": "the GPUs only",
               "unknown": "as the site's acct_gather_energy plugin "
               "measures (not recorded)"}
EXCLUSIVE = ("only whole-node (exclusive) jobs account a job's own "
             "energy: on a shared node it includes the other jobs'")


@dataclass
class Reading:
    """One source's energy of one run: joules, or why there are none."""
    source: str
    joules: Optional[float]
    scope: str
    flag: Optional[str] = None
    notes: list = field(default_factory=list)
    detail: dict = field(default_factory=dict)


def _number(v):
    return (isinstance(v, (int, float)) and not isinstance(v, bool)
            and math.isfinite(v))


def _rapl_flag(e):
    """Why a "rapl" energy object cannot be used, or None."""
    if not _number(e.get("package_j")):
        return f"package_j is {e.get('package_j')!r}, not a number"
    if e["package_j"] <= 0:
        return f"package_j is {e['package_j']}: nothing measured"
    dram = e.get("dram_j")
    if dram is not None and (not _number(dram) or dram < 0):
        return f"dram_j is {dram!r}, not a non-negative number"
    if e.get("scope") != ("package+dram" if dram is not None else "package"):
        return f"scope {e.get('scope')!r} does not match dram_j {dram!r}"
    if not _number(e.get("seconds")) or e["seconds"] <= 0:
        return f"seconds is {e.get('seconds')!r}"
    return None


def rapl(run):
    """nbsim's RAPL Reading of the run, or None when it recorded none."""
    e = run.summary.get("energy")
    if e is None:
        return None
    if not isinstance(e, dict) or "source" not in e:
        return Reading("rapl", None, "unknown", "summary.json energy is "
                       "not an object with a source")
    if e["source"] is None:
        return Reading("rapl", None, "unknown",
                       f"not read: {e.get('reason') or 'no reason given'}")
    if e["source"] != "rapl":
        return Reading("rapl", None, "unknown",
                       f"unknown source {e['source']!r}")
    flag = _rapl_flag(e)
    flags = e.get("flags") if isinstance(e.get("flags"), list) else []
    detail = {k: e.get(k) for k in ("phase", "seconds", "package_j",
                                    "dram_j", "zones", "nodes")}
    if flag:
        return Reading("rapl", None, str(e.get("scope")), flag, flags, detail)
    return Reading("rapl", e["package_j"] + (e["dram_j"] or 0.0),
                   e["scope"], None, [str(f) for f in flags], detail)


def sacct(run):
    """Slurm's Reading of the run's job, or None when none was recorded."""
    a = getattr(run, "sacct", None)
    if a is None:
        return None
    return Reading("sacct", a.joules, a.scope, a.flag,
                   detail={"line": a.line, "plugin": a.plugin,
                           "lines": a.lines})


def readings(run):
    """source -> Reading, for the sources the run recorded."""
    out = {"rapl": rapl(run), "sacct": sacct(run)}
    return {k: v for k, v in out.items() if v is not None}


def usable(run, source):
    r = readings(run).get(source)
    return r.joules if r is not None and r.flag is None else None


def per_model_s(run, joules):
    """Energy per simulated second (nbsim), or None."""
    if joules is None or run.kind != "nbsim":
        return None
    return joules / run.t_sim_s


def run_record(run):
    """report.json's "energy" of one run."""
    out = {}
    for source, r in readings(run).items():
        out[source] = {"joules": r.joules, "scope": r.scope, "flag": r.flag,
                       "notes": r.notes,
                       "joules_per_model_s": per_model_s(run, r.joules),
                       **r.detail}
    return out


def condition_record(cond):
    """Per source: runs with a value, runs flagged, medians."""
    out = {}
    for source in SOURCES:
        got = [readings(r).get(source) for r in cond.runs]
        got = [(r, g) for r, g in zip(cond.runs, got) if g is not None]
        if not got:
            continue
        values = [(r, g.joules) for r, g in got if g.flag is None]
        per_s = [per_model_s(r, j) for r, j in values]
        per_s = [x for x in per_s if x is not None]
        out[source] = {
            "measured": len(values), "flagged": len(got) - len(values),
            "median_j": float(np.median([j for _, j in values]))
            if values else None,
            "median_j_per_model_s": float(np.median(per_s)) if per_s
            else None}
    return out


@dataclass
class EnergyComparison:
    source: str
    pairs: list                 # (rep, ratio or None, why unusable, disturbed)
    clean: paired.Interval = None
    usable: paired.Interval = None


def _pair(p, source):
    if p.unusable:
        return (p.rep, None, "; ".join(p.unusable), bool(p.disturbed))
    a, b = usable(p.num, source), usable(p.den, source)
    missing = [r.name for r, j in ((p.num, a), (p.den, b)) if j is None]
    if missing:
        return (p.rep, None, "no usable energy: " + ", ".join(missing),
                bool(p.disturbed))
    return (p.rep, a / b, "", bool(p.disturbed))


def compare(comp):
    """The EnergyComparison of a comparison (compare.py), or None when no
    pair has energy from one source on both sides."""
    best = None
    for source in SOURCES:
        pairs = [_pair(p, source) for p in comp.pairs]
        n = sum(ratio is not None for _, ratio, _, _ in pairs)
        if n and (best is None or n > best[0]):
            best = (n, source, pairs)
    if best is None:
        return None
    _, source, pairs = best
    c = EnergyComparison(source, pairs)
    c.clean = paired.median_interval(
        [r for _, r, _, d in pairs if r is not None and not d])
    c.usable = paired.median_interval(
        [r for _, r, _, _ in pairs if r is not None])
    return c


def scope_text(source, runs):
    """The scope(s) of the source's usable readings, in words."""
    scopes = sorted({readings(r)[source].scope for r in runs
                     if usable(r, source) is not None})
    return ", ".join(SCOPE_WORDS.get(s, s) for s in scopes) or "none"


def flags(runs):
    """"run: source: why" for every flagged reading."""
    return [f"{r.name}: {s}: {g.flag}" for r in runs
            for s, g in readings(r).items() if g.flag]
