/* SPDX-License-Identifier: GPL-2.0-or-later */
/* placement_out.c - gathering and writing the placement samples
 * (placement_out.h). */
#include "io/placement_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi/comm.h"
#include "io/npy.h"

/* Rank 0's block for every rank's `bytes` (NULL elsewhere). */
static void *room(size_t bytes, int *failed)
{
	void *all = NULL;

	if (nb_comm_rank() == 0 && !(all = malloc(bytes * (size_t)nb_comm_size() + 1)))
		*failed = 1;
	return all;
}

static void gather(const void *mine, size_t bytes, void *all)
{
	if (bytes > 0)
		nb_comm_gather(mine, bytes, all);
}

int nb_placement_gather(struct nb_placement_all *a,
                        const struct nb_placement_log *log)
{
	size_t share, page, pages, counters;
	int failed = 0;
	double f;

	memset(a, 0, sizeof *a);
	if (!log)
		return 0;
	share = log->samples * (size_t)log->buffers *
	        (size_t)(log->nodes + NB_PLACEMENT_EXTRA) * sizeof(double);
	page = log->samples * (size_t)log->buffers * NB_PLACEMENT_PAGES;
	pages = (size_t)log->buffers * sizeof(uint64_t);
	counters = log->samples * NB_PLACEMENT_COUNTERS * sizeof(double);
	a->log = log;
	a->ranks = nb_comm_size();
	a->share = room(share, &failed);
	a->page = room(page, &failed);
	a->pages = room(pages, &failed);
	a->counters = room(counters, &failed);
	f = failed;
	nb_comm_max(&f, 1);
	if (f > 0.0) {
		nb_placement_all_free(a);
		return -1;
	}
	gather(log->share, share, a->share);
	gather(log->page, page, a->page);
	gather(log->pages, pages, a->pages);
	gather(log->counters, counters, a->counters);
	return 0;
}

int nb_placement_write(const char *dir, const struct nb_placement_all *a)
{
	const struct nb_placement_log *log = a->log;

	if (!log)
		return 0;
	size_t r = (size_t)a->ranks, s = log->samples, b = (size_t)log->buffers;
	size_t shares[4] = {r, s, b, (size_t)(log->nodes + NB_PLACEMENT_EXTRA)};
	size_t pages[4] = {r, s, b, NB_PLACEMENT_PAGES};
	size_t counters[3] = {r, s, NB_PLACEMENT_COUNTERS};
	return nb_npy_write_in(dir, "placement.npy", NB_NPY_F64, 4, shares, a->share) ||
	       nb_npy_write_in(dir, "placement_pages.npy", NB_NPY_I8, 4, pages, a->page) ||
	       nb_npy_write_in(dir, "placement_counters.npy", NB_NPY_F64, 3, counters,
	                 a->counters) ? -1 : 0;
}

static json_t *classes(int nodes)
{
	json_t *c = json_array();

	for (int n = 0; n < nodes; n++) {
		char name[32];

		snprintf(name, sizeof name, "node %d", n);
		json_array_append_new(c, json_string(name));
	}
	json_array_append_new(c, json_string("scanner-marked"));
	json_array_append_new(c, json_string("not present"));
	return c;
}

json_t *nb_placement_json(const struct nb_placement_all *a)
{
	const struct nb_placement_log *log = a->log;

	if (!log)
		return json_null();
	json_t *names = json_array(), *cycles = json_array(), *pages = json_array();
	for (int b = 0; b < log->buffers; b++)
		json_array_append_new(names, json_string(log->names[b]));
	for (size_t s = 0; s < log->samples; s++)
		json_array_append_new(cycles, json_integer(log->cycle[s]));
	for (int r = 0; r < a->ranks; r++) {
		json_t *row = json_array();

		for (int b = 0; b < log->buffers; b++)
			json_array_append_new(row, json_integer(
			    (json_int_t)a->pages[(size_t)r * (size_t)log->buffers + (size_t)b]));
		json_array_append_new(pages, row);
	}
	return json_pack("{s:i,s:o,s:o,s:o,s:o,s:i}", "every", log->every,
	                 "buffers", names, "cycles", cycles,
	                 "classes", classes(log->nodes), "pages", pages,
	                 "sampled_pages", NB_PLACEMENT_PAGES);
}

void nb_placement_all_free(struct nb_placement_all *a)
{
	free(a->share);
	free(a->page);
	free(a->pages);
	free(a->counters);
	memset(a, 0, sizeof *a);
}
