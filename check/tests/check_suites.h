/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numa-balancing-check's unit-test suites, one per source file under test. */
#ifndef NB_CHECK_SUITES_H
#define NB_CHECK_SUITES_H

#include <check.h>

Suite *verdict_suite(void);
Suite *env_suite(void);

#endif
