"""Command line of nbsim-report: load the runs, judge them, draw, write the
page, print the summary and any run whose data contradict its label.
Exit status: 0 report written, 1 report written but a run contradicts its
label, 2 bad input (nothing written)."""

import argparse
import os
import sys

from . import conditions, numa, page, plots, stats, table
from .rundir import RunDirError, load_run
from .verdict import FAIL, judge

EXIT_FLAGGED, EXIT_BAD_INPUT = 1, 2


def _parser():
    p = argparse.ArgumentParser(
        prog="nbsim-report",
        description="Report on nbsim result directories: cycle-time "
        "figures per condition (numa_balancing on/off, allocator), phase "
        "bars, and a verdict on whether each run's label was in force.")
    p.add_argument("runs", nargs="+", metavar="RUN_DIR",
                   help="nbsim --out directories")
    p.add_argument("-o", "--output", required=True, metavar="REPORT_DIR",
                   help="where the PNGs and index.html go (created)")
    p.add_argument("--quantile", type=float, default=99.0,
                   help="cut-off for the cycle-time axes, as a percentile "
                   "of all cycle times pooled (default: %(default)s)")
    p.add_argument("--cutoff-ms", type=float,
                   help="cut-off in ms (overrides --quantile)")
    return p


def _load(paths):
    runs, errors = [], []
    for path in paths:
        try:
            runs.append(load_run(path))
        except RunDirError as e:
            errors.append(str(e))
    return runs, errors


def _cutoff(args, conds):
    """The cut-off in seconds, or None when --cutoff-ms is below every
    cycle time."""
    times = [c.cycle_times() for c in conds]
    shortest = min(float(t.min()) for t in times)
    if args.cutoff_ms is not None:
        cutoff = args.cutoff_ms / 1e3
        return cutoff if cutoff > shortest else None
    # Above the shortest cycle even when most cycles take the same time.
    return max(stats.common_cutoff(times, args.quantile),
               shortest * (1 + 1e-6))


def _figures(conds, cutoff, outdir):
    names = [plots.activity(conds, outdir),
             plots.distribution(conds, cutoff, outdir),
             plots.spikes_vs_time(conds, cutoff, outdir),
             plots.heatmap(conds, cutoff, outdir),
             plots.phases(conds, outdir),
             plots.placement(conds, outdir)]
    return [n for n in names if n]


def _print_numa(conds):
    """The kernel's counters: per condition (median over its runs), then
    per run with the ping-pong and transient analysis (numa.py)."""
    for label, (rate, remote) in numa.median_by_condition(conds).items():
        share = "n/a" if remote is None else f"{100 * remote:.2f} %"
        print(f"numa: {label}: {rate:.4g} pages migrated per model second, "
              f"remote share of hint faults {share} (medians)")
    for c in conds:
        for r in c.runs:
            print(numa.line(r.name, numa.analyse(r)))


def _print_summary(conds, rows, verdicts, index):
    print(f"all runs: {conditions.common(conds)}")
    _print_numa(conds)
    print(table.text(table.CONDITION_HEADER, rows.conditions))
    if rows.pairs:
        print()
        print(table.text(table.PAIR_HEADER, rows.pairs))
    for c in conds:
        for r in c.runs:
            v = verdicts[id(r)]
            for chk in v.problems():
                tag = "FLAG" if chk.status == FAIL else "warning"
                print(f"{tag}: {r.name} ({c.label}): {chk.name}: "
                      f"{chk.message}")
    print(f"\nreport: {index}")


def _check_args(args):
    if args.cutoff_ms is not None and not args.cutoff_ms > 0:
        return "--cutoff-ms must be positive"
    if not 0 < args.quantile <= 100:
        return "--quantile must be in (0, 100]"
    return None


def _bad_input(problems):
    for p in problems:
        print(f"nbsim-report: {p}", file=sys.stderr)
    print("nbsim-report: no report written", file=sys.stderr)
    return EXIT_BAD_INPUT


def _report(args, runs):
    conds = conditions.group(runs)
    cutoff = _cutoff(args, conds)
    if cutoff is None:
        return _bad_input([f"--cutoff-ms {args.cutoff_ms} is below every "
                           "cycle time"])
    try:
        os.makedirs(args.output, exist_ok=True)
    except OSError as e:
        return _bad_input([f"{args.output}: {e}"])
    verdicts = {id(r): judge(r) for r in runs}
    pairs = (conditions.balancing_pairs(conds)
             + conditions.allocator_pairs(conds))
    rows = table.Rows(table.condition_rows(conds, verdicts),
                      table.pair_rows(pairs))
    index = page.write(args.output, conds, rows, verdicts,
                       _figures(conds, cutoff, args.output), cutoff)
    _print_summary(conds, rows, verdicts, index)
    flagged = any(v.status == FAIL for v in verdicts.values())
    return EXIT_FLAGGED if flagged else 0


def main(argv=None):
    args = _parser().parse_args(argv)
    problem = _check_args(args)
    if problem:
        return _bad_input([problem])
    runs, errors = _load(args.runs)
    if errors:
        return _bad_input(errors)
    return _report(args, runs)
