/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statedir.h - the helper's state directory and the names in it that are
 * part of its interface: the plugin's epilog looks there to tell "nothing
 * to restore" from a node it may leave switched, and after a failed
 * epilog run it renames the job's record to its done record itself. */
#ifndef NB_COMMON_STATEDIR_H
#define NB_COMMON_STATEDIR_H

#define NB_STATE_DIR "/run/numa-balancing"
#define NB_JOB_PREFIX "job."    /* job.<id>: a running job's record */
#define NB_DONE_PREFIX "done."  /* done.<id>: an ended job's record, its restore owed */
#define NB_FAILURES_NAME "failures" /* the plugin's failure counts (failures.h) */

#endif
