# SPDX-License-Identifier: GPL-2.0-or-later
"""The numbers of tests/slurm/bench-launch: for each case, the median,
quartiles and minimum of its times; for each comparison, the median of
the per-round differences (case minus its baseline, both timed in the same
interleaved round), or of the per-round differences of differences, with
its distribution-free 95 % interval by the exact sign test
(nbreport.paired, the report's own statistics); and the verdict against
the 5 ms target.

Each case's file holds one "ROUND MICROSECONDS" line per timed job, so a
job that failed in one round drops only that round's pairs.

    launch_stats.py TIMES-DIR LOAD0 LOAD1 RUNS

Exit status: 0 when the Prolog= deployment (numa_balancing_nohooks.so
with the helper as Prolog=/Epilog=) adds at most 5 ms to both srun and
batch jobs, with and without --numa-balancing=0, and the per-process
route (numa_balancing.so off=tasks: a 0 job's tasks get the local memory
policy, no helper runs) adds at most 5 ms; 1 when one of them does not;
2 on bad input. The route is what off=tasks adds to a job given
--numa-balancing=0 beyond what carrying the option costs with job_hooks.so,
whose option callback does nothing: per round, (tasks-0 - tasks) -
(hooks-0 - hooks). numa_balancing.so is measured and printed beside it,
but its job hooks make slurmd start two processes per job (the `hooks`
case), so it is not what the exit status is about (docs/design.md,
"Launch cost")."""

import os
import statistics
import sys

from nbreport.paired import median_interval

TARGET_MS = 5.0
CASES = ["bare", "hooks", "hooks-0", "plugin", "plugin-0", "pbare", "prolog",
         "prolog-0", "tasks", "tasks-0"]
# (case, baseline, control, what, counts for the exit status): case minus
# baseline per round, less the control pair's (case, baseline) difference
# of the same round when there is one.
CARRIED = ("hooks-0", "hooks")
ADDED = [
    ("hooks", "bare", None, "slurmd's spank prolog+epilog processes", False),
    ("hooks-0", "hooks", None, "an option carried (job_hooks.so, =0)", False),
    ("plugin", "bare", None, "numa_balancing.so, no option", False),
    ("plugin-0", "bare", None, "numa_balancing.so, --numa-balancing=0",
     False),
    ("prolog", "pbare", None, "the nohooks plugin + Prolog=, no option",
     True),
    ("prolog-0", "pbare", None, "the nohooks plugin + Prolog=, =0", False),
    ("prolog-0", "prolog", CARRIED, "Prolog= helper for =0 (less option)",
     True),
    ("tasks-0", "tasks", None, "off=tasks, =0 (tasks' policy) vs no option",
     False),
    ("tasks-0", "tasks", CARRIED, "per-process route (off=tasks less option)",
     True),
]


class BadInput(Exception):
    pass


def read_times(path):
    """{round: milliseconds} from a file of "ROUND MICROSECONDS" lines."""
    times = {}
    try:
        with open(path, encoding="ascii") as f:
            for number, line in enumerate(f, 1):
                fields = line.split()
                if len(fields) != 2 or not all(x.isdigit() for x in fields):
                    raise BadInput(f"{path}:{number}: not 'ROUND MICROSECONDS'")
                times[int(fields[0])] = int(fields[1]) / 1000.0
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: {e}") from e
    return times


def quartiles(values):
    """(median, p25, p75, min) of a non-empty list."""
    x = sorted(values)
    n = len(x)

    def at(q):  # nearest-rank quantile
        return x[min(n - 1, max(0, -(-q * n // 4) - 1))]
    return statistics.median(x), at(1), at(3), x[0]


def differences(case, base):
    """{round: case - base} for the rounds that timed both."""
    return {r: case[r] - base[r] for r in case.keys() & base.keys()}


def added(case, base, control=None):
    """The Interval of the per-round differences case - base (ms); with a
    control pair (its case's and its baseline's times), of the per-round
    differences of differences (case - base) - (control case - control
    base), over the rounds that timed all four."""
    diffs = differences(case, base)
    if control is not None:
        other = differences(*control)
        diffs = {r: d - other[r] for r, d in diffs.items() if r in other}
    return median_interval(diffs.values())


def added_line(cmd, what, iv, counted):
    """One printed comparison, and whether it is within the target."""
    within = iv.median is not None and iv.median <= TARGET_MS
    verdict = ("<= 5 ms" if within else "ABOVE 5 ms") if counted else ""
    ci = (f"95 % CI {iv.lo:.1f} to {iv.hi:.1f}" if iv.lo is not None
          else "too few pairs for an interval")
    median = "n/a" if iv.median is None else f"{iv.median:.1f}"
    sep = "; " if verdict else ""
    return (f"  {cmd:<6} {what + ':':<44} {median:>6} ms "
            f"({ci}, {iv.n} pairs{sep}{verdict})"), within


def summary(times_dir, load0, load1, runs):
    """The printed lines and the exit status."""
    lines = [f"bench-launch: {runs} runs per case, interleaved; load average "
             f"{load0} at the start, {load1} at the end"]
    times = {}
    for cmd in ("srun", "batch"):
        for case in CASES:
            t = read_times(os.path.join(times_dir, f"{cmd}-{case}"))
            if not t:
                raise BadInput(f"{cmd}-{case}: no times")
            times[cmd, case] = t
            med, p25, p75, low = quartiles(list(t.values()))
            lines.append(f"  {cmd + '-' + case:<16} median {med:7.1f} ms   "
                         f"p25 {p25:7.1f}   p75 {p75:7.1f}   min {low:7.1f}   "
                         f"n {len(t)}")
    above = []
    lines.append("  added (median of the per-round differences):")
    for cmd in ("srun", "batch"):
        for case, base, control, what, counted in ADDED:
            pair = None if control is None else tuple(
                times[cmd, c] for c in control)
            iv = added(times[cmd, case], times[cmd, base], pair)
            line, within = added_line(cmd, what, iv, counted)
            lines.append(line)
            if counted and not within:
                above.append(f"{cmd} {what}")
    lines.append("  target (the plugin adds at most 5 ms per job): "
                 + ("NOT met: " + "; ".join(above) + " above 5 ms" if above
                    else "met by the Prolog= deployment and the per-process "
                    "route")
                 + "; numa_balancing.so adds what slurmd's job-hook "
                 "processes cost (hooks line)")
    return lines, 1 if above else 0


def main(argv):
    if len(argv) != 5:
        print("usage: launch_stats.py TIMES-DIR LOAD0 LOAD1 RUNS",
              file=sys.stderr)
        return 2
    try:
        lines, status = summary(*argv[1:])
    except BadInput as e:
        print(f"launch_stats: {e}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
