#!/usr/bin/python3
"""verify_lab.py LAB_JSON: what `make check-lab` asserts from the lab's
report (lab/headline.py's lab.json). In the emulated two-node guest:
- the control migrated pages with numa_balancing 1, at least a quarter of
  its buffer's pages, and none with 0: the machine balances;
- every nbsim run with 1 migrated at least one page, every run with 0 none,
  and the runs with 1 took hint faults (the scanner ran).
Prints each check; exit status 0 when all pass, 1 otherwise."""

import json
import sys


def checks(lab):
    control = {c["numa_balancing"]: c for c in lab["control"]}
    on, off = control[1], control[0]
    yield (on["numa_pages_migrated"] >= on["buffer_pages"] / 4,
           f"control with 1 migrated {on['numa_pages_migrated']} pages "
           f"(at least {on['buffer_pages'] // 4}, a quarter of its buffer)")
    yield (off["numa_pages_migrated"] == 0,
           f"control with 0 migrated {off['numa_pages_migrated']} pages (none)")
    runs = lab["nbsim"]
    for value in (1, 0):
        if not any(r["numa_balancing"] == value for r in runs):
            yield False, f"no nbsim run with numa_balancing {value}"
    for r in runs:
        pages, faults = r["numa_pages_migrated"], r["numa_hint_faults"]
        if r["numa_balancing"] == 1:
            yield (pages > 0 and faults > 0,
                   f"{r['name']} with 1: {pages} pages migrated, {faults} "
                   "hint faults (more than none of each)")
        else:
            yield pages == 0, f"{r['name']} with {r['numa_balancing']}: {pages} pages migrated (none)"


def main():
    if len(sys.argv) != 2:
        print("usage: verify_lab.py LAB_JSON", file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        lab = json.load(f)
    failed = 0
    for ok, what in checks(lab):
        print(f"check-lab: {'ok' if ok else 'FAIL'}: {what}")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
