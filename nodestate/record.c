/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Text format of the state files: a header line, then "key value" lines in
 * a fixed order, each ending in a newline. The parser accepts exactly
 * that. Job records are written as version 3; versions 1 and 2, written
 * before an upgrade, still parse: they end in four counter lines and an
 * optional "cgroup" line, which are skipped, and version 1 has no "yield"
 * line (it never yields). */
#include "record.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/kernel.h"

#define RECORD_HEADER "numa-balancing-job 3"
#define RECORD_HEADER_V2 "numa-balancing-job 2"
#define RECORD_HEADER_V1 "numa-balancing-job 1"
#define BASELINE_HEADER "numa-balancing-baseline 1"

static int fitted(int n, size_t len)
{
	return n < 0 || (size_t)n >= len ? -1 : n;
}

int record_format(const struct nb_record *r, char *buf, size_t len)
{
	return fitted(snprintf(buf, len,
		RECORD_HEADER "\njob %" PRIu32 "\nvalue %d\nconflict %s\nhonoured %d\nyield %d\n"
		"seq %" PRIu64 "\nstarted %" PRIu64 "\nboot_id %s\n",
		r->job, r->value, conflict_name(r->conflict), r->honoured, r->yield, r->seq,
		r->started, r->boot_id), len);
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

/* What versions 1 and 2 have after boot_id: the four counters /proc/vmstat
 * had at the prolog, and the job cgroup's, which are no longer kept. */
static int skip_counters(struct cursor *c)
{
	static const char *const keys[] = {
		"numa_pte_updates", "numa_hint_faults", "numa_hint_faults_local", "numa_pages_migrated",
	};
	const char *v;
	size_t n;
	uint64_t x;

	for (size_t i = 0; i < 4; i++) {
		if (take_u64(c, keys[i], UINT64_MAX, &x) != 0)
			return -1;
	}
	return c->p == c->end || next_line(c, "cgroup", &v, &n) == 0 ? 0 : -1;
}

int record_parse(const char *buf, size_t len, struct nb_record *r)
{
	struct cursor c = { buf, buf + len };
	int v1 = take_header(&c, RECORD_HEADER_V1) == 0;
	int old = v1 || take_header(&c, RECORD_HEADER_V2) == 0;
	uint64_t job;

	r->yield = 0;
	if ((!old && take_header(&c, RECORD_HEADER)) ||
	    take_u64(&c, "job", NB_JOB_ID_MAX, &job) || job == 0 ||
	    take_int(&c, "value", 1, &r->value) ||
	    take_conflict(&c, &r->conflict) ||
	    take_int(&c, "honoured", 1, &r->honoured) ||
	    (!v1 && take_int(&c, "yield", 1, &r->yield)) ||
	    take_u64(&c, "seq", UINT64_MAX, &r->seq) ||
	    take_u64(&c, "started", UINT64_MAX, &r->started) ||
	    take_boot_id(&c, r->boot_id) ||
	    (old && skip_counters(&c)) || c.p != c.end ||
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
