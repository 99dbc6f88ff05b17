/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the state file parsers (job record, baseline) and the
 * memory.stat reader of the plugin's step log line and of metrics; the
 * first byte picks one. A record or baseline that parses must format back
 * to the same bytes (a version 1 or 2 record: to a shorter version 3
 * record with the same fields, which formats back to itself), and the
 * memory.stat summary must stay in its buffer. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/memstat.h"
#include "record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_record(const struct nb_record *a, const struct nb_record *b)
{
	return a->job == b->job && a->value == b->value && a->conflict == b->conflict &&
	       a->honoured == b->honoured && a->yield == b->yield && a->seq == b->seq &&
	       a->started == b->started && strcmp(a->boot_id, b->boot_id) == 0;
}

/* A version 1 or 2 record, read after an upgrade. */
static int old_record(const char *buf, size_t len)
{
	static const char v1[] = "numa-balancing-job 1\n", v2[] = "numa-balancing-job 2\n";

	return len >= sizeof(v1) - 1 &&
	       (memcmp(buf, v1, sizeof(v1) - 1) == 0 || memcmp(buf, v2, sizeof(v2) - 1) == 0);
}

static void record_round_trip(const char *buf, size_t len)
{
	struct nb_record r, again;
	char out[NB_STATE_FILE_MAX];
	int n;

	if (record_parse(buf, len, &r) != 0)
		return;
	n = record_format(&r, out, sizeof(out));
	if (n < 0)
		abort();
	if (old_record(buf, len)) {
		if ((size_t)n >= len || record_parse(out, (size_t)n, &again) != 0 ||
		    !same_record(&r, &again))
			abort();
		record_round_trip(out, (size_t)n);
	} else if ((size_t)n != len || memcmp(out, buf, len) != 0) {
		abort();
	}
}

static void baseline_round_trip(const char *buf, size_t len)
{
	struct nb_baseline b;
	char out[NB_STATE_FILE_MAX];
	int n;

	if (baseline_parse(buf, len, &b) != 0)
		return;
	n = baseline_format(&b, out, sizeof(out));
	if (n < 0 || (size_t)n != len || memcmp(out, buf, len) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char out[96];

	if (size == 0)
		return 0;
	if (data[0] % 3 == 0) {
		record_round_trip((const char *)data + 1, size - 1);
	} else if (data[0] % 3 == 1) {
		baseline_round_trip((const char *)data + 1, size - 1);
	} else {
		memstat_numa((const char *)data + 1, size - 1, out, sizeof(out));
		if (strnlen(out, sizeof(out)) == sizeof(out))
			abort();
	}
	return 0;
}
