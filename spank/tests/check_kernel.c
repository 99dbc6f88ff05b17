/* Unit tests: reading a numa_balancing value from a file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_suites.h"
#include "nb_kernel.h"

static int read_text(const char *text)
{
	char path[] = "/tmp/nb-kernel-XXXXXX";
	int fd = mkstemp(path);
	int v;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	v = nb_kernel_read(path);
	unlink(path);
	return v;
}

START_TEST(values)
{
	ck_assert_int_eq(read_text("0\n"), 0);
	ck_assert_int_eq(read_text("1\n"), 1);
	ck_assert_int_eq(read_text("3\n"), 3);
	ck_assert_int_eq(read_text("2"), 2);
}
END_TEST

START_TEST(garbage)
{
	ck_assert_int_eq(read_text(""), -EINVAL);
	ck_assert_int_eq(read_text("x\n"), -EINVAL);
	ck_assert_int_eq(read_text("1x\n"), -EINVAL);
	ck_assert_int_eq(read_text("-1\n"), -EINVAL);
}
END_TEST

START_TEST(missing)
{
	ck_assert_int_eq(nb_kernel_read("/nonexistent/numa_balancing"), -ENOENT);
}
END_TEST

Suite *kernel_suite(void)
{
	Suite *s = suite_create("kernel");
	TCase *tc = tcase_create("kernel");

	tcase_add_test(tc, values);
	tcase_add_test(tc, garbage);
	tcase_add_test(tc, missing);
	suite_add_tcase(s, tc);
	return s;
}
