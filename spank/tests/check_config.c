/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the strict plugstack key=value parser. */
#include <string.h>

#include "check_suites.h"
#include "nb_config.h"

static struct nb_config cfg;
static char err[256];

static int parse(int argc, char *const argv[])
{
	nb_config_defaults(&cfg, "/usr/local/sbin/numa-balancing-helper");
	err[0] = '\0';
	return nb_config_parse(&cfg, argc, argv, err, sizeof(err));
}

START_TEST(defaults)
{
	ck_assert_int_eq(parse(0, NULL), 0);
	ck_assert_str_eq(cfg.helper, "/usr/local/sbin/numa-balancing-helper");
	ck_assert_int_eq(cfg.default_value, NB_DEFAULT_KEEP);
	ck_assert_uint_eq(cfg.allow_mask, 3u);
	ck_assert_int_eq(cfg.conflict, NB_CONFLICT_KEEP);
	ck_assert_uint_eq(cfg.timeout_s, 10u);
	ck_assert_int_eq(cfg.off, NB_OFF_BOTH);
	ck_assert_int_eq(cfg.mpi_membind, NB_MEMBIND_OFF);
}
END_TEST

START_TEST(every_key)
{
	char *const argv[] = { "helper=/opt/nb/helper", "default=0", "allow=1,0",
			       "conflict=latest", "timeout=30", "off=tasks", "mpi_membind=job" };

	ck_assert_int_eq(parse(7, argv), 0);
	ck_assert_str_eq(cfg.helper, "/opt/nb/helper");
	ck_assert_int_eq(cfg.default_value, 0);
	ck_assert_uint_eq(cfg.allow_mask, 3u);
	ck_assert_str_eq(conflict_name(cfg.conflict), "latest");
	ck_assert_uint_eq(cfg.timeout_s, 30u);
	ck_assert_int_eq(cfg.off, NB_OFF_TASKS);
	ck_assert_int_eq(cfg.mpi_membind, NB_MEMBIND_JOB);
}
END_TEST

START_TEST(allow_single)
{
	char *const argv[] = { "allow=0", "default=keep" };

	ck_assert_int_eq(parse(2, argv), 0);
	ck_assert_uint_eq(cfg.allow_mask, 1u);
	ck_assert_int_eq(cfg.default_value, NB_DEFAULT_KEEP);
}
END_TEST

/* Each bad argument fails alone, with a message naming what is wrong. */
static const struct bad_arg {
	const char *arg;  /* cppcheck-suppress unusedStructMember */
	const char *says; /* cppcheck-suppress unusedStructMember */
} bad[] = {
	{ "helper=relative/path", "absolute" },
	{ "default=2", "keep, 0 or 1" },
	{ "default=", "empty value" },
	{ "allow=", "empty value" },
	{ "allow=0,0", "each once" },
	{ "allow=2", "0 and 1" },
	{ "allow=0,", "0 and 1" },
	{ "allow=01", "0 and 1" },
	{ "conflict=first", "keep or latest" },
	{ "timeout=0", "1 to 3600" },
	{ "timeout=3601", "1 to 3600" },
	{ "timeout=5s", "1 to 3600" },
	{ "timeout=-5", "1 to 3600" },
	{ "timeout= 5", "1 to 3600" },
	{ "off=all", "both, tasks or node" },
	{ "off=Node", "both, tasks or node" },
	{ "off=", "empty value" },
	{ "mpi_membind=on", "off, job or all" },
	{ "mpi_membind=", "empty value" },
	{ "tiemout=5", "unknown key" },
	{ "helper", "expected key=value" },
	{ "=0", "expected key=value" },
};

START_TEST(bad_argument)
{
	char *const argv[] = { (char *)bad[_i].arg };

	ck_assert_int_eq(parse(1, argv), -1);
	ck_assert_msg(strstr(err, bad[_i].says) != NULL, "'%s' -> '%s'",
		      bad[_i].arg, err);
}
END_TEST

START_TEST(off_each_route)
{
	char *const node[] = { "off=node" };
	char *const both[] = { "off=both" };
	char *const twice[] = { "off=tasks", "off=node" };

	ck_assert_int_eq(parse(1, node), 0);
	ck_assert_int_eq(cfg.off, NB_OFF_NODE);
	ck_assert_int_eq(parse(1, both), 0);
	ck_assert_int_eq(cfg.off, NB_OFF_BOTH);
	ck_assert_int_eq(parse(2, twice), -1);
	ck_assert_ptr_nonnull(strstr(err, "off= given twice"));
}
END_TEST

START_TEST(repeated_key)
{
	char *const argv[] = { "default=0", "default=1" };

	ck_assert_int_eq(parse(2, argv), -1);
	ck_assert_ptr_nonnull(strstr(err, "given twice"));
}
END_TEST

Suite *config_suite(void)
{
	Suite *s = suite_create("config");
	TCase *tc = tcase_create("config");

	tcase_add_test(tc, defaults);
	tcase_add_test(tc, every_key);
	tcase_add_test(tc, allow_single);
	tcase_add_loop_test(tc, bad_argument, 0, (int)(sizeof(bad) / sizeof(bad[0])));
	tcase_add_test(tc, off_each_route);
	tcase_add_test(tc, repeated_key);
	suite_add_tcase(s, tc);
	return s;
}
