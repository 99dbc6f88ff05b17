/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the parser of the plugin's failure counts, which
 * numa-balancing-state's metrics reads. Whatever it accepts in the current
 * format must format back to exactly the same bytes; format 1 (read after
 * an upgrade) to what parses back to the same counts. */
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
	if (n < 0)
		abort();
	if (size > 26 && memcmp(data, "numa-balancing-failures 1\n", 26) == 0) {
		struct nb_failures back;

		if (failures_parse(buf, (size_t)n, &back) != 0 || strcmp(back.boot_id, f.boot_id) != 0 ||
		    memcmp(back.count, f.count, sizeof(f.count)) != 0)
			abort();
	} else if ((size_t)n != size || memcmp(buf, data, size) != 0) {
		abort();
	}
	return 0;
}
