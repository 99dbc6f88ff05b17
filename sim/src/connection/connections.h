/* SPDX-License-Identifier: GPL-2.0-or-later */
/* connections.h - one rank's connections, NEST's ConnectionManager: per
 * thread every synapse onto its neurons as a CSR indexed by source gid
 * (connect.c) and each of its neurons' target table (targets.c), and the
 * rank's compressed spike table (compressed.c). connections.c agrees on
 * the delays over every rank and frees it all. */
#ifndef NB_CONNECTIONS_H
#define NB_CONNECTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "connection/compressed.h"
#include "nodes/network.h"

/* Synapse: target's local index (low NB_LOCAL_BITS bits) and delay in
 * steps (the high bits), and weight (mV or pA). */
#define NB_TGT_BITS NB_LOCAL_BITS
#define NB_TGT_MASK ((1u << NB_TGT_BITS) - 1u)
#define NB_MAX_DELAY ((1 << (32 - NB_TGT_BITS)) - 1)

struct nb_syn {
	uint32_t td;
	float w;
};

struct nb_targets;

struct nb_thread_conn {
	uint64_t *row;                 /* [N + 1] synapses of source gid: row[gid] .. row[gid+1]
	                                  (construction only) */
	struct nb_syn *syn;
	uint64_t nsyn;
	struct nb_targets *tgt;        /* [n] where each neuron's spikes go */
	int min_delay, max_delay;      /* over this thread's synapses */
};

struct nb_conn {
	int threads;
	bool compressed;               /* NEST's use_compressed_spikes */
	struct nb_thread_conn *t;      /* [threads] */
	struct nb_csd csd;             /* compressed spikes only (after construction) */
	uint64_t synapses;             /* on this rank */
};

/* The per-thread records (the master thread). 0, or -1 with a message. */
int nb_conn_init(struct nb_conn *c, int threads, bool compressed);
/* Sets net's min_delay, max_delay and slots from the delays of every
 * synapse of every rank (1 step each when there are none), and
 * c->synapses. Collective. */
void nb_conn_agree_delays(struct nb_conn *c, struct nb_net *net);
/* Frees everything (net: the neurons the target tables were built for). */
void nb_conn_free(struct nb_conn *c, const struct nb_net *net);

#endif
