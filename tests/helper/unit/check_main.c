/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Runs every unit test suite of the helper; exits non-zero on a failure. */
#include <stdlib.h>

#include "suites.h"

int main(void)
{
	SRunner *sr = srunner_create(args_suite());
	int failed;

	srunner_add_suite(sr, record_suite());
	srunner_add_suite(sr, policy_suite());
	srunner_add_suite(sr, statedir_suite());
	srunner_add_suite(sr, state_suite());
	srunner_add_suite(sr, shared_suite());
	srunner_add_suite(sr, recovery_suite());
	srunner_add_suite(sr, log_suite());
	srunner_add_suite(sr, gone_suite());
	srunner_add_suite(sr, metrics_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
