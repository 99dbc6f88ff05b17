# SPDX-License-Identifier: GPL-2.0-or-later
# Shared functions of the SPANK integration scenarios (sourced by run-all):
# assertions that count failures, the private cluster's life cycle, job
# submission and waiting, and the checks made after every scenario.
# shellcheck shell=bash disable=SC2034,SC2016

NB_SYSCTL=/proc/sys/kernel/numa_balancing
# What every probe job prints: the kernel value it reads, what the plugin
# exported to it, the memory policy it has (numa_maps of a child: the
# policy is inherited) and what the plugin said it set.
PROBE='echo "sysctl=$(cat /proc/sys/kernel/numa_balancing) env=${SLURM_NUMA_BALANCING-unset} policy=$(cut -d" " -f2 /proc/self/numa_maps | head -n 1) envpolicy=${SLURM_NUMA_BALANCING_POLICY-unset}"'
FAILS=0
PASSES=0

pass() { PASSES=$((PASSES + 1)); echo "  ok: $*"; }
fail() { FAILS=$((FAILS + 1)); echo "  FAIL: $*"; }

expect_eq() { # DESC ACTUAL EXPECTED
	if [ "$2" = "$3" ]; then pass "$1 ($2)"; else fail "$1: got '$2', expected '$3'"; fi
}

expect_grep() { # DESC FILE ERE
	if grep -Eq -- "$3" "$2" 2>/dev/null; then pass "$1"
	else fail "$1: /$3/ not in $2:"; sed 's/^/    | /' "$2" 2>/dev/null | tail -n 5; fi
}

expect_no_grep() { # DESC FILE ERE
	if grep -Eq -- "$3" "$2" 2>/dev/null; then fail "$1: /$3/ found in $2"
	else pass "$1"; fi
}

sysctl_set() { echo "$1" >"$NB_SYSCTL"; }
sysctl_get() { cat "$NB_SYSCTL"; }

# Waits up to $1 seconds for "$2..." to succeed.
wait_until() {
	local n=$(($1 * 10)); shift
	until "$@"; do
		n=$((n - 1))
		[ "$n" -gt 0 ] || return 1
		sleep 0.1
	done
}

cluster_start() { # [required|optional] [plugstack args...]
	cluster_stop
	"$LOCALSLURM" start "$CLUSTER" "$@" || return 1
	# shellcheck disable=SC1091
	. "$CLUSTER/env.sh"
}

# Prints the section heading and starts the cluster; a cluster that does
# not start counts as a failed scenario.
cluster_section() { # DESC [required|optional] [plugstack args...]
	local desc=$1 t0=$SECONDS; shift
	echo "=== cluster: $desc"
	cluster_start "$@" && echo "    (up in $((SECONDS - t0)) s)" && return 0
	fail "cluster did not start"
	[ -z "${RESULTS:-}" ] || printf 'FAIL\tcluster: %s\n' "$desc" >>"$RESULTS"
	return 1
}

cluster_stop() {
	[ -s "$CLUSTER/pids" ] && "$LOCALSLURM" stop "$CLUSTER"
	return 0
}

# sbatch with the job's stdout in $OUT/ID.out and stderr in $OUT/ID.err;
# prints the job id.
submit() { sbatch --parsable -o "$OUT/%j.out" -e "$OUT/%j.err" "$@"; }

job_field() { # JOB FIELD: one field of scontrol show job
	scontrol -o show job "$1" 2>/dev/null | tr ' ' '\n' | sed -n "s/^$2=//p"
}

job_gone() { [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; }
queue_empty() { [ -z "$(squeue -h 2>/dev/null)" ]; }

# The bound on waiting for an event (a job starting or leaving the queue,
# a file another job writes): a job's start or end takes 1-3 s on an idle
# machine, so 120 s is never reached unless something is broken.
EVENT_S=120

# Waits until the job left the queue (its epilog has finished).
wait_gone() { # JOB [SECONDS]
	wait_until "${2:-$EVENT_S}" job_gone "$1" || fail "job $1 still queued after ${2:-$EVENT_S} s"
}

# A job is RUNNING from its allocation on, while its prolog may still be
# at work: long jobs print "started" first, and tests wait for that line.
SLEEPER='echo started; exec sleep'
job_started() { grep -qx started "$OUT/$1.out" 2>/dev/null; }
wait_started() { # JOB
	wait_until "$EVENT_S" job_started "$1" || fail "job $1 did not start within $EVENT_S s"
}

# For job scripts that must outlive another job: "await FILE" waits up to
# EVENT_S for the other job to create FILE, and says on stderr when it
# gave up (tests assert that no job did).
AWAIT="await() { n=$((EVENT_S * 10)); until [ -e \"\$1\" ]; do n=\$((n - 1)); [ \$n -gt 0 ] || { echo \"await: gave up on \$1 after $EVENT_S s\" >&2; return 1; }; sleep 0.1; done; };"

# The value a probe job printed for KEY (sysctl or env).
probe_value() { # FILE KEY
	sed -n "s/.*\\b$2=\\([^ ]*\\).*/\\1/p" "$1" 2>/dev/null | head -n 1
}

next_job_id() { scontrol show config | sed -n 's/^NEXT_JOB_ID *= *//p'; }

node_state() { sinfo -h -o %T 2>/dev/null; }
node_drained() { case $(node_state) in *drain*) return 0 ;; esac; return 1; }

# Scenario 9: no node drained (unless the scenario expects it).
expect_no_drain() {
	if node_drained; then
		fail "node is $(node_state) after the scenario (reason: $(sinfo -h -R -o %E 2>/dev/null))"
	else
		pass "no drained node (sinfo: $(node_state))"
	fi
}

# Runs one scenario and appends "PASS|FAIL<tab>TITLE" to $RESULTS (when
# set), for the release matrix's table.
scenario() { # TITLE FUNCTION
	local fails0=$FAILS t0=$SECONDS
	echo "=== scenario $1"
	"$2"
	queue_empty || { scancel --quiet --user=root; wait_until 20 queue_empty; }
	expect_no_drain
	echo "    ($((SECONDS - t0)) s)"
	[ -z "${RESULTS:-}" ] ||
		printf '%s\t%s\n' "$([ "$FAILS" -eq "$fails0" ] && echo PASS || echo FAIL)" "$1" >>"$RESULTS"
}
