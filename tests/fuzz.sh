#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs each libFuzzer target for SECONDS on its corpus (fuzz-out/NAME,
# seeded from tests/fuzz-seeds/NAME without its fuzz_ prefix), prints
# executions and crashes per target, and fails when a target crashes.
# Crash inputs stay in fuzz-out/NAME/crashes/.
# Usage: fuzz.sh SECONDS FUZZER...
set -u
secs=$1; shift
out=fuzz-out
status=0
for f in "$@"; do
	name=$(basename "$f")
	seeds=tests/fuzz-seeds/${name#fuzz_}
	mkdir -p "$out/$name/corpus" "$out/$name/crashes"
	log="$out/$name/last-run.log"
	"$f" -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$out/$name/crashes/" \
		"$out/$name/corpus" "$seeds" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	crashes=$(ls "$out/$name/crashes" | wc -l)
	echo "fuzz: $name: ${execs:-?} executions in $secs s, corpus $(ls "$out/$name/corpus" | wc -l) inputs, $crashes crash files, exit $rc"
	if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then
		status=1
		tail -30 "$log" >&2
	fi
done
exit $status
