/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where the helper finds the sysctl, the boot id, its state directory and
 * the NUMA nodes in sysfs. Only the test build lets the environment move
 * them. */
#ifndef NB_PATHS_H
#define NB_PATHS_H

#include "common/bootid.h"  /* NB_BOOT_ID_PATH */
#include "common/kernel.h"  /* NB_SYSCTL_PATH */
#include "common/statedir.h" /* NB_STATE_DIR */

#define NB_NODE_DIR "/sys/devices/system/node"

struct nb_paths {
	const char *sysctl, *boot_id, *state_dir, *node_dir;
	int confine;  /* 1: Landlock (landlock.h); the unit tests run commands unconfined */
};

/* Fixes the paths; the test build reads NB_TEST_* here, so call it before
 * the environment is cleared. */
void paths_init(void);
void paths_get(struct nb_paths *p);

#endif
