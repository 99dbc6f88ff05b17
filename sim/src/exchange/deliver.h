/* SPDX-License-Identifier: GPL-2.0-or-later */
/* deliver.h - NEST's deliver_events on one thread: the thread reads the
 * whole receive buffer, every chunk, and finds its own synapses of each
 * spike, through the compressed table (the source's entry for this
 * thread) or, without compressed spikes, directly in the entries addressed
 * to it, and adds their weights into its ring buffers at the slots NEST's
 * modulo table (net->moduli) gives. The chunks are merged by (lag, gid),
 * so that every ring-buffer slot adds its inputs in the same order on
 * every decomposition. Then the thread empties its own spike register, as
 * NEST's threads do. deliver.c. */
#ifndef NB_DELIVER_H
#define NB_DELIVER_H

#include <stdint.h>

#include "connection/connections.h"
#include "exchange/exchange.h"
#include "nodes/network.h"

/* A thread's cursors for merging the chunks (one per rank; allocated by
 * that thread). */
struct nb_merge *nb_merge_new(int ranks);
void nb_merge_free(struct nb_merge *m);

/* Delivers the spikes of the cycle that began at step prev_start into
 * the ring buffers of `thread` (through its synapses in c and its
 * cursors m), for the cycle that begins at start (net->moduli is that
 * cycle's table). */
void nb_deliver(const struct nb_exchange *x, const struct nb_net *net,
                const struct nb_conn *c, struct nb_merge *m, int thread,
                int64_t start, int64_t prev_start);

#endif
