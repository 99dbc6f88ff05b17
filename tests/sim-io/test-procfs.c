/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-procfs.c - the probe's sysctl and /proc/vmstat readers (common/'s
 * parsers) on fixture files (tests/sim-io/fixtures) and on this machine's
 * real files. */
#include "io/procfs.h"
#include "run-suite.h"

#include <check.h>
#include <stdlib.h>
#include <unistd.h>

#define FIX "tests/sim-io/fixtures/"

START_TEST(sysctl_values)
{
	ck_assert_int_eq(nb_read_numa_balancing(FIX "sysctl-0"), 0);
	ck_assert_int_eq(nb_read_numa_balancing(FIX "sysctl-3"), 3);
}
END_TEST

START_TEST(sysctl_unreadable_or_bad)
{
	ck_assert_int_eq(nb_read_numa_balancing(FIX "no-such-file"), -1);
	ck_assert_int_eq(nb_read_numa_balancing(FIX "sysctl-garbage"), -1);
	ck_assert_int_eq(nb_read_numa_balancing(FIX "sysctl-two"), -1);
	ck_assert_int_eq(nb_read_numa_balancing(FIX "sysctl-empty"), -1);
}
END_TEST

START_TEST(vmstat_counters)
{
	struct nb_node_probe p;
	ck_assert_int_eq(nb_read_vmstat(FIX "vmstat-numa", &p), 0);
	ck_assert_uint_eq(p.numa_pte_updates, 1234567);
	ck_assert_uint_eq(p.numa_hint_faults, 456789);
	ck_assert_uint_eq(p.numa_hint_faults_local, 400000);
	ck_assert_uint_eq(p.numa_pages_migrated, UINT64_MAX);
}
END_TEST

START_TEST(vmstat_without_numa_counters)
{
	struct nb_node_probe p = { .numa_pte_updates = 9, .numa_hint_faults = 9,
	                           .numa_hint_faults_local = 9,
	                           .numa_pages_migrated = 9 };
	ck_assert_int_eq(nb_read_vmstat(FIX "vmstat-no-numa", &p), 0);
	ck_assert_uint_eq(p.numa_pte_updates + p.numa_hint_faults +
	                  p.numa_hint_faults_local + p.numa_pages_migrated, 0);
	ck_assert_int_eq(nb_read_vmstat(FIX "no-such-file", &p), -1);
	ck_assert_uint_eq(p.numa_hint_faults, 0);
	p.numa_pte_updates = 9;
	ck_assert_int_eq(nb_read_vmstat(FIX "vmstat-malformed", &p), -1);
	ck_assert_uint_eq(p.numa_pte_updates, 0);
}
END_TEST

/* The real files parse when the kernel has them. */
START_TEST(this_machine)
{
	struct nb_node_probe p;
	if (access(NB_SYSCTL_NUMA_BALANCING, R_OK) == 0) {
		int v = nb_read_numa_balancing(NB_SYSCTL_NUMA_BALANCING);
		ck_assert_int_ge(v, 0);
		ck_assert_int_le(v, 4);
	}
	ck_assert_int_eq(nb_read_vmstat(NB_VMSTAT, &p), 0);
	ck_assert_uint_ge(p.numa_hint_faults, p.numa_hint_faults_local);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("procfs");
	TCase *tc = tcase_create("parse");
	tcase_add_test(tc, sysctl_values);
	tcase_add_test(tc, sysctl_unreadable_or_bad);
	tcase_add_test(tc, vmstat_counters);
	tcase_add_test(tc, vmstat_without_numa_counters);
	tcase_add_test(tc, this_machine);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
