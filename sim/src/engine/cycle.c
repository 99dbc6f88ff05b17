/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cycle.c - deliver, update, collocate, sync and communicate (cycle.h). */
#include "engine/cycle.h"

#include <math.h>
#include <omp.h>

#include "engine/update.h"
#include "exchange/deliver.h"
#include "mpi/comm.h"
#include "util/clock.h"

#ifdef NB_NO_CYCLE_TIMERS
#define NOW() 0.0
#else
#define NOW() nb_now_s()
#endif

double nb_cycle_clock_cost_s(void)
{
	const int n = 100000;
	volatile double sink;
	double t0 = nb_now_s();

	for (int i = 0; i < n; i++)
		sink = NOW();
	(void)sink;
	return (nb_now_s() - t0) / n;
}

size_t nb_cycles(int64_t steps, int min_delay)
{
	return (size_t)((steps + min_delay - 1) / min_delay);
}

/* Spikes this rank emitted since the last exchange (the counters' sum). */
static uint64_t new_spikes(struct nb_sim *s)
{
	uint64_t sum = 0, d;

	for (int t = 0; t < s->net.threads; t++)
		sum += s->net.spike_counter[t];
	d = sum - s->spikes_counted;
	s->spikes_counted = sum;
	return d;
}

static int any_thread_failed(const struct nb_net *net)
{
	for (int t = 0; t < net->threads; t++)
		if (net->t[t].failed)
			return 1;
	return 0;
}

/* The master thread's part of a cycle, between the two barriers: the
 * exchange, then the report to the hook. */
static void master(struct nb_sim *s, int64_t start, int n, size_t cycle,
                   const struct nb_observer *obs)
{
	double t0 = s->clock[0], t1 = s->clock[1], t2 = s->clock[2], t3, t4, t5;
	struct nb_cycle_report r = {.cycle = cycle, .start = start,
	                            .spikes = new_spikes(s)};

	if (any_thread_failed(&s->net))
		nb_comm_abort("out of memory for a spike register");
	if (nb_exchange_collocate(&s->x))
		nb_comm_abort("out of memory for the spike exchange");
	t3 = NOW();
	t4 = t3; /* no sync phase without --sync-timer: exactly 0 s */
	if (s->sync_timer) {
		nb_comm_barrier();
		t4 = NOW();
	}
	if (nb_exchange_communicate(&s->x))
		nb_comm_abort("out of memory for the spike exchange");
	t5 = NOW();
	s->prev_start = start;
	s->step = start + n;
	nb_net_set_moduli(&s->net, s->step);
	r.phase_s[NB_PHASE_DELIVER] = t1 - t0;
	r.phase_s[NB_PHASE_UPDATE] = t2 - t1;
	r.phase_s[NB_PHASE_COLLOCATE] = t3 - t2;
	r.phase_s[NB_PHASE_SYNC] = t4 - t3;
	r.phase_s[NB_PHASE_COMMUNICATE] = t5 - t4;
	r.cycle_s = t5 - t0;
	obs->cycle(obs->ctx, s, &r);
}

/* Deliver and update of one thread; the master's clock readings are the
 * cycle's, and every thread's own times go to the hook. */
static void thread_work(struct nb_sim *s, int thread, int64_t start, int n,
                        size_t cycle, const struct nb_observer *obs)
{
	double t0 = NOW(), t1;

#pragma omp master
	s->clock[0] = t0;
	nb_deliver(&s->x, &s->net, &s->conn, s->merge[thread], thread, start,
	           s->prev_start);
	t1 = NOW();
#pragma omp master
	s->clock[1] = t1;
	nb_update(s, thread, start, n);
	if (obs->thread_cycle)
		obs->thread_cycle(obs->ctx, thread, cycle, t1 - t0, NOW() - t1);
}

void nb_cycle_run(struct nb_sim *s, int64_t steps, const struct nb_observer *obs)
{
	const int thread = omp_get_thread_num();
	const int64_t end = s->step + steps;

	for (size_t cycle = 0;; cycle++) {
		int64_t start = s->step;
		int n = (int)(end - start < s->net.min_delay ? end - start : s->net.min_delay);

		if (start >= end)
			break;
		thread_work(s, thread, start, n, cycle, obs);
#pragma omp barrier
#pragma omp master
		{
			s->clock[2] = NOW();
			master(s, start, n, cycle, obs);
		}
#pragma omp barrier
	}
}
