/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run-suite.h - test helper: runs a Check suite and turns its result into
 * main's exit status. run-suite.c. */
#ifndef NB_TEST_RUN_SUITE_H
#define NB_TEST_RUN_SUITE_H

#include <check.h>

/* Runs every test of s (and frees it); EXIT_SUCCESS when none failed. */
int run_suite(Suite *s);

#endif
