# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario 6: a job without the option is left alone with default=keep and
# gets 0 with default=0 (that cluster also has allow=0: =1 is refused at
# submission with a message saying the site does not allow it).
# shellcheck shell=bash disable=SC2034,SC2016

scenario_default_keep() {
	sbatch_case "no option, default=keep, from 1" 1 1 --wrap "$PROBE"
	sbatch_case "no option, default=keep, from 0" 0 0 --wrap "$PROBE"
}

scenario_default_zero() {
	local before rc
	sbatch_case "no option, default=0, from 1" 1 0 --wrap "$PROBE"
	before=$(next_job_id)
	sbatch --numa-balancing=1 --wrap true >/dev/null 2>"$OUT/allow.err"
	rc=$?
	expect_eq "allow=0: sbatch --numa-balancing=1 fails" "$([ "$rc" -ne 0 ] && echo failed)" failed
	expect_grep "allow=0: the message says the site does not allow it" "$OUT/allow.err" \
		'this site does not allow --numa-balancing=1 \(allowed: 0\)'
	expect_eq "allow=0: no job created" "$(next_job_id)" "$before"
	sbatch_case "allow=0: --numa-balancing=0 still works" 1 0 --numa-balancing=0 --wrap "$PROBE"
}
