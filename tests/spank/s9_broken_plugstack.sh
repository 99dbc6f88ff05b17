# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario: the plugin's plugstack line is broken while slurmd runs
# (`required`; a client with the good line submits). The job prolog cannot
# run the helper. From 25.05 the plugin's prolog lets the job go on, its
# steps fail at init (slurm_spank_init_failure_mode = ESPANK_JOB_FAILURE)
# and the job fails without draining the node; before 25.05 the prolog
# fails and drains the node, as a failing step init would. The epilog has
# no state to restore and succeeds on every release.
# shellcheck shell=bash disable=SC2034,SC2016

# Slurm's release as one number, 2205 or 2605.
slurm_release() { slurmd -V | sed -n 's/^slurm[^0-9]*\([0-9]*\)\.\([0-9]*\).*/\1\2/p'; }

scenario_plugstack_broken_running() {
	local line_file good=$OUT/plugstack-good.conf conf=$OUT/slurm-goodplug.conf j
	line_file=$(grep -l 'numa_balancing.so' "$CLUSTER/plugstack.conf" "$CLUSTER"/plugstack.conf.d/*.conf 2>/dev/null | head -n 1)
	cp "$line_file" "$good"
	sed "s|^PlugStackConfig=.*|PlugStackConfig=$good|" "$SLURM_CONF" >"$conf"
	sed -i 's/numa_balancing.so/numa_balancing.so tiemout=5/' "$line_file"
	sysctl_set 1
	j=$(SLURM_CONF=$conf submit --numa-balancing=0 --wrap "$PROBE") || { fail "sbatch failed"; cp "$good" "$line_file"; return; }
	if [ "$(slurm_release)" -ge 2505 ]; then
		wait_gone "$j" 60
		expect_eq "broken plugstack, required, 25.05+: the job failed" \
			"$(job_field "$j" JobState)" FAILED
		expect_grep "broken plugstack, 25.05+: the prolog says the steps fail instead" \
			"$CLUSTER/log/slurmd.log" "the job's steps fail instead; the node is not drained"
	else
		wait_until 30 node_drained || fail "broken plugstack, required, before 25.05: node not drained"
		# The requeue and hold follow the drain; a busy slurmctld takes a while.
		wait_until 30 job_held "$j" || :
		expect_grep "broken plugstack, required, before 25.05: node drained, job held (documented)" \
			<(scontrol -o show job "$j") "$HELD"
		scancel "$j"
		wait_until 20 queue_empty
		scontrol update nodename="$(sinfo -h -o %N)" state=resume
		wait_until 10 node_resumed || fail "node not resumed"
	fi
	expect_grep "broken plugstack: the epilog has nothing to restore and succeeds" \
		"$CLUSTER/log/slurmd.log" "no job changed kernel.numa_balancing here"
	expect_eq "broken plugstack: nothing changed" "$(sysctl_get)" 1
	cp "$good" "$line_file"
}
