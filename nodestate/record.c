/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Text format of the state files: a header line, then "key value" lines in
 * a fixed order, each ending in a newline; a job record may end with one
 * "cgroup" line. The parser accepts exactly that. Job records are written
 * as version 2 (a "yield" line after "honoured"); version 1 records,
 * written before an upgrade, still parse (they never yield). */
#include "record.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/kernel.h"

#define RECORD_HEADER "numa-balancing-job 2"
#define RECORD_HEADER_V1 "numa-balancing-job 1"
#define BASELINE_HEADER "numa-balancing-baseline 1"

static int fitted(int n, size_t len)
{
	return n < 0 || (size_t)n >= len ? -1 : n;
}

/* One pair: "numa_", [a-z_]+, "=", [0-9]+; returns its length or 0. */
static size_t numa_pair(const char *s, size_t len)
{
	size_t i = 5, digits;

	if (len < 5 || memcmp(s, "numa_", 5) != 0)
		return 0;
	while (i < len && ((s[i] >= 'a' && s[i] <= 'z') || s[i] == '_'))
		i++;
	if (i == 5 || i >= len || s[i++] != '=')
		return 0;
	for (digits = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		digits++;
	return digits > 0 && digits <= 20 ? i : 0;
}

int cgroup_numa_valid(const char *s, size_t len)
{
	size_t i = 0;

	if (len == 0 || len >= NB_CGROUP_NUMA_MAX)
		return 0;
	for (;;) {
		size_t n = numa_pair(s + i, len - i);

		if (n == 0)
			return 0;
		i += n;
		if (i == len)
			return 1;
		if (s[i++] != ' ')
			return 0;
	}
}

/* The optional cgroup line; -1 if it does not fit or would not parse back. */
static int cgroup_line(const struct nb_record *r, char *buf, size_t len)
{
	if (!r->cgroup[0])
		return 0;
	if (!cgroup_numa_valid(r->cgroup, strlen(r->cgroup)))
		return -1;
	return fitted(snprintf(buf, len, "cgroup %s\n", r->cgroup), len);
}

int record_format(const struct nb_record *r, char *buf, size_t len)
{
	int n, m;

	n = fitted(snprintf(buf, len,
		RECORD_HEADER "\njob %" PRIu32 "\nvalue %d\nconflict %s\nhonoured %d\nyield %d\n"
		"seq %" PRIu64 "\nstarted %" PRIu64 "\nboot_id %s\n"
		"numa_pte_updates %" PRIu64 "\nnuma_hint_faults %" PRIu64 "\n"
		"numa_hint_faults_local %" PRIu64 "\nnuma_pages_migrated %" PRIu64 "\n",
		r->job, r->value, conflict_name(r->conflict), r->honoured, r->yield, r->seq,
		r->started, r->boot_id, r->start.pte_updates, r->start.hint_faults,
		r->start.hint_faults_local, r->start.pages_migrated), len);
	if (n < 0)
		return -1;
	m = cgroup_line(r, buf + n, len - (size_t)n);
	return m < 0 ? -1 : n + m;
}

int baseline_format(const struct nb_baseline *b, char *buf, size_t len)
{
	return fitted(snprintf(buf, len, BASELINE_HEADER "\nvalue %d\nboot_id %s\n",
	                       b->value, b->boot_id), len);
}

/* A cursor over the file: each call takes one "key value\n" line. */
struct cursor { const char *p, *end; };

static int next_line(struct cursor *c, const char *key, const char **val, size_t *vlen)
{
	size_t klen = strlen(key);
	const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));

	if (!nl || (size_t)(nl - c->p) < klen + 1 || memcmp(c->p, key, klen) != 0 ||
	    c->p[klen] != ' ')
		return -1;
	*val = c->p + klen + 1;
	*vlen = (size_t)(nl - *val);
	c->p = nl + 1;
	return memchr(*val, '\0', *vlen) ? -1 : 0;
}

static int take_header(struct cursor *c, const char *header)
{
	size_t n = strlen(header);

	if ((size_t)(c->end - c->p) < n + 1 || memcmp(c->p, header, n) != 0 || c->p[n] != '\n')
		return -1;
	c->p += n + 1;
	return 0;
}

static int take_u64(struct cursor *c, const char *key, uint64_t max, uint64_t *out)
{
	const char *v;
	size_t n;

	return next_line(c, key, &v, &n) == 0 ? parse_uint(v, n, max, out) : -1;
}

static int take_int(struct cursor *c, const char *key, int max, int *out)
{
	uint64_t v;

	if (take_u64(c, key, (uint64_t)max, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

static int take_boot_id(struct cursor *c, char out[NB_BOOT_ID_LEN + 1])
{
	const char *v;
	size_t n;

	if (next_line(c, "boot_id", &v, &n) != 0 || !boot_id_valid(v, n))
		return -1;
	memcpy(out, v, n);
	out[n] = '\0';
	return 0;
}

static int take_conflict(struct cursor *c, enum nb_conflict *out)
{
	char word[8];
	const char *v;
	size_t n;

	if (next_line(c, "conflict", &v, &n) != 0 || n >= sizeof(word))
		return -1;
	memcpy(word, v, n);
	word[n] = '\0';
	return parse_conflict(word, out);
}

static int take_counters(struct cursor *c, struct nb_counters *k)
{
	return take_u64(c, "numa_pte_updates", UINT64_MAX, &k->pte_updates) ||
	       take_u64(c, "numa_hint_faults", UINT64_MAX, &k->hint_faults) ||
	       take_u64(c, "numa_hint_faults_local", UINT64_MAX, &k->hint_faults_local) ||
	       take_u64(c, "numa_pages_migrated", UINT64_MAX, &k->pages_migrated) ? -1 : 0;
}

/* The optional last line of a job record. */
static int take_cgroup(struct cursor *c, char out[NB_CGROUP_NUMA_MAX])
{
	const char *v;
	size_t n;

	out[0] = '\0';
	if (c->p == c->end)
		return 0;
	if (next_line(c, "cgroup", &v, &n) != 0 || !cgroup_numa_valid(v, n))
		return -1;
	memcpy(out, v, n);
	out[n] = '\0';
	return 0;
}

int record_parse(const char *buf, size_t len, struct nb_record *r)
{
	struct cursor c = { buf, buf + len };
	int v1 = take_header(&c, RECORD_HEADER_V1) == 0;
	uint64_t job;

	r->yield = 0;
	if ((!v1 && take_header(&c, RECORD_HEADER)) ||
	    take_u64(&c, "job", NB_JOB_ID_MAX, &job) || job == 0 ||
	    take_int(&c, "value", 1, &r->value) ||
	    take_conflict(&c, &r->conflict) ||
	    take_int(&c, "honoured", 1, &r->honoured) ||
	    (!v1 && take_int(&c, "yield", 1, &r->yield)) ||
	    take_u64(&c, "seq", UINT64_MAX, &r->seq) ||
	    take_u64(&c, "started", UINT64_MAX, &r->started) ||
	    take_boot_id(&c, r->boot_id) ||
	    take_counters(&c, &r->start) || take_cgroup(&c, r->cgroup) || c.p != c.end ||
	    (r->yield && (r->value != 0 || !r->honoured))) /* only a 0 yields, always honoured */
		return -1;
	r->job = (uint32_t)job;
	return 0;
}

int baseline_parse(const char *buf, size_t len, struct nb_baseline *b)
{
	struct cursor c = { buf, buf + len };

	if (take_header(&c, BASELINE_HEADER) ||
	    take_int(&c, "value", NB_BALANCING_MAX, &b->value) ||
	    take_boot_id(&c, b->boot_id) || c.p != c.end)
		return -1;
	return 0;
}
