#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""verify_lab.py REPORT_DIR: what `make check-lab` asserts from the lab's
report folder. From the validation report's own report.json (what a
reader of index.html is shown):
- every condition with numa_balancing 1 migrated pages and took hint
  faults (the scanner ran), every one with 0 migrated none;
- so did every nbsim run of those conditions, one by one;
and from lab.json (lab/headline.py), which holds what the report does
not, the control:
- it migrated pages with numa_balancing 1, at least a quarter of its
  buffer's pages, and none with 0: the machine balances;
- lab.json's nbsim runs are the report's runs, so both speak of the same.
Prints each check; exit status 0 when all pass, 1 otherwise, 2 when a file
is missing or not what the lab writes."""

import json
import os
import sys


def control_checks(lab):
    control = {c["numa_balancing"]: c for c in lab["control"]}
    on, off = control[1], control[0]
    yield (on["numa_pages_migrated"] >= on["buffer_pages"] / 4,
           f"control with 1 migrated {on['numa_pages_migrated']} pages "
           f"(at least {on['buffer_pages'] // 4}, a quarter of its buffer)")
    yield (off["numa_pages_migrated"] == 0,
           f"control with 0 migrated {off['numa_pages_migrated']} pages (none)")


def rate(x):
    """A count as it is, a rate to one decimal, None as "no"."""
    if x is None:
        return "no"
    return str(x) if isinstance(x, int) else f"{x:.1f}"


def migrated(what, value, pages, faults, unit=""):
    """With 1: pages migrated and hint faults taken; with 0: no page."""
    if pages is None:
        return False, f"{what}: no kernel counters"
    if value == 1:
        return ((pages > 0 and (faults or 0) > 0),
                f"{what}: {rate(pages)} pages migrated and {rate(faults)} "
                f"hint faults{unit} (more than none of each)")
    return pages == 0, f"{what}: {rate(pages)} pages migrated{unit} (none)"


def condition_checks(report):
    values = {}
    for c in report["conditions"]:
        value = c["key"].get("numa_balancing")
        values[c["id"]] = value
        yield migrated(f"report condition {c['id']} (numa_balancing {value})", value,
                       c["pages_migrated_per_s"], c["hint_faults_per_s"], " per second")
    for value in (1, 0):
        if value not in values.values():
            yield False, f"report.json: no condition with numa_balancing {value}"
    for r in report["runs"]:
        value = values.get(r["condition"])
        kernel = r.get("kernel") or {}
        yield migrated(f"report run {r['name']} with {value}", value,
                       kernel.get("numa_pages_migrated"), kernel.get("numa_hint_faults"))


def same_runs(report, lab):
    ours = sorted(r["name"] for r in report["runs"] if r["kind"] == "nbsim")
    theirs = sorted(r["name"] for r in lab["nbsim"])
    yield (ours == theirs and bool(ours),
           f"report.json and lab.json hold the same nbsim runs ({len(ours)})")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def main():
    if len(sys.argv) != 2:
        print("usage: verify_lab.py REPORT_DIR", file=sys.stderr)
        return 2
    failed = 0
    try:
        report = load(os.path.join(sys.argv[1], "report.json"))
        lab = load(os.path.join(sys.argv[1], "lab.json"))
    except (OSError, ValueError) as e:
        print(f"verify_lab.py: {e}", file=sys.stderr)
        return 2
    try:
        results = [*condition_checks(report), *control_checks(lab),
                   *same_runs(report, lab)]
    except (KeyError, TypeError) as e:
        print(f"verify_lab.py: not a lab report: {e!r}", file=sys.stderr)
        return 2
    for ok, what in results:
        print(f"check-lab: {'ok' if ok else 'FAIL'}: {what}")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
