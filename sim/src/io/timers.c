/* SPDX-License-Identifier: GPL-2.0-or-later */
/* timers.c - timers.txt: beNNch-style "key value" lines with NEST's
 * kernel-status names, so beNNch tooling reads nbsim runs. Times are in
 * seconds, the maximum over ranks (the slowest rank sets the pace). */
#include "io/run-data.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* NEST's names for the cycle phases, in enum nb_phase order. */
static const char *const nest_phase_keys[NB_PHASE_COUNT] = {
	"time_deliver_spike_data", "time_update", "time_collocate_spike_data",
	"time_mpi_synchronization", "time_communicate_spike_data",
};

static void write_phases(FILE *f, const struct nb_run_data *d)
{
	for (int p = 0; p < NB_PHASE_COUNT; p++)
		fprintf(f, "%s %.9g\n", nest_phase_keys[p], nb_phase_max(d, p));
}

static void write_counts(FILE *f, const struct nb_run_data *d)
{
	int64_t spikes = 0;
	uint64_t rss = 0;
	for (int r = 0; r < d->ranks; r++) {
		spikes += d->rank[r].spikes;
		rss = d->rank[r].peak_rss > rss ? d->rank[r].peak_rss : rss;
	}
	fprintf(f, "global_spike_counter %" PRId64 "\n", spikes);
	fprintf(f, "peak_rss_bytes %" PRIu64 "\n", rss);
}

static void write_all(FILE *f, const struct nb_run_data *d)
{
	fprintf(f, "num_mpi_tasks %d\n", d->ranks);
	fprintf(f, "num_omp_threads %d\n", d->run->threads);
	fprintf(f, "num_neurons %" PRIu64 "\n", d->run->neurons);
	fprintf(f, "num_connections %" PRIu64 "\n", d->run->synapses);
	fprintf(f, "time_construction_create %.9g\n", d->time_create_s);
	fprintf(f, "time_construction_connect %.9g\n", d->time_connect_s);
	fprintf(f, "wall_time_presim %.9g\n", d->time_presim_s);
	fprintf(f, "time_simulate %.9g\n", d->time_sim_s);
	write_phases(f, d);
	write_counts(f, d);
	fprintf(f, "real_time_factor %.9g\n", d->rtf);
}

int nb_timers_write(const char *path, const struct nb_run_data *d)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "nbsim: cannot create %s: %s\n", path, strerror(errno));
		return -1;
	}
	write_all(f, d);
	int bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		fprintf(stderr, "nbsim: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}
