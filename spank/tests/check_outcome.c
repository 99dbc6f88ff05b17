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

/* How each failed run is recorded for the helper (common/ended.h). */
START_TEST(failure_recorded_as)
{
	struct nb_run not_started = { .spawn_errno = ENOENT };
	struct nb_run timed_out = { .status = W_EXITCODE(0, SIGKILL), .timed_out = true };
	struct nb_run killed = { .status = W_EXITCODE(0, SIGSEGV) };
	struct nb_run broken = { .status = W_EXITCODE(5, 0) };
	int status = -1;

	ck_assert_int_eq(nb_outcome_failure(&not_started, &status), NB_FAIL_NOT_STARTED);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(nb_outcome_failure(&timed_out, &status), NB_FAIL_TIMED_OUT);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(nb_outcome_failure(&killed, &status), NB_FAIL_KILLED);
	ck_assert_int_eq(status, SIGSEGV);
	ck_assert_int_eq(nb_outcome_failure(&broken, &status), NB_FAIL_EXIT);
	ck_assert_int_eq(status, 5);
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
	tcase_add_test(tc, failure_recorded_as);
	suite_add_tcase(s, tc);
	return s;
}
