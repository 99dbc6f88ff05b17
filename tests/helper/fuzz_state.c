/* libFuzzer target: the state file parsers (job record, baseline), the
 * kernel value parser and the /proc/vmstat and memory.stat parsers. A
 * record or baseline that parses must format back to the same bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "record.h"
#include "vmstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void record_round_trip(const char *buf, size_t len)
{
	struct nb_record r;
	char out[NB_STATE_FILE_MAX];
	int n;

	if (record_parse(buf, len, &r) != 0)
		return;
	n = record_format(&r, out, sizeof(out));
	if (n < 0 || (size_t)n != len || memcmp(out, buf, len) != 0)
		abort();
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
	const char *buf = (const char *)data + 1;
	size_t len = size - 1;
	struct nb_counters c;
	char out[128];
	int v;

	if (size == 0)
		return 0;
	switch (data[0] % 5) {
	case 0: record_round_trip(buf, len); break;
	case 1: baseline_round_trip(buf, len); break;
	case 2:
		if (parse_kernel_value(buf, len, &v) == 0 && (v < 0 || v > NB_KERNEL_VALUE_MAX))
			abort();
		break;
	case 3: vmstat_parse(buf, len, &c); break;
	default:
		memstat_numa(buf, len, out, sizeof(out));
		if (strlen(out) >= sizeof(out))
			abort();
	}
	return 0;
}
