/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the helper's state directory holds, as the plugin may look at it
 * without running the helper: whether a job's end has anything to act on,
 * and whether the helper keeps a record of a job. */
#ifndef NB_STATEDIR_H
#define NB_STATEDIR_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* A job.N, done.N (a restore owed), pending.N or baseline entry in dir,
 * or a dir that cannot be read for another reason than not existing: then
 * the helper, not the plugin, decides. */
bool nb_state_has_work(const char *dir);

/* dir/job.<job> is a regular file (not followed if a link) owned by
 * owner, in a dir that is not a link. */
bool nb_job_record(const char *dir, uint32_t job, uid_t owner);

#endif
