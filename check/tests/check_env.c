/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the job's variables as numa-balancing-check reads them. */
#include <string.h>

#include "check_suites.h"
#include "common/values.h"
#include "env.h"

static int parse(const char *request, const char *option, const char *at_start,
		 const char *policy, struct nb_check_facts *f, char err[128])
{
	const struct nb_check_env e = { request, option, at_start, policy };

	return nb_check_parse_env(&e, f, err, 128);
}

START_TEST(plugin_variables)
{
	struct nb_check_facts f;
	char err[128];

	ck_assert_int_eq(parse("0-tasks", NULL, "0", "local", &f, err), 0);
	ck_assert_int_eq(f.request, NB_REQUEST_0_TASKS);
	ck_assert_int_eq(f.at_start, 0);
	ck_assert(f.set_local);
	ck_assert_int_eq(parse("1", "0", "3", NULL, &f, err), 0);
	ck_assert_int_eq(f.request, 1);  /* the plugin's own variable wins */
	ck_assert_int_eq(f.at_start, 3);
	ck_assert(!f.set_local);
	ck_assert_int_eq(parse(NULL, "0", NULL, NULL, &f, err), 0);
	ck_assert_int_eq(f.request, 0);
	ck_assert_int_eq(f.at_start, NB_CHECK_NONE);
	ck_assert_int_eq(parse(NULL, NULL, NULL, NULL, &f, err), 0);
	ck_assert_int_eq(f.request, NB_CHECK_NONE);
}
END_TEST

START_TEST(bad_values_name_the_variable)
{
	struct nb_check_facts f;
	char err[128];

	ck_assert_int_eq(parse("yes", NULL, NULL, NULL, &f, err), -1);
	ck_assert_ptr_nonnull(strstr(err, "SLURM_NUMA_BALANCING_REQUEST='yes'"));
	ck_assert_int_eq(parse(NULL, "2", NULL, NULL, &f, err), -1);
	ck_assert_ptr_nonnull(strstr(err, "numa_balancing_numa_balancing='2'"));
	ck_assert_int_eq(parse("0", NULL, "-1", NULL, &f, err), -1);
	ck_assert_ptr_nonnull(strstr(err, "SLURM_NUMA_BALANCING='-1'"));
	ck_assert_int_eq(parse("0", NULL, "0", "bind", &f, err), -1);
	ck_assert_ptr_nonnull(strstr(err, "SLURM_NUMA_BALANCING_POLICY='bind'"));
}
END_TEST

START_TEST(rank_prefers_the_launcher)
{
	const char *none[NB_RANK_NVARS] = { NULL, NULL, NULL, NULL };
	const char *slurm[NB_RANK_NVARS] = { NULL, NULL, NULL, "3" };
	const char *mpirun[NB_RANK_NVARS] = { "1", NULL, NULL, "0" };
	const char *pmix[NB_RANK_NVARS] = { "", "2", NULL, "2" };

	ck_assert_str_eq(nb_check_rank(none), "-");
	ck_assert_str_eq(nb_check_rank(slurm), "3");
	ck_assert_str_eq(nb_check_rank(mpirun), "1");
	ck_assert_str_eq(nb_check_rank(pmix), "2");
	ck_assert_str_eq(nb_rank_vars[0], "OMPI_COMM_WORLD_RANK");
}
END_TEST

Suite *env_suite(void)
{
	Suite *s = suite_create("env");
	TCase *tc = tcase_create("env");

	tcase_add_test(tc, plugin_variables);
	tcase_add_test(tc, bad_values_name_the_variable);
	tcase_add_test(tc, rank_prefers_the_launcher);
	suite_add_tcase(s, tc);
	return s;
}
