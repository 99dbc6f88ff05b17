/* SPDX-License-Identifier: GPL-2.0-or-later */
/* In-memory form of the state files (one job record per job, one baseline)
 * and their text format. Pure: formatting and parsing only, no I/O. */
#ifndef NB_RECORD_H
#define NB_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "common/bootid.h"
#include "common/values.h"

#define NB_STATE_FILE_MAX 1024 /* larger state files are corrupt */

struct nb_record {
	uint32_t job;
	int value;                  /* requested: 0 or 1 */
	enum nb_conflict conflict;
	int honoured;               /* 1: the request was (or is) in force */
	int yield;                  /* 1: a 0 request that yields to any 1 (--off both) */
	uint64_t seq;               /* order of prologs: larger is newer */
	uint64_t started;           /* seconds since the epoch */
	char boot_id[NB_BOOT_ID_LEN + 1];
};

struct nb_baseline {
	int value;                  /* kernel value before our first change: 0 .. 4 */
	char boot_id[NB_BOOT_ID_LEN + 1];
};

/* Format into buf (NUL-terminated); returns the length, or -1 if too small. */
int record_format(const struct nb_record *r, char *buf, size_t len);
int baseline_format(const struct nb_baseline *b, char *buf, size_t len);
/* Parse exactly what *_format writes; anything else is -1. */
int record_parse(const char *buf, size_t len, struct nb_record *r);
int baseline_parse(const char *buf, size_t len, struct nb_baseline *b);

#endif
