/* SPDX-License-Identifier: GPL-2.0-or-later */
/* network.h - one rank's share of a network's neurons, NEST-style (its
 * NodeManager and the nodes' buffers): neurons round-robin over virtual
 * processes (vp = gid % VP, rank = vp % R, thread = vp / R); each thread
 * holds its neurons' state and their ring buffers. The synapses onto them
 * are the connection layer's (connection/connections.h). network.c. */
#ifndef NB_NETWORK_H
#define NB_NETWORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/builders.h"
#include "models/neuron.h"
#include "models/poisson.h"

/* At most 2^22 neurons on one thread (a synapse holds a local index). */
#define NB_LOCAL_BITS 22
#define NB_MAX_LOCAL (1u << NB_LOCAL_BITS)

/* A spike: emitted by gid at step (cycle start + lag) (--record-spikes). */
struct nb_spike {
	uint32_t gid, lag;
};

struct nb_thread_net {
	int vp;
	size_t n;                      /* local neurons: gid = vp + i * VP */
	double *v, *iex, *iin;
	int32_t *refr;
	uint16_t *pop;
	size_t *seg, nseg;             /* [nseg + 1]: runs of one population, i in [seg[g], seg[g + 1]) */
	double *fired;                 /* [n]: 1.0 when it spiked in the step being updated, else 0.0
	                                  (a double: what the vectorised loop can store) */
	uint32_t *bg;                  /* [n]: Poisson counts of the steps left in this block of 4, lowest byte first */
	float *ring;                   /* [slots][n][channels] */
	struct nb_spike *rec;          /* keep_spikes: the cycle's spikes, [n * min_delay] */
	size_t nrec;
	uint64_t *pop_spikes;          /* [npops] spikes counted in the sim phase */
	uint64_t events;               /* synaptic events delivered */
	int failed;                    /* something on this thread failed */
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
	int min_delay, max_delay, slots; /* over every synapse of every rank */
	bool keep_spikes;              /* keep each cycle's spikes in t->rec */
	int64_t *moduli;               /* [slots]: ring slot of step (cycle start + k), NEST's moduli_ */
	uint64_t *spike_counter;       /* [threads] spikes emitted, NEST's local_spike_counter_ */
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

/* Sets up propagators, Poisson tables and the shared spike counters
 * (the master thread, before the regions; -1 with a message); then
 * nb_net_init_thread gives each thread its neuron state (each thread
 * first-touches its own memory). */
int nb_net_init(struct nb_net *net, const struct nb_model *m, int rank,
                int ranks, int threads);
int nb_net_init_thread(struct nb_net *net, int thread);
/* The modulo table once the delays are known (the master thread). */
int nb_net_alloc_moduli(struct nb_net *net);
/* moduli[k] = (start + k) % slots: for the cycle that begins at start. */
void nb_net_set_moduli(struct nb_net *net, int64_t start);
/* Ring buffers, then with keep_spikes the list of each cycle's spikes,
 * once the delays are known (per thread, in the region; -1 with a message
 * when out of memory). */
int nb_net_alloc_rings(struct nb_net *net, int thread);
int nb_net_alloc_spike_list(struct nb_net *net, int thread);
void nb_net_free(struct nb_net *net);

#endif
