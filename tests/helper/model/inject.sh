#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The fault injector on plain programs: counting, a call that fails
# without effect, one that takes effect and then reports failure, a
# SIGKILL at the Nth call.
# Usage: inject.sh INJECT_BIN
set -u
inj=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
	echo "inject.sh: FAIL: $*" >&2
	exit 1
}

n=$("$inj" -c -- /bin/true 2>&1 | sed -n 's/^inject: \([0-9]*\) any call.*/\1/p')
[ "${n:-0}" -gt 0 ] || fail "no system calls counted for /bin/true"

touch "$dir/a"
"$inj" -s unlinkat -e EACCES -- /bin/rm -f "$dir/a" 2>/dev/null && fail "rm exited 0 with its unlink failed"
[ -e "$dir/a" ] || fail "a failed unlink removed the file"

"$inj" -s unlinkat -m effect -e EIO -- /bin/rm -f "$dir/a" 2>/dev/null && fail "rm exited 0 with EIO reported"
[ ! -e "$dir/a" ] || fail "an unlink that took effect left the file"

"$inj" -s any -n 3 -m kill -- /bin/true 2>/dev/null
rc=$?
[ "$rc" -eq 137 ] || fail "a kill at the 3rd call: exit $rc, not 137"

"$inj" -s write -n 2 -e ENOSPC -- /bin/sh -c 'echo one; echo two' >"$dir/out" 2>/dev/null
[ "$(cat "$dir/out")" = one ] || fail "the 2nd write failed, but the output is '$(cat "$dir/out")'"
echo "inject.sh: counting, fail, effect, kill and the Nth call: ok ($n calls in /bin/true)"
