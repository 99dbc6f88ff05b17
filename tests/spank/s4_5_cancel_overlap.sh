# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario 4: scancel of a running =0 job and a job killed at its time
# limit restore the value. Scenario 5: overlapping jobs on the node. With
# off=node (the sysctl alone, where the conflict policy applies) the
# time-limited job (=0) is the first of the overlapping ones: a second =0
# job ends while it runs and the value holds; a conflicting =1 job is not
# honoured (conflict=keep) and says so on its stderr. With off=both a =1
# job on a node held at 0 by a =0 job gets 1 while it runs (the 0 job's
# tasks are off by their memory policy), and the node goes back to 0 after
# it, then to the baseline.
# shellcheck shell=bash disable=SC2034,SC2016

scenario_scancel() {
	local j
	sysctl_set 1
	j=$(submit --numa-balancing=0 --wrap "$SLEEPER 300") || { fail "sbatch failed"; return; }
	wait_started "$j"
	expect_eq "running =0 job: sysctl" "$(sysctl_get)" 0
	scancel "$j"
	wait_gone "$j"
	expect_eq "after scancel: value restored" "$(sysctl_get)" 1
}

# Jobs B and C must begin and end while A runs, before A's one-minute
# time limit: they take 2-3 s each on an idle machine, so the margin is
# more than 10x. Slurm enforces the limit 60-90 s after A's start;
# waiting for that is bounded at 300 s. That wait is a third of the
# suite's time; a job ended by its limit reaches the plugin through the
# same epilog as one cancelled, so the release matrix's legs other than
# "host" and the packages' suite set NB_TEST_TIMELIMIT=0, which cancels A
# instead.
TIMELIMIT=${NB_TEST_TIMELIMIT:-1}
scenario_overlap_and_timelimit() {
	local a b c limit=()
	[ "$TIMELIMIT" = 1 ] && limit=(--time=1)
	sysctl_set 1
	a=$(submit --numa-balancing=0 "${limit[@]}" --wrap "$SLEEPER 600") || { fail "sbatch failed"; return; }
	wait_started "$a"
	expect_eq "job A (=0, --time=1) running: sysctl" "$(sysctl_get)" 0
	b=$(submit --numa-balancing=0 --wrap "$PROBE; sleep 1") || { fail "sbatch failed"; return; }
	wait_gone "$b"
	expect_eq "job B (=0) overlapping A saw" "$(probe_value "$OUT/$b.out" sysctl)" 0
	expect_eq "B ended, A still running: value holds" "$(sysctl_get)" 0
	c=$(submit --numa-balancing=1 --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_gone "$c"
	expect_eq "job C (=1) conflicting with A: sysctl" "$(probe_value "$OUT/$c.out" sysctl)" 0
	expect_eq "job C: SLURM_NUMA_BALANCING" "$(probe_value "$OUT/$c.out" env)" 0
	expect_grep "job C: warning on its stderr" "$OUT/$c.err" \
		'numa_balancing: warning: this job asked for numa_balancing=1, but it is 0'
	expect_grep "job C: slurmd log says not honoured" "$CLUSTER/log/slurmd.log" \
		"job $c: prolog: exit 3: not honoured"
	expect_eq "C ended, A still running: value holds" "$(sysctl_get)" 0
	if [ "$TIMELIMIT" = 1 ]; then
		echo "  (waiting for job A's time limit: 60-90 s)"
		wait_gone "$a" 300
		expect_eq "job A ended by its time limit" "$(job_field "$a" JobState)" TIMEOUT
	else
		echo "  (NB_TEST_TIMELIMIT=0: job A is cancelled instead of reaching its time limit)"
		scancel "$a"
		wait_gone "$a"
	fi
	expect_eq "after job A ended: value restored" "$(sysctl_get)" 1
}

# off=both: a 0 job's request yields to a 1 job, whatever conflict= says.
scenario_overlap_both() {
	local a c
	sysctl_set 1
	a=$(submit --numa-balancing=0 --wrap "$PROBE; $SLEEPER 300") || { fail "sbatch failed"; return; }
	wait_started "$a"
	expect_eq "off=both: job A (=0) running: sysctl" "$(sysctl_get)" 0
	expect_eq "off=both: job A's script has the local policy" "$(probe_value "$OUT/$a.out" policy)" local
	c=$(submit --numa-balancing=1 --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_gone "$c"
	expect_eq "off=both: job C (=1) beside A gets" "$(probe_value "$OUT/$c.out" sysctl)" 1
	expect_eq "off=both: job C: SLURM_NUMA_BALANCING" "$(probe_value "$OUT/$c.out" env)" 1
	expect_eq "off=both: job C keeps the default policy" "$(probe_value "$OUT/$c.out" policy)" default
	expect_no_grep "off=both: no warning for C" "$OUT/$c.err" warning
	expect_grep "off=both: C's prolog applied 1 (slurmd log)" "$CLUSTER/log/slurmd.log" \
		"job $c: prolog: exit 0: numa_balancing=1 applied \\(off=both\\)"
	expect_eq "off=both: C ended, A's 0 is back" "$(sysctl_get)" 0
	scancel "$a"
	wait_gone "$a"
	expect_grep "off=both: A's epilog released its request (slurmd log)" \
		"$CLUSTER/log/slurmd.log" "job $a: epilog: exit 0: request released"
	expect_eq "off=both: both ended, value restored" "$(sysctl_get)" 1
}

# Scenario 5 with conflict=latest: the newer request wins while it runs,
# and the older job's value comes back when it ends.
scenario_overlap_latest() {
	local a b
	sysctl_set 1
	a=$(submit --numa-balancing=0 --wrap "$SLEEPER 300") || { fail "sbatch failed"; return; }
	wait_started "$a"
	b=$(submit --numa-balancing=1 --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_gone "$b"
	expect_eq "latest: job B (=1) over A (=0) gets" "$(probe_value "$OUT/$b.out" sysctl)" 1
	expect_no_grep "latest: no warning for B" "$OUT/$b.err" warning
	expect_eq "latest: B ended, A's value is back" "$(sysctl_get)" 0
	scancel "$a"
	wait_gone "$a"
	expect_eq "latest: both ended, value restored" "$(sysctl_get)" 1
}
