# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario 2: salloc and srun. salloc --numa-balancing=0 srun cat prints 0
# (and, with PrologFlags=Alloc, so does a command salloc runs itself); a
# bare srun --numa-balancing=0 too; srun inside a job with another value
# warns that the setting is per job.
# shellcheck shell=bash disable=SC2034,SC2016

run_client() { # DESC WANT CMD...: the command's stdout must be WANT
	local desc=$1 want=$2 out; shift 2
	out=$(timeout 60 "$@" 2>"$OUT/client.err" | tail -n 1)
	expect_eq "$desc" "$out" "$want"
	wait_until 20 queue_empty || fail "$desc: job still queued"
	expect_eq "$desc: value restored" "$(sysctl_get)" 1
}

scenario_salloc_srun() {
	local j
	sysctl_set 1
	run_client "salloc --numa-balancing=0 srun cat" 0 \
		salloc --numa-balancing=0 srun cat "$NB_SYSCTL"
	run_client "salloc --numa-balancing=0 cat (no srun, PrologFlags=Alloc)" 0 \
		salloc --numa-balancing=0 cat "$NB_SYSCTL"
	run_client "srun --numa-balancing=0 cat" 0 \
		srun --numa-balancing=0 cat "$NB_SYSCTL"
	run_client "srun --numa-balancing=0: SLURM_NUMA_BALANCING" 0 \
		srun --numa-balancing=0 printenv SLURM_NUMA_BALANCING
	timeout 60 salloc --numa-balancing=0 srun --numa-balancing=1 sh -c "$PROBE" \
		>"$OUT/salloc-step.out" 2>"$OUT/salloc-step.err"
	expect_grep "salloc =0, srun =1 inside: the step still gets 0" \
		"$OUT/salloc-step.out" 'sysctl=0 env=0'
	expect_eq "salloc =0, srun =1 inside: exactly one warning, from srun" \
		"$(grep -c warning "$OUT/salloc-step.err")" 1
	expect_grep "salloc =0, srun =1 inside: it says the setting is per job" \
		"$OUT/salloc-step.err" 'set per job, not per step: job [0-9]+ asked for 0'
	wait_until 20 queue_empty || fail "salloc job still queued"
	j=$(submit --numa-balancing=1 --wrap "srun --numa-balancing=0 sh -c '$PROBE'") ||
		{ fail "sbatch failed"; return; }
	wait_gone "$j"
	expect_grep "srun --numa-balancing=0 inside a =1 job warns" "$OUT/$j.err" \
		'warning: --numa-balancing is set per job, not per step: job [0-9]+ asked for 1'
	expect_eq "the step still runs with the job's value" \
		"$(probe_value "$OUT/$j.out" sysctl)" 1
	j=$(submit --wrap "srun --numa-balancing=0 printenv SLURM_NUMA_BALANCING_POLICY") ||
		{ fail "sbatch failed"; return; }
	wait_gone "$j"
	expect_grep "srun --numa-balancing=0 in a job that asked nothing: its tasks get local" \
		"$OUT/$j.out" '^local$'
	expect_grep "srun --numa-balancing=0 in a job that asked nothing: the warning says so" \
		"$OUT/$j.err" 'did not ask for it, so --numa-balancing=0 on this srun gives only its tasks the memory policy local'
}
