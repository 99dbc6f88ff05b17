/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: command line and environment parsing. */
#include <string.h>

#include "args.h"
#include "suites.h"

#define ARGS(...) ((const char *[]){ __VA_ARGS__, NULL })
static const char *no_args[] = { NULL };

static int parse(const char *job_env, const char *value_env, struct nb_args *a,
                 const char **args)
{
	const char *argv[16];
	int argc = 0;
	char err[256];
	struct nb_env env = { job_env, value_env };

	argv[argc++] = "numa-balancing-helper";
	while (*args)
		argv[argc++] = *args++;
	argv[argc] = NULL;
	err[0] = '\0';
	int rc = args_parse(argc, argv, &env, a, err, sizeof(err));
	ck_assert_msg(rc == 0 || err[0] != '\0', "an error without a message");
	return rc;
}

START_TEST(prolog_flags)
{
	struct nb_args a;

	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "42", "--value", "0")), 0);
	ck_assert_int_eq(a.cmd, NB_CMD_PROLOG);
	ck_assert_uint_eq(a.job, 42);
	ck_assert_int_eq(a.value, 0);
	ck_assert_int_eq(a.conflict, NB_CONFLICT_KEEP);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job=7", "--value=1", "--conflict=latest")), 0);
	ck_assert_uint_eq(a.job, 7);
	ck_assert_int_eq(a.value, 1);
	ck_assert_int_eq(a.conflict, NB_CONFLICT_LATEST);
}
END_TEST

START_TEST(prolog_env)
{
	struct nb_args a;

	ck_assert_int_eq(parse("99", "0", &a, ARGS("prolog")), 0);
	ck_assert_uint_eq(a.job, 99);
	ck_assert_int_eq(a.value, 0);
	/* flags win over the environment */
	ck_assert_int_eq(parse("99", "0", &a, ARGS("prolog", "--job", "5", "--value", "1")), 0);
	ck_assert_uint_eq(a.job, 5);
	ck_assert_int_eq(a.value, 1);
	/* no request at all: records nothing */
	ck_assert_int_eq(parse("99", NULL, &a, ARGS("prolog")), 0);
	ck_assert_int_eq(a.value, -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog")), 0);
	ck_assert_int_eq(a.value, -1);
	/* a request needs a job */
	ck_assert_int_eq(parse(NULL, "1", &a, ARGS("prolog")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--value", "1")), -1);
	/* a bad job id from slurmd is still an error */
	ck_assert_int_eq(parse("12_3", "0", &a, ARGS("prolog")), -1);
	ck_assert_int_eq(parse("0", "0", &a, ARGS("prolog")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--value", "1", "--allow", "0")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--default", "0", "--value", "1")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--allow", "2")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--default", "on")), -1);
}
END_TEST

/* The request in the environment comes from the submitting user: anything
 * unusable is no request (or the site default), with an escaped note. */
START_TEST(prolog_env_hostile)
{
	static const char *const bad[] = {
		"", " 0", "2", "abc", "01", "1 ", "-1", "+1", "0x0", "1\n", "\n1",
		"0\nnuma-balancing-helper: forged line", "1;reboot", "$(reboot)", "%s%n",
		"\033[31m1", "1\t", "true", "on", "1.0", "00", "\xff\xfe", "\xef\xbc\x91",
	};
	struct nb_args a;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(parse("99", bad[i], &a, ARGS("prolog")), 0);
		ck_assert_int_eq(a.value, -1);
		ck_assert_msg(strstr(a.ignored, "ignoring " NB_ENV_VALUE) != NULL, "no note for %s", bad[i]);
		ck_assert_msg(strpbrk(a.ignored, "\n\r\033") == NULL, "unescaped note: %s", a.ignored);
		/* with no job id either: still no request, not an error */
		ck_assert_int_eq(parse(NULL, bad[i], &a, ARGS("prolog")), 0);
		ck_assert_int_eq(a.value, -1);
	}
	char huge[8192];
	memset(huge, '1', sizeof(huge) - 1);
	huge[sizeof(huge) - 1] = '\0';
	ck_assert_int_eq(parse("99", huge, &a, ARGS("prolog")), 0);
	ck_assert_int_eq(a.value, -1);
	ck_assert_ptr_nonnull(strstr(a.ignored, "...'"));
	ck_assert_int_eq(parse("99", "1", &a, ARGS("prolog")), 0);
	ck_assert_str_eq(a.ignored, "");
}
END_TEST

START_TEST(prolog_env_policy)
{
	struct nb_args a;

	ck_assert_int_eq(parse("99", "1", &a, ARGS("prolog", "--allow", "0")), 0);
	ck_assert_int_eq(a.value, -1);
	ck_assert_ptr_nonnull(strstr(a.ignored, "not allowed here"));
	ck_assert_int_eq(parse("99", "0", &a, ARGS("prolog", "--allow=0")), 0);
	ck_assert_int_eq(a.value, 0);
	ck_assert_int_eq(parse("99", NULL, &a, ARGS("prolog", "--default", "0")), 0);
	ck_assert_int_eq(a.value, 0);
	ck_assert_int_eq(parse("99", "1", &a, ARGS("prolog", "--allow", "0", "--default", "0")), 0);
	ck_assert_int_eq(a.value, 0);
	ck_assert_ptr_nonnull(strstr(a.ignored, "the default 0"));
	ck_assert_int_eq(parse("99", "x", &a, ARGS("prolog", "--default", "1", "--conflict", "latest")), 0);
	ck_assert_int_eq(a.value, 1);
	ck_assert_int_eq(a.conflict, NB_CONFLICT_LATEST);
	/* the site default for a job that did not ask needs the job id */
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--default", "1")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--default", "keep")), 0);
	ck_assert_int_eq(a.value, -1);
}
END_TEST

/* --off: node by default; both makes a 0 yield (the record says so);
 * tasks makes a 0 no request, from --value or the environment; 0-tasks
 * from the environment is never a request, allowed wherever 0 is. */
START_TEST(prolog_off_routes)
{
	struct nb_args a;

	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "4", "--value", "0")), 0);
	ck_assert_int_eq(a.off, NB_OFF_NODE);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "4", "--value", "0", "--off",
	                                            "both")), 0);
	ck_assert_int_eq(a.off, NB_OFF_BOTH);
	ck_assert_int_eq(a.value, 0);
	ck_assert_str_eq(a.no_request, "");
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job=4", "--value=0", "--off=tasks")), 0);
	ck_assert_int_eq(a.value, -1);
	ck_assert_str_eq(a.no_request, "job 4 prolog: request 0 (--off tasks) is met by the tasks' "
	                 "memory policy alone: nothing to do here");
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job=4", "--value=1", "--off=tasks")), 0);
	ck_assert_int_eq(a.value, 1);
	ck_assert_str_eq(a.no_request, "");
	ck_assert_int_eq(parse("8", "0", &a, ARGS("prolog", "--off", "tasks")), 0);
	ck_assert_int_eq(a.value, -1);
	ck_assert_ptr_nonnull(strstr(a.no_request, "job 8 prolog: request 0 (--off tasks)"));
	for (int off = 0; off < 3; off++) {
		const char *name = off_name((enum nb_off)off);

		ck_assert_int_eq(parse("8", "0-tasks", &a, ARGS("prolog", "--off", name)), 0);
		ck_assert_int_eq(a.value, -1);
		ck_assert_str_eq(a.ignored, "");
		ck_assert_ptr_nonnull(strstr(a.no_request, "job 8 prolog: request 0-tasks is met"));
		ck_assert_int_eq(parse(NULL, "0-tasks", &a, ARGS("prolog", "--off", name)), 0);
		ck_assert_int_eq(a.value, -1);
		ck_assert_ptr_nonnull(strstr(a.no_request, "prolog: request 0-tasks is met"));
	}
	ck_assert_int_eq(parse("8", "0-tasks", &a, ARGS("prolog", "--allow", "0")), 0);
	ck_assert_int_eq(a.value, -1);
	ck_assert_ptr_nonnull(strstr(a.no_request, "0-tasks"));
	/* where 0 is not allowed, 0-tasks is not either: the default applies */
	ck_assert_int_eq(parse("8", "0-tasks", &a, ARGS("prolog", "--allow", "1", "--default", "1")), 0);
	ck_assert_int_eq(a.value, 1);
	ck_assert_ptr_nonnull(strstr(a.ignored, "'0-tasks' (not allowed here); the default 1"));
	ck_assert_str_eq(a.no_request, "");
	ck_assert_int_eq(parse("8", "0-task", &a, ARGS("prolog")), 0);
	ck_assert_int_eq(a.value, -1);
	ck_assert_ptr_nonnull(strstr(a.ignored, "(not 0, 1 or 0-tasks)"));
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "1", "--value", "0-tasks")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "1", "--off", "all")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--off", "both", "--off", "node")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("epilog", "--job", "1", "--off", "both")), -1);
}
END_TEST

START_TEST(script_flag)
{
	struct nb_args a;

	ck_assert_int_eq(parse("3", "1", &a, ARGS("prolog", "--script", "--off", "both")), 0);
	ck_assert_int_eq(a.script, 1);
	ck_assert_int_eq(a.value, 1);
	ck_assert_int_eq(parse("3", NULL, &a, ARGS("epilog", "--script")), 0);
	ck_assert_int_eq(a.script, 1);
	ck_assert_int_eq(parse("3", NULL, &a, ARGS("epilog")), 0);
	ck_assert_int_eq(a.script, 0);
	ck_assert_int_eq(parse("3", NULL, &a, ARGS("epilog", "--script=1")), -1);
	ck_assert_int_eq(parse("3", NULL, &a, ARGS("epilog", "--script", "--script")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("reset", "--script")), -1);
}
END_TEST

START_TEST(epilog_args)
{
	struct nb_args a;

	ck_assert_int_eq(parse("17", NULL, &a, ARGS("epilog")), 0);
	ck_assert_int_eq(a.cmd, NB_CMD_EPILOG);
	ck_assert_uint_eq(a.job, 17);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("epilog", "--job", "18")), 0);
	ck_assert_uint_eq(a.job, 18);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("epilog")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("epilog", "--job", "18", "--value", "1")), -1);
}
END_TEST

START_TEST(bad_command_lines)
{
	struct nb_args a;

	ck_assert_int_eq(parse(NULL, NULL, &a, no_args), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("frobnicate")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "1", "--job", "1", "--value", "0")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "1", "--value", "0", "extra")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "1", "--value", "0", "--conflict", "never")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "-j", "1")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--jobx", "1")), -1);
	/* numa-balancing-state's commands are handed over before parsing */
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("status")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("check")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("metrics")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("reset", "--json")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("--help", "x")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "4294967295", "--value", "0")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "1", "--value", "")), -1);
}
END_TEST

START_TEST(other_commands)
{
	struct nb_args a;

	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("reconcile")), 0);
	ck_assert_int_eq(a.cmd, NB_CMD_RECONCILE);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("reset")), 0);
	ck_assert_int_eq(a.cmd, NB_CMD_RESET);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("--version")), 0);
	ck_assert_int_eq(a.cmd, NB_CMD_VERSION);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("--help")), 0);
	ck_assert_int_eq(a.cmd, NB_CMD_HELP);
}
END_TEST

Suite *args_suite(void)
{
	Suite *s = suite_create("args");
	TCase *t = tcase_create("argv");

	tcase_add_test(t, prolog_flags);
	tcase_add_test(t, prolog_env);
	tcase_add_test(t, prolog_env_hostile);
	tcase_add_test(t, prolog_env_policy);
	tcase_add_test(t, prolog_off_routes);
	tcase_add_test(t, script_flag);
	tcase_add_test(t, epilog_args);
	tcase_add_test(t, bad_command_lines);
	tcase_add_test(t, other_commands);
	suite_add_tcase(s, t);
	return s;
}
