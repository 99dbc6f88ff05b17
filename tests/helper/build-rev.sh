#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds an older commit's helper test build from `git archive REV` in
# DIR (which must exist; B=build there, whatever B the caller's make has)
# and prints the binary's path; on a failed build,
# the end of the build log on stderr and exit 2.
# Usage: build-rev.sh REV DIR
set -eu
rev=$1
dir=$2
git archive "$rev" | tar -x -C "$dir"
if ! make -C "$dir" -j2 B=build build/helper/numa-balancing-helper-test >"$dir/build.log" 2>&1; then
	tail -20 "$dir/build.log" >&2
	exit 2
fi
echo "$dir/build/helper/numa-balancing-helper-test"
