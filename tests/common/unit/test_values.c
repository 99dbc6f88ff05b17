/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: strict parsing of job ids, request values (also a job's
 * "0-tasks"), allow lists, defaults, conflict policies and off= routes. */
#include <string.h>

#include "common/values.h"
#include "suites.h"

START_TEST(request_values)
{
	int v = -1;

	ck_assert_int_eq(parse_request_value("0", &v), 0);
	ck_assert_int_eq(v, 0);
	ck_assert_int_eq(parse_request_value("1", &v), 0);
	ck_assert_int_eq(v, 1);
	static const char *bad[] = {
		"", " ", "2", "3", "-1", "+1", "01", "00", "1 ", " 1", "1\n", "\t0", "0x1",
		"yes", "on", "1.0", "99999999999999999999999", "18446744073709551617",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 7;
		ck_assert_msg(parse_request_value(bad[i], &v) == -1, "accepted '%s'", bad[i]);
		ck_assert_int_eq(v, 7);
	}
	ck_assert_int_eq(parse_request_value(NULL, &v), -1);
}
END_TEST

/* A job's request: what --value takes, and "0-tasks"; nothing else. */
START_TEST(job_requests)
{
	static const char *good[] = { "0", "1", "0-tasks" };
	static const char *bad[] = {
		"", "2", "-1", "0-task", "0-tasks ", " 0-tasks", "0-Tasks", "0-TASKS", "1-tasks",
		"0-tasks\n", "0tasks", "0_tasks", "0-tasks-", "tasks", "00-tasks", "0-tasks,1",
	};
	int v = -1;

	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(parse_job_request(good[i], &v), 0);
		ck_assert_int_eq(v, i);
		ck_assert_str_eq(job_request_name(v), good[i]);
	}
	ck_assert_int_eq(NB_REQUEST_0_TASKS, 2);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 7;
		ck_assert_msg(parse_job_request(bad[i], &v) == -1, "accepted '%s'", bad[i]);
		ck_assert_int_eq(v, 7);
	}
	ck_assert_int_eq(parse_job_request(NULL, &v), -1);
	ck_assert_int_eq(parse_request_value("0-tasks", &v), -1); /* --value stays 0 or 1 */
	ck_assert_ptr_null(job_request_name(-1));
	ck_assert_ptr_null(job_request_name(3));
	/* allowed wherever 0 is */
	ck_assert(request_allowed(1u, NB_REQUEST_0_TASKS));
	ck_assert(request_allowed(3u, NB_REQUEST_0_TASKS));
	ck_assert(!request_allowed(2u, NB_REQUEST_0_TASKS));
	ck_assert(!request_allowed(0u, NB_REQUEST_0_TASKS));
}
END_TEST

START_TEST(off_routes)
{
	static const struct { const char *s; enum nb_off o; } good[] = {
		{ "both", NB_OFF_BOTH }, { "node", NB_OFF_NODE }, { "tasks", NB_OFF_TASKS },
	};
	static const char *bad[] = { "", "Both", "both ", "nodes", "task", "0", "none", "both,node" };
	enum nb_off o;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		ck_assert_int_eq(parse_off(good[i].s, &o), 0);
		ck_assert_int_eq(o, good[i].o);
		ck_assert_str_eq(off_name(o), good[i].s);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		o = NB_OFF_TASKS;
		ck_assert_msg(parse_off(bad[i], &o) == -1, "accepted '%s'", bad[i]);
		ck_assert_int_eq(o, NB_OFF_TASKS);
	}
}
END_TEST

START_TEST(allow_lists)
{
	static const struct { const char *s; unsigned mask; } good[] = {
		{ "0", 1u }, { "1", 2u }, { "0,1", 3u }, { "1,0", 3u },
	};
	static const char *bad[] = {
		"", ",", "0,", ",1", "0,0", "1,1", "2", "0,2", "01", "0 ,1", "0,1,0", "0;1", " 0", "none",
	};
	unsigned m;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		ck_assert_int_eq(parse_allow(good[i].s, &m), 0);
		ck_assert_uint_eq(m, good[i].mask);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		m = 9;
		ck_assert_msg(parse_allow(bad[i], &m) == -1, "accepted '%s'", bad[i]);
		ck_assert_uint_eq(m, 9);
	}
	ck_assert(request_allowed(1u, 0));
	ck_assert(!request_allowed(1u, 1));
	ck_assert(request_allowed(2u, 1));
	ck_assert(!request_allowed(3u, -1));
	ck_assert(!request_allowed(3u, 3));
	ck_assert_str_eq(allow_name(3u), "0,1");
	ck_assert_str_eq(allow_name(1u), "0");
	ck_assert_str_eq(allow_name(2u), "1");
	ck_assert_str_eq(allow_name(0u), "none");
}
END_TEST

START_TEST(defaults)
{
	int v = 7;

	ck_assert_int_eq(parse_default("keep", &v), 0);
	ck_assert_int_eq(v, NB_DEFAULT_KEEP);
	ck_assert_int_eq(parse_default("0", &v), 0);
	ck_assert_int_eq(v, 0);
	ck_assert_int_eq(parse_default("1", &v), 0);
	ck_assert_int_eq(v, 1);
	ck_assert_int_eq(parse_default("Keep", &v), -1);
	ck_assert_int_eq(parse_default("", &v), -1);
	ck_assert_int_eq(parse_default("2", &v), -1);
}
END_TEST

START_TEST(job_ids)
{
	uint32_t j = 0;

	ck_assert_int_eq(parse_job_id("1", &j), 0);
	ck_assert_uint_eq(j, 1);
	ck_assert_int_eq(parse_job_id("4294967294", &j), 0);
	ck_assert_uint_eq(j, 4294967294u);
	static const char *bad[] = {
		"", "0", "4294967295", "4294967296", "18446744073709551616", "123_4",
		"123.0", "0123", "-5", "+5", " 5", "5 ", "5\n", "12a", "abc",
		"99999999999999999999999999999",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(parse_job_id(bad[i], &j) == -1, "accepted '%s'", bad[i]);
}
END_TEST

START_TEST(conflicts)
{
	enum nb_conflict c;

	ck_assert_int_eq(parse_conflict("keep", &c), 0);
	ck_assert_int_eq(c, NB_CONFLICT_KEEP);
	ck_assert_int_eq(parse_conflict("latest", &c), 0);
	ck_assert_int_eq(c, NB_CONFLICT_LATEST);
	ck_assert_int_eq(parse_conflict("Keep", &c), -1);
	ck_assert_int_eq(parse_conflict("", &c), -1);
	ck_assert_int_eq(parse_conflict("keep ", &c), -1);
	ck_assert_str_eq(conflict_name(NB_CONFLICT_LATEST), "latest");
	ck_assert_str_eq(conflict_name(NB_CONFLICT_KEEP), "keep");
}
END_TEST

START_TEST(uint_limits)
{
	uint64_t v;

	ck_assert_int_eq(parse_uint("18446744073709551615", 20, UINT64_MAX, &v), 0);
	ck_assert(v == UINT64_MAX);
	ck_assert_int_eq(parse_uint("18446744073709551616", 20, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_uint("5", 1, 4, &v), -1);
	ck_assert_int_eq(parse_uint("4", 1, 4, &v), 0);
	ck_assert_int_eq(parse_uint("10", 2, 9, &v), -1);
}
END_TEST

Suite *values_suite(void)
{
	Suite *s = suite_create("values");
	TCase *t = tcase_create("values");

	tcase_add_test(t, request_values);
	tcase_add_test(t, job_requests);
	tcase_add_test(t, off_routes);
	tcase_add_test(t, allow_lists);
	tcase_add_test(t, defaults);
	tcase_add_test(t, job_ids);
	tcase_add_test(t, conflicts);
	tcase_add_test(t, uint_limits);
	suite_add_tcase(s, t);
	return s;
}
