/* network.h - one rank's share of a network, NEST-style: neurons
 * round-robin over virtual processes (vp = gid % VP, rank = vp % R,
 * thread = vp / R); each thread holds its neurons' state, their ring
 * buffers, and every synapse onto them as a CSR indexed by source gid. */
#ifndef NB_NETWORK_H
#define NB_NETWORK_H

#include <stddef.h>
#include <stdint.h>

#include "engine/neuron.h"
#include "engine/poisson.h"
#include "models/builders.h"

/* Synapse: target's local index (low 22 bits) and delay in steps (high
 * 10 bits), and weight (mV or pA). */
#define NB_TGT_BITS 22
#define NB_TGT_MASK ((1u << NB_TGT_BITS) - 1u)
#define NB_MAX_DELAY ((1 << (32 - NB_TGT_BITS)) - 1)
#define NB_MAX_LOCAL (1u << NB_TGT_BITS)

struct nb_syn {
	uint32_t td;
	float w;
};

/* A spike: emitted by gid at step (cycle start + lag). */
struct nb_spike {
	uint32_t gid, lag;
};

struct nb_thread_net {
	int vp;
	size_t n;                      /* local neurons: gid = vp + i * VP */
	double *v, *iex, *iin;
	int32_t *refr;
	uint16_t *pop;
	uint32_t *bg;                  /* [n]: Poisson counts of this block of 4 steps */
	uint64_t *row;                 /* [N + 1] synapses of source gid: row[gid] .. row[gid+1] */
	struct nb_syn *syn;
	uint64_t nsyn;
	float *ring;                   /* [slots][n][channels] */
	struct nb_spike *reg;          /* spike register of this cycle: [n * min_delay] */
	size_t nreg;
	uint64_t *pop_spikes;          /* [npops] spikes counted in the sim phase */
	uint64_t events;               /* synaptic events delivered */
	int min_delay, max_delay;      /* over this thread's synapses */
	int failed;                    /* allocation failed */
};

struct nb_net {
	const struct nb_model *m;
	int ranks, rank, threads, vps;
	double inv_vps;                /* 1.0 / vps */
	uint64_t n_global;
	struct nb_thread_net *t;       /* [threads] */
	struct nb_prop *prop;          /* [npops] */
	struct nb_poisson *pois;       /* [npops] */
	int channels;                  /* nb_model_ring_channels */
	int min_delay, max_delay, slots;
	uint64_t synapses;             /* on this rank */
};

/* gid / vps without a division instruction (gid < 2^32): the double
 * quotient is off by at most one. */
static inline uint64_t nb_div_vps(const struct nb_net *net, uint64_t gid)
{
	uint64_t q = (uint64_t)((double)gid * net->inv_vps);
	int64_t r = (int64_t)gid - (int64_t)(q * (uint64_t)net->vps);

	if (r < 0)
		q--;
	else if (r >= net->vps)
		q++;
	return q;
}

/* First local index i with vp + i * vps >= gid. */
static inline uint64_t nb_local_ceil(uint64_t gid, int vp, int vps)
{
	return gid > (uint64_t)vp ? (gid - (uint64_t)vp + (uint64_t)vps - 1) / (uint64_t)vps : 0;
}

/* Sets up propagators, Poisson tables and per-thread neuron state (each
 * thread first-touches its own memory). Call inside the parallel region
 * (every thread); returns 0 on every thread or -1 on every thread. */
int nb_net_init(struct nb_net *net, const struct nb_model *m, int rank,
                int ranks, int threads);
int nb_net_init_thread(struct nb_net *net, int thread);
/* Ring buffers and spike register once the delays are known (per
 * thread, in the region). */
int nb_net_alloc_rings(struct nb_net *net, int thread);
void nb_net_free(struct nb_net *net);

#endif
