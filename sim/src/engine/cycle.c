/* cycle.c - deliver, update, collocate, sync and communicate (cycle.h). */
#include "engine/cycle.h"

#include <math.h>
#include <omp.h>

#include "engine/clock.h"
#include "engine/neuron.h"
#include "engine/poisson.h"
#include "engine/rng.h"
#include "exchange/comm.h"
#include "exchange/deliver.h"
#include "exchange/register.h"
#include "io/buffers.h"
#include "io/progress.h"

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

/* The Poisson count of neuron i (gid) at step st: every fourth step one
 * draw gives the uniforms of four steps, kept as four 8-bit counts. */
static inline int background(const struct nb_net *net, struct nb_thread_net *t,
                             size_t i, uint64_t gid, int64_t st,
                             const struct nb_poisson *pois)
{
	int lane = (int)(st & 3);

	if (pois->kmax == 0)
		return 0;
	if (lane == 0) {
		struct nb_u4 r = nb_rng4(net->m->seed, NB_RNG_POISSON, gid,
		                         (uint64_t)st >> 2);

		t->bg[i] = (uint32_t)nb_poisson_draw(pois, r.v[0]) |
		           (uint32_t)nb_poisson_draw(pois, r.v[1]) << 8 |
		           (uint32_t)nb_poisson_draw(pois, r.v[2]) << 16 |
		           (uint32_t)nb_poisson_draw(pois, r.v[3]) << 24;
	}
	return (int)(t->bg[i] >> (8 * lane) & 0xff);
}

/* Neuron i (gid) of the thread spiked at lag: NEST's send_remote, one
 * register entry per target (with compressed spikes a rank; without, a
 * header and one entry per synapse), and its local_spike_counter_. */
static void spiked(const struct nb_sim *s, struct nb_thread_net *t, int thread,
                   size_t i, uint32_t gid, int lag, uint16_t pop)
{
	const struct nb_net *net = s->net;
	const struct nb_targets *tg = &t->tgt[i];
	uint64_t l = (uint64_t)lag;
	int err = 0;

	net->spike_counter[thread]++;
	if (s->count_rates)
		t->pop_spikes[pop]++;
	if (t->rec)
		t->rec[t->nrec++] = (struct nb_spike){gid, (uint32_t)lag};
	if (net->compressed) {
		for (size_t k = 0; k < tg->n; k++)
			err |= nb_register_push(t->reg, l << NB_SPIKE_LAG_SHIFT | gid, tg->t[k]);
	} else if (tg->n) {
		err |= nb_register_push(t->reg, l << NB_SPIKE_LAG_SHIFT | gid,
		                        NB_REG_HEADER | tg->n);
		for (size_t k = 0; k < tg->n; k++) {
			uint64_t v = tg->t[k];

			err |= nb_register_push(t->reg, l << NB_SYN_LAG_SHIFT |
			        (v >> NB_TGT_THREAD_SHIFT & (NB_MAX_THREADS - 1)) << NB_SYN_THREAD_SHIFT |
			        (v & NB_TGT_SYN_MASK), v >> NB_TGT_RANK_SHIFT);
		}
	}
	t->failed |= err != 0;
}

/* Updates every neuron of the thread for steps [start, start + n). */
static void update(const struct nb_sim *s, int thread, int64_t start, int n)
{
	const struct nb_net *net = s->net;
	struct nb_thread_net *t = &net->t[thread];
	const size_t nl = t->n;
	const int ch = net->channels;
	const int exp_model = net->m->neuron == NB_IAF_PSC_EXP;

	for (size_t i = 0; i < nl; i++) {
		uint64_t gid = (uint64_t)t->vp + i * (uint64_t)net->vps;
		uint16_t p = t->pop[i];
		const struct nb_prop *pr = &net->prop[p];
		double wbg = net->m->pops[p].bg_weight;

		for (int l = 0; l < n; l++) {
			float *rb = &t->ring[((size_t)net->moduli[l] * nl + i) * (size_t)ch];
			double in = rb[0] + background(net, t, i, gid, start + l, &net->pois[p]) * wbg;
			int sp;

			if (exp_model) {
				sp = nb_exp_step(pr, &t->v[i], &t->iex[i], &t->iin[i],
				                 &t->refr[i], in, ch == 2 ? rb[ch - 1] : 0.0);
				rb[ch - 1] = 0.0f;
			} else {
				sp = nb_delta_step(pr, &t->v[i], &t->refr[i], in);
			}
			rb[0] = 0.0f;
			if (sp)
				spiked(s, t, thread, i, (uint32_t)gid, l, p);
		}
	}
}

/* --record-spikes: this cycle's spikes of every thread, then emptied. */
static void record_spikes(const struct nb_sim *s, int64_t start)
{
	const struct nb_net *net = s->net;

	for (int t = 0; t < net->threads && net->t[t].rec; t++) {
		for (size_t i = 0; s->spikes_out && i < net->t[t].nrec; i++)
			fprintf(s->spikes_out, "%lld %u\n",
			        (long long)(start + net->t[t].rec[i].lag),
			        net->t[t].rec[i].gid);
		net->t[t].nrec = 0;
	}
}

/* Spikes this rank emitted since the last exchange (the counters' sum). */
static uint64_t new_spikes(struct nb_sim *s)
{
	uint64_t sum = 0, d;

	for (int t = 0; t < s->net->threads; t++)
		sum += s->net->spike_counter[t];
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

/* The master thread's part of a cycle, between the two barriers. */
static void master(struct nb_sim *s, int64_t start, int n, size_t cycle,
                   struct nb_cycle_log *log)
{
	double t0 = s->clock[0], t1 = s->clock[1], t2 = s->clock[2], t3, t4, t5;
	uint64_t spikes = new_spikes(s);

	if (any_thread_failed(s->net))
		nb_comm_abort("out of memory for a spike register");
	if (nb_exchange_collocate(&s->x, s->net))
		nb_comm_abort("out of memory for the spike exchange");
	t3 = NOW();
	t4 = t3; /* no sync phase without --sync-timer: exactly 0 s */
	if (s->sync_timer) {
		nb_comm_barrier();
		t4 = NOW();
	}
	record_spikes(s, start);
	if (nb_exchange_communicate(&s->x, s->net))
		nb_comm_abort("out of memory for the spike exchange");
	t5 = NOW();
	s->prev_start = start;
	s->step = start + n;
	nb_net_set_moduli(s->net, s->step);
	if (log) {
		log->phase_s[NB_PHASE_DELIVER][cycle] = t1 - t0;
		log->phase_s[NB_PHASE_UPDATE][cycle] = t2 - t1;
		log->phase_s[NB_PHASE_COLLOCATE][cycle] = t3 - t2;
		log->phase_s[NB_PHASE_SYNC][cycle] = t4 - t3;
		log->phase_s[NB_PHASE_COMMUNICATE][cycle] = t5 - t4;
		log->cycle_s[cycle] = t5 - t0;
		log->spikes[cycle] = (int64_t)spikes;
		if (s->placement && cycle % (size_t)s->placement->every == 0)
			nb_sampled_take(s->sampled, s->placement, s->net, &s->x,
			                (int64_t)cycle);
	}
	if (s->progress)
		nb_progress_update((double)s->step * s->net->m->dt);
}

/* Deliver and update of one thread; the master's clock readings are the
 * cycle's, and every thread's own times go to the thread log. */
static void thread_work(struct nb_sim *s, int thread, int64_t start, int n,
                        size_t cycle, struct nb_cycle_log *log)
{
	double t0 = NOW(), t1;

#pragma omp master
	s->clock[0] = t0;
	nb_deliver(&s->x, s->net, thread, start, s->prev_start);
	t1 = NOW();
#pragma omp master
	s->clock[1] = t1;
	update(s, thread, start, n);
	if (log && log->threads)
		nb_thread_log_cycle(log->threads, thread, cycle, t1 - t0, NOW() - t1);
}

void nb_cycle_run(struct nb_sim *s, int64_t steps, struct nb_cycle_log *log)
{
	const int thread = omp_get_thread_num();
	const int64_t end = s->step + steps;

	for (size_t cycle = 0;; cycle++) {
		int64_t start = s->step;
		int n = (int)(end - start < s->net->min_delay ? end - start : s->net->min_delay);

		if (start >= end)
			break;
		thread_work(s, thread, start, n, cycle, log);
#pragma omp barrier
#pragma omp master
		{
			s->clock[2] = NOW();
			master(s, start, n, cycle, log);
		}
#pragma omp barrier
	}
}
