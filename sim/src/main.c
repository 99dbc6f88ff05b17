/* SPDX-License-Identifier: GPL-2.0-or-later */
/* main.c - nbsim: parse the command line, build the model's network,
 * presimulate, simulate with cycle timers and write the result directory. */
#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "connection/targets.h"
#include "engine/build.h"
#include "engine/cycle.h"
#include "engine/memest.h"
#include "io/disturb.h"
#include "io/observers.h"
#include "io/probe.h"
#include "io/tasknuma.h"
#include "io/provenance.h"
#include "io/progress.h"
#include "models/registry.h"
#include "mpi/comm.h"
#include "util/hugemem.h"

/* Everything a run carries from phase to phase. */
struct run_state {
	struct nb_opts o;
	struct nb_model m;
	struct nb_sim sim;
	struct nb_cycle_log log;
	struct nb_thread_log thread_log;
	struct nb_placement_log placement;
	struct nb_sampled sampled;
	struct nb_observers obs;             /* of the sim phase */
	struct nb_energy energy;
	struct nb_run run;
	double *rates;
	const char **names;
	int threads;
	int argc;
	char **argv;
};

static int64_t steps_of(double ms, double dt)
{
	return (int64_t)llround(ms / dt);
}

static int make_dir(const char *dir)
{
	if (mkdir(dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "nbsim: cannot create %s: %s\n", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/* --record-spikes: DIR/spikes-RANK.txt. */
static int open_spikes(struct run_state *r)
{
	char path[4096];

	if (!r->o.record_spikes)
		return 0;
	snprintf(path, sizeof(path), "%s/spikes-%d.txt", r->o.out, nb_comm_rank());
	if (make_dir(r->o.out) || !(r->obs.spikes = fopen(path, "w"))) {
		fprintf(stderr, "nbsim: cannot write %s\n", path);
		return -1;
	}
	return 0;
}

static int setup_placement(struct run_state *r, size_t cycles)
{
	size_t every = (size_t)r->o.placement_every;

	if (every == 0)
		return 0;
	if (nb_placement_init(&r->placement, (int)every, cycles / every + 1,
	                      NB_SAMPLED_BUFFERS, nb_sampled_names))
		return -1;
	if (nb_sampled_init(&r->sampled, &r->sim)) {
		nb_placement_free(&r->placement);
		return -1;
	}
	r->obs.placement = &r->placement;
	r->obs.sampled = &r->sampled;
	r->run.placement = &r->placement;
	return 0;
}

/* Simulates `steps` steps on every thread, watched by obs. */
static double simulate(struct run_state *r, int64_t steps,
                       const struct nb_observer *obs)
{
	double t0 = omp_get_wtime();

#pragma omp parallel num_threads(r->threads)
	nb_cycle_run(&r->sim, steps, obs);
	return omp_get_wtime() - t0;
}

/* Mean rate of each population over the sim phase, over all ranks. */
static int rates(struct run_state *r)
{
	const struct nb_model *m = &r->m;

	r->rates = calloc(m->npops, sizeof(double));
	r->names = calloc(m->npops, sizeof(char *));
	if (!r->rates || !r->names)
		return -1;
	for (size_t p = 0; p < m->npops; p++) {
		r->names[p] = m->pops[p].name;
		for (int t = 0; t < r->threads; t++)
			r->rates[p] += (double)r->sim.net.t[t].pop_spikes[p];
	}
	nb_comm_sum(r->rates, m->npops);
	for (size_t p = 0; p < m->npops; p++)
		r->rates[p] = m->pops[p].n ? r->rates[p] / ((double)m->pops[p].n * r->o.t_sim * 1e-3) : 0.0;
	return 0;
}

/* Synaptic events delivered in the sim phase, over all ranks. */
static double events(const struct run_state *r)
{
	double e = 0.0;

	for (int t = 0; t < r->threads; t++)
		e += (double)r->sim.net.t[t].events;
	nb_comm_sum(&e, 1);
	return e;
}

/* Events, the spike exchange's adaptations and the rates (rank 0). */
static void print_counts(const struct run_state *r, double ev)
{
	printf("nbsim: %.4g synaptic events per model second, %.4g per wall second\n",
	       ev / (r->o.t_sim * 1e-3), ev / r->run.time_sim_s);
	printf("nbsim: spike exchange: %zu entries per rank and cycle at the end, grown %llu times, shrunk %llu times\n",
	       r->sim.x.chunk, (unsigned long long)r->sim.x.grows,
	       (unsigned long long)r->sim.x.shrinks);
	for (size_t p = 0; p < r->m.npops && p < 16; p++)
		printf("nbsim: rate %-8s %8.3f spikes/s\n", r->names[p], r->rates[p]);
}

/* The last lines on stdout: sizes, times, memory, timer cost (rank 0). */
static void print_summary(const struct run_state *r)
{
	double syn = (double)r->run.synapses, ev = events(r), clock_s, rss;

	if (nb_comm_rank() != 0)
		return;
	clock_s = nb_cycle_clock_cost_s(); /* measures: one measurement, two figures */
	rss = (double)nb_probe_peak_rss_bytes();
	printf("nbsim: %s scale %g: %llu neurons, %.0f synapses, %d ranks x %d threads\n",
	       r->m.name, r->o.scale, (unsigned long long)r->m.neurons, syn,
	       nb_comm_size(), r->threads);
	printf("nbsim: create %.3f s, connect %.3f s, presim %.3f s, sim %.3f s, RTF %.3f\n",
	       r->run.time_create_s, r->run.time_connect_s, r->run.time_presim_s,
	       r->run.time_sim_s, r->run.time_sim_s / (r->o.t_sim * 1e-3));
	printf("nbsim: peak RSS of rank 0 %.1f MiB, %.2f bytes per synapse of the network\n",
	       rss / 1048576.0, rss * nb_comm_size() / syn);
	printf("nbsim: cycle timers: %d clock reads of %.1f ns per cycle, %.4f %% of the mean cycle\n",
	       NB_CLOCK_READS, clock_s * 1e9,
	       100.0 * NB_CLOCK_READS * clock_s * (double)r->log.cycles / r->run.time_sim_s);
	print_counts(r, ev);
}

static void describe_run(struct run_state *r)
{
	struct nb_run *u = &r->run;
	double syn = (double)r->sim.conn.synapses;

	nb_comm_sum(&syn, 1);
	u->model = r->m.name;
	u->scale = r->o.scale;
	u->seed = r->o.seed;
	u->params = r->m.params;
	u->threads = r->threads;
	u->neurons = r->m.neurons;
	u->synapses = (uint64_t)syn;
	u->dt_ms = r->m.dt;
	u->min_delay_steps = r->sim.net.min_delay;
	u->t_presim_ms = r->o.t_presim;
	u->t_sim_ms = r->o.t_sim;
	u->pops = r->m.npops;
	u->pop_names = r->names;
	u->pop_rates = r->rates;
	u->context.argc = r->argc;
	u->context.argv = r->argv;
	u->context.ntags = r->o.ntags;
	u->context.tags = r->o.tags;
	u->compressed_spikes = r->o.compressed_spikes;
	u->huge_pages = nb_huge_mode_name(r->o.huge_pages);
}

/* Presim (only the progress line watches it), then the timed sim phase
 * between two node probes. */
static int run_phases(struct run_state *r)
{
	int64_t presim = steps_of(r->o.t_presim, r->m.dt);
	int64_t sim = steps_of(r->o.t_sim, r->m.dt);
	size_t cycles = nb_cycles(sim, r->sim.net.min_delay);
	struct nb_observers pre = {.progress = nb_comm_rank() == 0};
	struct nb_observer hook = nb_observers_hook(&pre);

	if (nb_cycle_log_init(&r->log, cycles) || setup_placement(r, cycles) ||
	    nb_thread_log_init(&r->thread_log, r->threads, cycles))
		nb_comm_abort("out of memory for the cycle log");
	r->log.threads = &r->thread_log;
	r->obs.log = &r->log;
	r->obs.progress = pre.progress;
	nb_energy_init(&r->energy, r->o.powercap, nb_comm_local_rank() == 0);
	r->obs.energy = &r->energy;
	r->run.energy = &r->energy.facts;
	r->sim.sync_timer = r->o.sync_timer;
	nb_progress_start(pre.progress && (r->o.progress || isatty(STDERR_FILENO)),
	                  r->o.t_presim + r->o.t_sim);
	r->run.time_presim_s = simulate(r, presim, &hook);
	if (open_spikes(r))
		nb_comm_abort("cannot record spikes");
	r->sim.count_rates = true;
	for (int t = 0; t < r->threads; t++)
		r->sim.net.t[t].events = 0;
	hook = nb_observers_hook(&r->obs);
	nb_comm_barrier();
	nb_observers_begin(&r->obs);
	nb_prov_date(r->run.context.date_utc, sizeof r->run.context.date_utc);
	nb_probe_node(&r->run.start);
	nb_read_task_numa(NB_PROC_SELF_TASK, &r->run.own_start);
	nb_disturb_snap(&r->run.context.disturb_start, r->threads);
	r->run.time_sim_s = simulate(r, sim, &hook);
	nb_observers_end(&r->obs);
	nb_disturb_snap(&r->run.context.disturb_end, r->threads);
	nb_read_task_numa(NB_PROC_SELF_TASK, &r->run.own_end);
	nb_probe_node(&r->run.end);
	if (nb_comm_rank() == 0)
		nb_disturb_warn(&r->run.context.disturb_start,
		                &r->run.context.disturb_end, r->threads,
		                r->run.time_sim_s);
	nb_progress_end();
	if (r->obs.spikes)
		fclose(r->obs.spikes);
	return 0;
}

/* Every rank says where it runs and how its threads are bound. */
static void print_binding(void)
{
	char host[256], binding[1024];

	nb_probe_hostname(host, (int)sizeof(host));
	nb_probe_binding(binding, (int)sizeof(binding));
	printf("nbsim: rank %d of %d on %s: %s\n", nb_comm_rank(), nb_comm_size(),
	       host, binding);
	fflush(stdout);
}

static int run(struct run_state *r)
{
	struct nb_model_args a = {r->o.model, r->o.scale, r->o.dt, r->o.seed, r->o.areas};
	double too_big;

	if (r->threads > NB_MAX_THREADS || nb_comm_size() > NB_MAX_RANKS) {
		fprintf(stderr, "nbsim: at most %d threads and %d ranks (got %d and %d)\n",
		        NB_MAX_THREADS, NB_MAX_RANKS, r->threads, nb_comm_size());
		return 2;
	}
	if (nb_model_build(&r->m, &a))
		return 2;
	too_big = nb_mem_check(&r->m, nb_comm_size(), r->threads, nb_comm_local_size(),
	                       r->o.compressed_spikes) != 0;
	nb_comm_max(&too_big, 1);
	if (too_big > 0.0)
		return 3;
	print_binding();
	if (nb_build(&r->sim, &r->m, &(struct nb_build_opts){r->threads,
	             r->o.compressed_spikes, r->o.record_spikes},
	             &r->run.time_create_s, &r->run.time_connect_s))
		return 1;
	if (run_phases(r) || rates(r))
		return 1;
	describe_run(r);
	if (nb_results_write(r->o.out, &r->run, &r->log))
		return 1;
	print_summary(r);
	return 0;
}

static void cleanup(struct run_state *r)
{
	if (r->obs.placement) {
		nb_placement_free(&r->placement);
		nb_sampled_free(&r->sampled);
	}
	nb_cycle_log_free(&r->log);
	nb_sim_free(&r->sim);
	nb_model_free(&r->m);
	free(r->rates);
	free(r->names);
}

int main(int argc, char **argv)
{
	static struct run_state r;
	int rc;

	rc = nb_cli_parse(&r.o, argc, argv);
	if (rc)
		return rc > 0 ? 0 : 2;
	r.argc = argc;
	r.argv = argv;
	if (nb_huge_set_mode(r.o.huge_pages) || nb_comm_init(&argc, &argv))
		return 1;
	r.threads = omp_get_max_threads();
	rc = run(&r);
	cleanup(&r);
	nb_comm_finalize();
	return rc;
}
