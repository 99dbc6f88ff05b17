/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Runs every unit-test suite of the SPANK plugin; exit status 1 on any
 * failure. */
#include <stdlib.h>

#include "check_suites.h"

int main(void)
{
	SRunner *sr = srunner_create(config_suite());
	int failed;

	srunner_add_suite(sr, outcome_suite());
	srunner_add_suite(sr, spawn_suite());
	srunner_add_suite(sr, route_suite());
	srunner_add_suite(sr, statedir_suite());
	srunner_add_suite(sr, membind_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
