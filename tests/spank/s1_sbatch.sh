# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario 1: sbatch --numa-balancing=0 (command line and #SBATCH) and =1.
# The job reads the requested value and SLURM_NUMA_BALANCING; afterwards
# the value from before the job is back. Under off=both (the default) a 0
# job's batch script also has the local memory policy, and says so in
# SLURM_NUMA_BALANCING_POLICY; a 1 job keeps the default policy.
# shellcheck shell=bash disable=SC2034,SC2016

# Sets LAST_JOB to the job's id.
sbatch_case() { # DESC START VALUE SBATCH-ARGS...
	local desc=$1 start=$2 want=$3 j; shift 3
	sysctl_set "$start"
	LAST_JOB=
	j=$(submit "$@") || { fail "$desc: sbatch failed"; return; }
	LAST_JOB=$j
	wait_gone "$j"
	expect_eq "$desc: job read the sysctl" "$(probe_value "$OUT/$j.out" sysctl)" "$want"
	expect_eq "$desc: SLURM_NUMA_BALANCING" "$(probe_value "$OUT/$j.out" env)" "$want"
	expect_no_grep "$desc: no warning" "$OUT/$j.err" warning
	expect_eq "$desc: value restored after the job" "$(sysctl_get)" "$start"
}

# The memory policy the last job's script had, and what the plugin said.
expect_policy() { # DESC POLICY ENVPOLICY
	expect_eq "$1: the script's memory policy" "$(probe_value "$OUT/$LAST_JOB.out" policy)" "$2"
	expect_eq "$1: SLURM_NUMA_BALANCING_POLICY" "$(probe_value "$OUT/$LAST_JOB.out" envpolicy)" "$3"
}

scenario_sbatch() {
	local script=$OUT/s1-script.sh
	sbatch_case "sbatch --numa-balancing=0 from 1" 1 0 --numa-balancing=0 --wrap "$PROBE"
	expect_policy "sbatch --numa-balancing=0" local local
	printf '#!/bin/sh\n#SBATCH --numa-balancing=0\n%s\n' "$PROBE" >"$script"
	sbatch_case "#SBATCH --numa-balancing=0 from 1" 1 0 "$script"
	expect_policy "#SBATCH --numa-balancing=0" local local
	sbatch_case "sbatch --numa-balancing=1 from 0" 0 1 --numa-balancing=1 --wrap "$PROBE"
	expect_policy "sbatch --numa-balancing=1" default unset
	user_job
}

# A job of an unprivileged user: the prolog still runs as root, the tasks
# (privileges dropped) still get SLURM_NUMA_BALANCING. Its working and
# output directory lies under /tmp, since the checkout's own directories
# need not be reachable for the user (a clone in a mktemp -d is mode 700).
# The user is NB_TEST_USER, default nobody (26.05's sbatch refuses
# --uid=nobody, so the release chroots have a user nbtest).
user_job() {
	local dir j user=${NB_TEST_USER:-nobody} group
	dir=$(mktemp -d /tmp/numa-balancing-nobody.XXXXXX) || { fail "mktemp for nobody's job"; return; }
	chmod 1777 "$dir"
	sysctl_set 1
	group=$(id -gn "$user")
	j=$(sbatch --parsable --uid="$user" --gid="$group" --chdir="$dir" \
		-o "$dir/%j.out" -e "$dir/%j.err" \
		--numa-balancing=0 --wrap "id -un; $PROBE") || { fail "sbatch --uid=$user failed"; rm -rf "$dir"; return; }
	wait_gone "$j"
	expect_grep "job of user $user ran as $user" "$dir/$j.out" "^$user\$"
	expect_grep "job of user $user: sysctl and SLURM_NUMA_BALANCING" "$dir/$j.out" 'sysctl=0 env=0'
	expect_eq "job of user $user: value restored" "$(sysctl_get)" 1
	rm -rf "$dir"
}
