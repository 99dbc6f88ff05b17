#!/bin/sh
# The NUMA node count: status asks the numa-nodes program (libnuma) and
# prints what it says, or "unknown" when it cannot be run or prints anything
# but a count. The program runs with no capabilities and no environment.
# Only status and the recovery of a lost baseline ask: prolog, epilog and
# check never run it, and the helper does not link libnuma, whose
# constructor would cost every prolog and epilog (docs/performance.md).
# Usage: nodes.sh HELPER_TEST_BIN HELPER_BIN NODES_BIN   (as root)
set -u
test_bin=$1 real_bin=$2 nodes_bin=$3
fail() { echo "nodes: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root"
dir=$(mktemp -d /tmp/nb-nodes.XXXXXX) || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
mkdir -m 755 "$dir/st"
echo 1 >"$dir/sysctl"
export NB_TEST_SYSCTL="$dir/sysctl" NB_TEST_STATE_DIR="$dir/st"

# fake NAME BODY: a stand-in for numa-nodes that records each run
fake() {
	printf '#!/bin/sh\necho run >>%s/%s.runs\n%s\n' "$dir" "$1" "$2" >"$dir/$1"
	chmod 755 "$dir/$1"
}
runs() { [ -f "$dir/$1.runs" ] && wc -l <"$dir/$1.runs" || echo 0; }
status_nodes() { "$test_bin" status 2>"$dir/err" | awk '$1 == "numa" && $2 == "nodes:" { print $3 }'; }
json_nodes() { "$test_bin" status --json 2>/dev/null | sed -n 's/.*"numa_nodes":\([^,]*\),.*/\1/p'; }

# 1. the real program: libnuma's count, at least one node
want=$("$nodes_bin") || fail "$nodes_bin failed"
[ "$want" -ge 1 ] 2>/dev/null || fail "$nodes_bin printed '$want'"
got=$(NB_TEST_NODES=$nodes_bin status_nodes)
[ "$got" = "$want" ] || fail "status says $got nodes, numa-nodes $want"
got=$(NB_TEST_NODES=$nodes_bin json_nodes)
[ "$got" = "$want" ] || fail "status --json says $got nodes, numa-nodes $want"
echo "nodes: status reports libnuma's $want node(s), in text and JSON"

# 2. status prints what the program says
fake four 'echo 4'
[ "$(NB_TEST_NODES=$dir/four status_nodes)" = 4 ] || fail "status ignored a count of 4"
[ "$(NB_TEST_NODES=$dir/four json_nodes)" = 4 ] || fail "status --json ignored a count of 4"
# also when started by a parent that ignores SIGCHLD
got=$(NB_TEST_NODES=$dir/four perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV or die' \
	"$test_bin" status 2>&1 | awk '$1 == "numa" && $2 == "nodes:" { print $3 }')
[ "$got" = 4 ] || fail "with SIGCHLD ignored, status says '$got' nodes, want 4"

# 3. anything but a count is "unknown" (null in JSON) with a warning, exit 0
check_unknown() { # NAME
	out=$(NB_TEST_NODES=$dir/$1 status_nodes); rc=$?
	[ "$rc" -eq 0 ] || fail "$1: status exited $rc"
	[ "$out" = unknown ] || fail "$1: status says '$out', want unknown"
	grep -q "numa nodes: .*$1" "$dir/err" || fail "$1: no warning naming the program: $(cat "$dir/err")"
	[ "$(NB_TEST_NODES=$dir/$1 json_nodes)" = null ] || fail "$1: JSON numa_nodes is not null"
}
fake zero 'echo 0'
fake word 'echo four'
fake empty ':'
fake space 'echo "4 "'
fake lead 'echo 04'
fake neg 'echo -1'
fake two_lines 'echo 4; echo 4'
fake huge 'echo 99999999999999999999'
fake no_newline 'printf 4'
fake long 'printf "%040d\\n" 4'
fake fails 'echo 4; exit 1'
fake killed 'echo 4; kill -9 $$'
for f in zero word empty space lead neg two_lines huge no_newline long fails killed; do
	check_unknown "$f"
done
check_unknown missing
echo "nodes: junk, a failure and a missing program all give 'unknown' with a warning"

# 4. the program runs with no capabilities and an empty environment
fake spy "grep -E '^(CapEff|CapPrm|CapBnd|CapAmb|NoNewPrivs):' /proc/\$\$/status >$dir/spy.caps
tr '\\0' '\\n' </proc/\$\$/environ >$dir/spy.env
echo 2"
[ "$(NB_TEST_NODES=$dir/spy status_nodes)" = 2 ] || fail "spy: status did not print 2"
for k in CapEff CapPrm CapBnd CapAmb; do
	v=$(awk -v k="$k:" '$1 == k { print $2 }' "$dir/spy.caps")
	[ "$v" = 0000000000000000 ] || fail "numa-nodes ran with $k $v"
done
grep -q '^NoNewPrivs:[[:space:]]*1$' "$dir/spy.caps" || fail "numa-nodes ran without no_new_privs"
[ ! -s "$dir/spy.env" ] || fail "numa-nodes got an environment: $(cat "$dir/spy.env")"
echo "nodes: numa-nodes runs with no capabilities, no_new_privs and no environment"

# 5. prolog, epilog and check never run it
fake two 'echo 2'
export NB_TEST_NODES="$dir/two"
"$test_bin" prolog --job 11 --value 0 || fail "prolog"
"$test_bin" check >/dev/null || fail "check"
"$test_bin" epilog --job 11 || fail "epilog"
[ "$(runs two)" = 0 ] || fail "prolog, epilog or check ran numa-nodes"
echo "nodes: prolog, check and epilog do not run numa-nodes"

# 6. records that lost their baseline get the boot default from the count
lost() { # NODES-FAKE WANT-BASELINE
	NB_TEST_NODES=$dir/$1 "$test_bin" prolog --job 12 --value 0 || fail "prolog"
	rm "$dir/st/baseline"
	before=$(runs "$1")
	NB_TEST_NODES=$dir/$1 "$test_bin" check >/dev/null 2>&1
	[ "$(runs "$1")" -eq $((before + 1)) ] || fail "$1: the recovery did not ask numa-nodes"
	grep -qx "value $2" "$dir/st/baseline" || fail "$1: baseline $(cat "$dir/st/baseline"), want $2"
	NB_TEST_NODES=$dir/$1 "$test_bin" epilog --job 12 || fail "epilog"
	[ "$(cat "$dir/sysctl")" = "$2" ] || fail "$1: epilog restored $(cat "$dir/sysctl"), want $2"
	echo 1 >"$dir/sysctl"
}
fake one 'echo 1'
lost two 1
lost one 0
lost word 0
echo "nodes: a lost baseline becomes 1 on two nodes, 0 on one or when the count is unknown"

# 7. neither build links libnuma
for b in "$test_bin" "$real_bin"; do
	if nm "$b" | grep -qw numa_init; then fail "$b links libnuma"; fi
done
echo "nodes: the helper does not link libnuma"
echo "nodes: OK"
