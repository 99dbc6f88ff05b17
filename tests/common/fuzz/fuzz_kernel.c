/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the kernel-value reader. The input is the content of a
 * sysctl file, read with kernel_value_pread from a memfd (as the helper
 * reads its open sysctl) and parsed directly: both must agree, a value
 * must be in range, and content that does not parse must come back as a
 * bounded, printable, NUL-terminated string. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/kernel.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int memfd = -1;

static void printable(const char *s, size_t cap)
{
	size_t n = strnlen(s, cap);

	if (n == cap)
		abort();
	for (size_t i = 0; i < n; i++) {
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char shown[NB_KERNEL_SHOWN];
	int v = -1, direct = -1, rc;

	if (memfd < 0 && (memfd = memfd_create("fuzz-sysctl", 0)) < 0)
		abort();
	if (ftruncate(memfd, 0) != 0 || pwrite(memfd, data, size, 0) != (ssize_t)size)
		abort();
	rc = kernel_value_pread(memfd, &v, shown);
	/* The reader takes at most 32 bytes: longer content never parses. */
	if (parse_kernel_value((const char *)data, size, &direct) == 0 && size <= 32) {
		if (rc != 0 || v != direct)
			abort();
	}
	if (rc == 0 && (v < 0 || v > NB_KERNEL_VALUE_MAX || size > 4))
		abort();
	if (rc != 0 && rc != -EINVAL)
		abort();
	if (rc == -EINVAL)
		printable(shown, sizeof(shown));
	return 0;
}
