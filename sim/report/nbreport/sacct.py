# SPDX-License-Identifier: GPL-2.0-or-later
"""What Slurm's accounting says a run's job consumed: the output of
`sacct -j JOB --format=JobID,ConsumedEnergyRaw --parsable2` that
nbv-job-energy recorded in the run directory (sacct-energy.txt, sacct's
own lines; sacct-energy.err when sacct could not answer), and the
site's AcctGatherEnergyType (acct-gather-energy.txt), which says what
the number covers. The job's energy is its allocation line's value; an
older Slurm that leaves that line empty accounts the steps only, and
then the extern step (the whole allocation, with PrologFlags=Contain)
or else the batch step (the whole batch script) stands for the job.
Numbered steps cover only their srun and are kept, not used.

A value is flagged, never used, when it is empty (not accounted), 0
(the plugin measured nothing), Slurm's NO_VAL (64-bit all-ones or
all-ones less one: no data) or not a number."""

import os
from dataclasses import dataclass, field
from typing import Optional

OUTPUT = "sacct-energy.txt"
FAILED = "sacct-energy.err"
PLUGIN = "acct-gather-energy.txt"
HEADER = "JobID|ConsumedEnergyRaw"
# Slurm's NO_VAL64 and INFINITE64 (and anything that large) mean no data.
NO_VAL = 2 ** 63
# Lines that can stand for the whole job, in order of preference.
WHOLE_JOB = (("", "job"), (".extern", "extern step"), (".batch", "batch step"))
# What a plugin's number covers.
SCOPES = {"acct_gather_energy/rapl": "package+dram",
          "acct_gather_energy/ipmi": "node",
          "acct_gather_energy/xcc": "node",
          "acct_gather_energy/pm_counters": "node",
          "acct_gather_energy/gpu": "gpus"}


@dataclass
class Accounted:
    """One job's energy as sacct gave it: joules (None when flagged),
    which line gave them, why there are none, and every line's raw value
    (JobID -> text)."""
    joules: Optional[float]
    line: Optional[str]
    flag: Optional[str]
    plugin: Optional[str]
    lines: dict = field(default_factory=dict)

    @property
    def scope(self):
        return SCOPES.get(self.plugin, "unknown")


def value(text):
    """(joules, None) for a usable value, else (None, why)."""
    if text == "":
        return None, "empty (not accounted)"
    if not text.isdigit():
        return None, f"not a number ({text!r})"
    v = int(text)
    if v >= NO_VAL:
        return None, f"NO_VAL ({text}: no data)"
    if v == 0:
        return None, "0 (nothing measured)"
    return float(v), None


def _lines(text):
    """JobID -> value text, from sacct's --parsable2 output (with or
    without its header line; --parsable's trailing "|" is accepted)."""
    out = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.lower() == HEADER.lower():
            continue
        parts = line.split("|")
        if len(parts) == 3 and parts[2] == "":
            parts = parts[:2]
        if len(parts) != 2 or not parts[0]:
            raise ValueError(f"not a JobID|ConsumedEnergyRaw line: {line!r}")
        out[parts[0]] = parts[1].strip()
    return out


def parse(text, job, plugin=None):
    """The Accounted of job (its id as text) in sacct's output."""
    try:
        lines = _lines(text)
    except ValueError as e:
        return Accounted(None, None, f"unreadable sacct output: {e}", plugin)
    ours = {k: v for k, v in lines.items()
            if k == job or k.startswith(f"{job}.")}
    if not ours:
        return Accounted(None, None, f"sacct has no line of job {job}",
                         plugin, lines)
    why = []
    for suffix, name in WHOLE_JOB:
        if job + suffix not in ours:
            continue
        joules, bad = value(ours[job + suffix])
        if bad is None:
            return Accounted(joules, name, None, plugin, ours)
        why.append(f"{name}: {bad}")
    if not why:
        why.append("neither a job line nor an extern or batch step")
    return Accounted(None, None, "; ".join(why), plugin, ours)


def _read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def load(path, job):
    """The Accounted of a run directory, or None when the validation
    recorded nothing there (not asked, or written before it did)."""
    plugin = None
    if os.path.isfile(os.path.join(path, PLUGIN)):
        plugin = _read(os.path.join(path, PLUGIN)).strip() or None
    if os.path.isfile(os.path.join(path, OUTPUT)):
        if job is None:
            return Accounted(None, None, "the run has no Slurm job id",
                             plugin)
        return parse(_read(os.path.join(path, OUTPUT)), str(job), plugin)
    if os.path.isfile(os.path.join(path, FAILED)):
        first = (_read(os.path.join(path, FAILED)).strip().splitlines()
                 or ["(no message)"])[0]
        return Accounted(None, None, f"sacct failed: {first}", plugin)
    return None
