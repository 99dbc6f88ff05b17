#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Privilege proof. The test build shows its capability sets at every step
# (NB_TEST_FAILPOINT=privs prints CapEff, CapPrm and NoNewPrivs from
# /proc/self/status and the securebits at each failpoint): CAP_SYS_ADMIN is
# permitted throughout and effective only between privs-raised and
# privs-lowered, around the one write of the sysctl; no_new_privs and the
# locked securebits (NOROOT, NO_SETUID_FIXUP, KEEP_CAPS off, no ambient
# raise: 0xef) hold at every step, so no exec could grant a capability.
# Stopped at that moment (SIGSTOP at privs-raised) its inheritable and
# ambient sets are empty. Where
# the kernel has Landlock, a write outside the allowed paths fails while
# one into the state directory works. Then insecure state directories
# (world-writable, symlinked, foreign-owned) must be refused with a clear
# message and exit 5, a non-root caller and a setuid-root copy run by
# another user refused, and the installed build must carry no test hook.
# status, check and metrics are numa-balancing-state's (STATE_TEST_BIN),
# which the helper hands them to: run by uid 65534 directly too, and a
# setuid-root copy of it refused.
# Usage: privs.sh HELPER_TEST_BIN HELPER_BIN STATE_TEST_BIN   (as root)
set -u
test_bin=$1 real_bin=$2 state_bin=$3
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
sys_admin=0000000000200000   # 1 << CAP_SYS_ADMIN (21)
none=0000000000000000
secbits=0xef  # NOROOT, NO_SETUID_FIXUP, KEEP_CAPS, NO_CAP_AMBIENT_RAISE: set or off, all locked

# 1. the sets at every step of a prolog, an epilog, check and reconcile
trace() { # COMMAND...: each step's "NAME CapEff CapPrm NoNewPrivs SecBits"
	NB_TEST_FAILPOINT=privs "$test_bin" "$@" 2>&1 >/dev/null |
		sed -n 's/^failpoint \([^ ]*\) CapEff=\([0-9a-f]*\) CapPrm=\([0-9a-f]*\) NoNewPrivs=\([0-9]*\) SecBits=\(0x[0-9a-f]*\)$/\1 \2 \3 \4 \5/p'
}
check_trace() { # DESC WRITES PERMITTED COMMAND...
	desc=$1 writes=$2 permitted=$3; shift 3
	steps=$(trace "$@")
	[ -n "$steps" ] || fail "$desc: no failpoint showed its privileges"
	echo "$steps" | while read -r name eff prm nnp sec; do
		want=$none
		[ "$name" = privs-raised ] && want=$sys_admin
		[ "$eff" = "$want" ] || fail "$desc: CapEff $eff at $name, want $want"
		[ "$prm" = "$permitted" ] || fail "$desc: CapPrm $prm at $name, want $permitted"
		[ "$nnp" = 1 ] || fail "$desc: NoNewPrivs $nnp at $name"
		[ "$sec" = $secbits ] || fail "$desc: securebits $sec at $name, want $secbits"
	done || exit 1
	n=$(echo "$steps" | grep -c '^privs-raised ')
	[ "$n" -eq "$writes" ] || fail "$desc: CAP_SYS_ADMIN raised $n times, want $writes (one per write)"
	[ "$(echo "$steps" | grep -c '^sysctl-write ')" -eq "$writes" ] ||
		fail "$desc: raised for something but the sysctl write"
	echo "privs: $desc: $(echo "$steps" | wc -l) steps, CAP_SYS_ADMIN effective only at privs-raised ($n write(s))"
}
check_trace "prolog" 1 $sys_admin prolog --job 7 --value 0
[ "$(cat "$dir/sysctl")" = 0 ] || fail "the fake sysctl was not written"
check_trace "check (only looks: no capability at all)" 0 $none check
check_trace "status (only looks: no capability at all)" 0 $none status
check_trace "epilog" 1 $sys_admin epilog --job 7
[ "$(cat "$dir/sysctl")" = 1 ] || fail "the epilog did not restore 1"
check_trace "reconcile" 0 $sys_admin reconcile

# 1b. stopped with CAP_SYS_ADMIN raised: nothing else anywhere
NB_TEST_FAILPOINT=privs-raised:stop "$test_bin" prolog --job 7 --value 0 &
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
for k in CapEff CapPrm; do
	[ "$(field $k)" = $sys_admin ] || fail "$k is $(field $k), want $sys_admin"
done
for k in CapInh CapAmb; do
	[ "$(field $k)" = $none ] || fail "$k is $(field $k), want 0"
done
[ "$(field NoNewPrivs)" = 1 ] || fail "NoNewPrivs is $(field NoNewPrivs)"
echo "privs: at the write: CapEff $(field CapEff) CapPrm $(field CapPrm) CapInh $(field CapInh) CapAmb $(field CapAmb) NoNewPrivs $(field NoNewPrivs)"
"$test_bin" epilog --job 7 || fail "epilog"

# 1c. Landlock (where the kernel has it: landlock_create_ruleset, system
# call 444, answers its ABI version): a write outside the allowed paths
# fails, one into the state directory works.
abi=$(perl -e 'print syscall(444, 0, 0, 1)' 2>/dev/null)
probe() { # PATH: what the helper's write there gave
	NB_TEST_FAILPOINT="landlock-confined:write=$1" "$test_bin" status 2>&1 >/dev/null |
		sed -n "s|^failpoint landlock-confined write $1: ||p"
}
if [ "${abi:--1}" -ge 1 ] 2>/dev/null; then
	[ "$(probe "$dir/st/probe")" = written ] || fail "landlock: no write into the state directory"
	for p in "$dir/outside" /etc/nb-probe /run/nb-probe; do
		got=$(probe "$p")
		[ "$got" = "Permission denied" ] || fail "landlock: a write to $p gave '$got'"
		[ ! -e "$p" ] || fail "landlock: $p was created"
	done
	echo "privs: landlock ABI $abi: writes to $dir/outside, /etc and /run refused, the state directory writable"
else
	[ "$(probe "$dir/outside")" = written ] || fail "no landlock here, yet the write failed"
	echo "privs: this kernel has no landlock ($abi): not confined"
fi

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

# 3. not root, or a setuid-root copy run by another user:
# refused before anything happens, the state untouched
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
# The helper's hand-over runs the reader by its build path, absolute: under
# a checkout uid 65534 cannot enter (mode 0700 above it), the path as make
# gives it, relative to this directory, instead.
export NB_TEST_STATE_PROGRAM="$state_bin"
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
	echo "$out" | grep -q "started setuid or with file capabilities: refused" ||
		fail "setuid copy, $cmd: message '$out'"
done
[ "$(cat "$dir/sysctl")" = 1 ] || fail "setuid copy: the sysctl changed"
[ "$(ls -A "$dir/st")" = "$before" ] || fail "setuid copy: the state directory changed"
echo "privs: a setuid-root copy run by uid 65534 refused for prolog, epilog, reset, status and check: $out"
cp "$state_bin" "$dir/setuid-state"
chmod 4755 "$dir/setuid-state"
for cmd in status check metrics; do
	out=$(as_nobody "$dir/setuid-state" "$cmd" 2>&1); rc=$?
	[ "$rc" -eq 5 ] || fail "setuid numa-balancing-state, $cmd: exit $rc, want 5 ($out)"
	echo "$out" | grep -q "started setuid or with file capabilities: refused" ||
		fail "setuid numa-balancing-state, $cmd: message '$out'"
done
echo "privs: a setuid-root copy of numa-balancing-state run by uid 65534 refused: $out"

# 3b. the plain helper run by uid 65534: what only looks works, the rest is root's
"$test_bin" prolog --job 11 --value 0 2>/dev/null || fail "prolog 11 as root"
before=$(ls -A "$dir/st")
for cmd in status check metrics "status --json"; do
	# shellcheck disable=SC2086 # cmd is split into words on purpose
	out=$(as_nobody "$test_bin" $cmd 2>&1); rc=$?
	[ "$rc" -eq 0 ] || fail "uid 65534, $cmd: exit $rc, want 0 ($out)"
done
echo "$out" | grep -q '"holder":11' || fail "uid 65534, status --json does not show job 11: $out"
out=$(as_nobody "$state_bin" status --json 2>&1) || fail "uid 65534, numa-balancing-state status --json: exit $?"
echo "$out" | grep -q '"holder":11' || fail "uid 65534, numa-balancing-state status --json: $out"
for cmd in "prolog --job 9 --value 0" "epilog --job 11" reset reconcile; do
	# shellcheck disable=SC2086 # cmd is split into words on purpose
	out=$(as_nobody "$test_bin" $cmd 2>&1); rc=$?
	[ "$rc" -eq 5 ] || fail "uid 65534, $cmd: exit $rc, want 5 ($out)"
	echo "$out" | grep -q "must be run by root" || fail "uid 65534, $cmd: message '$out'"
done
[ "$(cat "$dir/sysctl")" = 0 ] || fail "uid 65534: the sysctl changed"
[ "$(ls -A "$dir/st")" = "$before" ] || fail "uid 65534: the state directory changed"
"$test_bin" epilog --job 11 2>/dev/null || fail "epilog 11 as root"
echo "privs: uid 65534 runs status, check and metrics (exit 0); prolog, epilog, reset and reconcile are refused"

# 4. the installed build has no test hooks
if grep -q NB_TEST_ "$real_bin"; then fail "$real_bin contains NB_TEST_ hooks"; fi
echo "privs: $real_bin has no NB_TEST_ hooks"
echo "privs: OK"
