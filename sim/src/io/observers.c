/* SPDX-License-Identifier: GPL-2.0-or-later */
/* observers.c - the observers of a run behind the engine's hook
 * (observers.h). */
#include "io/observers.h"

#include <stdlib.h>
#include <string.h>

#include "engine/sim.h"
#include "io/progress.h"

static void thread_cycle(void *ctx, int thread, size_t cycle,
                         double deliver_s, double update_s)
{
	const struct nb_observers *o = ctx;

	if (o->log && o->log->threads)
		nb_thread_log_cycle(o->log->threads, thread, cycle, deliver_s, update_s);
}

static void log_cycle(struct nb_cycle_log *log, const struct nb_cycle_report *r)
{
	for (int p = 0; p < NB_PHASE_COUNT; p++)
		log->phase_s[p][r->cycle] = r->phase_s[p];
	log->cycle_s[r->cycle] = r->cycle_s;
	log->spikes[r->cycle] = (int64_t)r->spikes;
}

/* Every thread's spikes of the cycle, thread by thread. */
static void write_spikes(FILE *f, const struct nb_net *net, int64_t start)
{
	for (int t = 0; t < net->threads && net->t[t].rec; t++)
		for (size_t i = 0; i < net->t[t].nrec; i++)
			fprintf(f, "%lld %u\n", (long long)(start + net->t[t].rec[i].lag),
			        net->t[t].rec[i].gid);
}

static void cycle(void *ctx, const struct nb_sim *s, const struct nb_cycle_report *r)
{
	struct nb_observers *o = ctx;

	if (o->log)
		log_cycle(o->log, r);
	if (o->placement && r->cycle % (size_t)o->placement->every == 0)
		nb_sampled_take(o->sampled, o->placement, s, (int64_t)r->cycle);
	if (o->spikes)
		write_spikes(o->spikes, &s->net, r->start);
	if (o->progress)
		nb_progress_update((double)s->step * s->net.m->dt);
	if (o->energy)
		nb_energy_poll(o->energy);
}

struct nb_observer nb_observers_hook(struct nb_observers *o)
{
	return (struct nb_observer){o, o->log ? thread_cycle : NULL, cycle};
}

void nb_observers_begin(struct nb_observers *o)
{
	if (o->placement)
		nb_placement_start(o->placement);
	if (o->energy)
		nb_energy_begin(o->energy);
}

void nb_observers_end(struct nb_observers *o)
{
	if (o->energy)
		nb_energy_end(o->energy);
}

int nb_cycle_log_init(struct nb_cycle_log *log, size_t cycles)
{
	memset(log, 0, sizeof(*log));
	log->cycles = cycles;
	log->cycle_s = calloc(cycles + 1, sizeof(double));
	log->spikes = calloc(cycles + 1, sizeof(int64_t));
	for (int p = 0; p < NB_PHASE_COUNT; p++)
		log->phase_s[p] = calloc(cycles + 1, sizeof(double));
	for (int p = 0; p < NB_PHASE_COUNT; p++)
		if (!log->phase_s[p])
			return -1;
	return log->cycle_s && log->spikes ? 0 : -1;
}

void nb_cycle_log_free(struct nb_cycle_log *log)
{
	free(log->cycle_s);
	free(log->spikes);
	for (int p = 0; p < NB_PHASE_COUNT; p++)
		free(log->phase_s[p]);
	if (log->threads)
		nb_thread_log_free(log->threads);
}
