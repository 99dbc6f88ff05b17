# SPDX-License-Identifier: GPL-2.0-or-later
"""Command line of nbsim-report: load the runs (nbsim result directories
and `numa-balancing-validate --command` run directories), judge each
(verdict, disturbance), group them into conditions, compare, draw, write
index.html and report.json, and print the headline first, then the
tables and any run whose data contradict its label.
Exit status: 0 report written, 1 report written but a run contradicts its
label, 2 bad input (nothing written)."""

import argparse
import os
import sys

from . import (compare, conditions, disturb, figures, headline, machine,
               numa, own, page, report_json, sacct, stats, table)
from .cmdrun import is_command_run, load_command_run
from .rundir import RunDirError, load_run
from .verdict import FAIL, judge
from .version import VERSION

EXIT_FLAGGED, EXIT_BAD_INPUT = 1, 2


def _parser():
    p = argparse.ArgumentParser(
        prog="nbsim-report",
        description="Report on nbsim result directories and "
        "numa-balancing-validate --command run directories: a headline "
        "(setting in force, effect with its 95 % confidence interval, "
        "disturbance, kernel activity), report.json, cycle-time figures per "
        "condition and a verdict on whether each run's label was in force.")
    p.add_argument("runs", nargs="+", metavar="RUN_DIR",
                   help="nbsim --out directories or --command run "
                   "directories")
    p.add_argument("-o", "--output", "--out", required=True,
                   metavar="REPORT_DIR",
                   help="where index.html, report.json and the PNGs go "
                   "(created; --out is the same option)")
    p.add_argument("--quantile", type=float, default=99.0,
                   help="cut-off for the cycle-time axes, as a percentile "
                   "of all cycle times pooled (default: %(default)s)")
    p.add_argument("--cutoff-ms", type=float,
                   help="cut-off in ms (overrides --quantile)")
    p.add_argument("--version", action="version",
                   version=f"nbsim-report {VERSION}")
    p.add_argument("--where", metavar="TEXT",
                   help="where the runs ran and why, in one line: put "
                   "first in the headline (make demo says so when it runs "
                   "in the emulated NUMA machine)")
    return p


def _load(paths):
    runs, errors = [], []
    for path in paths:
        try:
            run = (load_command_run(path) if is_command_run(path)
                   else load_run(path))
        except RunDirError as e:
            errors.append(str(e))
            continue
        run.sacct = sacct.load(path, run.summary["slurm_job_id"])
        runs.append(run)
    try:
        conditions.unique_names(runs)
    except ValueError as e:
        errors.append(str(e))
    return runs, errors


def _cutoff(args, conds):
    """The cut-off in seconds; 0 without cycle data; None when
    --cutoff-ms is below every cycle time."""
    times = [c.cycle_times() for c in conds if c.kind == "nbsim"]
    if not times:
        return 0.0
    shortest = min(float(t.min()) for t in times)
    if args.cutoff_ms is not None:
        cutoff = args.cutoff_ms / 1e3
        return cutoff if cutoff > shortest else None
    # Above the shortest cycle even when most cycles take the same time.
    return max(stats.common_cutoff(times, args.quantile),
               shortest * (1 + 1e-6))


def _print_numa(conds):
    """The kernel's counters of nbsim runs: per condition (median over its
    runs), then per run with the ping-pong and transient analysis
    (numa.py); one line when no run migrated a page."""
    nbsim = [c for c in conds if c.kind == "nbsim"]
    runs = [r for c in nbsim for r in c.runs]
    fold = numa.folded(runs, machine.one_node(runs))
    if fold:
        print(fold)
        return
    for c in nbsim:
        s = numa.of_condition(c)
        share = ("n/a" if s["remote_share"] is None
                 else f"{100 * s['remote_share']:.2f} %")
        print(f"numa: {c.label}: {s['migrated_per_model_s']:.4g} pages "
              f"migrated per model second, remote share of hint faults "
              f"{share} (medians)")
    for c in nbsim:
        for r in c.runs:
            mine = own.run_text(own.of_run(r))
            print(numa.line(r.name, numa.analyse(r))
                  + (f"; {mine}" if mine else ""))


def _print_summary(conds, rows, lines, index):
    print(headline.text(lines))
    print(f"\nall runs: {conditions.common(conds)}")
    _print_numa(conds)
    print(table.text(table.CONDITION_HEADER, rows.conditions))
    if rows.comparisons:
        print()
        print(table.text(table.COMPARISON_HEADER, rows.comparisons))
    for c in conds:
        for r in c.runs:
            for chk in r.verdict.problems():
                tag = "FLAG" if chk.status == FAIL else "warning"
                print(f"{tag}: {r.name} ({c.label}): {chk.name}: "
                      f"{chk.message}")
    print(f"\nreport: {index}")


def _check_args(args):
    if args.cutoff_ms is not None and not args.cutoff_ms > 0:
        return "--cutoff-ms must be positive"
    if not 0 < args.quantile <= 100:
        return "--quantile must be in (0, 100]"
    if args.where is not None and (not args.where.strip()
                                   or "\n" in args.where):
        return "--where needs one line of text"
    return None


def _bad_input(problems):
    for p in problems:
        print(f"nbsim-report: {p}", file=sys.stderr)
    print("nbsim-report: no report written", file=sys.stderr)
    return EXIT_BAD_INPUT


def _report(args, runs):
    for r in runs:
        r.verdict = judge(r)
        r.disturbance = disturb.assess(r)
    conds = conditions.group(runs)
    cutoff = _cutoff(args, conds)
    if cutoff is None:
        return _bad_input([f"--cutoff-ms {args.cutoff_ms} is below every "
                           "cycle time"])
    try:
        os.makedirs(args.output, exist_ok=True)
    except OSError as e:
        return _bad_input([f"{args.output}: {e}"])
    comps = compare.comparisons(conds)
    lines = headline.build(conds, comps, args.where)
    rows = table.Rows(table.condition_rows(conds),
                      table.comparison_rows(comps))
    names = figures.draw(conds, comps, cutoff, args.output)
    report_json.write(args.output,
                      report_json.build(conds, comps, lines, args.where))
    index = page.write(args.output, conds, rows, lines, names, cutoff)
    _print_summary(conds, rows, lines, index)
    flagged = any(r.verdict.status == FAIL for r in runs)
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
