# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario 8: sbatch, salloc and srun --help list --numa-balancing.
# shellcheck shell=bash disable=SC2034,SC2016

scenario_help() {
	local cmd
	for cmd in sbatch salloc srun; do
		$cmd --help >"$OUT/help.txt" 2>&1
		expect_grep "$cmd --help lists --numa-balancing" "$OUT/help.txt" \
			'--numa-balancing=0\|1\|0-tasks'
		expect_grep "$cmd --help says what it does" "$OUT/help.txt" \
			'Turn the kernel.s automatic NUMA balancing'
	done
}

# A bad plugstack argument is a clear error at load: sbatch says what is
# wrong (client side only: a copy of slurm.conf names another plugstack).
scenario_bad_plugstack() {
	local conf=$OUT/slurm-badplug.conf
	echo "optional $PLUGIN tiemout=5" >"$OUT/plugstack-bad.conf"
	sed "s|^PlugStackConfig=.*|PlugStackConfig=$OUT/plugstack-bad.conf|" \
		"$SLURM_CONF" >"$conf"
	SLURM_CONF=$conf sbatch --numa-balancing=0 --wrap true >/dev/null 2>"$OUT/badplug.err"
	expect_eq "bad plugstack key: sbatch fails" "$?" 255
	expect_grep "bad plugstack key: the error names it" "$OUT/badplug.err" \
		"plugstack.conf: unknown key in 'tiemout=5'"
}

# etc/job_submit.lua: a job that asks for --numa-balancing gets its node
# exclusively and is told so; other jobs are unchanged. Up to 24.11
# scontrol shows that as OverSubscribe=NO (others OK); 26.05 shows
# OverSubscribe=NO for every job and Exclusive=NODE (others NO).
sharing_of() { # JOB: exclusive or shared
	local excl
	excl=$(job_field "$1" Exclusive)
	case ${excl:-$(job_field "$1" OverSubscribe)} in
	NO) [ -n "$excl" ] && echo shared || echo exclusive ;;
	NODE) echo exclusive ;;
	*) echo shared ;;
	esac
}

scenario_job_submit_lua() {
	local a b
	a=$(sbatch --parsable -o /dev/null --numa-balancing=0 --wrap 'sleep 300' 2>"$OUT/lua.err") ||
		{ fail "sbatch failed"; return; }
	expect_eq "job_submit.lua: --numa-balancing job is exclusive" "$(sharing_of "$a")" exclusive
	expect_grep "job_submit.lua: the user is told" "$OUT/lua.err" \
		'this job gets its nodes exclusively'
	b=$(sbatch --parsable -o /dev/null --hold --wrap true) || { fail "sbatch failed"; return; }
	expect_eq "job_submit.lua: a job without the option is not" "$(sharing_of "$b")" shared
	scancel "$a" "$b"
}
