/* SPDX-License-Identifier: GPL-2.0-or-later */
/* targets.c - the target-data exchange and the per-neuron target arrays
 * (targets.h). */
#include "connection/targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connection/compressed.h"
#include "mpi/comm.h"
#include "nodes/network.h"
#include "util/vec.h"

/* Rank q's sources are the gids q + j * ranks. */
static size_t sources_of(const struct nb_net *net)
{
	return (size_t)((net->n_global + (uint64_t)net->ranks - 1) / (uint64_t)net->ranks);
}

static const uint64_t *block(const struct nb_csd *csd, uint64_t gid)
{
	return gid < csd->n ? csd->src[gid] : NULL;
}

/* Every rank learns whether any rank failed (before each collective, so
 * that no rank waits in one alone): -1 on every rank if one did. */
static int agree(int failed)
{
	double f = failed != 0;

	nb_comm_max(&f, 1);
	return f > 0.0 ? -1 : 0;
}

/* Compressed: bit j of block q says whether gid q + j * ranks has
 * synapses here; every rank gets its own block from every rank. */
static int exchange_bits(struct nb_target_info *in, const struct nb_csd *csd,
                         const struct nb_net *net)
{
	size_t r = (size_t)net->ranks, bytes = sources_of(net) / 8 + 1;
	uint8_t *send = calloc(r * bytes, 1);

	in->bytes = bytes;
	in->bits = calloc(r * bytes, 1);
	if (agree(!send || !in->bits)) {
		free(send);
		return -1;
	}
	for (const struct nb_csd_source *s = csd->sources; s; s = s->next) {
		size_t q = (size_t)(s->gid % r), j = (size_t)(s->gid / r);

		send[q * bytes + j / 8] |= (uint8_t)(1u << (j % 8));
	}
	nb_comm_alltoall(send, bytes, in->bits);
	free(send);
	return 0;
}

/* Not compressed: the runs (gid << 10 | thread, first << 24 | count) of
 * rank q's sources, in gid and thread order; their number. */
static size_t pack_runs(const struct nb_csd *csd, const struct nb_net *net,
                        size_t q, uint64_t *out)
{
	size_t n = 0;

	for (const struct nb_csd_source *s = csd->sources; s; s = s->next) {
		uint64_t gid = s->gid;
		const uint64_t *b = block(csd, gid);

		for (int u = 0; gid % (uint64_t)net->ranks == q && u < net->threads; u++) {
			if (!(b[u] >> NB_CSD_COUNT_SHIFT))
				continue;
			if (out) {
				out[2 * n] = gid << 10 | (uint64_t)u;
				out[2 * n + 1] = (b[u] & NB_CSD_START_MASK) << 24 |
				                 b[u] >> NB_CSD_COUNT_SHIFT;
			}
			n++;
		}
	}
	return n;
}

/* Counts (in runs) in, byte counts out; in->off gets each rank's first run. */
static size_t to_bytes(struct nb_target_info *in, size_t r, size_t *scount,
                       size_t *rcount)
{
	size_t got = 0;

	for (size_t q = 0; q < r; q++) {
		in->off[q] = got;
		got += rcount[q];
		scount[q] *= 2 * sizeof(uint64_t);
		rcount[q] *= 2 * sizeof(uint64_t);
	}
	in->off[r] = got;
	return got;
}

static int exchange_runs(struct nb_target_info *in, const struct nb_csd *csd,
                         const struct nb_net *net)
{
	size_t r = (size_t)net->ranks, total = 0, got;
	size_t *scount = calloc(r, sizeof(size_t)), *rcount = calloc(r, sizeof(size_t));
	uint64_t *send = NULL;
	int rc = -1;

	in->off = calloc(r + 1, sizeof(size_t));
	for (size_t q = 0; scount && q < r; q++)
		total += scount[q] = pack_runs(csd, net, q, NULL);
	send = malloc((2 * total + 1) * sizeof(*send));
	if (agree(!scount || !rcount || !in->off || !send))
		goto out;
	for (size_t q = 0, at = 0; q < r; at += scount[q++])
		pack_runs(csd, net, q, send + 2 * at);
	nb_comm_alltoall(scount, sizeof(size_t), rcount);
	got = to_bytes(in, r, scount, rcount);
	in->runs = malloc((2 * got + 1) * sizeof(uint64_t));
	if (!agree(!in->runs))
		rc = agree(nb_comm_alltoallv(send, scount, in->runs, rcount));
out:
	free(scount);
	free(rcount);
	free(send);
	return rc;
}

int nb_targets_exchange(struct nb_target_info *in, const struct nb_csd *csd,
                        bool compressed, const struct nb_net *net)
{
	int rc;

	memset(in, 0, sizeof(*in));
	if (net->ranks == 1)
		return 0;
	rc = compressed ? exchange_bits(in, csd, net) : exchange_runs(in, csd, net);
	if (rc && net->rank == 0)
		fprintf(stderr, "nbsim: the target-data exchange failed (out of "
		        "memory, or over 2 GiB from one rank to another)\n");
	return rc;
}

static int push(struct nb_targets *tg, uint64_t v)
{
	void *d = tg->t;

	if (nb_vec_reserve_one(&d, tg->n, &tg->cap, sizeof(*tg->t)))
		return -1;
	tg->t = d;
	tg->t[tg->n++] = v;
	return 0;
}

/* Without compressed spikes: one target per synapse of a run. -1 when
 * out of memory, -2 (with a message) when a synapse index does not fit. */
static int push_run(struct nb_targets *tg, uint64_t rank, uint64_t thread,
                    uint64_t first, uint64_t count)
{
	if (first + count - 1 > NB_TGT_SYN_MASK) {
		fprintf(stderr, "nbsim: too many synapses on one thread for "
		        "--no-compressed-spikes\n");
		return -2;
	}
	for (uint64_t s = first; s < first + count; s++)
		if (push(tg, rank << NB_TGT_RANK_SHIFT | thread << NB_TGT_THREAD_SHIFT | s))
			return -1;
	return 0;
}

/* One rank: everything comes from this rank's own table. */
static int build_local(struct nb_targets *tgt, const struct nb_csd *csd,
                       bool compressed, const struct nb_net *net,
                       const struct nb_thread_net *t)
{
	for (size_t i = 0; i < t->n; i++) {
		const uint64_t *b = block(csd, (uint64_t)t->vp + i * (uint64_t)net->vps);

		if (compressed) {
			if (b && push(&tgt[i], 0))
				return -1;
			continue;
		}
		for (int u = 0; b && u < net->threads; u++) {
			uint64_t count = b[u] >> NB_CSD_COUNT_SHIFT;
			int rc = count ? push_run(&tgt[i], 0, (uint64_t)u,
			                          b[u] & NB_CSD_START_MASK, count) : 0;

			if (rc)
				return rc;
		}
	}
	return 0;
}

static int build_bits(struct nb_targets *tgt, const struct nb_net *net,
                      const struct nb_thread_net *t,
                      const struct nb_target_info *in)
{
	for (size_t i = 0; i < t->n; i++) {
		uint64_t j = ((uint64_t)t->vp + i * (uint64_t)net->vps) / (uint64_t)net->ranks;

		for (int p = 0; p < net->ranks; p++)
			if (in->bits[(size_t)p * in->bytes + j / 8] >> (j % 8) & 1 &&
			    push(&tgt[i], (uint64_t)p))
				return -1;
	}
	return 0;
}

static int build_runs(struct nb_targets *tgt, const struct nb_net *net,
                      const struct nb_thread_net *t,
                      const struct nb_target_info *in)
{
	for (int p = 0; p < net->ranks; p++) {
		for (size_t k = in->off[p]; k < in->off[p + 1]; k++) {
			uint64_t gid = in->runs[2 * k] >> 10, b = in->runs[2 * k + 1];
			uint64_t i = nb_div_vps(net, gid);
			int rc;

			if (gid - i * (uint64_t)net->vps != (uint64_t)t->vp)
				continue;
			if ((rc = push_run(&tgt[i], (uint64_t)p, in->runs[2 * k] & 1023,
			                   b >> 24, b & NB_CSD_MAX_COUNT)))
				return rc;
		}
	}
	return 0;
}

int nb_targets_build(struct nb_targets **tgt, const struct nb_csd *csd,
                     bool compressed, const struct nb_net *net, int thread,
                     const struct nb_target_info *in)
{
	const struct nb_thread_net *t = &net->t[thread];
	int rc;

	*tgt = calloc(t->n + 1, sizeof(**tgt));
	if (!*tgt)
		rc = -1;
	else if (net->ranks == 1)
		rc = build_local(*tgt, csd, compressed, net, t);
	else
		rc = compressed ? build_bits(*tgt, net, t, in) : build_runs(*tgt, net, t, in);
	if (rc == -1)
		fprintf(stderr, "nbsim: out of memory for the target tables\n");
	return rc;
}

void nb_targets_free_info(struct nb_target_info *in)
{
	free(in->bits);
	free(in->runs);
	free(in->off);
	memset(in, 0, sizeof(*in));
}

void nb_targets_free(struct nb_targets *t, size_t n)
{
	for (size_t i = 0; t && i < n; i++)
		free(t[i].t);
	free(t);
}
