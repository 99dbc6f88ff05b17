/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Makes untrusted bytes safe to put in one log line: printable ASCII stays,
 * a backslash, a quote and every other byte become \xHH, and the result is
 * bounded, ending in "..." when the input did not fit. Pure, no
 * allocation. */
#ifndef NB_ESCAPE_H
#define NB_ESCAPE_H

#include <stddef.h>

/* The escaped form of the len bytes at s, NUL-terminated in out (outlen >=
 * 4). Returns the length written. */
size_t escape_bytes(const char *s, size_t len, char *out, size_t outlen);
/* The same for a string (NULL gives ""), reading no further than it needs. */
size_t escape_str(const char *s, char *out, size_t outlen);

#endif
