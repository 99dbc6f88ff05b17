/* hugemem.c - huge-page-aligned allocations (hugemem.h). */
#include "engine/hugemem.h"

#include <stdlib.h>
#include <sys/mman.h>

#define HUGE_PAGE (2ul << 20)

static int enabled = 1;

void nb_huge_enable(int on)
{
	enabled = on;
}

void *nb_huge_alloc(size_t bytes)
{
	size_t n = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	void *p;

	if (n == 0)
		n = HUGE_PAGE;
	p = aligned_alloc(HUGE_PAGE, n);
	if (p && enabled)
		madvise(p, n, MADV_HUGEPAGE);
	return p;
}

void nb_huge_free(void *p)
{
	free(p);
}
