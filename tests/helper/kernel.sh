#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Real-kernel test, as root against
# /proc/sys/kernel/numa_balancing and /run/numa-balancing: prolog --job 1
# --value 1 sets normal balancing and keeps the memory tiering bit (1 on a
# node at 0 or 4, 3 on a node at 2 or 3), epilog --job 1 restores the
# previous value exactly, also 2, 3 and 4; check sees a value changed behind
# its back; with /proc/sys read-only (a container), a prolog exits 4
# (unsupported; 0 with --script) and changes nothing, an epilog with nothing
# to act on exits 0, and one that must restore exits 4 and keeps its
# record. The original value is restored whatever happens; the test holds
# /run/lock/numa-balancing-tests.lock. status and check are
# numa-balancing-state's (STATE_BIN), as the installed helper's are.
# Usage: kernel.sh HELPER_BIN STATE_BIN
set -u
bin=$1 state=$2
sysctl=/proc/sys/kernel/numa_balancing
fail() { echo "kernel: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
[ -w "$sysctl" ] || fail "$sysctl is missing or read-only here"
exec 9>/run/lock/numa-balancing-tests.lock
flock 9 || fail "cannot lock /run/lock/numa-balancing-tests.lock"
orig=$(cat "$sysctl")
restore() {
	"$bin" epilog --job 1 >/dev/null 2>&1
	echo "$orig" >"$sysctl"
	[ "$(cat "$sysctl")" = "$orig" ] || echo "kernel: could not restore $orig" >&2
}
trap restore EXIT
trap 'exit 1' INT TERM HUP
"$state" status --json 2>/dev/null | grep -q '"jobs":\[\]' || fail "/run/numa-balancing holds jobs: not testing on a busy node"

run() { # WANT-EXIT COMMAND...
	want=$1; shift
	case $1 in status | check) "$state" "$@" ;; *) "$bin" "$@" ;; esac
	rc=$?
	[ "$rc" -eq "$want" ] || fail "$* exited $rc, want $want"
}
value_is() { [ "$(cat "$sysctl")" = "$1" ] || fail "$2: kernel value $(cat "$sysctl"), want $1"; }

for case in 0:1 3:3 2:3 4:1; do
	base=${case%:*} in_force=${case#*:}
	echo "$base" >"$sysctl" || fail "cannot set $base"
	run 0 prolog --job 1 --value 1
	value_is "$in_force" "baseline $base, prolog --job 1 --value 1"
	run 0 check
	run 0 epilog --job 1
	value_is "$base" "baseline $base, epilog --job 1"
	echo "kernel: baseline $base -> prolog --job 1 --value 1 -> $in_force -> epilog -> $base"
done
echo 3 >"$sysctl"
run 0 prolog --job 1 --value 0
value_is 2 "baseline 3, prolog --value 0"
run 0 epilog --job 1
value_is 3 "baseline 3 after --value 0"
echo "kernel: baseline 3 -> prolog --job 1 --value 0 -> 2 -> epilog -> 3"
run 0 prolog --job 1 --value 0
echo 1 >"$sysctl" # changed behind the helper's back
run 1 check
run 0 epilog --job 1
value_is 3 "baseline 3 after drift"
echo "kernel: drift (2 -> 1 by hand) detected by check, epilog restored 3"

# /proc/sys read-only, as in a container: bind-mounted read-only in a mount
# namespace of its own, so only the helper sees it.
ro() { # COMMAND...
	unshare -m sh -c 'mount --bind /proc/sys /proc/sys &&
		mount -o remount,bind,ro /proc/sys && exec "$@"' ro "$bin" "$@"
}
ro prolog --job 1 --value 1 2>"/tmp/nb-kernel-ro.$$"; rc=$?
err=$(cat "/tmp/nb-kernel-ro.$$"); rm -f "/tmp/nb-kernel-ro.$$"
[ "$rc" -eq 4 ] || fail "read-only /proc/sys: prolog exited $rc, want 4 ($err)"
echo "$err" | grep -q "Read-only file system" || fail "read-only /proc/sys: message '$err'"
value_is 3 "read-only /proc/sys, prolog"
"$state" status --json 2>/dev/null | grep -q '"jobs":\[\]' || fail "read-only /proc/sys: prolog left a record"
ro prolog --job 1 --value 1 --script 2>/dev/null; rc=$?
[ "$rc" -eq 0 ] || fail "read-only /proc/sys: prolog --script exited $rc, want 0"
ro epilog --job 1 2>/dev/null; rc=$?
[ "$rc" -eq 0 ] || fail "read-only /proc/sys: epilog with nothing to act on exited $rc, want 0"
value_is 3 "read-only /proc/sys, epilog"
run 0 prolog --job 1 --value 0
ro epilog --job 1 2>/dev/null; rc=$?
[ "$rc" -eq 4 ] || fail "read-only /proc/sys: epilog that must restore exited $rc, want 4"
value_is 2 "read-only /proc/sys, a restore that cannot be written"
"$state" check >/dev/null 2>&1; rc=$?
[ "$rc" -eq 1 ] || fail "read-only /proc/sys: check exited $rc with job 1's restore owed, want 1"
run 0 epilog --job 2
value_is 3 "the restore, made by the next epilog once /proc/sys is writable again"
run 0 prolog --job 3 --value 0
ro epilog --job 3 --script 2>/dev/null; rc=$?
[ "$rc" -eq 0 ] || fail "read-only /proc/sys: epilog --script with a restore owed exited $rc, want 0"
run 0 reconcile
value_is 3 "the restore, made by reconcile"
echo "kernel: read-only /proc/sys: prolog exits 4 (0 with --script), an epilog with nothing to act on 0, one that must restore 4 (0 with --script) with check 1 until the next epilog or reconcile restores"
echo "kernel: OK (original value $orig restored on exit)"
