/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The kernel's boot id: state written by an earlier boot is stale. The
 * helper stamps its state files with it, the plugin its failure counts. */
#ifndef NB_COMMON_BOOTID_H
#define NB_COMMON_BOOTID_H

#include <stddef.h>

#define NB_BOOT_ID_PATH "/proc/sys/kernel/random/boot_id"
#define NB_BOOT_ID_LEN 36

/* A boot id as the kernel prints it: 8-4-4-4-12 lower-case hex. */
int boot_id_valid(const char *s, size_t len);
/* Reads the boot id at path (without its newline) into out. Returns 0, or
 * -1 with errno set (EINVAL: the file holds no boot id). */
int boot_id_read(const char *path, char out[NB_BOOT_ID_LEN + 1]);

#endif
