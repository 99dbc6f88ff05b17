/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ended.h - what the plugin leaves in the helper's state directory when a
 * run of the helper fails (written by failed.h): the files' names, and
 * the ended markers the helper reads back (the counts: failures.h).
 *
 * ended.<job>: the job's epilog ran (Slurm runs it only once the job has
 * ended on the node) but the helper could not finish it (not started,
 * timed out, killed, non-zero exit). Proof that the job is gone, so the
 * helper may clear the record the epilog left and restore the value.
 *
 *   numa-balancing-ended 1
 *   job <id>
 *   boot_id <this boot's id>
 *   failure not-started|timed-out|killed|exit
 *   status <exit code (exit), signal (killed), else 0>
 *
 * failures: the helper runs the plugin saw fail since boot, per command.
 *
 *   numa-balancing-failures 1
 *   boot_id <this boot's id>
 *   prolog <n>
 *   epilog <n>
 *   step-end <n>
 *
 * Both are written as root under the helper's lock, atomically (temp file
 * and rename), and carry the boot id: a file from an earlier boot is
 * stale. */
#ifndef NB_ENDED_H
#define NB_ENDED_H

#include <stddef.h>
#include <stdint.h>

#include "bootid.h"

#define NB_ENDED_PREFIX "ended."
#define NB_FAILURES_NAME "failures"
#define NB_ENDED_FILE_MAX 256       /* larger files are corrupt */

enum nb_run_failure { NB_FAIL_NOT_STARTED, NB_FAIL_TIMED_OUT, NB_FAIL_KILLED, NB_FAIL_EXIT,
                      NB_RUN_FAILURES };

struct nb_ended {
	uint32_t job;
	char boot_id[NB_BOOT_ID_LEN + 1];
	enum nb_run_failure failure;
	int status;
};

/* "not-started", "timed-out", "killed", "exit". */
const char *run_failure_name(enum nb_run_failure f);

/* Format into buf (NUL-terminated); the length, or -1 if it does not fit. */
int ended_format(const struct nb_ended *e, char *buf, size_t len);
/* Parse exactly what ended_format writes; anything else is -1. */
int ended_parse(const char *buf, size_t len, struct nb_ended *e);

#endif
