/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A strict line cursor over "key value" text. */
#include "keyval.h"

#include <string.h>

#include "values.h"

void kv_init(struct kv_cursor *c, const char *buf, size_t len)
{
	c->p = buf;
	c->end = buf + len;
}

int kv_header(struct kv_cursor *c, const char *header)
{
	size_t n = strlen(header);

	if ((size_t)(c->end - c->p) < n + 1 || memcmp(c->p, header, n) != 0 || c->p[n] != '\n')
		return -1;
	c->p += n + 1;
	return 0;
}

int kv_line(struct kv_cursor *c, const char *key, const char **val, size_t *vlen)
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

int kv_u64(struct kv_cursor *c, const char *key, uint64_t max, uint64_t *out)
{
	const char *v;
	size_t n;

	return kv_line(c, key, &v, &n) == 0 ? parse_uint(v, n, max, out) : -1;
}

int kv_boot_id(struct kv_cursor *c, char out[NB_BOOT_ID_LEN + 1])
{
	const char *v;
	size_t n;

	if (kv_line(c, "boot_id", &v, &n) != 0 || !boot_id_valid(v, n))
		return -1;
	memcpy(out, v, n);
	out[n] = '\0';
	return 0;
}

int kv_word(struct kv_cursor *c, const char *key, char *out, size_t outlen)
{
	const char *v;
	size_t n;

	if (kv_line(c, key, &v, &n) != 0 || n >= outlen)
		return -1;
	memcpy(out, v, n);
	out[n] = '\0';
	return 0;
}

int kv_done(const struct kv_cursor *c)
{
	return c->p == c->end;
}
