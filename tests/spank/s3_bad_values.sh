# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario 3: bad values are refused by sbatch, salloc and srun with the
# message, and no job is created (the next job id does not move).
# shellcheck shell=bash disable=SC2034,SC2016

scenario_bad_values() {
	local before after v cmd rc
	before=$(next_job_id)
	for v in 7 abc "" -1 0x0 " 1" 0-task 1-tasks; do
		for cmd in sbatch salloc srun; do
			case $cmd in
			sbatch) sbatch --numa-balancing="$v" --wrap true >/dev/null 2>"$OUT/bad.err" ;;
			*) timeout 60 $cmd --numa-balancing="$v" true >/dev/null 2>"$OUT/bad.err" ;;
			esac
			rc=$?
			if [ "$rc" -ne 0 ] &&
			   grep -q "Invalid --numa-balancing argument" "$OUT/bad.err" &&
			   grep -q "use exactly 0 (off), 1 (on) or 0-tasks" "$OUT/bad.err"; then
				pass "$cmd --numa-balancing='$v' refused (exit $rc)"
			else
				fail "$cmd --numa-balancing='$v': exit $rc"
				sed 's/^/    | /' "$OUT/bad.err"
			fi
		done
	done
	after=$(next_job_id)
	expect_eq "no job was created (next job id)" "$after" "$before"
}
