/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture.c - redirects stderr to a temporary file and reads it back. */
#include "capture.h"

#include <check.h>
#include <stdio.h>
#include <unistd.h>

static int saved = -1;
static FILE *tmp;

void capture_begin(void)
{
	fflush(stderr);
	tmp = tmpfile();
	ck_assert_ptr_nonnull(tmp);
	saved = dup(STDERR_FILENO);
	ck_assert_int_ge(saved, 0);
	ck_assert_int_ge(dup2(fileno(tmp), STDERR_FILENO), 0);
}

void capture_end(char *buf, size_t n)
{
	fflush(stderr);
	ck_assert_int_ge(dup2(saved, STDERR_FILENO), 0);
	close(saved);
	rewind(tmp);
	size_t got = fread(buf, 1, n - 1, tmp);
	buf[got] = '\0';
	fclose(tmp);
}
