/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: whole-file reads refuse symlinks, FIFOs and oversized files,
 * and a descriptor is read to its end. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/readfile.h"
#include "suites.h"

START_TEST(small_files)
{
	const char *path = temp_file("hello\n", 6);
	char buf[16], link[64], fifo[64];
	size_t len;

	ck_assert_int_eq(read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len), 0);
	ck_assert_uint_eq(len, 6);
	ck_assert_int_eq(memcmp(buf, "hello\n", 6), 0);
	ck_assert_int_eq(read_small_file(AT_FDCWD, path, buf, 6, &len), -1);
	ck_assert_int_eq(errno, EFBIG);
	ck_assert_int_eq(read_small_file(AT_FDCWD, path, buf, 7, &len), 0);
	snprintf(link, sizeof(link), "%s.link", path);
	ck_assert_int_eq(symlink(path, link), 0);
	ck_assert_int_eq(read_small_file(AT_FDCWD, link, buf, sizeof(buf), &len), -1);
	ck_assert_int_eq(errno, ELOOP);
	unlink(link);
	unlink(path);
	snprintf(fifo, sizeof(fifo), "%s.fifo", path);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(read_small_file(AT_FDCWD, fifo, buf, sizeof(buf), &len), -1);
	ck_assert_int_eq(errno, EINVAL);
	unlink(fifo);
	ck_assert_int_eq(read_small_file(AT_FDCWD, "/", buf, sizeof(buf), &len), -1);
}
END_TEST

START_TEST(descriptor_to_end)
{
	char buf[8];
	int fds[2];
	size_t len;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], "abc", 3), 3);
	ck_assert_int_eq(write(fds[1], "de", 2), 2);
	close(fds[1]);
	ck_assert_int_eq(read_fd_all(fds[0], buf, sizeof(buf), &len), 0);
	ck_assert_uint_eq(len, 5);
	close(fds[0]);
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], "12345678", 8), 8);
	close(fds[1]);
	ck_assert_int_eq(read_fd_all(fds[0], buf, sizeof(buf), &len), -1);
	ck_assert_int_eq(errno, EFBIG);
	close(fds[0]);
}
END_TEST

Suite *readfile_suite(void)
{
	Suite *s = suite_create("readfile");
	TCase *t = tcase_create("readfile");

	tcase_add_test(t, small_files);
	tcase_add_test(t, descriptor_to_end);
	suite_add_tcase(s, t);
	return s;
}
