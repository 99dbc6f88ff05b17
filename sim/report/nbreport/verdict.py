# SPDX-License-Identifier: GPL-2.0-or-later
"""The per-run verdict: was the numa_balancing value the run is labelled
with really in force? Checks the kernel value at the start and end of the
measured window (nbsim's sim phase, or a --command run's command) on
every host, the value the plugin exported to the job
(SLURM_NUMA_BALANCING), and the /proc/vmstat NUMA counters: when balancing
is on the scanner marks PTEs (numa_pte_updates grows) and the kernel takes
hint faults; when it is off nothing is marked. The counters are node-wide,
so after a switch from 1 to 0 the PTEs already marked (in any process on
the node) still fault once: hint faults without PTE updates are that tail,
not balancing.

A run with --numa-balancing=0-tasks (off by the tasks' memory policy
alone) is judged by what its tasks ran under: SLURM_NUMA_BALANCING=0 and
a memory policy the scanner skips on every task; the sysctl is reported
(1 is what shows the policy alone) but is no part of the label. Its
counters are node-wide: with the sysctl at 1 other processes on the node
may be scanned, so counters that grew are a warning there, not a
contradiction. Where the tasks' memory policy is recorded, a run with 1
must have run under one the scanner works on."""

from dataclasses import dataclass, field

from . import own, policy

OK, WARN, FAIL = "ok", "warn", "CONTRADICTS LABEL"
_RANK = {OK: 0, WARN: 1, FAIL: 2}

# The scanner starts 1 s after a process starts and then runs at most once
# a second per process: a shorter sim phase may legitimately see nothing.
MIN_SCAN_WINDOW_S = 3.0


@dataclass
class Check:
    name: str
    status: str
    message: str


@dataclass
class Verdict:
    run: object
    label: object                  # the value judged against, or None
    checks: list = field(default_factory=list)

    @property
    def status(self):
        return max((c.status for c in self.checks), key=_RANK.get,
                   default=OK)

    def add(self, name, status, message):
        self.checks.append(Check(name, status, message))

    def problems(self):
        return [c for c in self.checks if c.status != OK]


def _label_check(v, run):
    label = run.label
    if run.requested is not None:
        v.add("label", OK, f"job requested --numa-balancing={label}")
    elif label is not None:
        v.add("label", WARN, "no --numa-balancing request recorded (run "
              f"outside the plugin): judged against the kernel value "
              f"{label} at the start")
    else:
        v.add("label", WARN, "no --numa-balancing request recorded and no "
              "single kernel value at the start: nothing to judge against")
    return label


def _kernel_check(v, run, label):
    values = run.summary["numa_balancing"]
    bad, unread = [], []
    for host, h in sorted(values.items()):
        if h["start"] is None or h["end"] is None:
            unread.append(host)
        elif h["start"] != label or h["end"] != label:
            bad.append(f"{host}: {h['start']} at start, {h['end']} at end")
    missing = sorted(set(run.summary["hostnames"]) - set(values))
    if bad:
        v.add("kernel value", FAIL, f"expected {label}; " + "; ".join(bad))
    elif unread or missing:
        v.add("kernel value", WARN, "kernel value unknown on "
              + ", ".join(unread + missing))
    else:
        v.add("kernel value", OK, f"{label} at start and end on "
              f"{len(values)} host(s)")


def _in_force_check(v, run, label):
    in_force = run.summary["numa_balancing_in_force"]
    if run.requested is None:
        return
    if in_force is None:
        v.add("in force", WARN, "the job saw no SLURM_NUMA_BALANCING "
              "(plugin's task part not active?)")
    elif in_force != (0 if label == policy.TASKS else label):
        v.add("in force", FAIL, f"SLURM_NUMA_BALANCING={in_force} but "
              f"--numa-balancing={label} requested")
    else:
        v.add("in force", OK, f"SLURM_NUMA_BALANCING={in_force}")


def _sysctl_check(v, run):
    """What the sysctl was around a 0-tasks run: 1 (bit 1 set) shows the
    memory policy alone; otherwise the node was off anyway."""
    values = run.summary["numa_balancing"]
    seen = policy.sysctl_values([run])
    if None in seen or set(run.summary["hostnames"]) - set(values):
        v.add("kernel value", WARN, "kernel value unknown on some host: "
              "cannot tell what the memory policy alone did")
    elif all(x & 1 for x in seen):
        v.add("kernel value", OK, f"{'/'.join(map(str, seen))} at start "
              f"and end on {len(values)} host(s): off by the tasks' memory "
              "policy alone")
    else:
        v.add("kernel value", WARN, f"{'/'.join(map(str, seen))} during "
              "the run: the node's own balancing was off at times, so the "
              "run does not show the memory policy alone (submit 0-tasks "
              "where the sysctl is 1)")


def _policy_need(label):
    """Whether the label needs the scanner at work on the tasks' memory
    (normal balancing on: 1, 3), kept off it (0-tasks), or neither
    (None: the sysctl decides)."""
    if label == policy.TASKS:
        return False
    return True if label & 1 else None


def _policy_check(v, run, label):
    """Each task's memory policy against the label (_policy_need)."""
    found = policy.of_run(run)
    need = _policy_need(label)
    if found is None:
        if need is False:
            v.add("memory policy", WARN, "the tasks' memory policy was not "
                  "recorded (an older nbsim or nbv-node-sample)")
        return
    text = f"the tasks ran under {', '.join(sorted(set(found)))}"
    bad = sorted({p for p in found if policy.scanned(p) is (not need)})
    unread = sorted({p for p in found if policy.scanned(p) is None})
    if need is None:
        v.add("memory policy", OK, text)
    elif bad:
        v.add("memory policy", FAIL, text + ": the scanner "
              + ("skips" if need else "works on") + " memory under "
              + ", ".join(bad))
    elif unread:
        v.add("memory policy", WARN, text + ": not read on every task")
    else:
        v.add("memory policy", OK, text)


def _counters_on(v, run, deltas):
    quiet = sorted(h for h, d in deltas.items() if d["numa_pte_updates"] == 0)
    pte = run.vmstat_total("numa_pte_updates")
    faults = run.vmstat_total("numa_hint_faults")
    if not quiet:
        v.add("counters", OK, f"{pte} PTE updates, {faults} hint faults: "
              "the scanner was at work")
    elif run.window_s < MIN_SCAN_WINDOW_S:
        v.add("counters", WARN, f"no PTE updates on {', '.join(quiet)}, but "
              f"the measured window ({run.window_s:.2f} s) is too short "
              "to tell")
    else:
        v.add("counters", FAIL, "balancing on, yet no PTE updates on "
              f"{', '.join(quiet)} in {run.window_s:.1f} s")


def _counters_own(v, o):
    """0-tasks with nbsim's own counters (own.py): they decide."""
    if o["pages_migrated"] == 0 and o["numa_faults_end"] == 0:
        v.add("counters", OK, "nbsim's own process took no hint fault and "
              "migrated no page")
    else:
        v.add("counters", FAIL, "balancing reached nbsim's own process: "
              + own.run_text(o))


def _counters_off(v, run, deltas, label):
    busy = [f"{h}: {d['numa_pte_updates']} PTE updates, "
            f"{d['numa_hint_faults']} hint faults"
            for h, d in sorted(deltas.items()) if d["numa_pte_updates"] > 0]
    faults = run.vmstat_total("numa_hint_faults")
    if label == policy.TASKS and own.of_run(run) is not None:
        _counters_own(v, own.of_run(run))
    elif busy and label == policy.TASKS:
        v.add("counters", OK, "the node's counters grew (" + "; ".join(busy)
              + "): they count every process on the node, and with the "
              "sysctl at 1 the scanner works on those without the policy; "
              "the tasks' memory policy decides")
    elif busy:
        v.add("counters", FAIL, "balancing was on: " + "; ".join(busy))
    else:
        before = ("before the window, in processes without the policy"
                  if label == policy.TASKS else "before the switch")
        v.add("counters", OK, "no PTE updates" + (
            f" ({faults} hint faults: PTEs marked {before})"
            if faults else ", no hint faults"))


def judge(run):
    """The Verdict on one Run."""
    v = Verdict(run, None)
    v.label = _label_check(v, run)
    if v.label is None:
        return v
    if v.label == policy.TASKS:
        _sysctl_check(v, run)
    else:
        _kernel_check(v, run, v.label)
    _in_force_check(v, run, v.label)
    _policy_check(v, run, v.label)
    deltas = run.summary["vmstat_delta"]
    if v.label in (0, policy.TASKS):
        _counters_off(v, run, deltas, v.label)
    else:
        _counters_on(v, run, deltas)
    return v
