#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""System-call fault injection: no lost restore, whatever call fails.

For each scenario (a node state made by uninjected runs, then one command
of the helper's test build: prolog, epilog, status, check, reset,
reconcile or metrics) the command is traced once with strace to
count its calls of each system call; then, for every call of every system
call it makes, it runs again from the same state with that one call
failing (strace -e inject=SYSCALL:error=ERRNO:when=N). Those calls include
dropping privileges (prctl: no_new_privs, the securebits; capset around
the write), Landlock's, and, in the scenarios with a job whose epilog
failed (the plugin renamed its record to a done record), settling it.
After each
injected run:
  - a prolog that failed as the plugin sees it (exit 2, 4, 5, any other
    non-zero but 3, or a signal) left no record of its job that was not
    there before; an epilog or reset that exited 0 left none;
  - a run that exited 0 left the kernel where the state says (check exits
    0, or reports only a record of an ended job while status --json says
    consistent); one that failed (not killed) left it so or as it found
    it, except a failed run that forgets a record (an epilog, reset or
    reconcile; a prolog beside an ended job's record), which puts
    the kernel back first: the record stays for the next run;
  - a job whose epilog ran (injected or not) never keeps a running
    record: an epilog the plugin sees fail (killed, or any exit but 0, 3
    and 4) gets its record renamed to the done record, under the lock, as
    the real plugin does;
  - a non-zero exit said why on stderr (unless the failed call was the
    write to stderr itself); metrics left no temporary file beside its
    output;
  - then only events Slurm really produces, uninjected: the epilogs of the
    scenario's jobs whose epilog has not run yet (never the injected
    epilog's job again), and the epilog of a job that asked for nothing,
    each exit 0 and put the fake sysctl back at the baseline, with no
    record, pending or done record, temporary file or baseline left.

Usage: inject.py HELPER_TEST_BIN [ERRNO]   (as root; ERRNO: EIO by default)
"""
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

BIN = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else sys.exit(__doc__)
ERRNO = sys.argv[2] if len(sys.argv) > 2 else "EIO"
STRACE = "/usr/bin/strace"
OPT = "SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing"
CALL = re.compile(r"^(?:\d+\s+)?([a-z_][a-z0-9_]*)\(")

# Scenarios: name -> (kernel value at the start, uninjected setup runs as
# (arguments, exit code, extra environment), the injected command, extra
# environment for it, the jobs whose epilogs end the scenario, and what the
# helper's --help must name for it to run (--script; reconcile, for the
# plugin's done records). A setup run "!ended N" does what the plugin does
# after job N's epilog run failed.
SCENARIOS = [
    ("prolog 0 on a node at 3", 3, [], "prolog --job 7 --value 0", {}, [7], None),
    ("prolog 1 on a node at 1", 1, [], "prolog --job 7 --value 1", {}, [7], None),
    ("prolog 1 latest over a 0", 4, [("prolog --job 1 --value 0", 0, {})],
     "prolog --job 2 --value 1 --conflict latest", {}, [1, 2], None),
    ("prolog 1 refused under keep", 1, [("prolog --job 1 --value 0", 0, {})],
     "prolog --job 2 --value 1", {}, [1, 2], None),
    ("prolog repeated", 4, [("prolog --job 1 --value 0", 0, {})],
     "prolog --job 1 --value 0", {}, [1], None),
    ("prolog settles a killed prolog", 4,
     [("prolog --job 1 --value 1 --conflict latest", 137, {"NB_TEST_FAILPOINT": "prolog-applied"})],
     "prolog --job 2 --value 0", {}, [1, 2], None),
    ("prolog yielding 0 beside a 1", 2, [("prolog --job 1 --value 1", 0, {})],
     "prolog --job 2 --value 0 --off both", {}, [1, 2], "--script"),
    ("prolog --script from the environment", 0, [], "prolog --script --off both",
     {"SLURM_JOB_ID": "3", OPT: "1"}, [3], "--script"),
    ("epilog of the last job", 3, [("prolog --job 1 --value 0", 0, {})],
     "epilog --job 1", {}, [1], None),
    ("epilog of the holder, latest", 4,
     [("prolog --job 1 --value 0", 0, {}), ("prolog --job 2 --value 1 --conflict latest", 0, {})],
     "epilog --job 2", {}, [1, 2], None),
    ("epilog of an unknown job settles a pending one", 4,
     [("prolog --job 1 --value 0", 0, {}),
      ("prolog --job 2 --value 1 --conflict latest", 137, {"NB_TEST_FAILPOINT": "prolog-applied"})],
     "epilog --job 9", {}, [1, 2], None),
    ("status --json", 4, [("prolog --job 1 --value 0", 0, {}), ("prolog --job 2 --value 1", 3, {})],
     "status --json", {}, [1, 2], None),
    ("check", 4, [("prolog --job 1 --value 0", 0, {})], "check", {}, [1], None),
    ("reset", 4, [("prolog --job 1 --value 0", 0, {}), ("prolog --job 2 --value 1", 3, {})],
     "reset", {}, [1, 2], None),
    ("epilog beside an ended job", 4,
     [("prolog --job 1 --value 1", 0, {}), ("prolog --job 2 --value 0 --off both", 0, {}),
      ("!ended 1", 0, {})],
     "epilog --job 2", {}, [1, 2], "reconcile"),
    ("prolog beside an ended holder", 4, [("prolog --job 1 --value 1", 0, {}), ("!ended 1", 0, {})],
     "prolog --job 2 --value 0", {}, [1, 2], "reconcile"),
    ("prolog beside an ended job", 3,
     [("prolog --job 1 --value 0", 0, {}), ("!ended 1", 0, {})],
     "prolog --job 2 --value 0", {}, [1, 2], "reconcile"),
    ("check with an ended job", 4, [("prolog --job 1 --value 0", 0, {}), ("!ended 1", 0, {})],
     "check", {}, [1], "reconcile"),
    ("reconcile", 3,
     [("prolog --job 1 --value 0", 0, {}), ("prolog --job 2 --value 0", 0, {}),
      ("!ended 1", 0, {}), ("!ended 9", 0, {})],
     "reconcile", {}, [1, 2], "reconcile"),
    ("metrics", 4,
     [("prolog --job 1 --value 0", 0, {}), ("prolog --job 2 --value 1", 3, {}),
      ("!ended 2", 0, {})],
     "metrics --out %(root)s/out/metrics.prom", {}, [1, 2], "reconcile"),
]


class Failure(Exception):
    pass


class Node:
    """A scratch node: fake sysctl, state directory, no NUMA nodes, and a
    cgroup slice with job 1's cgroup, which metrics (numa-balancing-state)
    reads."""

    def __init__(self, root):
        self.root = root
        self.sysctl = os.path.join(root, "sysctl")
        self.st = os.path.join(root, "st")
        job = os.path.join(root, "slice", "slurmstepd.scope", "job_1")
        os.makedirs(job)
        with open(os.path.join(job, "memory.stat"), "w") as f:
            f.write("anon 4096\nnuma_pages_migrated 4\nnuma_pte_updates 5\nnuma_hint_faults 6\n")
        self.out = os.path.join(root, "out")
        self.env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "NB_TEST_SYSCTL": self.sysctl,
                    "NB_TEST_STATE_DIR": self.st, "NB_TEST_NODE_DIR": os.path.join(root, "no-nodes"),
                    "NB_TEST_CGROUP_SLICE": os.path.join(root, "slice")}

    def fresh(self, value):
        shutil.rmtree(self.st, ignore_errors=True)
        os.mkdir(self.st, 0o755)
        shutil.rmtree(self.out, ignore_errors=True)
        os.mkdir(self.out, 0o755)
        self.set(value)

    def ended(self, job):
        """What the plugin does when the job's epilog could not run the
        helper (common/failed.h): under the helper's lock, job.N becomes
        done.N, if there is one."""
        fd = os.open(os.path.join(self.st, "lock"), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.rename(os.path.join(self.st, "job.%d" % job), os.path.join(self.st, "done.%d" % job))
        except FileNotFoundError:
            pass
        finally:
            os.close(fd)

    def set(self, value):
        with open(self.sysctl, "w") as f:
            f.write("%d\n" % value)

    def value(self):
        with open(self.sysctl) as f:
            return int(f.read())

    def files(self):
        return sorted(n for n in os.listdir(self.st) if n != "lock")

    def run(self, args, env=None, strace=None, stdout=False):
        """Runs the helper (under strace with its arguments); returns the
        exit code (negative: killed by that signal) and stderr (and stdout
        when asked)."""
        cmd = [BIN] + (args % {"root": self.root}).split()
        if strace:
            cmd = [STRACE, "-f", "-qq"] + strace + cmd
        e = dict(self.env, **(env or {}))
        p = subprocess.run(cmd, env=e, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE if stdout else subprocess.DEVNULL,
                           stderr=subprocess.PIPE, preexec_fn=no_core)
        err = p.stderr.decode(errors="replace")
        if stdout:
            return p.returncode, err, p.stdout.decode(errors="replace")
        return p.returncode, err

    def check(self):
        """check's exit code and stderr; a report of records of ended jobs
        alone (exit 1) counts as 0 while status --json says the kernel holds
        what the records say."""
        rc, err, out = self.run("check", stdout=True)
        if rc == 1 and " ended, but " in out:
            src, serr, sout = self.run("status --json", stdout=True)
            if src != 0:
                return src, serr
            return (0 if json.loads(sout)["consistent"] else 1), out
        return rc, err


def no_core():
    import resource
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def prepare(node, sc):
    _, start, setup, _, _, _, _ = sc
    node.fresh(start)
    for args, want, env in setup:
        if args.startswith("!"):
            node.ended(int(args.split()[1]))
            continue
        rc, err = node.run(args, env)
        if args.startswith("epilog") and rc == -9:
            node.ended(job_of(args, env))
        if rc != want and not (want == 137 and rc == -9):
            raise Failure("setup '%s' exited %d, want %d: %s" % (args, rc, want, err.strip()))


def counts(node, sc):
    """Calls of each system call the injected command makes, per process
    (strace counts injections per system call and per process)."""
    trace = os.path.join(node.root, "trace")
    prepare(node, sc)
    node.run(sc[3], sc[4], ["-o", trace])
    per = {}
    with open(trace) as f:
        for line in f:
            m = CALL.match(line)
            if m:
                pid = line.split()[0] if line[0].isdigit() else "-"
                per[(pid, m.group(1))] = per.get((pid, m.group(1)), 0) + 1
    calls = {}
    for (_, name), n in per.items():
        calls[name] = max(calls.get(name, 0), n)
    return calls


def job_of(args, env):
    m = re.search(r"--job (\d+)", args)
    return int(m.group(1)) if m else int(env.get("SLURM_JOB_ID", 0))


def judge(node, sc, before, call, when, rc, err):
    """before: the state directory and check's exit code in the prepared
    state, before the injected run."""
    name, start, _, args, env, jobs, _ = sc
    cmd = args.split()[0]
    job = job_of(args, env)
    where = "%s: %s failing at call %d (%s)" % (name, call, when, ERRNO)
    left = node.files()
    failed = rc not in (0, 3) if cmd == "prolog" else rc != 0
    record = "job.%d" % job
    if cmd == "prolog" and failed and record in left and record not in before[0]:
        raise Failure("%s: prolog exit %d left %s (%s)" % (where, rc, record, " ".join(left)))
    if cmd in ("epilog", "reset") and rc == 0 and any(n.startswith("job.") and
                                                      (cmd == "reset" or n == "job.%d" % job)
                                                      for n in left):
        raise Failure("%s: %s exit 0 left %s" % (where, cmd, " ".join(left)))
    if rc > 0 and rc != 3 and not err.strip() and call != "write" and not (cmd == "check" and rc == 1):
        raise Failure("%s: exit %d with nothing on stderr" % (where, rc))
    # A failed run that forgets records (an epilog, reset or reconcile, or
    # a prolog beside an ended job's record) puts the kernel back
    # before it removes the file: the record stays for the next run.
    forgets = cmd in ("epilog", "reset", "reconcile") or (
        cmd == "prolog" and any(n.startswith("done.") for n in before[0]))
    if rc >= 0 and not (failed and forgets):
        crc, cerr = node.check()
        if crc != 0 and (rc == 0 or crc != before[1]):
            raise Failure("%s: exit %d, then check exited %d: %s" % (where, rc, crc, cerr.strip()))
    if cmd == "metrics" and set(os.listdir(node.out)) - {"metrics.prom"}:
        raise Failure("%s: exit %d left %s" % (where, rc, " ".join(os.listdir(node.out))))
    if cmd == "epilog" and (rc < 0 or rc not in (0, 3, 4)):
        node.ended(job)
    if cmd == "epilog" and rc == 4 and "job.%d" % job in node.files():
        raise Failure("%s: epilog exit 4 kept job %d's running record" % (where, job))
    closing = [j for j in jobs if not (cmd == "epilog" and j == job)] + [99]
    for j in closing:
        erc, eerr = node.run("epilog --job %d" % j)
        if erc != 0:
            raise Failure("%s: exit %d, then epilog --job %d exited %d: %s"
                          % (where, rc, j, erc, eerr.strip()))
    if node.value() != start or node.files():
        raise Failure("%s: exit %d (%s); after every epilog the kernel is %d (baseline %d), "
                      "left: %s" % (where, rc, err.strip().replace("\n", " | "), node.value(), start,
                                    " ".join(node.files()) or "nothing"))


def main():
    if os.geteuid() != 0:
        sys.exit("inject: must run as root")
    helper_help = subprocess.run([BIN, "--help"], stdout=subprocess.PIPE).stdout.decode()
    base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else "/tmp"
    root = tempfile.mkdtemp(prefix="nb-inject.", dir=base)
    os.chmod(root, 0o755)
    total, failures, started = 0, [], time.time()
    try:
        node = Node(root)
        for sc in SCENARIOS:
            if sc[6] and sc[6] not in helper_help:
                print("inject: %s: skipped (this helper has no %s)" % (sc[0], sc[6]))
                continue
            calls = counts(node, sc)
            prepare(node, sc)
            before = (node.files(), node.check()[0])
            n = 0
            for call in sorted(calls):
                for when in range(1, calls[call] + 1):
                    prepare(node, sc)
                    inj = ["-e", "trace=" + call,
                           "-e", "inject=%s:error=%s:when=%d" % (call, ERRNO, when), "-o", "/dev/null"]
                    rc, err = node.run(sc[3], sc[4], inj)
                    n += 1
                    try:
                        judge(node, sc, before, call, when, rc, err)
                    except Failure as e:
                        failures.append(str(e))
                        print("inject: FAIL: %s" % e)
            total += n
            print("inject: %s (%s): %d injections into %d system calls"
                  % (sc[0], sc[3], n, len(calls)))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print("inject: %d injections (%s) in %d s, %d failed" % (total, ERRNO, time.time() - started,
                                                           len(failures)))
    if failures:
        sys.exit(1)
    print("inject: OK")


if __name__ == "__main__":
    try:
        main()
    except Failure as e:
        sys.exit("inject: FAIL: %s" % e)
