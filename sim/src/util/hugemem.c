/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hugemem.c - allocations by --huge-pages mode (hugemem.h). */
#include "util/hugemem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#define HUGE_PAGE (2ul << 20)

static enum nb_huge_mode mode = NB_HUGE_SYSTEM;

int nb_huge_set_mode(enum nb_huge_mode m)
{
	mode = m;
	if (m == NB_HUGE_NEVER && prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0)) {
		fprintf(stderr, "nbsim: --huge-pages=never: PR_SET_THP_DISABLE: %s\n",
		        strerror(errno));
		return -1;
	}
	return 0;
}

const char *nb_huge_mode_name(enum nb_huge_mode m)
{
	return m == NB_HUGE_MADVISE ? "madvise" : m == NB_HUGE_NEVER ? "never" : "system";
}

/* A block of whole `align` units, advised. */
static void *advised(size_t bytes, size_t align, int advice)
{
	size_t n = (bytes + align - 1) / align * align;
	void *p = aligned_alloc(align, n ? n : align);

	if (p)
		madvise(p, n ? n : align, advice);
	return p;
}

void *nb_huge_alloc(size_t bytes)
{
	if (mode == NB_HUGE_MADVISE)
		return advised(bytes, HUGE_PAGE, MADV_HUGEPAGE);
	if (mode == NB_HUGE_NEVER)
		return advised(bytes, (size_t)sysconf(_SC_PAGESIZE), MADV_NOHUGEPAGE);
	return malloc(bytes ? bytes : 1);
}

void nb_huge_free(void *p)
{
	free(p);
}
