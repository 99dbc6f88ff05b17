# SPDX-License-Identifier: GPL-2.0-or-later
# The per-process route. On this one-node machine the scanner marks pages
# and takes hint faults too when the sysctl is 1, so: with the sysctl at 1,
# a --numa-balancing=0 job sharing the node with a running
# --numa-balancing=1 job takes no NUMA hint faults in its own process
# (fault-probe: total_numa_faults of its threads after seconds of CPU
# time touching pages) and its memory has the local policy, while the 1 job's process
# takes them; in both orders. And the routes without a helper: 0-tasks,
# and 0 under off=tasks, leave the sysctl alone and turn the tasks off.
# shellcheck shell=bash disable=SC2034,SC2016

FAULT_PROBE=$B/tests/spank/fault-probe

# The two jobs of each pair are ordered by events, not by their lengths:
# the job that must outlive the other awaits a file the other writes when
# its probe is done (shared.FIRST.zero-done, FIRST the first job's id),
# and with the =0 job first, its probe starts only once the =1 job has
# started (shared.FIRST.one-started), so that it runs with the sysctl at
# 1 whatever the jobs' start-up takes.
PAIR=$OUT/shared

# Job scripts: "started" and the kernel value at the start, then (after
# WAIT, a command) the probe for 6 s (=0) or 8 s (=1) of CPU time per
# thread (without Slurm, 6 s take some 20,000 hint faults) and its line.
# Not shorter: the scanner's first pass comes after some 3 s of a task's
# CPU time (at 1, 3 s took 0 hint faults and 4 s 21,011 on the 6.18
# development VM), and a 0 job's "no hint faults" means something only
# past that.
zero_job() { # WAIT
	echo "$AWAIT echo started; echo before=\$(cat $NB_SYSCTL); $1 && $FAULT_PROBE 6 64 2; $PROBE"
}
one_job() { echo "$AWAIT echo started; $1 && $FAULT_PROBE 8 64 2; $PROBE"; }

# The =1 job starts; the =0 job beside it probes and says so; the =1 job
# ends after that.
pair_one_first() { # prints "ZERO ONE"
	local one zero
	one=$(submit --numa-balancing=1 --wrap "$(one_job :); await $PAIR.\$SLURM_JOB_ID.zero-done") || return 1
	wait_started "$one"
	zero=$(submit --numa-balancing=0 --wrap "$(zero_job :); touch $PAIR.$one.zero-done") || return 1
	echo "$zero $one"
}

# The =0 job starts (the node goes to 0); the =1 job starts beside it and
# says so; the =0 job probes, says so, and ends before the =1 job.
pair_zero_first() { # prints "ZERO ONE"
	local one zero
	zero=$(submit --numa-balancing=0 --wrap "$(zero_job "await $PAIR.\$SLURM_JOB_ID.one-started"); \
		touch $PAIR.\$SLURM_JOB_ID.zero-done") || return 1
	wait_started "$zero"
	one=$(submit --numa-balancing=1 --wrap "$(one_job "touch $PAIR.$zero.one-started"); \
		await $PAIR.$zero.zero-done") || return 1
	echo "$zero $one"
}

# The two jobs' results: the 0 job off in its own process while the
# sysctl was 1 (at the end of its probe, while the =1 job still ran), the
# 1 job balanced.
expect_shared() { # DESC ZERO-JOB ONE-JOB
	local desc=$1 zero=$2 one=$3 faults
	faults=$(probe_value "$OUT/$zero.out" faults)
	expect_eq "$desc: =0 job took no NUMA hint faults" "$faults" 0
	expect_eq "$desc: =0 job's memory has the local policy" "$(probe_value "$OUT/$zero.out" mempolicy)" local
	expect_grep "$desc: =0 job ran while the sysctl was 1" "$OUT/$zero.out" 'kernel=[01]\.\.1'
	expect_eq "$desc: =0 job: SLURM_NUMA_BALANCING" "$(probe_value "$OUT/$zero.out" env)" 0
	expect_no_grep "$desc: =0 job: no warning" "$OUT/$zero.err" warning
	faults=$(probe_value "$OUT/$one.out" faults)
	if [ "${faults:-0}" -gt 0 ] 2>/dev/null; then pass "$desc: =1 job took NUMA hint faults ($faults)"
	else fail "$desc: =1 job took no NUMA hint faults ('$faults')"; fi
	expect_eq "$desc: =1 job's memory has the default policy" "$(probe_value "$OUT/$one.out" mempolicy)" default
	expect_grep "$desc: =1 job ran with the sysctl at 1" "$OUT/$one.out" 'kernel=1\.\.1'
	expect_no_grep "$desc: =1 job: no warning" "$OUT/$one.err" warning
	expect_no_grep "$desc: neither job gave up waiting for the other" <(cat "$OUT/$zero.err" "$OUT/$one.err") await:
	expect_eq "$desc: value restored after both" "$(sysctl_get)" 1
}

# Each job awaits the other for at most EVENT_S, so both are gone within
# twice that plus their probes.
wait_pair() { # ZERO ONE
	wait_gone "$1" $((2 * EVENT_S + 60))
	wait_gone "$2" $((2 * EVENT_S + 60))
}

scenario_shared_node() {
	local jobs
	[ -x "$FAULT_PROBE" ] || { fail "$FAULT_PROBE missing (make $FAULT_PROBE)"; return; }
	sysctl_set 1
	jobs=$(pair_one_first) || { fail "sbatch failed"; return; }
	# shellcheck disable=SC2086
	wait_pair $jobs
	# shellcheck disable=SC2086
	expect_shared "=1 first, =0 beside it" $jobs
	jobs=$(pair_zero_first) || { fail "sbatch failed"; return; }
	# shellcheck disable=SC2086
	wait_pair $jobs
	# shellcheck disable=SC2086
	expect_shared "=0 first, =1 beside it" $jobs
	expect_eq "=0 first: the node was at 0 before the =1 job came" \
		"$(probe_value "$OUT/${jobs%% *}.out" before)" 0
}

# A 0 request no helper serves: the sysctl stays, the tasks are off.
expect_tasks_only() { # DESC JOB VALUE OFF
	expect_eq "$1: the job read the sysctl" "$(probe_value "$OUT/$2.out" sysctl)" 1
	expect_eq "$1: SLURM_NUMA_BALANCING" "$(probe_value "$OUT/$2.out" env)" 0
	expect_eq "$1: the script's memory policy" "$(probe_value "$OUT/$2.out" policy)" local
	expect_no_grep "$1: no warning" "$OUT/$2.err" warning
	expect_grep "$1: the prolog ran no helper" "$CLUSTER/log/slurmd.log" \
		"job $2: prolog: numa_balancing=$3 with off=$4: the tasks get a local memory policy; no helper run"
	expect_eq "$1: value unchanged after the job" "$(sysctl_get)" 1
}

scenario_zero_tasks() {
	local j
	sysctl_set 1
	j=$(submit --numa-balancing=0-tasks --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_gone "$j"
	expect_tasks_only "--numa-balancing=0-tasks, off=both" "$j" 0-tasks both
}

scenario_off_tasks() {
	local j
	sysctl_set 1
	j=$(submit --numa-balancing=0 --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_gone "$j"
	expect_tasks_only "--numa-balancing=0, off=tasks" "$j" 0 tasks
	expect_grep "off=tasks: the epilog ran no helper on a node without state" "$CLUSTER/log/slurmd.log" \
		"job $j: epilog: no helper state in /run/numa-balancing: nothing to do, no helper run"
}
