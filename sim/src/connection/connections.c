/* SPDX-License-Identifier: GPL-2.0-or-later */
/* connections.c - one rank's connection records, the delays agreed over
 * every rank, and freeing (connections.h). */
#include "connection/connections.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connection/targets.h"
#include "mpi/comm.h"
#include "util/hugemem.h"

int nb_conn_init(struct nb_conn *c, int threads, bool compressed)
{
	memset(c, 0, sizeof(*c));
	c->threads = threads;
	c->compressed = compressed;
	c->t = calloc((size_t)threads, sizeof(*c->t));
	if (!c->t) {
		fprintf(stderr, "nbsim: out of memory\n");
		return -1;
	}
	return 0;
}

void nb_conn_agree_delays(struct nb_conn *c, struct nb_net *net)
{
	double d[2] = {-(NB_MAX_DELAY + 1.0), 0.0};

	c->synapses = 0;
	for (int t = 0; t < c->threads; t++) {
		const struct nb_thread_conn *th = &c->t[t];

		c->synapses += th->nsyn;
		if (th->nsyn == 0)
			continue;
		if (-th->min_delay > d[0])
			d[0] = -th->min_delay;
		if (th->max_delay > d[1])
			d[1] = th->max_delay;
	}
	nb_comm_max(d, 2);
	net->min_delay = d[1] > 0.0 ? (int)-d[0] : 1;
	net->max_delay = d[1] > 0.0 ? (int)d[1] : 1;
	net->slots = net->min_delay + net->max_delay;
}

void nb_conn_free(struct nb_conn *c, const struct nb_net *net)
{
	for (int i = 0; c->t && i < c->threads; i++) {
		struct nb_thread_conn *t = &c->t[i];

		free(t->row);
		nb_huge_free(t->syn);
		nb_targets_free(t->tgt, net->t ? net->t[i].n : 0);
	}
	nb_csd_free(&c->csd);
	free(c->t);
	memset(c, 0, sizeof(*c));
}
