/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the task's memory policy through the system calls, in the
 * test's own forked process (Check runs each test in a child). */
#include <linux/mempolicy.h>
#include <stdio.h>
#include <string.h>

#include "suites.h"
#include "common/mempolicy.h"

/* The policy numa_maps shows for the first mapping of a program that f
 * (a file or a pipe from it) describes. */
static void first_policy(FILE *f, char mode[32])
{
	char addr[32];

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%31s %31s", addr, mode), 2);
}

/* Set here, seen by this process and by a program it starts (fork and
 * exec, through the shell popen runs). */
START_TEST(local_is_set_and_inherited)
{
	char mode[32];
	FILE *f;

	ck_assert_int_eq(nb_policy_get(), MPOL_DEFAULT);
	ck_assert_int_eq(nb_policy_set_local(), 0);
	ck_assert_int_eq(nb_policy_get(), MPOL_LOCAL);
	f = fopen("/proc/self/numa_maps", "r");
	first_policy(f, mode);
	fclose(f);
	ck_assert_str_eq(mode, "local");
	f = popen("exec cat /proc/self/numa_maps", "r");
	first_policy(f, mode);
	pclose(f);
	ck_assert_str_eq(mode, "local");
}
END_TEST

START_TEST(skipped_means_explicit_without_balancing)
{
	ck_assert(!nb_policy_skipped(MPOL_DEFAULT));
	ck_assert(nb_policy_skipped(MPOL_LOCAL));
	ck_assert(nb_policy_skipped(MPOL_BIND));
	ck_assert(nb_policy_skipped(MPOL_INTERLEAVE | MPOL_F_STATIC_NODES));
	ck_assert(!nb_policy_skipped(MPOL_BIND | MPOL_F_NUMA_BALANCING));
	ck_assert(!nb_policy_skipped(-38));
}
END_TEST

START_TEST(names)
{
	ck_assert_str_eq(nb_policy_name(MPOL_LOCAL), "local");
	ck_assert_str_eq(nb_policy_name(MPOL_BIND | MPOL_F_NUMA_BALANCING), "bind");
	ck_assert_str_eq(nb_policy_name(MPOL_PREFERRED | MPOL_F_RELATIVE_NODES), "preferred");
	ck_assert_str_eq(nb_policy_name(99), "unknown");
	ck_assert_str_eq(nb_policy_name(-1), "unknown");
}
END_TEST

Suite *mempolicy_suite(void)
{
	Suite *s = suite_create("policy");
	TCase *tc = tcase_create("policy");

	tcase_add_test(tc, local_is_set_and_inherited);
	tcase_add_test(tc, skipped_means_explicit_without_balancing);
	tcase_add_test(tc, names);
	suite_add_tcase(s, tc);
	return s;
}
