/* SPDX-License-Identifier: GPL-2.0-or-later */
/* failed.h - the plugin's side of ended.h: after a helper run failed, the
 * marker and the count written into the helper's state directory (root,
 * under the helper's lock, waited for at most NB_ENDED_LOCK_WAIT_MS: the
 * plugin runs inside slurmstepd). Not part of the helper. */
#ifndef NB_FAILED_H
#define NB_FAILED_H

#include <stddef.h>
#include <stdint.h>

#include "failures.h"

#define NB_ENDED_LOCK_WAIT_MS 5000  /* the longest wait for the helper's lock */

/* After a helper run of cmd for job failed: adds one to that command's
 * count in "failures" and, for an epilog, writes ended.<job>. state_dir is
 * NB_STATE_DIR and boot_id_path NB_BOOT_ID_PATH outside tests. Returns 0,
 * or -1 with a one-line reason in err (nothing half-written is left
 * behind). */
int nb_run_failed(const char *state_dir, const char *boot_id_path, enum nb_run_cmd cmd,
                  uint32_t job, enum nb_run_failure failure, int status,
                  char *err, size_t errlen);

#endif
