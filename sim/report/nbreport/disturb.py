# SPDX-License-Identifier: GPL-2.0-or-later
"""Was a run disturbed, i.e. did something other than the run itself take
its CPUs? Reads the probes nbsim (and the --command job script) record
over the measured window (summary.json "disturbance", docs/design.md) and
applies fixed rules. A rule that fires names the run as disturbed, with
the number that fired it; notes are shown but never flag on their own.

Rules (each per rank or per host, the worst one counts):
- CPU wait: the rank's threads were runnable but waiting for a CPU
  (/proc/thread-self/schedstat run delay) for more than CPU_WAIT of
  their time;
- involuntary switches: more than SWITCHES_PER_S involuntary context
  switches per thread and second (getrusage): the scheduler took CPUs
  away for other tasks;
- steal: the hypervisor took more than STEAL of the host's CPU time
  (/proc/stat);
- CPU pressure: some task on the host waited for a CPU during more than
  PRESSURE of the window (/proc/pressure/cpu): a rule for --command runs,
  which have no per-thread probes, and a note for nbsim runs, whose own
  threads' wait says more than any task's on the host;
- slow updates: update phases longer than SLOW_UPDATE_FACTOR x the
  rank's median (update does the same work every cycle) whose excess
  over the median adds up to more than SLOW_UPDATE of the window.
Notes: iowait (idle CPUs while a task waited for I/O) and the load
average at start and end; the load average is a one-minute mean that
lags the run, so it tells about the neighbourhood, not the run."""

from dataclasses import dataclass, field

CPU_WAIT = 0.05
SWITCHES_PER_S = 250.0
STEAL = 0.05
PRESSURE = 0.25
SLOW_UPDATE_FACTOR = 5
SLOW_UPDATE = 0.05
IOWAIT_NOTE = 0.05


@dataclass
class Disturbance:
    """The rules that fired (reasons), notes, and the signals (the worst
    value of each, None when not recorded) for report.json."""
    recorded: bool
    reasons: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    signals: dict = field(default_factory=dict)

    @property
    def disturbed(self):
        return bool(self.reasons)

    def summary(self):
        if not self.recorded:
            return "not recorded"
        return "; ".join(self.reasons) if self.reasons else "none seen"


def _worst(items, share):
    """(value, where, entry) of the largest share over items [(where,
    entry)]; value None when no entry has the signal."""
    best = (None, None, None)
    for where, entry in items:
        v = share(entry)
        if v is not None and (best[0] is None or v > best[0]):
            best = (v, where, entry)
    return best


def _ratio(num, den):
    return None if num is None or not den else num / den


def _rank_signals(ranks, threads, window, d):
    def per_thread(key):
        return lambda r: _ratio(r[key], threads * window)
    items = [(f"rank {i}", r) for i, r in enumerate(ranks)]
    wait, where, _ = _worst(items, per_thread("run_delay_s"))
    d.signals["cpu_wait_share"] = wait
    if wait is not None and wait > CPU_WAIT:
        d.reasons.append(f"threads waited {wait:.0%} of their time for a "
                         f"CPU ({where})")
    sw, where, _ = _worst(items, per_thread("involuntary_switches"))
    d.signals["involuntary_switches_per_thread_s"] = sw
    if sw is not None and sw > SWITCHES_PER_S:
        d.reasons.append(f"{sw:.0f} involuntary context switches per "
                         f"thread and second ({where})")
    slow, where, entry = _worst(items, lambda r: _ratio(r["slow_update_s"],
                                                        window))
    d.signals["slow_update_share"] = slow
    if slow is not None and slow > SLOW_UPDATE:
        d.reasons.append(f"{entry['slow_update_cycles']} update phases over "
                         f"{SLOW_UPDATE_FACTOR}x the median cost {slow:.0%} "
                         f"of the run ({where})")


def _host_signals(hosts, window, d, per_thread):
    items = sorted(hosts.items())
    for key, limit, text in (
            ("steal_s", STEAL, "the hypervisor stole {:.0%} of the CPU time"),
            ("iowait_s", None, "CPUs idle waiting for I/O {:.0%} of the "
             "time")):
        v, where, _ = _worst(items, lambda h: _ratio(h[key],
                                                     h["cpus"] * window))
        d.signals[key.replace("_s", "_share")] = v
        if v is None:
            continue
        if limit is not None and v > limit:
            d.reasons.append(text.format(v) + f" ({where})")
        elif limit is None and v > IOWAIT_NOTE:
            d.notes.append(text.format(v) + f" ({where})")
    v, where, _ = _worst(items, lambda h: _ratio(h["cpu_pressure_s"],
                                                 window))
    d.signals["cpu_pressure_share"] = v
    if v is not None and v > PRESSURE:
        (d.notes if per_thread else d.reasons).append(
            f"tasks waited for a CPU during {v:.0%} of the run ({where}, "
            "/proc/pressure/cpu)")
    _load_note(items, d)


def _load_note(items, d):
    loads = [(h, e["loadavg_start"], e["loadavg_end"], e["cpus"])
             for h, e in items if e["loadavg_end"] is not None]
    d.signals["loadavg_end"] = max((e for _, _, e, _ in loads), default=None)
    for host, start, end, cpus in loads:
        if cpus and max(start or 0.0, end) > cpus:
            at_start = "?" if start is None else f"{start:.2f}"
            d.notes.append(f"load average {at_start} at start, {end:.2f} "
                           f"at end on {cpus} CPUs ({host})")


def assess(run):
    """The Disturbance of one run, from summary["disturbance"] over the
    run's measured window."""
    rec = run.summary.get("disturbance")
    if not rec:
        return Disturbance(False)
    d = Disturbance(True)
    window = run.window_s
    if window > 0:
        _rank_signals(rec["ranks"], run.summary.get("threads", 1), window, d)
        _host_signals(rec["hosts"], window, d, bool(rec["ranks"]))
    return d
