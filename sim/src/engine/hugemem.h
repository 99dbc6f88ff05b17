/* hugemem.h - large arrays (ring buffers, synapses) on transparent huge
 * pages where the kernel allows it (madvise MADV_HUGEPAGE), as they are on
 * clusters with THP "always": random access into them then costs no TLB
 * misses. Pages are not touched here, so the thread that first writes
 * them places them on its NUMA node. */
#ifndef NB_HUGEMEM_H
#define NB_HUGEMEM_H

#include <stddef.h>

/* Off (--no-huge-pages): plain aligned allocations, the kernel decides. */
void nb_huge_enable(int on);
void *nb_huge_alloc(size_t bytes);
void nb_huge_free(void *p);

#endif
