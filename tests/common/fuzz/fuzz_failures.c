/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the parser of the plugin's failure counts, which
 * numa-balancing-state's metrics reads. Whatever it accepts must format
 * back to exactly the same bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/failures.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[NB_FAILURES_FILE_MAX];
	struct nb_failures f;

	if (size >= NB_FAILURES_FILE_MAX || failures_parse((const char *)data, size, &f) != 0)
		return 0;
	int n = failures_format(&f, buf, sizeof(buf));
	if (n < 0 || (size_t)n != size || memcmp(buf, data, size) != 0)
		abort();
	return 0;
}
