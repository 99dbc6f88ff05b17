/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the interface values and the log escaper. The first
 * byte picks the parser (request, allow list, default, conflict, job id,
 * unsigned integer, a job's request, off= route) or the escaper; the rest
 * is its input. Each parser may
 * accept only what it documents, and the escaper must always give a
 * bounded, printable string. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/escape.h"
#include "common/values.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void parsers(unsigned which, const char *s, size_t len)
{
	enum nb_conflict c;
	enum nb_off o;
	unsigned mask;
	uint32_t job;
	uint64_t u;
	int v;

	switch (which) {
	case 0:
		if (parse_request_value(s, &v) == 0 && (strcmp(s, v ? "1" : "0") != 0))
			abort();
		break;
	case 1:
		if (parse_allow(s, &mask) == 0 && (mask < 1 || mask > 3 || strcmp(allow_name(mask), s) != 0) &&
		    strcmp(s, "1,0") != 0)
			abort();
		break;
	case 2:
		if (parse_default(s, &v) == 0 && v != NB_DEFAULT_KEEP && v != 0 && v != 1)
			abort();
		break;
	case 3:
		if (parse_conflict(s, &c) == 0 && strcmp(conflict_name(c), s) != 0)
			abort();
		break;
	case 4:
		if (parse_job_id(s, &job) == 0 && (job == 0 || job > NB_JOB_ID_MAX))
			abort();
		break;
	case 5:
		if (parse_uint(s, len, 1000000, &u) == 0 && u > 1000000)
			abort();
		break;
	case 6:
		if (parse_job_request(s, &v) == 0 &&
		    (!job_request_name(v) || strcmp(job_request_name(v), s) != 0 ||
		     request_allowed(2u, v) != (v == 1)))
			abort();
		break;
	default:
		if (parse_off(s, &o) == 0 && strcmp(off_name(o), s) != 0)
			abort();
	}
}

/* bytes: the raw input; str: the same up to its first NUL, terminated. */
static void escaper(const char *bytes, size_t len, const char *str)
{
	char out[40];
	size_t n = escape_bytes(bytes, len, out, sizeof(out));

	if (n >= sizeof(out) || strlen(out) != n)
		abort();
	for (size_t i = 0; i < n; i++) {
		if ((unsigned char)out[i] < 0x20 || (unsigned char)out[i] > 0x7e || out[i] == '\'')
			abort();
	}
	if (escape_str(str, out, sizeof(out)) >= sizeof(out))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (size == 0 || !(s = malloc(size)))
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	if (data[0] % 9 == 8)
		escaper((const char *)data + 1, size - 1, s);
	else
		parsers(data[0] % 9, s, strlen(s));
	free(s);
	return 0;
}
