/* SPDX-License-Identifier: GPL-2.0-or-later */
/* suite.h - runs one Check test case of the nbsim core's unit tests and
 * turns its failures into the exit status. suite.c. */
#ifndef NB_TEST_SUITE_H
#define NB_TEST_SUITE_H

#include <check.h>

/* Runs the tests (NULL-terminated) as suite `name`; returns the exit status. */
int nb_run_tests(const char *name, const TTest *const *tests);

#endif
