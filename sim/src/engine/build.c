/* build.c - network construction (build.h). */
#include "engine/build.h"

#include <omp.h>
#include <stdlib.h>

#include "engine/connect.h"
#include "exchange/comm.h"

/* Agrees on a failure anywhere: -1 on every rank if any thread failed. */
static int any_failed(const struct nb_net *net, int local_failure)
{
	double f = local_failure != 0;

	for (int t = 0; net->t && t < net->threads; t++)
		f += net->t[t].failed;
	nb_comm_max(&f, 1);
	return f > 0.0 ? -1 : 0;
}

/* Shortest and longest delay over every synapse of every rank; 1 step
 * each when there are no synapses at all. */
static void agree_delays(struct nb_net *net)
{
	double d[2] = {-(NB_MAX_DELAY + 1.0), 0.0};

	net->synapses = 0;
	for (int t = 0; t < net->threads; t++) {
		const struct nb_thread_net *th = &net->t[t];

		net->synapses += th->nsyn;
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

/* One thread fills the compressed table while the others wait, as in
 * NEST; whichever thread arrives first. */
static void fill_table(struct nb_net *net)
{
#pragma omp parallel num_threads(net->threads)
#pragma omp single
	if (nb_csd_build(&net->csd, net))
		net->t[omp_get_thread_num()].failed = 1;
}

/* Each thread: its target tables from the table (and what the other
 * ranks said), then it drops its CSR rows, and gets its ring buffers. */
static void per_thread(struct nb_net *net, const struct nb_target_info *in)
{
#pragma omp parallel num_threads(net->threads)
	{
		int t = omp_get_thread_num();

		if (nb_targets_build(net, t, in) == 0) {
			free(net->t[t].row);
			net->t[t].row = NULL;
			nb_net_alloc_rings(net, t);
		}
	}
}

/* The delivery structures, once every synapse exists. */
static int delivery(struct nb_net *net)
{
	struct nb_target_info in;
	int rc;

	agree_delays(net);
	if (any_failed(net, nb_net_alloc_moduli(net)))
		return -1;
	fill_table(net);
	if (any_failed(net, 0) || nb_targets_exchange(&in, net))
		return -1;
	per_thread(net, &in);
	nb_targets_free_info(&in);
	nb_csd_drop_sources(&net->csd);
	rc = any_failed(net, 0);
	if (!net->compressed)
		nb_csd_free(&net->csd);
	return rc;
}

int nb_build(struct nb_net *net, const struct nb_model *m,
             const struct nb_build_opts *o, double *time_create,
             double *time_connect)
{
	double t0 = omp_get_wtime(), t1;
	int rc = nb_net_init(net, m, nb_comm_rank(), nb_comm_size(), o->threads);

	net->compressed = o->compressed;
	net->record_spikes = o->record_spikes;
	if (any_failed(net, rc))
		return -1;
#pragma omp parallel num_threads(o->threads)
	nb_net_init_thread(net, omp_get_thread_num());
	t1 = omp_get_wtime();
	*time_create = t1 - t0;
	if (any_failed(net, 0))
		return -1;
#pragma omp parallel num_threads(o->threads)
	nb_connect_thread(net, omp_get_thread_num());
	if (any_failed(net, 0))
		return -1;
	rc = delivery(net);
	*time_connect = omp_get_wtime() - t1;
	return rc;
}
