/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: each message reaches stderr as one write(2) of one whole
 * line, so prologs appending to one log file cannot merge their lines.
 * stderr is a datagram socket here: one recv returns exactly one write. */
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"
#include "suites.h"

static int reader;

static void stderr_to_socket(void)
{
	int sv[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), 0);
	ck_assert_int_eq(dup2(sv[1], STDERR_FILENO), STDERR_FILENO);
	close(sv[1]);
	reader = sv[0];
}

/* The next write to stderr, NUL-terminated; its length. */
static ssize_t next_write(char *buf, size_t size)
{
	ssize_t n = recv(reader, buf, size - 1, MSG_DONTWAIT);

	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	return n;
}

START_TEST(one_write_per_line)
{
	char buf[4096];

	stderr_to_socket();
	log_msg(LOG_WARNING, "ignoring %s='%s'", "VAR", "2");
	next_write(buf, sizeof(buf));
	ck_assert_str_eq(buf, "numa-balancing-helper: ignoring VAR='2'\n");
	ck_assert_int_lt(recv(reader, buf, sizeof(buf), MSG_DONTWAIT), 0);
}
END_TEST

START_TEST(long_message_cut_to_one_line)
{
	char buf[4096], msg[2000];
	ssize_t n;

	memset(msg, 'x', sizeof(msg) - 1);
	msg[sizeof(msg) - 1] = '\0';
	stderr_to_socket();
	log_msg(LOG_ERR, "%s", msg);
	n = next_write(buf, sizeof(buf));
	ck_assert_int_eq(n, 1024);
	ck_assert_int_eq(buf[n - 1], '\n');
	ck_assert_ptr_eq(strchr(buf, '\n'), buf + n - 1);
	ck_assert_int_eq(strncmp(buf, "numa-balancing-helper: xxx", 26), 0);
}
END_TEST

START_TEST(info_stays_off_stderr)
{
	char buf[64];

	stderr_to_socket();
	log_msg(LOG_INFO, "not for stderr");
	ck_assert_int_lt(recv(reader, buf, sizeof(buf), MSG_DONTWAIT), 0);
}
END_TEST

/* --script: every message goes to stderr; log_warned tells whether a
 * warning or an error did. */
START_TEST(all_to_stderr_and_warned)
{
	char buf[128];

	stderr_to_socket();
	ck_assert_int_eq(log_warned(), 0);
	log_msg(LOG_INFO, "quiet");
	ck_assert_int_eq(log_warned(), 0);
	log_all_to_stderr();
	log_msg(LOG_INFO, "an outcome");
	next_write(buf, sizeof(buf));
	ck_assert_str_eq(buf, "numa-balancing-helper: an outcome\n");
	ck_assert_int_eq(log_warned(), 0);
	log_msg(LOG_WARNING, "a reason");
	next_write(buf, sizeof(buf));
	ck_assert_int_eq(log_warned(), 1);
}
END_TEST

Suite *log_suite(void)
{
	Suite *s = suite_create("log");
	TCase *tc = tcase_create("stderr");

	tcase_add_test(tc, one_write_per_line);
	tcase_add_test(tc, long_message_cut_to_one_line);
	tcase_add_test(tc, info_stays_off_stderr);
	tcase_add_test(tc, all_to_stderr_and_warned);
	suite_add_tcase(s, tc);
	return s;
}
