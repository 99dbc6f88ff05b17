#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compares a metrics file of numa-balancing-helper with its status --json
taken at the same time: every value the two share must agree, and every
running job must appear in both. Exits 1 and names the first difference.

Usage: metrics-match.py METRICS_FILE STATUS_JSON_FILE
"""
import json
import re
import sys

SAMPLE = re.compile(r'^(numa_balancing_[a-z_]+)(?:\{([^}]*)\})? (\S+)$')


def samples(path):
    """{(name, frozenset(labels)): value} of every sample line."""
    out = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            m = SAMPLE.match(line.rstrip('\n'))
            if not m:
                sys.exit(f'metrics-match: not a sample line: {line!r}')
            labels = frozenset(re.findall(r'(\w+)="([^"]*)"', m.group(2) or ''))
            out[(m.group(1), labels)] = float(m.group(3))
    return out


def main():
    metrics = samples(sys.argv[1])
    with open(sys.argv[2], encoding='utf-8') as f:
        status = json.load(f)
    checked = 0

    def same(name, want, **labels):
        nonlocal checked
        got = metrics.get(('numa_balancing_' + name, frozenset(labels.items())))
        want = None if want is None else float(want)
        if got != want:
            sys.exit(f'metrics-match: {name}{labels or ""}: metrics {got}, status {want}')
        checked += 1

    jobs = status['jobs']
    same('kernel_value', status['kernel'])
    same('supported', 1 if status['supported'] else 0)
    same('baseline_value', status['baseline'])
    same('expected_value', status['expected'])
    same('holder_job', status['holder'])
    same('consistent', 1 if status['consistent'] else 0)
    same('numa_nodes', status['numa_nodes'])
    same('pending_requests', len(status['pending']))
    for value in (0, 1):
        for honoured in (False, True):
            n = sum(1 for j in jobs if j['request'] == value and j['honoured'] == honoured)
            same('requests', n, value=str(value), honoured=str(int(honoured)))
    for j in jobs:
        job = str(j['job'])
        same('job_request', 1, job=job, value=str(j['request']), honoured=str(int(j['honoured'])))
        same('job_started_seconds', j['started'], job=job)
        same('job_gone', 0, job=job)
    for j in status['done']:
        same('job_gone', 1, job=str(j['job']))
    same('jobs_gone', len(status['done']))
    per_job = {k for k in metrics if dict(k[1]).get('job') and k[0] != 'numa_balancing_job_cgroup_numa'}
    if len(per_job) != 3 * len(jobs) + len(status['done']):
        sys.exit(f'metrics-match: {len(per_job)} per-job samples for {len(jobs)} jobs')
    print(f'metrics-match: {checked} values agree ({len(jobs)} jobs)')


if __name__ == '__main__':
    main()
