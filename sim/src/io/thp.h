/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thp.h - transparent huge pages as the kernel applies them: the THP
 * "enabled" and "defrag" modes (the bracketed word of
 * /sys/kernel/mm/transparent_hugepage/{enabled,defrag}) and this
 * process's AnonHugePages (/proc/self/smaps_rollup). The parsers take
 * the path, so tests feed them fixture files. thp.c. */
#ifndef NB_THP_H
#define NB_THP_H

#include <stddef.h>
#include <stdint.h>

#define NB_THP_ENABLED "/sys/kernel/mm/transparent_hugepage/enabled"
#define NB_THP_DEFRAG "/sys/kernel/mm/transparent_hugepage/defrag"
#define NB_SMAPS_ROLLUP "/proc/self/smaps_rollup"

/* The selected mode ("always", "madvise", ...) into buf: 0, or -1 when
 * the file is missing or has no bracketed word. */
int nb_thp_mode(const char *path, char *buf, size_t n);
/* AnonHugePages in bytes, or -1 when the file is missing or lacks it. */
int64_t nb_anon_huge_bytes(const char *path);

#endif
