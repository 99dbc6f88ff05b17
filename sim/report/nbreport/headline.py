# SPDX-License-Identifier: GPL-2.0-or-later
"""The headline: the first lines on stdout and the box at the top of
index.html, and the "headline" object of report.json, one line (or a
few) each:
- machine: the NUMA nodes the runs had, first, and up front that nothing
  can migrate where there was one (machine.py); where and why, when the
  caller says;
- in force: was the requested numa_balancing value in force in every run
  (the per-run verdict), with every exception named;
- effect: per comparison, the median paired ratio with its 95 % sign-test
  interval over the usable, undisturbed pairs, as a sentence ("balancing
  on is 14 % slower (95 % CI 9-19 %)"), or "inconclusive" with the number
  of pairs to run;
- disturbed: which pairs were left out for disturbance, and the effect
  with them put back;
- kernel: hint faults and pages migrated per second of run, and the
  share of hint faults that were remote, per condition, node-wide; for
  nbsim also its own process's hint faults and pages migrated where its
  runs recorded them (own.py), pages migrated per model second, ping-pong
  and the course of migration (numa.py);
- energy: which source (nbsim's RAPL reading, Slurm's accounting) and
  what it covers, the paired energy ratio with its interval and energy
  per simulated second, every flagged value named (energy.py);
- runs: how many, when, where (host, CPU, kernel, huge pages) and the
  load average around them."""

from . import (conditions, counters, energy, machine, numa, own, policy,
               provenance)
from .lines import Line
from .verdict import FAIL, WARN


def _pct(x):
    """A ratio's distance from 1 in percent: whole numbers from 10 up,
    one decimal below."""
    x = round(abs(x) * 100, 1)
    return f"{x:.0f}" if x >= 10 else f"{x:.1f}"


def _subject(c):
    """What the ratio's numerator is, in words."""
    if c.factor == "numa_balancing":
        return policy.words(c.num.balancing)
    return f"{c.num.value(c.factor)}"


def _than(c):
    """What the ratio's denominator is, in words: " than ...", or "" for
    balancing on over off by the sysctl."""
    if c.factor != "numa_balancing":
        return f" than {c.den.value(c.factor)}"
    if policy.plain(c.num.balancing, c.den.balancing):
        return ""
    return f" than {policy.words(c.den.balancing)}"


def _context(c, conds):
    """The other factors that tell this comparison from the others of the
    report, e.g. "OMP_PROC_BIND=spread ...: ", or ""."""
    vary = conditions.varying(conds) - {c.factor}
    parts = [conditions.field_text(n, v) for n, v in c.num.key if n in vary]
    return ", ".join(parts) + ": " if parts else ""


def effect_words(iv, subject, other):
    """The sentence for a conclusive interval."""
    if iv.median >= 1.0 and iv.lo > 1.0:
        return (f"{subject} is {_pct(iv.median - 1)} % slower{other} "
                f"(95 % CI {_pct(iv.lo - 1)}-{_pct(iv.hi - 1)} %)")
    return (f"{subject} is {_pct(1 - iv.median)} % faster{other} "
            f"(95 % CI {_pct(1 - iv.hi)}-{_pct(1 - iv.lo)} %)")


def _more(c):
    n = c.clean.n
    if c.needed is None and n >= 2:
        return ("the effect, if any, is too small for this noise: more "
                "pairs alone will hardly settle it")
    need = c.needed or 6
    return f"run about {need} pairs ({need - n} more)"


def effect_line(c, conds):
    iv, metric = c.clean, c.num.metric_name
    subject, other = _subject(c), _than(c)
    detail = (f"median paired {metric} ratio {iv.median:.3f} over {iv.n} "
              f"pair(s), exact sign test" if iv.n else "")
    where = _context(c, conds)
    if iv.n == 0:
        why = "no usable, undisturbed pair: nothing to conclude"
    elif iv.lo is None:
        why = (f"{iv.n} pair(s) are too few for a 95 % interval (the sign "
               "test needs 6); " + _more(c))
    elif not iv.excludes_one:
        why = (f"the 95 % interval of the {metric} ratio, "
               f"{iv.lo:.3f}-{iv.hi:.3f}, spans 1; " + _more(c))
    else:
        return Line("effect", where + effect_words(iv, subject, other),
                    detail=[detail + f", 95 % CI {iv.lo:.3f}-{iv.hi:.3f}"])
    return Line("effect", where + why, "warn", "inconclusive", [detail])


def in_force_line(runs):
    bad = [r for r in runs if r.verdict.status == FAIL]
    unsure = [r for r in runs if r.verdict.status == WARN]
    ok = len(runs) - len(bad) - len(unsure)
    policies = any(policy.of_run(r) is not None for r in runs)
    text = (f"the requested numa_balancing value was in force in {ok} of "
            f"{len(runs)} runs (kernel value at start and end, "
            "SLURM_NUMA_BALANCING"
            + (", the tasks' memory policy" if policies else "")
            + " and the kernel's counters)")
    detail = [f"contradicts its label: {r.name}: " + "; ".join(
        c.message for c in r.verdict.checks if c.status == FAIL)
        for r in bad]
    detail += [f"not confirmed: {r.name}: " + "; ".join(
        c.message for c in r.verdict.problems()) for r in unsure]
    status = "bad" if bad else "warn" if unsure else "ok"
    return Line("in force", text, status, detail=detail)


def disturbed_line(comps, runs):
    if not any(r.disturbance.recorded for r in runs):
        return Line("disturbed", "not recorded by these runs (no "
                    "disturbance probes in their summary.json)", "warn")
    hit = [r for r in runs if r.disturbance.disturbed]
    if not hit:
        return Line("disturbed", f"none of {len(runs)} runs (by CPU wait, "
                    "context switches, steal, CPU pressure, slow updates)")
    detail = [f"{r.name}: {r.disturbance.summary()}" for r in hit]
    for c in comps:
        pairs = [p for p in c.pairs if p.disturbed and not p.unusable]
        if pairs and c.usable.n:
            iv = c.usable
            words = (effect_words(iv, _subject(c), _than(c))
                     if iv.excludes_one
                     else f"median ratio {iv.median:.3f}, inconclusive"
                     + ("" if iv.lo is None else
                        f" (95 % CI {iv.lo:.3f}-{iv.hi:.3f})"))
            detail.append(f"with the {len(pairs)} disturbed pair(s) of "
                          f"{c.num.label} / {c.den.label} put back: {words}")
    return Line("disturbed", f"{len(hit)} of {len(runs)} runs were "
                "disturbed; their pairs are left out of the effect", "warn",
                detail=detail)


def kernel_line(conds):
    """One detail per condition: hint faults and pages migrated per second
    of run, and the remote share of hint faults, node-wide; for nbsim,
    its own process's counts; for 0-tasks, the tasks' memory policy and
    the sysctl."""
    detail = []
    for c in conds:
        k = counters.of_condition(c)
        nbsim = c.kind == "nbsim"
        extra = [own.condition_text(own.of_condition(c)) if nbsim else "",
                 numa.condition_text(numa.of_condition(c)) if nbsim else "",
                 policy.condition_text(c)]
        detail.append(f"{c.label}: "
                      f"{counters.rate_text(k['hint_faults_per_s'])} hint "
                      f"faults, {counters.rate_text(k['pages_migrated_per_s'])}"
                      f" pages migrated, "
                      f"{counters.share_text(k['remote_hint_fault_share'])}"
                      + "".join(f"; {x}" for x in extra if x))
    return Line("kernel", "hint faults and pages migrated per second of run "
                "(median over runs), remote share of all hint faults, "
                "node-wide; nbsim's own process's where recorded",
                detail=detail)


def _energy_effect(c, conds):
    """One comparison's energy ratio in words."""
    e = c.energy
    iv = e.clean
    head = f"{_context(c, conds)}{_subject(c)}"
    if iv.n == 0:
        return f"{head}: no pair has {e.source} energy on both sides"
    what = (f"median paired energy ratio {iv.median:.3f} over {iv.n} "
            f"pair(s) ({e.source})")
    if iv.lo is None:
        return f"{head}: {what}; too few pairs for a 95 % interval"
    if not iv.excludes_one:
        return (f"{head}: {what}; its 95 % interval {iv.lo:.3f}-"
                f"{iv.hi:.3f} spans 1: inconclusive")
    more = iv.median >= 1.0
    lo, hi = ((iv.lo - 1, iv.hi - 1) if more else (1 - iv.hi, 1 - iv.lo))
    return (f"{head} uses {_pct(iv.median - 1)} % "
            f"{'more' if more else 'less'} energy{_than(c)} (95 % CI "
            f"{_pct(lo)}-{_pct(hi)} %; {what})")


def _energy_condition(c, source):
    rec = energy.condition_record(c).get(source)
    if not rec or rec["median_j"] is None:
        return f"{c.label}: no usable {source} energy"
    text = f"{c.label}: {rec['median_j']:,.1f} J per run"
    if rec["median_j_per_model_s"] is not None:
        text += (f", {rec['median_j_per_model_s']:,.1f} J per simulated "
                 "second")
    return text + f" (median of {rec['measured']}, {source})"


def _not_measured(flagged):
    """Each distinct reason with the number of runs it applies to."""
    reasons = {}
    for f in flagged:
        why = f.split(": ", 1)[1]
        reasons[why] = reasons.get(why, 0) + 1
    return "; ".join(f"{why} ({n} run{'s' if n > 1 else ''})"
                     for why, n in reasons.items())


def energy_line(conds, comps):
    """Which source gave the energy and what it covers, each comparison's
    energy ratio, each condition's energy per run and per simulated
    second; every flagged value named."""
    runs = [r for c in conds for r in c.runs]
    used = [s for s in energy.SOURCES
            if any(energy.usable(r, s) is not None for r in runs)]
    flagged = energy.flags(runs)
    if not used:
        return Line("energy", "not measured: " + (
            _not_measured(flagged) or "no run recorded any (no sacct "
            "record, no RAPL reading in summary.json)"))
    text = "; ".join(f"{energy.SOURCE_WORDS[s]} ({energy.scope_text(s, runs)})"
                     for s in used) + f"; {energy.EXCLUSIVE}"
    detail = [_energy_effect(c, conds) for c in comps if c.energy]
    detail += [_energy_condition(c, s) for s in used for c in conds]
    detail += [f"flagged, not used: {f}" for f in flagged]
    return Line("energy", text, "warn" if flagged else "ok", detail=detail)


def runs_line(runs):
    """When, where and on what the runs ran, and the load around them."""
    facts = [dict(provenance.facts(r)) for r in runs]

    def values(name):
        return sorted({f[name] for f in facts})
    dates = values("date (UTC)")
    when = dates[0] if len(dates) == 1 else f"{dates[0]} to {dates[-1]}"
    loads = [r.disturbance.signals.get("loadavg_end") for r in runs]
    loads = [x for x in loads if x is not None]
    text = (f"{len(runs)} runs, {when}, on {'; '.join(values('hosts'))} "
            f"({'; '.join(values('CPU model'))}, "
            f"{'; '.join(values('CPUs'))} CPUs), kernel "
            f"{'; '.join(values('kernel'))}, huge pages "
            f"{'; '.join(values('huge pages'))}")
    if loads:
        text += f", load average at the end {min(loads):.2f}-{max(loads):.2f}"
    return Line("runs", text)


def build(conds, comps, where=None):
    """The headline's Lines, in order; where: the caller's word on where
    the runs ran and why (nbsim-report --where)."""
    runs = [r for c in conds for r in c.runs]
    lines = [machine.line(runs, where), in_force_line(runs)]
    lines += [effect_line(c, conds) for c in comps]
    if not comps:
        lines.append(Line("effect", "no two conditions differ in one "
                          "factor only: nothing to compare", "warn"))
    lines.append(disturbed_line(comps, runs))
    lines.append(kernel_line(conds))
    lines.append(energy_line(conds, comps))
    lines.append(runs_line(runs))
    return lines


def text(lines):
    """The headline for stdout."""
    out = []
    for ln in lines:
        strong = f"{ln.strong.upper()}: " if ln.strong else ""
        out.append(f"{ln.topic}: {strong}{ln.text}")
        out += [f"    {d}" for d in ln.detail if d]
    return "\n".join(out)
