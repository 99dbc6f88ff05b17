/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Runs every unit test suite of common/; exits non-zero on a failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suites.h"

const char *temp_file(const char *data, size_t len)
{
	static char path[64];
	int fd;

	snprintf(path, sizeof(path), "/tmp/nb-common-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, data, len), (ssize_t)len);
	close(fd);
	return path;
}

int main(void)
{
	SRunner *sr = srunner_create(values_suite());
	int failed;

	srunner_add_suite(sr, kernel_suite());
	srunner_add_suite(sr, vmstat_suite());
	srunner_add_suite(sr, readfile_suite());
	srunner_add_suite(sr, escape_suite());
	srunner_add_suite(sr, failed_suite());
	srunner_add_suite(sr, mempolicy_suite());
	srunner_add_suite(sr, memstat_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
