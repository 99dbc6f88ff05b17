/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: helper exit codes, signals, timeouts and failed starts mapped
 * to what the plugin returns to Slurm. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "check_suites.h"
#include "nb_outcome.h"

static struct nb_outcome map_status(int status)
{
	struct nb_run run = { .status = status };
	struct nb_outcome o;

	nb_outcome_of(&run, 10, &o);
	return o;
}

static const struct {
	int code, rc;
	bool notable;
	const char *says;
} codes[] = {
	{ 0, 0, false, "done" },
	{ 1, -1, false, "drift" },
	{ 2, -1, false, "usage" },
	{ 3, 0, true, "not honoured" },
	{ 4, 0, true, "unsupported" },
	{ 5, -1, false, "broken" },
	{ 127, -1, false, "unknown" },
};

START_TEST(exit_code)
{
	struct nb_outcome o = map_status(W_EXITCODE(codes[_i].code, 0));

	ck_assert_int_eq(o.rc, codes[_i].rc);
	ck_assert_int_eq(o.notable, codes[_i].notable);
	ck_assert_msg(strstr(o.what, codes[_i].says) != NULL, "%d: %s",
		      codes[_i].code, o.what);
}
END_TEST

START_TEST(signal_is_broken)
{
	struct nb_outcome o = map_status(W_EXITCODE(0, SIGSEGV));

	ck_assert_int_eq(o.rc, -1);
	ck_assert_ptr_nonnull(strstr(o.what, "signal 11"));
}
END_TEST

START_TEST(timeout_is_broken)
{
	struct nb_run run = { .status = W_EXITCODE(0, SIGKILL), .timed_out = true };
	struct nb_outcome o;

	nb_outcome_of(&run, 7, &o);
	ck_assert_int_eq(o.rc, -1);
	ck_assert_ptr_nonnull(strstr(o.what, "7 s timeout"));
}
END_TEST

START_TEST(not_started_is_broken)
{
	struct nb_run run = { .spawn_errno = ENOENT };
	struct nb_outcome o;

	nb_outcome_of(&run, 10, &o);
	ck_assert_int_eq(o.rc, -1);
	ck_assert_ptr_nonnull(strstr(o.what, strerror(ENOENT)));
}
END_TEST

Suite *outcome_suite(void)
{
	Suite *s = suite_create("outcome");
	TCase *tc = tcase_create("outcome");

	tcase_add_loop_test(tc, exit_code, 0, (int)(sizeof(codes) / sizeof(codes[0])));
	tcase_add_test(tc, signal_is_broken);
	tcase_add_test(tc, timeout_is_broken);
	tcase_add_test(tc, not_started_is_broken);
	suite_add_tcase(s, tc);
	return s;
}
