/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build.c - network construction (build.h). */
#include "engine/build.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connection/connect.h"
#include "connection/targets.h"
#include "exchange/deliver.h"
#include "mpi/comm.h"

/* Agrees on a failure anywhere: -1 on every rank if any thread failed. */
static int any_failed(const struct nb_net *net, int local_failure)
{
	double f = local_failure != 0;

	for (int t = 0; net->t && t < net->threads; t++)
		f += net->t[t].failed;
	nb_comm_max(&f, 1);
	return f > 0.0 ? -1 : 0;
}

/* One thread fills the compressed table from every thread's rows while
 * the others wait, as in NEST; whichever thread arrives first. */
static void fill_table(struct nb_sim *s)
{
	const uint64_t **rows = malloc((size_t)s->net.threads * sizeof(*rows));

	if (!rows) {
		s->net.t[0].failed = 1;
		return;
	}
	for (int t = 0; t < s->net.threads; t++)
		rows[t] = s->conn.t[t].row;
#pragma omp parallel num_threads(s->net.threads)
#pragma omp single
	if (nb_csd_build(&s->conn.csd, &s->net, rows))
		s->net.t[omp_get_thread_num()].failed = 1;
	free(rows);
}

/* Each thread: its target tables from the table (and what the other
 * ranks said), then it drops its CSR rows, and gets its ring buffers,
 * its spike register and its cursors for deliver. */
static void per_thread(struct nb_sim *s, const struct nb_target_info *in)
{
#pragma omp parallel num_threads(s->net.threads)
	{
		int t = omp_get_thread_num();
		struct nb_thread_conn *c = &s->conn.t[t];

		if (nb_targets_build(&c->tgt, &s->conn.csd, s->conn.compressed,
		                     &s->net, t, in) == 0) {
			free(c->row);
			c->row = NULL;
			if (nb_net_alloc_rings(&s->net, t) == 0 &&
			    (nb_exchange_init_thread(&s->x, t) ||
			     !(s->merge[t] = nb_merge_new(s->net.ranks)))) {
				fprintf(stderr, "nbsim: out of memory for the spike exchange\n");
				s->net.t[t].failed = 1;
			}
			nb_net_alloc_spike_list(&s->net, t);
		} else {
			s->net.t[t].failed = 1;
		}
	}
}

/* The delivery structures, once every synapse exists. */
static int delivery(struct nb_sim *s)
{
	struct nb_target_info in;
	int rc;

	nb_conn_agree_delays(&s->conn, &s->net);
	if (any_failed(&s->net, nb_net_alloc_moduli(&s->net)))
		return -1;
	fill_table(s);
	if (any_failed(&s->net, 0) ||
	    nb_targets_exchange(&in, &s->conn.csd, s->conn.compressed, &s->net))
		return -1;
	per_thread(s, &in);
	nb_targets_free_info(&in);
	nb_csd_drop_sources(&s->conn.csd);
	rc = any_failed(&s->net, 0);
	if (!s->conn.compressed)
		nb_csd_free(&s->conn.csd);
	return rc;
}

/* The per-thread records of every layer (the master thread). */
static int init(struct nb_sim *s, const struct nb_model *m,
                const struct nb_build_opts *o)
{
	int ranks = nb_comm_size();

	memset(s, 0, sizeof(*s));
	if (nb_net_init(&s->net, m, nb_comm_rank(), ranks, o->threads) ||
	    nb_conn_init(&s->conn, o->threads, o->compressed))
		return -1;
	s->net.keep_spikes = o->keep_spikes;
	s->merge = calloc((size_t)o->threads, sizeof(*s->merge));
	if (!s->merge || nb_exchange_init(&s->x, ranks, o->threads, o->compressed))
		return -1;
	return 0;
}

int nb_build(struct nb_sim *s, const struct nb_model *m,
             const struct nb_build_opts *o, double *time_create,
             double *time_connect)
{
	double t0 = omp_get_wtime(), t1;
	int rc = init(s, m, o);

	if (any_failed(&s->net, rc))
		return -1;
#pragma omp parallel num_threads(o->threads)
	nb_net_init_thread(&s->net, omp_get_thread_num());
	t1 = omp_get_wtime();
	*time_create = t1 - t0;
	if (any_failed(&s->net, 0))
		return -1;
#pragma omp parallel num_threads(o->threads)
	{
		int t = omp_get_thread_num();

		if (nb_connect_thread(&s->conn.t[t], &s->net, t))
			s->net.t[t].failed = 1;
	}
	if (any_failed(&s->net, 0))
		return -1;
	rc = delivery(s);
	*time_connect = omp_get_wtime() - t1;
	return rc;
}

void nb_sim_free(struct nb_sim *s)
{
	for (int t = 0; s->merge && t < s->net.threads; t++)
		nb_merge_free(s->merge[t]);
	free(s->merge);
	nb_exchange_free(&s->x);
	nb_conn_free(&s->conn, &s->net);
	nb_net_free(&s->net);
}
