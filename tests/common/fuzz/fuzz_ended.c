/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the parsers of the plugin's ended markers and failure
 * counts, which the helper reads as root. Whatever they accept must format
 * back to exactly the same bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/failures.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[NB_ENDED_FILE_MAX];
	struct nb_failures f;
	struct nb_ended e;
	int n;

	if (size >= NB_ENDED_FILE_MAX)
		return 0;
	if (ended_parse((const char *)data, size, &e) == 0) {
		n = ended_format(&e, buf, sizeof(buf));
		if (n < 0 || (size_t)n != size || memcmp(buf, data, size) != 0)
			abort();
	}
	if (failures_parse((const char *)data, size, &f) == 0) {
		n = failures_format(&f, buf, sizeof(buf));
		if (n < 0 || (size_t)n != size || memcmp(buf, data, size) != 0)
			abort();
	}
	return 0;
}
