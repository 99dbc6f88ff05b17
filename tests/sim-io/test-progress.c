/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-progress.c - the progress line: silent when not enabled, at most
 * one line per half second, a final line at the end; plain lines into a
 * file, redrawn with '\r' on a terminal (a pseudo-terminal here). */
#include "io/progress.h"
#include "run-suite.h"
#include "capture.h"

#include <check.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int count_char(const char *s, char c)
{
	int n = 0;
	for (; *s; s++)
		n += *s == c;
	return n;
}

/* What the terminal shows, up to the end of the final line (the kernel
 * hands pseudo-terminal output over in pieces). */
static size_t read_terminal(int master, char *out, size_t size)
{
	size_t n = 0;
	struct pollfd p = { .fd = master, .events = POLLIN };
	out[0] = '\0';
	while (!strstr(out, "took") || out[n - 1] != '\n') {
		ck_assert_msg(poll(&p, 1, 5000) == 1, "no more output: %s", out);
		ssize_t got = read(master, out + n, size - 1 - n);
		ck_assert_int_gt(got, 0);
		n += (size_t)got;
		out[n] = '\0';
	}
	return n;
}

/* A burst of updates right after the start, then one after 0.6 s. */
static void run_updates(void)
{
	for (int i = 1; i <= 1000; i++)
		nb_progress_update(i * 0.5);
	usleep(600000);
	nb_progress_update(600.0);
	nb_progress_update(1000.0);
	nb_progress_end();
}

START_TEST(quiet_unless_enabled)
{
	char out[256];
	capture_begin();
	nb_progress_start(false, 1000.0);
	run_updates();
	nb_progress_start(true, 0.0);
	nb_progress_update(1.0);
	nb_progress_end();
	capture_end(out, sizeof out);
	ck_assert_str_eq(out, "");
}
END_TEST

START_TEST(plain_lines_rate_limited)
{
	char out[1024];
	capture_begin();
	nb_progress_start(true, 1000.0);
	run_updates();
	capture_end(out, sizeof out);
	ck_assert_msg(count_char(out, '\n') == 2, "%s", out);
	ck_assert_int_eq(count_char(out, '\r'), 0);
	ck_assert_msg(strstr(out, "nbsim:  60.0 % | 600.0 of 1000.0 ms model time | RTF ")
	              != NULL, "%s", out);
	ck_assert_ptr_nonnull(strstr(out, " | ETA "));
	ck_assert_msg(strstr(out, "\nnbsim: 100.0 % | 1000.0 of 1000.0 ms model "
	                     "time | RTF ") != NULL, "%s", out);
	ck_assert_ptr_nonnull(strstr(out, " | took "));
}
END_TEST

START_TEST(terminal_redraws_in_place)
{
	char out[1024];
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	ck_assert_int_ge(master, 0);
	ck_assert_int_eq(grantpt(master), 0);
	ck_assert_int_eq(unlockpt(master), 0);
	int slave = open(ptsname(master), O_RDWR | O_NOCTTY);
	ck_assert_int_ge(slave, 0);
	int saved = dup(STDERR_FILENO);
	dup2(slave, STDERR_FILENO);
	nb_progress_start(true, 1000.0);
	run_updates();
	dup2(saved, STDERR_FILENO);
	close(slave);
	size_t n = read_terminal(master, out, sizeof out);
	ck_assert_uint_gt(n, 0);
	ck_assert_msg(count_char(out, '\r') >= 2, "%s", out);
	ck_assert_ptr_nonnull(strstr(out, "\rnbsim:  60.0 %"));
	ck_assert_ptr_nonnull(strstr(out, "\rnbsim: 100.0 %"));
	ck_assert_int_eq(out[n - 1], '\n');
	close(master);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("progress");
	TCase *tc = tcase_create("progress");
	tcase_add_test(tc, quiet_unless_enabled);
	tcase_add_test(tc, plain_lines_rate_limited);
	tcase_add_test(tc, terminal_redraws_in_place);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
