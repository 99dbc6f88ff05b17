/* SPDX-License-Identifier: GPL-2.0-or-later */
/* placement.c - the page-placement sampler (placement.h). */
#include "io/placement.h"

#include <errno.h>
#include <fcntl.h>
#include <numaif.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/clock.h"
#include "mpi/comm.h"
#include "io/probe.h"
#include "io/procfs.h"

/* Present bit of a /proc/PID/pagemap entry. */
#define PAGEMAP_PRESENT (UINT64_C(1) << 63)

/* The most NUMA nodes of any rank's host. */
static int agreed_nodes(void)
{
	double n = nb_probe_numa_nodes();

	nb_comm_max(&n, 1);
	return (int)n;
}

static int allocate(struct nb_placement_log *log, size_t max)
{
	size_t m = max ? max : 1, b = (size_t)log->buffers;

	log->cycle = calloc(m, sizeof *log->cycle);
	log->share = calloc(m * b * (size_t)(log->nodes + NB_PLACEMENT_EXTRA),
	                    sizeof *log->share);
	log->page = calloc(m * b * NB_PLACEMENT_PAGES, sizeof *log->page);
	log->pages = calloc(b, sizeof *log->pages);
	log->counters = calloc(m * NB_PLACEMENT_COUNTERS, sizeof *log->counters);
	return log->cycle && log->share && log->page && log->pages &&
	       log->counters ? 0 : -1;
}

int nb_placement_init(struct nb_placement_log *log, int every,
                      size_t max_samples, int buffers,
                      const char *const *names)
{
	memset(log, 0, sizeof *log);
	log->pagemap = -1;
	if (every <= 0 || buffers <= 0) {
		fprintf(stderr, "nbsim: --placement-every must be positive "
		        "(got %d) and there must be buffers to sample\n", every);
		return -1;
	}
	log->every = every;
	log->buffers = buffers;
	log->names = names;
	log->nodes = agreed_nodes();
	log->capacity = max_samples;
	if (allocate(log, max_samples)) {
		fprintf(stderr, "nbsim: out of memory for %zu placement samples\n",
		        max_samples);
		nb_placement_free(log);
		return -1;
	}
	log->pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	if (log->pagemap < 0 && nb_comm_rank() == 0)
		fprintf(stderr, "nbsim: placement: /proc/self/pagemap: %s; pages the "
		        "scanner marked count as not present\n", strerror(errno));
	if (log->nodes == 1 && nb_comm_rank() == 0)
		fprintf(stderr, "nbsim: placement: this host has one NUMA node, "
		        "so every page is on node 0\n");
	return 0;
}

static void read_counters(uint64_t c[4])
{
	struct nb_node_probe p;

	memset(&p, 0, sizeof p);
	nb_read_vmstat(NB_VMSTAT, &p);
	c[0] = p.numa_pte_updates;
	c[1] = p.numa_hint_faults;
	c[2] = p.numa_hint_faults_local;
	c[3] = p.numa_pages_migrated;
}

void nb_placement_start(struct nb_placement_log *log)
{
	log->t0 = nb_now_s();
	read_counters(log->start);
}

static size_t region_pages(const struct nb_region *r, uintptr_t page)
{
	if (r->bytes == 0)
		return 0;
	uintptr_t first = (uintptr_t)r->addr / page;
	uintptr_t last = ((uintptr_t)r->addr + r->bytes - 1) / page;
	return last - first + 1;
}

static size_t buffer_pages(const struct nb_buffer *buf, uintptr_t page)
{
	size_t total = 0;
	for (size_t i = 0; i < buf->regions; i++)
		total += region_pages(&buf->region[i], page);
	return total;
}

/* Addresses of up to NB_PLACEMENT_PAGES pages spread evenly over the
 * buffer (one walk through its regions); returns how many. */
static size_t pick_pages(const struct nb_buffer *buf, size_t total,
                         void **pages, uintptr_t page)
{
	size_t want = total < NB_PLACEMENT_PAGES ? total : NB_PLACEMENT_PAGES;
	size_t n = 0, before = 0;

	for (size_t i = 0; i < buf->regions && n < want; i++) {
		size_t in = region_pages(&buf->region[i], page);
		uintptr_t first = (uintptr_t)buf->region[i].addr / page;

		while (n < want && n * total / want < before + in) {
			pages[n] = (void *)((first + n * total / want - before) * page);
			n++;
		}
		before += in;
	}
	return n;
}

static bool present(int pagemap, const void *addr, uintptr_t page)
{
	uint64_t e = 0;

	return pagemap >= 0 &&
	       pread(pagemap, &e, sizeof e, (off_t)((uintptr_t)addr / page * sizeof e)) ==
	       (ssize_t)sizeof e && (e & PAGEMAP_PRESENT);
}

int8_t nb_page_class(int status, int nodes, int present)
{
	if (status >= 0 && status < nodes && status <= INT8_MAX)
		return (int8_t)status;
	return status == -ENOENT && present ? NB_PAGE_MARKED : NB_PAGE_ABSENT;
}

/* move_pages' status of each page as a node or NB_PAGE_* (pagemap is read
 * only for the pages move_pages did not find). */
static void classify(const struct nb_placement_log *log, void **pages,
                     const int *status, size_t n, int8_t *out, uintptr_t page)
{
	for (size_t j = 0; j < n; j++)
		out[j] = nb_page_class(status[j], log->nodes, status[j] == -ENOENT &&
		                       present(log->pagemap, pages[j], page));
	for (size_t j = n; j < NB_PLACEMENT_PAGES; j++)
		out[j] = NB_PAGE_NONE;
}

/* One buffer: page statuses and shares (nodes, marked, not present). */
static void sample_buffer(struct nb_placement_log *log, int b,
                          const struct nb_buffer *buf, double *share,
                          int8_t *out, uintptr_t page)
{
	void *pages[NB_PLACEMENT_PAGES];
	int status[NB_PLACEMENT_PAGES];
	size_t total = buffer_pages(buf, page);
	size_t n = pick_pages(buf, total, pages, page);

	log->pages[b] = total;
	if (n && move_pages(0, n, pages, NULL, status, 0) != 0) {
		static bool warned;
		if (!warned)
			fprintf(stderr, "nbsim: placement: move_pages: %s; "
			        "pages recorded as not present\n", strerror(errno));
		warned = true;
		for (size_t j = 0; j < n; j++)
			status[j] = -EFAULT;
	}
	classify(log, pages, status, n, out, page);
	for (size_t j = 0; j < n; j++) {
		int c = out[j] >= 0 ? out[j] : out[j] == NB_PAGE_MARKED ? log->nodes
		                                                        : log->nodes + 1;
		share[c] += 1.0 / (double)n;
	}
}

void nb_placement_sample(struct nb_placement_log *log, int64_t cycle,
                         const struct nb_buffer *buf)
{
	if (log->samples >= log->capacity) {
		static bool warned;
		if (!warned)
			fprintf(stderr, "nbsim: placement: room for %zu samples only; "
			        "cycle %lld and later not sampled\n",
			        log->capacity, (long long)cycle);
		warned = true;
		return;
	}
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	size_t s = log->samples, classes = (size_t)(log->nodes + NB_PLACEMENT_EXTRA);
	double *c = log->counters + s * NB_PLACEMENT_COUNTERS;
	uint64_t now[4];

	for (int b = 0; b < log->buffers; b++)
		sample_buffer(log, b, &buf[b],
		              log->share + (s * (size_t)log->buffers + (size_t)b) * classes,
		              log->page + (s * (size_t)log->buffers + (size_t)b) * NB_PLACEMENT_PAGES,
		              page);
	read_counters(now);
	c[0] = nb_now_s() - log->t0;
	for (int k = 0; k < 4; k++)
		c[k + 1] = now[k] >= log->start[k] ? (double)(now[k] - log->start[k]) : 0.0;
	log->cycle[log->samples++] = cycle;
}

void nb_placement_free(struct nb_placement_log *log)
{
	free(log->cycle);
	free(log->share);
	free(log->page);
	free(log->pages);
	free(log->counters);
	if (log->pagemap >= 0)
		close(log->pagemap);
	memset(log, 0, sizeof *log);
	log->pagemap = -1;
}
