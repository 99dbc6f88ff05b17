/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: numa-balancing-check's decision on fake policies, node
 * values, requests and values at task start. */
#include <errno.h>
#include <linux/mempolicy.h>
#include <string.h>

#include "check_suites.h"
#include "common/values.h"
#include "verdict.h"

#ifndef MPOL_F_NUMA_BALANCING
#define MPOL_F_NUMA_BALANCING (1 << 13)
#endif

static enum nb_check_cause decide(int kernel, int policy, int request, int at_start,
				  bool set_local)
{
	const struct nb_check_facts f = { kernel, policy, request, at_start, set_local };

	return nb_check_decide(&f);
}

START_TEST(reaches_follows_the_kernel_rules)
{
	ck_assert(nb_check_reaches(1, MPOL_DEFAULT));
	ck_assert(nb_check_reaches(3, MPOL_DEFAULT));
	ck_assert(nb_check_reaches(1, MPOL_BIND | MPOL_F_NUMA_BALANCING));
	ck_assert(!nb_check_reaches(2, MPOL_DEFAULT));  /* tiering alone */
	ck_assert(!nb_check_reaches(0, MPOL_DEFAULT));
	ck_assert(!nb_check_reaches(1, MPOL_LOCAL));
	ck_assert(!nb_check_reaches(1, MPOL_BIND));
	ck_assert(!nb_check_reaches(1, MPOL_INTERLEAVE));
	ck_assert(!nb_check_reaches(1, MPOL_PREFERRED));
	ck_assert(!nb_check_reaches(-ENOENT, MPOL_DEFAULT));
	ck_assert(!nb_check_reaches(1, -EPERM));
}
END_TEST

START_TEST(met_requests_pass)
{
	ck_assert_int_eq(decide(1, MPOL_LOCAL, NB_REQUEST_0_TASKS, 0, true), NB_CHECK_OK);
	ck_assert_int_eq(decide(1, MPOL_BIND, NB_REQUEST_0_TASKS, 0, true), NB_CHECK_OK);
	ck_assert_int_eq(decide(0, MPOL_DEFAULT, 0, 0, false), NB_CHECK_OK);
	ck_assert_int_eq(decide(-ENOENT, MPOL_DEFAULT, 0, NB_CHECK_NONE, false), NB_CHECK_OK);
	ck_assert_int_eq(decide(1, MPOL_DEFAULT, 1, 1, false), NB_CHECK_OK);
	ck_assert_int_eq(decide(3, MPOL_DEFAULT, 1, 3, false), NB_CHECK_OK);
}
END_TEST

START_TEST(no_request_passes_whatever_holds)
{
	ck_assert_int_eq(decide(1, MPOL_DEFAULT, NB_CHECK_NONE, NB_CHECK_NONE, false), NB_CHECK_OK);
	ck_assert_int_eq(decide(0, MPOL_BIND, NB_CHECK_NONE, 1, false), NB_CHECK_OK);
	ck_assert_int_eq(decide(-EACCES, -EPERM, NB_CHECK_NONE, NB_CHECK_NONE, false), NB_CHECK_OK);
}
END_TEST

/* The plugin gave the task MPOL_LOCAL, and the launcher's binding reset
 * it to the default on a node at 1. */
START_TEST(launcher_reset_is_named)
{
	struct nb_check_facts f = { 1, MPOL_DEFAULT, NB_REQUEST_0_TASKS, 0, true };
	char text[512];

	ck_assert_int_eq(nb_check_decide(&f), NB_CHECK_RESET);
	f.request = 0;
	ck_assert_int_eq(nb_check_decide(&f), NB_CHECK_RESET);
	nb_check_cause_text(NB_CHECK_RESET, &f, text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "policy default after launch"));
	ck_assert_ptr_nonnull(strstr(text, "mpirun --bind-to none"));
	ck_assert_ptr_nonnull(strstr(text, "mpi_membind"));
	/* 0-tasks never changes the node: at 0 from the start means an
	 * explicit policy then, so a default one now was reset too. */
	ck_assert_int_eq(decide(1, MPOL_DEFAULT, NB_REQUEST_0_TASKS, 0, false), NB_CHECK_RESET);
	/* The same node at 0: nothing reaches the task, nothing to tell. */
	ck_assert_int_eq(decide(0, MPOL_DEFAULT, NB_REQUEST_0_TASKS, 0, true), NB_CHECK_OK);
}
END_TEST

START_TEST(node_causes)
{
	struct nb_check_facts f = { 1, MPOL_DEFAULT, 0, 0, false };
	char text[512];

	ck_assert_int_eq(nb_check_decide(&f), NB_CHECK_NODE_CHANGED);
	nb_check_cause_text(NB_CHECK_NODE_CHANGED, &f, text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "is 1 now and was 0 at task start"));
	ck_assert_int_eq(decide(1, MPOL_DEFAULT, 0, 1, false), NB_CHECK_NODE_VALUE);
	ck_assert_int_eq(decide(0, MPOL_DEFAULT, 1, 1, false), NB_CHECK_NODE_CHANGED);
	ck_assert_int_eq(decide(0, MPOL_DEFAULT, 1, 0, false), NB_CHECK_NODE_VALUE);
	ck_assert_int_eq(decide(2, MPOL_DEFAULT, 1, NB_CHECK_NONE, false), NB_CHECK_NODE_VALUE);
	ck_assert_int_eq(decide(-ENOENT, MPOL_DEFAULT, 1, 0, false), NB_CHECK_UNSUPPORTED);
}
END_TEST

START_TEST(policy_causes)
{
	struct nb_check_facts f = { 1, MPOL_BIND, 1, 0, false };
	char text[512];

	ck_assert_int_eq(nb_check_decide(&f), NB_CHECK_EXPLICIT);
	nb_check_cause_text(NB_CHECK_EXPLICIT, &f, text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "policy bind"));
	ck_assert_ptr_nonnull(strstr(text, "--mem-bind=none"));
	ck_assert_int_eq(decide(1, MPOL_BIND | MPOL_F_NUMA_BALANCING, 0, 0, true),
			 NB_CHECK_POLICY_BALANCING);
	ck_assert_int_eq(decide(1, MPOL_DEFAULT, 0, NB_CHECK_NONE, false), NB_CHECK_NOT_STARTED);
}
END_TEST

START_TEST(unreadable_facts)
{
	struct nb_check_facts f = { -EACCES, MPOL_DEFAULT, 0, 0, true };
	char text[512];

	ck_assert_int_eq(nb_check_decide(&f), NB_CHECK_NO_KERNEL);
	nb_check_cause_text(NB_CHECK_NO_KERNEL, &f, text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, strerror(EACCES)));
	ck_assert_int_eq(decide(1, -ENOSYS, 1, 1, false), NB_CHECK_NO_POLICY);
}
END_TEST

Suite *verdict_suite(void)
{
	Suite *s = suite_create("verdict");
	TCase *tc = tcase_create("verdict");

	tcase_add_test(tc, reaches_follows_the_kernel_rules);
	tcase_add_test(tc, met_requests_pass);
	tcase_add_test(tc, no_request_passes_whatever_holds);
	tcase_add_test(tc, launcher_reset_is_named);
	tcase_add_test(tc, node_causes);
	tcase_add_test(tc, policy_causes);
	tcase_add_test(tc, unreadable_facts);
	suite_add_tcase(s, tc);
	return s;
}
