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
	/* bad environment values */
	ck_assert_int_eq(parse("99", "", &a, ARGS("prolog")), -1);
	ck_assert_int_eq(parse("99", " 0", &a, ARGS("prolog")), -1);
	ck_assert_int_eq(parse("99", "2", &a, ARGS("prolog")), -1);
	ck_assert_int_eq(parse("12_3", "0", &a, ARGS("prolog")), -1);
	ck_assert_int_eq(parse("0", "0", &a, ARGS("prolog")), -1);
}
END_TEST

START_TEST(epilog)
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
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("status", "--json=1")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("status", "--json", "--json")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("check", "--json")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("--help", "x")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "4294967295", "--value", "0")), -1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("prolog", "--job", "1", "--value", "")), -1);
}
END_TEST

START_TEST(other_commands)
{
	struct nb_args a;

	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("status", "--json")), 0);
	ck_assert_int_eq(a.cmd, NB_CMD_STATUS);
	ck_assert_int_eq(a.json, 1);
	ck_assert_int_eq(parse(NULL, NULL, &a, ARGS("check")), 0);
	ck_assert_int_eq(a.cmd, NB_CMD_CHECK);
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
	tcase_add_test(t, epilog);
	tcase_add_test(t, bad_command_lines);
	tcase_add_test(t, other_commands);
	suite_add_tcase(s, t);
	return s;
}
