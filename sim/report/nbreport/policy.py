# SPDX-License-Identifier: GPL-2.0-or-later
"""The memory-policy route to "off" (--numa-balancing=0-tasks): the job's
tasks run under an explicit memory policy that the kernel's scanner skips
(the plugin gives them MPOL_LOCAL) while the node's sysctl stays as it
is. What a run recorded of it: each task's memory policy as numa_maps
names it (nbsim's summary.json "memory_policy", one per rank; a --command
run's node samples, one per sampling task), and the sysctl around the
measured window."""

# The job option value of the route, as summary.json and command-run.txt
# record the request.
TASKS = "0-tasks"


def scanned(policy):
    """Whether the scanner works on memory under this policy: the default
    policy, or one set with MPOL_F_NUMA_BALANCING ("bind=balancing");
    None for a policy that was not read ("unknown", "unset")."""
    if policy in ("unknown", "unset"):
        return None
    mode, _, flags = policy.partition("=")
    return mode == "default" or "balancing" in flags.split("|")


def of_run(run):
    """The run's tasks' memory policies, or None where not recorded (a run
    from before nbsim and nbv-node-sample recorded them)."""
    return run.summary.get("memory_policy")


def sysctl_values(runs):
    """Every kernel value the runs' hosts had at the start and end of
    their measured windows, sorted (None: unreadable)."""
    values = {h[k] for r in runs for h in r.summary["numa_balancing"].values()
              for k in ("start", "end")}
    return sorted(values, key=lambda v: (v is None, v))


def policies(runs):
    """The distinct memory policies the runs' tasks had (recorded ones)."""
    return sorted({p for r in runs for p in (of_run(r) or [])})


def condition_text(cond):
    """For a 0-tasks condition, what its runs ran under, e.g. "off by the
    tasks' memory policy (local) while the sysctl was 1"; "" otherwise."""
    if cond.balancing != TASKS:
        return ""
    names = policies(cond.runs)
    values = ", ".join("unreadable" if v is None else str(v)
                       for v in sysctl_values(cond.runs))
    return (f"off by the tasks' memory policy "
            f"({', '.join(names) or 'not recorded'}) while the sysctl was "
            f"{values}")
