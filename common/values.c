/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Strict parsers for job ids, requests, allow lists, defaults, conflict
 * policies and off= routes. */
#include "values.h"

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
	if (!s || (strcmp(s, "0") != 0 && strcmp(s, "1") != 0))
		return -1;
	*out = s[0] - '0';
	return 0;
}

int parse_job_request(const char *s, int *out)
{
	if (s && strcmp(s, NB_REQUEST_0_TASKS_NAME) == 0) {
		*out = NB_REQUEST_0_TASKS;
		return 0;
	}
	return parse_request_value(s, out);
}

const char *job_request_name(int request)
{
	static const char *const names[] = { "0", "1", NB_REQUEST_0_TASKS_NAME };

	return request >= 0 && request <= NB_REQUEST_0_TASKS ? names[request] : NULL;
}

int parse_allow(const char *s, unsigned *mask)
{
	unsigned m = 0;
	int v;
	char one[2] = { 0, 0 };

	for (;;) {
		one[0] = s[0];
		if (parse_request_value(one, &v) != 0 || (m & (1u << v)))
			return -1;
		m |= 1u << v;
		if (s[1] == '\0')
			break;
		if (s[1] != ',')
			return -1;
		s += 2;
	}
	*mask = m;
	return 0;
}

int parse_default(const char *s, int *out)
{
	if (strcmp(s, "keep") == 0) {
		*out = NB_DEFAULT_KEEP;
		return 0;
	}
	return parse_request_value(s, out);
}

bool request_allowed(unsigned mask, int v)
{
	if (v == NB_REQUEST_0_TASKS)
		v = 0;
	return (v == 0 || v == 1) && (mask & (1u << v)) != 0;
}

const char *allow_name(unsigned mask)
{
	static const char *const names[] = { "none", "0", "1", "0,1" };

	return names[mask & NB_ALLOW_ALL];
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

static const char *const off_names[] = {
	[NB_OFF_NODE] = "node", [NB_OFF_BOTH] = "both", [NB_OFF_TASKS] = "tasks",
};

int parse_off(const char *s, enum nb_off *out)
{
	for (size_t i = 0; i < sizeof(off_names) / sizeof(off_names[0]); i++) {
		if (strcmp(s, off_names[i]) == 0) {
			*out = (enum nb_off)i;
			return 0;
		}
	}
	return -1;
}

const char *off_name(enum nb_off o)
{
	return off_names[o == NB_OFF_BOTH || o == NB_OFF_TASKS ? o : NB_OFF_NODE];
}
