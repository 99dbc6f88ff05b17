/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The text format of the helper's state files and the plugin's markers: a
 * header line, then "key value" lines in a fixed order, each ending in a
 * newline. A cursor takes one line at a time and accepts exactly that. */
#ifndef NB_KEYVAL_H
#define NB_KEYVAL_H

#include <stddef.h>
#include <stdint.h>

#include "bootid.h"

struct kv_cursor {
	const char *p, *end;
};

void kv_init(struct kv_cursor *c, const char *buf, size_t len);
/* Each returns 0 and advances past its line, or -1 (malformed). */
int kv_header(struct kv_cursor *c, const char *header);
/* The value of the line "key value" (no NUL inside), not NUL-terminated. */
int kv_line(struct kv_cursor *c, const char *key, const char **val, size_t *vlen);
/* A decimal value in [0, max] (parse_uint's rules). */
int kv_u64(struct kv_cursor *c, const char *key, uint64_t max, uint64_t *out);
int kv_boot_id(struct kv_cursor *c, char out[NB_BOOT_ID_LEN + 1]);
/* A value of fewer than outlen bytes, copied NUL-terminated. */
int kv_word(struct kv_cursor *c, const char *key, char *out, size_t outlen);
/* Whether the whole buffer was taken. */
int kv_done(const struct kv_cursor *c);

#endif
