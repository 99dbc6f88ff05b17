/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture.h - test helper: collects what the code under test writes to
 * stderr into a string. capture.c. */
#ifndef NB_TEST_CAPTURE_H
#define NB_TEST_CAPTURE_H

#include <stddef.h>

/* Redirects stderr into a temporary file until capture_end. */
void capture_begin(void);
/* Restores stderr and copies (NUL-terminated, truncated) what was written. */
void capture_end(char *buf, size_t n);

#endif
