#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compares a metrics file of numa-balancing-helper with its status --json
taken at the same time: every value the two share must agree, every
running job must appear in both, the file has exactly the families
metrics writes, job cgroup counters only for running jobs, and failure
counts for the prolog and the epilog only. Exits 1 and names the first
difference.

Usage: metrics-match.py METRICS_FILE STATUS_JSON_FILE
"""
import json
import re
import sys

SAMPLE = re.compile(r'^(numa_balancing_[a-z_]+)(?:\{([^}]*)\})? (\S+)$')
TYPE = re.compile(r'^# TYPE (\S+) ')
FAMILIES = {'numa_balancing_' + n for n in (
    'kernel_value', 'supported', 'baseline_value', 'expected_value', 'consistent', 'holder_job',
    'numa_nodes', 'pending_requests', 'requests', 'job_request', 'job_started_seconds',
    'job_gone', 'jobs_gone', 'job_cgroup_numa', 'helper_failures_total')}
CGROUP = 'numa_balancing_job_cgroup_numa'
FAILURES = 'numa_balancing_helper_failures_total'


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


def families(path):
    """The names of the file's TYPE lines."""
    with open(path, encoding='utf-8') as f:
        return {m.group(1) for m in map(TYPE.match, f) if m}


def check_families(path, metrics, running):
    """The families metrics writes, no sample outside them, cgroup counters
    of running jobs only, failure counts by prolog and epilog only."""
    got = families(path)
    if got != FAMILIES:
        sys.exit(f'metrics-match: families {sorted(got ^ FAMILIES)} differ from what metrics writes')
    for name, labels in metrics:
        labels = dict(labels)
        if name not in FAMILIES:
            sys.exit(f'metrics-match: sample of no family: {name}')
        if name == CGROUP and labels.get('job') not in running:
            sys.exit(f'metrics-match: cgroup counters of job {labels.get("job")}, not running')
    commands = {dict(k[1]).get('command') for k in metrics if k[0] == FAILURES}
    if commands != {'prolog', 'epilog'}:
        sys.exit(f'metrics-match: failure counts for {sorted(commands, key=str)}')


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
    check_families(sys.argv[1], metrics, {str(j['job']) for j in jobs})
    per_job = {k for k in metrics if dict(k[1]).get('job') and k[0] != CGROUP}
    if len(per_job) != 3 * len(jobs) + len(status['done']):
        sys.exit(f'metrics-match: {len(per_job)} per-job samples for {len(jobs)} jobs')
    print(f'metrics-match: {checked} values agree ({len(jobs)} jobs)')


if __name__ == '__main__':
    main()
