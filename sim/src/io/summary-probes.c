/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary-probes.c - summary.json's "disturbance", "provenance" and "tags"
 * (docs/design.md, Interface 2) from the gathered facts of every rank and
 * rank 0's run context. Host-level values come from each host's lowest
 * rank, as numa_balancing and vmstat_delta do. */
#include "io/run-data.h"

#include <stdlib.h>
#include <string.h>

#ifndef NB_GIT_DESCRIBE
#define NB_GIT_DESCRIBE NB_VERSION
#endif

static json_t *disturbance(const struct nb_run_data *d)
{
	json_t *ranks = json_array(), *hosts = json_object();
	for (int r = 0; r < d->ranks; r++) {
		const struct nb_rank_facts *f = &d->rank[r];
		json_array_append_new(ranks, nb_disturb_rank_json(&f->disturb));
		if (!json_object_get(hosts, f->host))
			json_object_set_new(hosts, f->host,
			                    nb_disturb_host_json(&f->disturb));
	}
	return json_pack("{s:o,s:o}", "ranks", ranks, "hosts", hosts);
}

/* A JSON string of s; bytes that are not UTF-8 are said to be so. */
static json_t *text(const char *s)
{
	json_t *v = json_string(s);
	return v ? v : json_string("(not UTF-8)");
}

static json_t *env_string(const char *name)
{
	const char *s = getenv(name);
	return s && *s ? text(s) : json_null();
}

static json_t *argv_json(const struct nb_run_context *c)
{
	json_t *a = json_array();
	for (int i = 0; i < c->argc; i++)
		json_array_append_new(a, text(c->argv[i]));
	return a;
}

/* Each rank's [{"affinity", "ran_on"}] (written as JSON text). */
static json_t *thread_cpus(const struct nb_run_data *d)
{
	json_t *a = json_array();
	for (int r = 0; r < d->ranks; r++) {
		json_t *t = json_loads(d->rank[r].prov.thread_cpus, 0, NULL);
		json_array_append_new(a, t ? t : json_array());
	}
	return a;
}

static json_t *host_facts(const struct nb_run_data *d)
{
	json_t *o = json_object();
	for (int r = 0; r < d->ranks; r++) {
		const struct nb_rank_facts *f = &d->rank[r];
		if (json_object_get(o, f->host))
			continue;
		json_object_set_new(o, f->host, json_pack("{s:o,s:o,s:i}",
		    "kernel", text(f->prov.kernel), "cpu_model",
		    f->prov.cpu_model[0] ? text(f->prov.cpu_model) : json_null(),
		    "cpus", f->prov.cpus));
	}
	return o;
}

static json_t *provenance(const struct nb_run_data *d)
{
	const struct nb_run_context *c = &d->run->context;
	return json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}",
	    "date_utc", text(c->date_utc), "command_line", argv_json(c),
	    "nbsim_version", text(NB_GIT_DESCRIBE), "hosts", host_facts(d),
	    "omp_proc_bind", env_string("OMP_PROC_BIND"),
	    "omp_places", env_string("OMP_PLACES"),
	    "slurm_cpu_bind", env_string("SLURM_CPU_BIND"),
	    "thread_cpus", thread_cpus(d));
}

static json_t *tags(const struct nb_run_context *c)
{
	json_t *o = json_object();
	for (int i = 0; i < c->ntags; i++) {
		const char *eq = strchr(c->tags[i], '=');
		char key[64];
		snprintf(key, sizeof key, "%.*s", (int)(eq - c->tags[i]), c->tags[i]);
		json_object_set_new(o, key, text(eq + 1));
	}
	return o;
}

void nb_summary_probes(const struct nb_run_data *d, json_t *o)
{
	json_object_set_new(o, "disturbance", disturbance(d));
	json_object_set_new(o, "provenance", provenance(d));
	json_object_set_new(o, "tags", tags(&d->run->context));
}
