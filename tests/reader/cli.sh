#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# numa-balancing-state's command line: every bad one exits 2 with its
# reason and writes nothing; --help and --version exit 0; metrics --out
# FILE and --out=FILE write the same file; and the helper's status, check
# and metrics, handed over, print what numa-balancing-state prints and exit
# as it does.
# Usage: cli.sh STATE_TEST_BIN HELPER_TEST_BIN   (fake paths; as root or not)
set -u
state=$1 helper=$2
fail() { echo "reader-cli: FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d /tmp/nb-reader-cli.XXXXXX) || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
mkdir -m 755 "$dir/st" "$dir/out"
echo 1 >"$dir/sysctl"
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$dir/st"

for args in "" "frobnicate" "status --json --json" "status --json=1" "status -v" \
	"check --json" "check extra" "metrics --out" "metrics --out relative.prom" \
	"metrics --out=$dir/out/" "metrics --out $dir/out/a.prom extra" "--help extra" \
	"prolog --job 1 --value 0" "reset"; do
	# shellcheck disable=SC2086 # args is split into words on purpose
	err=$("$state" $args 2>&1 >/dev/null); rc=$?
	[ "$rc" -eq 2 ] || fail "'$args': exit $rc, want 2"
	case $err in *"(try --help)"*) ;; *) fail "'$args': no reason on stderr: '$err'" ;; esac
done
[ -z "$(ls -A "$dir/out")" ] || fail "a refused metrics wrote $(ls -A "$dir/out")"
[ "$(cat "$dir/sysctl")" = 1 ] || fail "a refused command changed the sysctl"
echo "reader-cli: 14 bad command lines exit 2 with a reason, nothing written"

"$state" --help | grep -q '^usage: numa-balancing-state status' || fail "--help"
"$state" --version | grep -q '^numa-balancing-state [0-9]' || fail "--version"

"$helper" prolog --job 7 --value 0 2>/dev/null || fail "prolog 7"
"$state" metrics --out "$dir/out/a.prom" || fail "metrics --out FILE: exit $?"
"$state" metrics --out="$dir/out/b.prom" || fail "metrics --out=FILE: exit $?"
grep -q '^numa_balancing_holder_job 7$' "$dir/out/a.prom" || fail "a.prom: no holder 7"
cmp -s "$dir/out/a.prom" "$dir/out/b.prom" || fail "--out FILE and --out=FILE differ"
echo "reader-cli: metrics --out FILE and --out=FILE write the same file"

echo 0 >"$dir/sysctl"
for args in "status" "status --json" "check" "metrics"; do
	# shellcheck disable=SC2086
	direct=$("$state" $args 2>&1); rc=$?
	# shellcheck disable=SC2086
	handed=$("$helper" $args 2>&1); hrc=$?
	[ "$rc" -eq "$hrc" ] || fail "'$args': numa-balancing-state exits $rc, the helper $hrc"
	[ "$direct" = "$handed" ] || fail "'$args': the helper prints '$handed', numa-balancing-state '$direct'"
done
echo 1 >"$dir/sysctl"
"$helper" check >/dev/null 2>&1; rc=$?
[ "$rc" -eq 1 ] || fail "the helper's check of a drift exits $rc, want 1"
"$helper" status --bogus >/dev/null 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "the helper's status --bogus exits $rc, want 2"
"$helper" epilog --job 7 2>/dev/null || fail "epilog 7"
echo "reader-cli: the helper's status, check and metrics print and exit as numa-balancing-state's"
echo "reader-cli: OK"
