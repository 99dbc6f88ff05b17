/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.c - builds summary.json (docs/design.md, "Interface 2") from
 * the gathered run data, the environment (Slurm job, requested and
 * applied NUMA balancing) and this process (allocator; each rank's memory
 * policy). */
#include "io/run-data.h"
#include "io/thp.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A JSON number, or null for NaN and infinities (JSON has neither). */
static json_t *real(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *count(uint64_t v)
{
	return json_integer((json_int_t)v);
}

/* Seeds beyond JSON's signed 64-bit integers are written as strings. */
static json_t *seed(uint64_t v)
{
	char text[24];
	if (v <= (uint64_t)INT64_MAX)
		return json_integer((json_int_t)v);
	snprintf(text, sizeof text, "%llu", (unsigned long long)v);
	return json_string(text);
}

/* An integer environment variable: null when unset or empty; null and a
 * warning when it is not an integer. */
static json_t *env_int(const char *name)
{
	const char *s = getenv(name);
	if (!s || !*s)
		return json_null();
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || *end) {
		fprintf(stderr, "nbsim: %s=\"%s\" is not an integer; "
		        "recorded as null\n", name, s);
		return json_null();
	}
	return json_integer(v);
}

/* The job's --numa-balancing value: 0 or 1, "0-tasks" (off by the tasks'
 * memory policy alone), or null. */
static json_t *request(void)
{
	const char *name = "SLURM_SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing";
	const char *s = getenv(name);
	return s && strcmp(s, "0-tasks") == 0 ? json_string(s) : env_int(name);
}

static json_t *env_string(const char *name)
{
	const char *s = getenv(name);
	return s && *s ? json_string(s) : json_null();
}

static json_t *per_rank_strings(const struct nb_run_data *d, int binding)
{
	json_t *a = json_array();
	for (int r = 0; r < d->ranks; r++)
		json_array_append_new(a, json_string(binding ? d->rank[r].binding
		                                             : d->rank[r].host));
	return a;
}

/* Each rank's memory policy, as numa_maps names it. */
static json_t *memory_policy(const struct nb_run_data *d)
{
	json_t *a = json_array();
	for (int r = 0; r < d->ranks; r++)
		json_array_append_new(a, json_string(d->rank[r].mempolicy));
	return a;
}

/* Each rank's own NUMA-balancing counters over the sim phase. */
static json_t *process_numa(const struct nb_run_data *d)
{
	json_t *a = json_array();
	for (int r = 0; r < d->ranks; r++)
		json_array_append_new(a, nb_task_numa_json(&d->rank[r].own_start,
		                                           &d->rank[r].own_end));
	return a;
}

static json_t *peak_rss(const struct nb_run_data *d)
{
	json_t *a = json_array();
	for (int r = 0; r < d->ranks; r++)
		json_array_append_new(a, count(d->rank[r].peak_rss));
	return a;
}

static json_t *anon_huge(const struct nb_run_data *d)
{
	json_t *a = json_array();
	for (int r = 0; r < d->ranks; r++)
		json_array_append_new(a, d->rank[r].anon_huge < 0 ? json_null()
		                      : json_integer(d->rank[r].anon_huge));
	return a;
}

static json_t *thp_mode(const char *path)
{
	char mode[64];
	return nb_thp_mode(path, mode, sizeof mode) ? json_null() : json_string(mode);
}

/* compressed_spikes .. anon_huge_pages_bytes: how NEST's memory was laid out. */
static void describe_memory(const struct nb_run_data *d, json_t *o)
{
	json_object_set_new(o, "compressed_spikes",
	                    json_boolean(d->run->compressed_spikes));
	json_object_set_new(o, "huge_pages", json_string(d->run->huge_pages));
	json_object_set_new(o, "thp_enabled", thp_mode(NB_THP_ENABLED));
	json_object_set_new(o, "thp_defrag", thp_mode(NB_THP_DEFRAG));
	json_object_set_new(o, "anon_huge_pages_bytes", anon_huge(d));
}

/* phase -> {"mean": s, "max": s} of the per-rank totals. */
static json_t *phases(const struct nb_run_data *d)
{
	json_t *o = json_object();
	for (int p = 0; p < NB_PHASE_COUNT; p++) {
		double sum = 0.0;
		for (int r = 0; r < d->ranks; r++)
			sum += d->rank[r].phase_total[p];
		json_object_set_new(o, nb_phase_names[p],
		    json_pack("{s:o,s:o}", "mean", real(sum / d->ranks),
		              "max", real(nb_phase_max(d, p))));
	}
	return o;
}

static json_t *rates(const struct nb_run *run)
{
	json_t *o = json_object();
	for (size_t i = 0; i < run->pops; i++)
		json_object_set_new(o, run->pop_names[i], real(run->pop_rates[i]));
	return o;
}

static json_t *sysctl_value(int v)
{
	return v < 0 ? json_null() : json_integer(v);
}

static json_t *delta(uint64_t start, uint64_t end)
{
	return count(end >= start ? end - start : 0);
}

static json_t *vmstat_delta(const struct nb_node_probe *s,
                            const struct nb_node_probe *e)
{
	return json_pack("{s:o,s:o,s:o,s:o}",
	    "numa_pte_updates", delta(s->numa_pte_updates, e->numa_pte_updates),
	    "numa_hint_faults", delta(s->numa_hint_faults, e->numa_hint_faults),
	    "numa_hint_faults_local",
	    delta(s->numa_hint_faults_local, e->numa_hint_faults_local),
	    "numa_pages_migrated",
	    delta(s->numa_pages_migrated, e->numa_pages_migrated));
}

/* numa_balancing and vmstat_delta: one entry per host, from its lowest
 * rank (ranks on one host share the kernel's values). */
static void per_host(const struct nb_run_data *d, json_t *root)
{
	json_t *nb = json_object(), *vm = json_object();
	for (int r = 0; r < d->ranks; r++) {
		const struct nb_rank_facts *f = &d->rank[r];
		if (json_object_get(nb, f->host))
			continue;
		json_object_set_new(nb, f->host, json_pack("{s:o,s:o}",
		    "start", sysctl_value(f->start.numa_balancing),
		    "end", sysctl_value(f->end.numa_balancing)));
		json_object_set_new(vm, f->host, vmstat_delta(&f->start, &f->end));
	}
	json_object_set_new(root, "numa_balancing", nb);
	json_object_set_new(root, "vmstat_delta", vm);
}

static int max_numa_nodes(const struct nb_run_data *d)
{
	int max = 1;
	for (int r = 0; r < d->ranks; r++)
		max = d->rank[r].numa_nodes > max ? d->rank[r].numa_nodes : max;
	return max;
}

/* version .. t_sim_ms: what the run was. */
static void describe_run(const struct nb_run_data *d, json_t *o)
{
	const struct nb_run *run = d->run;
	json_object_set_new(o, "version", json_string(NB_VERSION));
	json_object_set_new(o, "model", json_string(run->model));
	json_object_set_new(o, "scale", real(run->scale));
	json_object_set(o, "params", run->params ? run->params : json_null());
	json_object_set_new(o, "seed", seed(run->seed));
	json_object_set_new(o, "ranks", json_integer(d->ranks));
	json_object_set_new(o, "threads", json_integer(run->threads));
	json_object_set_new(o, "hostnames", per_rank_strings(d, 0));
	json_object_set_new(o, "binding", per_rank_strings(d, 1));
	json_object_set_new(o, "neurons", count(run->neurons));
	json_object_set_new(o, "synapses", count(run->synapses));
	json_object_set_new(o, "dt_ms", real(run->dt_ms));
	json_object_set_new(o, "min_delay_steps", json_integer(run->min_delay_steps));
	json_object_set_new(o, "t_presim_ms", real(run->t_presim_ms));
	json_object_set_new(o, "t_sim_ms", real(run->t_sim_ms));
}

/* cycles .. peak_rss_bytes: how fast and how big. */
static void describe_timing(const struct nb_run_data *d, json_t *o)
{
	json_object_set_new(o, "cycles", count(d->cycles));
	json_object_set_new(o, "time_create_s", real(d->time_create_s));
	json_object_set_new(o, "time_connect_s", real(d->time_connect_s));
	json_object_set_new(o, "time_presim_s", real(d->time_presim_s));
	json_object_set_new(o, "time_sim_s", real(d->time_sim_s));
	json_object_set_new(o, "rtf", real(d->rtf));
	json_object_set_new(o, "rtf_second_half", real(d->rtf_second_half));
	json_object_set_new(o, "phases", phases(d));
	json_object_set_new(o, "rates", rates(d->run));
	json_object_set_new(o, "peak_rss_bytes", peak_rss(d));
}

/* numa_balancing .. placement: the node and the job around the run. */
static void describe_nodes(const struct nb_run_data *d, json_t *o)
{
	per_host(d, o);
	json_object_set_new(o, "process_numa", process_numa(d));
	json_object_set_new(o, "numa_nodes", json_integer(max_numa_nodes(d)));
	json_object_set_new(o, "allocator", json_string(nb_probe_allocator()));
	json_object_set_new(o, "slurm_job_id", env_string("SLURM_JOB_ID"));
	json_object_set_new(o, "numa_balancing_requested", request());
	json_object_set_new(o, "numa_balancing_in_force",
	                    env_int("SLURM_NUMA_BALANCING"));
	json_object_set_new(o, "memory_policy", memory_policy(d));
	json_object_set_new(o, "placement", nb_placement_json(d->placement));
	json_object_set_new(o, "energy", nb_energy_json(d));
}

json_t *nb_summary_build(const struct nb_run_data *d)
{
	json_t *o = json_object();
	if (!o)
		return NULL;
	describe_run(d, o);
	describe_timing(d, o);
	describe_nodes(d, o);
	describe_memory(d, o);
	nb_summary_probes(d, o);
	return o;
}
