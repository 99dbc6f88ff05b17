#!/bin/sh
# Privilege proof (issue 2, Must show 4). Stops the test build at the
# moment it writes the (fake) sysctl and reads its /proc status there:
# CapEff and CapPrm must be exactly CAP_SYS_ADMIN, CapBnd, CapInh and CapAmb
# empty, NoNewPrivs 1. Then insecure state directories (world-writable,
# symlinked, foreign-owned) must be refused with a clear message and exit 5,
# a non-root caller and a setuid-root copy run by another user refused, and
# the installed build must carry no test hook.
# Usage: privs.sh HELPER_TEST_BIN HELPER_BIN   (as root)
set -u
test_bin=$1 real_bin=$2
fail() { echo "privs: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
dir=$(mktemp -d /tmp/nb-privs.XXXXXX) || fail "mktemp"
pid=
cleanup() { [ -n "$pid" ] && kill -CONT "$pid" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT
chmod 755 "$dir"
mkdir -m 755 "$dir/st"
echo 1 >"$dir/sysctl"
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$dir/st"

# 1. the capability sets at the write
NB_TEST_FAILPOINT=sysctl-write:stop "$test_bin" prolog --job 7 --value 0 &
pid=$!
i=0
while ! grep -q '^State:.*T' "/proc/$pid/status" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 500 ] || fail "the helper never reached the sysctl write"
	sleep 0.01
done
status=$(cat "/proc/$pid/status")
kill -CONT "$pid"
wait "$pid"; rc=$?
pid=
[ "$rc" -eq 0 ] || fail "prolog exited $rc"
[ "$(cat "$dir/sysctl")" = 0 ] || fail "the fake sysctl was not written"
field() { echo "$status" | awk -v k="$1:" '$1 == k { print $2 }'; }
sys_admin=0000000000200000   # 1 << CAP_SYS_ADMIN (21)
for k in CapEff CapPrm; do
	[ "$(field $k)" = $sys_admin ] || fail "$k is $(field $k), want $sys_admin"
done
for k in CapInh CapBnd CapAmb; do
	[ "$(field $k)" = 0000000000000000 ] || fail "$k is $(field $k), want 0"
done
[ "$(field NoNewPrivs)" = 1 ] || fail "NoNewPrivs is $(field NoNewPrivs)"
echo "privs: at the write: CapEff $(field CapEff) CapPrm $(field CapPrm) CapBnd $(field CapBnd) CapAmb $(field CapAmb) NoNewPrivs $(field NoNewPrivs)"
"$test_bin" epilog --job 7 || fail "epilog"

# 2. insecure state directories are refused, exit 5, with a clear message
refused() { # NAME DIR EXPECTED-TEXT
	out=$(NB_TEST_STATE_DIR=$2 "$test_bin" prolog --job 8 --value 0 2>&1); rc=$?
	[ "$rc" -eq 5 ] || fail "$1: exit $rc, want 5"
	echo "$out" | grep -q "$3" || fail "$1: message '$out' lacks '$3'"
	[ "$(cat "$dir/sysctl")" = 1 ] || fail "$1: the sysctl changed"
	echo "privs: $1 refused: $out"
}
mkdir -m 777 "$dir/open" && chmod 777 "$dir/open"
refused world-writable "$dir/open" "group or world writable"
mkdir -m 775 "$dir/group" && chmod 775 "$dir/group"
refused group-writable "$dir/group" "group or world writable"
ln -s "$dir/st" "$dir/link"
refused symlinked "$dir/link" "symlink"
mkdir -m 755 "$dir/foreign" && chown 65534:65534 "$dir/foreign"
refused foreign-owned "$dir/foreign" "not root"

# 3. not root, or a setuid-root copy run by another user (issue 11,
# finding 5): refused before anything happens, the state untouched
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
before=$(ls -A "$dir/st")
out=$(as_nobody "$test_bin" prolog --job 9 --value 0 2>&1); rc=$?
[ "$rc" -eq 5 ] || fail "non-root: exit $rc, want 5"
echo "$out" | grep -q "must be run by root" || fail "non-root: message '$out'"
echo "privs: non-root refused: $out"
cp "$test_bin" "$dir/setuid-helper"
chmod 4755 "$dir/setuid-helper"
for cmd in "prolog --job 9 --value 0" "epilog --job 7" "reset" "status" "check"; do
	# shellcheck disable=SC2086 # cmd is split into words on purpose
	out=$(as_nobody "$dir/setuid-helper" $cmd 2>&1); rc=$?
	[ "$rc" -eq 5 ] || fail "setuid copy, $cmd: exit $rc, want 5 ($out)"
	echo "$out" | grep -q "must be run by root (real and effective uid 0, not setuid" ||
		fail "setuid copy, $cmd: message '$out'"
done
[ "$(cat "$dir/sysctl")" = 1 ] || fail "setuid copy: the sysctl changed"
[ "$(ls -A "$dir/st")" = "$before" ] || fail "setuid copy: the state directory changed"
echo "privs: a setuid-root copy run by uid 65534 refused for prolog, epilog, reset, status and check: $out"

# 4. the installed build has no test hooks
if grep -q NB_TEST_ "$real_bin"; then fail "$real_bin contains NB_TEST_ hooks"; fi
echo "privs: $real_bin has no NB_TEST_ hooks"
echo "privs: OK"
