/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plugin's unit-test suites, one per source file under test. */
#ifndef CHECK_SUITES_H
#define CHECK_SUITES_H

#include <check.h>

Suite *config_suite(void);
Suite *outcome_suite(void);
Suite *spawn_suite(void);
Suite *route_suite(void);
Suite *statedir_suite(void);
Suite *membind_suite(void);

#endif
