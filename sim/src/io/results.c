/* SPDX-License-Identifier: GPL-2.0-or-later */
/* results.c - nb_results_write: gathers every rank's facts and cycle
 * timers to rank 0, which writes the result directory (docs/design.md,
 * "Interface 2"): summary.json, the .npy arrays and timers.txt. */
#include "io/results.h"
#include "mpi/comm.h"
#include "io/npy.h"
#include "io/run-data.h"
#include "io/thp.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const nb_phase_names[NB_PHASE_COUNT] = {
	"deliver", "update", "collocate", "sync", "communicate",
};

static void collect_facts(struct nb_rank_facts *f, const struct nb_run *run,
                          const struct nb_cycle_log *log)
{
	memset(f, 0, sizeof *f);
	nb_probe_hostname(f->host, sizeof f->host);
	nb_probe_binding(f->binding, sizeof f->binding);
	nb_probe_mempolicy(f->mempolicy, sizeof f->mempolicy);
	f->peak_rss = nb_probe_peak_rss_bytes();
	f->anon_huge = nb_anon_huge_bytes(NB_SMAPS_ROLLUP);
	f->numa_nodes = nb_probe_numa_nodes();
	f->start = run->start;
	f->end = run->end;
	f->own_start = run->own_start;
	f->own_end = run->own_end;
	for (size_t c = 0; c < log->cycles; c++) {
		for (int p = 0; p < NB_PHASE_COUNT; p++)
			f->phase_total[p] += log->phase_s[p][c];
		f->spikes += log->spikes[c];
	}
	nb_disturb_collect(&f->disturb, &run->context.disturb_start,
	                   &run->context.disturb_end, log->phase_s[NB_PHASE_UPDATE],
	                   log->cycles);
	nb_prov_collect(&f->prov, log->threads);
	if (run->energy)
		f->energy = *run->energy;
}

/* Gathers n elements of `size` bytes from every rank; rank 0 gets a new
 * [ranks][n] array, the other ranks NULL. */
static void *gather(const void *mine, size_t n, size_t size)
{
	void *all = NULL;
	if (nb_comm_rank() == 0) {
		all = malloc(n * size * (size_t)nb_comm_size() + 1);
		if (!all)
			nb_comm_abort("out of memory gathering the results");
	}
	if (n > 0)
		nb_comm_gather(mine, n * size, all);
	return all;
}

/* Wall time of the second half of the cycles over its model time (the
 * slowest rank's), or NaN with fewer than two cycles. */
static double rtf_second_half(const double *cycle_s, int ranks, size_t cycles,
                              double t_sim_ms)
{
	if (cycles < 2 || t_sim_ms <= 0.0)
		return NAN;
	size_t half = cycles / 2;
	double max = 0.0;
	for (int r = 0; r < ranks; r++) {
		double sum = 0.0;
		for (size_t c = half; c < cycles; c++)
			sum += cycle_s[(size_t)r * cycles + c];
		max = sum > max ? sum : max;
	}
	return max / (t_sim_ms / 1000.0 * (double)(cycles - half) / (double)cycles);
}

/* Creates one directory unless it exists. */
static int make_one_dir(const char *path)
{
	struct stat st;
	if (mkdir(path, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "nbsim: cannot create result directory %s: %s\n",
		        path, strerror(errno));
		return -1;
	}
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "nbsim: cannot create result directory %s: "
		        "a file of that name is in the way\n", path);
		return -1;
	}
	return 0;
}

/* Creates dir and its missing parents. */
static int make_dir(const char *dir)
{
	char path[4096];
	if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
		fprintf(stderr, "nbsim: output path too long: %s\n", dir);
		return -1;
	}
	for (char *p = path + 1; *p; p++) {
		if (*p != '/' || p[-1] == '/')
			continue;
		*p = '\0';
		int rc = make_one_dir(path);
		*p = '/';
		if (rc != 0)
			return -1;
	}
	return make_one_dir(path);
}

/* The per-cycle arrays gathered from every rank, each [ranks][cycles],
 * and rank 0's own per-thread log (or NULL). */
struct cycle_arrays {
	double *cycle_s;
	double *phase_s[NB_PHASE_COUNT];
	int64_t *spikes;
	const struct nb_thread_log *threads;
};

static int write_arrays(const char *dir, const struct cycle_arrays *a,
                        int ranks, size_t cycles)
{
	size_t shape[2] = { (size_t)ranks, cycles };
	int rc = nb_npy_write_in(dir, "cycle_time.npy", NB_NPY_F64, 2, shape, a->cycle_s);
	for (int p = 0; p < NB_PHASE_COUNT && rc == 0; p++) {
		char name[64];
		snprintf(name, sizeof name, "phase_%s.npy", nb_phase_names[p]);
		rc = nb_npy_write_in(dir, name, NB_NPY_F64, 2, shape, a->phase_s[p]);
	}
	return rc ? rc : nb_npy_write_in(dir, "spike_count.npy", NB_NPY_I64, 2, shape,
	                           a->spikes);
}

/* Rank 0's per-thread deliver and update times, (threads, cycles). */
static int write_threads(const char *dir, const struct nb_thread_log *t)
{
	if (!t)
		return 0;
	size_t shape[2] = { (size_t)t->threads, t->cycles };
	int rc = nb_npy_write_in(dir, "thread_deliver.npy", NB_NPY_F64, 2, shape,
	                         t->deliver_s);
	return rc ? rc : nb_npy_write_in(dir, "thread_update.npy", NB_NPY_F64, 2,
	                                 shape, t->update_s);
}

static int write_summary(const char *dir, const struct nb_run_data *d)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/summary.json", dir);
	json_t *summary = nb_summary_build(d);
	int rc = summary ? json_dump_file(summary, path, JSON_INDENT(2)) : -1;
	if (rc != 0)
		fprintf(stderr, "nbsim: cannot write %s: %s\n", path,
		        summary ? strerror(errno) : "out of memory");
	json_decref(summary);
	return rc;
}

static int write_dir(const char *dir, const struct nb_run_data *d,
                     const struct cycle_arrays *a)
{
	char path[4096];
	if (make_dir(dir) != 0 || write_arrays(dir, a, d->ranks, d->cycles) != 0 ||
	    write_threads(dir, a->threads) != 0 ||
	    nb_placement_write(dir, d->placement) != 0 ||
	    write_summary(dir, d) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/timers.txt", dir);
	return nb_timers_write(path, d);
}

static void free_arrays(struct cycle_arrays *a)
{
	free(a->cycle_s);
	for (int p = 0; p < NB_PHASE_COUNT; p++)
		free(a->phase_s[p]);
	free(a->spikes);
}

static void gather_arrays(struct cycle_arrays *a, const struct nb_cycle_log *log)
{
	a->cycle_s = gather(log->cycle_s, log->cycles, sizeof(double));
	for (int p = 0; p < NB_PHASE_COUNT; p++)
		a->phase_s[p] = gather(log->phase_s[p], log->cycles, sizeof(double));
	a->spikes = gather(log->spikes, log->cycles, sizeof(int64_t));
	a->threads = log->threads;
}

/* The run's times, the maximum over ranks. */
static void max_times(struct nb_run_data *d, const struct nb_run *run)
{
	double t[4] = { run->time_create_s, run->time_connect_s,
	                run->time_presim_s, run->time_sim_s };
	nb_comm_max(t, 4);
	d->time_create_s = t[0];
	d->time_connect_s = t[1];
	d->time_presim_s = t[2];
	d->time_sim_s = t[3];
	d->rtf = run->t_sim_ms > 0.0 ? t[3] / (run->t_sim_ms / 1000.0) : NAN;
}

int nb_results_write(const char *dir, const struct nb_run *run,
                     const struct nb_cycle_log *log)
{
	struct nb_rank_facts mine;
	struct nb_run_data d = { .run = run, .ranks = nb_comm_size(),
	                         .cycles = log->cycles };
	struct cycle_arrays a;
	struct nb_placement_all placement;
	collect_facts(&mine, run, log);
	max_times(&d, run);
	struct nb_rank_facts *facts = gather(&mine, 1, sizeof mine);
	gather_arrays(&a, log);
	if (nb_placement_gather(&placement, run->placement))
		nb_comm_abort("out of memory gathering the placement samples");
	d.placement = &placement;
	double failed = 0.0;
	if (nb_comm_rank() == 0) {
		d.rank = facts;
		d.cycle_s = a.cycle_s;
		d.rtf_second_half = rtf_second_half(a.cycle_s, d.ranks, d.cycles,
		                                    run->t_sim_ms);
		failed = write_dir(dir, &d, &a) != 0;
	}
	free_arrays(&a);
	free(facts);
	nb_placement_all_free(&placement);
	nb_comm_max(&failed, 1); /* every rank returns rank 0's outcome */
	return failed > 0.0 ? -1 : 0;
}
