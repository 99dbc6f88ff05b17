/* placement.c - every N cycles, asks the kernel (move_pages with no target
 * nodes) on which NUMA node a bounded, evenly spread sample of each
 * buffer's pages lies, and records each node's share of the sample. */
#include "io/placement.h"
#include "exchange/comm.h"
#include "io/probe.h"

#include <errno.h>
#include <numaif.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Pages sampled per buffer and sample (spread over all its regions). */
#define NB_PLACEMENT_PAGES 256

int nb_placement_init(struct nb_placement_log *log, int every,
                      size_t max_samples, int buffers,
                      const char *const *names)
{
	memset(log, 0, sizeof *log);
	if (every <= 0 || buffers <= 0) {
		fprintf(stderr, "nbsim: --placement-every must be positive "
		        "(got %d) and there must be buffers to sample\n", every);
		return -1;
	}
	log->every = every;
	log->buffers = buffers;
	log->names = names;
	log->nodes = nb_probe_numa_nodes();
	log->capacity = max_samples;
	log->cycle = calloc(max_samples ? max_samples : 1, sizeof *log->cycle);
	log->share = calloc(max_samples ? max_samples * (size_t)buffers *
	                    (size_t)log->nodes : 1, sizeof *log->share);
	if (!log->cycle || !log->share) {
		fprintf(stderr, "nbsim: out of memory for %zu placement samples\n",
		        max_samples);
		nb_placement_free(log);
		return -1;
	}
	if (log->nodes == 1 && nb_comm_rank() == 0)
		fprintf(stderr, "nbsim: placement: this host has one NUMA node, "
		        "so every page is on node 0\n");
	return 0;
}

static size_t region_pages(const struct nb_region *r, uintptr_t page)
{
	if (r->bytes == 0)
		return 0;
	uintptr_t first = (uintptr_t)r->addr / page;
	uintptr_t last = ((uintptr_t)r->addr + r->bytes - 1) / page;
	return last - first + 1;
}

/* Address of page `k` of the buffer, counting through its regions. */
static void *nth_page(const struct nb_buffer *buf, size_t k, uintptr_t page)
{
	for (int i = 0; i < buf->regions; i++) {
		size_t n = region_pages(&buf->region[i], page);
		if (k < n)
			return (void *)(((uintptr_t)buf->region[i].addr / page + k)
			                * page);
		k -= n;
	}
	return NULL;
}

/* Fills pages[] with up to NB_PLACEMENT_PAGES page addresses spread evenly
 * over the buffer; returns how many. */
static size_t buffer_pages(const struct nb_buffer *buf, uintptr_t page)
{
	size_t total = 0;
	for (int i = 0; i < buf->regions; i++)
		total += region_pages(&buf->region[i], page);
	return total;
}

static size_t pick_pages(const struct nb_buffer *buf, void **pages,
                         uintptr_t page)
{
	size_t total = buffer_pages(buf, page), n = 0;
	size_t want = total < NB_PLACEMENT_PAGES ? total : NB_PLACEMENT_PAGES;
	while (n < total && n < NB_PLACEMENT_PAGES) { /* n < want */
		pages[n] = nth_page(buf, n * total / want, page);
		n++;
	}
	return n;
}

/* share[node] = sampled pages on that node / sampled pages (pages not yet
 * backed by memory count in no node). */
static void sample_buffer(const struct nb_buffer *buf, double *share,
                          int nodes, uintptr_t page)
{
	void *pages[NB_PLACEMENT_PAGES];
	int status[NB_PLACEMENT_PAGES];
	size_t n = pick_pages(buf, pages, page);
	if (n == 0)
		return;
	if (move_pages(0, n, pages, NULL, status, 0) != 0) {
		static bool warned;
		if (!warned)
			fprintf(stderr, "nbsim: placement: move_pages: %s; "
			        "shares recorded as 0\n", strerror(errno));
		warned = true;
		return;
	}
	for (size_t j = 0; j < n; j++)
		if (status[j] >= 0 && status[j] < nodes)
			share[status[j]] += 1.0 / (double)n;
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
	size_t stride = (size_t)log->buffers * (size_t)log->nodes;
	double *row = log->share + log->samples * stride;
	for (int b = 0; b < log->buffers; b++)
		sample_buffer(&buf[b], row + (size_t)b * (size_t)log->nodes,
		              log->nodes, page);
	log->cycle[log->samples++] = cycle;
}

void nb_placement_free(struct nb_placement_log *log)
{
	free(log->cycle);
	free(log->share);
	log->cycle = NULL;
	log->share = NULL;
	log->samples = log->capacity = 0;
}
