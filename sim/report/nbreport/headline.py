# SPDX-License-Identifier: GPL-2.0-or-later
"""The headline: the first lines on stdout and the box at the top of
index.html, and the "headline" object of report.json, one line (or a
few) each, what a reader decides from first:
- mechanism, per application: was the requested numa_balancing value in
  force in every run (the per-run verdict), with every exception named,
  and hint faults and pages migrated per second with each condition;
- run time, per comparison, named by its application and both
  conditions ("nbsim, balancing 1 over 0: ..."): the median paired ratio
  with its 95 % sign-test interval over the usable, undisturbed pairs
  ("14 % slower with 1 (95 % CI 9-19 %, 8 undisturbed pairs)"), "not
  measurable here" with the reason (an emulated machine, every pair
  disturbed, no usable pair) or "inconclusive, run N more pair(s)";
- machine: the NUMA nodes the runs had, and up front that nothing can
  migrate where there was one (machine.py); where and why, when the
  caller says;
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
  load average around them.
A line's status colours it: ok (measured and as it should be), warn,
bad, or neutral (not measured, not applicable, or a fact without a
verdict)."""

from . import (conditions, counters, energy, machine, numa, own, policy,
               provenance)
from .lines import Line
from .verdict import FAIL, WARN


def _pct(x):
    """A ratio's distance from 1 in percent: whole numbers from 10 up,
    one decimal below."""
    x = round(abs(x) * 100, 1)
    return f"{x:.0f}" if x >= 10 else f"{x:.1f}"


def _context(c, conds):
    """The other factors that tell this comparison from the others of the
    report, e.g. ["OMP_PROC_BIND=spread ..."]."""
    vary = conditions.varying(conds) - {c.factor}
    return [conditions.field_text(n, v) for n, v in c.num.key
            if n in vary and n != "app"]


def comparison_name(c, conds):
    """The comparison in words, the application first: "nbsim, balancing
    1 over 0", "nbsim, numa_balancing=1, jemalloc over glibc"."""
    if c.factor == "numa_balancing":
        what = f"balancing {c.num.balancing} over {c.den.balancing}"
    else:
        what = f"{c.num.value(c.factor)} over {c.den.value(c.factor)}"
    return ", ".join([str(c.num.app)] + _context(c, conds) + [what])


def _runtime_effect(c, iv, which=""):
    """A conclusive interval of the comparison in words: "14 % slower
    with 1 (95 % CI 11-17 %, 8 pairs)"."""
    with_ = c.num.value(c.factor)
    if iv.median >= 1.0 and iv.lo > 1.0:
        size, lo, hi, way = iv.median - 1, iv.lo - 1, iv.hi - 1, "slower"
    else:
        size, lo, hi, way = 1 - iv.median, 1 - iv.hi, 1 - iv.lo, "faster"
    return (f"{_pct(size)} % {way} with {with_} (95 % CI {_pct(lo)}-"
            f"{_pct(hi)} %, {iv.n} {which}pairs)")


def _inconclusive(c):
    """Why the clean pairs do not decide, and what to run."""
    iv, n = c.clean, c.clean.n
    why = (f"{n} pair(s), the sign test needs 6 for a 95 % interval"
           if iv.lo is None else
           f"the 95 % interval {iv.lo:.3f}-{iv.hi:.3f} spans 1")
    if c.needed is None and n >= 2 and iv.lo is not None:
        return (f"inconclusive: {why}; the effect, if any, is too small "
                "for this noise: more pairs alone will hardly settle it")
    need = max(c.needed or 0, 6, n + 1)
    return (f"inconclusive, run {need - n} more pair(s) ({why}; about "
            f"{need} in all would settle it)")


def _not_measurable(c, emulated):
    """Why the run time cannot be judged here, or None when it can."""
    if emulated:
        return emulated
    usable = [p for p in c.pairs if not p.unusable]
    if c.clean.n == 0 and usable:
        return f"all {len(usable)} usable pair(s) disturbed"
    if not usable:
        return ("no usable pair: " + "; ".join(
            dict.fromkeys(w for p in c.pairs for w in p.unusable))
            if c.pairs else "no pair of runs")
    return None


def runtime_line(c, conds, emulated=None):
    """One comparison's run-time verdict: the effect with its interval,
    "not measurable here" with the reason (emulated: why an emulated
    machine's times say nothing, or None) or "inconclusive, run N more
    pairs"; the line names both conditions and the application."""
    iv, metric = c.clean, c.num.metric_name
    name = comparison_name(c, conds)
    detail = ([f"median paired {metric} ratio {iv.median:.3f} over {iv.n} "
               "undisturbed pair(s), exact sign test"
               + ("" if iv.lo is None else
                  f", 95 % CI {iv.lo:.3f}-{iv.hi:.3f}")] if iv.n else [])
    why = _not_measurable(c, emulated)
    if why:
        return Line("run time", f"{name}: not measurable here: {why}",
                    "neutral", detail=detail
                    + ([machine.EMULATED] if emulated else []))
    if iv.excludes_one:
        words = _runtime_effect(c, iv, "undisturbed ")
        return Line("run time", f"{name}: {words}", "ok", detail=detail)
    return Line("run time", f"{name}: {_inconclusive(c)}", "warn",
                detail=detail)


def _rates(c):
    k = counters.of_condition(c)
    return (f"{counters.rate_text(k['hint_faults_per_s'])} hint faults, "
            f"{counters.rate_text(k['pages_migrated_per_s'])} pages migrated")


def _short_label(c):
    """The condition's label without the application's name, its value
    of numa_balancing bare: "1", "0-tasks, jemalloc"."""
    return ", ".join(p.replace("numa_balancing=", "")
                     for p in c.label.split(", ") if p != str(c.app))


def mechanism_line(app, conds):
    """One application's mechanism verdict: the requested value in force,
    and hint faults and pages migrated per second with each condition
    (node-wide, median over runs), every exception named."""
    runs = [r for c in conds for r in c.runs]
    bad = [r for r in runs if r.verdict.status == FAIL]
    unsure = [r for r in runs if r.verdict.status == WARN]
    ok = len(runs) - len(bad) - len(unsure)
    text = (f"{app}: the requested numa_balancing value was in force in "
            f"{ok} of {len(runs)} runs; " + "; ".join(
                f"with {_short_label(c)}: {_rates(c)}" for c in conds)
            + " (per second of run, node-wide)")
    detail = [f"contradicts its label: {r.name}: " + "; ".join(
        c.message for c in r.verdict.checks if c.status == FAIL)
        for r in bad]
    detail += [f"not confirmed: {r.name}: " + "; ".join(
        c.message for c in r.verdict.problems()) for r in unsure]
    detail.append("checked by the kernel value at start and end, "
                  "SLURM_NUMA_BALANCING"
                  + (", the tasks' memory policy"
                     if any(policy.of_run(r) is not None for r in runs)
                     else "") + " and the kernel's counters")
    status = "bad" if bad else "warn" if unsure else "ok"
    return Line("mechanism", text, status, detail=detail)


def disturbed_line(comps, conds, runs):
    if not any(r.disturbance.recorded for r in runs):
        return Line("disturbed", "not measured: these runs recorded no "
                    "disturbance probes in their summary.json", "neutral")
    hit = [r for r in runs if r.disturbance.disturbed]
    if not hit:
        return Line("disturbed", f"none of {len(runs)} runs (by CPU wait, "
                    "context switches, steal, CPU pressure, slow updates)")
    detail = [f"{r.name}: {r.disturbance.summary()}" for r in hit]
    for c in comps:
        pairs = [p for p in c.pairs if p.disturbed and not p.unusable]
        if pairs and c.usable.n:
            iv = c.usable
            words = (_runtime_effect(c, iv) if iv.excludes_one
                     else f"median ratio {iv.median:.3f}, inconclusive"
                     + ("" if iv.lo is None else
                        f" (95 % CI {iv.lo:.3f}-{iv.hi:.3f})"))
            detail.append(f"{comparison_name(c, conds)}, with the "
                          f"{len(pairs)} disturbed pair(s) put back: {words}")
    return Line("disturbed", f"{len(hit)} of {len(runs)} runs disturbed; "
                "their pairs are left out of the run-time verdicts", "warn",
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
                "neutral", detail=detail)


def _energy_effect(c, conds):
    """One comparison's energy ratio in words."""
    e = c.energy
    iv = e.clean
    head = comparison_name(c, conds)
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
    return (f"{head}: {_pct(iv.median - 1)} % {'more' if more else 'less'}"
            f" energy with {c.num.value(c.factor)} (95 % CI "
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
            "record, no RAPL reading in summary.json)"), "neutral")
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
    return Line("runs", text, "neutral")


def build(conds, comps, where=None):
    """The headline's Lines, in order: the mechanism per application, the
    run time per comparison, then the machine (where: the caller's word
    on where the runs ran and why, nbsim-report --where), disturbance,
    kernel, energy and runs."""
    runs = [r for c in conds for r in c.runs]
    apps = dict.fromkeys(c.app for c in conds)
    lines = [mechanism_line(a, [c for c in conds if c.app == a])
             for a in apps]
    lines += [runtime_line(c, conds, machine.emulated(c.num.runs
                                                      + c.den.runs))
              for c in comps]
    if not comps:
        lines.append(Line("run time", "not applicable: no two conditions "
                          "differ in one factor only", "neutral"))
    lines.append(machine.line(runs, where))
    lines.append(disturbed_line(comps, conds, runs))
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
