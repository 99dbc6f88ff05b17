/* SPDX-License-Identifier: GPL-2.0-or-later */
/* failed.h - the plugin's side of a failed helper run: the count (in
 * failures.h's file) and, for an epilog, the job's record renamed to its
 * done record, as the helper's epilog would have done first (statedir.h's
 * names): the job has ended on this node, its restore is owed. Written as
 * root under the helper's lock, waited for at most NB_FAILED_LOCK_WAIT_MS
 * (the plugin runs inside slurmstepd). Not part of the helper. */
#ifndef NB_FAILED_H
#define NB_FAILED_H

#include <stddef.h>
#include <stdint.h>

#include "failures.h"

#define NB_FAILED_LOCK_WAIT_MS 5000  /* the longest wait for the helper's lock */

/* After a helper run of cmd for job failed (or never started): for an
 * epilog, renames job.<job> to done.<job> (no record is fine); then adds
 * one to that command's count in "failures". state_dir is NB_STATE_DIR and
 * boot_id_path NB_BOOT_ID_PATH outside tests. Returns 0, or -1 with a
 * one-line reason in err (nothing half-written is left behind). */
int nb_run_failed(const char *state_dir, const char *boot_id_path, enum nb_run_cmd cmd,
                  uint32_t job, char *err, size_t errlen);

#endif
