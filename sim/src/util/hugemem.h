/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hugemem.h - nbsim's large arrays (ring buffers, synapses) and the
 * process's transparent huge pages, by --huge-pages:
 *   system   plain malloc, no madvise at all: the kernel's THP mode decides,
 *            as it does for NEST (the default);
 *   madvise  2 MiB-aligned blocks with MADV_HUGEPAGE (huge pages under THP
 *            "always" and "madvise");
 *   never    page-aligned blocks with MADV_NOHUGEPAGE, and THP switched off
 *            for the whole process (PR_SET_THP_DISABLE) before anything
 *            else is allocated: base pages even under THP "always".
 * Pages are not touched here, so the thread that first writes them places
 * them on its NUMA node. hugemem.c. */
#ifndef NB_HUGEMEM_H
#define NB_HUGEMEM_H

#include <stddef.h>

enum nb_huge_mode { NB_HUGE_SYSTEM, NB_HUGE_MADVISE, NB_HUGE_NEVER };

/* The mode for every later allocation; `never` also disables THP for the
 * process. Call first thing in main. 0, or -1 with a message when the
 * kernel refuses. */
int nb_huge_set_mode(enum nb_huge_mode mode);
/* "system", "madvise" or "never". */
const char *nb_huge_mode_name(enum nb_huge_mode mode);
void *nb_huge_alloc(size_t bytes);
void nb_huge_free(void *p);

#endif
