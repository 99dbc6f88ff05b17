"""The headline: the first lines on stdout and the box at the top of
index.html, and the "headline" object of report.json. Four questions,
one line (or a few) each:
- in force: was the requested numa_balancing value in force in every run
  (the per-run verdict), with every exception named;
- effect: per comparison, the median paired ratio with its 95 % sign-test
  interval over the usable, undisturbed pairs, as a sentence ("balancing
  on is 14 % slower (95 % CI 9-19 %)"), or "inconclusive" with the number
  of pairs to run;
- disturbed: which pairs were left out for disturbance, and the effect
  with them put back;
- kernel: hint faults and pages migrated per second of run, and the
  share of hint faults that were remote, per condition; for nbsim also
  pages migrated per model second, ping-pong and the course of migration
  (numa.py);
- runs: how many, when, where (host, CPU, kernel, huge pages) and the
  load average around them."""

from dataclasses import dataclass, field

from . import conditions, counters, numa, provenance
from .verdict import FAIL, WARN


@dataclass
class Line:
    topic: str                 # "in force", "effect", "disturbed", "kernel"
    text: str
    status: str = "ok"         # "ok", "warn" or "bad": the page's colour
    strong: str = ""           # a leading word to stress ("inconclusive")
    detail: list = field(default_factory=list)


def _pct(x):
    """A ratio's distance from 1 in percent: whole numbers from 10 up,
    one decimal below."""
    x = round(abs(x) * 100, 1)
    return f"{x:.0f}" if x >= 10 else f"{x:.1f}"


def _subject(c):
    """What the ratio's numerator is, in words."""
    if c.factor == "numa_balancing":
        return "balancing on"
    return f"{c.num.value(c.factor)}"


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
    subject = _subject(c)
    other = "" if c.factor == "numa_balancing" else \
        f" than {c.den.value(c.factor)}"
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
    text = (f"the requested numa_balancing value was in force in {ok} of "
            f"{len(runs)} runs (kernel value at start and end, "
            "SLURM_NUMA_BALANCING and the kernel's counters)")
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
            words = (effect_words(iv, _subject(c), "") if iv.excludes_one
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
    of run, and the remote share of hint faults."""
    detail = []
    for c in conds:
        k = counters.of_condition(c)
        detail.append(f"{c.label}: "
                      f"{counters.rate_text(k['hint_faults_per_s'])} hint "
                      f"faults, {counters.rate_text(k['pages_migrated_per_s'])}"
                      f" pages migrated, "
                      f"{counters.share_text(k['remote_hint_fault_share'])}"
                      + (f"; {numa.condition_text(numa.of_condition(c))}"
                         if c.kind == "nbsim" else ""))
    return Line("kernel", "hint faults and pages migrated per second of run "
                "(median over runs), remote share of all hint faults",
                detail=detail)


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


def build(conds, comps):
    """The headline's Lines, in order."""
    runs = [r for c in conds for r in c.runs]
    lines = [in_force_line(runs)]
    lines += [effect_line(c, conds) for c in comps]
    if not comps:
        lines.append(Line("effect", "no two conditions differ in one "
                          "factor only: nothing to compare", "warn"))
    lines.append(disturbed_line(comps, runs))
    lines.append(kernel_line(conds))
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
