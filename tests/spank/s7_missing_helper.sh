# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario 7: the helper is missing. optional: jobs run and the slurmd log
# says why nothing changed; a =0 job's tasks are still off by their memory
# policy (off=both), a =1 job is told it did not get 1. required: the prolog fails, Slurm drains the
# node and requeues the job held (docs/admin.md); the node is resumed here.
# shellcheck shell=bash disable=SC2034,SC2016

MISSING_HELPER=/nonexistent/numa-balancing-helper

scenario_missing_optional() {
	local j
	sysctl_set 1
	j=$(submit --numa-balancing=0 --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_gone "$j"
	expect_eq "optional, helper missing: job completed" "$(job_field "$j" JobState)" COMPLETED
	expect_eq "optional, helper missing: nothing changed" "$(probe_value "$OUT/$j.out" sysctl)" 1
	expect_eq "optional, helper missing: =0 job's tasks off by their policy" \
		"$(probe_value "$OUT/$j.out" policy) $(probe_value "$OUT/$j.out" env)" "local 0"
	expect_no_grep "optional, helper missing: =0 job: no warning (its tasks are off)" "$OUT/$j.err" warning
	expect_grep "optional, helper missing: slurmd log says why" "$CLUSTER/log/slurmd.log" \
		"job $j: prolog: helper $MISSING_HELPER: could not be started: No such file or directory"
	sysctl_set 0
	j=$(submit --numa-balancing=1 --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_gone "$j"
	expect_eq "optional, helper missing: =1 job ran at" "$(probe_value "$OUT/$j.out" sysctl)" 0
	expect_grep "optional, helper missing: the =1 job is told" "$OUT/$j.err" \
		'asked for numa_balancing=1, but it is 0'
}

HELD='JobState=PENDING .*Reason=(launch_failed_requeued_held|JobHeldAdmin)'
job_held() { scontrol -o show job "$1" | grep -Eq "$HELD"; }
node_resumed() { ! node_drained; }

scenario_missing_required() {
	local j reason
	sysctl_set 1
	j=$(submit --numa-balancing=0 --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_until 30 node_drained || fail "required, helper missing: node not drained"
	reason=$(sinfo -h -R -o %E)
	expect_eq "required, helper missing: node drained (documented)" \
		"$(node_drained && echo drained)" drained
	echo "  (drain reason: $reason)"
	wait_until 20 job_held "$j" || :
	expect_grep "required, helper missing: job requeued and held" \
		<(scontrol -o show job "$j") "$HELD"
	expect_eq "required, helper missing: nothing changed" "$(sysctl_get)" 1
	scancel "$j"
	wait_until 20 queue_empty
	scontrol update nodename="$(sinfo -h -o %N)" state=resume
	wait_until 10 node_resumed || fail "node not resumed"
}

# A helper that hangs is killed at timeout= with its process group; with
# optional the job still runs, and the log has the helper's own line. The
# helper would hang for 60 s, 60 times the 1 s timeout. The job takes 2-3
# s on an idle machine (two 1 s timeouts); waiting for it is bounded at 30
# s, under the 60 s a sleep left behind would still be there.
scenario_hanging_helper() {
	local j
	sysctl_set 1
	j=$(submit --numa-balancing=0 --wrap "$PROBE") || { fail "sbatch failed"; return; }
	wait_gone "$j" 30
	expect_eq "hanging helper: job completed" "$(job_field "$j" JobState)" COMPLETED
	expect_grep "hanging helper: killed at the timeout" "$CLUSTER/log/slurmd.log" \
		"job $j: prolog: helper $HANGING_HELPER: killed after the 1 s timeout"
	expect_grep "hanging helper: its stderr reached the slurmd log" "$CLUSTER/log/slurmd.log" \
		"job $j: helper: hanging on purpose: prolog --job $j --value 0 --conflict keep"
	expect_eq "hanging helper: no sleep left behind" \
		"$(pgrep -fx "sleep 60.417" | wc -l)" 0
}
