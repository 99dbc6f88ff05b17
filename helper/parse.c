/* Strict parsers for job ids, request and kernel values, conflict policies. */
#include "parse.h"

#include <string.h>

int parse_uint(const char *s, size_t len, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (len == 0 || len > 20 || (s[0] == '0' && len > 1))
		return -1;
	for (size_t i = 0; i < len; i++) {
		unsigned d = (unsigned char)s[i] - '0';
		if (d > 9 || v > max / 10 || (v == max / 10 && d > max % 10))
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int parse_job_id(const char *s, uint32_t *out)
{
	uint64_t v;

	if (parse_uint(s, strlen(s), NB_JOB_ID_MAX, &v) != 0 || v == 0)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

int parse_request_value(const char *s, int *out)
{
	if (strcmp(s, "0") != 0 && strcmp(s, "1") != 0)
		return -1;
	*out = s[0] - '0';
	return 0;
}

int parse_kernel_value(const char *s, size_t len, int *out)
{
	uint64_t v;

	if (len > 0 && s[len - 1] == '\n')
		len--;
	if (parse_uint(s, len, NB_KERNEL_VALUE_MAX, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

int parse_conflict(const char *s, enum nb_conflict *out)
{
	if (strcmp(s, "keep") == 0)
		*out = NB_CONFLICT_KEEP;
	else if (strcmp(s, "latest") == 0)
		*out = NB_CONFLICT_LATEST;
	else
		return -1;
	return 0;
}

const char *conflict_name(enum nb_conflict c)
{
	return c == NB_CONFLICT_LATEST ? "latest" : "keep";
}
