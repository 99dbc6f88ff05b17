/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Check suites of the shared interface code (common/), and a scratch file
 * helper for the readers. */
#ifndef NB_COMMON_SUITES_H
#define NB_COMMON_SUITES_H

#include <check.h>
#include <stddef.h>

Suite *values_suite(void);
Suite *kernel_suite(void);
Suite *vmstat_suite(void);
Suite *readfile_suite(void);
Suite *escape_suite(void);
Suite *failed_suite(void);
Suite *mempolicy_suite(void);
Suite *memstat_suite(void);

/* Writes len bytes to a new temporary file; returns its path (static
 * storage, valid until the next call). */
const char *temp_file(const char *data, size_t len);

#endif
