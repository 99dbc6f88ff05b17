/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Runs numa-balancing-check's unit-test suites; exit status 1 on any
 * failure. */
#include <stdlib.h>

#include "check_suites.h"

int main(void)
{
	SRunner *sr = srunner_create(verdict_suite());
	int failed;

	srunner_add_suite(sr, env_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
