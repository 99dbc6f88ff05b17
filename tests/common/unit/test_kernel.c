/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the kernel value, parsed and read from a path and from a
 * descriptor; content that does not parse is reported escaped. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "common/kernel.h"
#include "suites.h"

START_TEST(parse_values)
{
	int v = -1;

	ck_assert_int_eq(parse_kernel_value("3\n", 2, &v), 0);
	ck_assert_int_eq(v, 3);
	ck_assert_int_eq(parse_kernel_value("2", 1, &v), 0);
	ck_assert_int_eq(v, 2);
	ck_assert_int_eq(parse_kernel_value("255\n", 4, &v), 0);
	ck_assert_int_eq(v, 255);
	static const char *bad[] = {
		"", "\n", "256\n", "-1\n", " 1\n", "1 \n", "1\n\n", "x\n", "01\n",
		"4294967297\n", "99999999999999999999999999\n",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(parse_kernel_value(bad[i], strlen(bad[i]), &v) == -1,
		              "accepted '%s'", bad[i]);
	ck_assert_int_eq(parse_kernel_value("1\0", 2, &v), -1);
}
END_TEST

static int read_text(const char *text, size_t len)
{
	const char *path = temp_file(text, len);
	int v = kernel_value_read(path);

	unlink(path);
	return v;
}

START_TEST(read_from_path)
{
	ck_assert_int_eq(read_text("0\n", 2), 0);
	ck_assert_int_eq(read_text("3\n", 2), 3);
	ck_assert_int_eq(read_text("2", 1), 2);
	ck_assert_int_eq(read_text("", 0), -EINVAL);
	ck_assert_int_eq(read_text("on\n", 3), -EINVAL);
	ck_assert_int_eq(read_text("1 2\n", 4), -EINVAL);
	ck_assert_int_eq(read_text("1\n                                        ", 42), -EINVAL);
	ck_assert_int_eq(kernel_value_read("/nonexistent/numa_balancing"), -ENOENT);
	if (access(NB_SYSCTL_PATH, R_OK) == 0)
		ck_assert_int_ge(kernel_value_read(NB_SYSCTL_PATH), 0);
}
END_TEST

/* 40 bytes with neither a newline nor a NUL: the reader must not look past
 * what it read (strcspn once ran off the buffer). */
START_TEST(pread_shows_bad_content_bounded)
{
	char text[40], shown[NB_KERNEL_SHOWN];
	const char *path;
	int fd, v;

	memset(text, 'x', sizeof(text));
	path = temp_file(text, sizeof(text));
	fd = open(path, O_RDONLY);
	unlink(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(kernel_value_pread(fd, &v, shown), -EINVAL);
	ck_assert_uint_lt(strlen(shown), sizeof(shown));
	ck_assert_ptr_nonnull(strstr(shown, "xxxxxxxx"));
	close(fd);
	path = temp_file("\n1\033]0;\n", 7);
	fd = open(path, O_RDONLY);
	unlink(path);
	ck_assert_int_eq(kernel_value_pread(fd, &v, shown), -EINVAL);
	ck_assert_str_eq(shown, "\\x0a1\\x1b]0;\\x0a");
	close(fd);
	ck_assert_int_eq(kernel_value_pread(-1, &v, shown), -EBADF);
}
END_TEST

Suite *kernel_suite(void)
{
	Suite *s = suite_create("kernel");
	TCase *t = tcase_create("kernel");

	tcase_add_test(t, parse_values);
	tcase_add_test(t, read_from_path);
	tcase_add_test(t, pread_shows_bad_content_bounded);
	suite_add_tcase(s, t);
	return s;
}
