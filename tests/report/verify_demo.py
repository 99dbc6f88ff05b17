#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks what a reduced demo left (check-demo, check-command): every
job's run directory complete (docs/design.md, Interface 2 for nbsim, 3 for
--command) and run through Slurm with --numa-balancing, the kernel value
in force at start and end, and the report written: the figures, the page
with its headline first, and report.json with the expected number of
conditions, its headline, and every run with its verdict, kernel rates and
disturbance. With --expect, also that the headline is right for how the
machine was: `quiet` (no run disturbed, and balancing on conclusively
slower, as nbsim's demo is on a quiet machine with two NUMA nodes),
`disturbed` (a CPU hog ran: some run flagged, and no conclusive effect in
the direction opposite to the quiet one), `lab` (the demo in the
emulated two-node machine: a condition with 1 migrated pages, one with 0
migrated none and took no hint faults node-wide, in every run of nbsim's
0-tasks condition (off by the tasks' memory policy) nbsim's own process
recorded its counters and neither migrated a page nor took a hint fault,
every 0-tasks condition with the sysctl at 1 and its tasks under the
local policy, the headline's kernel line gives hint faults and pages
migrated for each condition and nbsim's own zeros for 0-tasks, and the
headline says first where the runs ran and why). --also-command accepts --command runs beside
nbsim's. --metric REGEX (with --command): every run took its figure from
its output, and report.json names that figure for every condition.
    verify_demo.py VALIDATION_DIR (--ranks N [--also-command] |
                   --command [--metric REGEX])
                   --conditions K [--expect quiet|disturbed|lab]"""

import argparse
import html
import json
import os
import sys

from nbreport.cmdrun import is_command_run, load_command_run
from nbreport.rundir import RunDirError, load_run
from nbreport.verdict import OK, judge

NBSIM_FILES = ("distribution.png", "distribution_panels.png",
               "spikes_vs_time.png", "heatmap.png", "phases.png")
FILES = ("index.html", "report.json", "activity.png", "forest.png")
OWN_ZERO = "nbsim's own process took 0 hint faults and migrated 0 pages"
HEADLINE = ["mechanism", "run time", "machine", "disturbed", "kernel",
            "energy", "runs"]


def _load(path):
    return load_command_run(path) if is_command_run(path) else load_run(path)


def run_problems(runsdir, args):
    names = sorted(os.listdir(runsdir)) if os.path.isdir(runsdir) else []
    if not names:
        yield f"{runsdir}: no run directories"
    for name in names:
        try:
            run = _load(os.path.join(runsdir, name))
        except RunDirError as e:
            yield str(e)
            continue
        s = run.summary
        kinds = {"command"} if args.command else (
            {"nbsim", "command"} if args.also_command else {"nbsim"})
        if run.kind not in kinds:
            yield f"{name}: a {run.kind} run"
        elif args.command and s["exit_status"] != 0:
            yield f"{name}: the command exited {s['exit_status']}"
        elif run.kind == "nbsim" and s["ranks"] != args.ranks:
            yield f"{name}: {s['ranks']} ranks, expected {args.ranks}"
        if not s["slurm_job_id"] or s["numa_balancing_requested"] is None:
            yield f"{name}: not run through Slurm with --numa-balancing"
        kernel = [c for c in judge(run).checks if c.name == "kernel value"]
        if kernel[0].status != OK:
            yield f"{name}: {kernel[0].message}"


def report_problems(reportdir, args):
    files = FILES + (() if args.command else NBSIM_FILES)
    for f in files:
        path = os.path.join(reportdir, f)
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            yield f"{path}: missing or empty"
    try:
        with open(os.path.join(reportdir, "report.json")) as f:
            obj = json.load(f)
    except (OSError, ValueError) as e:
        yield f"report.json: {e}"
        return
    if len(obj["conditions"]) != args.conditions:
        yield (f"report.json: {len(obj['conditions'])} conditions, expected "
               f"{args.conditions}")
    topics = [h["topic"] for h in obj["headline"]]
    if list(dict.fromkeys(topics)) != HEADLINE:
        yield f"report.json: headline topics {topics}"
    for r in obj["runs"]:
        if not r["disturbance"]["recorded"] or "hint_faults_per_s" not in \
                r["kernel"] or r["verdict"]["status"] is None:
            yield f"report.json: run {r['name']} lacks its probes or verdict"
    with open(os.path.join(reportdir, "index.html")) as f:
        page = f.read()
    if not 0 < page.find('class="headline"') < page.find("<h2>"):
        yield "index.html: the headline does not come first"
    if args.metric is not None:
        yield from _metric_problems(obj, page, args.metric)


def _metric_problems(obj, page, regex):
    """--metric: every condition compared the output's figure, every run
    had one, and the page names it."""
    name = f"output /{regex}/"
    for c in obj["conditions"]:
        if c["metric"] != name:
            yield f"report.json: {c['label']} compared {c['metric']!r}"
    for r in obj["runs"]:
        if r["metric_error"] is not None or not r["metric"] > 0:
            yield (f"report.json: run {r['name']}: no figure from its "
                   f"output: {r['metric_error']}")
    if html.escape(name) not in page:
        yield "index.html: does not name the figure compared"


def _quiet(obj, cond):
    """Every run of the condition migrated no page and took no hint
    fault, node-wide."""
    return all(r["kernel"]["numa_pages_migrated"] == 0
               and r["kernel"]["numa_hint_faults"] == 0
               for r in obj["runs"] if r["condition"] == cond)


def _own_problems(obj, cond):
    """Each run of the condition whose nbsim process did not record its
    own counters, or took a hint fault or migrated a page."""
    for r in obj["runs"]:
        own = r.get("process_numa")
        if r["condition"] != cond["id"]:
            continue
        if own is None:
            yield f"{r['name']}: nbsim's own NUMA counters not recorded"
        elif own["pages_migrated"] or own["numa_faults_end"]:
            yield (f"{r['name']}: nbsim's own process migrated "
                   f"{own['pages_migrated']} pages and took hint faults "
                   f"(count {own['numa_faults_end']}) under "
                   f"{cond['label']}")


def _kernel_lines(obj):
    """The headline's kernel details by the condition label they start
    with."""
    kernel = next((h for h in obj["headline"] if h["topic"] == "kernel"),
                  {"detail": []})
    return {d.partition(": ")[0]: d for d in kernel["detail"]}


def tasks_problems(obj, conds):
    """Every 0-tasks condition ran with the sysctl at 1 and its tasks under
    the local policy; nbsim's own process neither migrated a page nor took
    a hint fault in any run (its own counters: the node's count the Slurm
    daemons too, which carry no policy and are scanned); the headline's
    kernel line gives every condition's rates, and says so of nbsim's
    0-tasks."""
    tasks = [c for c in conds.values() if c["key"]["numa_balancing"] == "0-tasks"]
    if not any(c["key"]["app"] == "nbsim" for c in tasks):
        yield "no nbsim condition with 0-tasks (off by the tasks' memory policy)"
    for c in tasks:
        if c["sysctl_values"] != [1] or c["memory_policies"] != ["local"]:
            yield (f"{c['label']}: sysctl {c['sysctl_values']}, memory "
                   f"policies {c['memory_policies']}; expected [1], ['local']")
        if c["verdicts"] != {"ok": len(c["runs"])}:
            yield f"{c['label']}: verdicts {c['verdicts']}"
        if c["key"]["app"] == "nbsim":
            yield from _own_problems(obj, c)
    lines = _kernel_lines(obj)
    for c in conds.values():
        line = lines.get(c["label"], "")
        if "/s hint faults" not in line or "/s pages migrated" not in line:
            yield f"the headline's kernel line lacks {c['label']}: {line!r}"
        elif c in tasks and c["key"]["app"] == "nbsim" and OWN_ZERO not in line:
            yield f"the headline shows nbsim's own process balanced: {line}"


def lab_problems(obj):
    """The demo in the emulated machine showed the effect, and says so."""
    conds = {c["id"]: c for c in obj["conditions"]}
    moved = [i for i, c in conds.items() if c["key"]["numa_balancing"] == 1
             and (c["pages_migrated_per_s"] or 0) > 0]
    still = [i for i, c in conds.items() if c["key"]["numa_balancing"] == 0
             and _quiet(obj, i)]
    if not moved:
        yield "no condition with 1 migrated pages"
    if not still:
        yield "no condition with 0 without migrations and hint faults"
    yield from tasks_problems(obj, conds)
    mach = next(h for h in obj["headline"] if h["topic"] == "machine")
    for words in ("emulated two-node machine", "NUMA node"):
        if words not in mach["text"]:
            yield f"the headline's machine line does not say {words!r}: {mach}"
    for h in obj["headline"]:
        if h["topic"] == "run time" and "not measurable here: emulated" \
                not in h["text"]:
            yield f"a run-time line does not say it is not measurable: {h}"


def expect_problems(obj, expect):
    if expect == "lab":
        yield from lab_problems(obj)
        return
    disturbed = obj["in_force"]["disturbed"]
    effects = [c for c in obj["comparisons"] if c["factor"] == "numa_balancing"]
    if not effects:
        yield "report.json: no numa_balancing comparison"
    for c in effects:
        clean = c["clean"]
        slower = clean["conclusive"] and clean["median_ratio"] > 1
        reversed_ = clean["conclusive"] and clean["median_ratio"] < 1
        if expect == "quiet" and not slower:
            yield (f"{c['numerator']}/{c['denominator']}: not conclusively "
                   f"slower with balancing on: {clean}")
        if expect == "disturbed" and reversed_:
            yield (f"{c['numerator']}/{c['denominator']}: a reversed effect "
                   f"reported: {clean}")
    if expect == "quiet" and disturbed:
        yield f"disturbed runs on a quiet machine: {disturbed}"
    if expect == "disturbed" and not disturbed:
        yield "no run flagged as disturbed under a CPU hog"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("validation")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--ranks", type=int)
    mode.add_argument("--command", action="store_true")
    p.add_argument("--also-command", action="store_true")
    p.add_argument("--metric", metavar="REGEX")
    p.add_argument("--conditions", type=int, required=True)
    p.add_argument("--expect", choices=("quiet", "disturbed", "lab"))
    args = p.parse_args()
    found = list(run_problems(os.path.join(args.validation, "runs"), args))
    reportdir = os.path.join(args.validation, "report")
    found += list(report_problems(reportdir, args))
    if args.expect and not found:
        with open(os.path.join(reportdir, "report.json")) as f:
            found += list(expect_problems(json.load(f), args.expect))
    for f in found:
        print(f"verify_demo: {f}", file=sys.stderr)
    print(f"verify_demo: {'FAIL' if found else 'ok'}: {args.validation}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
