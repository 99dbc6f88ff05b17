/* SPDX-License-Identifier: GPL-2.0-or-later */
/* failures.h - the plugin's count of failed helper runs per command since
 * boot, in the state directory's "failures" file, which failed.h writes
 * and numa-balancing-state's metrics reads. Not part of the helper.
 *
 *   numa-balancing-failures 2
 *   boot_id <this boot's id>
 *   prolog <n>
 *   epilog <n>
 *
 * Written as root under the helper's lock, atomically (temp file and
 * rename); a file from an earlier boot is stale. Version 1, written before
 * an upgrade, still parses: it ends in a "step-end <n>" line (the count of
 * a helper command that is gone), which is dropped. */
#ifndef NB_FAILURES_H
#define NB_FAILURES_H

#include <stddef.h>
#include <stdint.h>

#include "bootid.h"
#include "statedir.h"

#define NB_FAILURES_FILE_MAX 256  /* larger files are corrupt */

enum nb_run_cmd { NB_RUN_PROLOG, NB_RUN_EPILOG, NB_RUN_CMDS };

struct nb_failures {
	char boot_id[NB_BOOT_ID_LEN + 1];
	uint64_t count[NB_RUN_CMDS];
};

/* "prolog", "epilog". */
const char *run_cmd_name(enum nb_run_cmd cmd);

/* The counts of this boot in dirfd's "failures": zeros when the file is
 * absent, proven bad (corrupt, too large, not a regular file) or from an
 * earlier boot. 0, or -1 (errno) when it could not be read: a count is
 * never reset by an I/O error. */
int failures_read(int dirfd, const char *boot_id, struct nb_failures *f);

/* Format into buf (NUL-terminated); the length, or -1 if it does not fit. */
int failures_format(const struct nb_failures *f, char *buf, size_t len);
/* Parse exactly what failures_format writes, or version 1; anything else
 * is -1. */
int failures_parse(const char *buf, size_t len, struct nb_failures *f);

#endif
