/* cycle.c - deliver, update, collocate, sync and communicate (cycle.h). */
#include "engine/cycle.h"

#include <math.h>
#include <omp.h>

#include "engine/clock.h"
#include "engine/neuron.h"
#include "engine/poisson.h"
#include "engine/rng.h"
#include "exchange/comm.h"
#include "io/placement.h"
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

/* Adds every received spike's synapses on this thread into its ring
 * buffers; channels: 1 (one signed buffer) or 2 (excitatory, inhibitory;
 * see nb_model_ring_channels). */
static inline void deliver_ch(const struct nb_net *net, struct nb_thread_net *t,
                              const uint64_t *list, size_t n, int64_t start,
                              const int channels)
{
	const size_t slots = (size_t)net->slots, nl = t->n;

	for (size_t e = 0; e < n; e++) {
		uint32_t gid = (uint32_t)list[e];
		size_t base = (size_t)((start + (int64_t)(list[e] >> 32)) % (int64_t)slots);
		const struct nb_syn *sy = t->syn + t->row[gid];
		const struct nb_syn *end = t->syn + t->row[gid + 1];

		t->events += (uint64_t)(end - sy);
		for (; sy < end; sy++) {
			size_t slot = base + (sy->td >> NB_TGT_BITS);
			size_t idx;

			if (slot >= slots)
				slot -= slots;
			idx = (slot * nl + (sy->td & NB_TGT_MASK)) * (size_t)channels;
			if (channels == 2)
				idx += sy->w < 0.0f;
			t->ring[idx] += sy->w;
		}
	}
}

static void deliver(const struct nb_sim *s, struct nb_thread_net *t)
{
	if (s->net->channels == 2)
		deliver_ch(s->net, t, s->x.list, s->x.nlist, s->prev_start, 2);
	else
		deliver_ch(s->net, t, s->x.list, s->x.nlist, s->prev_start, 1);
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

static void spiked(struct nb_thread_net *t, bool count, uint32_t gid,
                   int lag, uint16_t pop)
{
	struct nb_spike *sp = &t->reg[t->nreg++];

	sp->gid = gid;
	sp->lag = (uint32_t)lag;
	if (count)
		t->pop_spikes[pop]++;
}

/* Updates every neuron of the thread for steps [start, start + n). */
static void update(const struct nb_sim *s, struct nb_thread_net *t,
                   int64_t start, int n)
{
	const struct nb_net *net = s->net;
	const size_t slots = (size_t)net->slots, nl = t->n;
	const size_t first = (size_t)(start % (int64_t)slots);
	const int ch = net->channels;
	const int exp_model = net->m->neuron == NB_IAF_PSC_EXP;

	for (size_t i = 0; i < nl; i++) {
		uint64_t gid = (uint64_t)t->vp + i * (uint64_t)net->vps;
		uint16_t p = t->pop[i];
		const struct nb_prop *pr = &net->prop[p];
		double wbg = net->m->pops[p].bg_weight;
		size_t slot = first;

		for (int l = 0; l < n; l++) {
			float *rb = &t->ring[(slot * nl + i) * (size_t)ch];
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
				spiked(t, s->count_rates, (uint32_t)gid, l, p);
			if (++slot == slots)
				slot = 0;
		}
	}
}

static void record_spikes(const struct nb_sim *s, int64_t start)
{
	const struct nb_net *net = s->net;

	for (int t = 0; t < net->threads; t++)
		for (size_t i = 0; i < net->t[t].nreg; i++)
			fprintf(s->spikes_out, "%lld %u\n",
			        (long long)(start + net->t[t].reg[i].lag),
			        net->t[t].reg[i].gid);
}

static void sample_placement(struct nb_sim *s, size_t cycle)
{
	const struct nb_net *net = s->net;
	const char *const *names = s->placement->names; /* set up in main.c */
	struct nb_region reg[3][net->threads];
	struct nb_buffer buf[3] = {
		{names[0], net->threads, reg[0]},
		{names[1], net->threads, reg[1]},
		{names[2], net->threads, reg[2]},
	};

	for (int t = 0; t < net->threads; t++) {
		const struct nb_thread_net *th = &net->t[t];

		reg[0][t] = (struct nb_region){th->reg, th->n * (size_t)net->min_delay * sizeof(*th->reg)};
		reg[1][t] = (struct nb_region){th->ring, (size_t)net->slots * th->n * (size_t)net->channels * sizeof(float)};
		reg[2][t] = (struct nb_region){th->syn, th->nsyn * sizeof(*th->syn)};
	}
	nb_placement_sample(s->placement, (int64_t)cycle, buf);
}

/* The master thread's part of a cycle, between the two barriers. */
static void master(struct nb_sim *s, int64_t start, int n, size_t cycle,
                   struct nb_cycle_log *log)
{
	double t0 = s->clock[0], t1 = s->clock[1], t2 = s->clock[2], t3, t4, t5;
	size_t spikes;

	spikes = nb_exchange_collocate(&s->x, s->net);
	t3 = NOW();
	t4 = t3; /* no sync phase without --sync-timer: exactly 0 s */
	if (s->sync_timer) {
		nb_comm_barrier();
		t4 = NOW();
	}
	if (s->spikes_out)
		record_spikes(s, start);
	if (nb_exchange_communicate(&s->x, s->net))
		nb_comm_abort("out of memory for the spike exchange");
	t5 = NOW();
	s->prev_start = start;
	s->step = start + n;
	if (log) {
		log->phase_s[NB_PHASE_DELIVER][cycle] = t1 - t0;
		log->phase_s[NB_PHASE_UPDATE][cycle] = t2 - t1;
		log->phase_s[NB_PHASE_COLLOCATE][cycle] = t3 - t2;
		log->phase_s[NB_PHASE_SYNC][cycle] = t4 - t3;
		log->phase_s[NB_PHASE_COMMUNICATE][cycle] = t5 - t4;
		log->cycle_s[cycle] = t5 - t0;
		log->spikes[cycle] = (int64_t)spikes;
		if (s->placement && cycle % (size_t)s->placement->every == 0)
			sample_placement(s, cycle);
	}
	if (s->progress)
		nb_progress_update((double)s->step * s->net->m->dt);
}

/* Deliver and update of one thread; the master's clock readings are the
 * cycle's, and every thread's own times go to the thread log. */
static void thread_work(struct nb_sim *s, struct nb_thread_net *t, int tid,
                        int64_t start, int n, size_t cycle,
                        struct nb_cycle_log *log)
{
	double t0 = NOW(), t1;

#pragma omp master
	s->clock[0] = t0;
	deliver(s, t);
	t1 = NOW();
#pragma omp master
	s->clock[1] = t1;
	update(s, t, start, n);
	if (log && log->threads)
		nb_thread_log_cycle(log->threads, tid, cycle, t1 - t0, NOW() - t1);
}

void nb_cycle_run(struct nb_sim *s, int64_t steps, struct nb_cycle_log *log)
{
	const int tid = omp_get_thread_num();
	struct nb_thread_net *t = &s->net->t[tid];
	const int64_t end = s->step + steps;

	for (size_t cycle = 0;; cycle++) {
		int64_t start = s->step;
		int n = (int)(end - start < s->net->min_delay ? end - start : s->net->min_delay);

		if (start >= end)
			break;
		thread_work(s, t, tid, start, n, cycle, log);
#pragma omp barrier
#pragma omp master
		{
			s->clock[2] = NOW();
			master(s, start, n, cycle, log);
		}
#pragma omp barrier
	}
}
