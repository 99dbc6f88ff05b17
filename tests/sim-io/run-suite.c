/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run-suite.c - runs a Check suite for a test program's main. */
#include "run-suite.h"

#include <stdlib.h>

int run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
