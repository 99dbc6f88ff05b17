#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# metrics: the file passes promtool check metrics (Debian's prometheus
# package) and its values match status --json taken beside it: with two
# jobs running (one not honoured), with one of them ended by a failed
# epilog (check names it, exit 1), after reconcile and after the last
# epilog. The running jobs' cgroup counters come from their live job
# cgroups (a fake slice: one under slurmstepd.scope, one under a node's
# NODE_slurmstepd.scope); a job cgroup without a record, and an ended
# job's, give none. The plugin's failure counts are read from a format 2
# failures file and from a format 1 one (its step-end count dropped).
# --out replaces the file atomically (no temp file left, a symlink in its
# place replaced, never followed); to stdout it is the same text. Test
# build, fake sysctl. The helper hands metrics to numa-balancing-state
# (STATE_TEST_BIN, the path as make gives it, which uid 65534 can reach
# from here where an absolute one may not).
# Usage: metrics.sh HELPER_TEST_BIN STATE_TEST_BIN   (as root)
set -u
bin=$1
export NB_TEST_STATE_PROGRAM="$2"
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "metrics: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
command -v promtool >/dev/null || fail "promtool is missing (Debian package prometheus: make deps)"
dir=$(mktemp -d /tmp/nb-metrics.XXXXXX) || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
mkdir -m 755 "$dir/st" "$dir/textfile"
echo 1 >"$dir/sysctl"
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$dir/st" NB_TEST_CGROUP_SLICE="$dir/slice"
out=$dir/textfile/numa_balancing.prom
boot_id=$(cat /proc/sys/kernel/random/boot_id)

# Job cgroups: job 10's and job 11's (records below), job 12's (no record).
cgroup() { # SCOPE JOB MIGRATED: a job cgroup whose memory.stat has numa_* lines
	mkdir -p "$dir/slice/$1/job_$2"
	printf 'anon 4096\nnuma_pages_migrated %s\nnuma_pte_updates 5\nnuma_hint_faults 6\n' "$3" \
		>"$dir/slice/$1/job_$2/memory.stat"
}
cgroup slurmstepd.scope 10 4
cgroup node1_slurmstepd.scope 11 7
cgroup slurmstepd.scope 12 9

# Writes the file and status beside it; promtool and the comparison.
round() { # DESC
	"$bin" metrics --out "$out" || fail "$1: metrics exited $?"
	"$bin" status --json >"$dir/status.json" || fail "$1: status exited $?"
	lint=$(promtool check metrics <"$out" 2>&1) || fail "$1: promtool: $lint"
	[ -z "$lint" ] || fail "$1: promtool: $lint"
	match=$("$here/metrics-match.py" "$out" "$dir/status.json") || fail "$1: $match"
	[ "$(ls -A "$dir/textfile")" = numa_balancing.prom ] || fail "$1: left $(ls -A "$dir/textfile")"
	echo "metrics: $1: promtool clean; $match"
}
value() { sed -n "s/^numa_balancing_$1 //p" "$out"; }
cgroup_value() { value "job_cgroup_numa{job=\"$1\",counter=\"$2\"}"; }
cgroup_jobs() { sed -n 's/^numa_balancing_job_cgroup_numa{job="\([0-9]*\)".*/\1/p' "$out" | sort -u | tr '\n' ' '; }

"$bin" prolog --job 10 --value 0 || fail "prolog 10"
"$bin" prolog --job 11 --value 1 2>/dev/null; [ $? -eq 3 ] || fail "prolog 11 was honoured"
round "two jobs, one not honoured"
[ "$(value kernel_value)" = 0 ] && [ "$(value baseline_value)" = 1 ] ||
	fail "kernel $(value kernel_value), baseline $(value baseline_value)"
[ "$(cgroup_value 10 numa_pages_migrated)" = 4 ] && [ "$(cgroup_value 10 numa_pte_updates)" = 5 ] &&
	[ "$(cgroup_value 10 numa_hint_faults)" = 6 ] && [ "$(cgroup_value 11 numa_pages_migrated)" = 7 ] ||
	fail "job cgroup counters: $(grep '^numa_balancing_job_cgroup_numa' "$out")"
[ "$(cgroup_jobs)" = "10 11 " ] || fail "job cgroup counters of jobs $(cgroup_jobs), want 10 11 (12 has no record)"
echo "metrics: the live cgroups of jobs 10 and 11 give their counters; job 12's, without a record, none"

# Job 10's epilog could not run the helper: the plugin renamed its record.
mv "$dir/st/job.10" "$dir/st/done.10" || fail "renaming job.10"
printf 'numa-balancing-failures 2\nboot_id %s\nprolog 0\nepilog 1\n' "$boot_id" >"$dir/st/failures"
line=$("$bin" check 2>/dev/null); rc=$?
[ "$rc" -eq 1 ] || fail "check exited $rc with job 10 ended: $line"
case $line in *"job 10 "*) ;; *) fail "check does not name job 10: $line" ;; esac
[ "$(echo "$line" | wc -l)" -eq 1 ] || fail "check printed more than one line"
round "job 10 ended"
[ "$(value jobs_gone)" = 1 ] || fail "jobs_gone $(value jobs_gone)"
[ "$(value 'helper_failures_total{command="epilog"}')" = 1 ] &&
	[ "$(value 'helper_failures_total{command="prolog"}')" = 0 ] || fail "failures (format 2) not 0 and 1"
[ "$(cgroup_jobs)" = "11 " ] || fail "job cgroup counters of jobs $(cgroup_jobs), want 11 (10 ended)"

# A failures file of format 1, written before an upgrade: its prolog and
# epilog counts are read, its step-end count is not shown.
printf 'numa-balancing-failures 1\nboot_id %s\nprolog 2\nepilog 3\nstep-end 4\n' "$boot_id" \
	>"$dir/st/failures"
round "failures file of format 1"
[ "$(value 'helper_failures_total{command="prolog"}')" = 2 ] &&
	[ "$(value 'helper_failures_total{command="epilog"}')" = 3 ] ||
	fail "failures (format 1): $(grep '^numa_balancing_helper_failures_total' "$out")"
if grep -q 'step-end' "$out"; then fail "a step-end count is shown: $(grep 'step-end' "$out")"; fi
echo "metrics: failures file of format 1 read: prolog 2, epilog 3, no step-end"

"$bin" reconcile >/dev/null 2>&1 || fail "reconcile"
round "after reconcile"
[ "$(value kernel_value)" = 1 ] || fail "reconcile did not restore 1 (11 was not honoured)"
"$bin" epilog --job 11 || fail "epilog 11"
round "after the last epilog"
[ -z "$(value baseline_value)" ] || fail "a baseline is left"
[ -z "$(cgroup_jobs)" ] || fail "job cgroup counters without a running job: $(cgroup_jobs)"

# stdout is the same text; a symlink in the file's place is replaced.
"$bin" metrics >"$dir/stdout.prom" || fail "metrics to stdout"
cmp -s "$dir/stdout.prom" "$out" || fail "stdout differs from the file"
rm "$out"
ln -s "$dir/target" "$out"
"$bin" metrics --out "$out" || fail "metrics over a symlink"
[ ! -e "$dir/target" ] && [ -f "$out" ] && [ ! -L "$out" ] || fail "the symlink was followed"
for bad in relative.prom "$dir/textfile/" ""; do
	"$bin" metrics --out "$bad" 2>/dev/null; rc=$?
	[ "$rc" -eq 2 ] || fail "--out '$bad': exit $rc, want 2"
done
# Root never writes through a directory another user controls: one owned
# by node_exporter's user, or a symlink swapped in for the textfile
# directory. That user runs metrics itself instead.
mkdir -m 755 "$dir/user" && chown 65534 "$dir/user"
"$bin" metrics --out "$dir/user/x.prom" 2>/dev/null; rc=$?
[ "$rc" -eq 5 ] && [ ! -e "$dir/user/x.prom" ] || fail "root wrote into uid 65534's directory (exit $rc)"
mkdir -m 755 "$dir/etc"; ln -s "$dir/etc" "$dir/swapped"
"$bin" metrics --out "$dir/swapped/x.prom" 2>/dev/null; rc=$?
[ "$rc" -eq 5 ] && [ ! -e "$dir/etc/x.prom" ] || fail "root wrote through a symlinked directory (exit $rc)"
setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" metrics --out "$dir/user/x.prom" ||
	fail "uid 65534 could not write its own textfile"
cmp -s "$dir/user/x.prom" "$out" || fail "uid 65534's metrics differ from root's"
echo "metrics: root refuses a directory another user owns and a symlinked one; uid 65534 writes its own"
"$bin" metrics --out "$dir/nodir/x.prom" 2>/dev/null; rc=$?
[ "$rc" -eq 5 ] || fail "--out into a missing directory: exit $rc, want 5"
echo "metrics: stdout matches the file; a symlink is replaced, not followed; bad --out refused"
echo "metrics: OK"
