/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: which jobs get the launchers' strict memory binding
 * (mpi_membind=), and the parameters' names. */
#include <string.h>

#include "check_suites.h"
#include "common/values.h"
#include "nb_membind.h"

START_TEST(parse_values)
{
	enum nb_membind m = NB_MEMBIND_ALL;

	ck_assert_int_eq(parse_membind("off", &m), 0);
	ck_assert_int_eq(m, NB_MEMBIND_OFF);
	ck_assert_int_eq(parse_membind("job", &m), 0);
	ck_assert_int_eq(m, NB_MEMBIND_JOB);
	ck_assert_int_eq(parse_membind("all", &m), 0);
	ck_assert_int_eq(m, NB_MEMBIND_ALL);
	ck_assert_int_eq(parse_membind("on", &m), -1);
	ck_assert_int_eq(parse_membind("All", &m), -1);
	ck_assert_int_eq(parse_membind("", &m), -1);
	ck_assert_int_eq(parse_membind(NULL, &m), -1);
}
END_TEST

/* Only 0 and 0-tasks jobs: a 1 job wants balancing, which strict binding
 * would keep away; no request, nothing to keep. */
START_TEST(only_off_requests)
{
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, 0, NULL, false), NB_MEMBIND_EXPORT);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, NB_REQUEST_0_TASKS, NULL, false),
			 NB_MEMBIND_EXPORT);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, 1, NULL, false), NB_MEMBIND_SKIP);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, 1, "strict", false), NB_MEMBIND_SKIP);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, NB_DEFAULT_KEEP, NULL, false),
			 NB_MEMBIND_SKIP);
}
END_TEST

START_TEST(site_and_job)
{
	/* off: the job's variable changes nothing. */
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_OFF, 0, "strict", false), NB_MEMBIND_SKIP);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_OFF, 0, "bogus", false), NB_MEMBIND_SKIP);
	/* job: only jobs that ask. */
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_JOB, 0, NULL, false), NB_MEMBIND_SKIP);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_JOB, NB_REQUEST_0_TASKS, "strict", false),
			 NB_MEMBIND_EXPORT);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_JOB, 0, "none", false), NB_MEMBIND_SKIP);
	/* all: every job but those that decline. */
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, 0, "none", false), NB_MEMBIND_SKIP);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, 0, "strict", false), NB_MEMBIND_EXPORT);
	/* A value that is neither is told, not guessed at. */
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_JOB, 0, "yes", false), NB_MEMBIND_BAD_JOB);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, 0, "", false), NB_MEMBIND_BAD_JOB);
}
END_TEST

/* The job set a launcher's parameter itself: never overridden. */
START_TEST(user_setting_wins)
{
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_ALL, 0, NULL, true), NB_MEMBIND_SKIP);
	ck_assert_int_eq(nb_membind_decide(NB_MEMBIND_JOB, 0, "strict", true), NB_MEMBIND_SKIP);
}
END_TEST

START_TEST(parameter_names)
{
	ck_assert_str_eq(nb_membind_vars[0].name, "OMPI_MCA_hwloc_base_mem_alloc_policy");
	ck_assert_str_eq(nb_membind_vars[1].name, "PRTE_MCA_hwloc_default_mem_alloc_policy");
	for (int i = 0; i < NB_MEMBIND_NVARS; i++)
		ck_assert_str_eq(nb_membind_vars[i].value, "local_only");
}
END_TEST

Suite *membind_suite(void)
{
	Suite *s = suite_create("membind");
	TCase *tc = tcase_create("membind");

	tcase_add_test(tc, parse_values);
	tcase_add_test(tc, only_off_requests);
	tcase_add_test(tc, site_and_job);
	tcase_add_test(tc, user_setting_wins);
	tcase_add_test(tc, parameter_names);
	suite_add_tcase(s, tc);
	return s;
}
